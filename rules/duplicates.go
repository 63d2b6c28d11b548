package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules reporting a name defined twice. Each reports the second and later
// definitions, with the first as the related position.

// dupTracker remembers the first span of each key.
type dupTracker map[string]sfmd.Span

// check returns the first span of key and true when key was seen before;
// otherwise it records span.
func (t dupTracker) check(key string, span sfmd.Span) (sfmd.Span, bool) {
	if first, ok := t[key]; ok {
		return first, true
	}
	t[key] = span
	return sfmd.Span{}, false
}

func reportDup(pass *lint.Pass, span, first sfmd.Span, what, todo string) {
	pass.Report(lint.Diagnostic{
		Span:    span,
		Message: fmt.Sprintf("%s already defined at line %d; %s", what, first.Start.Line, todo),
		Related: related(first),
	})
}

// freeName returns base2, base3, … (joined with sep) not in taken.
func freeName(base, sep string, taken func(string) bool) string {
	for i := 2; ; i++ {
		n := fmt.Sprintf("%s%s%d", base, sep, i)
		if !taken(n) {
			return n
		}
	}
}

// ActionIDDuplicate reports a second action with the same ID.
var ActionIDDuplicate = &lint.Analyzer{
	Name:     "action-id-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "two actions share one ID",
		Why:   "action IDs MUST be unique in a document; `/act.<id>` can only reach one of them",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.search\nGET https://api.example.com/cities\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search_city\nGET https://api.example.com/cities\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		seen := dupTracker{}
		for _, a := range pass.Doc.Actions {
			if first, dup := seen.check(a.ID, a.IDSpan); dup {
				n := freeName(a.ID, "_", func(s string) bool { return len(syms.Actions[s]) > 0 })
				reportDup(pass, a.IDSpan, first, fmt.Sprintf("action %q", a.ID), fmt.Sprintf("rename this one (e.g. %q) or remove it", n))
			}
		}
		return nil, nil
	},
}

// ResponseDuplicate reports a second response template for one action.
var ResponseDuplicate = &lint.Analyzer{
	Name:     "response-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "two response templates for one action",
		Why:   "an action has at most one companion response template; the runtime silently uses the last one",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n\n```act.search.response\nTotal {Response.body.count}\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		seen := dupTracker{}
		for _, r := range pass.Doc.Responses {
			if first, dup := seen.check(r.ActionID, r.IDSpan); dup {
				reportDup(pass, r.IDSpan, first, fmt.Sprintf("response template for %q", r.ActionID), "merge the two templates into one")
			}
		}
		return nil, nil
	},
}

// BlockIDDuplicate reports a second block with the same ID.
var BlockIDDuplicate = &lint.Analyzer{
	Name:     "block-id-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "two blocks share one ID",
		Why:   "block IDs MUST be unique in a document at any nesting depth; `document.md#id` can only address one of them",
		Bad:   "<!-- #intro -->\nHello.\n<!-- /intro -->\n\n<!-- #intro -->\nAgain.\n<!-- /intro -->\n",
		Good:  "<!-- #intro -->\nHello.\n<!-- /intro -->\n\n<!-- #intro-2 -->\nAgain.\n<!-- /intro-2 -->\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		seen := dupTracker{}
		ids := map[string]bool{}
		for _, m := range pass.Doc.Markers {
			if m.Open {
				ids[m.ID] = true
			}
		}
		for _, m := range pass.Doc.Markers {
			if !m.Open || m.ID == "" {
				continue
			}
			if first, dup := seen.check(m.ID, m.IDSpan); dup {
				n := freeName(m.ID, "-", func(s string) bool { return ids[s] })
				reportDup(pass, m.IDSpan, first, fmt.Sprintf("block %q", m.ID), fmt.Sprintf("rename this one (e.g. %q)", n))
			}
		}
		return nil, nil
	},
}

// ParamNameDuplicate reports a parameter declared twice in one action.
var ParamNameDuplicate = &lint.Analyzer{
	Name:     "param-name-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter declared twice in one action",
		Why:   "parameter names are payload keys, flags and placeholders; a second declaration silently replaces the first",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n  q: number \"Limit\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n  limit: number \"Limit\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			seen := dupTracker{}
			for _, p := range a.Params {
				if p.Name == "" {
					continue
				}
				if first, dup := seen.check(p.Name, p.NameSpan); dup {
					reportDup(pass, p.NameSpan, first, fmt.Sprintf("parameter %q of action %q", p.Name, a.ID), "rename or remove this declaration")
				}
			}
		}
		return nil, nil
	},
}

// ParamAliasDuplicate reports a short alias used by two parameters.
var ParamAliasDuplicate = &lint.Analyzer{
	Name:     "param-alias-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "short alias used by two parameters",
		Why:   "`-p value` can only mean one parameter; the second alias is unreachable",
		Bad:   "```act.gen\nPOST https://api.example.com/gen\n  prompt, -p: string (required) \"Prompt\"\n  path, -p: path \"Output file\"\n```\n",
		Good:  "```act.gen\nPOST https://api.example.com/gen\n  prompt, -p: string (required) \"Prompt\"\n  path, -f: path \"Output file\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			seen := dupTracker{}
			used := map[string]bool{}
			for _, p := range a.Params {
				used[p.Alias] = true
			}
			for _, p := range a.Params {
				if p.Alias == "" {
					continue
				}
				if first, dup := seen.check(p.Alias, p.AliasSpan); dup {
					todo := "choose another letter"
					for _, c := range strings.ToLower(p.Name) {
						if c >= 'a' && c <= 'z' && c != 'h' && !used["-"+string(c)] {
							todo = fmt.Sprintf("choose another letter (e.g. %q)", "-"+string(c))
							break
						}
					}
					reportDup(pass, p.AliasSpan, first, fmt.Sprintf("alias %q", p.Alias), todo)
				}
			}
		}
		return nil, nil
	},
}

// ShortcutIDDuplicate reports a page shortcut defined twice.
var ShortcutIDDuplicate = &lint.Analyzer{
	Name:     "shortcut-id-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut ID defined twice",
		Why:   "inline shortcut IDs MUST be unique in a document; the runtime silently renames the second one (`docs2`), so `@docs` reaches only the first",
		Bad:   "Read [@docs A](a.md) or [@docs B](b.md).\n",
		Good:  "Read [@docs A](a.md) or [@docs-v2 B](b.md).\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		seen := dupTracker{}
		ids := map[string]bool{}
		for _, s := range pass.Doc.Shortcuts {
			if isShortcutDef(s) {
				ids[s.ID] = true
			}
		}
		for _, s := range pass.Doc.Shortcuts {
			if !isShortcutDef(s) || s.ID == "" {
				continue
			}
			if first, dup := seen.check(s.ID, s.IDSpan); dup {
				n := freeName(s.ID, "-", func(x string) bool { return ids[x] })
				reportDup(pass, s.IDSpan, first, fmt.Sprintf("shortcut %q", "@"+s.ID), fmt.Sprintf("rename this one (e.g. %q)", "@"+n))
			}
		}
		return nil, nil
	},
}

// directiveDupRule builds nav-name-duplicate and include-id-duplicate.
func directiveDupRule(name, kind string, types []string, doc lint.Doc) *lint.Analyzer {
	return &lint.Analyzer{
		Name:     name,
		Severity: lint.Error,
		Profile:  lint.Core,
		Doc:      doc,
		Run: func(pass *lint.Pass) (any, error) {
			seen := dupTracker{}
			for _, d := range pass.Doc.Directives {
				if !hasString(types, d.Type) || d.Name == "" || !d.OwnLine {
					continue
				}
				if first, dup := seen.check(d.Name, d.NameSpan); dup {
					reportDup(pass, d.NameSpan, first, fmt.Sprintf("%s %q", kind, d.Name), "rename or remove this directive")
				}
			}
			return nil, nil
		},
	}
}

// NavNameDuplicate reports a nav menu name registered twice.
var NavNameDuplicate = directiveDupRule("nav-name-duplicate", "nav menu", navTypes, lint.Doc{
	Title: "nav menu name registered twice",
	Why:   "nav names MUST be unique in a document; `/nav <name>` and `@<name>.id` can only reach one menu",
	Bad:   "[!nav:main](nav/a.md)\n[!nav:main](nav/b.md)\n",
	Good:  "[!nav:main](nav/a.md)\n[!nav:admin](nav/b.md)\n",
})

// IncludeIDDuplicate reports an include ID used twice.
var IncludeIDDuplicate = directiveDupRule("include-id-duplicate", "include", []string{"include"}, lint.Doc{
	Title: "include ID used twice",
	Why:   "include IDs MUST be unique in a document; the included content is addressed by ID",
	Bad:   "[!include:header]()\n[!include:header](h2.md)\n",
	Good:  "[!include:header]()\n[!include:header-alt](h2.md)\n",
})

// EnvDuplicate reports an env name declared twice.
var EnvDuplicate = &lint.Analyzer{
	Name:     "env-duplicate",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env variable declared twice",
		Why:   "a second env entry for one name makes the description and default ambiguous",
		Bad:   "---\nenv:\n  - API_KEY: \"Main key\"\n  - API_KEY: \"Other key\"\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"Main key\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		seen := dupTracker{}
		for _, e := range fm.Env {
			if e.Name == "" {
				continue
			}
			if first, dup := seen.check(e.Name, e.NameSpan); dup {
				reportDup(pass, e.NameSpan, first, fmt.Sprintf("env variable %q", e.Name), "remove this entry")
			}
		}
		return nil, nil
	},
}

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
