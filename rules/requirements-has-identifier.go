package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// RequirementsHasIdentifier reports [!requirements:name](…).
var RequirementsHasIdentifier = &lint.Analyzer{
	Name:     "requirements-has-identifier",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "requirements directive has an identifier",
		Why:   "the requirements directive takes no identifier (`[!requirements](setup.md)`); with one, parsers do not recognise it",
		Bad:   "[!requirements:setup](setup.md)\n",
		Good:  "[!requirements](setup.md)\n",

		Severity: "spec.md §1.6: parsers do not recognise the directive",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes the identifier, which the directive does not take"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, d := range directivesOf(doc, "requirements") {
			if !d.HasColon {
				continue
			}
			colon := d.TypeSpan.End.Off()
			end := colon + 1
			if d.NameSpan.IsValid() && d.NameSpan.End.Off() > end {
				end = d.NameSpan.End.Off()
			}
			if colon >= len(doc.Src) || doc.Src[colon] != ':' {
				continue
			}
			pass.Report(lint.Diagnostic{
				Span:    spanAt(doc, colon, end),
				Message: fmt.Sprintf("requirements directive takes no identifier; write [!requirements](%s)", d.Path),
				Fixes: []lint.Fix{{Message: "remove the identifier", Safe: true,
					Edits: []lint.Edit{{Start: colon, End: end}}}},
			})
		}
		return nil, nil
	},
}
