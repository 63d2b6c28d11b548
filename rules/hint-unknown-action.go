package rules

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// HintUnknownAction reports hints calling an action the document does not
// define.
var HintUnknownAction = &lint.Analyzer{
	Name:       "hint-unknown-action",
	Severity:   lint.Warning,
	SpendsWork: true,
	Profile:    lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint calls an action that does not exist",
		Why:   "an agent copies the hint and gets ACTION_NOT_FOUND: the runtime looks the action up in the current document",
		Bad:   "Search with `/act.serch --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "Search with `/act.search --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "action.ts cmdAction: the document works; an agent copying the hint gets \"Action not found\" (NOT_FOUND)",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the hint may mean an action of another page, not the nearest name on this one"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		// A document without actions describes actions (documentation), and
		// included blocks may bring actions this parse does not see.
		if len(pass.Doc.Actions) == 0 {
			return nil, nil
		}
		for _, d := range pass.Doc.Directives {
			if d.Type == "include" {
				return nil, nil
			}
		}
		var shown *shownIDs // built on the first hint to an undefined action
		type finding struct {
			c    *hintCall
			near string // the defined id it is near, "" for none
		}
		var found []finding
		plain := 0 // the findings without a near id
		for _, c := range hints(pass).Calls {
			if c.Tool || c.Action != nil || len(syms.responses()[c.ActionID]) > 0 {
				continue
			}
			if shown == nil {
				shown = newShownIDs(pass.Doc.Src)
			}
			if shown.has(c.ActionID) {
				continue
			}
			n := budgetedNearest(pass, c.ActionID, syms.actionIDs())
			if n == "" {
				plain++
			}
			found = append(found, finding{c, n})
		}
		var messages expectedMessages
		if plain > 0 {
			ids := make([]string, 0, plain)
			for _, f := range found {
				if f.near == "" {
					ids = append(ids, f.c.ActionID)
				}
			}
			messages = newExpectedMessages(ids, syms.actionIDs())
		}
		for _, f := range found {
			c, n := f.c, f.near
			d := lint.Diagnostic{Span: c.IDSpan}
			if n == "" {
				d.Message = messages.next()
				pass.Report(d)
				continue
			}
			d.Message = fmt.Sprintf("hint calls action %q, which this document does not define; did you mean %q?", c.ActionID, n)
			if src(pass.Doc, c.IDSpan) == c.ActionID {
				d.Fixes = []lint.Fix{{
					Message: fmt.Sprintf("call %q instead", n),
					Safe:    false, // the hint may mean an action of another page
					Edits:   []lint.Edit{{Start: c.IDSpan.Start.Off(), End: c.IDSpan.End.Off(), New: n}},
				}}
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// expectedMessages are the messages of the hints to ids with no defined
// id near them, in order: "hint calls action %q, which this document
// does not define; expected one of <the defined ids>", cut from one
// string (a document may hold thousands of such hints, each a message of
// its own).
type expectedMessages struct {
	all      string
	ends     []int // where each message ends in all
	start, i int   // where the next one starts, and its number
}

func newExpectedMessages(ids, defined []string) expectedMessages {
	const head, tail = "hint calls action ", ", which this document does not define; expected one of "
	expected := quoteList(defined, 8)
	size := 0
	for _, id := range ids {
		size += len(head) + len(id) + 2 + len(tail) + len(expected)
	}
	var b strings.Builder
	b.Grow(size) // enough unless an id needs escapes
	ends := make([]int, len(ids))
	for i, id := range ids {
		b.WriteString(head)
		writeQuoted(&b, id)
		b.WriteString(tail)
		b.WriteString(expected)
		ends[i] = b.Len()
	}
	return expectedMessages{all: b.String(), ends: ends}
}

// next is the next message.
func (m *expectedMessages) next() string {
	msg := m.all[m.start:m.ends[m.i]]
	m.start = m.ends[m.i]
	m.i++
	return msg
}

// writeQuoted writes strconv.Quote(s): s between double quotes when
// plainQuoted(s), else Quote's escapes.
func writeQuoted(b *strings.Builder, s string) {
	if !plainQuoted(s) {
		b.WriteString(strconv.Quote(s))
		return
	}
	b.WriteByte('"')
	b.WriteString(s)
	b.WriteByte('"')
}

// shownIDs are the IDs a document writes as act.<id> in code (```act.id
// inside an example fence, `act.id` in prose): it then describes an
// example action it does not define, and hints to it are part of the
// example (or the fences are mis-nested, which other rules report). One
// scan of the document finds them all, so that a document with many
// hints to undefined actions is read once, not once per hint.
type shownIDs struct {
	src []byte
	ids map[string]bool
}

func newShownIDs(src []byte) *shownIDs {
	s := &shownIDs{src: src, ids: map[string]bool{}}
	needle := []byte("act.")
	for i := 0; ; {
		k := bytes.Index(src[i:], needle)
		if k < 0 {
			return s
		}
		at := i + k
		i = at + 1
		if !afterFenceOrCode(src, at) {
			continue
		}
		e := at + len(needle)
		for e < len(src) && isIDByte(src[e]) {
			e++
		}
		s.ids[string(src[at+len(needle):e])] = true
	}
}

// has reports whether the document shows act.<id> as code. An id of ID
// bytes only is looked up in the set; any other is searched for (such an
// id cannot be told apart from a longer one by the set).
func (s *shownIDs) has(id string) bool {
	for i := 0; i < len(id); i++ {
		if !isIDByte(id[i]) {
			return showsDefinition(s.src, id)
		}
	}
	return id != "" && s.ids[id]
}

// afterFenceOrCode reports whether src[at:] follows a code span's
// backticks or a fence's opening characters (three tildes or more), with
// only spaces and tabs between.
func afterFenceOrCode(src []byte, at int) bool {
	j := at
	for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t') {
		j--
	}
	if j == 0 || (src[j-1] != '`' && src[j-1] != '~') {
		return false
	}
	c, n := src[j-1], 0
	for j > 0 && src[j-1] == c {
		j--
		n++
	}
	return c == '`' || n >= 3
}

// showsDefinition reports whether src writes act.<id> as code.
//
// It is the byte scan of "(?:`+|~~~+)[ \t]*act\.ID(?:\.response)?(?:[^A-Za-z0-9_-]|$)"
// (TestShowsDefinitionMatchesRegexp holds it, and shownIDs, to that pattern).
func showsDefinition(src []byte, id string) bool {
	needle := []byte("act." + id)
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
		if afterFenceOrCode(src, at) {
			return true
		}
	}
}
