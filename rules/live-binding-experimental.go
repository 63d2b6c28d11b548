package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// LiveBindingExperimental reports {{fetch:URL}} live bindings.
var LiveBindingExperimental = &lint.Analyzer{
	Name:     "live-binding-experimental",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "{{fetch:URL}} live binding is experimental",
		Why:   "live data binding is the one SFMD construct marked Experimental: its syntax may change, runtimes render it differently and a slow endpoint stalls the page",
		Bad:   "Price: {{fetch:https://api.example.com/price}}\n",
		Good:  "```act.price\nGET https://api.example.com/price\n```\n",

		Severity: "spec.md §1.15: works where supported; the syntax is experimental and runtimes render it differently",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.ProseVars {
			if r.Kind != sfmd.RefLiveFetch {
				continue
			}
			pass.Reportf(r.Span, "%s is an experimental live binding whose syntax and rendering may change; prefer an action with a response template", r.Raw)
		}
		return nil, nil
	},
}
