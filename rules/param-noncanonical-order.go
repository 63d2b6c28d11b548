package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamNoncanonicalOrder reports a description written before the
// constraints.
var ParamNoncanonicalOrder = &lint.Analyzer{
	Name:     "param-noncanonical-order",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter description comes before the constraints",
		Why:   "the grammar is `name: type (constraints) \"description\"`; the reference runtime drops a line with the description first, so the field does not exist",
		Bad:   "```act.repo\nGET https://api.example.com/repos/{owner}\n  owner: string \"Repository owner\" (required)\n```\n",
		Good:  "```act.repo\nGET https://api.example.com/repos/{owner}\n  owner: string (required) \"Repository owner\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops the whole parameter line, so the field does not exist",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only moves the constraints before the description, keeping both"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachGatedParam(pass, noncanonicalOrderGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			group := src(doc, p.ConstraintSpan)
			d := diag(p.ConstraintSpan, "constraints %s of %q come after the description, so the runtime drops the whole line; write name: type (constraints) \"description\"", group, p.Name)
			ds, de := p.DescriptionSpan.Start.Off(), p.DescriptionSpan.End.Off()
			cs, ce := p.ConstraintSpan.Start.Off(), p.ConstraintSpan.End.Off()
			if p.DescriptionQuoted && p.DescriptionSpan.IsValid() && de <= cs && strings.HasPrefix(group, "(") && strings.HasSuffix(group, ")") {
				gap := string(doc.Src[de:cs])
				desc := src(doc, p.DescriptionSpan)
				if strings.TrimSpace(gap) == "" && gap != "" && strings.Count(desc, `"`) == 2 {
					d.Fixes = []lint.Fix{{
						Message: "move the constraints before the description",
						Safe:    true,
						Edits:   []lint.Edit{{Start: ds, End: ce, New: group + gap + desc}},
					}}
				}
			}
			report(d)
		})
		return nil, nil
	},
}

// noncanonicalOrderGate is the test param-noncanonical-order makes first of a parameter (see paramGate).
var noncanonicalOrderGate = newParamGate(true, noncanonicalOrderTest)

// noncanonicalOrderTest is noncanonicalOrderGate's test of a parameter.
func noncanonicalOrderTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return !p.CanonicalOrder && p.ConstraintSpan.IsValid()
}
