package rules

import (
	"math/rand/v2"
	"strconv"
	"testing"
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

