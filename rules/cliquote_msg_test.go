package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// quotedMessageFmt is the message cli-placeholder-quoted built with
// fmt.Sprintf and a string a part before quotedMessage: the reference
// quotedMessage is held to.
func quotedMessageFmt(id, cmd string, sc *shellScan, hits []quotedHit) string {
	first := hits[0]
	names := make([]string, 0, len(hits))
	seen := map[string]bool{}
	for _, h := range hits {
		if !seen[h.ref.Raw] {
			seen[h.ref.Raw] = true
			names = append(names, h.ref.Raw)
		}
	}
	what := names[0] + " is"
	if len(names) > 1 {
		what = joinAnd(names) + " are"
	}
	fsp := sc.spans[first.sp]
	kind := quoteName(fsp.q) + " quotes"
	for _, h := range hits {
		if sc.spans[h.sp].q != fsp.q {
			kind = "quotes"
		}
	}
	args := func(v string) string {
		return fmt.Sprintf("%q", simulatedArgs(cmd, sc, first.i, len(first.ref.Raw), v))
	}
	effect := fmt.Sprintf("the quotes cancel out: \"John Doe\" arrives as %s, and the shell expands $(…), backticks and * in a value (a $(…) runs as a command)", args("John Doe"))
	if fsp.q == '"' {
		effect = fmt.Sprintf("the quotes nest: \"John Doe\" arrives as %s, an empty value as %s, and a value with $(…) or backticks in it runs as a command (the runtime refuses only $NAME in a value)", args("John Doe"), args(""))
	}
	msg := fmt.Sprintf("%s inside %s in the command of %q, but the runtime already shell-quotes every value, so %s; close the quotes around the placeholder", what, kind, "act."+id, effect)
	if len(hits) > 1 {
		msg += "s"
	}
	if fsp.close >= 0 {
		q := string(fsp.q)
		before, ph, after := cmd[fsp.open+1:first.i], cmd[first.i:first.i+len(first.ref.Raw)], cmd[first.i+len(first.ref.Raw):fsp.close]
		ex := ph
		if before != "" {
			ex = q + before + q + ex
		}
		if after != "" {
			ex += q + after + q
		}
		msg += ", e.g. " + ex
	}
	return msg
}

// quotedMessageDocs are the documents of droppedParamDocs (the rule
// archives, corpus/err, upstream), generated ones, and commands made
// for the message's cases: several names, a repeated one, more than 16
// hits, both kinds of quotes, an unclosed quote, a non-ASCII id
// (TestAppendQuotedIDIsFmt has the ids %q escapes).
func quotedMessageDocs(t *testing.T) map[string][]byte {
	docs := droppedParamDocs(t)
	for i, d := range benchgen.Generate(40, 13) {
		docs[fmt.Sprintf("gen%d.md", i)] = d
	}
	docs["big.md"] = benchgen.Document(1 << 20)
	var many strings.Builder
	many.WriteString("```act.many\nCLI echo \"")
	for k := range 20 {
		fmt.Fprintf(&many, "{p%d} {p%d} ", k%7, k%5)
	}
	many.WriteString("\" '{p1}'\n")
	for k := range 7 {
		fmt.Fprintf(&many, "  p%d: string \"x\"\n", k)
	}
	many.WriteString("```\n")
	docs["many.md"] = []byte(many.String())
	docs["cases.md"] = []byte("```act.a\nCLI echo \"{x}\" '{y}' \"a{x}b{y}\"\n  x: string \"x\"\n  y: string \"y\"\n```\n\n" +
		"```act.é\nCLI echo 'pre {x} post\n  x: string \"x\"\n```\n\n" +
		"```act.b\nCLI printf \"%s\\n\" \"{x}{y}\" \"{x}\"\n  x: string \"x\"\n  y: string \"y\"\n```\n")
	return docs
}

// TestQuotedMessageIsFmt holds quotedMessage (one buffer) to the
// fmt.Sprintf message it replaces, on every command of every document of
// quotedMessageDocs that has a quoted placeholder.
func TestQuotedMessageIsFmt(t *testing.T) {
	n, multi := 0, 0
	for name, src := range quotedMessageDocs(t) {
		doc := sfmd.Parse(name, src)
		syms := buildSymbols(doc)
		for _, a := range doc.Actions {
			if !a.IsCLI() || a.Target == nil {
				continue
			}
			off := lineOffset(doc, a.Target.Text, a.Target.Span)
			if off < 0 {
				continue
			}
			hits, sc := quotedHits(a, syms, off)
			if len(hits) == 0 {
				continue
			}
			n++
			if len(hits) > 16 {
				multi++
			}
			got, want := quotedMessage(a.ID, a.Target.Text, sc, hits), quotedMessageFmt(a.ID, a.Target.Text, sc, hits)
			if got != want {
				t.Errorf("%s act.%s:\n got %s\nwant %s", name, a.ID, got, want)
			}
		}
	}
	if upstreamPresent() && (n < 100 || multi == 0) {
		t.Fatalf("%d commands with a quoted placeholder (%d with more than 16): the documents test too little", n, multi)
	}
}

// TestAppendQuotedIDIsFmt: appendQuotedAfter with "act." (the command
// message of cli-placeholder-quoted) writes what %q writes of "act."+id,
// for ids %q writes as they are and ids it escapes.
func TestAppendQuotedIDIsFmt(t *testing.T) {
	for _, id := range []string{"", "a", "get-user_2", "é", "a\"b", `a\b`, "a\u00a0", "\x00", "\xff", "tab\tnl\n", "\U0001F600"} {
		if got, want := string(appendQuotedAfter([]byte("x "), "act.", id)), fmt.Sprintf("x %q", "act."+id); got != want {
			t.Errorf("appendQuotedAfter(\"act.\", %q) = %s, fmt %s", id, got, want)
		}
	}
}

// TestQuotedPlaceholdersFindingAllocations counts the allocations of one
// finding of cli-placeholder-quoted (deterministic, not time): the
// message in one buffer, the edits and related positions each in one
// slice. Before quotedMessage this finding (two placeholders) took 39.
func TestQuotedPlaceholdersFindingAllocations(t *testing.T) {
	src := "```act.greet\nCLI echo \"Hello, {name}!\" \"{day}\"\n  name: string (required) \"who\"\n  day: string \"when\"\n```\n"
	doc := sfmd.Parse("greet.md", []byte(src))
	syms := buildSymbols(doc)
	a := doc.Actions[0]
	if _, ok := quotedPlaceholders(doc, a, syms); !ok {
		t.Fatal("no finding")
	}
	if allocs := testing.AllocsPerRun(20, func() { _, _ = quotedPlaceholders(doc, a, syms) }); allocs > 13 {
		t.Errorf("one finding allocates %.0f times, want at most 13", allocs)
	}
}
