package rules

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ShortcutReferenceUndefined reports [Label][@id] with no definition.
var ShortcutReferenceUndefined = &lint.Analyzer{
	Name:       "shortcut-reference-undefined",
	Severity:   lint.Error,
	SpendsWork: true,
	Profile:    lint.Core,
	Doc: lint.Doc{
		Title: "shortcut reference has no definition",
		Why:   "`[Label][@id]` only works when `@id` is defined (by `[@id]: url` or `[@id Label](url)`); otherwise following it fails with NOT_FOUND \"shortcut not found\"",
		Bad:   "Read the [Documentation][@docs].\n",
		Good:  "Read the [Documentation][@docs].\n\n[@docs]: https://docs.example.com\n",

		Severity: "session.ts Session.resolveShortcut finds no such key, so open.ts cmdOpen fails with NOT_FOUND \"Shortcut not found\"",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		var defined map[string]bool
		var sortedDefined []string         // the keys of defined, sorted once
		var invalidDefined map[string]bool // lower-cased keys of defined that are no valid ID
		complete := true
		menus := newMenuIndex(pass.Workspace, navMenus(doc))
		for _, s := range doc.Shortcuts {
			if s.Form != sfmd.ShortcutRefUse {
				continue
			}
			id := strings.TrimPrefix(s.ID, pageNamespace)
			if id == "" || strings.Contains(id, ".") {
				continue // @menu.id: shortcut-menu-namespace-unknown
			}
			if defined == nil {
				// the page is the document with its includes inlined
				defined = pageShortcutIDs(doc)
				var inc []*sfmd.Document
				inc, complete = includedDocs(pass)
				for _, d := range inc {
					for k := range pageShortcutIDs(d) {
						defined[k] = true
					}
				}
			}
			if defined[id] || !complete {
				continue
			}
			if len(menus.menus) > 0 && !strings.HasPrefix(s.ID, pageNamespace) {
				// resolution falls back to the menus
				if found, complete := menus.definedInAny(id); found || !complete {
					continue
				}
			}
			if sortedDefined == nil {
				sortedDefined = slices.Sorted(maps.Keys(defined))
				invalidDefined = map[string]bool{}
				for _, d := range sortedDefined {
					if !actionIDShape.Matches(d) {
						invalidDefined[strings.ToLower(d)] = true
					}
				}
			}
			if invalidDefined[strings.ToLower(id)] {
				continue // [@Docs …] defines it: shortcut-id-invalid asks to rename it to this ID
			}
			msg := fmt.Sprintf("shortcut %q is not defined in this document", "@"+s.ID)
			if want := budgetedNearest(pass, id, sortedDefined); want != "" {
				msg += fmt.Sprintf("; did you mean %q?", "@"+want)
			} else {
				msg += fmt.Sprintf("; define it with [@%s]: url or [@%s Label](url)", id, id)
			}
			pass.Reportf(s.IDSpan, "%s", msg)
		}
		return nil, nil
	},
}

// pageShortcutIDs returns the IDs a [Label][@id] reference can resolve to
// in the document itself: inline and reference definitions, the
// auto-shortcuts the runtime generates for plain links, and the value
// shortcuts response templates register.
func pageShortcutIDs(doc *sfmd.Document) map[string]bool {
	ids := make(map[string]bool, len(doc.Shortcuts)+len(doc.Links)) // about its size: no growing
	for _, s := range doc.Shortcuts {
		if isShortcutDef(s) {
			ids[s.ID] = true
		}
	}
	for _, id := range autoShortcutIDs(doc) {
		ids[id] = true
	}
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			if l.Kind == sfmd.LineValueShortcut && l.LHS != "" {
				ids[l.LHS] = true
			}
		}
	}
	return ids
}

// autoShortcutIDs returns the IDs of the auto-shortcuts the runtime
// generates for the document's plain links (spec.md §1.7): links to
// http(s)://, act: or a target longer than 40 characters get the slug of
// a short label, numbered on repeats, or link-N.
func autoShortcutIDs(doc *sfmd.Document) []string {
	// at most an ID a link: made at that size, not grown
	out := make([]string, 0, len(doc.Links))
	// one map for the IDs generated (bit 0) and the next number of each
	// slug (the bits above, 0 when not set), where two maps were asked in
	// turn (TestAutoShortcutIDs)
	const seen = 1
	ids := make(map[string]int, len(doc.Links))
	n := 1
	for _, l := range doc.Links {
		d := l.Dest
		if !(strings.HasPrefix(d, "http://") || strings.HasPrefix(d, "https://") || strings.HasPrefix(d, "act:") || len([]rune(d)) > 40) {
			continue
		}
		slug := autoSlug(l.Label)
		var id string
		if slug != "" && len([]rune(l.Label)) <= 20 {
			if v := ids[slug]; v&seen == 0 {
				id = slug
				ids[slug] = 2<<1 | v
			} else {
				c := v >> 1
				if c == 0 {
					c = 2
				}
				id = slug + "-" + strconv.Itoa(c)
				ids[slug] = (c+1)<<1 | v&seen
			}
		} else {
			id = sfmd.AutoShortcutPrefix + strconv.Itoa(n)
			n++
		}
		ids[id] |= seen
		out = append(out, id)
	}
	return out
}

// slugLabelShape is the labels autoSlug slugs: ^[A-Za-z0-9 \t-]+$
// (TestIDPatternsMatchRegexps).
var slugLabelShape = shapeOf(setOf("A-Z", "a-z", "0-9", " \t-"))

// autoSlug is the runtime's slug of a link label ("" when the label cannot
// be slugged): lower case, trimmed, runs of blanks turned into '-'.
func autoSlug(label string) string {
	if !slugLabelShape.Matches(label) {
		return ""
	}
	// strings.Join(strings.Fields(strings.ToLower(label)), "-") in one
	// pass, the label as it is when it is the slug: the shape leaves ASCII
	// letters, digits, '-' and the blanks ' ' and '\t' (TestAutoSlug)
	s := strings.Trim(label, " \t")
	same := true
	for i := 0; i < len(s) && same; i++ {
		c := s[i]
		same = c != ' ' && c != '\t' && (c < 'A' || c > 'Z')
	}
	if same {
		return s
	}
	b := make([]byte, 0, len(s))
	blank := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			blank = true
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if blank {
			b, blank = append(b, '-'), false
		}
		b = append(b, c)
	}
	return string(b)
}
