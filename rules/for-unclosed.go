package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ForUnclosed reports the parser's for-unclosed problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed.
var ForUnclosed = &lint.Analyzer{
	Name:     "for-unclosed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "for: loop has no end: line",
		Why:   "`end:` closes the nearest open loop; without it the loop body runs to the end of the template and the lines meant to follow it repeat",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the loop body runs to the end of the template, so the lines meant to follow it repeat",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		closedAtNested := map[int]bool{} // lines of for: closed by the end: of a nested loop
		for k, r := range pass.Doc.Responses {
			if !syms.hasLines(k, sfmd.LineFor) {
				continue // no for: line
			}
			last := lastEnd(r)
			for i, l := range r.Lines {
				if fl := loopOf(r, l); l.Kind == sfmd.LineFor && fl != nil && i < last {
					// for: inside for: with one end: the runtime ends the
					// outer loop at that end: (for-nested reports the inner)
					closedAtNested[int(fl.Line.Span.Start.Line)] = true
				}
			}
		}
		return reportProblems(pass, func(d *lint.Diagnostic) bool { return !closedAtNested[int(d.Span.Start.Line)] })
	},
}

// lastEnd returns the index in r.Lines of r's last end: line, or -1:
// an end: follows line i when i < lastEnd(r) (one scan per template, not
// one per line: 100,000 nested loops took 20 s).
func lastEnd(r *sfmd.Response) int {
	for i := len(r.Lines) - 1; i >= 0; i-- {
		if r.Lines[i].Kind == sfmd.LineEnd {
			return i
		}
	}
	return -1
}
