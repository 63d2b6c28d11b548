package rules

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the publish/install checks of the package profile (spec.md §1.13, §2.14,
// rules 194-198). They apply to a package root: a document named
// string.md, or a document that declares package metadata (`type` or
// `namespace`) and has no string.md next to it. With a Workspace the
// directory is looked at (a sibling string.md makes the document a page
// of that package; a subdirectory file must exist and not be listed in an
// install manifest next to the root); without one (a Check outside the
// driver) the document is judged alone. Nothing is reported for stdin
// without a file name.

// packageRoot reports whether the pass's document is a package root and
// whether it is named string.md.
func packageRoot(pass *lint.Pass) (root, named bool) {
	doc := pass.Doc
	base := filepath.Base(doc.Path)
	if base == "string.md" {
		return true, true
	}
	if ext := filepath.Ext(base); ext != ".md" && ext != ".sfmd" {
		return false, false // stdin without a name: the layout is unknown
	}
	if doc.Frontmatter.Get("type") == nil && doc.Frontmatter.Get("namespace") == nil {
		return false, false
	}
	if pass.Workspace != nil && pass.Workspace.Exists("string.md") {
		return false, false // a page of the package string.md roots
	}
	return true, false
}

// headSpan is where a finding about the whole document points: the
// opening frontmatter delimiter, else the first line.
func headSpan(doc *sfmd.Document) sfmd.Span {
	if fm := doc.Frontmatter; fm != nil && fm.Span.IsValid() {
		s := fm.Span.Start.Off()
		return spanAt(doc, s, min(s+3, len(doc.Src)))
	}
	idx := index(doc)
	if idx.LineCount() == 0 || len(doc.Src) == 0 {
		return spanAt(doc, 0, 0)
	}
	end := idx.LineEnd(1)
	if end <= 0 {
		end = min(1, len(doc.Src))
	}
	return spanAt(doc, 0, end)
}

// packageLinks calls fn for every relative .md destination of the
// document's nav, menu, include and requirements directives and links, with
// its cleaned path, until fn returns false.
func packageLinks(pass *lint.Pass, fn func(dest, p string, span sfmd.Span, what string) bool) {
	doc := pass.Doc
	for _, d := range doc.Directives {
		switch d.Type {
		case "nav", "menu", "include", "requirements":
			if p, ok := localPath(d.Path); ok && d.PathSpan.IsValid() && !fn(d.Path, p, d.PathSpan, d.Type+" target") {
				return
			}
		}
	}
	for _, l := range doc.Links {
		if l.IsAct {
			continue
		}
		if p, ok := localPath(l.Dest); ok && strings.HasSuffix(p, ".md") && l.DestSpan.IsValid() && !fn(l.Dest, p, l.DestSpan, "linked page") {
			return
		}
	}
}

// localPath returns the cleaned, slash-separated path of a relative
// destination inside the document's directory (its subdirectories
// included), without "./", query or fragment.
func localPath(dest string) (string, bool) {
	d := strings.TrimSpace(dest)
	if i := strings.IndexAny(d, "#?"); i >= 0 {
		d = d[:i]
	}
	if d == "" || strings.HasPrefix(d, "/") || strings.HasPrefix(d, "\\") || strings.Contains(d, ":") {
		return "", false // absolute, a URL (https:, act:, mailto:) or a fragment
	}
	p := path.Clean(strings.ReplaceAll(d, "\\", "/"))
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}
