package rules

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// RequirementsFileCase reports a requirements file whose name differs
// from "requirements.md" only in case.
var RequirementsFileCase = &lint.Analyzer{
	Name:     "requirements-file-case",
	Severity: lint.Info,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "requirements file name is not exactly requirements.md",
		Why:   "only a sibling file named exactly `requirements.md` is registered automatically; `REQUIREMENTS.md` is found on case-insensitive disks only, or not at all",
		Bad:   "<!-- next to REQUIREMENTS.md -->\n# App\n",
		Good:  "<!-- next to REQUIREMENTS.md -->\n# App\n\n[!requirements](REQUIREMENTS.md)\n",

		Severity: "spec.md §1.6: found on case-insensitive disks only (portability)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		doc := pass.Doc
		// caseName returns the name of the file equal to p ignoring case
		// (in p's directory), and whether it matches exactly; the
		// workspace indexes each directory's names once per run.
		caseName := func(p string) (string, bool) {
			name, exact, _ := ws.FoldName(p)
			return name, exact
		}
		reqs := directivesOf(doc, "requirements")
		for _, d := range reqs {
			if !isLocalPath(d.Path) {
				continue
			}
			file, _, _ := splitTarget(d.Path)
			if name, exact := caseName(file); !exact && name != "" {
				dir, _ := path.Split(file)
				pass.Reportf(d.PathSpan, "requirements path %q differs in case from the file %q, which case-sensitive systems do not find; write %q", d.Path, name, dir+name)
			}
		}
		if len(reqs) > 0 || strings.EqualFold(filepath.Base(doc.Path), "requirements.md") {
			return nil, nil
		}
		name, exact := caseName("requirements.md")
		if exact || name == "" {
			return nil, nil
		}
		span := firstTokenSpan(doc)
		if !span.IsValid() {
			return nil, nil
		}
		pass.Reportf(span, "sibling file %q is not registered automatically: only \"requirements.md\" is; rename it to \"requirements.md\" or add [!requirements](%s)", name, name)
		return nil, nil
	},
}

// firstTokenSpan is the span of the first non-blank line of the document
// (trimmed), the place for findings about the document as a whole.
func firstTokenSpan(doc *sfmd.Document) sfmd.Span {
	li := index(doc)
	for l := 1; l <= li.LineCount(); l++ {
		text := string(li.Line(l))
		t := strings.TrimSpace(text)
		if t == "" {
			continue
		}
		s := li.LineStart(l) + strings.Index(text, t)
		return spanAt(doc, s, s+len(t))
	}
	return sfmd.Span{}
}
