package rules

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ActionWithoutHint reports actions no hint or act: link shows how to
// call.
var ActionWithoutHint = &lint.Analyzer{
	Name:     "action-without-hint",
	Severity: lint.Info,
	Profile:  lint.Style,
	Doc: lint.Doc{
		Title: "action has no invocation hint in the prose",
		Why:   "agents learn how to call an action from a one-line hint such as `/act.search --q <query>` next to it; without one they must ask for --help first (tools and the default action are exempt)",
		Bad:   "# Search\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "# Search\n\nSearch with `/act.search --q <query>`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "spec.md §2.13: guidance for agents; the action works without a hint (`/act.<id> --help` lists its flags)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		if typ, _ := doc.Frontmatter.String("type"); typ == "tool" {
			return nil, nil
		}
		syms := symbols(pass)
		shown := map[string]bool{}
		for _, c := range hints(pass).Calls {
			if c.Action != nil {
				shown[c.Action.ID] = true
			}
		}
		// invocations written in plain code blocks and in the middle of
		// response template lines ("next: /act.read @issue-N") show the
		// call too
		for _, id := range invocations(doc.Src) {
			shown[strings.ToLower(id)] = true
			shown[id] = true
		}
		for _, l := range doc.Links {
			if l.IsAct {
				shown[l.ActID] = true
			}
		}
		for _, s := range doc.Shortcuts {
			if id, ok := strings.CutPrefix(s.URL, "act:"); ok {
				id, _, _ = strings.Cut(id, "?")
				shown[id] = true
			}
		}
		def, _ := doc.Frontmatter.String("default")
		for _, id := range syms.actionIDs() { // sorted
			if shown[id] || id == def || id == "" {
				continue
			}
			a := syms.Actions[id][0]
			var flags []string
			for _, p := range a.Params {
				if p.Name != "" && p.Required && !p.HasDefault {
					flags = append(flags, fmt.Sprintf("--%s <%s>", p.Name, p.Name))
				}
			}
			example := strings.TrimSpace("/act." + id + " " + strings.Join(flags, " "))
			pass.Reportf(a.IDSpan, "action %q has no invocation hint; add one to the prose, e.g. `%s`", id, example)
		}
		return nil, nil
	},
}

// invocations returns the action IDs of "/act.<id>", "/act <id>" and
// "/action.<id>" written anywhere in src (after a space, a quote, a
// bracket or a backtick, so that URL paths do not count). It is a single
// strings.Index walk: a backtracking regexp over the whole file was the
// most expensive part of a lint run.
func invocations(src []byte) []string {
	var ids []string
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("/act"))
		if k < 0 {
			return ids
		}
		at := i + k
		i = at + len("/act")
		if at > 0 && !strings.ContainsRune(" \t\r\n\v\f`'\"([>*_|", rune(src[at-1])) {
			continue
		}
		j := i
		if bytes.HasPrefix(src[j:], []byte("ion")) {
			j += len("ion")
		}
		switch {
		case j < len(src) && src[j] == '.':
			j++
		case j < len(src) && src[j] == ' ':
			for j < len(src) && src[j] == ' ' {
				j++
			}
		default:
			continue
		}
		e := j
		for e < len(src) && (isIDByte(src[e])) {
			e++
		}
		if e > j {
			ids = append(ids, string(src[j:e]))
		}
	}
}
