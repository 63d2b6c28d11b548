package lint

import (
	"fmt"
	"math"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Inline suppressions are HTML comments, invisible when the document is
// rendered:
//
//	<!-- sfmd-disable-next-line RULE[,RULE] -- reason -->
//	<!-- sfmd-disable-next-block RULE -->   (the next fenced block, whole,
//	                                          or the next paragraph)
//	<!-- sfmd-disable-line RULE -->         (the comment's own line)
//	<!-- sfmd-disable RULE -->  …  <!-- sfmd-enable RULE -->
//	<!-- sfmd-disable-file RULE -->
//
// RULE is a rule name or "all"; an empty list means "all". Rules are
// separated by commas or spaces; everything after " -- " is the reason.
// A diagnostic is suppressed when its start line is covered.

type dirKind int

const (
	dirDisable dirKind = iota
	dirEnable
	dirDisableLine
	dirDisableNextLine
	dirDisableFile
	dirDisableNextBlock
)

var dirKeywords = map[string]dirKind{
	"sfmd-disable":            dirDisable,
	"sfmd-enable":             dirEnable,
	"sfmd-disable-line":       dirDisableLine,
	"sfmd-disable-next-line":  dirDisableNextLine,
	"sfmd-disable-file":       dirDisableFile,
	"sfmd-disable-next-block": dirDisableNextBlock,
}

var dirKeywordList = []string{"sfmd-disable", "sfmd-disable-file", "sfmd-disable-line", "sfmd-disable-next-block", "sfmd-disable-next-line", "sfmd-enable"}

type directive struct {
	kind    dirKind
	keyword string
	rules   []string // "all" for every rule
	reason  string
	comment *sfmd.Comment
	bad     string // why the directive is malformed
}

// parseDirective reads an sfmd-* comment, or returns nil for any other
// comment.
func parseDirective(c *sfmd.Comment) *directive {
	text := c.Text
	if !strings.HasPrefix(text, "sfmd-") {
		return nil
	}
	d := &directive{comment: c}
	if i := strings.Index(text, " --"); i >= 0 {
		d.reason = strings.TrimSpace(strings.TrimPrefix(text[i+3:], "-"))
		text = text[:i]
	}
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	if len(fields) == 0 {
		return nil
	}
	d.keyword = fields[0]
	kind, ok := dirKeywords[d.keyword]
	if !ok {
		d.bad = fmt.Sprintf("unknown suppression directive %q, %s", d.keyword,
			suggest.DidYouMean(d.keyword, dirKeywordList, "expected one of "+suggest.QuoteList(dirKeywordList)))
		return d
	}
	d.kind = kind
	d.rules = fields[1:]
	if len(d.rules) == 0 {
		d.rules = []string{"all"}
	}
	return d
}

type supEntry struct {
	dir      *directive
	rule     string // a rule name or "all"
	from, to int    // covered lines, inclusive
	used     bool
}

// suppressions is the suppression table of one document.
type suppressions struct {
	doc     *sfmd.Document
	entries []*supEntry
	// problems found while building the table: unknown rule names,
	// unmatched enables (reported under unused-suppression).
	problems []Diagnostic
	dirs     []*directive
}

// buildSuppressions reads the directives of doc; rule names are checked
// against reg.
func buildSuppressions(doc *sfmd.Document, reg *Registry) *suppressions {
	t := &suppressions{doc: doc}
	open := map[string]*supEntry{}
	var openOrder []string
	for _, c := range doc.Comments {
		d := parseDirective(c)
		if d == nil || d.bad != "" {
			continue
		}
		t.dirs = append(t.dirs, d)
		startLine, endLine := int(c.Span.Start.Line), int(c.Span.End.Line)
		if endLine < startLine {
			endLine = startLine
		}
		for _, r := range d.rules {
			if r != "all" && reg.Lookup(r) == nil {
				t.problems = append(t.problems, Diagnostic{
					Span: c.Span, Rule: unusedSuppressionName,
					Message: fmt.Sprintf("unknown rule %q in suppression, %s", r,
						suggest.DidYouMean(r, reg.Names(), "run \"sfmd rules\" to list the rules")),
				})
				continue
			}
			e := &supEntry{dir: d, rule: r}
			switch d.kind {
			case dirDisableFile:
				e.from, e.to = 0, math.MaxInt
			case dirDisableLine:
				e.from, e.to = startLine, endLine
			case dirDisableNextLine:
				e.from, e.to = endLine+1, endLine+1
			case dirDisableNextBlock:
				e.from, e.to = nextBlock(doc, endLine)
			case dirDisable:
				e.from, e.to = startLine, math.MaxInt
				if prev := open[r]; prev != nil {
					prev.to = startLine - 1 // a second disable restarts the range
				} else {
					openOrder = append(openOrder, r)
				}
				open[r] = e
			case dirEnable:
				closed := false
				if r == "all" {
					for _, name := range openOrder {
						if o := open[name]; o != nil {
							o.to = startLine - 1
							delete(open, name)
							closed = true
						}
					}
				} else if o := open[r]; o != nil {
					o.to = startLine - 1
					delete(open, r)
					closed = true
				}
				if !closed {
					t.problems = append(t.problems, Diagnostic{
						Span: c.Span, Rule: unusedSuppressionName,
						Message: fmt.Sprintf("\"sfmd-enable\" of %s has no matching \"sfmd-disable\" above, remove it", ruleLabel(r)),
						Fixes:   []Fix{removeCommentFix(doc, c)},
					})
				}
				continue
			}
			t.entries = append(t.entries, e)
		}
	}
	return t
}

// nextBlock returns the lines of the block after line: the first non-blank
// line below it and, when that line opens a fenced block, the whole block;
// otherwise the lines up to the next blank line (a paragraph, a list).
func nextBlock(doc *sfmd.Document, line int) (from, to int) {
	n := doc.Index.LineCount()
	from = line + 1
	for from <= n && isBlank(doc.Index.Line(from)) {
		from++
	}
	for _, f := range doc.Fences {
		if int(f.Span.Start.Line) == from {
			return from, max(int(f.Span.End.Line), from)
		}
	}
	to = from
	for to < n && !isBlank(doc.Index.Line(to+1)) {
		to++
	}
	return from, to
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

func ruleLabel(r string) string {
	if r == "all" {
		return "all rules"
	}
	return fmt.Sprintf("%q", r)
}

// suppressed reports whether d is covered, marking the covering entries
// used when mark is true.
func (t *suppressions) suppressed(d *Diagnostic, mark bool) bool {
	line := d.anchorLine(t.doc.Path)
	hit := false
	for _, e := range t.entries {
		if line < e.from || line > e.to || (e.rule != "all" && e.rule != d.Rule) {
			continue
		}
		// "all" never hides the problems of the suppressions themselves
		// on its own line range: a stale "disable all" must stay visible.
		if e.rule == "all" && d.Rule == unusedSuppressionName && e.dir.kind != dirDisableFile {
			continue
		}
		hit = true
		if mark {
			e.used = true
		}
	}
	return hit
}

// unusedProblems returns the suppression problems not themselves
// suppressed, when unused-suppression is enabled (none otherwise):
// unknown rules, unmatched enables and the entries that suppressed
// nothing among enabled rules, once every finding of the rules has been
// passed to suppressed with mark set. The slice is new.
func (t *suppressions) unusedProblems(enabled map[string]bool) []Diagnostic {
	if !enabled[unusedSuppressionName] {
		return nil
	}
	probs := t.problems
	for _, d := range t.dirs {
		var unused, kept []string
		for _, e := range t.entries {
			if e.dir != d {
				continue
			}
			if e.used || (e.rule != "all" && !enabled[e.rule]) {
				kept = append(kept, e.rule)
			} else {
				unused = append(unused, e.rule)
			}
		}
		if len(unused) == 0 {
			continue
		}
		labels := make([]string, len(unused))
		for i, r := range unused {
			labels[i] = ruleLabel(r)
		}
		diag := Diagnostic{Span: d.comment.Span, Rule: unusedSuppressionName}
		if len(kept) == 0 && !hasUnknown(t, d) {
			diag.Message = fmt.Sprintf("suppression of %s suppresses nothing, remove it", strings.Join(labels, ", "))
			diag.Fixes = []Fix{removeCommentFix(t.doc, d.comment)}
		} else {
			diag.Message = fmt.Sprintf("suppression of %s suppresses nothing, remove %s from the comment", strings.Join(labels, ", "), plural(len(unused), "it", "them"))
			if !hasUnknown(t, d) {
				diag.Fixes = []Fix{rewriteCommentFix(d, kept, labels)}
			}
		}
		probs = append(probs, diag)
	}
	var out []Diagnostic
	for i := range probs {
		if !t.suppressed(&probs[i], false) {
			out = append(out, probs[i])
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// hasUnknown reports whether the directive names a rule that does not
// exist (then its text is left alone: the user must correct it).
func hasUnknown(t *suppressions, d *directive) bool {
	n := 0
	for _, e := range t.entries {
		if e.dir == d {
			n++
		}
	}
	return n != len(d.rules)
}

// removeCommentFix deletes a suppression comment: its whole lines when it
// stands alone, else the comment and the blanks before it.
func removeCommentFix(doc *sfmd.Document, c *sfmd.Comment) Fix {
	src := doc.Src
	start := min(max(c.Span.Start.Off(), 0), len(src))
	end := min(max(c.Span.End.Off(), start), len(src))
	if c.OwnLine {
		for start > 0 && src[start-1] != '\n' {
			start--
		}
		for end < len(src) && src[end] != '\n' {
			end++
		}
		if end < len(src) {
			end++ // the newline
		} else if start > 0 {
			start-- // last line without newline: take the preceding one
		}
	} else {
		for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
			start--
		}
	}
	return Fix{Message: "remove the unused suppression comment", Safe: true, Edits: []Edit{{Start: start, End: end}}}
}

// rewriteCommentFix keeps the used rules of a directive.
func rewriteCommentFix(d *directive, kept, removed []string) Fix {
	text := "<!-- " + d.keyword + " " + strings.Join(kept, ",")
	if d.reason != "" {
		text += " -- " + d.reason
	}
	text += " -->"
	return Fix{
		Message: fmt.Sprintf("remove %s from the suppression", strings.Join(removed, ", ")),
		Safe:    true,
		Edits:   []Edit{{Start: d.comment.Span.Start.Off(), End: d.comment.Span.End.Off(), New: text}},
	}
}
