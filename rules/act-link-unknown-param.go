package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
)

// ActLinkUnknownParam reports act: link query keys that are not fields
// of the action.
var ActLinkUnknownParam = &lint.Analyzer{
	Name:       "act-link-unknown-param",
	Severity:   lint.Warning,
	SpendsWork: true,
	Profile:    lint.Core,
	Doc: lint.Doc{
		Title: "act: link passes a field the action does not declare",
		Why:   "query keys of an act: link become `--key` flags; a key the action does not declare is not a field, so the value it carries never reaches the request as intended",
		Bad:   "[Read](act:read?post=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",
		Good:  "[Read](act:read?id=1)\n\n```act.read\nGET https://api.example.com/posts/{id}\n  id: string (required) \"Post ID\"\n```\n",

		Severity: "helpers.ts parsePosixFlags: the call runs, but the value goes to an unknown flag (a stray query or body key), not to the field meant",
	},
	Requires: []*lint.Analyzer{actLinksAnalyzer, symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		set := docActLinks(pass)
		assigned := symbols(pass).Assigned
		var buf []byte
		for _, l := range set.links {
			if len(l.Query) == 0 {
				continue
			}
			a := set.target(l)
			if a == nil || usesAllFields(a) {
				continue
			}
			var names []string // the fields' names, listed at the first unknown key
			listed := false
			_, meant := linkFields(pass, a, l, assigned)
			for _, q := range l.Query {
				if q.Key == "" || a.Param(q.Key) != nil || !q.KeySpan.IsValid() || q.KeySpan.Len() == 0 {
					continue
				}
				if !listed {
					names, listed = make([]string, len(a.Params)), true
					for i, p := range a.Params {
						names[i] = p.Name
					}
				}
				// 5,700 of these on the 10 MB document: written into one
				// scratch buffer and copied out once
				want := budgetedNearest(pass, q.Key, names) // spent whether meant or not
				buf = unknownParamMessage(buf[:0], l.ID, q.Key, meant[q.Key], want, names)
				pass.Report(lint.Diagnostic{Span: q.KeySpan, Message: string(buf)})
			}
		}
		return nil, nil
	},
}

// unknownParamMessage appends act-link-unknown-param's message for a
// query key the action id does not declare: the field it meant (a
// misnamed key, linkFields), else the nearest field want, else the list
// of names; %q as appendQuote (TestUnknownParamMessage holds it to the
// concatenation of strconv.Quote's and quoteAll's).
func unknownParamMessage(buf []byte, id, key, meant, want string, names []string) []byte {
	buf = appendQuote(append(buf, "action "...), id)
	buf = appendQuote(append(buf, " has no field "...), key)
	switch {
	case meant != "":
		buf = appendQuote(append(buf, ", and its required field "...), meant)
		return append(appendQuote(append(buf, " is missing; did you mean "...), meant), '?')
	case want != "":
		return append(appendQuote(append(buf, "; did you mean "...), want), '?')
	case len(names) == 0:
		return append(buf, "; it declares no fields, remove the query"...)
	}
	return appendList(append(buf, "; expected one of "...), len(names), -1, func(buf []byte, i int) []byte { return appendQuote(buf, names[i]) })
}
