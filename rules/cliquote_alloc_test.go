package rules

import (
	"testing"

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
	if len(doc.Actions) != 1 || !mayReread(doc.Actions[0].Target.Text) {
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
