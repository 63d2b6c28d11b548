package rules

import (
	"bytes"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ShortcutDefinitionUnused reports [@id]: url definitions nothing refers to.
var ShortcutDefinitionUnused = &lint.Analyzer{
	Name:     "shortcut-definition-unused",
	Severity: lint.Info,
	Profile:  lint.Core,
	Tags:     []lint.Tag{lint.Unnecessary},
	Doc: lint.Doc{
		Title: "shortcut definition is never referenced",
		Why:   "reference definitions are hidden from the agent, which only sees `[Label][@id]`; a definition nothing refers to is dead weight or a reference that was lost in an edit",
		Bad:   "See the API.\n\n[@api]: https://api.example.com\n",
		Good:  "See the [API][@api].\n\n[@api]: https://api.example.com\n",

		Severity: "spec.md §1.7: works; the definition is dead weight or a lost reference",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		var mentions map[string][]int
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefDef || s.ID == "" {
				continue
			}
			if mentions == nil {
				if onlyShortcutLines(doc) {
					return nil, nil // a menu file: its definitions are used by the documents that nav to it
				}
				mentions = shortcutMentions(doc.Src)
			}
			if mentionedOutside(mentions[s.ID], s.Span) || len(mentions[pageNamespace+s.ID]) > 0 {
				continue
			}
			pass.Reportf(s.IDSpan, "shortcut %q is defined but never referenced; reference it as [Label][@%s] or remove the definition", "@"+s.ID, s.ID)
		}
		return nil, nil
	},
}

// shortcutMentions returns, for every "@id" written in the source (an ID
// of letters, digits, '_', '-' and '.'), the offsets where it occurs. One
// pass over the file, whatever the number of definitions.
func shortcutMentions(src []byte) map[string][]int {
	out := map[string][]int{}
	for i := 0; i < len(src); i++ {
		k := bytes.IndexByte(src[i:], '@')
		if k < 0 {
			break
		}
		i += k
		j := i + 1
		for j < len(src) && (scIDByte(src[j]) || src[j] == '.') {
			j++
		}
		id := strings.TrimRight(string(src[i+1:j]), ".")
		if id != "" {
			out[id] = append(out[id], i)
		}
		i = j - 1
	}
	return out
}

// mentionedOutside reports whether one of the offsets lies outside skip.
func mentionedOutside(offsets []int, skip sfmd.Span) bool {
	for _, o := range offsets {
		if o < skip.Start.Off() || o >= skip.End.Off() {
			return true
		}
	}
	return false
}

func scIDByte(c byte) bool { return scWordByte(c) || c == '-' }

func scWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// onlyShortcutLines reports whether every line of the document outside
// its frontmatter is blank, a heading, a comment or a shortcut definition
// (a nav menu file).
func onlyShortcutLines(doc *sfmd.Document) bool {
	body := doc.Src
	if fm := doc.Frontmatter; fm != nil && fm.Span.End.Off() <= len(body) {
		body = body[fm.Span.End.Offset:]
	}
	for len(body) > 0 { // line by line, without copying the document
		line := body
		if i := bytes.IndexByte(body, '\n'); i >= 0 {
			line, body = body[:i], body[i+1:]
		} else {
			body = nil
		}
		t := bytes.TrimSpace(line)
		t = bytes.TrimLeft(t, "-*+ ") // list items
		if len(t) == 0 || t[0] == '#' || bytes.HasPrefix(t, []byte("<!--")) || bytes.HasPrefix(t, []byte("[@")) {
			continue
		}
		return false
	}
	return true
}
