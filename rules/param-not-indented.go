package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamNotIndented reports parameter lines at column 0 (error) or
// indented with tabs (warning).
var ParamNotIndented = &lint.Analyzer{
	Name:     "param-not-indented",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter line is not indented with spaces",
		Why:   "parameter lines are indented with spaces; the runtime ignores a line at column 0, so the parameter does not exist (tab indentation works in the reference runtime but the spec says spaces: reported as a warning)",
		Bad:   "```act.search\nGET https://api.example.com/search\nq: string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops a line at column 0, so the field does not exist (tab indentation works and is info: the spec says spaces)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachGatedParam(pass, notIndentedGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			switch {
			case p.Indent == 0 && bareHead(p):
				todo := "write parameters as \"  name: type\" and headers as -H \"Name: value\" on the first line"
				if a.IsCLI() {
					todo = "the whole command must fit on the first line (the runtime reads no other line of it)"
				}
				report(diag(p.Span, "line %q in action %q is not indented and is not a parameter, so the runtime ignores it; %s", strings.TrimSpace(p.Line.Text), a.ID, todo))
			case p.Indent == 0:
				report(diag(p.NameSpan, "parameter line %q is not indented, so the runtime ignores it and %q is not a field; indent it with two spaces", p.Name, p.Name))
			case p.Tabs:
				span := p.NameSpan
				if off := lineOffset(doc, p.Line.Text, p.Line.Span); off >= 0 {
					span = spanAt(doc, off, off+p.Indent)
				}
				d := diag(span, "parameter line %q is indented with a tab; the reference runtime accepts it but the spec says spaces, indent it with two spaces", p.Name)
				d.Severity = lint.Info
				report(d)
			}
		})
		return nil, nil
	},
}

// notIndentedGate is the test param-not-indented makes first of a parameter (see paramGate).
var notIndentedGate = newParamGate(false, notIndentedTest)

// notIndentedTest is notIndentedGate's test of a parameter.
func notIndentedTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.Indent == 0 || p.Tabs
}
