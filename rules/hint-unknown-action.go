package rules

import (
	"bytes"
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// HintUnknownAction reports hints calling an action the document does not
// define.
var HintUnknownAction = &lint.Analyzer{
	Name:     "hint-unknown-action",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint calls an action that does not exist",
		Why:   "an agent copies the hint and gets ACTION_NOT_FOUND: the runtime looks the action up in the current document",
		Bad:   "Search with `/act.serch --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "Search with `/act.search --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "action.ts cmdAction: the document works; an agent copying the hint gets \"Action not found\" (NOT_FOUND)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		// A document without actions describes actions (documentation), and
		// included blocks may bring actions this parse does not see.
		if len(syms.ActionIDs) == 0 {
			return nil, nil
		}
		for _, d := range pass.Doc.Directives {
			if d.Type == "include" {
				return nil, nil
			}
		}
		for _, c := range hints(pass).Calls {
			if c.Tool || c.Action != nil || len(syms.Responses[c.ActionID]) > 0 || showsDefinition(pass.Doc, c.ActionID) {
				continue
			}
			d := lint.Diagnostic{Span: c.IDSpan}
			if n := budgetedNearest(pass, c.ActionID, syms.ActionIDs); n != "" {
				d.Message = fmt.Sprintf("hint calls action %q, which this document does not define; did you mean %q?", c.ActionID, n)
				if src(pass.Doc, c.IDSpan) == c.ActionID {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("call %q instead", n),
						Safe:    false, // the hint may mean an action of another page
						Edits:   []lint.Edit{{Start: c.IDSpan.Start.Offset, End: c.IDSpan.End.Offset, New: n}},
					}}
				}
			} else {
				d.Message = fmt.Sprintf("hint calls action %q, which this document does not define; expected one of %s", c.ActionID, quoteList(syms.ActionIDs, 8))
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// showsDefinition reports whether the document writes act.<id> as code
// (```act.id inside an example fence, `act.id` in prose): it then
// describes an example action it does not define, and its hints are part
// of the example (or the fences are mis-nested, which other rules report).
//
// It is the byte scan of "(?:`+|~~~+)[ \t]*act\.ID(?:\.response)?(?:[^A-Za-z0-9_-]|$)"
// (TestShowsDefinitionMatchesRegexp holds it to that pattern).
func showsDefinition(doc *sfmd.Document, id string) bool {
	src, needle := doc.Src, []byte("act."+id)
	for i := 0; ; {
		k := bytes.Index(src[i:], needle)
		if k < 0 {
			return false
		}
		at := i + k
		i = at + 1
		if e := at + len(needle); e < len(src) && isIDByte(src[e]) {
			continue // act.idx: another ID
		}
		j := at
		for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t') {
			j--
		}
		if j == 0 || (src[j-1] != '`' && src[j-1] != '~') {
			continue
		}
		c, n := src[j-1], 0
		for j > 0 && src[j-1] == c {
			j--
			n++
		}
		if c == '`' || n >= 3 {
			return true
		}
	}
}
