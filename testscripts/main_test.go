// Package testscripts holds the black-box CLI contracts of sfmd: one
// .txtar script per user-visible behaviour, run with testscript. Each script
// runs in a fresh $WORK; `exec sfmd …` calls the real command line.
//
// Rewrite the expected files embedded in the archives with
// `go test ./testscripts -update`.
package testscripts

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/sfmd-dev/sfmd/cmd/sfmd/cli"
	"github.com/sfmd-dev/sfmd/runner"
)

var update = flag.Bool("update", false, "rewrite expected output embedded in the scripts")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"sfmd": func() {
			os.Exit(cli.Main(os.Args[1:], cli.OSStdio()))
		},
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           ".",
		UpdateScripts: *update,
		// [userns]: --exec=real can run commands in a mount namespace here.
		Condition: func(cond string) (bool, error) {
			if cond != "userns" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			mode, _, err := runner.CheckIsolation(runner.IsolationNamespace)
			return err == nil && mode == runner.IsolationNamespace, nil
		},
		Setup: func(env *testscript.Env) error {
			// A clean, deterministic environment: no CI detection, no colour.
			env.Setenv("CI", "")
			env.Setenv("GITHUB_ACTIONS", "")
			env.Setenv("NO_COLOR", "")
			return nil
		},
	})
}
