package model

import (
	"unsafe"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Parsed is a document as the reference parser reads it. A suite run makes
// one with Parse and hands it to every call through Runtime.Parsed. It is
// never modified, so calls (and goroutines) may share it.
type Parsed struct {
	doc *sfmd.Document
	ref *refDoc
}

// Parse reads doc.Src with the reference parser (nil for a nil doc). Src
// must not change afterwards.
func Parse(doc *sfmd.Document) *Parsed {
	if doc == nil {
		return nil
	}
	return &Parsed{doc: doc, ref: parseRefSized(srcString(doc.Src), docSizes(doc))}
}

// docSizes are the counts of the linter's parse of doc, which the
// reference parse's lists are made for (the runtime reads about the same
// actions, templates, blocks and shortcuts: the generated 10 MB
// document's lists grew to 17,100 actions, templates and blocks and
// 5,700 shortcuts); zero for a document not parsed. The shortcuts are
// the linter's [@id Label](url) ones, the form reShortcut reads (its
// list also holds the [Label][@id] uses: twice as many there).
func docSizes(doc *sfmd.Document) refSizes {
	opens, inline := 0, 0
	for _, m := range doc.Markers {
		if m.Open {
			opens++
		}
	}
	for _, s := range doc.Shortcuts {
		if s.Form == sfmd.ShortcutInline {
			inline++
		}
	}
	return refSizes{actions: len(doc.Actions), responses: len(doc.Responses), blocks: opens, shortcuts: inline}
}

// srcString is src as a string without a copy (a 10 MB document's
// reference parse held a second 10 MB): the parse's strings point into
// src, as sfmd.Parse's do, which is why Src must not change.
func srcString(src []byte) string {
	if len(src) == 0 {
		return ""
	}
	return unsafe.String(&src[0], len(src))
}

// refDoc is the reference parse of rt.Doc, or nil without a document:
// rt.Parsed when it was made from rt.Doc, else the parse of the current
// page when that is rt.Doc's text (a page opened by /open, which every
// command on it parsed again), else a parse of its own.
func (rt *Runtime) refDoc() *refDoc {
	if rt.Doc == nil {
		return nil
	}
	if p := rt.Parsed; p != nil && p.doc == rt.Doc {
		return p.ref
	}
	src := srcString(rt.Doc.Src)
	if s := rt.Session; s != nil && s.nav.cur != nil {
		if pg := s.nav.cur.pg; pg != nil && pg.src == src {
			return pg.ref
		}
	}
	return parseRef(src)
}
