package runner

import "github.com/sfmd-dev/sfmd/internal/suitespec"

// The suite format is read by internal/suitespec, which the language
// server reads suites with too; the runner names its types as it always
// has.
type (
	// SuiteError is a problem in a suite file (exit status 2).
	SuiteError      = suitespec.Error
	keyValue        = suitespec.KeyValue
	testCase        = suitespec.Test
	testStep        = suitespec.Step
	httpFixture     = suitespec.HTTPFixture
	fixtureRequest  = suitespec.Request
	fixtureResponse = suitespec.Response
	execFixture     = suitespec.ExecFixture
	expectation     = suitespec.Expectation
)

// The defaults of the suite fields cwd and home.
const (
	DefaultCwd  = suitespec.DefaultCwd
	DefaultHome = suitespec.DefaultHome
)
