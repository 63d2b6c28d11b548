package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ActionURLNotAbsolute reports HTTP targets that are not absolute URLs.
var ActionURLNotAbsolute = &lint.Analyzer{
	Name:     "action-url-not-absolute",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action URL is not absolute",
		Why:   "the runtime resolves a relative URL against the document's own location; a document opened from a local file has no HTTP base, so the call fails (LOAD_ERROR)",
		Bad:   "```act.search\nGET /search\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",

		Severity: "loader.ts Loader.resolve and Loader.action: the runtime resolves it against the document's location: that works for a document served over HTTP, fails for a local one",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() || a.Target == nil || a.Target.Text == "" {
				continue
			}
			t := a.Target.Text
			if hasHTTPScheme(t) || targetStartsWithVar(t) {
				continue
			}
			msg := fmt.Sprintf("the URL %q is not absolute; the runtime resolves it against the document's location, which fails when the document is a local file; write the full URL", t)
			if q := t[0]; q == '"' || q == '\'' {
				msg = fmt.Sprintf("the URL %s is in quotes, which the runtime keeps as part of the URL; remove the quotes", t)
			} else if strings.Contains(t, "://") {
				msg = fmt.Sprintf("the URL %q is not an http(s) URL and the runtime cannot call it; use an https:// URL", t)
			} else if !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, ".") && strings.Contains(strings.SplitN(t, "/", 2)[0], ".") {
				msg = fmt.Sprintf("the URL %q has no scheme, so the runtime treats it as a path relative to the document; did you mean %q?", t, "https://"+t)
			}
			pass.Reportf(a.Target.Span, "%s", msg)
		}
		return nil, nil
	},
}

// targetStartsWithVar reports whether a target begins with a placeholder
// or a $VAR (a base URL taken from a variable).
func targetStartsWithVar(t string) bool {
	return strings.HasPrefix(t, "{") || strings.HasPrefix(t, "$")
}

// hasHTTPScheme reports whether t starts with "http://" or "https://" in
// any case: strings.HasPrefix(strings.ToLower(t), …) of both, without
// lower-casing every URL (TestHasHTTPSchemeIsToLower: no rune but the
// ASCII letters lower-cases to one of the schemes' letters).
func hasHTTPScheme(t string) bool {
	return hasLowerPrefix(t, "http://") || hasLowerPrefix(t, "https://")
}

// hasLowerPrefix reports whether s starts with prefix, a lower-case ASCII
// string, with ASCII letters of s in either case.
func hasLowerPrefix(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}
