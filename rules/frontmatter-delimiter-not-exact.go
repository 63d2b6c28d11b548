package rules

import (
	"bytes"
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// FrontmatterDelimiterNotExact reports "---" delimiters with trailing
// whitespace.
var FrontmatterDelimiterNotExact = &lint.Analyzer{
	Name:     "frontmatter-delimiter-not-exact",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter delimiter is not exactly ---",
		Why:   "the delimiters must be lines containing exactly `---`; trailing spaces make stricter parsers miss the frontmatter",
		Bad:   "--- \nname: weather\n---\n",
		Good:  "---\nname: weather\n---\n",

		Severity: "spec.md §1.4: the reference parser may still read it; stricter parsers miss the frontmatter",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes trailing whitespace from the delimiter line"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		fm := doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		li := index(doc)
		var buf [2]int
		lines := append(buf[:0], 1)
		if fm.Closed && fm.Span.IsValid() {
			lines = append(lines, int(fm.Span.End.Line))
		}
		for i, l := range lines {
			s := li.LineStart(l)
			line := li.Line(l)
			if string(line) == "---" || !bytes.HasPrefix(line, []byte("---")) {
				continue // most: compared without a copy of the line
			}
			text := string(line)
			which := "opening"
			if i == 1 {
				which = "closing"
			}
			pass.Report(lint.Diagnostic{
				Span:    spanAt(doc, s+3, s+len(text)),
				Message: fmt.Sprintf("%s frontmatter delimiter %q has trailing whitespace; make the line exactly \"---\"", which, text),
				Fixes: []lint.Fix{{
					Message: "remove the trailing whitespace",
					Safe:    true,
					Edits:   []lint.Edit{{Start: s + 3, End: s + len(text)}},
				}},
			})
		}
		return nil, nil
	},
}
