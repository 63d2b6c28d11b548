package model

import (
	"sync"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Parsed is a document as the reference parser reads it. A suite run makes
// one with Parse and hands it to every call through Runtime.Parsed. It is
// never modified (but for an index of its actions, built once under
// sync.Once), so calls (and goroutines) may share it.
type Parsed struct {
	doc *sfmd.Document
	ref *refDoc

	byIDOnce sync.Once
	byID     map[string]*refAction // the first action of each id (dry runs)
}

// Parse reads doc.Src with the reference parser (nil for a nil doc). Src
// must not change afterwards.
func Parse(doc *sfmd.Document) *Parsed {
	if doc == nil {
		return nil
	}
	return &Parsed{doc: doc, ref: parseRef(string(doc.Src))}
}

// refDoc is the reference parse of rt.Doc, or nil without a document:
// rt.Parsed when it was made from rt.Doc, else a parse of its own.
func (rt *Runtime) refDoc() *refDoc {
	if rt.Doc == nil {
		return nil
	}
	if p := rt.Parsed; p != nil && p.doc == rt.Doc {
		return p.ref
	}
	return parseRef(string(rt.Doc.Src))
}
