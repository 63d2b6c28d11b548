package lsp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
)

const bodyDoc = "# Vault\n\nCall `/act.get`.\n\n```act.get\nGET https://api.example.com/vault\n```\n\n```act.get.response\n{Response.body.secret}\n```\n"

// hoverSecret returns the hover on {Response.body.secret} of app/vault.md,
// whose suite names the given body_files, one test each; prepare, when
// set, runs on the session's directory before the hover.
func hoverSecret(t *testing.T, files map[string]string, prepare func(dir string), bodyFiles ...string) string {
	t.Helper()
	suite := "version: 1\ntests:\n"
	for _, b := range bodyFiles {
		suite += "  - name: " + b + "\n    run: /act.get\n    http:\n      - request: {method: GET, url: \"https://api.example.com/vault\"}\n        response: {body_file: \"" + b + "\"}\n"
	}
	files["app/vault.test.yaml"] = suite
	s := newSession(t, files, lsp.Options{}, nil)
	if prepare != nil {
		prepare(s.dir)
	}
	uri := s.uri("app/vault.md")
	s.open("app/vault.md", bodyDoc)
	return s.hoverText(uri, "{Response.body.secret}", 16)
}

// The hover shows what a suite's body_file holds only for a file of the
// suite's own directory tree, as sfmd test reads it: not one reached
// through "..".
func TestHoverBodyFileStaysInTheSuitesTree(t *testing.T) {
	files := map[string]string{
		"secret.json":        `{"secret": "leaked-through-dotdot"}`,
		"app/bodies/ok.json": `{"secret": "inside"}`,
	}
	got := hoverSecret(t, files, nil, "../secret.json", "bodies/ok.json")
	if !strings.Contains(got, `"inside"`) {
		t.Errorf("the body_file inside the suite's tree is not shown:\n%s", got)
	}
	if strings.Contains(got, "leaked") {
		t.Errorf("a body_file outside the suite's tree was read:\n%s", got)
	}
}

// A stub of sfmd test --init (todo:, status 200, json: {} or stdout: "")
// is not a recorded response: hovers do not show its placeholders as
// values the suite recorded; the filled-in entry of another test is.
func TestHoverSkipsInitStubs(t *testing.T) {
	doc := "# Vault\n\nCall `/act.get` and `/act.run`.\n\n```act.get\nGET https://api.example.com/vault\n```\n\n```act.get.response\n{Response.status} {Response.body}\n```\n\n```act.run\nCLI vault-cli\n```\n\n```act.run.response\n{Response.stdout}\n```\n"
	suite := `version: 1
tests:
  - name: stub
    run: /act.get
    http:
      - request: {method: GET, url: "https://api.example.com/vault"}
        response:
          todo: fill in what the server answers, then delete this line (or run sfmd test --record)
          status: 200
          json: {}
  - name: cli stub
    run: /act.run
    exec:
      - command: vault-cli
        todo: fill in what the command prints, then delete this line
        stdout: ""
        exit: 0
  - name: filled
    run: /act.get
    http:
      - request: {method: GET, url: "https://api.example.com/vault"}
        response: {status: 201, json: {a: 1}}
`
	s := newSession(t, map[string]string{"vault.test.yaml": suite}, lsp.Options{}, nil)
	uri := s.uri("vault.md")
	s.open("vault.md", doc)
	hover := func(needle string, delta int) string { return s.hoverText(uri, needle, delta) }
	for _, n := range []string{"{Response.status}", "{Response.body}"} {
		got := hover(n, 11)
		if strings.Contains(got, `test "stub"`) || !strings.Contains(got, `test "filled"`) {
			t.Errorf("hover on %s:\n%s", n, got)
		}
	}
	if got := hover("{Response.stdout}", 11); strings.Contains(got, "recorded in") {
		t.Errorf("hover on {Response.stdout} shows the exec stub:\n%s", got)
	}
}

// hoverBig returns the hover on {Response.body.big} of app/vault.md with
// the given suite.
func hoverBig(t *testing.T, suite string) string {
	t.Helper()
	s := newSession(t, map[string]string{"app/vault.test.yaml": suite}, lsp.Options{}, nil)
	uri := s.uri("app/vault.md")
	s.open("app/vault.md", strings.Replace(bodyDoc, "{Response.body.secret}", "{Response.body.big}", 1))
	return s.hoverText(uri, "{Response.body.big}", 16)
}

const smallTest = `  - name: small
    run: /act.get
    http:
      - request: {method: GET, url: "https://api.example.com/vault"}
        response: {json: {big: [1, 2]}}
`

// A suite of 1 MB whose json: body expands through YAML aliases to 90 GB,
// far past what sfmd test accepts (suitespec.JSONBytes: the runner
// refuses such a suite), is not expanded for a hover: the value is not
// shown, the other tests' are. It was marshalled whole for every hover,
// and the server ran out of memory. (The aliases are few enough for
// yaml.v3's check of excessive aliasing, which counts nodes, not bytes.)
func TestHoverAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("version: 1\ntests:\n  - name: bomb\n    run: /act.get\n    http:\n      - request: {method: GET, url: \"https://api.example.com/vault\"}\n        response:\n          json:\n")
	fmt.Fprintf(&b, "            pad: [%s]\n", strings.TrimSuffix(strings.Repeat("0, ", 3000), ", "))
	fmt.Fprintf(&b, "            l0: &l0 %s\n", strings.Repeat("x", 900<<10))
	for i := 1; i <= 5; i++ {
		name := fmt.Sprintf("l%d", i)
		if i == 5 {
			name = "big"
		}
		fmt.Fprintf(&b, "            %s: &l%d [%s]\n", name, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	b.WriteString(smallTest)
	got := hoverBig(t, b.String())
	if !strings.Contains(got, `recorded in `+"`vault.test.yaml`"+`, test "small"`) || strings.Contains(got, "xxx") || strings.Contains(got, "more)") {
		t.Errorf("hover over the alias bomb:\n%s", got)
	}
}

// A suite over the size sfmd test reads a suite to (suitespec.SuiteBytes)
// is not read for a hover either.
func TestHoverSuiteOverSizeBound(t *testing.T) {
	suite := "version: 1\ntests:\n" + smallTest + "# " + strings.Repeat("padding ", (suitespec.SuiteBytes/8)+1) + "\n"
	if got := hoverBig(t, suite); !strings.Contains(got, "no recorded value") {
		t.Errorf("hover with a suite of %d bytes:\n%s", len(suite), got)
	}
}

// The hovers read a suite as sfmd test does (suitespec decodes it for
// both): a step calls the action the runtime's dispatcher reads from its
// run: line (model.CalledAction: "/act.Get" calls get, the dot form's case
// folded; "/action.get" is no action call), and an entry sfmd test
// refuses ("status must be an integer", a duplicate field) is not a
// recorded response. The language server had its own walker, which
// matched run: lines with a pattern of its own and read such entries.
func TestHoverReadsSuitesAsSfmdTest(t *testing.T) {
	suite := `version: 1
tests:
  - name: folded
    run: /act.Get
    http:
      - request: {method: GET, url: "https://api.example.com/vault"}
        response: {json: {secret: from-folded}}
  - name: not an action call
    run: /action.get
    http:
      - request: {method: GET, url: "https://api.example.com/vault"}
        response: {json: {secret: from-action}}
  - name: quoted status
    run: /act.get
    http:
      - request: {method: GET, url: "https://api.example.com/vault"}
        response: {status: "201", json: {secret: from-quoted-status}}
  - name: duplicate field
    run: /act.get
    http:
      - request: {method: GET, url: "https://api.example.com/vault"}
        response:
          json: {secret: from-duplicate}
          json: {secret: from-duplicate-2}
`
	s := newSession(t, map[string]string{"app/vault.test.yaml": suite}, lsp.Options{}, nil)
	uri := s.uri("app/vault.md")
	s.open("app/vault.md", bodyDoc)
	got := s.hoverText(uri, "{Response.body.secret}", 16)
	if got == "" {
		t.Fatal("no hover")
	}
	if !strings.Contains(got, `"from-folded"`) {
		t.Errorf("the step /act.Get, which calls get, is not shown:\n%s", got)
	}
	for _, bad := range []string{"from-action", "from-quoted-status", "from-duplicate"} {
		if strings.Contains(got, bad) {
			t.Errorf("the hover shows %s, which sfmd test does not run as a response of get:\n%s", bad, got)
		}
	}
}

// hoverText returns the text of the hover at needle (its first
// occurrence) plus delta characters in uri, "" when there is none.
func (s *session) hoverText(uri, needle string, delta int) string {
	s.t.Helper()
	var h *lsp.Hover
	if err := s.c.Call("textDocument/hover", pos(uri, s.c.Position(uri, needle, 0, delta)), &h); err != nil {
		s.t.Fatal(err)
	}
	if h == nil {
		return ""
	}
	return h.Contents.Value
}

// A suite is paired with its document as sfmd test pairs them
// (runner/suite.go decoder.document): vault.test.yaml whose document:
// names another file does not test vault.md, whatever its stem; a suite
// of another stem whose document: names vault.md does. The language
// server took a stem-named suite for the document's in any case.
func TestHoverPairsSuitesAsSfmdTest(t *testing.T) {
	suite := func(doc, secret string) string {
		return "version: 1\n" + doc + "tests:\n  - name: t\n    run: /act.get\n    http:\n      - request: {method: GET, url: \"https://api.example.com/vault\"}\n        response: {json: {secret: " + secret + "}}\n"
	}
	files := map[string]string{
		"app/vault.test.yaml": suite("document: other.md\n", "from-other-document"),
		"app/other.md":        bodyDoc,
		"app/named.test.yml":  suite("document: ./vault.md\n", "from-named-suite"),
	}
	s := newSession(t, files, lsp.Options{}, nil)
	uri := s.uri("app/vault.md")
	s.open("app/vault.md", bodyDoc)
	got := s.hoverText(uri, "{Response.body.secret}", 16)
	if !strings.Contains(got, `"from-named-suite"`) {
		t.Errorf("the suite whose document: names vault.md is not shown:\n%s", got)
	}
	if strings.Contains(got, "from-other-document") {
		t.Errorf("vault.test.yaml tests other.md (its document:), yet the hover of vault.md shows its response:\n%s", got)
	}
}

// A command's recorded output is the body the runtime reads
// (model.ExecResult.Output, loader.ts Loader.execCli): stdout and stderr
// together, the end trimmed. The hover showed stdout and stderr as
// recorded, trailing newlines included.
func TestHoverCLIBodyAsTheRuntimeReadsIt(t *testing.T) {
	doc := "# Vault\n\nCall `/act.run`.\n\n```act.run\nCLI vault-cli\n```\n\n```act.run.response\n{Response.body}\n```\n"
	suite := "version: 1\ntests:\n  - name: run\n    run: /act.run\n    exec:\n      - command: vault-cli\n        stdout: \"opened\\n\"\n        stderr: \"note: cached\\n\\n\"\n"
	s := newSession(t, map[string]string{"vault.test.yaml": suite}, lsp.Options{}, nil)
	uri := s.uri("vault.md")
	s.open("vault.md", doc)
	got := s.hoverText(uri, "{Response.body}", 11)
	if !strings.Contains(got, `"opened\nnote: cached"`) || strings.Contains(got, `cached\n`) {
		t.Errorf("hover on {Response.body}:\n%s", got)
	}
}
