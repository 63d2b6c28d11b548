package rules

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestRawArgActionsByKind holds rawArgActions, which reads the kind the
// symbol table's list holds before the reference, to the walk that reads
// every use's reference, on the documents of TestUseKinds.
func TestRawArgActionsByKind(t *testing.T) {
	n := 0
	for name, doc := range symCheapDocs(t) {
		syms := buildSymbols(doc)
		want := map[*sfmd.Action]bool{}
		for _, u := range syms.Uses {
			if u.Action == nil || !u.Site.inDefinition() {
				continue
			}
			if u.Ref.Kind == sfmd.RefSpread || (u.Ref.Kind == sfmd.RefPersistent && u.Ref.Name == sfmd.ArgsVar) {
				want[u.Action] = true
			}
		}
		if got := rawArgActions(syms); !maps.Equal(got, want) {
			t.Errorf("%s: %d actions forward their arguments, the walk of the references %d", name, len(got), len(want))
		}
		n += len(want)
	}
	if n < 10 {
		t.Errorf("only %d actions forward their arguments: the documents test little", n)
	}
}

// TestUnknownFlagMessage holds hint-unknown-flag's message, written in one
// buffer, to the concatenation of strconv.Quote's and quoteList's it
// replaces, for names that need escapes, up to 12 parameters (the list
// stops at 8), tool and action calls, with and without a nearest name.
func TestUnknownFlagMessage(t *testing.T) {
	words := []string{"a", "", "é\"x", "tab\there", "--flag", "\xff", "z", "q\\", "日本"}
	r := rand.New(rand.NewPCG(5, 8))
	for range 3000 {
		params := make([]*sfmd.Param, r.IntN(13))
		flags := make([]string, len(params))
		for i := range params {
			params[i] = &sfmd.Param{Name: words[r.IntN(len(words))]}
			flags[i] = "--" + params[i].Name
		}
		c := &hintCall{ActionID: words[r.IntN(len(words))], Tool: r.IntN(2) == 0}
		written, n := words[r.IntN(len(words))], ""
		if r.IntN(2) == 0 {
			n = words[1+r.IntN(len(words)-1)]
		}
		want := "flag " + strconv.Quote(written) + " is not a parameter of " + c.call()
		if n != "" {
			want += "; did you mean " + strconv.Quote("--"+n) + "?"
		} else {
			want += "; expected one of " + quoteList(flags, 8)
		}
		if got := unknownFlagMessage(written, c, n, params); got != want {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
		if got, want := string(appendFlagList(nil, params, 8)), quoteList(flags, 8); got != want {
			t.Fatalf("flags %s, want %s", got, want)
		}
	}
}

// TestAppendQuotedAfter: appendQuotedAfter is strconv.Quote of the
// prefixed string, for the prefixes the rules use and names that need
// escapes.
func TestAppendQuotedAfter(t *testing.T) {
	for _, prefix := range []string{"--", "@", ""} {
		for _, s := range []string{"", "a", "é\"x", "tab\there", "\xff", "q\\", "日本", "\x00", "a\xe2\x82"} {
			if got, want := string(appendQuotedAfter([]byte("x"), prefix, s)), "x"+strconv.Quote(prefix+s); got != want {
				t.Errorf("%q %q: %s, want %s", prefix, s, got, want)
			}
		}
	}
}

// TestShortcutDupMessage holds shortcut-id-duplicate's message, written in
// one buffer, to reportDup's concatenation of strconv.Quote's.
func TestShortcutDupMessage(t *testing.T) {
	for _, id := range []string{"docs", "é\"x", "\xff", "a-b"} {
		for _, line := range []int{1, 9, 10, 12345} {
			n := id + "-2"
			want := "shortcut " + strconv.Quote("@"+id) + " already defined at line " + strconv.Itoa(line) + "; " + "rename this one (e.g. " + strconv.Quote("@"+n) + ")"
			if got := string(shortcutDupMessage([]byte("old"), id, n, line)); got != "old"+want {
				t.Errorf("got  %s\nwant old%s", got, want)
			}
		}
	}
}

// TestCLIResponseMessage holds response-on-cli's message, written in one
// buffer, to the fmt.Sprintf it replaces.
func TestCLIResponseMessage(t *testing.T) {
	for _, raw := range []string{"{Response.body.x}", "{Response.body[0]}", "%d"} {
		for _, id := range []string{"ls", "a.b", "é\"x", "\xff"} {
			want := fmt.Sprintf("%s in the template of CLI action %q only resolves when the command prints JSON, and only in runtimes that run templates for CLI; use {Response.body} (the output) or make the command print what you need", raw, "act."+id)
			if got := string(cliResponseMessage([]byte("x"), raw, id)); got != "x"+want {
				t.Errorf("got  %s\nwant x%s", got, want)
			}
		}
	}
}
