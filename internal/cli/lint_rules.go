package cli

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
)

func init() { ruleSet = rules.All }

// ensure the signature stays what the engine expects.
var _ func() []*lint.Analyzer = rules.All
