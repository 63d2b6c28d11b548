package rules

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// scanByByte is bodyText.doScan as it was written first: every byte of
// the result emitted with its offset, the map made for every body.
func scanByByte(b *bodyText) (string, []int, []bodyRef) {
	text := b.T.Text
	var refs []bodyRef
	for _, r := range b.T.Refs {
		if s := b.textOffset(r.Span.Start.Off()); s >= 0 && s+len(r.Raw) <= len(text) && text[s:s+len(r.Raw)] == r.Raw {
			refs = append(refs, bodyRef{Ref: r, Start: s})
		}
	}
	var out strings.Builder
	omap := []int{}
	emit := func(s string, at int) {
		out.WriteString(s)
		for range len(s) {
			omap = append(omap, at)
		}
	}
	inStr := false
	k := 0
	for i := 0; i < len(text); {
		if k < len(refs) && refs[k].Start == i {
			r := refs[k].Ref
			refs[k].InString = inStr
			switch {
			case r.Kind == sfmd.RefPersistent:
				emit("0", i)
			case r.QuotedBefore && r.QuotedAfter:
				emit("s", i)
			default:
				emit("0", i)
			}
			i += len(r.Raw)
			k++
			continue
		}
		for k < len(refs) && refs[k].Start < i {
			k++
		}
		c := text[i]
		if inStr && c == '\\' && i+1 < len(text) {
			emit(text[i:i+2], i)
			i += 2
			continue
		}
		if c == '"' {
			inStr = !inStr
		}
		emit(text[i:i+1], i)
		i++
	}
	return out.String(), omap, refs
}

// TestBodyScanWithoutMap holds scan (no offset map, the text itself when
// nothing is substituted, runs copied whole) and offsets to the
// byte-by-byte scan on every corpus, the rule archives and a generated
// document: the same result, the same references with the same JSON
// context, the same map.
func TestBodyScanWithoutMap(t *testing.T) {
	docs := bigDocTestDocs(t)
	docs["escapes.md"] = []byte("```act.p\nPOST https://a.example/p\n  t: string \"t\"\n  body:\n    {\"a\": \"x\\\"{t}\\\\\", \"b\": \"\\{t}\", \"c\": {t}, \"d\": \"{t}\"}\n```\n")
	bodies, refs := 0, 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		for _, a := range doc.Actions {
			for _, b := range actionBodies(doc, a) {
				wantOut, wantMap, wantRefs := scanByByte(&b)
				out, got := b.scan()
				if out != wantOut {
					t.Errorf("%s: act.%s: scan\n%q\nwant\n%q", name, a.ID, out, wantOut)
				}
				if len(got) != len(wantRefs) || len(got) > 0 && !reflect.DeepEqual(got, wantRefs) {
					t.Errorf("%s: act.%s: references\n%+v\nwant\n%+v", name, a.ID, got, wantRefs)
				}
				if m := b.offsets(); !reflect.DeepEqual(m, wantMap) {
					t.Errorf("%s: act.%s: offsets\n%v\nwant\n%v", name, a.ID, m, wantMap)
				}
				bodies++
				refs += len(got)
			}
		}
	}
	if bodies == 0 || refs == 0 {
		t.Fatalf("%d bodies, %d references: the documents test nothing", bodies, refs)
	}
}

// TestModifiedRefsGate: the modifier rules skip an action for which
// modifiedRefs is false, without asking for its bodies; every body
// reference they read (a {field} with a modifier, in a body actionBodies
// keeps) must then be absent. Held on every corpus, the rule archives and
// a generated document.
func TestModifiedRefsGate(t *testing.T) {
	seen := 0
	for name, src := range bigDocTestDocs(t) {
		doc := sfmd.Parse(name, src)
		for _, a := range doc.Actions {
			for _, b := range actionBodies(doc, a) {
				for _, r := range b.T.Refs {
					if r.Kind != sfmd.RefVar || len(r.Modifiers) == 0 {
						continue
					}
					seen++
					if !modifiedRefs(a) {
						t.Errorf("%s: act.%s: %s has a modifier, modifiedRefs is false", name, a.ID, r.Raw)
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no reference with a modifier: the documents test nothing")
	}
}

// TestDocModRefs holds docModRefs to the walk the two modifier rules made
// of every reference of every body actionBodies keeps, in order, from the
// bodies analysis (twice: the kept list) and without it.
func TestDocModRefs(t *testing.T) {
	n := 0
	for name, src := range bigDocTestDocs(t) {
		doc := sfmd.Parse(name, src)
		var want []modRef
		for _, a := range doc.Actions {
			for _, b := range actionBodies(doc, a) {
				for _, r := range b.T.Refs {
					if r.Kind == sfmd.RefVar && len(r.Modifiers) > 0 {
						want = append(want, modRef{a, r})
					}
				}
			}
		}
		n += len(want)
		shared := &lint.Pass{Doc: doc, ResultOf: map[*lint.Analyzer]any{bodiesAnalyzer: &bodyTable{doc: doc}}}
		for _, pass := range []*lint.Pass{{Doc: doc}, shared, shared} {
			if got := docModRefs(pass); !slices.Equal(got, want) {
				t.Errorf("%s: docModRefs gave %d references, want %d", name, len(got), len(want))
			}
		}
	}
	if n == 0 {
		t.Fatal("no reference with a modifier: the documents test nothing")
	}
}
