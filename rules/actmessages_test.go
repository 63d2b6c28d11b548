package rules

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestUnknownParamMessage holds act-link-unknown-param's message, written
// in one buffer, to the concatenation of strconv.Quote's and quoteAll's it
// replaces, on random IDs, keys and fields (quoted as they are or with
// escapes) in each of its four cases. It fails with a word or a quote
// changed.
func TestUnknownParamMessage(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	words := append(randomStrings(4, 200, "ab-_.\"\\\xc3\xa9\xff\t"), "id", "post", "")
	pick := func() string { return words[r.IntN(len(words))] }
	for range 4000 {
		id, key, meant, want := pick(), pick(), "", ""
		switch r.IntN(3) {
		case 0:
			meant = pick() + "x"
		case 1:
			want = pick() + "y"
		}
		var names []string
		for range r.IntN(4) {
			names = append(names, pick())
		}
		msg := "action " + strconv.Quote(id) + " has no field " + strconv.Quote(key)
		switch {
		case meant != "":
			m := strconv.Quote(meant)
			msg += ", and its required field " + m + " is missing; did you mean " + m + "?"
		case want != "":
			msg += "; did you mean " + strconv.Quote(want) + "?"
		case len(names) == 0:
			msg += "; it declares no fields, remove the query"
		default:
			msg += "; expected one of " + quoteAll(names)
		}
		if got := string(unknownParamMessage([]byte("old"), id, key, meant, want, names)); got != "old"+msg {
			t.Fatalf("got  %s\nwant old%s", got, msg)
		}
	}
}

// TestMissingFlagsMessage holds hint-missing-required's message, written
// in one buffer, to the fmt.Sprintf's it replaces, on random calls (tool
// or not) with 1 to 11 missing parameters (typed or not, names quoted as
// they are or with escapes). It fails with a word, a quote or the list's
// limit changed.
func TestMissingFlagsMessage(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 10))
	words := append(randomStrings(5, 200, "ab-_.\"\\\xc3\xa9\xff\t"), "id", "string", "")
	pick := func() string { return words[r.IntN(len(words))] }
	for range 3000 {
		c := &hintCall{Tool: r.IntN(2) == 0, ActionID: pick()}
		var missing []*sfmd.Param
		var names, fix []string
		for range 1 + r.IntN(11) {
			p := &sfmd.Param{Name: pick(), Type: pick()}
			missing, names = append(missing, p), append(names, p.Name)
			typ := p.Type
			if typ == "" {
				typ = "value"
			}
			fix = append(fix, fmt.Sprintf("--%s <%s>", p.Name, typ))
		}
		what := fmt.Sprintf("required parameter %q", names[0])
		if len(names) > 1 {
			what = "required parameters " + quoteList(names, 8)
		}
		want := fmt.Sprintf("hint leaves out %s of %s; add %s", what, c.call(), strings.Join(fix, " "))
		if got := string(missingFlagsMessage([]byte("old"), c, missing)); got != "old"+want {
			t.Fatalf("got  %s\nwant old%s", got, want)
		}
	}
}

// TestBodyDupMessage holds body-duplicate's message, written in one
// buffer, to reportDup's concatenation of the quoted "act."+id (fails
// with a word changed).
func TestBodyDupMessage(t *testing.T) {
	for _, id := range append(randomStrings(6, 500, "ab-_.\"\\\xc3\xa9\xff\t"), "get", "") {
		for _, line := range []int{1, 9, 10, 12345} {
			todo := "remove this \"body:\" section"
			want := "body template of " + strconv.Quote("act."+id) + " already defined at line " + strconv.Itoa(line) + "; " + todo
			if got := string(bodyDupMessage([]byte("old"), id, line, todo)); got != "old"+want {
				t.Fatalf("got  %s\nwant old%s", got, want)
			}
		}
	}
}

// TestDirectiveDupMessage holds nav-name-duplicate's and
// include-id-duplicate's message, written in one buffer, to reportDup's
// concatenation of the fmt.Sprintf it replaces (fails with a word
// changed).
func TestDirectiveDupMessage(t *testing.T) {
	for _, kind := range []string{"nav menu", "include"} {
		for _, name := range append(randomStrings(7, 500, "ab-_.\"\\\xc3\xa9\xff\t"), "main", "") {
			for _, line := range []int{1, 9, 10, 12345} {
				want := fmt.Sprintf("%s %q", kind, name) + " already defined at line " + strconv.Itoa(line) + "; rename or remove this directive"
				if got := string(directiveDupMessage([]byte("old"), kind, name, line)); got != "old"+want {
					t.Fatalf("got  %s\nwant old%s", got, want)
				}
			}
		}
	}
}

// TestAliasReservedMessage holds param-alias-reserved's message, its free
// letter found in an array of the 26 short aliases and written in one
// buffer, to the map of taken aliases and the fmt.Sprintf's it replaces,
// on random actions whose aliases take most letters (fails with -a not
// marked taken or a word changed).
func TestAliasReservedMessage(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 11))
	names := append(randomStrings(8, 300, "abhxyzAH-_\xc3\xa9"), "host", "")
	aliases := []string{"-a", "-b", "-c", "-x", "-y", "-z", "-o", "-s", "-t", "--h", "-", "-é", "-H", "", "-ab"}
	for range 3000 {
		a := &sfmd.Action{}
		p := &sfmd.Param{Name: names[r.IntN(len(names))], Alias: sfmd.HelpAlias}
		a.Params = append(a.Params, p)
		for range r.IntN(30) {
			al := aliases[r.IntN(len(aliases))]
			if r.IntN(2) == 0 {
				al = "-" + string(rune('a'+r.IntN(26)))
			}
			a.Params = append(a.Params, &sfmd.Param{Name: names[r.IntN(len(names))], Alias: al})
		}
		taken := map[string]bool{sfmd.HelpAlias: true}
		for _, q := range a.Params {
			taken[q.Alias] = true
		}
		want := ""
		for _, c := range strings.ToLower(p.Name) + "abcdefgijklmnopqrstuvwxyz" {
			if c >= 'a' && c <= 'z' && !taken["-"+string(c)] {
				want = "-" + string(c)
				break
			}
		}
		msg := fmt.Sprintf("alias %q of parameter %q can never be used: -h always shows the action's help", p.Alias, p.Name)
		if want != "" {
			msg += fmt.Sprintf("; use another letter, e.g. %q", want)
		} else {
			msg += "; remove the alias"
		}
		if got := string(aliasReservedMessage([]byte("old"), a, p)); got != "old"+msg {
			t.Fatalf("got  %s\nwant old%s", got, msg)
		}
	}
}
