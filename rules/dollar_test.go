package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

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

// TestSymbolsAndIndexAgreeOnDollars: every $NAME the symbol table reads in
// a response template line, a hint or a destination is an env occurrence
// of the index of names at the same place (both read them through
// sfmd's Document.LineDollarRefs, DollarRefs and DestinationDollarRefs),
// on the upstream corpus and a document with each kind of place.
func TestSymbolsAndIndexAgreeOnDollars(t *testing.T) {
	docs := map[string][]byte{"d.md": []byte("[a](https://x.example/$A) [@s S](https://y.example/$B)\n\nCall `/act.get --k $C`.\n\n" +
		"```act.get\nGET https://api.example.com/\n```\n\n```act.get.response\nsave: Response.body to $D/x\n$E = {Response.body}\n```\n")}
	addUpstream(docs)
	n := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		env := map[int]bool{}
		for _, o := range doc.Names().All() {
			if o.Kind == sfmd.NameEnv && !o.Def {
				env[o.Span.Start.Off()] = true
			}
		}
		for _, u := range buildSymbols(doc).Uses {
			if u.Ref.Kind != sfmd.RefPersistent || u.Site < siteResponse {
				continue
			}
			n++
			if !env[u.Ref.Span.Start.Off()] {
				t.Errorf("%s: %s at %d is a use of the symbol table, not an occurrence of the index", name, u.Ref.Raw, u.Ref.Span.Start.Offset)
			}
		}
	}
	t.Logf("%d documents, %d uses", len(docs), n)
	if n < 4 {
		t.Errorf("only %d uses compared", n)
	}
}

// TestSymbolsReadTheIndexPlaceholders: the symbol table's uses are the
// placeholders the index of names reads (sfmd.Document.Placeholders, the
// same entries), all but a hint's {…}, and the session variables it
// calls assigned are those the index defines, on the upstream corpus and
// a document with each kind of place. They disagreed on `$E = {…}`,
// which the index took for a session variable E (the runtime prints the
// line: sfmd.TestDollarAssignmentAssignsNothing).
func TestSymbolsReadTheIndexPlaceholders(t *testing.T) {
	docs := map[string][]byte{"d.md": []byte("[a](https://x.example/$A) $P {p}\n\nCall `/act.get --k $C {q}`.\n\n" +
		"```act.get\nGET https://api.example.com/{q}?k=$K -H \"X: {h}\"\n  q: string = \"{d}\" \"Q\"\n```\n\n" +
		"```act.get.response\nsave: Response.body to $D/x\n$E = {Response.body}\n{g} = {Response.body.x}\n{E} {g}\n```\n")}
	addUpstream(docs)
	uses := 0
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		places := doc.Placeholders()
		syms := buildSymbols(doc)
		i := 0
		for k := range places {
			if places[k].Place == sfmd.PlaceHint && !places[k].Rescan {
				continue
			}
			if i >= len(syms.Uses) || syms.Uses[i].Placeholder != &places[k] {
				t.Fatalf("%s: use %d is not placeholder %d (%s)", name, i, k, places[k].Ref.Raw)
			}
			i++
		}
		if i != len(syms.Uses) {
			t.Errorf("%s: %d uses, %d placeholders", name, len(syms.Uses), i)
		}
		uses += i
		defs := map[string][]sfmd.Span{}
		for _, o := range doc.Names().All() {
			if o.Kind == sfmd.NameSessionVar && o.Def {
				defs[o.Name] = append(defs[o.Name], o.Assign.LHSSpan)
			}
		}
		if len(defs) == 0 {
			defs = nil // the table makes no map when nothing is assigned
		}
		if !reflect.DeepEqual(defs, syms.Assigned) {
			t.Errorf("%s: the index defines session variables %v, the symbol table %v", name, defs, syms.Assigned)
		}
	}
	if upstreamPresent() && uses < 100 {
		t.Errorf("only %d uses compared", uses)
	}
}

// addUpstream adds the upstream corpus's documents to docs, by path.
func addUpstream(docs map[string][]byte) {
	_ = filepath.WalkDir(upstreamCorpus, func(f string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(f, ".md") {
			if src, err := os.ReadFile(f); err == nil {
				docs[f] = src
			}
		}
		return nil
	})
}
