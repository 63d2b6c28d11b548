package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ResponsePathMalformed reports malformed response paths.
var ResponsePathMalformed = &lint.Analyzer{
	Name:     "response-path-malformed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response path is malformed",
		Why:   "paths are keys separated by '.' with zero-based `[N]` indices; `items[first]`, `items[-1]`, an unclosed `[` or an empty segment never resolve, and in output lines the runtime does not even recognise keys with '-'",
		Bad:   "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nFirst: {Response.body.items[first].name}\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nFirst: {Response.body.items[0].name}\n```\n",

		Severity: "helpers.ts walkJsonPath: the path never resolves: the output keeps the literal reference or stores an empty value",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		symbols(pass).eachTemplateRef(pass.Doc, isResponseRef, func(_ *sfmd.Response, _ *sfmd.Action, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
			switch {
			case ref.Problem != "":
				pass.Reportf(ref.Span, "response path in %s is malformed: %s; write keys separated by '.' and indices as [N], e.g. {Response.body.items[0].name}", ref.Raw, ref.Problem)
			case (l.Kind == sfmd.LineOutput || l.Kind == sfmd.LineValueShortcut) && !outputPathOK(ref.PathText):
				v := varNameFor(ref, "value")
				pass.Reportf(ref.Span, "%s is not substituted in output lines: the runtime only recognises letters, digits, '_', '.' and [N] there; assign it first ({%s} = %s) and print {%s}", ref.Raw, v, ref.Raw, v)
			}
		})
		return nil, nil
	},
}

// outputPathOK reports whether s only has the characters the runtime's output pattern
// \{Response\.([A-Za-z_.\[\]\d]+)\} accepts.
func outputPathOK(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(outputPathByte(c) || c == '.' || c == '[' || c == ']') {
			return false
		}
	}
	return true
}

func outputPathByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
