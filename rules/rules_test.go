package rules

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// check lints src (as file name) with the analyzer a only, in memory. A
// .json file goes through lint.Run, as standard input named name, so that
// the engine treats it as an install manifest (no SFMD parse, manifest
// rules only).
func check(t *testing.T, name string, src []byte, a *lint.Analyzer) []lint.Diagnostic {
	t.Helper()
	var diags []lint.Diagnostic
	if strings.EqualFold(filepath.Ext(name), ".json") {
		opts := lint.Options{Paths: []string{"-"}, Stdin: bytes.NewReader(src), StdinFilename: name, Jobs: 1,
			Selection: lint.Selection{Enable: []string{a.Name}}}
		rep, err := lint.Run(opts, []*lint.Analyzer{a})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, e := range rep.Errors {
			t.Errorf("%s: %v", name, e)
		}
		diags = rep.Diagnostics
	} else {
		var err error
		if diags, err = lint.Check(sfmd.Parse(name, src), []*lint.Analyzer{a}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	var out []lint.Diagnostic
	for _, d := range diags {
		if d.Rule == a.Name {
			out = append(out, d)
		}
	}
	return out
}

// format renders a diagnostic as a .out line.
func format(d lint.Diagnostic) string {
	return fmt.Sprintf("%s:%d:%d: %s: %s [%s]", filepath.ToSlash(d.Path), d.Span.Start.Line, d.Span.Start.Col, d.Severity, d.Message, d.Rule)
}

// matchOut compares diagnostics with the expected lines: each line is
// either exact or a /regex/.
func matchOut(t *testing.T, file string, got []string, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: got %d diagnostics, want %d\ngot:\n%s\nwant:\n%s", file, len(got), len(want), strings.Join(got, "\n"), strings.Join(want, "\n"))
		return
	}
	for i := range got {
		w := want[i]
		if len(w) > 1 && strings.HasPrefix(w, "/") && strings.HasSuffix(w, "/") {
			re, err := regexp.Compile(w[1 : len(w)-1])
			if err != nil {
				t.Errorf("%s:%d: bad regex: %v", file, i+1, err)
				continue
			}
			if !re.MatchString(got[i]) {
				t.Errorf("%s:%d: got\n  %s\ndoes not match\n  %s", file, i+1, got[i], w)
			}
			continue
		}
		if got[i] != w {
			t.Errorf("%s:%d: got\n  %s\nwant\n  %s", file, i+1, got[i], w)
		}
	}
}

// checkMessage enforces the message style: lower case, no trailing
// period, and a position.
func checkMessage(t *testing.T, d lint.Diagnostic) {
	t.Helper()
	if d.Message == "" {
		t.Errorf("%s: empty message", d.Rule)
		return
	}
	if r := []rune(d.Message)[0]; unicode.IsUpper(r) {
		t.Errorf("%s: message starts with an upper-case letter: %q", d.Rule, d.Message)
	}
	if strings.HasSuffix(d.Message, ".") {
		t.Errorf("%s: message ends with a period: %q", d.Rule, d.Message)
	}
	if !d.Span.IsValid() || d.Span.End.Offset <= d.Span.Start.Offset {
		t.Errorf("%s: diagnostic without a token span: %q at %+v", d.Rule, d.Message, d.Span)
	}
}

// checkDuplicate enforces the shape of duplicate findings: the message
// names the line of the first definition, which is the related position.
func checkDuplicate(t *testing.T, d lint.Diagnostic) {
	t.Helper()
	if len(d.Related) != 1 || d.Related[0].Message != "previously defined here" || !d.Related[0].Span.IsValid() {
		t.Errorf("%s: want one related \"previously defined here\" position: %+v", d.Rule, d.Related)
		return
	}
	if want := fmt.Sprintf("already defined at line %d", d.Related[0].Span.Start.Line); !strings.Contains(d.Message, want) {
		t.Errorf("%s: message %q does not say %q", d.Rule, d.Message, want)
	}
	if d.Related[0].Span.Start.Offset >= d.Span.Start.Offset {
		t.Errorf("%s: the related position must precede the duplicate", d.Rule)
	}
}

// TestDocs checks that every rule is documented and that its examples
// are honest: Bad triggers the rule, Good does not.
func TestDocs(t *testing.T) {
	for _, a := range All() {
		d := a.Doc
		if d.Title == "" || d.Why == "" || d.Bad == "" || d.Good == "" {
			t.Errorf("%s: Doc needs Title, Why, Bad and Good", a.Name)
			continue
		}
		if strings.HasSuffix(d.Title, ".") || d.Title != strings.ToLower(d.Title[:1])+d.Title[1:] {
			t.Errorf("%s: title must start lower case and have no period: %q", a.Name, d.Title)
		}
		if a.Profile == lint.Project || a == lint.UnusedSuppression || a == FileTooLarge {
			// Doc.Bad needs files next to it, or the other rules, or
			// (file-too-large) more than the size cap: the archive
			// covers it.
			continue
		}
		if len(check(t, a.Name+".bad"+ext(a), []byte(d.Bad), a)) == 0 {
			t.Errorf("%s: Doc.Bad does not trigger the rule:\n%s", a.Name, d.Bad)
		}
		for _, diag := range check(t, a.Name+".good"+ext(a), []byte(d.Good), a) {
			t.Errorf("%s: Doc.Good triggers the rule: %s", a.Name, format(diag))
		}
	}
}

// TestProblemCodesRegistered fails when the parser can emit a problem
// code that no analyzer reports: every code in sfmd.ProblemCodes, and
// every code seen when parsing the malformed inputs of the testdata and
// the rule docs.
func TestProblemCodesRegistered(t *testing.T) {
	for _, c := range sfmd.ProblemCodes {
		if Lookup(c) == nil {
			t.Errorf("parser code %q has no analyzer", c)
		}
	}
	var inputs [][]byte
	for _, a := range All() {
		inputs = append(inputs, []byte(a.Doc.Bad), []byte(a.Doc.Good))
	}
	for _, b := range archiveDocs(t) {
		inputs = append(inputs, b)
	}
	seen := map[string]bool{}
	for _, in := range inputs {
		for _, p := range sfmd.Parse("x.md", in).Problems {
			seen[p.Code] = true
		}
	}
	for c := range seen {
		if Lookup(c) == nil {
			t.Errorf("parser emitted code %q, which has no analyzer", c)
		}
	}
	for _, c := range sfmd.ProblemCodes {
		if !seen[c] {
			t.Errorf("no test input makes the parser emit %q", c)
		}
	}
}

// TestProblemsReportedOnce checks that a parser problem that is also a
// rule (header-syntax-invalid) is reported once per finding.
func TestProblemsReportedOnce(t *testing.T) {
	src := []byte("```act.x\nGET https://a.example -H 'Accept: x' -H \"Accept y\" -H Accept:z\n```\n")
	doc := sfmd.Parse("x.md", src)
	diags, err := lint.Check(doc, All())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range diags {
		if d.Rule == HeaderSyntaxInvalid.Name {
			n++
		}
	}
	if n != 3 {
		t.Errorf("got %d header-syntax-invalid diagnostics, want 3: %v", n, diags)
	}
}

// TestAllRulesOnTestdata runs every rule over every testdata file: no
// rule may fail or panic, and no fix may produce overlapping or
// out-of-range edits.
func TestAllRulesOnTestdata(t *testing.T) {
	docs := archiveDocs(t)
	for _, f := range sortedKeys(docs) {
		b := docs[f]
		diags, err := lint.Check(sfmd.Parse(f, b), All())
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
		for _, d := range diags {
			for _, fx := range d.Fixes {
				edits := append([]lint.Edit(nil), fx.Edits...)
				sort.Slice(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
				for i, e := range edits {
					if e.Start < 0 || e.End > len(b) || e.Start > e.End {
						t.Errorf("%s: %s: edit out of range: %+v", f, d.Rule, e)
					}
					if i > 0 && e.Start < edits[i-1].End {
						t.Errorf("%s: %s: overlapping edits in one fix", f, d.Rule)
					}
				}
			}
		}
	}
}

// TestDuplicateRulesSkip: action-id-duplicate, block-id-duplicate and
// shortcut-id-duplicate, which return at once when no id is written twice
// (counted: the ids against the distinct ids), report on a document
// exactly when an id is written twice (looked for pair by pair), on the
// rule archives, corpus/err, the upstream corpus and documents with
// duplicates, ids left empty, or neither.
func TestDuplicateRulesSkip(t *testing.T) {
	docs := droppedParamDocs(t)
	parts := []string{"```act.a\nGET https://api.example.com/a\n```\n", "```act.b\nGET https://api.example.com/b\n```\n",
		"<!-- @block:x -->\nx\n<!-- @end -->\n", "<!-- @block:y -->\ny\n<!-- @end -->\n", "<!-- @block: -->\nz\n<!-- @end -->\n",
		"[@home Home](a.md)\n", "[@docs Docs](b.md)\n", "[@ Empty](c.md)\n"}
	for i := range 1 << len(parts) {
		for _, twice := range []int{-1, 0, 2, 4, 5} {
			var b strings.Builder
			b.WriteString("# Doc\n\n")
			for k, p := range parts {
				if i&(1<<k) != 0 {
					b.WriteString(p + "\n")
					if k == twice {
						b.WriteString(p + "\n")
					}
				}
			}
			docs[fmt.Sprintf("dup%03d-%d.md", i, twice)] = []byte(b.String())
		}
	}
	twice := func(ids []string) bool {
		for i := range ids {
			for j := i + 1; j < len(ids); j++ {
				if ids[i] != "" && ids[i] == ids[j] {
					return true
				}
			}
		}
		return false
	}
	for name, src := range docs {
		doc := sfmd.Parse(name, src)
		var actions, blocks, shortcuts []string
		for _, a := range doc.Actions {
			actions = append(actions, a.ID)
		}
		for _, m := range doc.Markers {
			if m.Open {
				blocks = append(blocks, m.ID)
			}
		}
		for _, s := range doc.Shortcuts {
			if isShortcutDef(s) {
				shortcuts = append(shortcuts, s.ID)
			}
		}
		for _, c := range []struct {
			rule *lint.Analyzer
			ids  []string
		}{{ActionIDDuplicate, actions}, {BlockIDDuplicate, blocks}, {ShortcutIDDuplicate, shortcuts}} {
			ds, err := lint.Check(doc, []*lint.Analyzer{c.rule})
			if err != nil {
				t.Fatal(err)
			}
			if want := twice(c.ids); (len(ds) > 0) != want {
				t.Errorf("%s: %s reports %d findings; an id written twice: %v (%q)", name, c.rule.Name, len(ds), want, c.ids)
			}
		}
	}
}
