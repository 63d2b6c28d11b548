package rules

import (
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The body analysis shared by the rules about request bodies: `body:` sections and `-d '…'` (spec.md
// §2.10; runtime-semantics.md §1.8).

// bodyText is one body template of an action with the map from its text
// back to the file (body text has the common indentation removed).
type bodyText struct {
	Action *sfmd.Action
	T      *sfmd.Template
	Site   site
	Where  sfmd.Span // the `body:` directive or the -d flag
	// T.Text's pieces (its lines, or the -d text whole), laid out by
	// layPieces in one array: where each starts in T.Text, its file
	// offset (-1 when unknown) and the pieces whose offset is known, in
	// order (file order: the pieces are lines of the file in order), so
	// that textOffset and fileOffset are binary searches (a body of
	// 200,000 lines with a reference on each took 20 s with a scan of the
	// pieces per reference)
	starts []int
	base   []int
	known  []int

	scanned bool // scan's results, computed once
	out     string
	refs    []bodyRef
}

// bodiesAnalyzer collects the body templates of each action, and their
// JSON scans, once for the body rules.
var bodiesAnalyzer = &lint.Analyzer{
	Name:   "bodies",
	Shared: true,
	Doc: lint.Doc{
		Title: "body templates of each action",
		Why:   "shared analysis: the -d and body: templates of each action, mapped back to the file, with their placeholder-substituted JSON text",
	},
	Run: func(pass *lint.Pass) (any, error) {
		return &bodyTable{doc: pass.Doc}, nil
	},
}

// bodyTable is the bodiesAnalyzer result: actionBodies per action, by
// its index in doc.Actions, computed on first use. Read-only for rules.
type bodyTable struct {
	doc *sfmd.Document
	// byAction[i] is made at the first action asked for (most documents
	// have no action a body rule asks about); done[i] says it is computed
	byAction [][]bodyText
	done     []bool
	// the references docModRefs returns, found once
	mods    []modRef
	modDone bool
}

// docBodies returns actionBodies(pass.Doc, pass.Doc.Actions[i]), shared
// through bodiesAnalyzer when the rule requires it.
func docBodies(pass *lint.Pass, i int) []bodyText {
	a := pass.Doc.Actions[i]
	t, ok := pass.ResultOf[bodiesAnalyzer].(*bodyTable)
	if !ok {
		return actionBodies(pass.Doc, a)
	}
	if t.done == nil {
		t.byAction = make([][]bodyText, len(t.doc.Actions))
		t.done = make([]bool, len(t.doc.Actions))
	}
	if !t.done[i] {
		t.byAction[i] = actionBodies(t.doc, a)
		t.done[i] = true
	}
	return t.byAction[i]
}

// modRef is a {field|modifier} reference of a body template of Action.
type modRef struct {
	Action *sfmd.Action
	Ref    *sfmd.VarRef
}

// docModRefs returns the {field} references with a modifier of the body
// templates of every action (those actionBodies keeps), in action, body
// and reference order: what the two modifier rules read, found once per
// document rather than by each rule walking every reference (each body
// of the 10 MB document has one).
func docModRefs(pass *lint.Pass) []modRef {
	t, ok := pass.ResultOf[bodiesAnalyzer].(*bodyTable)
	if ok && t.modDone {
		return t.mods
	}
	var out []modRef
	for i, a := range pass.Doc.Actions {
		if !modifiedRefs(a) {
			continue // no body table for it
		}
		bs := docBodies(pass, i)
		for k := range bs {
			for _, r := range bs[k].T.Refs {
				if r.Kind == sfmd.RefVar && len(r.Modifiers) > 0 {
					out = append(out, modRef{a, r})
				}
			}
		}
	}
	if ok {
		t.mods, t.modDone = out, true
	}
	return out
}

// modifiedRefs reports whether a body template of a (the -d body or a
// body: section, whatever actionBodies keeps of them) holds a {field}
// placeholder with a modifier: the only references the modifier rules
// read, so that an action without one needs no body table.
func modifiedRefs(a *sfmd.Action) bool {
	has := func(t *sfmd.Template) bool {
		if t == nil {
			return false
		}
		for _, r := range t.Refs {
			if r.Kind == sfmd.RefVar && len(r.Modifiers) > 0 {
				return true
			}
		}
		return false
	}
	if a.InlineBody != nil && has(a.InlineBody.Template) {
		return true
	}
	for _, b := range a.Bodies {
		if has(b.Template) {
			return true
		}
	}
	return false
}

// actionBodies returns the non-empty body templates of a, in one array
// (one allocation an action, not one a body and a slice of pointers).
func actionBodies(doc *sfmd.Document, a *sfmd.Action) []bodyText {
	ib := a.InlineBody
	inline := ib != nil && ib.Template != nil && strings.TrimSpace(ib.Template.Text) != "" && !inlineBodyBroken(doc, ib)
	n := 0
	if inline {
		n++
	}
	for _, body := range a.Bodies {
		if body.Template != nil && strings.TrimSpace(body.Template.Text) != "" {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]bodyText, 0, n)
	if inline {
		out = append(out, bodyText{Action: a, T: ib.Template, Site: siteInlineBody, Where: ib.Span})
		b := &out[len(out)-1]
		b.layPieces(false)
		b.base[0] = lineOffset(doc, ib.Template.Text, ib.Template.Span)
		b.indexKnown()
	}
	for _, body := range a.Bodies {
		if body.Template == nil || strings.TrimSpace(body.Template.Text) == "" {
			continue
		}
		out = append(out, bodyText{Action: a, T: body.Template, Site: siteBody, Where: body.DirectiveSpan})
		b := &out[len(out)-1]
		b.layPieces(true)
		if len(b.starts) == len(body.Lines) {
			for k, l := range body.Lines {
				p := b.piece(k)
				if off := lineOffset(doc, l.Text, l.Span); off >= 0 && strings.HasSuffix(l.Text, p) {
					b.base[k] = off + len(l.Text) - len(p)
				}
			}
		}
		b.indexKnown()
	}
	return out
}

// layPieces cuts T.Text into its lines (split) or keeps it whole, with
// their file offsets unknown (-1): starts, base and known's room in one
// array.
func (b *bodyText) layPieces(split bool) {
	text := b.T.Text
	n := 1
	if split {
		n += strings.Count(text, "\n")
	}
	all := make([]int, 3*n)
	b.starts, b.base, b.known = all[:n:n], all[n:2*n:2*n], all[2*n:2*n]
	start := 0
	for k := range n {
		b.starts[k] = start
		b.base[k] = -1
		if k+1 < n {
			start += strings.IndexByte(text[start:], '\n') + 1
		}
	}
}

// piece is T.Text's piece k.
func (b *bodyText) piece(k int) string {
	end := len(b.T.Text)
	if k+1 < len(b.starts) {
		end = b.starts[k+1] - 1
	}
	return b.T.Text[b.starts[k]:end]
}

// indexKnown lists the pieces whose file offset is known, once base is
// set.
func (b *bodyText) indexKnown() {
	b.known = b.known[:0]
	for k, f := range b.base {
		if f >= 0 {
			b.known = append(b.known, k)
		}
	}
}

// inlineBodyBroken reports whether the parser found the -d body
// unterminated or cut short (body-inline-unterminated reports it; its text
// is not the body the author wrote).
func inlineBodyBroken(doc *sfmd.Document, ib *sfmd.InlineBody) bool {
	if !ib.Closed {
		return true
	}
	for _, p := range doc.Problems {
		if p.Code == sfmd.CodeBodyInlineUnterminated && p.Span.Start.Offset < ib.Span.End.Offset+1 && p.Span.End.Offset >= ib.Span.Start.Offset {
			return true
		}
	}
	return false
}

// textOffset maps a file offset to an offset in T.Text, or -1.
func (b *bodyText) textOffset(file int) int {
	// the last known piece starting at or before file
	i := sort.Search(len(b.known), func(i int) bool { return b.base[b.known[i]] > file }) - 1
	if i < 0 {
		return -1
	}
	k := b.known[i]
	if file > b.base[k]+len(b.piece(k)) {
		return -1
	}
	return b.starts[k] + file - b.base[k]
}

// fileOffset maps an offset in T.Text to the file, or -1.
func (b *bodyText) fileOffset(text int) int {
	if text < 0 {
		return -1
	}
	// the last piece starting at or before text
	k := sort.SearchInts(b.starts, text+1) - 1
	if k < 0 || text > b.starts[k]+len(b.piece(k)) || b.base[k] < 0 {
		return -1
	}
	return b.base[k] + text - b.starts[k]
}

// looksJSON reports whether the body is meant as JSON: it starts with
// '{' or '[' and no Content-Type header says otherwise.
func (b *bodyText) looksJSON() bool {
	t := strings.TrimSpace(b.T.Text)
	if t == "" || t[0] != '{' && t[0] != '[' {
		return false
	}
	for _, h := range b.Action.Headers {
		if strings.EqualFold(h.Name, "Content-Type") && h.Value != nil && !strings.Contains(strings.ToLower(h.Value.Text), "json") {
			return false
		}
	}
	return true
}

// bodyRef is a reference of a body with its position in the body text
// and its JSON context.
type bodyRef struct {
	Ref      *sfmd.VarRef
	Start    int  // offset in T.Text
	InString bool // inside a JSON string literal (after substitution of the quotes around it)
}

// scan substitutes the references of the body the way rule 138 asks
// (a quoted placeholder becomes a string, a raw one 0, $VAR 0) and returns
// the result and the references with their JSON context, computed once.
// The map from the result's bytes back to T.Text (offsets) is made only
// for a body whose JSON is broken: one int a byte, for every body, was the
// largest allocation of the body rules on a large document.
func (b *bodyText) scan() (string, []bodyRef) {
	if !b.scanned {
		b.out, _, b.refs = b.doScan(false)
		b.scanned = true
	}
	return b.out, b.refs
}

// offsets returns the map from each byte of scan's result to its offset in
// T.Text (the byte that produced it: a reference's first byte for its
// substitute, an escape's backslash for both its bytes).
func (b *bodyText) offsets() []int {
	_, omap, _ := b.doScan(true)
	return omap
}

// doScan is scan, and with withMap its offset map; the result and the
// references do not depend on withMap (TestBodyScanWithoutMap).
func (b *bodyText) doScan(withMap bool) (string, []int, []bodyRef) {
	text := b.T.Text
	var refs []bodyRef
	if len(b.T.Refs) > 0 {
		refs = make([]bodyRef, 0, len(b.T.Refs)) // at most one a reference: no growing
	}
	for _, r := range b.T.Refs {
		if s := b.textOffset(r.Span.Start.Off()); s >= 0 && s+len(r.Raw) <= len(text) && text[s:s+len(r.Raw)] == r.Raw {
			refs = append(refs, bodyRef{Ref: r, Start: s})
		}
	}
	var omap []int
	if withMap {
		omap = make([]int, 0, len(text))
	} else if len(refs) == 0 {
		return text, nil, refs // nothing substituted, no JSON context to find
	}
	var out strings.Builder
	out.Grow(len(text))
	inStr := false
	k := 0
	done := 0 // text[:done] is written to out
	for i := 0; i < len(text); {
		if k < len(refs) && refs[k].Start == i {
			r := refs[k].Ref
			refs[k].InString = inStr
			out.WriteString(text[done:i])
			if r.Kind != sfmd.RefPersistent && r.QuotedBefore && r.QuotedAfter {
				out.WriteByte('s')
			} else {
				out.WriteByte('0')
			}
			if withMap {
				omap = append(omap, i)
			}
			i += len(r.Raw)
			done = i
			k++
			continue
		}
		for k < len(refs) && refs[k].Start < i {
			k++ // overlapping reference: skip
		}
		c := text[i]
		if inStr && c == '\\' && i+1 < len(text) {
			if withMap {
				omap = append(omap, i, i)
			}
			i += 2
			continue
		}
		if c == '"' {
			inStr = !inStr
		}
		if withMap {
			omap = append(omap, i)
		}
		i++
		if !withMap {
			i = plainRun(text, i, refs[k:])
		}
	}
	out.WriteString(text[done:])
	return out.String(), omap, refs
}

// plainRun returns the end of the bytes from i on that doScan would pass
// over one at a time without a change: up to the next of refs to start
// (they start at or after i, in order) or the next '"' or '\\'.
func plainRun(text string, i int, refs []bodyRef) int {
	end := len(text)
	if len(refs) > 0 && refs[0].Start < end {
		end = refs[0].Start
	}
	for i < end && text[i] != '"' && text[i] != '\\' {
		i++
	}
	return i
}

// sendsBody reports whether the action's method sends a request body.
func sendsBody(a *sfmd.Action) bool {
	return a.Method == sfmd.MethodPOST || a.Method == sfmd.MethodPUT || a.Method == sfmd.MethodPATCH
}
