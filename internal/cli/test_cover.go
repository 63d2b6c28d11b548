package cli

import (
	"flag"
	"fmt"

	"github.com/sfmd-dev/sfmd/runner"
)

// coverFlags are sfmd test's coverage flags.
type coverFlags struct {
	on  bool
	min float64
}

func (c *coverFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&c.on, "cover", false, "report coverage per document: actions no test invokes, response-template lines never rendered, error paths (missing required field, non-2xx status, transport error, non-zero exit) no test exercises; ends with a summary line")
	fs.Float64Var(&c.min, "cover-min", -1, "fail (exit 1) when the total coverage is below this `percent` (implies --cover)")
}

// check validates the flags; --cover-min implies --cover.
func (c *coverFlags) check() error {
	if c.min == -1 {
		return nil
	}
	if c.min < 0 || c.min > 100 {
		return fmt.Errorf("--cover-min must be a percentage from 0 to 100, got %g", c.min)
	}
	c.on = true
	return nil
}

// write prints the coverage report after the test results and reports
// whether it is below --cover-min.
func (c *coverFlags) write(cr *runner.CoverReport, format string, stdio Stdio) bool {
	if format == "line" {
		runner.WriteCoverLine(stdio.Stdout, cr)
	} else {
		runner.WriteCoverText(stdio.Stdout, cr)
	}
	if c.min >= 0 && cr.Below(c.min) {
		fmt.Fprintf(stdio.Stderr, "sfmd test: coverage %.1f%% is below --cover-min %g%%\n", cr.Percent, c.min)
		return true
	}
	return false
}
