package rules

import (
	"net/url"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ShortcutLabelMissing reports [@id](url) without a label.
var ShortcutLabelMissing = &lint.Analyzer{
	Name:     "shortcut-label-missing",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut has no label",
		Why:   "an inline shortcut is `[@id Label](url)`; without the label it is not a shortcut at all but a plain link showing \"@id\", and `@id` is never defined",
		Bad:   "See [@docs](https://docs.example.com).\n",
		Good:  "See [@docs Docs](https://docs.example.com).\n",

		Severity: "parser.ts parse (SHORTCUT_RE needs a label): without a label it is a plain link showing \"@id\" and the shortcut is never defined, which is right only when a link was meant",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, s := range pass.Doc.Shortcuts {
			if s.Form != sfmd.ShortcutNoLabel || scIsMention(s.ID, s.URL) {
				continue
			}
			span := s.IDSpan
			if !span.IsValid() || span.Len() == 0 {
				span = s.Span
			}
			if s.ID == "" {
				pass.Reportf(span, "shortcut has no ID and no label, so it is a plain link; write [@id Label](%s)", s.URL)
				continue
			}
			pass.Reportf(span, "%q has no label, so it is a plain link, not a shortcut; write [@%s Label](%s)", "@"+s.ID, s.ID, s.URL)
		}
		return nil, nil
	},
}

// scIsMention reports whether a label-less [@id](url) is a mention of a
// user or handle (the ID is a path segment of the URL:
// [@steipete](https://example.com/steipete/x)).
func scIsMention(id, dest string) bool {
	u, err := url.Parse(dest)
	if err != nil || id == "" {
		return false
	}
	for _, seg := range strings.Split(u.Path, "/") {
		if strings.EqualFold(strings.TrimPrefix(seg, "@"), id) {
			return true
		}
	}
	return false
}
