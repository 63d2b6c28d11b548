package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/lint"
)

// HeaderOnCLI reports -H "…" flags in CLI commands.
var HeaderOnCLI = &lint.Analyzer{
	Name:     "header-on-cli",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "-H flag in a CLI command is not an HTTP header",
		Why:   "headers are an HTTP-action feature; in a CLI command `-H \"…\"` is passed to the program, which is only right if the program expects it",
		Bad:   "```act.data\nCLI mytool -H \"Accept: application/json\"\n```\n",
		Good:  "```act.data\nCLI curl -s -H \"Accept: application/json\" https://api.example.com/data\n```\n",

		Severity: "parser.ts parseActionBlock (CLI template left alone): the program receives `-H` as written, which is right when it expects it",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsCLI() {
				continue
			}
			text := a.FirstLine.Text
			if !strings.Contains(text, "-H") {
				continue // no field can be -H
			}
			off := lineOffset(doc, text, a.FirstLine.Span)
			if off < 0 {
				continue
			}
			fields := strings.Fields(text)
			if len(fields) < 2 {
				continue
			}
			for i := 1; i < len(fields); i++ {
				if httpClientSuffix(fields[i]) && httpClientRe.MatchString(fields[i]) {
					break // curl -H …: intentional
				}
				if fields[i] != "-H" || i+1 >= len(fields) || (fields[i+1][0] != '"' && fields[i+1][0] != '\'') {
					continue
				}
				start := off + nthField(text, i)
				pass.Reportf(spanAt(doc, start, start+2), "-H in a CLI command is passed to %q, not sent as an HTTP header; ignore this if the program expects it, or make %q an HTTP action", fields[1], "act."+a.ID)
				break
			}
		}
		return nil, nil
	},
}

// httpClientSuffix reports whether s ends with a name httpClientRe
// accepts, which it must to match: most fields do not, and skip the
// regexp.
func httpClientSuffix(s string) bool {
	for _, n := range [...]string{"curl", "wget", "http", "https", "xh", "curlie", "httpie"} {
		if strings.HasSuffix(s, n) {
			return true
		}
	}
	return false
}

// httpClientRe matches a shell word that runs an HTTP client ("curl",
// "/usr/bin/curl", "HTTP=$(curl", "|wget").
var httpClientRe = lazyre.New(`(?:^|[/=(|;&])(?:curl|wget|http|https|xh|curlie|httpie)$`)

// nthField returns the byte offset of the n-th (0-based) whitespace
// separated field of text.
func nthField(text string, n int) int {
	i, k := 0, -1
	for i < len(text) {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if i >= len(text) {
			break
		}
		k++
		if k == n {
			return i
		}
		for i < len(text) && text[i] != ' ' && text[i] != '\t' {
			i++
		}
	}
	return len(text)
}
