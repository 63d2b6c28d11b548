package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules about directives [!type:name](path): nav
// menus and their menu files, includes, requirements (spec.md §1.6, §2.4).
// The project-profile rules read other files through Pass.Workspace and
// report nothing without one.

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
var schemeRe = lazyre.New(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// hasScheme is schemeRe.MatchString(p) without a regexp (isLocalPath
// asks it of every link): a letter, then letters, digits, '+', '.' and
// '-', then a ':' (TestHasSchemeIsRegexp).
func hasScheme(p string) bool {
	if p == "" || !isASCIILetter(p[0]) {
		return false
	}
	for i := 1; i < len(p); i++ {
		switch c := p[i]; {
		case c == ':':
			return true
		case isASCIILetter(c) || c >= '0' && c <= '9' || c == '+' || c == '.' || c == '-':
		default:
			return false
		}
	}
	return false
}

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
	return p != "" && !hasScheme(p) && !strings.HasPrefix(p, "#") && !strings.HasPrefix(p, "@") && !strings.HasPrefix(p, "//")
}

// relMDProblem says why p is not a relative path to a Markdown file, or "".
func relMDProblem(p string) string {
	file, _, _ := splitTarget(p)
	switch {
	case hasScheme(p) || strings.HasPrefix(p, "//"):
		return "is a URL, not a relative path"
	case strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || filepath.IsAbs(file):
		return "is an absolute path, not a relative one"
	case !isMarkdownFile(file):
		return "is not a Markdown (.md) file"
	}
	return ""
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
		if !ok {
			continue
		}
		abs := ws.Resolve(file)
		if seen[abs] {
			continue
		}
		seen[abs] = true
		md, err := ws.Document(file)
		if err != nil || md == nil {
			continue
		}
		out = append(out, menuFile{dir: d, file: file, doc: md})
	}
	return out
}

// reportInMenu reports a finding in the menu file m, at span (a position
// in m.doc: the entry to edit), with the document's [!nav] directive as
// its related position; the finding's path is the menu file's, joined
// to the document's directory.
func reportInMenu(pass *lint.Pass, m menuFile, span sfmd.Span, related []lint.Related, format string, args ...any) {
	pass.Report(lint.Diagnostic{
		Path:    filepath.Join(filepath.Dir(pass.Doc.Path), filepath.FromSlash(m.file)),
		Span:    span,
		Message: fmt.Sprintf(format, args...),
		Related: append(related, lint.Related{Path: pass.Doc.Path, Span: m.dir.Span, Message: "the directive that uses this menu"}),
	})
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

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
