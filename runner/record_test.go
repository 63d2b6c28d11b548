package runner

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRecord sends the steps' requests to a real (local) server, writes
// the exchanges into the suite (secrets as $NAME, comments kept) and then
// replays the rewritten suite offline.
func TestRecord(t *testing.T) {
	var seen []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		seen = append(seen, r.Method+" "+r.URL.String()+" "+r.Header.Get("Authorization")+" "+string(body))
		switch r.URL.Path {
		case "/items":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"items": [{"name": "lamp"}, {"name": "desk"}], "echo": "sk-live-123"}`)
		case "/orders":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusCreated)
			_, _ = io.WriteString(w, `{"id": "o-1"}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()

	doc := "---\nname: store\n---\n```act.items\nGET " + ts.URL + "/items?key=$STORE_KEY -H \"Authorization: Bearer $STORE_KEY\"\n```\n\n" +
		"```act.items.response\nfor: i in Response.body.items\n- {i.name}\nend:\n```\n\n" +
		"```act.order\nPOST " + ts.URL + "/orders\n  item: string (required) \"Item\"\n```\n\n" +
		"```act.order.response\n{order} = {Response.body.id}\nOrdered {item}: {order}\n```\n"
	suite := `version: 1
env:
  STORE_KEY: sk-live-123   # the real key, only on this machine
tests:
  - name: list items
    run: /act.items
    expect:
      output: |-
        - lamp
        - desk
  - name: order # with a stale fixture
    steps:
      - run: /act.items
        http:
          - request: {method: GET, url: "https://old.example/items"}
            response: {body: stale}
      - run: /act.order --item lamp
        expect:
          vars: {order: o-1}
`
	dir := writeFiles(t, map[string]string{"store.md": doc, "store.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	// --run selects the tests to re-record (the stale fixture too), and
	// --record-unsafe lets the POST through.
	rep := Run(refs, Options{Record: true, RecordUnsafe: true, Run: regexp.MustCompile("."), Jobs: 1})
	var out strings.Builder
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	if rep.Failed != 0 || rep.HasSuiteErrors() || rep.Passed != 2 {
		t.Fatalf("record run:\n%s", out.String())
	}
	if len(seen) != 3 || !strings.Contains(seen[0], "key=sk-live-123 Bearer sk-live-123") {
		t.Errorf("server saw %q", seen)
	}
	got, err := os.ReadFile(filepath.Join(dir, "store.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(got), "sk-live-123") != 1 {
		t.Errorf("the secret leaked into the suite:\n%s", got)
	}
	for _, want := range []string{
		"  STORE_KEY: sk-live-123   # the real key, only on this machine\n",
		"  - name: order # with a stale fixture\n",
		// JSON as block YAML: the action has a template, so the layout
		// of the server's JSON does not show
		"    http:\n      - request:\n          method: GET\n          url: \"" + ts.URL + "/items?key=$STORE_KEY\"\n          headers: {Authorization: \"Bearer $STORE_KEY\"}\n        response:\n          status: 200\n          headers: {Content-Type: \"application/json\"}\n" +
			"          json:\n            items:\n              - name: lamp\n              - name: desk\n            echo: '***'\n    expect:\n",
		"              method: POST\n              url: \"" + ts.URL + "/orders\"\n              json:\n                item: lamp\n",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("rewritten suite lacks\n%s\ngot:\n%s", want, got)
		}
	}
	if strings.Contains(string(got), "old.example") {
		t.Errorf("stale fixture kept:\n%s", got)
	}

	// Replay offline: the server is gone and the suite still passes.
	ts.Close()
	rep = Run(refs, Options{Jobs: 1})
	out.Reset()
	WriteErrors(&out, rep)
	WriteHuman(&out, rep)
	if rep.Failed != 0 || rep.HasSuiteErrors() || rep.Passed != 2 {
		t.Fatalf("replay of the recorded suite:\n%s\nsuite:\n%s", out.String(), got)
	}
}

func TestExpandEnvRefs(t *testing.T) {
	env := map[string]string{"KEY": `a"b`, "K": "x"}
	if got := expandEnvRefs("u?k=$KEY&j=$K&n=$KEYS&m=$NOPE", env, nil); got != `u?k=a"b&j=x&n=$KEYS&m=$NOPE` {
		t.Errorf("got %q", got)
	}
	if got := expandEnvRefs(`{"k":"$KEY"}`, env, jsonEscape); got != `{"k":"a\"b"}` {
		t.Errorf("got %q", got)
	}
}

// TestRecordMasksOnlySecrets: --record masks env values only when they are
// long enough to be secrets and only where they occur as a value, so that
// recording then replaying passes; literal secrets that are not env
// values (a secret query value) are masked too, and replay still matches.
func TestRecordMasksOnlySecrets(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"token": "t0ken", "echo": "`+r.URL.Query().Get("k")+`", "inside": "xlong-secret-1x"}`)
	}))
	defer ts.Close()
	doc := "---\nname: probe\n---\n```act.probe\nGET " + ts.URL + "/probe?q=$URL_KEY&k=$LONG_KEY&access_token=literal-token-42\n```\n\n" +
		"```act.probe.response\n{Response.body.token} {Response.body.echo}\n```\n\n" +
		"```act.send\nPOST " + ts.URL + "/send -d '{\"note\":\"ok token\",\"key\":\"$LONG_KEY\"}'\n```\n"
	suite := `version: 1
env:
  URL_KEY: "o"
  LONG_KEY: long-secret-1
tests:
  - name: probe
    run: /act.probe
  - name: send
    run: /act.send
`
	dir := writeFiles(t, map[string]string{"probe.md": doc, "probe.test.yaml": suite})
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep := Run(refs, Options{Record: true, RecordUnsafe: true, Jobs: 1}); rep.Failed != 0 || rep.HasSuiteErrors() {
		var out strings.Builder
		WriteErrors(&out, rep)
		WriteHuman(&out, rep)
		t.Fatalf("record run:\n%s", out.String())
	}
	got, err := os.ReadFile(filepath.Join(dir, "probe.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`url: "` + ts.URL + `/probe?q=o&k=$LONG_KEY&access_token=***"`,
		"json:\n            token: t0ken\n            echo: '***'\n            inside: xlong-secret-1x\n", // templated
		"json:\n            note: ok token\n            key: $LONG_KEY\n",
		// no template: the runtime shows the body's text, so its layout is kept
		"body: |-\n            {\"token\": \"t0ken\", \"echo\": \"\", \"inside\": \"xlong-secret-1x\"}\n",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("recorded suite lacks %s:\n%s", want, got)
		}
	}
	for _, bad := range []string{"$URL_KEY", "literal-token-42", "t***ken", "/pr$"} {
		if strings.Contains(string(got), bad) {
			t.Errorf("recorded suite has %s:\n%s", bad, got)
		}
	}
	ts.Close()
	if rep := Run(refs, Options{Jobs: 1}); rep.Failed != 0 || rep.HasSuiteErrors() || rep.Passed != 2 {
		var out strings.Builder
		WriteErrors(&out, rep)
		WriteHuman(&out, rep)
		t.Fatalf("replay of the recorded suite:\n%s\nsuite:\n%s", out.String(), got)
	}
}

// TestLogsMaskLiteralSecrets: credentials in URLs, secret query values and
// secret header lines never reach a report, whether or not they are env
// values.
func TestLogsMaskLiteralSecrets(t *testing.T) {
	red := newRedactor([]keyValue{{Key: "K", Value: "env-value"}})
	in := "GET https://bob:hunter2@api.x.com/a?access_token=abc123&q=1&Token=zz&v=env-value\n" +
		"-Authorization: Bearer literal-value\n+Cookie: sid=42\n    X-Api-Key: k-123\nAccept: text/plain\nnote: fine"
	want := "GET https://***@api.x.com/a?access_token=***&q=1&Token=***&v=***\n" +
		"-Authorization: ***\n+Cookie: ***\n    X-Api-Key: ***\nAccept: text/plain\nnote: fine"
	if got := red.apply(in); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
