package runner

import (
	"os"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
)

// Every file a suite names (its document, files from:, body_file:,
// output_file:, the goldens of expect.files) lies in the suite's own
// directory tree: a path that leads out of it, through "..", an absolute
// path or a symbolic link, is a suite error before anything runs, and so
// is a FIFO, socket or device, or a file over its size limit. Reads and
// --update writes go through an *os.Root opened on the suite's directory,
// so that nothing else on the machine is read into a report or
// overwritten, whatever the suite says.
const (
	maxSuiteBytes    = suitespec.SuiteBytes   // a *.test.yaml file
	maxDocumentBytes = 10 << 20               // the document under test
	maxFixtureBytes  = suitespec.FixtureBytes // a files from: or body_file: fixture
	maxGoldenBytes   = 64 << 20               // a golden or a file an expectation compares
)

// openTree opens the suite's directory for the run.
func openTree(dir string) (*os.Root, error) {
	return os.OpenRoot(dir)
}
