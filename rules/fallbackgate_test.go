package rules

import (
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestFallbackWhereGate holds fallbackWhere's gate (valuesName, then
// model.MaySendSessionUnnamed, without writing the arguments) to the path
// without it: every field of every call of the rule archives, corpus/err,
// the upstream corpus, the gated documents and a generated one, left out
// in turn, with the call's own values and with every other value set to
// "{name}" (a caller value that names the field's placeholder), with and
// without an env store that writes placeholders. It fails when valuesName
// is broken; the model's half, which the arguments a call writes cannot
// tell apart, is held by model.TestMaySendSessionUnnamed.
func TestFallbackWhereGate(t *testing.T) {
	docs := droppedParamDocs(t)
	for k, v := range gatedDocs() {
		docs[k] = v
	}
	docs["gen.md"] = benchgen.Document(64 << 10)
	docs["args.md"] = []byte("```act.a\nCLI echo {$ARGS}\n  n: string\n  m: string\n```\n\n```act.b\nPOST https://x.com/{m} -d '{\"x\":\"$BODY\"}'\n  n: string\n  m: string\n```\n")
	defer func(old bool) { dryGates = old }(dryGates)
	compared, sent := 0, 0
	for name, src := range docs {
		var tab *dryTable
		probe := &lint.Analyzer{
			Name:     "probe",
			Requires: []*lint.Analyzer{dryrunAnalyzer},
			Run: func(pass *lint.Pass) (any, error) {
				tab = dryTableOf(pass)
				return nil, nil
			},
		}
		if _, err := lint.Check(sfmd.Parse(name, src), []*lint.Analyzer{probe}); err != nil {
			t.Fatal(err)
		}
		for _, store := range []map[string]string{tab.Store, {"BODY": "{n}", "HOME": "/h"}} {
			tab := *tab
			tab.Store = store
			for _, c := range tab.Calls {
				for _, left := range c.Values {
					named := dryCall{Action: c.Action, Info: c.Info, Src: c.Src, Values: make([]dryValue, len(c.Values))}
					for i, v := range c.Values {
						named.Values[i] = dryValue{v.Field, "{" + left.Field + "}", "hint"}
					}
					for _, call := range []*dryCall{c, &named} {
						dryGates = true
						gated := fallbackWhere(&tab, call, left.Field)
						dryGates = false
						full := fallbackWhere(&tab, call, left.Field)
						compared++
						if full != "" {
							sent++
						}
						if gated != full {
							t.Errorf("%s: /act.%s %v without %s: gated %q, full %q", name, call.Action.ID, call.Values, left.Field, gated, full)
						}
					}
				}
			}
		}
	}
	if sent == 0 || sent == compared {
		t.Errorf("%d calls compared, %d send the variable: the documents miss one side", compared, sent)
	}
	t.Logf("%d calls compared, %d send the variable", compared, sent)
}

// TestDryCallsFirstOfID: the dry-run table, which finds each action in
// the model's FirstActions or (dryFirstActions off) the symbol table,
// gives every action the model reads whose id the
// linter's document has a call, of the first action of that id in the
// document (a search of doc.Actions in order), in the model's order, and
// the model's source of that action.
func TestDryCallsFirstOfID(t *testing.T) {
	docs := droppedParamDocs(t)
	docs["gen.md"] = benchgen.Document(64 << 10)
	docs["dup.md"] = []byte("```act.a\nGET https://x.com/1\n```\n\n```act.b\nGET https://x.com/2\n```\n\n```act.a\nGET https://x.com/3\n```\n")
	defer func() { dryFirstActions = true }()
	calls := 0
	for name, src := range docs {
		for _, fa := range []bool{true, false} {
			dryFirstActions = fa
			doc := sfmd.Parse(name, src)
			s := buildSymbols(doc)
			tab := buildDryTable(doc, s, buildHints(doc, s))
			var want []*sfmd.Action
			for i := range tab.Infos {
				for _, a := range doc.Actions {
					if a.ID == tab.Infos[i].ID {
						want = append(want, a)
						break
					}
				}
			}
			if len(tab.Calls) != len(want) {
				t.Fatalf("%s: %d calls, want %d", name, len(tab.Calls), len(want))
			}
			for i, c := range tab.Calls {
				b, _ := c.Src.Body()
				if wb, _ := tab.Parsed.ActionBody(c.Info.ID); c.Src.URI() != tab.Parsed.ActionURI(c.Info.ID) || b != wb {
					t.Errorf("%s: call %d reads the source of another action", name, i)
				}
				if c.Action != want[i] {
					t.Errorf("%s: call %d is of the action at line %d, want line %d", name, i, c.Action.Span.Start.Line, want[i].Span.Start.Line)
				}
			}
			calls += len(tab.Calls)
		}
	}
	if calls == 0 {
		t.Fatal("no call: the documents test nothing")
	}
}
