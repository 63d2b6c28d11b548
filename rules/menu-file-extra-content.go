package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// MenuFileExtraContent reports menu files holding more than shortcut lines.
var MenuFileExtraContent = &lint.Analyzer{
	Name:     "menu-file-extra-content",
	Severity: lint.Warning,
	Profile:  lint.Project,
	Requires: []*lint.Analyzer{menusAnalyzer},
	Doc: lint.Doc{
		Title: "menu file holds more than shortcut lines",
		Why:   "a menu file SHOULD contain only `[@id Label](path)` lines; the runtime ignores everything else, so prose or headings there never reach the reader",
		Bad:   "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n# Menu\nSome prose\n[@home Home](../index.md)\n",
		Good:  "<!-- nav/main.md, the menu of [!nav:main](nav/main.md) -->\n[@home Home](../index.md)\n[@api API](../api.md)\n",

		Severity: "renderer.ts renderNav: the menu works; the runtime ignores the other lines, so the reader never sees them",
	},
	OptionDocs: map[string]string{"allow-heading": "accept heading lines (# Menu) in menu files (default false)"},
	Run: func(pass *lint.Pass) (any, error) {
		allow, _ := pass.Options["allow-heading"].(bool)
		for _, m := range menus(pass) {
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
			li := index(m.doc)
			start := li.LineStart(lines[0])
			span := li.Span(start, start+len(strings.TrimRight(string(li.Line(lines[0])), "\r\n")))
			reportInMenu(pass, m, span, nil, "content other than shortcut lines (%q)%s, which the runtime ignores; keep only [@id Label](path) lines in a menu file", text, more)
		}
		return nil, nil
	},
}

// listMarkerRe matches a list item marker at the start of a line: the
// definition of trimListMarker (TestTrimListMarkerIsRegexp).
var listMarkerRe = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s+`)

// trimListMarker is s without the list item marker listMarkerRe matches
// at its start (listMarkerRe.ReplaceAllString(s, "")), read in one scan
// instead of running the regexp on every line of a menu file.
func trimListMarker(s string) string {
	i := skipRESpace(s, 0)
	switch {
	case i < len(s) && strings.IndexByte("-*+", s[i]) >= 0:
		i++
	case i < len(s) && s[i] >= '0' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == len(s) || (s[i] != '.' && s[i] != ')') {
			return s
		}
		i++
	default:
		return s
	}
	if j := skipRESpace(s, i); j > i {
		return s[j:]
	}
	return s
}

// skipRESpace skips the bytes regexp's \s matches ([\t\n\f\r ]) from i.
func skipRESpace(s string, i int) int {
	for i < len(s) && strings.IndexByte("\t\n\f\r ", s[i]) >= 0 {
		i++
	}
	return i
}

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
		for l := int(span.Start.Line); l <= int(span.End.Line); l++ {
			covered[l] = append(covered[l], [2]int{span.Start.Off(), span.End.Off()})
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
		fmEnd = int(md.Frontmatter.Span.End.Line)
	}
	var out []int
	var buf []byte // each line's copy, in one array
	for l := fmEnd + 1; l <= li.LineCount(); l++ {
		ls := li.LineStart(l)
		buf = append(buf[:0], li.Line(l)...)
		text := buf
		for _, r := range covered[l] {
			for i := max(r[0], ls); i < min(r[1], ls+len(text)); i++ {
				text[i-ls] = ' '
			}
		}
		rest := strings.TrimSpace(trimListMarker(string(text)))
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
