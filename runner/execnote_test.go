package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExecRealFailureSaysWhy: when a real command fails, the step's
// failure shows its exit status and stderr and does not suggest --update
// (which would accept the broken output).
func TestExecRealFailureSaysWhy(t *testing.T) {
	doc := "---\nname: tool\n---\n```act.run\nCLI echo partial; echo 'no such table' >&2; exit 4\n```\n"
	suite := "version: 1\ntests:\n  - name: run\n    run: /act.run\n    expect:\n      ok: true\n      output: all rows\n"
	dir := writeFiles(t, map[string]string{"tool.md": doc, "tool.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{ExecReal: true, Isolation: IsolationNone, PATH: "/usr/local/bin:/usr/bin:/bin", Jobs: 1})
	var out strings.Builder
	WriteHuman(&out, rep)
	for _, want := range []string{
		`expected ok: true, got ok: false (EXIT_4); the command "echo partial; echo 'no such table' >&2; exit 4" exited with status 4; its stderr:` + "\n    no such table",
		`output differs from the expected output; the command "echo partial; echo 'no such table' >&2; exit 4" exited with status 4`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the failure lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "--update") {
		t.Errorf("the failure suggests --update:\n%s", out.String())
	}
}

// TestUpdateExecRealKeepsOfflineGoldens: --update --exec=real does not
// write an output from a command whose real output differs from its exec
// entry (the offline run would then fail): the step fails, saying so.
func TestUpdateExecRealKeepsOfflineGoldens(t *testing.T) {
	doc := "---\nname: tool\n---\n```act.run\nCLI echo real\n```\n"
	suite := "version: 1\ntests:\n  - name: run\n    run: /act.run\n    exec:\n      - command: echo real\n        stdout: \"fixture\\n\"\n    expect:\n      output: fixture\n"
	dir := writeFiles(t, map[string]string{"tool.md": doc, "tool.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Update: true, ExecReal: true, Isolation: IsolationNone, PATH: "/usr/local/bin:/usr/bin:/bin", Jobs: 1})
	var out strings.Builder
	WriteHuman(&out, rep)
	if rep.Failed != 1 || !strings.Contains(out.String(), `with --update, the real command "echo real" printed other than its exec entry at line 6`) {
		t.Errorf("want the step failed:\n%s", out.String())
	}
	if got, err := os.ReadFile(filepath.Join(dir, "tool.test.yaml")); err != nil || string(got) != suite {
		t.Errorf("the suite was rewritten (%v):\n%s", err, got)
	}
	if rep := Run(refs, Options{Jobs: 1}); rep.Passed != 1 {
		t.Errorf("the offline run no longer passes")
	}
}
