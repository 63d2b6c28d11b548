package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// FenceNested reports a fence nested in a fence of its own kind: an
// example wrapped in ``` that holds ```act.x blocks of its own. The inner
// block's closing line ends the outer fence, so the rest of the example
// becomes the document (its actions, templates and directives are
// defined for real) and the outer fence's closing line opens a block that
// swallows what follows. The parser recovers (sfmd.Fence.Nested) so that
// no other rule reports the symptoms; this rule reports the cause, at the
// inner opening line, with an unsafe fix that lengthens the outer fence.
var FenceNested = &lint.Analyzer{
	Name:     "fence-nested",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "fence inside a fence of the same kind closes the outer fence",
		Why:   "a fence ends at the first line of its character that is at least as long and has no info string, so the closing line of an inner ```act.x block ends the outer ``` example: the rest of the example is read as the document itself (its actions and templates become real) and the outer fence's own closing line opens a block that swallows what follows",
		Bad:   "```markdown\n```act.search\nGET https://api.example.com/search\n```\n```\n",
		Good:  "````markdown\n```act.search\nGET https://api.example.com/search\n```\n````\n",

		Severity: "parser.ts parse (fence tracking): the example's actions, templates and links become live, and the fence that was meant to close it opens a block that swallows what follows",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the outer fence grows longer, which changes what later lines belong to; check the example ends where meant"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, f := range pass.Doc.Fences {
			if f.Nested != nil {
				pass.Report(nestedFence(pass.Doc, f))
			}
		}
		return nil, nil
	},
}

func nestedFence(doc *sfmd.Document, f *sfmd.Fence) lint.Diagnostic {
	n := f.Nested
	fence := strings.Repeat(string(f.Char), f.Length)
	longer := strings.Repeat(string(f.Char), n.Need)
	d := diag(n.Inner, "%q opens a fence inside the %s fence of line %d, so its closing line (line %d) ends the outer fence too and the rest of the example up to line %d is read as part of the document; open and close the outer fence with %s",
		src(doc, n.Inner), fence, f.OpenSpan.Start.Line, n.InnerClose.Start.Line, n.Close.Start.Line, longer)
	d.Related = []lint.Related{
		{Span: f.OpenSpan, Message: "the outer fence opens here"},
		{Span: n.Close, Message: "the outer fence was meant to close here"},
	}
	open := f.Span.Start.Off() + f.Length
	edits := []lint.Edit{{Start: open, End: open, New: strings.Repeat(string(f.Char), n.Need-f.Length)}}
	run := 0
	for c := n.Close.Start.Off(); c < len(doc.Src) && doc.Src[c] == f.Char; c++ {
		run++
	}
	if run < n.Need {
		at := n.Close.Start.Off() + run
		edits = append(edits, lint.Edit{Start: at, End: at, New: strings.Repeat(string(f.Char), n.Need-run)})
	}
	d.Fixes = []lint.Fix{{Message: "lengthen the outer fence to " + longer, Edits: edits}}
	return d
}
