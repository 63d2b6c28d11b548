package rules

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

var update = flag.Bool("update", false, "rewrite testdata .out and .golden files")

// workspaceTests names the rules whose testdata reads the files next to
// bad.md and good.md through Pass.Workspace, which lint.Check does not
// provide: their testdata is linted through lint.Run instead, and their
// Doc examples (which would need sibling files) are not linted. Family
// test files add their rules from init.
var workspaceTests = map[string]bool{}

func needsFiles(a *lint.Analyzer) bool { return workspaceTests[a.Name] }

// checkFile lints the testdata file path with the analyzer a only: like
// check, but through lint.Run for rules that read the sibling files.
func checkFile(t *testing.T, path string, src []byte, a *lint.Analyzer) []lint.Diagnostic {
	t.Helper()
	if !needsFiles(a) {
		return check(t, path, src, a)
	}
	return runRule(t, path, lint.Options{Paths: []string{filepath.Base(path)}, Dir: filepath.Dir(path)}, a)
}

// runRule lints with the driver and the analyzer a only (enabled whatever
// its profile) and returns its diagnostics.
func runRule(t *testing.T, path string, opts lint.Options, a *lint.Analyzer) []lint.Diagnostic {
	t.Helper()
	opts.Selection, opts.Jobs = lint.Selection{Enable: []string{a.Name}}, 1
	rep, err := lint.Run(opts, []*lint.Analyzer{a})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for _, e := range rep.Errors {
		t.Errorf("%s: %v", path, e)
	}
	var out []lint.Diagnostic
	for _, d := range rep.Diagnostics {
		if d.Rule == a.Name {
			out = append(out, d)
		}
	}
	return out
}

// testExt is the extension of a rule's testdata files: install manifest
// rules (profile manifest) check JSON (bad.json, good.json), every other
// rule SFMD (bad.md, good.md).
func testExt(a *lint.Analyzer) string {
	if a.Profile == lint.Manifest {
		return ".json"
	}
	return ".md"
}

// check lints src (as file name) with the analyzer a only. A .json file
// goes through lint.Run, as standard input named name, so that the engine
// treats it as an install manifest (no SFMD parse, manifest rules only).
func check(t *testing.T, name string, src []byte, a *lint.Analyzer) []lint.Diagnostic {
	t.Helper()
	if strings.EqualFold(filepath.Ext(name), ".json") {
		return runRule(t, name, lint.Options{Paths: []string{"-"}, Stdin: bytes.NewReader(src), StdinFilename: name}, a)
	}
	doc := sfmd.Parse(name, src)
	diags, err := lint.Check(doc, []*lint.Analyzer{a})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
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
	return fmt.Sprintf("%s:%d:%d: %s: %s [%s]", filepath.Base(d.Path), d.Span.Start.Line, d.Span.Start.Col, d.Severity, d.Message, d.Rule)
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

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// applySafeFixes applies the safe fixes of diags to src. A fix is applied
// whole or not at all; fixes whose edits overlap an already accepted edit
// are skipped (a second lint run picks them up). It reports how many fixes
// were applied.
func applySafeFixes(src []byte, diags []lint.Diagnostic) ([]byte, int) {
	return applyFixes(src, diags, false)
}

// applyFixes is applySafeFixes, with unsafe fixes too when unsafe is set.
func applyFixes(src []byte, diags []lint.Diagnostic, unsafe bool) ([]byte, int) {
	var accepted []lint.Edit
	n := 0
	overlaps := func(e lint.Edit) bool {
		for _, a := range accepted {
			if e.Start < a.End && a.Start < e.End || e.Start == a.Start {
				return true
			}
		}
		return false
	}
	for _, d := range diags {
		for _, f := range d.Fixes {
			if !f.Safe && !unsafe {
				continue
			}
			ok := true
			for _, e := range f.Edits {
				if e.Start < 0 || e.End > len(src) || e.Start > e.End || overlaps(e) {
					ok = false
					break
				}
			}
			if ok {
				accepted = append(accepted, f.Edits...)
				n++
			}
		}
	}
	sort.Slice(accepted, func(i, j int) bool { return accepted[i].Start > accepted[j].Start })
	out := append([]byte(nil), src...)
	for _, e := range accepted {
		out = append(out[:e.Start], append([]byte(e.New), out[e.End:]...)...)
	}
	return out, n
}

func hasSafeFix(diags []lint.Diagnostic) bool {
	for _, d := range diags {
		for _, f := range d.Fixes {
			if f.Safe {
				return true
			}
		}
	}
	return false
}

// TestRules runs every rule over testdata/<rule>/: bad.md must produce
// exactly bad.out, good.md nothing, and fix.md (for fixable rules) must
// become fix.md.golden with the safe fixes applied and then be clean of
// fixable findings.
func TestRules(t *testing.T) {
	for _, a := range All() {
		t.Run(a.Name, func(t *testing.T) {
			dir := filepath.Join("testdata", a.Name)
			ext := testExt(a)
			badPath := filepath.Join(dir, "bad"+ext)
			bad, err := os.ReadFile(badPath)
			if err != nil {
				t.Fatalf("every rule needs %s: %v", badPath, err)
			}
			diags := checkFile(t, badPath, bad, a)
			var got []string
			for _, d := range diags {
				got = append(got, format(d))
				checkMessage(t, d)
				if strings.HasSuffix(a.Name, "-duplicate") && !needsFiles(a) {
					// (a duplicate in another file has no related position here)
					checkDuplicate(t, d)
				}
			}
			outPath := filepath.Join(dir, "bad.out")
			if *update {
				if err := os.WriteFile(outPath, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if len(got) == 0 {
				t.Errorf("%s reports nothing for %s", a.Name, badPath)
			}
			matchOut(t, outPath, got, readLines(t, outPath))

			goodPath := filepath.Join(dir, "good"+ext)
			good, err := os.ReadFile(goodPath)
			if err != nil {
				t.Fatalf("every rule needs %s: %v", goodPath, err)
			}
			for _, d := range checkFile(t, goodPath, good, a) {
				t.Errorf("%s must be clean: %s", goodPath, format(d))
			}

			// fix.md is rewritten with the safe fixes (--fix), or, for a
			// rule whose only fix is unsafe, fix-unsafe.md with all of them
			// (--fix --unsafe-fixes).
			fixPath, unsafe := filepath.Join(dir, "fix"+ext), false
			fix, err := os.ReadFile(fixPath)
			if err != nil {
				fixPath, unsafe = filepath.Join(dir, "fix-unsafe"+ext), true
				fix, err = os.ReadFile(fixPath)
			}
			if err != nil {
				if hasSafeFix(diags) {
					t.Errorf("%s offers safe fixes but has no fix%s", a.Name, ext)
				}
				return
			}
			fixDiags := check(t, fixPath, fix, a)
			fixed, n := applyFixes(fix, fixDiags, unsafe)
			if n == 0 {
				t.Errorf("%s: no fix applied", fixPath)
			}
			goldenPath := fixPath + ".golden"
			if *update {
				if err := os.WriteFile(goldenPath, fixed, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(fixed, want) {
				t.Errorf("%s with fixes applied:\n%s\nwant (%s):\n%s", fixPath, fixed, goldenPath, want)
			}
			for _, d := range check(t, goldenPath, fixed, a) {
				if len(d.Fixes) > 0 {
					t.Errorf("still fixable after --fix: %s", format(d))
				}
			}
		})
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
		if needsFiles(a) {
			// Doc.Bad needs files next to it: the testdata covers it.
			continue
		}
		if len(check(t, a.Name+".bad"+testExt(a), []byte(d.Bad), a)) == 0 {
			t.Errorf("%s: Doc.Bad does not trigger the rule:\n%s", a.Name, d.Bad)
		}
		for _, diag := range check(t, a.Name+".good"+testExt(a), []byte(d.Good), a) {
			t.Errorf("%s: Doc.Good triggers the rule: %s", a.Name, format(diag))
		}
	}
}

// TestNames checks that rule names are unique, kebab-case and either
// catalogue rules (with the catalogue's severity and profile) or
// documented parser-only codes or extra manifest rules
// (ManifestExtraRules).
func TestNames(t *testing.T) {
	cat := catalogue(t)
	seen := map[string]bool{}
	kebab := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for _, a := range All() {
		if seen[a.Name] {
			t.Errorf("duplicate rule name %q", a.Name)
		}
		seen[a.Name] = true
		if !kebab.MatchString(a.Name) {
			t.Errorf("rule name %q is not kebab-case", a.Name)
		}
		if a.Shared || a.Run == nil {
			t.Errorf("%s: listed rules must have Run and not be Shared", a.Name)
		}
		e, ok := cat[a.Name]
		if !ok && hasString(ManifestExtraRules, a.Name) {
			if a.Severity != lint.Error || a.Profile != lint.Manifest {
				t.Errorf("%s: extra manifest rules are error/manifest", a.Name)
			}
			continue
		}
		if !ok {
			if !hasString(ParserOnlyCodes, a.Name) {
				t.Errorf("%s is neither in the catalogue nor a parser-only code", a.Name)
			} else if a.Severity != lint.Error || a.Profile != lint.Core {
				t.Errorf("%s: parser-only codes are error/core", a.Name)
			}
			continue
		}
		if a.Severity.String() != e.severity || string(a.Profile) != e.profile {
			t.Errorf("%s: severity/profile %s/%s, catalogue says %s/%s", a.Name, a.Severity, a.Profile, e.severity, e.profile)
		}
	}
	for _, c := range append(append([]string(nil), ParserOnlyCodes...), ManifestExtraRules...) {
		if _, ok := cat[c]; ok {
			t.Errorf("%s is in the catalogue, remove it from ParserOnlyCodes", c)
		}
	}
	// All is sorted by name.
	all := All()
	for i := 1; i < len(all); i++ {
		if all[i-1].Name >= all[i].Name {
			t.Errorf("All() not sorted: %q before %q", all[i-1].Name, all[i].Name)
		}
	}
}

type catEntry struct{ severity, profile string }

// catalogue parses the "N name | severity | profile" lines of
// catalogueText. A split severity ("error (…) / warning (…)") yields the
// first, which is the rule's default.
func catalogue(t *testing.T) map[string]catEntry {
	t.Helper()
	out := map[string]catEntry{}
	for _, l := range strings.Split(strings.TrimSpace(catalogueText), "\n") {
		parts := strings.Split(l, "|")
		if len(parts) != 3 {
			t.Fatalf("bad catalogue line %q", l)
		}
		f := strings.Fields(parts[0])
		sev := strings.Fields(parts[1])[0]
		out[f[1]] = catEntry{severity: sev, profile: strings.TrimSpace(parts[2])}
	}
	if len(out) != 207 {
		t.Fatalf("catalogue has %d rules, want 207", len(out))
	}
	return out
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
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.md"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
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
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.md"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
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
