package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamSyntaxInvalid reports the parser's param-syntax-invalid problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var ParamSyntaxInvalid = &lint.Analyzer{
	Name:     "param-syntax-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter line does not follow name: type (constraints) \"description\"",
		Why:   "the runtime only reads parameter lines of the form `name: type (constraints) \"description\" = \"default\"`; a malformed line is dropped and the flag does not exist",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q:string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops the whole parameter line, so the field does not exist",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only adds the space after the type that the runtime needs to read the line"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		if _, err := reportParserProblems(pass); err != nil {
			return nil, err
		}
		doc := pass.Doc
		eachGatedParam(pass, syntaxInvalidGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			text := gluedTypeText(doc, p)
			span := spanAt(doc, p.TypeSpan.Start.Off(), p.TypeSpan.Start.Off()+len(text))
			end := p.TypeSpan.End.Off()
			next := p.ConstraintSpan
			if !next.IsValid() || next.Start.Off() != end {
				next = p.DescriptionSpan
			}
			if isParamType(p.Type) && next.Start.Off() == end && (next == p.DescriptionSpan && p.DescriptionQuoted || next == p.ConstraintSpan && len(text) == next.End.Off()-p.TypeSpan.Start.Off()) {
				// "string(optional)", `string"Query"`: only the space is missing
				rest := src(doc, next)
				span = spanAt(doc, p.TypeSpan.Start.Off(), next.End.Off())
				d := diag(span, "type %q of %q is glued to %s: the runtime reads the type as one word followed by a space, so it drops the whole line; write %s", p.Type, p.Name, rest, p.Type+" "+rest)
				d.Fixes = []lint.Fix{{Message: "put a space after the type", Safe: true,
					Edits: []lint.Edit{{Start: p.TypeSpan.End.Off(), End: p.TypeSpan.End.Off(), New: " "}}}}
				report(d)
				return
			}
			want := "string"
			if isParamType(p.Type) {
				want = p.Type
			} else if w := sfmd.ParamTypeAlias(p.Type); w != "" {
				want = w
			}
			report(diag(span, "%q is not a type the runtime can read (one word: string, number, boolean or path), so it drops the whole line; write %q and describe the format in the description", text, want))
		})
		return nil, nil
	},
}

// syntaxInvalidGate is the test param-syntax-invalid makes first of a parameter (see paramGate).
var syntaxInvalidGate = newParamGate(false, syntaxInvalidTest)

// syntaxInvalidTest is syntaxInvalidGate's test of a parameter.
func syntaxInvalidTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return typeGlued(p) && !headerLike(p)
}
