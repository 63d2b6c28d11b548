package rules

import (
	"fmt"
	"strings"
	"testing"
)

// render writes an invocation compactly: flags as key=value (key! when
// bare), positionals as +value, help as "help".
func render(inv *invocation) string {
	if inv.Help {
		return "help"
	}
	var parts []string
	for _, f := range inv.Flags {
		if f.Bare() {
			parts = append(parts, f.Key+"!")
		} else {
			parts = append(parts, f.Key+"="+f.Value.Text)
		}
	}
	for _, p := range inv.Positionals {
		parts = append(parts, "+"+p.Text)
	}
	if inv.Ellipsis {
		parts = append(parts, "…")
	}
	return strings.Join(parts, " ")
}

// TestTokenizeArgs follows runtime-semantics.md §1.3.
func TestTokenizeArgs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`a b`, `[a][b]`},
		{"a\tb  c", `[a][b][c]`},
		{"a\nb c", "[a\nb][c]"}, // a newline is an ordinary character
		{`--name "New York"`, `[--name][New York]`},
		{`x"a b"'c d'y`, `[xa bc dy]`}, // quotes toggle anywhere and mix
		{`'say "hi"'`, `[say "hi"]`},
		{`a "" b`, `[a][b]`}, // empty tokens are dropped
		{`a\ b`, `[a\][b]`},  // no backslash escaping
		{`"unclosed b`, `[unclosed b]`},
		{``, ``},
	} {
		var b strings.Builder
		for _, tok := range tokenizeArgs(tc.in) {
			fmt.Fprintf(&b, "[%s]", tok.Text)
		}
		if b.String() != tc.want {
			t.Errorf("tokenizeArgs(%q) = %s, want %s", tc.in, b.String(), tc.want)
		}
	}
}

func TestTokenizeArgsOffsets(t *testing.T) {
	in := `--name  "New York" -x`
	toks := tokenizeArgs(in)
	want := []string{`--name`, `"New York"`, `-x`}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens, want %d", len(toks), len(want))
	}
	for i, tok := range toks {
		if got := in[tok.Start:tok.End]; got != want[i] {
			t.Errorf("token %d spans %q, want %q", i, got, want[i])
		}
	}
	if !toks[1].Quoted || toks[0].Quoted {
		t.Errorf("Quoted: got %v %v", toks[0].Quoted, toks[1].Quoted)
	}
}

// TestParseArgs checks the runtime's flag loop (§1.3).
func TestParseArgs(t *testing.T) {
	aliases := map[string]string{"p": "prompt"}
	for _, tc := range []struct{ in, want string }{
		{`--city Seoul`, `city=Seoul`},
		{`--city=Seoul`, `city=Seoul`},
		{`--city=`, `city=`}, // the only way to pass an empty string
		{`--city ""`, `city!`},
		{`--verbose --city x`, `verbose! city=x`},
		{`--n -1`, `n! 1!`},  // -1 is flag-like: the flag turns bare
		{`--n -10`, `n=-10`}, // -10 is not
		{`-p cat`, `prompt=cat`},
		{`-q cat`, `q=cat`}, // not an alias: the letter stays
		{`-abc`, `+-abc`},   // longer than two characters: positional
		{`a b --k v`, `k=v +a +b`},
		{`-- --k v`, `+--k +v`}, // -- makes the rest positional
		{`--k v --help`, `help`},
		{`-- -h`, `help`}, // help wins even after --
		{`--x -h`, `help`},
		{`-é`, `é!`},  // two UTF-16 units
		{`-😀`, `+-😀`}, // three UTF-16 units
		{`--`, ``},
	} {
		if got := render(parseArgs(tc.in, aliases)); got != tc.want {
			t.Errorf("parseArgs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestParseHintArgs checks the fill-in notation of hints on top of the
// runtime's reading.
func TestParseHintArgs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`--city <name>`, `city=<name>`},
		{`--city <city name>`, `city=<city name>`},
		{`--name "{City Name}"`, `name={City Name}`},
		{`--name {City Name}`, `name={City Name}`},
		{`--repo <owner/repo> [--branch main]`, `repo=<owner/repo> branch=main`},
		{`--query <text> [--start today] [--end +180 days]`, `query=<text> start=today end=+180`},
		{`--file <path> [--model tiny|base|small] [--language <code>]`, `file=<path> model=tiny|base|small language=<code>`},
		{`[--verbose] <query>`, `verbose! +<query>`},
		{`[args]`, ``},
		{`--limit [n] --q x`, `limit=n q=x`},
		{`--limit [n m] x`, `limit=n +x`},
		{`--code ... --answer "23.00"`, `code=... answer=23.00`},
		{`--text "..." ...`, `text=... …`},
		{`-i @image ...`, `i=@image …`},
		{`@post-3 → /act.upvote @post`, `+@post-3`},
		{`a -> b`, `+a`},
		{`--k v | grep x`, `k=v`},
		{`"a → b"`, `+a → b`}, // quoted: a value, not a chain
		{`--help`, `help`},
	} {
		if got := render(parseHintArgs(tc.in)); got != tc.want {
			t.Errorf("parseHintArgs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestFlagWritten(t *testing.T) {
	inv := parseArgs(`--limit=5 -p x --q`, nil)
	var got []string
	for _, f := range inv.Flags {
		got = append(got, f.Written())
	}
	if strings.Join(got, " ") != "--limit -p --q" {
		t.Errorf("Written: %q", got)
	}
}
