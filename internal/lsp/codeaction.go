package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/lint"
)

// codeAction offers, for the diagnostics under the range, every fix of
// the rule as a quick fix (the first safe one preferred, unsafe ones
// saying so) and a suppression comment; and for the document, all safe
// fixes at once (source.fixAll.sfmd), exactly what `sfmd lint --fix`
// would write.
func (s *server) codeAction(params json.RawMessage) (any, error) {
	var p CodeActionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	snap, err := s.snapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	t := snap.text
	start, end := t.offset(p.Range.Start, s.enc), t.offset(p.Range.End, s.enc)
	diags := s.currentDiagnostics(snap.d, t)
	out := []CodeAction{}
	fixable := false
	for i := range diags {
		d := &diags[i]
		for _, f := range d.Fixes {
			fixable = fixable || (f.Safe && len(f.Edits) > 0)
		}
		if !wants(p.Context.Only, KindQuickFix) || d.Span.Start.Off() > end || d.Span.End.Off() < start {
			continue
		}
		ld := s.toLSPOne(snap.d.uri, t, d)
		preferred := false
		for _, f := range d.Fixes {
			if len(f.Edits) == 0 {
				continue
			}
			a := CodeAction{Title: fixTitle(f), Kind: KindQuickFix, Diagnostics: []Diagnostic{ld}, Edit: s.fixEdit(snap, f.Edits)}
			if f.Safe && !preferred {
				a.IsPreferred, preferred = true, true
			}
			out = append(out, a)
		}
		if a := s.disableAction(snap, d); a != nil {
			a.Diagnostics = []Diagnostic{ld}
			out = append(out, *a)
		}
	}
	// Fix all lints the document up to maxFixRounds times: not for the
	// requests editors send on every cursor move (triggerKind 2,
	// automatic), unless asked for by kind (on save).
	asked := len(p.Context.Only) > 0 && wants(p.Context.Only, KindFixAllSFMD)
	if fixable && (asked || (len(p.Context.Only) == 0 && p.Context.TriggerKind != 2)) {
		if a := s.fixAllAction(snap); a != nil {
			out = append(out, *a)
		}
	}
	return out, nil
}

// wants reports whether a code action of kind is asked for: no filter,
// or a filter naming the kind or one of its parents.
func wants(only []string, kind string) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if kind == o || strings.HasPrefix(kind, o+".") {
			return true
		}
	}
	return false
}

func fixTitle(f lint.Fix) string {
	title := f.Message
	if title == "" {
		title = "apply the suggested fix"
	}
	title = strings.ToUpper(title[:1]) + title[1:]
	if !f.Safe {
		title += " (unsafe: may change what the document does)"
	}
	return title
}

// fixEdit converts a fix's byte edits to a workspace edit.
func (s *server) fixEdit(snap *snapshot, edits []lint.Edit) *WorkspaceEdit {
	tes := make([]TextEdit, 0, len(edits))
	for _, e := range edits {
		tes = append(tes, s.textEdit(snap.text, e.Start, e.End, e.New))
	}
	return &WorkspaceEdit{Changes: map[string][]TextEdit{snap.d.uri: tes}}
}

// textEdit converts a byte edit, widening it so that it never starts or
// ends between the "\r" and "\n" of a line break (a position cannot say
// that).
func (s *server) textEdit(t *text, start, end int, repl string) TextEdit {
	src := t.src
	start, end = min(max(start, 0), len(src)), min(max(end, 0), len(src))
	if start > 0 && start < len(src) && src[start-1] == '\r' && src[start] == '\n' {
		start--
		repl = "\r" + repl
	}
	if end > 0 && end < len(src) && src[end-1] == '\r' && src[end] == '\n' {
		end++
		repl += "\n"
	}
	return TextEdit{Range: t.rng(start, max(start, end), s.enc), NewText: repl}
}

// disableAction inserts the suppression comment that hides d where
// lint.SuppressionFor puts it (the place sfmd lint --add-noqa uses): at
// the end of its line, before the fenced block holding it (a comment
// inside a fence is code), after the frontmatter for the whole file (a
// comment inside YAML is not one), above a line that must stay alone on
// its line (a block marker, a directive).
func (s *server) disableAction(snap *snapshot, d *lint.Diagnostic) *CodeAction {
	if d.Rule == lint.UnusedSuppression.Name || d.Rule == "" {
		return nil // its fix removes the comment; suppressing it hides nothing
	}
	sup, ok := lint.SuppressionFor(snap.doc, d.Span.Start.Off())
	if !ok {
		return nil
	}
	return s.insertAction(snap, fmt.Sprintf("Disable %s for this %s", d.Rule, sup.Scope), sup.At, sup.Text([]string{d.Rule}, ""))
}

func (s *server) insertAction(snap *snapshot, title string, at int, text string) *CodeAction {
	return &CodeAction{Title: title, Kind: KindQuickFix, Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{
		snap.d.uri: {s.textEdit(snap.text, at, at, text)},
	}}}
}

// lineStartBefore is the start of the line ("\n"-separated, as sfmd and
// the suppressions count lines) holding off.
func lineStartBefore(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// fixAllAction applies the safe fixes in rounds, like `sfmd lint --fix`,
// as one edit of the changed region.
func (s *server) fixAllAction(snap *snapshot) *CodeAction {
	s.mu.Lock()
	overlay := s.overlay()
	s.mu.Unlock()
	old := snap.text.src
	fixed, n, err := s.linter.Fix(s.ctx, lint.Buffer{Path: snap.d.path, Src: old, Overlay: overlay}, lint.FixSafe)
	if err != nil || n == 0 || string(fixed) == string(old) {
		return nil
	}
	start, oldEnd, newEnd := diffRegion(old, fixed)
	title := fmt.Sprintf("Fix all safe sfmd problems (%d)", n)
	return &CodeAction{Title: title, Kind: KindFixAllSFMD, Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{
		snap.d.uri: {s.textEdit(snap.text, start, oldEnd, string(fixed[start:newEnd]))},
	}}}
}

// diffRegion returns the region where a and b differ: a[start:aEnd] is
// replaced by b[start:bEnd], cut on character boundaries.
func diffRegion(a, b []byte) (start, aEnd, bEnd int) {
	n := min(len(a), len(b))
	for start < n && a[start] == b[start] {
		start++
	}
	for start > 0 && start < len(a) && !utf8.RuneStart(a[start]) {
		start--
	}
	suffix := 0
	for suffix < n-start && a[len(a)-1-suffix] == b[len(b)-1-suffix] {
		suffix++
	}
	for suffix > 0 && !utf8.RuneStart(a[len(a)-suffix]) {
		suffix--
	}
	return start, len(a) - suffix, len(b) - suffix
}
