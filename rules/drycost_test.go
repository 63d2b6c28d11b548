package rules

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// scannerDocs are the documents a scanner that stands for a regexp is
// held to it on: the rule archives, corpus/err, the upstream corpus, a
// generated document and the cases given.
func scannerDocs(t *testing.T, cases ...string) map[string][]byte {
	t.Helper()
	docs := droppedParamDocs(t)
	docs["benchgen.md"] = benchgen.Document(256 << 10)
	docs["hints.md"] = benchgen.HintDocument(64)
	for i, c := range cases {
		docs["case"+string(rune('a'+i))] = []byte(c)
	}
	return docs
}

// TestNavHintSpansIsRegexp: navHintSpans finds what reNavHint finds.
func TestNavHintSpansIsRegexp(t *testing.T) {
	docs := scannerDocs(t,
		"`/open a.md` and `/nav  docs` and `/open`/nav x` `/nav \t` `/open  ` `/navx y`",
		"`/open \n x` `/open\tx` `/open é` ``/nav a`` `/open a\n`/nav b` `/open a",
		"`/open x`/open y` `/nav\xff\xfe` ` /open x` `//open x` `/open ``")
	found := 0
	for name, src := range docs {
		var want [][4]int
		for _, m := range reNavHint.Re().FindAllSubmatchIndex(src, -1) {
			want = append(want, [4]int{m[0], m[1], m[2], m[3]})
		}
		got := navHintSpans(src)
		found += len(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: navHintSpans %v, reNavHint %v", name, got, want)
		}
	}
	if found < 10 {
		t.Fatalf("only %d matches in all: the documents test little", found)
	}
}

// TestUpperEnvNamesIsRegexp: appendUpperEnvNames finds what reDryEnv finds, on
// every line of the documents.
func TestUpperEnvNamesIsRegexp(t *testing.T) {
	docs := scannerDocs(t, "$A $_ $ $$B $a $A1_B-$C9 $9 $É x$Y$Z $")
	found := 0
	for name, src := range docs {
		for line := range strings.SplitSeq(string(src), "\n") {
			var want []string
			for _, m := range reDryEnv.FindAllStringSubmatch(line, -1) {
				want = append(want, m[1])
			}
			found += len(want)
			if got := appendUpperEnvNames(nil, line); !slices.Equal(got, want) {
				t.Errorf("%s: %q: appendUpperEnvNames %q, reDryEnv %q", name, line, got, want)
			}
		}
	}
	if found < 10 {
		t.Fatalf("only %d matches in all: the documents test little", found)
	}
}

// TestHasSchemeIsRegexp: hasScheme is schemeRe.MatchString on every link
// destination and line start of the documents and on the cases given.
func TestHasSchemeIsRegexp(t *testing.T) {
	docs := scannerDocs(t)
	cases := []string{"", ":", "a:", "A1+.-:x", "1a:", "a b:", "a", "https://x", "act:x", "@a:b", "é:", "a\x00:", "[a:", "Z:", "z9", "a+", "a_b:"}
	for _, src := range docs {
		for line := range strings.SplitSeq(string(src), "\n") {
			cases = append(cases, line, strings.TrimSpace(line))
		}
		for _, l := range sfmd.Parse("doc.md", src).Links {
			cases = append(cases, l.Dest)
		}
	}
	yes := 0
	for _, c := range cases {
		want := schemeRe.MatchString(c)
		if got := hasScheme(c); got != want {
			t.Errorf("%q: hasScheme %v, schemeRe %v", c, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 10 {
		t.Fatalf("only %d schemes: the cases test little", yes)
	}
}

// TestOnlyASCIILowersToURL: the only runes unicode.ToLower (strings.ToLower's
// mapping) turns into 'u', 'r' or 'l' are the ASCII letters themselves, so
// that sampleValue may look for "url" in a description in ASCII, in any
// case, before lower-casing it.
func TestOnlyASCIILowersToURL(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		switch unicode.ToLower(r) {
		case 'u', 'r', 'l':
			if r >= utf8.RuneSelf {
				t.Errorf("%U lower-cases to %q", r, unicode.ToLower(r))
			}
		}
	}
	for _, c := range []struct {
		s    string
		want bool
	}{{"API base URL", true}, {"uRl", true}, {"ur l", false}, {"", false}, {"ur", false}, {"xxURL", true}, {"\u212aurl", true}} {
		if got := containsFoldASCII(c.s, "url"); got != c.want {
			t.Errorf("containsFoldASCII(%q): %v, want %v", c.s, got, c.want)
		}
	}
}

// reMayReread and reReader define model.MayReread: a -c option,
// --command, eval, ssh or watch, and the name of a command
// model.ShellCommand.Scripts reads a script of, as a word or the last
// part of a path.
var (
	reMayReread = regexp.MustCompile(`(^|[^\w-])(-[a-z]*c[a-z]*\b|--command\b|eval\b|ssh\b|watch\b)`)
	reReader    = regexp.MustCompile(`(^|[^\w-])(sh|bash|zsh|dash|ksh|ash|mksh|su|runuser|eval|ssh|watch)\b`)
)

// TestMayRereadIsRegexp: model.MayReread is reMayReread and reReader on
// every line of the documents and on the cases given.
func TestMayRereadIsRegexp(t *testing.T) {
	docs := scannerDocs(t)
	cases := []string{"", "-c", "sh -c", "sh-c", "x-sh -c", "bash -lc 'x'", "bash -lC x", "sh -c1", "sh -c_", "sh -cé", "sh --command", "su --commands",
		"su --command=x", "a--command", "/bin/sh -ec", "eval", "evaluate x", "ssh", "ssh-keygen -c", "watch-x", "_sh -c", "sh_ -c", "(sh -c x)",
		"python3 -c 'x'", "tar -czf a", "grep -c x", "é sh é -c", "sh\t-c", "\"bash\" -c", "bash5 -c", "-abcd sh", "sh -xyz", "mksh -c", "runuser -u x --command y"}
	for _, src := range docs {
		cases = append(cases, strings.Split(string(src), "\n")...)
	}
	// random commands over the bytes the patterns read
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"sh", "bash", "su", "eval", "ssh", "watch", "-", "--command", "c", "l", "e", "C", "1", "_", " ", "/", "é", "'", "x"}
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	yes := 0
	for _, c := range cases {
		want := reMayReread.MatchString(c) && reReader.MatchString(c)
		if got := model.MayReread(c); got != want {
			t.Errorf("%q: MayReread %v, the regexps %v", c, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 20 {
		t.Fatalf("only %d commands that may be read again: the cases test little", yes)
	}
}
