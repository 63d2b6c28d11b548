package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestQuotedPlaceholdersAllocations holds cli-placeholder-quoted to no
// allocation for a command whose placeholders are all unquoted: the
// quoting scan reuses its buffer (scanBufs), and the scripts a second
// shell reads again (rereadOffsets, model.ShellCommands) are looked for
// only once a placeholder is quoted. Allocations are counted
// (deterministic), not time.
func TestQuotedPlaceholdersAllocations(t *testing.T) {
	src := "```act.run\nCLI bash -c 'make all' --target {target} | tee \"out.log\" {mode}\n  target: string (required) \"what to build\"\n  mode: string \"how\"\n```\n"
	doc := sfmd.Parse("run.md", []byte(src))
	if len(doc.Actions) != 1 || !model.MayReread(doc.Actions[0].Target.Text) {
		t.Fatalf("the command must be one that a second shell may read again: %+v", doc.Actions)
	}
	syms := buildSymbols(doc)
	a := doc.Actions[0]
	if _, ok := quotedPlaceholders(doc, a, syms); ok {
		t.Fatal("unquoted placeholders reported")
	}
	if allocs := testing.AllocsPerRun(10, func() { _, _ = quotedPlaceholders(doc, a, syms) }); allocs != 0 {
		t.Errorf("quotedPlaceholders allocates %.0f times for a command with no quoted placeholder (want 0)", allocs)
	}
}

// TestQuoteArgsIsFmt: appendQuoteArgs writes what fmt's %q writes of the same
// arguments, on the cases given and on random ones (quotes, backslashes,
// control characters, characters outside ASCII, bytes that are not
// UTF-8).
func TestQuoteArgsIsFmt(t *testing.T) {
	cases := [][]string{nil, {}, {""}, {"John Doe"}, {"''"}, {"it's", "a\"b"}, {"\\", "\n\t\x00\x7f"}, {"é…", "\xff\xfe"}, {"\u2028", "😀"}}
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := []string{"a", " ", "'", "\"", "\\", "\n", "\x01", "\x7f", "é", "…", "\xff", "\u0085", "😀", "$"}
	for range 20000 {
		args := make([]string, r.IntN(4))
		for k := range args {
			var b strings.Builder
			for range r.IntN(5) {
				b.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			args[k] = b.String()
		}
		cases = append(cases, args)
	}
	for _, c := range cases {
		if got, want := string(appendQuoteArgs(nil, c)), fmt.Sprintf("%q", c); got != want {
			t.Errorf("appendQuoteArgs(%#v) = %s, fmt %s", c, got, want)
		}
	}
}
