package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"io"
	"net/http"
	neturl "net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/model"
	"go.yaml.in/yaml/v3"
)

// exchange is one request sent with --record and what came back.
type exchange struct {
	method      string
	url         string
	header      http.Header // as sent
	body        []byte
	status      int
	contentType string
	location    string // of a redirect (3xx)
	respBody    []byte
	err         string
}

// maxRecordBody bounds a recorded response body.
const maxRecordBody = 8 << 20

// DefaultHTTPTimeout is how long --record waits for one answer (sfmd's
// choice; --http-timeout changes it).
const DefaultHTTPTimeout = 30 * time.Second

// errNotRecorded is what the runtime gets for a request --record did not
// send or could not record (the step fails with the reason).
var errNotRecorded = errors.New("sfmd test: --record did not record this request")

// recorder is the --record transport. A step that records (httpStep.live)
// sends its requests for real, each within timeout and until ctx (the run)
// is cancelled, and keeps every exchange, one per redirect hop; the other
// steps are answered from their fixtures, as without --record. Only the
// safe methods (GET, HEAD, OPTIONS) are sent unless unsafe is set.
type recorder struct {
	base    http.RoundTripper
	cur     func() *httpStep
	ctx     context.Context
	timeout time.Duration
	unsafe  bool
}

func (rc *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	st := rc.cur()
	if st == nil {
		return nil, errors.New("sfmd test: no step is running")
	}
	if !st.live {
		return st.serve(req)
	}
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		if cerr := req.Body.Close(); cerr != nil {
			return nil, cerr
		}
		body = b
		req.Body = io.NopCloser(bytes.NewReader(b))
	}
	url := model.SentURL(req)
	what := req.Method + " " + url
	if !safeMethod(req.Method) && !rc.unsafe {
		return nil, st.refuse("--record did not send %s: a %s request may change data on the server (a booking, a payment, a deletion); send it with --record-unsafe, or write its http entry by hand", what, req.Method)
	}
	ctx, cancel := context.WithTimeout(req.Context(), rc.timeout)
	defer cancel()
	stop := context.AfterFunc(rc.ctx, cancel)
	defer stop()
	ex := exchange{method: req.Method, url: url, header: req.Header.Clone(), body: body}
	resp, err := rc.base.RoundTrip(req.WithContext(ctx))
	var rb []byte
	if err == nil {
		rb, err = io.ReadAll(io.LimitReader(resp.Body, maxRecordBody+1))
		if cerr := resp.Body.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}
	switch {
	case rc.ctx.Err() != nil:
		return nil, st.refuse("--record was interrupted during %s", what)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, st.refuse("--record: %s got no complete answer within %s; nothing was recorded for this step (a slower server needs a longer --http-timeout)", what, rc.timeout)
	case err != nil:
		return nil, st.refuse("--record: %s failed: %v; nothing was recorded for this step (a network failure is a fixture written by hand: error:)", what, err)
	case len(rb) > maxRecordBody:
		return nil, st.refuse("--record: the response to %s is over %d MiB, more than sfmd records; nothing was recorded for this step (a fixture of that size belongs in body_file:)", what, maxRecordBody>>20)
	}
	ex.status, ex.contentType, ex.respBody = resp.StatusCode, resp.Header.Get("Content-Type"), rb
	if resp.StatusCode/100 == 3 {
		ex.location = resp.Header.Get("Location")
	}
	resp.Body = io.NopCloser(bytes.NewReader(rb))
	st.mu.Lock()
	st.recorded = append(st.recorded, ex)
	st.mu.Unlock()
	return resp, nil
}

// safeMethod reports an HTTP method that does not change the server's
// state (RFC 9110 section 9.2.1).
func safeMethod(m string) bool {
	switch strings.ToUpper(m) {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}

// refuse fails a recording step: nothing of it is written to the suite.
func (h *httpStep) refuse(format string, args ...any) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.refused = true
	h.failures = append(h.failures, problem{msg: fmt.Sprintf(format, args...)})
	return errNotRecorded
}

func newRecordingClient(ctx context.Context, cur func() *httpStep, timeout time.Duration, unsafe bool) *http.Client {
	return &http.Client{Transport: &recorder{base: http.DefaultTransport, cur: cur, ctx: ctx, timeout: timeout, unsafe: unsafe}, CheckRedirect: model.FetchRedirect}
}

// recordsStep decides whether --record sends a step's requests for real
// and rewrites its http entries (and, with --exec=real, runs its commands
// and rewrites its exec entries): when the test was selected by --run (the
// author asked for it), when the step has no such key (nothing written
// there to lose) or when all its entries are stubs of sfmd test --init
// (todo:). Any other step replays its fixtures, so a hand-written error
// fixture or header check stays as written. A step that mixes stubs and
// written entries fails: recording it would replace what was written.
func (r *testRun) recordsStep(st *testStep) (liveHTTP, liveExec, ok bool) {
	httpStubs, execStubs := 0, 0
	for _, f := range st.HTTP {
		if f.Response != nil && f.Response.TodoNode != nil {
			httpStubs++
		}
	}
	for _, f := range st.Exec {
		if f.TodoNode != nil {
			execStubs++
		}
	}
	liveHTTP, ok = r.recordsKey(st, "http", httpStubs, len(st.HTTP))
	if !ok {
		return false, false, false
	}
	if r.opts.ExecReal {
		liveExec, ok = r.recordsKey(st, "exec", execStubs, len(st.Exec))
	}
	return liveHTTP, liveExec, ok
}

// recordsKey is recordsStep for one key of the step, with stubs of its n
// entries stubs.
func (r *testRun) recordsKey(st *testStep, key string, stubs, n int) (live, ok bool) {
	switch {
	case r.opts.Run != nil || keyNode(st.Node, key) == st.Node:
		return true, true
	case stubs == 0:
		return false, true
	case stubs < n:
		r.failf(st, KindFixture, "--record: the step's %s list mixes stubs (todo:) with written entries, and recording it would replace them all; fill the stubs by hand, or re-record the whole test with --record --run", key)
		return false, false
	}
	return true, true
}

// recordEdit rewrites one step's http entries (or, with exec set, its
// exec entries) with what was recorded.
type recordEdit struct {
	step *testStep
	ex   []exchange
	exec bool
	cmds []execRecord
}

var envRefRE = lazyre.New(`\$([A-Za-z_][A-Za-z0-9_]*)`)

// expandEnvRefs replaces $NAME by the suite's env value for the names the
// env defines (recorded fixtures hold $NAME instead of the secret); esc
// escapes the value for the context (JSON text).
func expandEnvRefs(s string, env map[string]string, esc func(string) string) string {
	if len(env) == 0 || !strings.Contains(s, "$") {
		return s
	}
	return envRefRE.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := env[m[1:]]; ok {
			if esc != nil {
				return esc(v)
			}
			return v
		}
		return m
	})
}

func jsonEscape(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		return s
	}
	return string(b[1 : len(b)-1])
}

// expandFixtureEnv applies expandEnvRefs to every request fixture.
func expandFixtureEnv(s *suite) error {
	if len(s.Env) == 0 {
		return nil
	}
	env := map[string]string{}
	for _, kv := range s.Env {
		env[kv.Key] = kv.Value
	}
	for _, t := range s.Tests {
		for _, st := range t.Steps {
			for _, f := range st.Exec {
				f.Command = expandEnvRefs(f.Command, env, nil)
			}
			for _, f := range st.HTTP {
				r := &f.Request
				r.URL = expandEnvRefs(r.URL, env, nil)
				r.Body = expandEnvRefs(r.Body, env, nil)
				for i := range r.Headers {
					r.Headers[i].Value = expandEnvRefs(r.Headers[i].Value, env, nil)
				}
				if r.HasJSON {
					c, err := suitespec.CanonicalJSON([]byte(expandEnvRefs(string(r.JSON), env, jsonEscape)))
					if err != nil {
						return fmt.Errorf("line %d: request json after $NAME expansion: %v", f.Node.Line, err)
					}
					r.JSON = []byte(c)
				}
			}
		}
	}
	return nil
}

// recordedRequest is a request as --record writes it: the env values of
// at least minSecretLen characters become $NAME where they occur as a
// value (replay expands them again), secret query values *** (replay
// accepts any value there) and URL credentials ***. It refuses a request
// that would not replay: one whose text already holds a $NAME of the env.
func recordedRequest(e exchange, env []keyValue) (url, body string, err error) {
	ref := func(name string) string { return "$" + name }
	url = maskLiteralSecrets(maskValues(e.url, env, ref))
	jsonEnv := make([]keyValue, len(env))
	for i, kv := range env {
		jsonEnv[i] = keyValue{Key: kv.Key, Value: jsonEscape(kv.Value)}
	}
	isJSON := json.Valid(e.body)
	body = string(e.body)
	if isJSON {
		body = maskValues(body, jsonEnv, ref)
	} else {
		body = maskValues(body, env, ref)
	}
	// Replay must send-match what was sent: check it now.
	envMap := map[string]string{}
	for _, kv := range env {
		envMap[kv.Key] = kv.Value
	}
	if _, perr := neturl.Parse(e.url); perr != nil {
		return "", "", fmt.Errorf("the URL %s does not parse: %v", maskLiteralSecrets(e.url), perr)
	}
	if matchURL(&fixtureRequest{URL: expandEnvRefs(url, envMap, nil)}, e.url) != "" {
		// A percent-encoded secret does not replay as $NAME: in a query
		// value, *** (any value) does.
		url = maskLiteralSecrets(maskValues(e.url, env, func(string) string { return "***" }))
		if why := matchURL(&fixtureRequest{URL: expandEnvRefs(url, envMap, nil)}, e.url); why != "" {
			return "", "", fmt.Errorf("the URL holds text that replay would change (a $NAME of the env, or a secret outside a query value?): %s", why)
		}
	}
	switch {
	case len(e.body) == 0:
	case isJSON:
		want, _ := suitespec.CanonicalJSON(e.body)
		got, cerr := suitespec.CanonicalJSON([]byte(expandEnvRefs(body, envMap, jsonEscape)))
		if cerr != nil || got != want {
			return "", "", fmt.Errorf("the JSON body holds text that replay would change (a $NAME of the env?)")
		}
	case expandEnvRefs(body, envMap, nil) != string(e.body):
		return "", "", fmt.Errorf("the body holds text that replay would change (a $NAME of the env?)")
	}
	return url, body, nil
}

// recordRange finds where a step's recorded list (name: http or exec)
// goes: the existing entry (key to end of its block) or, when there is none, the
// start of the line after the run: value. It returns the byte range to
// replace and the key indentation.
func recordRange(src []byte, st *testStep, name string) (start, end, indent int, err error) {
	m := st.Node
	if m.Style&yaml.FlowStyle != 0 {
		return 0, 0, 0, fmt.Errorf("step at line %d is a flow mapping ({…}); write it in block style to record into it", m.Line)
	}
	var key, val, runKey *yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		switch m.Content[i].Value {
		case name:
			key, val = m.Content[i], m.Content[i+1]
		case "run":
			runKey = m.Content[i]
		}
	}
	if key == nil {
		if runKey == nil || st.RunPos == nil {
			return 0, 0, 0, fmt.Errorf("step at line %d has no \"run\"", m.Line)
		}
		_, runEnd, err := scalarRange(src, st.RunPos, runKey, false)
		if err != nil {
			return 0, 0, 0, err
		}
		at := lineEnd(src, runEnd)
		if at < len(src) {
			at++
		}
		return at, at, runKey.Column - 1, nil
	}
	if val.Style&yaml.FlowStyle != 0 && val.Line != key.Line {
		return 0, 0, 0, fmt.Errorf("the %s list at line %d is a multi-line flow list; write it as a block list to record into it", name, val.Line)
	}
	indent = key.Column - 1
	start = offsetOf(src, key.Line, key.Column)
	// The block runs until the first non-blank line indented at most as
	// much as the key (a "- " item at the key's indentation still belongs
	// to a block sequence).
	end = lineEnd(src, start)
	if end < len(src) {
		end++
	}
	for off := end; off < len(src); {
		le := lineEnd(src, off)
		line := src[off:le]
		next := le
		if next < len(src) {
			next++
		}
		if !blank(line) {
			ind := indentOf(line)
			if ind < indent || (ind == indent && !(val.Kind == yaml.SequenceNode && val.Style&yaml.FlowStyle == 0 && bytes.HasPrefix(line[ind:], []byte("-")))) {
				break
			}
			end = next
		}
		off = next
	}
	return start, end, indent, nil
}

// renderRecorded writes a step's recorded exchanges as an `http:` block
// indented by indent spaces, ending with a newline. Secrets become $NAME
// in requests (recordedRequest) and *** in responses (env values of at
// least minSecretLen characters, where they occur as a value); the
// request headers the document wrote are recorded (recordedHeaders), so
// that replay still checks them. JSON
// bodies are written as block YAML under json: where that replays the same
// (jsonBlock): a request's always (its json is compared as a value); a
// response's when the JSON served back is the recorded bytes, or when only
// its layout differs and nothing shows the text itself: a 2xx answer with a
// body (not 204, 205 or 304) to an action with a response template
// (templated), which reads values only; without a template, or in an
// HTTP error, the runtime shows the body's text.
func renderRecorded(ex []exchange, indent int, env []keyValue, templated bool) (string, error) {
	pad := strings.Repeat(" ", indent)
	var b strings.Builder
	if len(ex) == 0 {
		b.WriteString(pad + "http: []\n")
		return b.String(), nil
	}
	b.WriteString(pad + "http:\n")
	red := newRedactor(env)
	stars := func(string) string { return "***" }
	for _, e := range ex {
		url, body, err := recordedRequest(e, env)
		if err != nil {
			return "", fmt.Errorf("%s %s cannot be recorded: %v", e.method, red.apply(e.url), err)
		}
		fmt.Fprintf(&b, "%s  - request:\n", pad)
		fmt.Fprintf(&b, "%s      method: %s\n", pad, e.method)
		fmt.Fprintf(&b, "%s      url: %s\n", pad, quoteYAML(url))
		hdr, err := recordedHeaders(e.header, env, pad+"      ")
		if err != nil {
			return "", fmt.Errorf("%s %s cannot be recorded: %v", e.method, red.apply(e.url), err)
		}
		b.WriteString(hdr)
		if len(e.body) > 0 {
			var ind bytes.Buffer
			if text, _, ok := jsonBlock([]byte(body), indent+6); ok {
				fmt.Fprintf(&b, "%s      json:%s\n", pad, text)
			} else if json.Valid([]byte(body)) && json.Indent(&ind, []byte(body), pad+"        ", "  ") == nil {
				fmt.Fprintf(&b, "%s      json: %s\n", pad, ind.String())
			} else {
				fmt.Fprintf(&b, "%s      body: %s", pad, renderScalar(body, indent+6, false, true, ""))
			}
		}
		if e.err != "" {
			fmt.Fprintf(&b, "%s    error: %s\n", pad, quoteYAML(red.apply(e.err)))
			continue
		}
		fmt.Fprintf(&b, "%s    response:\n", pad)
		fmt.Fprintf(&b, "%s      status: %d\n", pad, e.status)
		var rh []string
		if e.contentType != "" {
			rh = append(rh, "Content-Type: "+quoteYAML(maskValues(e.contentType, env, stars)))
		}
		if e.location != "" {
			rh = append(rh, "Location: "+quoteYAML(maskLiteralSecrets(maskValues(e.location, env, stars))))
		}
		if len(rh) > 0 {
			fmt.Fprintf(&b, "%s      headers: {%s}\n", pad, strings.Join(rh, ", "))
		}
		if len(e.respBody) > 0 {
			rb := maskValues(string(e.respBody), env, stars)
			text, served, ok := jsonBlock([]byte(rb), indent+6)
			if ok && (bytes.Equal(served, []byte(rb)) || templated && e.status/100 == 2 && e.status != 204 && e.status != 205) {
				fmt.Fprintf(&b, "%s      json:%s\n", pad, text)
			} else {
				fmt.Fprintf(&b, "%s      body: %s", pad, renderScalar(rb, indent+6, false, true, ""))
			}
		}
	}
	return b.String(), nil
}

// quoteYAML writes s as a double-quoted YAML (JSON) string.
func quoteYAML(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return strconv.Quote(s)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// fetchDefaults are the request headers the runtime sets by itself
// (model/http.go execHTTP: Accept, Content-Type of a body, and what
// fetch adds): a recording leaves them out when they have these values,
// and keeps the headers the document wrote.
var fetchDefaults = map[string]string{
	"Accept":          "text/markdown, text/plain",
	"Content-Type":    "application/json",
	"Accept-Language": "*",
	"Sec-Fetch-Mode":  "cors",
	"User-Agent":      "node",
}

// recordedHeaders writes the request headers a document set as a
// fixture's headers: mapping (replay then fails when one changes), env
// values of at least minSecretLen characters as $NAME. A secret header
// (Authorization, Cookie, …) whose value is not made of env values would
// put a literal secret into the suite: it is left out, and a comment says
// so. It refuses a header that replay would not match.
func recordedHeaders(h http.Header, env []keyValue, pad string) (string, error) {
	names := make([]string, 0, len(h))
	for k := range h {
		names = append(names, k)
	}
	sort.Strings(names)
	envMap := map[string]string{}
	for _, kv := range env {
		envMap[kv.Key] = kv.Value
	}
	var items, skipped []string
	for _, k := range names {
		v := headerText(h[k])
		if d, ok := fetchDefaults[k]; ok && d == v {
			continue
		}
		masked := maskValues(v, env, func(n string) string { return "$" + n })
		if expandEnvRefs(masked, envMap, nil) != v {
			return "", fmt.Errorf("the header %s holds text that replay would change (a $NAME of the env?)", k)
		}
		if sensitiveHeader(k) && masked == v {
			skipped = append(skipped, k)
			continue
		}
		items = append(items, yamlKey(k)+": "+quoteYAML(masked))
	}
	var b strings.Builder
	for _, k := range skipped {
		fmt.Fprintf(&b, "%s# %s is not recorded: its value is a secret not written as an env value ($NAME)\n", pad, k)
	}
	if len(items) > 0 {
		fmt.Fprintf(&b, "%sheaders: {%s}\n", pad, strings.Join(items, ", "))
	}
	return b.String(), nil
}

// yamlKey writes a header name as a YAML flow mapping key.
func yamlKey(k string) string {
	for i := 0; i < len(k); i++ {
		if c := k[i]; !(c == '-' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z') {
			return quoteYAML(k)
		}
	}
	return k
}

// renderExecRecorded writes a step's recorded commands as an `exec:` block
// indented by indent spaces, ending with a newline: the command line with
// env values of at least minSecretLen characters (or from Options.Secrets)
// as $NAME (replay expands them again), stdout and stderr with them as ***,
// and the exit status. It refuses a command line that would not replay.
func renderExecRecorded(cmds []execRecord, indent int, env []keyValue) (string, error) {
	pad := strings.Repeat(" ", indent)
	if len(cmds) == 0 {
		return pad + "exec: []\n", nil
	}
	envMap := map[string]string{}
	for _, kv := range env {
		envMap[kv.Key] = kv.Value
	}
	red := newRedactor(env)
	stars := func(string) string { return "***" }
	var b strings.Builder
	b.WriteString(pad + "exec:\n")
	for _, c := range cmds {
		cmd := maskValues(c.command, env, func(n string) string { return "$" + n })
		if expandEnvRefs(cmd, envMap, nil) != c.command {
			return "", fmt.Errorf("the command %s cannot be recorded: it holds text that replay would change (a $NAME of the env?)", quoteYAML(red.apply(c.command)))
		}
		fmt.Fprintf(&b, "%s  - command: %s\n", pad, quoteYAML(cmd))
		fmt.Fprintf(&b, "%s    stdout: %s", pad, renderScalar(maskValues(c.stdout, env, stars), indent+4, false, true, ""))
		if c.stderr != "" {
			fmt.Fprintf(&b, "%s    stderr: %s", pad, renderScalar(maskValues(c.stderr, env, stars), indent+4, false, true, ""))
		}
		fmt.Fprintf(&b, "%s    exit: %d\n", pad, c.exit)
	}
	return b.String(), nil
}

// notePaths adds the Response paths the template of a recorded step's
// action read to the suite's (SuiteResult.paths).
func (r *testRun) notePaths(st *testStep, res model.Result, recorded bool) {
	if !recorded || len(res.ResponsePaths) == 0 {
		return
	}
	info, _, ok := r.parsed.CallFlags(st.Run)
	if !ok {
		return
	}
	if r.res.paths == nil {
		r.res.paths = map[string]map[string]bool{}
	}
	m := r.res.paths[info.ID]
	if m == nil {
		m = map[string]bool{}
		r.res.paths[info.ID] = m
	}
	for p, present := range res.ResponsePaths {
		m[p] = m[p] || present
	}
}

// pathNotes reports the Response paths (a for: loop's array, a
// {Response.…}) that no response recorded in this run for the action had:
// the loop renders nothing and the reference stays as written, which a
// misspelt path explains.
func (res *SuiteResult) pathNotes() []string {
	var out []string
	for id, m := range res.paths {
		for p, present := range m {
			if !present {
				out = append(out, fmt.Sprintf("%s: act.%s: %s is absent from every response recorded for the action in this run: a for: loop over it renders nothing, a {%s} stays as written; check the path in the response template", res.Path, id, p, p))
			}
		}
	}
	sort.Strings(out)
	return out
}
