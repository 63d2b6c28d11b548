package lint

import (
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// FixNoqa is sfmd lint --add-noqa: instead of fixing them, every finding
// shown gets the suppression comment that hides it (SuppressionFor),
// written through the same path as --fix (rounds, --diff, stdin, atomic
// replacement). Options.NoqaReason is the reason the comments give.
const FixNoqa FixMode = FixUnsafe + 1

// Suppression is where the comment that hides a finding goes and which
// directive it uses.
type Suppression struct {
	At      int    // byte offset the comment is inserted at
	Keyword string // sfmd-disable-line, -next-line, -next-block or -file
	Scope   string // what it hides: "line", "block" or "file"
	before  string // what goes before the comment: indentation, a space, a line break
	after   string
}

// Text is the inserted text: the comment for rules, with the reason
// after " -- " when there is one.
func (s Suppression) Text(rules []string, reason string) string {
	c := "<!-- " + s.Keyword + " " + strings.Join(rules, ",")
	if reason != "" {
		c += " -- " + reason
	}
	return s.before + c + " -->" + s.after
}

// SuppressionFor returns where the comment hiding a finding that starts at
// byte offset off of doc goes: at the end of its line
// (sfmd-disable-line); above a line whose text must stay as it is (a
// comment or block marker, a directive, a menu entry, whose runtime
// patterns match the whole line, and a heading, whose whole text is the
// slug that [!include:id] and #id find: extractImplicit in
// packages/core/src/extractor.ts; sfmd-disable-next-line); before the
// fenced block holding it, since a comment inside a fence is code
// (sfmd-disable-next-block); after the frontmatter, since a comment
// inside YAML is none (sfmd-disable-file). A next-line or next-block
// comment goes on the line of one of the same kind already right above,
// which would otherwise cover the new comment's line instead. ok is false
// in an unclosed frontmatter, where no comment can go.
func SuppressionFor(doc *sfmd.Document, off int) (s Suppression, ok bool) {
	src := doc.Src
	off = min(max(off, 0), len(src))
	if fm := doc.Frontmatter; fm != nil && off < fm.Span.End.Off() {
		if !fm.Closed {
			return Suppression{}, false
		}
		return Suppression{At: lineEnd(src, fm.Span.End.Off()), Keyword: "sfmd-disable-file", Scope: "file", before: "\n"}, true
	}
	for _, f := range doc.Fences {
		if f.Span.Start.Off() <= off && off < max(f.Span.End.Off(), f.Span.Start.Off()+1) {
			ls := lineStart(src, f.OpenSpan.Start.Off())
			s = Suppression{At: ls, Keyword: "sfmd-disable-next-block", Scope: "block",
				before: containerPrefix(string(src[ls:f.OpenSpan.Start.Offset])), after: "\n"}
			return stacked(doc, s), true
		}
	}
	ls, le := lineStart(src, off), lineEnd(src, off)
	line := strings.TrimSpace(string(src[ls:le]))
	if strings.HasPrefix(line, "<!--") || strings.HasPrefix(line, "[!") || strings.HasPrefix(line, "[@") || strings.HasPrefix(line, "#") {
		s = Suppression{At: ls, Keyword: "sfmd-disable-next-line", Scope: "line", before: containerPrefix(string(src[ls:le])), after: "\n"}
		return stacked(doc, s), true
	}
	s = Suppression{At: le, Keyword: "sfmd-disable-line", Scope: "line"}
	if line != "" {
		s.before = " "
	}
	return s, true
}

// stacked moves a next-line or next-block comment due at the start of a
// line onto the line above when that line ends with a directive of the
// same kind: both then cover the same line or block.
func stacked(doc *sfmd.Document, s Suppression) Suppression {
	if s.At == 0 {
		return s
	}
	prevStart, prevEnd := lineStart(doc.Src, s.At-1), lineEnd(doc.Src, s.At-1)
	for _, c := range doc.Comments {
		end := c.Span.End.Off()
		if end < prevStart || end > prevEnd || strings.TrimSpace(string(doc.Src[end:prevEnd])) != "" {
			continue // not the last thing on the line above
		}
		if d := parseDirective(c); d != nil && d.bad == "" && d.keyword == s.Keyword {
			return Suppression{At: c.Span.End.Off(), Keyword: s.Keyword, Scope: s.Scope, before: " "}
		}
	}
	return s
}

// addNoqa inserts the comments that hide diags (one round of --add-noqa):
// one comment per place, naming every rule suppressed there. The
// unused-suppression findings are left alone (their fix removes the
// comment), as are findings in an unclosed frontmatter. It returns the
// new text and the number of findings suppressed.
func addNoqa(doc *sfmd.Document, diags []Diagnostic, reason string) ([]byte, int) {
	type spot struct {
		s     Suppression
		rules []string
	}
	var spots []*spot
	byPlace := map[Suppression]*spot{}
	n := 0
	for i := range diags {
		d := &diags[i]
		if d.Rule == "" || d.Rule == unusedSuppressionName {
			continue
		}
		off, ok := d.anchorOffset(doc.Path)
		if !ok {
			continue
		}
		s, ok := SuppressionFor(doc, off)
		if !ok {
			continue
		}
		n++
		sp := byPlace[s]
		if sp == nil {
			sp = &spot{s: s}
			byPlace[s] = sp
			spots = append(spots, sp)
		}
		if !containsString(sp.rules, d.Rule) {
			sp.rules = append(sp.rules, d.Rule)
		}
	}
	if n == 0 {
		return doc.Src, 0
	}
	edits := make([]Edit, 0, len(spots))
	for _, sp := range spots {
		sort.Strings(sp.rules)
		edits = append(edits, Edit{Start: sp.s.At, End: sp.s.At, New: sp.s.Text(sp.rules, reason)})
	}
	sortEdits(edits)
	return applyEdits(doc.Src, mergeInserts(edits)), n
}

// mergeInserts joins insertions at one offset (a line-end comment and a
// file comment after a one-line frontmatter, say) in their order.
func mergeInserts(es []Edit) []Edit {
	out := es[:0:0]
	for _, e := range es {
		if k := len(out) - 1; k >= 0 && out[k].Start == e.Start && out[k].End == e.End {
			out[k].New += e.New
			continue
		}
		out = append(out, e)
	}
	return out
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// anchorOffset is the byte offset in the document at path where d is
// suppressed (anchorLine): its start, or that of its related position
// in the document for a finding in another file.
func (d *Diagnostic) anchorOffset(path string) (int, bool) {
	if d.Path == "" || d.Path == path {
		return d.Span.Start.Off(), true
	}
	for _, r := range d.Related {
		if r.Path == path {
			return r.Span.Start.Off(), true
		}
	}
	return 0, false
}

// lineStart is the start of the line ("\n"-separated, as sfmd and the
// suppressions count lines) holding off.
func lineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// lineEnd is the end of the line holding off, before "\r\n" or "\n".
func lineEnd(src []byte, off int) int {
	for off < len(src) && src[off] != '\n' {
		off++
	}
	if off > 0 && off <= len(src) && src[off-1] == '\r' {
		off--
	}
	return off
}

// containerPrefix keeps the indentation and blockquote markers of a line
// start (what keeps an inserted line in the same container).
func containerPrefix(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '>') {
		i++
	}
	return s[:i]
}

// applyMode applies one round of the fixes of mode to src, the text of
// doc: the suggested fixes, or for FixNoqa the suppression comments.
// A JSON manifest has no comments: it gets none.
func (l *linter) applyMode(j *job, doc *sfmd.Document, src []byte, diags []Diagnostic, mode FixMode) ([]byte, int) {
	if mode == FixNoqa {
		if j.json {
			return src, 0
		}
		return addNoqa(doc, diags, l.opts.NoqaReason)
	}
	return ApplyFixes(src, diags, mode)
}
