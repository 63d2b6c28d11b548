package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamTypeUnknown reports types other than string, number, boolean, path.
var ParamTypeUnknown = &lint.Analyzer{
	Name:        "param-type-unknown",
	Severity:    lint.Warning,
	MaxSeverity: lint.Error,
	Profile:     lint.Core,
	Requires:    []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter type is not string, number, boolean or path",
		Why:   "SFMD has four parameter types; any other word is not a type the runtime or the agent's help knows (the reference runtime's undocumented \"tuple\" is reported as info)",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: int \"Max items\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\"\n```\n",

		Severity: "parser.ts parseActionBlock (type \\w+): the runtime reads any word as a type (types are documentation), so the field works, but callers and the boolean flag check see the wrong type (a type the runtime cannot read, or a header written as a parameter, drops the line: error)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachGatedParam(pass, typeUnknownGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if headerLike(p) {
				if a.IsHTTP() {
					text := strings.TrimSpace(p.Line.Text)
					report(dropped(diag(p.Span, "%q is a header written as a parameter line and the runtime ignores it; move it to the end of the first line as -H %q", text, text)))
				} else {
					report(dropped(diag(p.NameSpan, "%q looks like an HTTP header written as a parameter line, which the runtime ignores; a CLI action passes headers in its command", p.Name)))
				}
				return
			}
			if p.Type == "tuple" {
				// undocumented reference-runtime extension (value shortcuts
				// holding several values, read with {name[N]}): spec.md §1.15
				d := diag(p.TypeSpan, "type %q of parameter %q is an undocumented extension of the reference runtime (several values read with {%s[N]}); other runtimes do not know it, use \"string\" where portability matters", p.Type, p.Name, p.Name)
				d.Severity = lint.Info
				report(d)
				return
			}
			want := sfmd.MeantParamType(p.Type)
			if want == "" {
				want = nearest(p.Type, paramTypes)
			}
			msg := fmt.Sprintf("parameter %q has unknown type %q", p.Name, p.Type)
			word := (shapeOf(wordChars)).Matches(p.Type)
			if !word {
				msg += ", which the runtime cannot read, so it drops the whole line"
			}
			if want != "" {
				msg += fmt.Sprintf("; did you mean %q?", want)
			} else {
				msg += "; expected one of " + quoteAll(paramTypes)
			}
			d := diag(p.TypeSpan, "%s", msg)
			if !word {
				d = dropped(d)
			}
			report(d)
		})
		return nil, nil
	},
}

// dropped marks d as an error: the runtime drops the parameter line (the
// rule's default is a warning, for types it reads but does not know).
func dropped(d lint.Diagnostic) lint.Diagnostic {
	d.Severity = lint.Error
	return d
}

// typeUnknownGate is the test param-type-unknown makes first of a parameter (see paramGate).
var typeUnknownGate = newParamGate(false, typeUnknownTest)

// typeUnknownTest is typeUnknownGate's test of a parameter.
func typeUnknownTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return !((p.Type == "" && !headerLike(p)) || isParamType(p.Type) || (p.Indent == 0 && bareHead(p)) || (typeGlued(p) && !headerLike(p)))
}
