package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// HeaderDuplicate reports a header set twice on one action.
var HeaderDuplicate = &lint.Analyzer{
	Name:     "header-duplicate",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header set twice on one action",
		Why:   "header names are case-insensitive; sending one twice usually means a copy-paste mistake and servers disagree on which value wins",
		Bad:   "```act.data\nGET https://api.example.com/data -H \"Accept: text/plain\" -H \"accept: application/json\"\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Accept: application/json\"\n```\n",

		Severity: "action.ts executeAction keeps headers in a record by name, so of two equal names only the last is sent (names differing in case are both sent, and fetch joins them into one comma-separated value)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			seen := dupTracker{}
			for _, h := range a.Headers {
				if h.Name == "" || !h.HasColon {
					continue
				}
				if first, dup := seen.check(strings.ToLower(h.Name), h.NameSpan); dup {
					reportDup(pass, h.NameSpan, first, fmt.Sprintf("header %q", h.Name), "keep one of the two")
				}
			}
		}
		return nil, nil
	},
}
