package rules

import (
	"path/filepath"
	"strings"

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
		visited := map[string]bool{}
		// pathTo finds a chain of includes from abs back to self.
		var pathTo func(abs string, depth int) []string
		pathTo = func(abs string, depth int) []string {
			if abs == self {
				return []string{abs}
			}
			if visited[abs] || len(visited) >= maxIncludeWalk || depth > 50 {
				return nil
			}
			visited[abs] = true
			doc, err := ws.Document(abs)
			if err != nil || doc == nil {
				return nil
			}
			for _, c := range children(doc, abs) {
				if chain := pathTo(c, depth+1); chain != nil {
					return append([]string{abs}, chain...)
				}
			}
			return nil
		}
		for _, d := range directivesOf(pass.Doc, "include") {
			file, _, ok := includeFile(pass.Doc, d)
			if !ok {
				continue
			}
			target := filepath.Join(filepath.Dir(self), filepath.FromSlash(file))
			clear(visited)
			chain := pathTo(target, 0)
			if chain == nil {
				continue
			}
			names := []string{display(self)}
			for _, c := range chain {
				names = append(names, display(c))
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

// maxIncludeWalk bounds the number of documents include-cycle visits from
// one document.
const maxIncludeWalk = 200
