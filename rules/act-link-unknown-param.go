package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
)

// ActLinkUnknownParam reports act: link query keys that are not fields
// of the action.
var ActLinkUnknownParam = &lint.Analyzer{
	Name:     "act-link-unknown-param",
	Severity: lint.Warning,
	Profile:  lint.Core,
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
				// 5,700 of these on the 10 MB document: concatenations, %q written
				// as quote (strconv.Quote, what %q prints for a string)
				msg := "action " + quote(l.ID) + " has no field " + quote(q.Key)
				switch want := budgetedNearest(pass, q.Key, names); {
				case meant[q.Key] != "":
					m := quote(meant[q.Key])
					msg += ", and its required field " + m + " is missing; did you mean " + m + "?"
				case want != "":
					msg += "; did you mean " + quote(want) + "?"
				case len(names) == 0:
					msg += "; it declares no fields, remove the query"
				default:
					msg += "; expected one of " + quoteAll(names)
				}
				pass.Report(lint.Diagnostic{Span: q.KeySpan, Message: msg})
			}
		}
		return nil, nil
	},
}
