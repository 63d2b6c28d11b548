package rules

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/sfmd-dev/sfmd/lint"
)

// HeaderNameInvalid reports header names that are not HTTP tokens.
var HeaderNameInvalid = &lint.Analyzer{
	Name:     "header-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header name is empty or not an HTTP token",
		Why:   "HTTP header names cannot contain spaces or separators; the request fails or the header is dropped",
		Bad:   "```act.data\nGET https://api.example.com/data -H \"Auth Token: $TOKEN\"\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"X-Auth-Token: $TOKEN\"\n```\n",

		Severity: "loader.ts Loader.action hands the name to fetch(), which rejects one with spaces or separators, so the request fails (LOAD_ERROR \"Network error\")",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			for _, h := range a.Headers {
				if !h.HasColon || headerNameShape.Matches(h.Name) {
					continue
				}
				if h.Name == "" {
					pass.Reportf(h.Span, "header %s has an empty name; write it as -H \"Name: value\"", src(pass.Doc, h.Span))
					continue
				}
				want := strings.Join(strings.FieldsFunc(h.Name, func(r rune) bool { return !headerNameShape.Matches(string(r)) }), "-")
				msg := fmt.Sprintf("header name %q is not a valid HTTP header name", h.Name)
				if want != "" && !strings.ContainsFunc(h.Name, func(r rune) bool { return r > unicode.MaxASCII }) {
					msg += fmt.Sprintf("; did you mean %q?", want)
				} else {
					msg += "; use ASCII letters, digits and '-'"
				}
				span := h.NameSpan
				if !span.IsValid() {
					span = h.Span
				}
				pass.Reportf(span, "%s", msg)
			}
		}
		return nil, nil
	},
}

var headerNameShape = shapeOf(headerChars) // [!#$%&'*+.^_`|~0-9A-Za-z-]+

var headerChars = setOf("A-Z", "a-z", "0-9", "!#$%&'*+.^_`|~", "-") // RFC 9110 token
