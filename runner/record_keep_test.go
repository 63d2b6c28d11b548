package runner

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
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
