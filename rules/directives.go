package rules

import (
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about directives [!type:name](path): nav menus and their menu
// files, includes, requirements (spec.md §1.6, §2.4). The name pattern and
// duplicate rules live with the identifier and duplicate rules. The
// project-profile rules read other files through Pass.Workspace and report
// nothing without one.

func init() {
	register(
		DirectiveNotOwnLine,
		DirectiveMissingIdentifier,
		DirectiveUnknownType,
		DirectiveMenuLegacy,
		DirectiveInsideBlock,
		NavNameReserved,
		NavPathMissing,
		NavPathNotRelativeMD,
		NavTargetNotFound,
		PathDotSlashPrefix,
		MenuFileExtraContent,
		MenuShortcutDuplicate,
		MenuEntryTargetNotFound,
		IncludePathNotRelativeMD,
		IncludeTargetNotFound,
		IncludeBlockNotFound,
		IncludeCycle,
		IncludeFragmentWithoutPath,
		RequirementsDuplicate,
		RequirementsHasIdentifier,
		RequirementsTargetNotFound,
		RequirementsFileCase,
	)
}

// knownDirectives are the directive types the spec and the reference
// runtime define (menu is the legacy alias of nav).
var knownDirectives = []string{"nav", "include", "requirements", "menu"}

// directivesOf returns the own-line directives of the given types (all
// known types when none are given).
func directivesOf(doc *sfmd.Document, types ...string) []*sfmd.Directive {
	if len(types) == 0 {
		types = knownDirectives
	}
	var out []*sfmd.Directive
	for _, d := range doc.Directives {
		if d.OwnLine && hasString(types, d.Type) {
			out = append(out, d)
		}
	}
	return out
}

// schemeRe matches a URI scheme ("https:", "app:", "tool:", "act:").
var schemeRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// splitTarget splits a directive or link path into the file part and the
// #fragment; a ?query is dropped and %-escapes are decoded.
func splitTarget(p string) (file, frag string, hasFrag bool) {
	p = strings.TrimSpace(p)
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p, frag, hasFrag = p[:i], p[i+1:], true
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	if strings.Contains(p, "%") {
		if u, err := url.PathUnescape(p); err == nil {
			p = u
		}
	}
	return p, frag, hasFrag
}

// isMarkdownFile reports whether p names a Markdown file.
func isMarkdownFile(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".markdown", ".sfmd":
		return true
	}
	return false
}

// isLocalPath reports whether a link target is a path on disk (not a URL,
// app:/tool: name, @shortcut, act: link, mailto: or pure fragment).
func isLocalPath(p string) bool {
	p = strings.TrimSpace(p)
	return p != "" && !schemeRe.MatchString(p) && !strings.HasPrefix(p, "#") && !strings.HasPrefix(p, "@") && !strings.HasPrefix(p, "//")
}

// relMDProblem says why p is not a relative path to a Markdown file, or "".
func relMDProblem(p string) string {
	file, _, _ := splitTarget(p)
	switch {
	case schemeRe.MatchString(p) || strings.HasPrefix(p, "//"):
		return "is a URL, not a relative path"
	case strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || filepath.IsAbs(file):
		return "is an absolute path, not a relative one"
	case !isMarkdownFile(file):
		return "is not a Markdown (.md) file"
	}
	return ""
}

// DirectiveNotOwnLine reports directives written inside a line of text.
var DirectiveNotOwnLine = &lint.Analyzer{
	Name:     "directive-not-own-line",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "directive is not on its own line",
		Why:   "a directive MUST be alone on its line; inside text it is rendered as an ordinary link and never registered",
		Bad:   "See [!nav:main](nav/main.md) for menus\n",
		Good:  "[!nav:main](nav/main.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range pass.Doc.Directives {
			if d.OwnLine || !hasString(knownDirectives, d.Type) {
				continue
			}
			pass.Reportf(d.Span, "%s directive shares its line with other text, so it is rendered as a link and never registered; put it on a line of its own", d.Type)
		}
		return nil, nil
	},
}

// DirectiveMissingIdentifier reports nav and include directives without a
// name.
var DirectiveMissingIdentifier = &lint.Analyzer{
	Name:     "directive-missing-identifier",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav or include directive without an identifier",
		Why:   "nav and include directives need a name (`[!nav:main]`, `[!include:footer]`); the reference parser rejects them with MISSING_IDENTIFIER",
		Bad:   "[!include](footer.md)\n",
		Good:  "[!include:footer](footer.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu", "include") {
			if strings.TrimSpace(d.Name) != "" {
				continue
			}
			name := "name"
			if file, _, _ := splitTarget(d.Path); file != "" {
				if n := sanitizeID(strings.TrimSuffix(path.Base(file), path.Ext(file)), '-', false); n != "" {
					name = n
				}
			}
			pass.Reportf(d.TypeSpan, "%s directive has no identifier; write [!%s:%s](%s)", d.Type, d.Type, name, d.Path)
		}
		return nil, nil
	},
}

// DirectiveUnknownType reports directive types no runtime knows.
var DirectiveUnknownType = &lint.Analyzer{
	Name:     "directive-unknown-type",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "directive type is not nav, include or requirements",
		Why:   "parsers ignore unknown directive types, so a typo like `[!nva:main]` silently drops the menu",
		Bad:   "[!nva:main](nav/main.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range pass.Doc.Directives {
			if !d.OwnLine || hasString(knownDirectives, d.Type) {
				continue
			}
			if d.Type == "" {
				pass.Reportf(d.Span, "directive has no type and is ignored; expected one of \"nav\", \"include\", \"requirements\"")
				continue
			}
			msg := fmt.Sprintf("directive type %q is unknown and ignored", d.Type)
			d2 := lint.Diagnostic{Span: d.TypeSpan}
			if near := nearest(strings.ToLower(d.Type), knownDirectives[:3]); near != "" || hasString(knownDirectives[:3], strings.ToLower(d.Type)) {
				if near == "" {
					near = strings.ToLower(d.Type)
				}
				msg += fmt.Sprintf("; did you mean %q?", near)
				d2.Fixes = []lint.Fix{{Message: fmt.Sprintf("use %q", near),
					Edits: []lint.Edit{{Start: d.TypeSpan.Start.Offset, End: d.TypeSpan.End.Offset, New: near}}}}
			} else {
				msg += "; expected one of \"nav\", \"include\", \"requirements\""
			}
			d2.Message = msg
			pass.Report(d2)
		}
		return nil, nil
	},
}

// DirectiveMenuLegacy reports the legacy [!menu:name] alias of nav.
var DirectiveMenuLegacy = &lint.Analyzer{
	Name:     "directive-menu-legacy",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "menu directive is the legacy form of nav",
		Why:   "only `[!nav:name]` is in the spec; `[!menu:name]` is kept by the reference runtime for backwards compatibility and other runtimes ignore it",
		Bad:   "[!menu:main](nav/main.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "menu") {
			pass.Report(lint.Diagnostic{
				Span:    d.TypeSpan,
				Message: "[!menu:…] is the legacy form of the nav directive; write [!nav:" + d.Name + "]",
				Fixes: []lint.Fix{{Message: "replace \"menu\" with \"nav\"", Safe: true,
					Edits: []lint.Edit{{Start: d.TypeSpan.Start.Offset, End: d.TypeSpan.End.Offset, New: "nav"}}}},
			})
		}
		return nil, nil
	},
}

// DirectiveInsideBlock reports directives inside a block.
var DirectiveInsideBlock = &lint.Analyzer{
	Name:     "directive-inside-block",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "directive inside a block is ignored by the reference runtime",
		Why:   "the reference parser recognises nav, include and requirements directives only outside `<!-- #id -->` blocks",
		Bad:   "<!-- #side -->\n[!nav:main](nav/main.md)\n<!-- /side -->\n",
		Good:  "[!nav:main](nav/main.md)\n\n<!-- #side -->\nSide text.\n<!-- /side -->\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc) {
			if d.InBlock == "" {
				continue
			}
			pass.Reportf(d.Span, "%s directive inside block %q is ignored by the reference runtime; move it outside the block", d.Type, d.InBlock)
		}
		return nil, nil
	},
}

// NavNameReserved reports the reserved nav name "page".
var NavNameReserved = &lint.Analyzer{
	Name:     "nav-name-reserved",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav name page is reserved",
		Why:   "`page` is the namespace of the document's own shortcuts (`/nav page`, `@page.id`); a menu called page MUST NOT be declared",
		Bad:   "[!nav:page](nav/page.md)\n",
		Good:  "[!nav:pages](nav/page.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			if d.Name == "page" {
				pass.Reportf(d.NameSpan, "nav name \"page\" is reserved for the document's own shortcuts (/nav page, @page.id); rename the menu, e.g. \"pages\"")
			}
		}
		return nil, nil
	},
}

// NavPathMissing reports nav directives with an empty path.
var NavPathMissing = &lint.Analyzer{
	Name:     "nav-path-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav directive has no menu file path",
		Why:   "a nav directive needs the path of its menu file; only include may leave the path empty",
		Bad:   "[!nav:main]()\n",
		Good:  "[!nav:main](nav/main.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			if strings.TrimSpace(d.Path) != "" {
				continue
			}
			name := d.Name
			if name == "" {
				name = "main"
			}
			pass.Reportf(d.Span, "nav directive has no menu file path; write [!nav:%s](nav/%s.md) and create that file", d.Name, name)
		}
		return nil, nil
	},
}

// NavPathNotRelativeMD reports nav paths that are URLs, absolute or not
// Markdown.
var NavPathNotRelativeMD = &lint.Analyzer{
	Name:     "nav-path-not-relative-md",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "nav path is not a relative path to a Markdown file",
		Why:   "the menu file MUST be a relative path to a Markdown file; URLs, absolute paths and other files are not loaded as menus",
		Bad:   "[!nav:main](https://example.com/nav.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			if strings.TrimSpace(d.Path) == "" {
				continue
			}
			if why := relMDProblem(d.Path); why != "" {
				pass.Reportf(d.PathSpan, "nav path %q %s; point it at a menu file next to this document, e.g. nav/%s.md", d.Path, why, orDefault(d.Name, "main"))
			}
		}
		return nil, nil
	},
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// localTarget returns the file part of a directive path when it is a
// local relative Markdown path the project rules can check.
func localTarget(p string) (string, bool) {
	if !isLocalPath(p) || relMDProblem(p) != "" {
		return "", false
	}
	file, _, _ := splitTarget(p)
	return file, file != ""
}

// suggestFile returns a did-you-mean for a missing file: the nearest
// Markdown file in the same directory, written like p.
func suggestFile(ws *lint.Workspace, p string) string {
	dir, base := path.Split(p)
	entries, err := ws.ListDir(orDefault(dir, "."))
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && isMarkdownFile(e.Name()) {
			names = append(names, e.Name())
		}
	}
	if n := nearest(base, names); n != "" {
		return dir + n
	}
	return ""
}

// missingMessage ends a "not found" message with a did-you-mean or what
// to do.
func missingMessage(ws *lint.Workspace, p, todo string) string {
	if s := suggestFile(ws, p); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return todo
}

// NavTargetNotFound reports nav directives whose menu file does not exist.
var NavTargetNotFound = &lint.Analyzer{
	Name:     "nav-target-not-found",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "nav menu file does not exist",
		Why:   "`/nav <name>` loads the menu file; when it does not exist the menu is empty and the runtime reports an error",
		Bad:   "[!nav:main](nav/mian.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		for _, d := range directivesOf(pass.Doc, "nav", "menu") {
			file, ok := localTarget(d.Path)
			if !ok || ws.Exists(file) {
				continue
			}
			pass.Reportf(d.PathSpan, "nav menu file %q does not exist; %s", d.Path, missingMessage(ws, file, "create it or fix the path"))
		}
		return nil, nil
	},
}

// PathDotSlashPrefix reports directive and link paths starting with "./".
var PathDotSlashPrefix = &lint.Analyzer{
	Name:     "path-dot-slash-prefix",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "path starts with ./",
		Why:   "directive and link paths SHOULD be bare relative paths (`nav/main.md`); `./nav/main.md` resolves the same but is not the canonical form",
		Bad:   "[!nav:main](./nav/main.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		check := func(p string, span sfmd.Span) {
			if !strings.HasPrefix(p, "./") || !span.IsValid() || src(doc, span) != p {
				return
			}
			bare := p
			for strings.HasPrefix(bare, "./") {
				bare = strings.TrimLeft(bare[2:], "/")
			}
			if bare == "" {
				return
			}
			pass.Report(lint.Diagnostic{
				Span:    spanAt(doc, span.Start.Offset, span.Start.Offset+2),
				Message: fmt.Sprintf("path %q starts with \"./\"; write the bare relative path %q", p, bare),
				Fixes: []lint.Fix{{Message: "remove the leading \"./\"", Safe: true,
					Edits: []lint.Edit{{Start: span.Start.Offset, End: span.Start.Offset + len(p) - len(bare)}}}},
			})
		}
		for _, d := range directivesOf(doc) {
			check(d.Path, d.PathSpan)
		}
		for _, l := range doc.Links {
			if !l.IsAct {
				check(l.Dest, l.DestSpan)
			}
		}
		for _, s := range doc.Shortcuts {
			if s.Form == sfmd.ShortcutInline || s.Form == sfmd.ShortcutRefDef {
				check(s.URL, s.URLSpan)
			}
		}
		return nil, nil
	},
}

// menuFile is a nav directive with its parsed menu file.
type menuFile struct {
	dir  *sfmd.Directive
	file string // as written, fragment removed
	doc  *sfmd.Document
}

// navMenuFiles returns the nav directives of the document whose menu file exists
// and parses, each menu file once.
func navMenuFiles(pass *lint.Pass) []menuFile {
	ws := pass.Workspace
	if ws == nil {
		return nil
	}
	var out []menuFile
	seen := map[string]bool{}
	for _, d := range directivesOf(pass.Doc, "nav", "menu") {
		file, ok := localTarget(d.Path)
		if !ok || seen[ws.Resolve(file)] {
			continue
		}
		seen[ws.Resolve(file)] = true
		md, err := ws.Document(file)
		if err != nil || md == nil {
			continue
		}
		out = append(out, menuFile{dir: d, file: file, doc: md})
	}
	return out
}

// listMarkerRe matches a list item marker at the start of a line.
var listMarkerRe = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+`)

// menuExtraLines returns the 1-based lines of a menu file that hold
// something other than shortcut definitions, comments and the frontmatter
// (a heading line is allowed when allowHeading).
func menuExtraLines(md *sfmd.Document, allowHeading bool) []int {
	li := index(md)
	covered := map[int][][2]int{} // line -> byte ranges of shortcuts and comments
	add := func(span sfmd.Span) {
		if !span.IsValid() {
			return
		}
		for l := span.Start.Line; l <= span.End.Line; l++ {
			covered[l] = append(covered[l], [2]int{span.Start.Offset, span.End.Offset})
		}
	}
	for _, s := range md.Shortcuts {
		if s.Form == sfmd.ShortcutInline || s.Form == sfmd.ShortcutRefDef {
			add(s.Span)
		}
	}
	for _, c := range md.Comments {
		add(c.Span)
	}
	for _, m := range md.Markers {
		add(m.Span)
	}
	fmEnd := 0
	if md.Frontmatter != nil && md.Frontmatter.Closed {
		fmEnd = md.Frontmatter.Span.End.Line
	}
	var out []int
	for l := fmEnd + 1; l <= li.LineCount(); l++ {
		ls := li.LineStart(l)
		text := []byte(string(li.Line(l)))
		for _, r := range covered[l] {
			for i := max(r[0], ls); i < min(r[1], ls+len(text)); i++ {
				text[i-ls] = ' '
			}
		}
		rest := strings.TrimSpace(listMarkerRe.ReplaceAllString(string(text), ""))
		if rest == "" || (len(covered[l]) > 0 && strings.Trim(rest, "-*+|·•,;") == "") {
			continue
		}
		if allowHeading && strings.HasPrefix(strings.TrimSpace(string(li.Line(l))), "#") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// MenuFileExtraContent reports menu files holding more than shortcut lines.
var MenuFileExtraContent = &lint.Analyzer{
	Name:     "menu-file-extra-content",
	Severity: lint.Warning,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "menu file holds more than shortcut lines",
		Why:   "a menu file SHOULD contain only `[@id Label](path)` lines; the runtime ignores everything else, so prose or headings there never reach the reader",
		Bad:   "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n# Menu\nSome prose\n[@home Home](../index.md)\n",
		Good:  "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](../index.md)\n[@api API](../api.md)\n",
	},
	OptionDocs: map[string]string{"allow-heading": "accept heading lines (# Menu) in menu files (default false)"},
	Run: func(pass *lint.Pass) (any, error) {
		allow, _ := pass.Options["allow-heading"].(bool)
		for _, m := range navMenuFiles(pass) {
			lines := menuExtraLines(m.doc, allow)
			if len(lines) == 0 {
				continue
			}
			text := strings.TrimSpace(string(index(m.doc).Line(lines[0])))
			if len(text) > 40 {
				text = text[:37] + "..."
			}
			more := ""
			switch n := len(lines) - 1; {
			case n == 1:
				more = " and 1 more line"
			case n > 1:
				more = fmt.Sprintf(" and %d more lines", n)
			}
			pass.Reportf(m.dir.PathSpan, "menu file %q has content other than shortcut lines at line %d (%q)%s, which the runtime ignores; keep only [@id Label](path) lines there", m.file, lines[0], text, more)
		}
		return nil, nil
	},
}

// MenuShortcutDuplicate reports a shortcut ID defined twice in one menu
// file.
var MenuShortcutDuplicate = &lint.Analyzer{
	Name:     "menu-shortcut-duplicate",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "menu file defines a shortcut ID twice",
		Why:   "shortcut IDs MUST be unique within a menu file; `@menu.id` can only reach one of them",
		Bad:   "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](../a.md)\n[@home Start](../b.md)\n",
		Good:  "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](../a.md)\n[@start Start](../b.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, m := range navMenuFiles(pass) {
			seen := map[string]int{}
			for _, s := range m.doc.Shortcuts {
				if (s.Form != sfmd.ShortcutInline && s.Form != sfmd.ShortcutRefDef) || s.ID == "" {
					continue
				}
				if first, ok := seen[s.ID]; ok {
					pass.Reportf(m.dir.PathSpan, "menu file %q line %d: shortcut \"@%s\" already defined at line %d of the menu, so @%s.%s reaches only one; rename or remove one of them", m.file, s.IDSpan.Start.Line, s.ID, first, orDefault(m.dir.Name, "menu"), s.ID)
					continue
				}
				seen[s.ID] = s.IDSpan.Start.Line
			}
		}
		return nil, nil
	},
}

// MenuEntryTargetNotFound reports menu shortcuts pointing at missing files.
var MenuEntryTargetNotFound = &lint.Analyzer{
	Name:     "menu-entry-target-not-found",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "menu entry points at a file that does not exist",
		Why:   "menu paths are relative to the menu file's own location; `[@home Home](index.md)` in `nav/main.md` means `nav/index.md`",
		Bad:   "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](index.md)\n",
		Good:  "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](../index.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		for _, m := range navMenuFiles(pass) {
			menuDir := path.Dir(m.file)
			for _, s := range m.doc.Shortcuts {
				if (s.Form != sfmd.ShortcutInline && s.Form != sfmd.ShortcutRefDef) || !isLocalPath(s.URL) || strings.HasPrefix(s.URL, "/") {
					continue
				}
				file, _, _ := splitTarget(s.URL)
				if file == "" {
					continue
				}
				target := path.Join(menuDir, file)
				if ws.Exists(target) {
					continue
				}
				hint := "fix the path (it is relative to the menu file)"
				if ws.Exists(file) {
					if rel, err := filepath.Rel(filepath.FromSlash(menuDir), filepath.FromSlash(file)); err == nil {
						hint = fmt.Sprintf("paths are relative to the menu file: did you mean %q?", filepath.ToSlash(rel))
					}
				} else if sg := suggestFile(ws, target); sg != "" {
					if rel, err := filepath.Rel(filepath.FromSlash(menuDir), filepath.FromSlash(sg)); err == nil {
						hint = fmt.Sprintf("did you mean %q?", filepath.ToSlash(rel))
					}
				}
				pass.Reportf(m.dir.PathSpan, "menu file %q line %d: \"@%s\" points to %q, which does not exist at %q; %s", m.file, s.IDSpan.Start.Line, s.ID, s.URL, target, hint)
			}
		}
		return nil, nil
	},
}

// IncludePathNotRelativeMD reports include paths that are URLs, absolute
// or not Markdown.
var IncludePathNotRelativeMD = &lint.Analyzer{
	Name:     "include-path-not-relative-md",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "include path is not a relative path to a Markdown file",
		Why:   "an include path MUST be relative to a Markdown file; URLs, absolute paths and other files are not included",
		Bad:   "[!include:terms](https://example.com/terms.md)\n",
		Good:  "[!include:terms](legal/terms.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "include") {
			p := strings.TrimSpace(d.Path)
			if p == "" || strings.HasPrefix(p, "#") {
				continue
			}
			if why := relMDProblem(p); why != "" {
				pass.Reportf(d.PathSpan, "include path %q %s; include a Markdown file next to this document or leave the path empty for %s.source/%s.md", d.Path, why, docBase(pass.Doc), orDefault(d.Name, "id"))
			}
		}
		return nil, nil
	},
}

// docBase is the document's file name without extension.
func docBase(doc *sfmd.Document) string {
	b := filepath.Base(doc.Path)
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// includeFile returns the file an include directive of doc reads (the
// auto-resolved <basename>.source/<id>.md for an empty path), relative to
// doc's directory, and the block fragment.
func includeFile(doc *sfmd.Document, d *sfmd.Directive) (file, frag string, ok bool) {
	p := strings.TrimSpace(d.Path)
	if p == "" {
		if d.Name == "" {
			return "", "", false
		}
		return docBase(doc) + ".source/" + d.Name + ".md", "", true
	}
	if strings.HasPrefix(p, "#") || !isLocalPath(p) || relMDProblem(p) != "" {
		return "", "", false
	}
	file, frag, _ = splitTarget(p)
	return file, frag, file != ""
}

// IncludeTargetNotFound reports includes of files that do not exist.
var IncludeTargetNotFound = &lint.Analyzer{
	Name:     "include-target-not-found",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "included file does not exist",
		Why:   "an include reads the given path, or `<basename>.source/<id>.md` next to the document for `()`; a missing file leaves a hole the compiler reports",
		Bad:   "<!-- dashboard.md, without dashboard.source/header.md -->\n[!include:header]()\n",
		Good:  "<!-- dashboard.md, with dashboard.source/header.md -->\n[!include:header]()\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		for _, d := range directivesOf(pass.Doc, "include") {
			file, _, ok := includeFile(pass.Doc, d)
			if !ok || ws.Exists(file) {
				continue
			}
			if strings.TrimSpace(d.Path) == "" {
				pass.Reportf(d.NameSpan, "include %q has no path, so it reads %q, which does not exist; %s", d.Name, file, missingMessage(ws, file, "create that file or give the include a path"))
				continue
			}
			pass.Reportf(d.PathSpan, "included file %q does not exist; %s", file, missingMessage(ws, file, "create it or fix the path"))
		}
		return nil, nil
	},
}

// blockIDs lists the block and include IDs a document exposes as
// document.md#id.
func blockIDs(doc *sfmd.Document) []string {
	var ids []string
	for _, m := range doc.Markers {
		if m.Open && m.OwnLine {
			ids = append(ids, m.ID)
		}
	}
	for _, d := range directivesOf(doc, "include") {
		if d.Name != "" {
			ids = append(ids, d.Name)
		}
	}
	return ids
}

// IncludeBlockNotFound reports includes of a #block that the target does
// not define.
var IncludeBlockNotFound = &lint.Analyzer{
	Name:     "include-block-not-found",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "included block does not exist in the target file",
		Why:   "`[!include:id](file.md#block)` extracts one block; when the file has no such block the runtime fails with BLOCK_NOT_FOUND",
		Bad:   "<!-- products.md has <!-- #pricing --> -->\n[!include:pricing](products.md#pricng)\n",
		Good:  "<!-- products.md has <!-- #pricing --> -->\n[!include:pricing](products.md#pricing)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		for _, d := range directivesOf(pass.Doc, "include") {
			file, frag, ok := includeFile(pass.Doc, d)
			if !ok || frag == "" || !ws.Exists(file) {
				continue
			}
			target, err := ws.Document(file)
			if err != nil || target == nil {
				continue
			}
			ids := blockIDs(target)
			if hasString(ids, frag) {
				continue
			}
			msg := fmt.Sprintf("%q has no block %q", file, frag)
			if near := nearest(frag, ids); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			} else if len(ids) == 0 {
				msg += "; it defines no blocks: add <!-- #" + frag + " --> … <!-- /" + frag + " --> there"
			} else {
				msg += "; expected one of " + fmQuotedNames(ids)
			}
			pass.Reportf(d.PathSpan, "%s", msg)
		}
		return nil, nil
	},
}

// maxIncludeWalk bounds the number of documents include-cycle visits from
// one document.
const maxIncludeWalk = 200

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

// IncludeFragmentWithoutPath reports [!include:id](#block).
var IncludeFragmentWithoutPath = &lint.Analyzer{
	Name:     "include-fragment-without-path",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "include targets a #block without a file",
		Why:   "block targeting works only with an explicit path (`products.md#pricing`); a bare `#pricing` names no file to read",
		Bad:   "[!include:pricing](#pricing)\n",
		Good:  "[!include:pricing](products.md#pricing)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range directivesOf(pass.Doc, "include") {
			if p := strings.TrimSpace(d.Path); strings.HasPrefix(p, "#") {
				pass.Reportf(d.PathSpan, "include path %q names a block but no file; write the file before it, e.g. other.md%s", p, p)
			}
		}
		return nil, nil
	},
}

// RequirementsDuplicate reports a second requirements directive.
var RequirementsDuplicate = &lint.Analyzer{
	Name:     "requirements-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "more than one requirements directive",
		Why:   "a document MUST declare at most one requirements directive; the runtime ignores the later ones",
		Bad:   "[!requirements](setup.md)\n[!requirements](install.md)\n",
		Good:  "[!requirements](setup.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		var first *sfmd.Directive
		for _, d := range directivesOf(pass.Doc, "requirements") {
			if first == nil {
				first = d
				continue
			}
			reportDup(pass, d.Span, first.Span, "requirements directive", "the runtime ignores this one: merge the setup notes into one file and remove it")
		}
		return nil, nil
	},
}

// RequirementsHasIdentifier reports [!requirements:name](…).
var RequirementsHasIdentifier = &lint.Analyzer{
	Name:     "requirements-has-identifier",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "requirements directive has an identifier",
		Why:   "the requirements directive takes no identifier (`[!requirements](setup.md)`); with one, parsers do not recognise it",
		Bad:   "[!requirements:setup](setup.md)\n",
		Good:  "[!requirements](setup.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, d := range directivesOf(doc, "requirements") {
			if !d.HasColon {
				continue
			}
			colon := d.TypeSpan.End.Offset
			end := colon + 1
			if d.NameSpan.IsValid() && d.NameSpan.End.Offset > end {
				end = d.NameSpan.End.Offset
			}
			if colon >= len(doc.Src) || doc.Src[colon] != ':' {
				continue
			}
			pass.Report(lint.Diagnostic{
				Span:    spanAt(doc, colon, end),
				Message: fmt.Sprintf("requirements directive takes no identifier; write [!requirements](%s)", d.Path),
				Fixes: []lint.Fix{{Message: "remove the identifier", Safe: true,
					Edits: []lint.Edit{{Start: colon, End: end}}}},
			})
		}
		return nil, nil
	},
}

// RequirementsTargetNotFound reports requirements files that do not exist.
var RequirementsTargetNotFound = &lint.Analyzer{
	Name:     "requirements-target-not-found",
	Severity: lint.Warning,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "requirements file does not exist",
		Why:   "/open prepends `[setup] /open <requirements>`; a missing file sends the agent to a page that does not exist",
		Bad:   "<!-- next to docs/install.md -->\n[!requirements](docs/instal.md)\n",
		Good:  "<!-- next to docs/install.md -->\n[!requirements](docs/install.md)\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		for _, d := range directivesOf(pass.Doc, "requirements") {
			if !isLocalPath(d.Path) {
				continue
			}
			file, _, _ := splitTarget(d.Path)
			if file == "" || ws.Exists(file) {
				continue
			}
			pass.Reportf(d.PathSpan, "requirements file %q does not exist; %s", d.Path, missingMessage(ws, file, "create it, fix the path or use an https:// URI"))
		}
		return nil, nil
	},
}

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
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		doc := pass.Doc
		// caseName returns the name of the file equal to p
		// ignoring case (in p's directory), and whether it matches exactly.
		caseName := func(p string) (string, bool) {
			dir, base := path.Split(p)
			entries, err := ws.ListDir(orDefault(dir, "."))
			if err != nil {
				return "", false
			}
			found := ""
			for _, e := range entries {
				if e.Name() == base {
					return base, true
				}
				if strings.EqualFold(e.Name(), base) {
					found = e.Name()
				}
			}
			return found, false
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
