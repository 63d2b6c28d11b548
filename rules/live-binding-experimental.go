package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// LiveBindingExperimental reports {{fetch:URL}} live bindings.
var LiveBindingExperimental = &lint.Analyzer{
	Name:     "live-binding-experimental",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "{{fetch:URL}} live binding is experimental",
		Why:   "live data binding is the one SFMD construct marked Experimental: its syntax may change, runtimes render it differently and a slow endpoint stalls the page",
		Bad:   "Price: {{fetch:https://api.example.com/price}}\n",
		Good:  "```act.price\nGET https://api.example.com/price\n```\n",

		Severity: "the reference runtime does not implement it: renderer.ts render has no live-binding step, so the reader sees `{{fetch:URL}}` as written",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.ProseVars {
			if r.Kind != sfmd.RefLiveFetch {
				continue
			}
			pass.Reportf(r.Span, "%s is an experimental live binding that the reference runtime does not implement: the reader sees it as written; use an action with a response template", r.Raw)
		}
		return nil, nil
	},
}
