package rules

import (
	"path/filepath"
	"strings"
	"sync"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// IncludeCycle reports includes that lead back to the document.
var IncludeCycle = &lint.Analyzer{
	Name:     "include-cycle",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "include leads back to the including document",
		Why:   "circular includes are an error: the compiler would expand the documents into each other forever",
		Bad:   "<!-- a.md; b.md has [!include:a](a.md) -->\n[!include:b](b.md)\n",
		Good:  "<!-- a.md; b.md includes nothing -->\n[!include:b](b.md)\n",

		Severity: "renderer.ts expandIncludes puts \"⚠ Circular include detected\" in the page instead of the content",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		incs := directivesOf(pass.Doc, "include")
		if len(incs) == 0 {
			return nil, nil // a cycle is reported at an include of this document: most have none
		}
		self := ws.Resolve(filepath.Base(pass.Doc.Path))
		display := func(abs string) string {
			if rel, err := filepath.Rel(filepath.Dir(self), abs); err == nil {
				return filepath.ToSlash(rel)
			}
			return abs
		}
		// children returns the absolute paths a document includes.
		children := func(doc *sfmd.Document, abs string) []string {
			var out []string
			for _, d := range directivesOf(doc, "include") {
				if file, _, ok := includeFile(doc, d); ok {
					out = append(out, filepath.Join(filepath.Dir(abs), filepath.FromSlash(file)))
				}
			}
			return out
		}
		graph := ws.Memo(includeGraphKey{}, func() any { return &includeGraph{edges: map[string][]string{}} }).(*includeGraph)
		toSelf := pathsToSelf(self, children(pass.Doc, self), func(abs string) []string {
			return graph.includes(abs, func() []string {
				doc, err := ws.Document(abs)
				if err != nil || doc == nil {
					return nil
				}
				return children(doc, abs)
			})
		})
		for _, d := range incs {
			file, _, ok := includeFile(pass.Doc, d)
			if !ok {
				continue
			}
			target := filepath.Join(filepath.Dir(self), filepath.FromSlash(file))
			if _, ok := toSelf[target]; !ok {
				continue
			}
			names := []string{display(self)}
			for c := target; ; c = toSelf[c] {
				names = append(names, display(c))
				if c == self {
					break
				}
			}
			span := d.PathSpan
			if !span.IsValid() || span.Len() == 0 {
				span = d.Span
			}
			pass.Reportf(span, "include %q forms a cycle: %s; remove one of the includes", d.Name, strings.Join(names, " -> "))
		}
		return nil, nil
	},
}

// pathsToSelf finds, for every document the include graph leads to from
// self (whose includes are first), the next document on a shortest chain
// of includes back to self: next[abs] is abs's include toward self, and
// next[self] is self. A document missing from next does not lead back.
//
// It has no depth cap: one breadth-first walk visits each document that
// can be reached once (a visited set), then one walk back from self over
// the includes found gives the chains, so the cost is the size of the
// include graph reachable from self, however long its cycles (and each
// document is read once per run: includeGraph).
func pathsToSelf(self string, first []string, includes func(abs string) []string) map[string]string {
	edges := map[string][]string{self: first}
	queue := []string{self}
	queued := map[string]bool{self: true}
	for i := 0; i < len(queue); i++ {
		abs := queue[i]
		if i > 0 {
			edges[abs] = includes(abs)
		}
		for _, k := range edges[abs] {
			if !queued[k] {
				queued[k] = true
				queue = append(queue, k)
			}
		}
	}
	back := map[string][]string{} // document -> the documents including it
	for _, abs := range queue {
		for _, k := range edges[abs] {
			back[k] = append(back[k], abs)
		}
	}
	next := map[string]string{self: self}
	for walk := []string{self}; len(walk) > 0; walk = walk[1:] {
		for _, p := range back[walk[0]] {
			if _, ok := next[p]; !ok {
				next[p] = walk[0]
				walk = append(walk, p)
			}
		}
	}
	return next
}

// includeGraph is the include graph of a run, shared by the documents of
// the run (Workspace.Memo): each document's includes are read once per
// run, not once per document that leads to it.
type includeGraph struct {
	mu    sync.Mutex
	edges map[string][]string // document -> the documents it includes
}

type includeGraphKey struct{}

// includes returns the includes of the document at abs, read by read the
// first time.
func (g *includeGraph) includes(abs string, read func() []string) []string {
	g.mu.Lock()
	kids, ok := g.edges[abs]
	g.mu.Unlock()
	if ok {
		return kids
	}
	kids = read()
	g.mu.Lock()
	g.edges[abs] = kids
	g.mu.Unlock()
	return kids
}
