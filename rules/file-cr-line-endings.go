package rules

import (
	"bytes"
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// FileCRLineEndings reports lone carriage returns ("\r" not followed by
// "\n"): classic Mac OS line endings, or a stray one. CommonMark and
// editors read a lone CR as a line break; the runtime splits lines on LF
// only (runtime-semantics.md §1.1, §3: lines and templates are split on
// "\n"), and so does sfmd, which reads documents as the runtime does: for
// both, a file with CR line endings is one long line with no frontmatter
// and no actions.
var FileCRLineEndings = &lint.Analyzer{
	Name:     "file-cr-line-endings",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file has lone CR line breaks",
		Why:   "editors show a line break at a lone \"\\r\" (old Mac line endings), but the runtime splits lines on \"\\n\" only: it joins the lines around it, and a file with CR line endings is one line to it, with no frontmatter and no actions",
		Bad:   "---\rname: weather\r---\r\r# Weather\r",
		Good:  "---\nname: weather\n---\n\n# Weather\n",

		Severity: "parser.ts parse (split on \"\\n\"): the runtime reads the lines around a lone CR as one: frontmatter, actions and templates are lost",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "each lone CR becomes a line feed, so lines the runtime read as one become separate lines that take effect"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		src := pass.Doc.Src
		first := bytes.IndexByte(src, '\r')
		var edits []lint.Edit
		for i := first; i >= 0 && i < len(src); {
			if i+1 == len(src) || src[i+1] != '\n' {
				edits = append(edits, lint.Edit{Start: i, End: i + 1, New: "\n"})
			}
			j := bytes.IndexByte(src[i+1:], '\r')
			if j < 0 {
				break
			}
			i += 1 + j
		}
		if len(edits) == 0 {
			return nil, nil
		}
		at := edits[0].Start
		var msg string
		if len(edits) >= bytes.Count(src, []byte{'\n'}) {
			msg = "the file uses CR (\"\\r\", old Mac) line endings: the runtime splits lines on \"\\n\" only, so its lines run together into one, with no frontmatter and no actions; convert the file to LF line endings"
		} else {
			n := ""
			if len(edits) > 1 {
				n = fmt.Sprintf(" (the first of %d)", len(edits))
			}
			msg = fmt.Sprintf("lone CR (\"\\r\")%s: editors show a line break here, but the runtime splits lines on \"\\n\" only and joins the lines around it; replace it with a line feed or remove it", n)
		}
		pass.Report(lint.Diagnostic{
			Span:    spanAt(pass.Doc, at, at+1),
			Message: msg,
			Fixes:   []lint.Fix{{Message: "replace each lone CR with a line feed", Safe: false, Edits: edits}},
		})
		return nil, nil
	},
}
