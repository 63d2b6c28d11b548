package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ActLinkHasFragment reports act: links with a #fragment.
var ActLinkHasFragment = &lint.Analyzer{
	Name:     "act-link-has-fragment",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "act: link has a #fragment",
		Why:   "act: links carry the action ID and its arguments only; the spec forbids a fragment",
		Bad:   "[Read](act:read?id=1#top)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
		Good:  "[Read](act:read?id=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",

		Severity: "spec.md §1.7 (act: links): the spec forbids a fragment and the runtime has nowhere to put it: it ends up in the action ID or the last value, so the call is not what was written",
	},
	Requires: []*lint.Analyzer{actLinksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, l := range docActLinks(pass).links {
			if !l.HasFrag {
				continue
			}
			span := l.DestSpan
			h := strings.IndexByte(l.Dest, '#')
			if src(doc, l.DestSpan) == l.Dest && h >= 0 {
				span = spanAt(doc, l.DestSpan.Start.Off()+h, l.DestSpan.End.Off())
			}
			pass.Reportf(span, "act: links cannot have a fragment (%q); remove it", l.Dest[h:])
		}
		return nil, nil
	},
}
