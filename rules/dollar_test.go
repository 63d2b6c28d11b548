package rules

import "testing"

// TestHintDollarReadAsTheRuntime checks that a $NAME in a command is read
// by the one scanner (sfmd.ScanDollar, the runtime's \$[a-zA-Z_]\w*): the
// runtime refuses "$_KEY" in a call as it refuses "$KEY", and the rules'
// own rescan, which wanted a letter after '$', missed it (model's
// bindCallerValues refuses both: TestBindingErrors, "$var refused in
// positional").
func TestHintDollarReadAsTheRuntime(t *testing.T) {
	const doc = "Call `/act.search --key $_KEY --q x`.\n\n```act.search\nGET https://api.example.com/s\n  q: string \"Query\"\n  key: string \"Key\"\n```\n"
	ds := check(t, "d.md", []byte(doc), PersistentVarInCommand)
	if len(ds) != 1 || format(ds[0]) == "" {
		t.Fatalf("persistent-var-in-command: %v, want one finding on $_KEY", ds)
	}
	if got := doc[ds[0].Span.Start.Offset:ds[0].Span.End.Offset]; got != "$_KEY" {
		t.Errorf("finding on %q, want $_KEY", got)
	}
}
