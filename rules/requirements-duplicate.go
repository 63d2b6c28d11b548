package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// RequirementsDuplicate reports a second requirements directive.
var RequirementsDuplicate = &lint.Analyzer{
	Name:     "requirements-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Tags:     []lint.Tag{lint.Unnecessary},
	Doc: lint.Doc{
		Title: "more than one requirements directive",
		Why:   "a document MUST declare at most one requirements directive; the runtime ignores the later ones",
		Bad:   "[!requirements](setup.md)\n[!requirements](install.md)\n",
		Good:  "[!requirements](setup.md)\n",

		Severity: "spec.md §1.6: the runtime ignores the later directives",
	},
	Run: func(pass *lint.Pass) (any, error) {
		var first *sfmd.Directive
		for _, d := range directivesOf(pass.Doc, "requirements") {
			if first == nil {
				first = d
				continue
			}
			reportDup(pass, d.Span, first.Span, "requirements directive", "the runtime ignores this one: merge the setup notes into one file and remove it")
		}
		return nil, nil
	},
}
