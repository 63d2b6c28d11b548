package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// fixtureDoc is a document whose template reads Response.body.items as an
// array: a fixture whose items is an object exposes the loop.
const fixtureDoc = "# Shop\n\nCall `/act.list`.\n\n```act.list\nGET https://shop.example.com/items\n```\n\n" +
	"```act.list.response\nfor: it in Response.body.items\n- {it.name}\nend:\n```\n"

// fixtureSuite is a suite (header, then the lines of its one test after
// "run: /act.list") answering the call with body.
func fixtureSuite(header, step, response string) string {
	return header + "version: 1\ntests:\n  - name: list\n" + step +
		"    http:\n      - request: {method: GET, url: \"https://shop.example.com/items\"}\n" +
		"        response:\n" + response
}

const objectItems = "          json: {items: {a: {name: x}}}\n"

// lintFixtureDir writes files to a new directory and lints app.md there
// with dryrun-template-loop-empty alone, as `sfmd lint` would; it returns
// the findings' messages.
func lintFixtureDir(t *testing.T, files map[string]string) []string {
	t.Helper()
	return lintFixtureFiles(t, writeFiles(t, files))
}

func lintFixtureFiles(t *testing.T, dir string) []string {
	t.Helper()
	cfg := filepath.Join(dir, ".sfmd-test.yaml")
	if err := os.WriteFile(cfg, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rule := DryrunTemplateLoopEmpty
	rep, err := lint.Run(lint.Options{Paths: []string{"app.md"}, Dir: dir, Jobs: 1, Config: cfg,
		Selection: lint.Selection{Enable: []string{rule.Name}}}, []*lint.Analyzer{rule})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range rep.Diagnostics {
		out = append(out, d.Message)
	}
	return out
}

// TestFixtureRunsFollowSfmdTest: a template runs against a suite's
// fixture only where sfmd test would give that response to that call: the
// suite is the document's (document:, else its stem: runner/suite.go
// decoder.document), it decodes without a problem (suitespec), and the
// step calls the action expecting success, before any /open, with one
// 2xx JSON response (inline, or body_file read through the suite's tree)
// that fetch gives a body (not 204 or 205).
func TestFixtureRunsFollowSfmdTest(t *testing.T) {
	run := "    run: /act.list\n"
	ok := fixtureSuite("", run, objectItems)
	for _, tc := range []struct {
		name  string
		files map[string]string
		found bool
	}{
		{"suite named after the document", map[string]string{"app.test.yaml": ok}, true},
		{"suite .yml", map[string]string{"app.test.yml": ok}, true},
		{"suite naming the document", map[string]string{"checks.test.yaml": fixtureSuite("document: app.md\n", run, objectItems)}, true},
		{"suite naming ./app.md", map[string]string{"checks.test.yaml": fixtureSuite("document: ./app.md\n", run, objectItems)}, true},
		{"stem suite naming another document", map[string]string{"app.test.yaml": fixtureSuite("document: other.md\n", run, objectItems), "other.md": fixtureDoc}, false},
		{"suite of another document", map[string]string{"other.test.yaml": ok, "other.md": fixtureDoc}, false},
		{"suite with an unknown field", map[string]string{"app.test.yaml": strings.Replace(ok, "    http:", "    htpp:", 1)}, false},
		{"suite with invalid YAML", map[string]string{"app.test.yaml": ok + "  - name: [\n"}, false},
		{"body_file", map[string]string{"app.test.yaml": fixtureSuite("", run, "          body_file: fixtures/items.json\n"), "fixtures/items.json": `{"items":{"a":{}}}`}, true},
		{"body_file outside the suite's tree", map[string]string{"app.test.yaml": fixtureSuite("", run, "          body_file: ../items.json\n")}, false},
		{"error status", map[string]string{"app.test.yaml": fixtureSuite("", run, "          status: 500\n"+objectItems)}, false},
		{"status 201", map[string]string{"app.test.yaml": fixtureSuite("", run, "          status: 201\n"+objectItems)}, true},
		// fetch gives a 204 or 205 response no body (model/http.go
		// responseText): the template reads none, as in sfmd test
		{"status 204 with a body", map[string]string{"app.test.yaml": fixtureSuite("", run, "          status: 204\n"+objectItems)}, false},
		{"status 205 with a body", map[string]string{"app.test.yaml": fixtureSuite("", run, "          status: 205\n"+objectItems)}, false},
		{"items null", map[string]string{"app.test.yaml": fixtureSuite("", run, "          json: {items: null}\n")}, false},
		{"text body", map[string]string{"app.test.yaml": fixtureSuite("", run, "          body: \"items: none\"\n")}, false},
		{"expected failure", map[string]string{"app.test.yaml": fixtureSuite("", run+"    expect: {ok: false}\n", objectItems)}, false},
		{"skipped test", map[string]string{"app.test.yaml": fixtureSuite("", run+"    skip: later\n", objectItems)}, false},
		{"transport error", map[string]string{"app.test.yaml": strings.Replace(fixtureSuite("", run, ""), "        response:\n", "        error: connection refused\n", 1)}, false},
		{"stub of sfmd test --init", map[string]string{"app.test.yaml": fixtureSuite("", run, "          todo: record it\n"+objectItems)}, false},
		{"after /open", map[string]string{"app.test.yaml": "version: 1\ntests:\n  - name: list\n    steps:\n      - run: /open other.md\n      - run: /act.list\n" +
			"        http:\n          - request: {method: GET, url: \"https://shop.example.com/items\"}\n            response:\n              json: {items: {a: {}}}\n", "other.md": fixtureDoc}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"app.md": fixtureDoc}
			for k, v := range tc.files {
				files[k] = v
			}
			dir := writeFiles(t, files)
			if clean := !strings.Contains(tc.name, "unknown field") && !strings.Contains(tc.name, "invalid YAML") && !strings.Contains(tc.name, "outside"); clean {
				// the case is what it says, not a suite sfmd test refuses
				checkSuitesDecode(t, dir, tc.files)
			}
			got := lintFixtureFiles(t, dir)
			if found := len(got) == 1 && strings.Contains(got[0], "Response.body.items is an object, not an array"); found != tc.found || (!found && len(got) > 0) || len(got) > 1 {
				t.Errorf("findings %q, want one: %v", got, tc.found)
			}
		})
	}
	// the message names the fixture it ran
	got := lintFixtureDir(t, map[string]string{"app.md": fixtureDoc, "app.test.yaml": ok})
	if want := "with the response of test `list` in `app.test.yaml` (`/act.list`), the loop \"for: it in Response.body.items\" never iterates"; len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("message %q, want it to start with %q", got, want)
	}
}

// checkSuitesDecode fails when a suite of files has a problem.
func checkSuitesDecode(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	tree, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tree.Close() }()
	for name, text := range files {
		if suitespec.IsSuiteName(name) {
			dec := suitespec.NewDecoder(name, dir, tree)
			if dec.Decode([]byte(text)); len(dec.Errs) > 0 {
				t.Fatalf("%s: %v", name, dec.Errs[0])
			}
		}
	}
}

// TestFixtureRunsBounded: identical calls with identical responses run
// once, and a document runs at most maxFixtureRuns fixtures, reading at
// most maxFixtureBytes of bodies, however many its suites hold.
func TestFixtureRunsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("version: 1\ntests:\n")
	for i := range 3 * maxFixtureRuns {
		fmt.Fprintf(&b, "  - name: t%d\n    run: /act.list\n    http:\n      - request: {method: GET, url: \"https://shop.example.com/items\"}\n        response:\n          json: {items: {n: %d}}\n", i, i/2)
	}
	dir := t.TempDir()
	tree, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tree.Close() }()
	dec := suitespec.NewDecoder("app.test.yaml", dir, tree)
	spec := dec.Decode([]byte(b.String()))
	if len(dec.Errs) > 0 {
		t.Fatal(dec.Errs[0])
	}
	doc := sfmd.Parse("app.md", []byte(fixtureDoc))
	fr := &fixtureRunner{t: buildDryTable(doc, buildSymbols(doc), buildHints(doc, buildSymbols(doc))), last: lastTemplates(doc), seen: map[string]bool{}}
	fr.suite("app.test.yaml", spec)
	if fr.runs != maxFixtureRuns || len(fr.out) != maxFixtureRuns {
		t.Errorf("%d runs, %d results; want %d", fr.runs, len(fr.out), maxFixtureRuns)
	}
	// two tests share each body: the first maxFixtureRuns runs took
	// 2*maxFixtureRuns tests
	if last := fr.out[len(fr.out)-1].Test; last != fmt.Sprintf("t%d", 2*maxFixtureRuns-2) {
		t.Errorf("last run from test %s", last)
	}
	for _, run := range fr.out {
		for _, f := range run.Run.Lines {
			if f.Printed != nil {
				t.Fatal("a fixture run keeps what its lines printed")
			}
		}
	}
	// the bodies read are bounded too
	fr = &fixtureRunner{t: fr.t, last: fr.last, seen: map[string]bool{}, bytes: maxFixtureBytes - 10}
	fr.suite("app.test.yaml", spec)
	if fr.runs != 0 {
		t.Errorf("%d runs past maxFixtureBytes", fr.runs)
	}
}

// cliFixtureDoc runs a command whose template reads body.items as an
// array.
const cliFixtureDoc = "# Shop\n\nCall `/act.list`.\n\n```act.list\nCLI shop list --json\n```\n\n" +
	"```act.list.response\nfor: it in Response.body.items\n- {it.name}\nend:\n```\n"

// cliSuite is a suite whose one test calls /act.list with the exec entry
// entry (its fields, indented under "- command: …").
func cliSuite(entry string) string {
	return "version: 1\ntests:\n  - name: list\n    run: /act.list\n    exec:\n      - command: shop list --json\n" + entry
}

// TestFixtureRunsCLI: a CLI action's template runs against its step's
// exec entry as sfmd test replays it (suitespec.ExecFixture.Result, read
// by the model as a real command's result: stdout and stderr together,
// loader.ts Loader.execCli), on the success path only (exit 0). The CLI
// templates got no fixture run.
func TestFixtureRunsCLI(t *testing.T) {
	for _, tc := range []struct {
		name, entry string
		found       bool
	}{
		{"stdout JSON", "        stdout: '{\"items\": {\"a\": {\"name\": \"x\"}}}'\n", true},
		{"stdout JSON, trailing lines", "        stdout: \"{\\\"items\\\": {}}\\n\\n\"\n", true},
		{"stderr too: the body is text", "        stdout: '{\"items\": {}}'\n        stderr: \"warning: slow\\n\"\n", false},
		{"non-zero exit", "        stdout: '{\"items\": {}}'\n        exit: 2\n", false},
		{"items an array", "        stdout: '{\"items\": []}'\n", false},
		{"stub of sfmd test --init", "        stdout: '{\"items\": {}}'\n        todo: record it\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"app.md": cliFixtureDoc, "app.test.yaml": cliSuite(tc.entry)}
			dir := writeFiles(t, files)
			checkSuitesDecode(t, dir, files)
			got := lintFixtureFiles(t, dir)
			if found := len(got) == 1 && strings.Contains(got[0], "Response.body.items is an object, not an array"); found != tc.found || len(got) > 1 || (!found && len(got) > 0) {
				t.Errorf("findings %q, want one: %v", got, tc.found)
			}
		})
	}
}

// sessionDoc's list call needs {user}, which login's template sets (a
// call with a flag: with none, it prints the action's usage).
const sessionDoc = "# Shop\n\nCall `/act.login`, then `/act.list`.\n\n" +
	"```act.login\nGET https://shop.example.com/me\n```\n\n```act.login.response\n{user} = {Response.body.user}\nHello {user}\n```\n\n" +
	"```act.list\nGET https://shop.example.com/{user}/items\n  user: string (required)\n  limit: string\n```\n\n" +
	"```act.list.response\nfor: it in Response.body.items\n- {it.name}\nend:\n```\n"

func sessionStep(run, url, json string) string {
	return "      - run: " + run + "\n        http:\n          - request: {method: GET, url: \"" + url + "\"}\n            response: {json: " + json + "}\n"
}

// TestFixtureRunsCarrySession: the steps of a test run in one session,
// as sfmd test runs them (runner/run.go: one model.Session per test): a
// call sees the session variables an earlier step's template or /set
// line set (here the {user} its required flag falls back to); a test
// does not see another's, and a step whose effect on the session is not
// known (two responses for one call) ends the test's runs. The fixture
// runs started each call from the suite's vars: the list call was
// refused for its missing flag and its loop never checked.
func TestFixtureRunsCarrySession(t *testing.T) {
	login := sessionStep("/act.login", "https://shop.example.com/me", "{user: ann}")
	list := sessionStep("/act.list --limit 5", "https://shop.example.com/ann/items?limit=5", "{items: {a: {name: x}}}")
	for _, tc := range []struct {
		name, steps string
		found       bool
	}{
		{"set by a template", login + list, true},
		{"set by /set", "      - run: '/set {user} = \"ann\"'\n" + list, true},
		{"after /info", login + "      - run: /info\n" + list, true},
		{"not set", list, false},
		{"unknown after two responses", strings.Replace(login, "          - request", "          - request: {method: GET, url: \"https://shop.example.com/me\"}\n            response: {json: {user: ann}}\n          - request", 1) + list, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"app.md": sessionDoc, "app.test.yaml": "version: 1\ntests:\n  - name: t\n    steps:\n" + tc.steps}
			dir := writeFiles(t, files)
			checkSuitesDecode(t, dir, files)
			got := lintFixtureFiles(t, dir)
			if found := len(got) == 1 && strings.Contains(got[0], "Response.body.items is an object, not an array"); found != tc.found || len(got) > 1 || (!found && len(got) > 0) {
				t.Errorf("findings %q, want one: %v", got, tc.found)
			}
		})
	}
	// another test's session is its own
	files := map[string]string{"app.md": sessionDoc, "app.test.yaml": "version: 1\ntests:\n  - name: a\n    steps:\n" + login + "  - name: b\n    steps:\n" + list}
	if got := lintFixtureDir(t, files); len(got) != 0 {
		t.Errorf("a test saw another's session: %q", got)
	}
}

// TestFixtureRunsSameCallExpectations: a call that a step expecting
// failure made first is still checked where a later step expects
// success with the same response from the same session.
func TestFixtureRunsSameCallExpectations(t *testing.T) {
	failing := fixtureSuite("", "    run: /act.list\n    expect: {ok: false}\n", objectItems)
	suite := failing + strings.Replace(strings.TrimPrefix(fixtureSuite("", "    run: /act.list\n", objectItems), "version: 1\ntests:\n"), "name: list", "name: list again", 1)
	files := map[string]string{"app.md": fixtureDoc, "app.test.yaml": suite}
	dir := writeFiles(t, files)
	checkSuitesDecode(t, dir, files)
	if got := lintFixtureFiles(t, dir); len(got) != 1 {
		t.Errorf("findings %q, want one", got)
	}
}

// TestFixtureRunnerSharesInfos: the fixture runs read the actions the
// dry-run table listed (dryTable.Infos) and list none again (Parsed.Actions
// walks every action, a second time per document before): a table whose
// Infos say an action is a CLI one is believed.
func TestFixtureRunnerSharesInfos(t *testing.T) {
	doc := sfmd.Parse("app.md", []byte(fixtureDoc))
	tb := buildDryTable(doc, buildSymbols(doc), &hintTable{})
	if len(tb.Infos) != 1 || tb.Infos[0].ID != "list" {
		t.Fatalf("Infos = %+v, want the one action list", tb.Infos)
	}
	fr := newFixtureRunner(tb, doc)
	if fr.cli["list"] {
		t.Fatal("list is an HTTP action")
	}
	tb.Infos[0].Method = "CLI" // what the table says is what the runner reads
	if fr := newFixtureRunner(tb, doc); !fr.cli["list"] {
		t.Error("newFixtureRunner listed the actions again instead of reading dryTable.Infos")
	}
}
