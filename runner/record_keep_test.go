package runner

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestRecordKeepsWrittenFixtures: --record fills the stubs and the steps
// without an http key, replays every hand-written fixture as written (a
// 500, a network failure, a header check: none of them is sent), never
// sends a POST without RecordUnsafe, and records the request headers the
// document wrote (secrets as $NAME), so that breaking one fails replay.
func TestRecordKeepsWrittenFixtures(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte("live answer"))
	}))
	defer ts.Close()
	doc := "---\nname: trips\n---\n```act.trip\nGET " + ts.URL + "/trip -H \"Authorization: Bearer $TRIP_KEY\" -H \"X-Client: sfmd\"\n```\n\n" +
		"```act.book\nPOST " + ts.URL + "/book\n  seat: string (required) \"Seat\"\n```\n"
	written := `version: 1
env:
  TRIP_KEY: tk-secret-123
tests:
  - name: server error
    run: /act.trip
    http:
      - request: {method: GET, url: "` + ts.URL + `/trip", exact: true, headers: {X-Client: sfmd}}
        response: {status: 500, body: down}
    expect:
      ok: false
      error: HTTP 500
  - name: network down
    run: /act.trip
    http:
      - request: {method: GET, url: "` + ts.URL + `/trip"}
        error: connection refused
    expect:
      ok: false
  - name: book
    run: /act.book --seat 4A
    expect:
      output: live answer
`
	stub := `  - name: trip
    run: /act.trip
    http:
      - request:
          method: GET
          url: ` + ts.URL + `/trip
        response:
          todo: fill in what the server answers, then delete this line (or run sfmd test --record)
          status: 200
          body: ""
    expect:
      output: live answer
`
	dir := writeFiles(t, map[string]string{"trips.md": doc, "trips.test.yaml": written + stub})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Record: true, Jobs: 1})
	var out strings.Builder
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	if rep.Passed != 3 || rep.Failed != 1 || rep.HasSuiteErrors() {
		t.Fatalf("record run: want 3 passed and the POST refused:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "--record did not send POST "+ts.URL+"/book: a POST request may change data on the server") {
		t.Errorf("the refused POST is not explained:\n%s", out.String())
	}
	if len(seen) != 1 || seen[0] != "GET /trip Bearer tk-secret-123" {
		t.Errorf("the server saw %q, want only the stub's GET", seen)
	}
	got, err := os.ReadFile(filepath.Join(dir, "trips.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(got), written) {
		t.Errorf("the hand-written tests changed:\n%s", got)
	}
	wantStub := `  - name: trip
    run: /act.trip
    http:
      - request:
          method: GET
          url: "` + ts.URL + `/trip"
          headers: {Authorization: "Bearer $TRIP_KEY", X-Client: "sfmd"}
        response:
          status: 200
          headers: {Content-Type: "text/plain"}
          body: |-
            live answer
    expect:
      output: live answer
`
	if rest := strings.TrimPrefix(string(got), written); rest != wantStub {
		t.Errorf("the stub was recorded as\n%s\nwant\n%s", rest, wantStub)
	}

	// Offline, the recording replays; a changed header in the document
	// fails it.
	ts.Close()
	if rep := Run(refs, Options{Jobs: 1, Run: mustRE(t, "^trip$")}); rep.Passed != 1 {
		t.Fatalf("replay: %+v", rep.Suites[0].Tests)
	}
	broken := strings.Replace(doc, "Bearer $TRIP_KEY", "Bearer $TRIP_KEY-x", 1)
	if err := os.WriteFile(filepath.Join(dir, "trips.md"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	rep = Run(refs, Options{Jobs: 1, Run: mustRE(t, "^trip$")})
	out.Reset()
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	if rep.Failed != 1 || !strings.Contains(out.String(), `header "Authorization" differs from the fixture (values hidden)`) {
		t.Errorf("a broken Authorization header still passes:\n%s", out.String())
	}
	if strings.Contains(out.String(), "tk-secret-123") {
		t.Errorf("the secret leaked:\n%s", out.String())
	}
}

func mustRE(t *testing.T, s string) *regexp.Regexp {
	t.Helper()
	re, err := regexp.Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	return re
}

// recordFails records a one-step suite against handler and returns the
// run's report text; the suite must be left as it was.
func recordFails(t *testing.T, handler http.HandlerFunc, opts Options, ctx func(*httptest.Server) context.Context) string {
	t.Helper()
	ts := httptest.NewServer(handler)
	defer ts.Close()
	doc := "---\nname: slow\n---\n```act.get\nGET " + ts.URL + "/x\n```\n"
	suite := "version: 1\ntests:\n  - name: get\n    run: /act.get\n"
	dir := writeFiles(t, map[string]string{"slow.md": doc, "slow.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts.Record, opts.Jobs = true, 1
	c := context.Background()
	if ctx != nil {
		c = ctx(ts)
	}
	rep := RunContext(c, refs, opts)
	var out strings.Builder
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	got, err := os.ReadFile(filepath.Join(dir, "slow.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != suite {
		t.Errorf("the suite was rewritten:\n%s", got)
	}
	return out.String()
}

// TestRecordTimesOut: a server that never answers fails the step after
// --http-timeout, and nothing is written.
func TestRecordTimesOut(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	out := recordFails(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}, Options{HTTPTimeout: 50 * time.Millisecond}, nil)
	if !strings.Contains(out, "/x got no complete answer within 50ms; nothing was recorded for this step") {
		t.Errorf("no timeout reported:\n%s", out)
	}
}

// TestRecordInterrupted: cancelling the run (SIGINT, SIGTERM) stops a
// request that waits, whatever the timeout, and nothing is written.
func TestRecordInterrupted(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := recordFails(t, func(w http.ResponseWriter, r *http.Request) {
		cancel()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}, Options{HTTPTimeout: time.Hour}, func(*httptest.Server) context.Context { return ctx })
	if !strings.Contains(out, "--record was interrupted during GET") {
		t.Errorf("no interruption reported:\n%s", out)
	}
}

// TestRecordTooBig: a response over 8 MiB fails clearly instead of being
// cut and recorded.
func TestRecordTooBig(t *testing.T) {
	out := recordFails(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write(make([]byte, maxRecordBody+1))
	}, Options{}, nil)
	if !strings.Contains(out, "/x is over 8 MiB, more than sfmd records; nothing was recorded for this step") {
		t.Errorf("no size failure:\n%s", out)
	}
}

// TestRecordRefusesOversizedSuite: --record does not write a suite larger
// than sfmd reads back (two 6 MiB answers fit the 8 MiB bound each, not
// the 10 MiB of a suite together).
func TestRecordRefusesOversizedSuite(t *testing.T) {
	big := strings.Repeat("0123456789abcdef\n", 6<<20/17)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(big))
	}))
	defer ts.Close()
	doc := "---\nname: big\n---\n```act.get\nGET " + ts.URL + "/x\n```\n"
	suite := "version: 1\ntests:\n  - name: a\n    run: /act.get\n  - name: b\n    run: /act.get\n"
	dir := writeFiles(t, map[string]string{"big.md": doc, "big.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Record: true, Jobs: 1})
	var out strings.Builder
	WriteErrors(&out, rep)
	if !strings.Contains(out.String(), "--record: the rewritten suite would be") || !strings.Contains(out.String(), "over the 10 MiB sfmd reads back; nothing was written to it") {
		t.Errorf("no refusal:\n%s", out.String())
	}
	if got, err := os.ReadFile(filepath.Join(dir, "big.test.yaml")); err != nil || string(got) != suite {
		t.Errorf("the suite was rewritten (%v)", err)
	}
}

// TestRecordRedirect: a redirect to another origin does not receive the
// Authorization secret (as the runtime's fetch), each hop is recorded,
// and the recording replays offline.
func TestRecordRedirect(t *testing.T) {
	var other string
	auth := make(chan string, 1)
	b := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth <- r.Header.Get("Authorization")
		_, _ = w.Write([]byte("moved here"))
	}))
	defer b.Close()
	other = b.URL
	a := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other+"/new", http.StatusFound)
	}))
	defer a.Close()
	doc := "---\nname: moved\n---\n```act.get\nGET " + a.URL + "/old -H \"Authorization: Bearer $KEY\"\n```\n"
	suite := "version: 1\nenv:\n  KEY: k-secret-123\ntests:\n  - name: get\n    run: /act.get\n    expect:\n      output: moved here\n"
	dir := writeFiles(t, map[string]string{"moved.md": doc, "moved.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Record: true, Jobs: 1})
	var out strings.Builder
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	if rep.Passed != 1 {
		t.Fatalf("record:\n%s", out.String())
	}
	if got := <-auth; got != "" {
		t.Errorf("the other origin received Authorization %q", got)
	}
	got, err := os.ReadFile(filepath.Join(dir, "moved.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"url: \"" + a.URL + "/old\"\n          headers: {Authorization: \"Bearer $KEY\"}\n        response:\n          status: 302\n          headers: {Content-Type: \"text/html; charset=utf-8\", Location: \"" + b.URL + "/new\"}\n",
		"url: \"" + b.URL + "/new\"\n        response:\n          status: 200\n",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the recording lacks\n%s\ngot:\n%s", want, got)
		}
	}
	a.Close()
	b.Close()
	rep = Run(refs, Options{Jobs: 1})
	out.Reset()
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	if rep.Passed != 1 {
		t.Errorf("replay:\n%s\nsuite:\n%s", out.String(), got)
	}
}

// TestRecordSecretsFromEnvironment: with Options.Secrets the real key
// (short, with characters that get encoded) is sent, and appears in no
// encoding in the recording or the messages: as $NAME in the header,
// *** in the query (percent-encoded there) and in the response (JSON-
// escaped in the body, in a Content-Type parameter). The recording then
// replays with the suite's own placeholder value.
func TestRecordSecretsFromEnvironment(t *testing.T) {
	const real = "r+l/k="
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+real || r.URL.Query().Get("key") != real {
			http.Error(w, "bad key", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "text/plain; token="+real)
		_, _ = w.Write([]byte(`{"echo": "r+l\/k=", "raw": "` + real + `"}`))
	}))
	defer ts.Close()
	doc := "---\nname: keys\n---\n```act.get\nGET " + ts.URL + "/q -H \"Authorization: Bearer $API_KEY\"\n  key: string = \"$API_KEY\"\n```\n"
	suite := "version: 1\nenv:\n  API_KEY: placeholder\ntests:\n  - name: get\n    run: /act.get\n" +
		"  - name: stale\n    run: /act.get\n    http:\n      - request: {method: GET, url: \"" + ts.URL + "/other\"}\n        response: {body: x}\n"
	dir := writeFiles(t, map[string]string{"keys.md": doc, "keys.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	secrets := func(name string) string {
		if name == "API_KEY" {
			return real
		}
		return ""
	}
	rep := Run(refs, Options{Record: true, Jobs: 1, Secrets: secrets})
	var out strings.Builder
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	var js strings.Builder
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	if rep.Passed != 1 || rep.Failed != 1 {
		t.Fatalf("record: want get recorded and stale failing:\n%s", out.String())
	}
	got, err := os.ReadFile(filepath.Join(dir, "keys.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, enc := range encodings(real) {
		for what, text := range map[string]string{"the suite": string(got), "the messages": out.String(), "the JSON report": js.String()} {
			if strings.Contains(text, enc) {
				t.Errorf("%s holds the secret as %q:\n%s", what, enc, text)
			}
		}
	}
	for _, want := range []string{"/q?key=***\"", `headers: {Authorization: "Bearer $API_KEY"}`, `Content-Type: "text/plain; token=***"`, `{"echo": "***", "raw": "***"}`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the recording lacks %s:\n%s", want, got)
		}
	}
	ts.Close()
	rep = Run(refs, Options{Jobs: 1, Run: mustRE(t, "^get$")})
	if rep.Passed != 1 {
		out.Reset()
		WriteHuman(&out, rep)
		t.Errorf("replay with the placeholder:\n%s\nsuite:\n%s", out.String(), got)
	}
}

// TestRecordExecReal: --record with --exec=real runs the commands of the
// steps whose exec entries are stubs or absent and writes them (command
// line, stdout, stderr, exit status) as exec entries; a written exec entry
// stays as written; the suite then replays offline.
func TestRecordExecReal(t *testing.T) {
	doc := "---\nname: tool\n---\n```act.count\nCLI printf 'n=%s\\n' {n}; sleep 0.2; echo warn >&2; exit 3\n  n: string (required) \"N\"\n```\n"
	written := `version: 1
tests:
  - name: written
    run: /act.count --n 1
    exec:
      - command: "printf 'n=%s\\n' 1; sleep 0.2; echo warn >&2; exit 3"
        stdout: "by hand\n"
        exit: 3
    expect:
      ok: false
`
	rest := `  - name: stub
    run: /act.count --n 2
    exec:
      - command: "printf 'n=%s\\n' 2; sleep 0.2; echo warn >&2; exit 3"
        todo: fill in what the command prints, then delete this line
        stdout: ""
        exit: 0
    expect: {ok: false}
  - name: bare
    run: /act.count --n 3
    expect: {ok: false}
`
	dir := writeFiles(t, map[string]string{"tool.md": doc, "tool.test.yaml": written + rest})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Record: true, ExecReal: true, Isolation: IsolationNone, PATH: "/usr/local/bin:/usr/bin:/bin", Jobs: 1})
	var out strings.Builder
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	got, err := os.ReadFile(filepath.Join(dir, "tool.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed != 0 || rep.HasSuiteErrors() {
		t.Fatalf("record:\n%s\nsuite:\n%s", out.String(), got)
	}
	if !strings.HasPrefix(string(got), written) {
		t.Errorf("the written exec entry changed:\n%s", got)
	}
	for _, n := range []string{"2", "3"} {
		want := "\n    exec:\n      - command: \"printf 'n=%s\\\\n' " + n + "; sleep 0.2; echo warn >&2; exit 3\"\n        stdout: |\n          n=" + n + "\n        stderr: |\n          warn\n        exit: 3\n"
		if !strings.Contains(string(got), want) {
			t.Errorf("the recording lacks\n%s\ngot:\n%s", want, got)
		}
	}
	if rep := Run(refs, Options{Jobs: 1}); rep.Passed != 3 {
		out.Reset()
		WriteHuman(&out, rep)
		t.Errorf("offline replay:\n%s\nsuite:\n%s", out.String(), got)
	}
}

// TestRecordNotesAbsentPaths: a for: loop or {Response.…} path that no
// recorded response of its action has is reported (a misspelt path
// renders nothing); paths the responses have are not.
func TestRecordNotesAbsentPaths(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"results": [{"name": "shoe"}], "total": 1, "empty": []}`))
	}))
	defer ts.Close()
	doc := "---\nname: shop\n---\n```act.search\nGET " + ts.URL + "/search\n```\n\n" +
		"```act.search.response\nfor: p in Response.body.items\n- {p.name}\nend:\nfor: e in Response.body.empty\n- {e}\nend:\n{Response.body.total} of {Response.body.count}\n```\n"
	suite := "version: 1\ntests:\n  - name: a\n    run: /act.search\n  - name: b\n    run: /act.search\n"
	dir := writeFiles(t, map[string]string{"shop.md": doc, "shop.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Record: true, Jobs: 1})
	notes := rep.Suites[0].Notes
	want := []string{
		"shop.test.yaml: act.search: Response.body.count is absent from every response recorded for the action in this run: a for: loop over it renders nothing, a {Response.body.count} stays as written; check the path in the response template",
		"shop.test.yaml: act.search: Response.body.items is absent from every response recorded for the action in this run: a for: loop over it renders nothing, a {Response.body.items} stays as written; check the path in the response template",
	}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
}
