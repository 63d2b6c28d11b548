package rules

import (
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Publish/install checks of the package profile (spec.md §1.13, §2.14,
// rules 194-198). They apply to a package root: a document named
// string.md, or a document that declares package metadata (`type` or
// `namespace`) and has no string.md next to it. With a Workspace the
// directory is looked at (a sibling string.md makes the document a page
// of that package; a subdirectory file must exist and not be listed in an
// install manifest next to the root); without one (a Check outside the
// driver) the document is judged alone. Nothing is reported for stdin
// without a file name.

func init() {
	register(PackageMissingName, PackageMissingType, PackageMissingNamespace, PackageRootNotStringMD, PackageSubdirNotCopied)
}

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
		s := fm.Span.Start.Offset
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

var packageNameRe = idPattern{nameChars, nameChars} // ^[a-zA-Z0-9_-]+$

// packageDirName is the name of the document's directory when it is a
// valid package name, else "".
func packageDirName(pass *lint.Pass) string {
	var dir string
	if pass.Workspace != nil {
		dir = pass.Workspace.Resolve(".")
	} else {
		dir = filepath.Dir(pass.Doc.Path)
	}
	n := filepath.Base(dir)
	if n == "." || n == "/" || !packageNameRe.MatchString(n) {
		return ""
	}
	return n
}

// PackageMissingName reports package roots without a name.
var PackageMissingName = &lint.Analyzer{
	Name:     "package-missing-name",
	Severity: lint.Info,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package root has no name",
		Why:   "`/install` registers the package under its frontmatter `name`; without it the file name is used (\"string\" for string.md), which says nothing and collides with other packages",
		Bad:   "---\ntype: app\nnamespace: cookbook\n---\n\n# Weather\n",
		Good:  "---\nname: weather\ntype: app\nnamespace: cookbook\n---\n\n# Weather\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, _ := packageRoot(pass)
		if !root {
			return nil, nil
		}
		if n, _ := pass.Doc.Frontmatter.String("name"); n != "" {
			return nil, nil
		}
		want := packageDirName(pass)
		if want == "" {
			want = "<name>"
		}
		pass.Reportf(headSpan(pass.Doc), "package root has no \"name\", so /install names the package after the file; add \"name: %s\" to the frontmatter", want)
		return nil, nil
	},
}

// PackageMissingType reports package roots without a type.
var PackageMissingType = &lint.Analyzer{
	Name:     "package-missing-type",
	Severity: lint.Warning,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package root has no type",
		Why:   "`/install` needs to know whether it installs an app or a tool: without `type` (and without --app/--tool or a manifest) it fails",
		Bad:   "---\nname: weather\nnamespace: cookbook\n---\n\n# Weather\n",
		Good:  "---\nname: weather\nnamespace: cookbook\ntype: app\n---\n\n# Weather\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, _ := packageRoot(pass)
		doc := pass.Doc
		if !root || doc.Frontmatter.Get("type") != nil {
			return nil, nil
		}
		msg := "package root has no \"type\", so /install cannot tell an app from a tool without --app or --tool; add \"type: app\" or \"type: tool\" to the frontmatter"
		if c, _ := doc.Frontmatter.String("category"); c != "" {
			msg = fmt.Sprintf("package root has no \"type\" (\"category: %s\" is the older field /install does not read); rename \"category\" to \"type\"", c)
		}
		pass.Reportf(headSpan(doc), "%s", msg)
		return nil, nil
	},
}

// PackageMissingNamespace reports package roots without a namespace.
var PackageMissingNamespace = &lint.Analyzer{
	Name:     "package-missing-namespace",
	Severity: lint.Info,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package root has no namespace",
		Why:   "(namespace, name) is a package's identity at install: without a namespace, two publishers' packages of one name cannot be told apart and a reinstall cannot be told from a conflict",
		Bad:   "---\nname: weather\ntype: app\n---\n\n# Weather\n",
		Good:  "---\nname: weather\ntype: app\nnamespace: cookbook\n---\n\n# Weather\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, _ := packageRoot(pass)
		if !root {
			return nil, nil
		}
		if n, _ := pass.Doc.Frontmatter.String("namespace"); n != "" {
			return nil, nil
		}
		pass.Reportf(headSpan(pass.Doc), "package root has no \"namespace\"; add \"namespace: <publisher>\" to the frontmatter so that (namespace, name) identifies the package")
		return nil, nil
	},
}

// PackageRootNotStringMD reports package roots not named string.md.
var PackageRootNotStringMD = &lint.Analyzer{
	Name:     "package-root-not-string-md",
	Severity: lint.Warning,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package entry document is not named string.md",
		Why:   "the entry document of a package MUST be named string.md: a local `/install` copies the pages next to string.md, and `app:<name>` opens string.md; a single-file app may have any name",
		Bad:   "---\nname: weather\ntype: app\n---\n\n# Weather\n\nSee the [forecast](forecast.md).\n",
		Good:  "---\nname: weather\ntype: app\n---\n\n# Weather\n\nA single-file app.\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, named := packageRoot(pass)
		if !root || named {
			return nil, nil
		}
		// A single-file app installs from an explicit path under any name;
		// the name matters once the package has pages, which are copied
		// only when they sit next to a string.md.
		page, pageSpan := "", sfmd.Span{}
		packageLinks(pass, func(dest, p string, span sfmd.Span, _ string) bool {
			if strings.Contains(p, "/") {
				return true
			}
			if ws := pass.Workspace; ws != nil && !ws.Exists(p) {
				return true
			}
			page, pageSpan = p, span
			return false
		})
		if page == "" {
			return nil, nil
		}
		fm := pass.Doc.Frontmatter
		f := fm.Get("type")
		if f == nil {
			f = fm.Get("namespace")
		}
		pass.Report(lint.Diagnostic{
			Span:    f.KeySpan,
			Message: fmt.Sprintf("%q declares package metadata (%q) and has pages (%q), but only a package entry named \"string.md\" gets its pages installed with it; rename the file to string.md", filepath.Base(pass.Doc.Path), f.Key, page),
			Related: []lint.Related{{Span: pageSpan, Message: "page linked here"}},
		})
		return nil, nil
	},
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

// PackageSubdirNotCopied reports links from a package root to files in
// subdirectories, which a local install does not copy.
var PackageSubdirNotCopied = &lint.Analyzer{
	Name:     "package-subdir-not-copied",
	Severity: lint.Warning,
	Profile:  lint.Package,
	Doc: lint.Doc{
		Title: "package root links to a file a local install does not copy",
		Why:   "a local `/install` copies only the .md files next to string.md; a nav menu, include or page in a subdirectory is missing after install unless an install manifest lists it",
		Bad:   "---\nname: mail\ntype: app\n---\n\n[!nav:main](nav/main.md)\n",
		Good:  "---\nname: mail\ntype: app\n---\n\n[!nav:main](main-nav.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		root, _ := packageRoot(pass)
		if !root {
			return nil, nil
		}
		var listed map[string]bool
		packageLinks(pass, func(dest, p string, span sfmd.Span, what string) bool {
			if !strings.Contains(p, "/") {
				return true
			}
			if ws := pass.Workspace; ws != nil {
				if !ws.Exists(p) {
					return true // a missing target is the project rules' finding
				}
				if listed == nil {
					listed = manifestPaths(ws)
				}
				if listed[p] {
					return true
				}
			}
			pass.Reportf(span, "%s %q is in a subdirectory, which a local /install does not copy (only the .md files next to the package root); move it next to the root or ship an install manifest whose files list %q", what, dest, p)
			return true
		})
		return nil, nil
	},
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

// maxManifestBytes bounds the JSON files read when looking for an install
// manifest next to a package root.
const maxManifestBytes = 1 << 20

// manifestPaths returns the paths listed by the install manifests (JSON
// files with a "files" array) next to the document.
func manifestPaths(ws *lint.Workspace) map[string]bool {
	out := map[string]bool{}
	entries, err := ws.ListDir(".")
	if err != nil {
		return out
	}
	for _, e := range entries {
		if e.IsDir() || !strings.EqualFold(filepath.Ext(e.Name()), ".json") {
			continue
		}
		if info, err := e.Info(); err != nil || info.Size() > maxManifestBytes {
			continue
		}
		b, err := ws.ReadFile(e.Name())
		if err != nil {
			continue
		}
		var m struct {
			Files []struct {
				Path string `json:"path"`
			} `json:"files"`
		}
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		for _, f := range m.Files {
			out[path.Clean(strings.TrimPrefix(f.Path, "./"))] = true
		}
	}
	return out
}
