package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/model"
)

const testDoc = "---\nname: weather\n---\n# Weather\n\n```act.search\nGET https://api.example.com/search?q={q}\n  q: string (required) \"query\"\n```\n"

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestSuiteErrors(t *testing.T) {
	cases := []struct {
		name, suite, want string
	}{
		{"unknown field in http entry", "version: 1\ntests:\n  - name: a\n    run: /act.search --q x\n    http:\n      - request: {method: GET, url: \"https://api.example.com/search?q=x\"}\n        respons: {status: 200}\n",
			`w.test.yaml:7:9: unknown field "respons" in http entry; did you mean "response"?`},
		{"unknown top-level field", "version: 1\ndocumnet: x.md\ntests: []\n",
			`w.test.yaml:2:1: unknown field "documnet" in suite; did you mean "document"?`},
		{"bad yaml", "version: 1\ntests:\n  - name: [a\n", "w.test.yaml:2:1: invalid YAML: did not find expected ',' or ']'"},
		{"missing version", "tests: []\n", `w.test.yaml:1:1: missing required field "version"`},
		{"wrong version", "version: 2\ntests: []\n", "w.test.yaml:1:10: unsupported suite version 2, expected 1"},
		{"missing document", "version: 1\ndocument: nope.md\ntests: []\n", `w.test.yaml:2:11: document "nope.md" not found next to the suite`},
		{"unknown action", "version: 1\ntests:\n  - name: a\n    run: /act.serch --q x\n", `w.test.yaml:4:10: action "serch" is not defined in w.md; did you mean "search"?`},
		{"duplicate test", "version: 1\ntests:\n  - name: a\n    run: /act.search --q x\n  - name: a\n    run: /act.search --q y\n", `w.test.yaml:5:5: duplicate test name "a" (first at line 3)`},
		{"no name", "version: 1\ntests:\n  - run: /act.search --q x\n", "w.test.yaml:3:5: test without a name"},
		{"steps and shorthand", "version: 1\ntests:\n  - name: a\n    run: /act.search\n    steps: []\n", `w.test.yaml:3:5: test "a" has both "steps" and step fields`},
		{"bad status", "version: 1\ntests:\n  - name: a\n    run: /act.search --q x\n    http:\n      - request: {method: GET, url: \"https://x/\"}\n        response: {status: ok}\n", `w.test.yaml:7:28: status must be an integer, got "ok"`},
		{"json and body", "version: 1\ntests:\n  - name: a\n    run: /act.search --q x\n    http:\n      - request: {method: POST, url: \"https://x/\", json: {a: 1}, body: x}\n", `w.test.yaml:6:18: request has both "json" and "body"`},
		{"file naming the root", "version: 1\nfiles:\n  ../../../..: hi\ntests: []\n", `w.test.yaml:3:3: file "../../../.." must name a file of the test's filesystem`},
		{"file naming a directory", "version: 1\nfiles:\n  out/: hi\ntests: []\n", `w.test.yaml:3:3: file "out/" must name a file of the test's filesystem`},
		{"same file twice", "version: 1\nfiles:\n  /home/agent/docs/a.txt: x\n  a.txt: y\ntests: []\n", `w.test.yaml:4:3: files "/home/agent/docs/a.txt" and "a.txt" are the same file /home/agent/docs/a.txt`},
		{"relative cwd", "version: 1\ncwd: docs\ntests: []\n", `w.test.yaml:2:6: cwd "docs" must be an absolute path of the agent's machine, e.g. "/home/agent/docs"`},
		{"relative home", "version: 1\nhome: ~\ntests: []\n", `w.test.yaml:2:7: home must be a string, got null`},
		{"error with ok true", "version: 1\ntests:\n  - name: a\n    run: /act.search --q x\n    expect: {ok: true, error: boom}\n", `w.test.yaml:5:13: expect has "error" with "ok: true"`},
		{"unknown expect field", "version: 1\ntests:\n  - name: a\n    run: /act.search --q x\n    expect:\n      outptu: x\n", `w.test.yaml:6:7: unknown field "outptu" in expect; did you mean "output"?`},
		{"empty", "", "w.test.yaml: empty suite"},
		{"not a mapping", "- a\n", "w.test.yaml:1:1: suite must be a mapping, got a list"},
		{"env values redacted in errors", "version: 1\nenv: {K: sekrit}\ntests:\n  - name: a\n    run: /act.search --q x\n    http:\n      - request: {method: GET, url: \"api.example.com/?k=sekrit\"}\n", `w.test.yaml:7:37: url "api.example.com/?k=***" must be an absolute http:// or https:// URL`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{"w.md": testDoc, "w.test.yaml": c.suite})
			_, errs := loadSuite(filepath.Join(dir, "w.test.yaml"), "w.test.yaml")
			if len(errs) == 0 {
				t.Fatalf("no error, want %q", c.want)
			}
			var all []string
			for _, e := range errs {
				all = append(all, e.Error())
			}
			if !strings.HasPrefix(all[0], c.want) {
				t.Errorf("got\n%s\nwant prefix\n%s", strings.Join(all, "\n"), c.want)
			}
		})
	}
}

func TestSuiteDefaults(t *testing.T) {
	src := `version: 1
env: {API_KEY: k}
vars: {token: abc}
files:
  a.txt: "hello\n"
  b.bin: {from: fix/b.bin}
tests:
  - name: shorthand
    run: /act.search --q x
    http:
      - request: {method: get, url: "https://api.example.com/search?q=x", headers: {Accept: text/plain}}
        response: {json: {b: 1, a: [true, null, 2.5, "s"]}}
      - request: {method: GET, url: "https://api.example.com/x"}
        error: connection refused
    expect:
      output: |
        hi
  - name: steps
    skip: "not yet"
    steps:
      - run: /act.search --q y
        exec:
          - {command: "ls -l", stdout: "x\n"}
        expect: {error: "Missing", vars: {a: b}, files: {out.png: golden/out.png}}
`
	dir := writeFiles(t, map[string]string{"w.md": testDoc, "w.test.yaml": src, "fix/b.bin": "\x00\x01"})
	s, errs := loadSuite(filepath.Join(dir, "w.test.yaml"), "w.test.yaml")
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	if s.Topic != "app:weather" || s.DocName != "w.md" {
		t.Errorf("topic %q doc %q", s.Topic, s.DocName)
	}
	defer s.close()
	if len(s.Files) != 2 || s.Files[0].Text != "hello\n" || s.Files[1].From != filepath.Join("fix", "b.bin") || s.Files[1].Path != "/home/agent/docs/b.bin" {
		t.Errorf("files %+v", s.Files)
	}
	t0 := s.Tests[0]
	if len(t0.Steps) != 1 || t0.Steps[0].Run != "/act.search --q x" || !t0.Steps[0].Expect.WantOK() {
		t.Fatalf("shorthand step %+v", t0.Steps)
	}
	h := t0.Steps[0].HTTP
	if h[0].Request.Method != "GET" || h[0].Response.Status != 200 || string(h[0].Response.Body) != `{"b":1,"a":[true,null,2.5,"s"]}` {
		t.Errorf("fixture 1: %+v %s", h[0].Request, h[0].Response.Body)
	}
	if !h[1].HasError || h[1].Error != "connection refused" {
		t.Errorf("fixture 2: %+v", h[1])
	}
	if t0.Steps[0].Expect.Output != "hi\n" {
		t.Errorf("output %q", t0.Steps[0].Expect.Output)
	}
	t1 := s.Tests[1]
	if !t1.Skips || t1.Skip != "not yet" {
		t.Errorf("skip %v %q", t1.Skips, t1.Skip)
	}
	e := t1.Steps[0].Expect
	if e.WantOK() || e.Error != "Missing" || e.Vars[0].Key != "a" || e.Files[0].Value != "golden/out.png" {
		t.Errorf("expect %+v", e)
	}
	if t1.Steps[0].Exec[0].Command != "ls -l" || t1.Steps[0].Exec[0].Stdout != "x\n" {
		t.Errorf("exec %+v", t1.Steps[0].Exec[0])
	}
}

func TestCalledAction(t *testing.T) {
	for in, want := range map[string]string{
		"/act.search --q x":    "search",
		"//ACT.Search":         "search",
		"/act Search --q":      "Search",
		"/act\u00a0search":     "search",
		"/act.search\u00a0--q": "search",
		"  /act.x\n--a":        "x",
		"/tool:x":              "",
		"/act --help":          "",
		"hello":                "",
	} {
		got, _ := model.CalledAction(in)
		if got != want {
			t.Errorf("CalledAction(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDiscover(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.test.yaml":                  "",
		"sub/b.test.yml":               "",
		"sub/c.yaml":                   "",
		".hidden/d.test.yaml":          "",
		"node_modules/e.test.yaml":     "",
		"vendor/f.test.yaml":           "",
		"sub/deeper/g.test.yaml":       "",
		"sub/deeper/.git/h.test.yaml":  "",
		"sub/deeper/node_modules/x.md": "",
	})
	refs, err := Discover(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range refs {
		got = append(got, r.Display)
	}
	want := "a.test.yaml sub/b.test.yml sub/deeper/g.test.yaml"
	if strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
	if _, err := Discover(dir, []string{"missing"}); err == nil {
		t.Error("missing path: no error")
	}
	if _, err := Discover(dir, []string{"sub/c.yaml"}); err == nil {
		t.Error("non-suite file: no error")
	}
}
