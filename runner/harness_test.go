package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/udiff"
	"github.com/sfmd-dev/sfmd/model"
	"go.yaml.in/yaml/v3"
)

// TestFailingSuite runs testdata/failing, where every test fails in a
// different way, and compares the human report with a golden.
func TestFailingSuite(t *testing.T) {
	refs, err := Discover("testdata", []string{"failing"})
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	rep := Run(refs, Options{Jobs: 1, TempDir: tmp})
	if rep.HasSuiteErrors() {
		var b bytes.Buffer
		WriteErrors(&b, rep)
		t.Fatal(b.String())
	}
	if rep.Passed != 0 || rep.Failed != len(rep.Suites[0].Tests) {
		t.Errorf("got %d passed, %d failed; every test of testdata/failing must fail", rep.Passed, rep.Failed)
	}
	var human bytes.Buffer
	WriteHuman(&human, rep)
	checkGolden(t, "failing.golden", human.Bytes())
	if strings.Contains(human.String(), "tt-secret") {
		t.Error("an env value leaked into the report")
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("sandboxes left behind: %d", len(left))
	}
	if _, err := os.Stat(filepath.Join("testdata", "failing", "golden", "missing.txt")); err == nil {
		t.Error("a golden was written without --update")
	}
}

// TestUpdateWritesGoldens runs the failing suite on a copy with Update:
// output goldens are written, the missing one created, the binary file
// golden replaced, and the suite's inline output rewritten.
func TestUpdateWritesGoldens(t *testing.T) {
	dir := copyFailing(t, "tool.md", "tool.test.yaml", "golden/six.txt", "golden/img.bin")
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Jobs: 1, Update: true, Run: mustRegexp(t, "trailing newline|golden file|output file|binary")})
	if rep.Failed != 0 || rep.HasSuiteErrors() {
		var b bytes.Buffer
		WriteErrors(&b, rep)
		WriteHuman(&b, rep)
		t.Fatal(b.String())
	}
	for name, want := range map[string]string{
		"golden/missing.txt": "Thing 5 is a gear",
		"golden/six.txt":     "Thing 6 is a gear",
		"golden/img.bin":     "\x00\x01\x02",
	} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != want {
			t.Errorf("%s = %q (%v), want %q", name, got, err, want)
		}
	}
	suite, err := os.ReadFile(filepath.Join(dir, "tool.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(suite), "    expect:\n      output: |-\n        Thing 4 is a nut\n\n  - name: missing golden file\n") {
		t.Errorf("inline output not rewritten:\n%s", suite)
	}
	// Everything else is byte for byte what it was.
	orig, _ := os.ReadFile(filepath.Join("testdata", "failing", "tool.test.yaml"))
	if strings.Replace(string(orig), "output: |\n        Thing 4 is a nut\n", "output: |-\n        Thing 4 is a nut\n", 1) != string(suite) {
		t.Errorf("the rest of the suite changed:\n%s", udiff.Unified(string(orig), string(suite), "before", "after"))
	}
	// And now it passes.
	rep = Run(refs, Options{Jobs: 1, Run: mustRegexp(t, "trailing newline|golden file|output file|binary")})
	if rep.Failed != 0 || rep.Passed != 4 {
		t.Errorf("after --update: %d passed, %d failed", rep.Passed, rep.Failed)
	}
}

func mustRegexp(t *testing.T, s string) *regexp.Regexp {
	t.Helper()
	re, err := regexp.Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	return re
}

// TestUpdateRefusesAliases: an output shared through an anchor is not
// rewritten (that would change every user of the anchor).
func TestUpdateRefusesAliases(t *testing.T) {
	doc := "---\nname: a\n---\n```act.x\nGET https://a.example/x\n```\n"
	suite := "version: 1\ntests:\n  - name: one\n    run: /act.x\n    http: [{request: {method: GET, url: \"https://a.example/x\"}, response: {body: new}}]\n    expect: {output: &o old}\n  - name: two\n    run: /act.x\n    http: [{request: {method: GET, url: \"https://a.example/x\"}, response: {body: new}}]\n    expect: {output: *o}\n"
	dir := writeFiles(t, map[string]string{"a.md": doc, "a.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Jobs: 1, Update: true})
	if rep.Failed != 2 {
		t.Errorf("got %d failed, want 2", rep.Failed)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "a.test.yaml"))
	if string(got) != suite {
		t.Errorf("suite rewritten:\n%s", got)
	}
}

// TestRuntimePanicIsInternal: a panic of the runtime emulation is a bug of
// sfmd (exit status 3), not a test failure of the suite.
func TestRuntimePanicIsInternal(t *testing.T) {
	dir := writeFiles(t, map[string]string{"w.md": testDoc, "w.test.yaml": "version: 1\ntests:\n  - name: a\n    run: /act.search --q x\n"})
	old := runStep
	runStep = func(*model.Runtime, string) model.Result { panic("boom") }
	defer func() { runStep = old }()
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Jobs: 1})
	if !rep.HasInternalErrors() || rep.HasSuiteErrors() {
		t.Fatalf("internal %v, suite errors %v", rep.HasInternalErrors(), rep.HasSuiteErrors())
	}
	if f := rep.Suites[0].Tests[0].Failures[0]; !strings.Contains(f.Message, "the runtime panicked: boom") {
		t.Errorf("failure %q", f.Message)
	}
}

// TestUpdateKeepsEditsMadeDuringTheRun: --update writes a golden or the
// suite only if it is still what the run read, and creates a missing
// golden only if it is still missing (safeio.Replace, safeio.Create):
// an edit saved while the tests ran is kept, each file named in an
// error, and nothing is reported as updated.
func TestUpdateKeepsEditsMadeDuringTheRun(t *testing.T) {
	dir := copyFailing(t, "tool.md", "tool.test.yaml", "golden/six.txt")
	s, errs := loadSuite(filepath.Join(dir, "tool.test.yaml"), "tool.test.yaml")
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	defer s.close()
	res := &SuiteResult{Path: "tool.test.yaml", suite: s}
	// what the run read and would write
	six, info, err := safeio.Read(s.Tree, filepath.Join("golden", "six.txt"), "golden/six.txt", maxGoldenBytes)
	if err != nil {
		t.Fatal(err)
	}
	res.writeGolden(filepath.Join("golden", "six.txt"), "golden/six.txt", []byte("new six\n"), goldenFile{six, info})
	res.writeGolden(filepath.Join("golden", "missing.txt"), "golden/missing.txt", []byte("new missing\n"), goldenFile{})
	var e *expectation
	for _, tc := range s.Tests {
		for _, st := range tc.Steps {
			if st.Expect.HasOutput && e == nil {
				e = &st.Expect
			}
		}
	}
	if e == nil {
		t.Fatal("no inline output in the suite")
	}
	res.edits = append(res.edits, scalarEdit{node: e.OutputNode, key: keyNode(e.Node, "output"), flow: e.Node.Style&yaml.FlowStyle != 0, value: "new output"})
	// edits saved meanwhile
	edited := map[string]string{"golden/six.txt": "edited six\n", "golden/missing.txt": "theirs\n", "tool.test.yaml": string(s.Src) + "# edited\n"}
	for name, text := range edited {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res.flushUpdates()
	var msgs []string
	for _, e := range res.Errors {
		msgs = append(msgs, e.Msg)
	}
	all := strings.Join(msgs, "\n")
	if len(msgs) != 3 || !strings.Contains(all, "--update: cannot write golden/six.txt: it changed while the tests ran") || !strings.Contains(all, "--update: cannot write golden/missing.txt: it was created while the tests ran") || !strings.Contains(all, "--update: cannot write the suite: it changed while the tests ran") {
		t.Errorf("errors:\n%s", all)
	}
	for name, text := range edited {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != text {
			t.Errorf("%s holds %q, want the edit %q", name, got, text)
		}
	}
	if len(res.Updated) != 0 {
		t.Errorf("updated %v", res.Updated)
	}
}

// copyFailing copies the named files of testdata/failing into a new
// temporary directory and returns it.
func copyFailing(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join("testdata", "failing", name))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
