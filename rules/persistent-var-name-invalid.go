package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PersistentVarNameInvalid reports $-references in HTTP action
// definitions whose name does not start with a letter.
var PersistentVarNameInvalid = &lint.Analyzer{
	Name:     "persistent-var-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent variable name does not match [a-zA-Z][a-zA-Z0-9_]*",
		Why:   "persistent variables are `$NAME` with a name starting with a letter; `$2TOKEN` is not substituted and is sent literally",
		Bad:   "```act.data\nGET https://api.example.com/data?key=$2TOKEN\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data?key=$TOKEN2\n```\n",

		Severity: "the runtime does not substitute it and sends it literally",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsHTTP() {
				continue // in CLI commands $1, $@, $_ are shell syntax
			}
			var lines []sfmd.Line
			if a.FirstLine.Span.IsValid() {
				lines = append(lines, a.FirstLine)
			}
			for _, p := range a.Params {
				if p.HasDefault {
					lines = append(lines, sfmd.Line{Text: src(doc, p.DefaultSpan), Span: p.DefaultSpan})
				}
			}
			for _, b := range a.Bodies {
				lines = append(lines, b.Lines...)
			}
			for _, l := range lines {
				off := lineOffset(doc, l.Text, l.Span)
				if off < 0 {
					continue
				}
				for _, m := range dollarMatches(l.Text, badDollarFst) {
					name := l.Text[m[0]+1 : m[1]]
					if !strings.ContainsAny(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
						continue // "$5": plain text
					}
					want := strings.TrimLeft(name, "0123456789_") + strings.Trim(name[:len(name)-len(strings.TrimLeft(name, "0123456789_"))], "_")
					pass.Reportf(spanAt(doc, off+m[0], off+m[1]), "%q is not a valid persistent variable name (it must start with a letter) and is sent literally; rename it to %q", "$"+name, "$"+want)
				}
			}
		}
		return nil, nil
	},
}

var badDollarFst = setOf("0-9", "_") // $1, $_X: not a variable
