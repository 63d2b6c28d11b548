package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamDescriptionUnquoted reports descriptions without double quotes.
var ParamDescriptionUnquoted = &lint.Analyzer{
	Name:     "param-description-unquoted",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter description is not in double quotes",
		Why:   "descriptions are quoted text; the reference runtime drops a line with an unquoted description, so the field does not exist",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) Search query\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Search query\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops the whole parameter line, so the field does not exist",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the whole rest of the line becomes the description, which may hold more than meant"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachGatedParam(pass, descriptionUnquotedGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			d := diag(p.DescriptionSpan, "description of %q is not in double quotes, so the runtime drops the whole line; write \"%s\"", p.Name, p.Description)
			if text := src(doc, p.DescriptionSpan); text != "" && !strings.Contains(text, `"`) {
				value := text
				if len(text) >= 2 && text[0] == '\'' && text[len(text)-1] == '\'' {
					value = text[1 : len(text)-1] // 'City name': the description is what the quotes hold
				}
				d.Message = fmt.Sprintf("description of %q is not in double quotes, so the runtime drops the whole line; write %q", p.Name, value)
				d.Fixes = []lint.Fix{{
					Message: "quote the description",
					Edits:   []lint.Edit{{Start: p.DescriptionSpan.Start.Off(), End: p.DescriptionSpan.End.Off(), New: `"` + value + `"`}},
				}}
			} else {
				d.Message = fmt.Sprintf("description of %q is not in double quotes, so the runtime drops the whole line; quote it and remove the '\"' inside", p.Name)
			}
			report(d)
		})
		return nil, nil
	},
}

// descriptionUnquotedGate is the test param-description-unquoted makes first of a parameter (see paramGate).
var descriptionUnquotedGate = newParamGate(true, descriptionUnquotedTest)

// descriptionUnquotedTest is descriptionUnquotedGate's test of a parameter.
func descriptionUnquotedTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.HasDescription && !p.DescriptionQuoted && p.DescriptionSpan.IsValid() && p.DescriptionSpan.Len() != 0
}
