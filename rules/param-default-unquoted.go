package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamDefaultUnquoted reports defaults without double quotes.
var ParamDefaultUnquoted = &lint.Analyzer{
	Name:     "param-default-unquoted",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter default is not in double quotes",
		Why:   "a default is always a double-quoted string, also for numbers (`= \"20\"`); the runtime drops a line with `= 20`, so the field and its default do not exist",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\" = 20\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\" = \"20\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops the whole parameter line, so the field and its default do not exist",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "safe for a value without blanks; a value with blanks may hold more than the default (a comment, a unit), so the fix is unsafe"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachGatedParam(pass, defaultUnquotedGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if p.Default == "" || !p.DefaultSpan.IsValid() || p.DefaultSpan.Len() == 0 {
				report(diag(equalsSpan(doc, p), "parameter %q has '=' but no default; write = \"value\" or remove the '='", p.Name))
				return
			}
			text := src(doc, p.DefaultSpan)
			value, how := text, "is not in double quotes"
			if len(text) >= 2 && (text[0] == '\'' || text[0] == '`') && text[len(text)-1] == text[0] {
				// 'celsius': the value is what the quotes hold
				value, how = text[1:len(text)-1], "is in "+map[byte]string{'\'': "single quotes", '`': "backticks"}[text[0]]+", not double quotes"
			}
			d := diag(p.DefaultSpan, "default %s of %q %s, so the runtime drops the line; write = %q", text, p.Name, how, value)
			if text != "" && !strings.Contains(value, `"`) {
				d.Fixes = []lint.Fix{{
					Message: "quote the default",
					// a value with blanks may hold more than the default
					// (a comment, a unit): the author checks it
					Safe:  !strings.ContainsAny(value, " \t"),
					Edits: []lint.Edit{{Start: p.DefaultSpan.Start.Off(), End: p.DefaultSpan.End.Off(), New: `"` + value + `"`}},
				}}
			} else {
				d.Message = fmt.Sprintf("default of %q is not in double quotes, so the runtime drops the line; quote it and remove the '\"' inside", p.Name)
			}
			report(d)
		})
		return nil, nil
	},
}

// equalsSpan returns the span of the '=' before a default.
func equalsSpan(doc *sfmd.Document, p *sfmd.Param) sfmd.Span {
	off := lineOffset(doc, p.Line.Text, p.Line.Span)
	if off < 0 {
		return p.Span
	}
	i := strings.LastIndexByte(p.Line.Text[:min(len(p.Line.Text), max(0, p.DefaultSpan.Start.Off()-off))], '=')
	if i < 0 {
		return p.Span
	}
	return spanAt(doc, off+i, off+i+1)
}

// defaultUnquotedGate is the test param-default-unquoted makes first of a parameter (see paramGate).
var defaultUnquotedGate = newParamGate(true, defaultUnquotedTest)

// defaultUnquotedTest is defaultUnquotedGate's test of a parameter.
func defaultUnquotedTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.HasDefault && !p.DefaultQuoted
}
