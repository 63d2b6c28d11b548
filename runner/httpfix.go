package runner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/jarcoal/httpmock"

	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/internal/udiff"
	"github.com/sfmd-dev/sfmd/model"
)

// httpStep serves one step's http fixtures: offline, strict and ordered.
// Every request must match the next unused fixture; anything else is
// recorded as a failure and answered with a transport error, so no
// request ever leaves the process.
type httpStep struct {
	mu       sync.Mutex
	fixtures []*httpFixture
	next     int
	failures []problem
	recorded []exchange // --record: what was sent for real
	live     bool       // --record sends this step's requests for real
	refused  bool       // --record could not record the step (failures say why)
}

// problem is a failure found while the runtime was running: a message
// and an optional diff.
type problem struct {
	msg, diff string
}

// newHTTPClient returns a client whose per-test httpmock transport routes
// every request to the current step (set with use).
func newHTTPClient(cur func() *httpStep) *http.Client {
	mt := httpmock.NewMockTransport()
	mt.RegisterNoResponder(func(req *http.Request) (*http.Response, error) {
		st := cur()
		if st == nil {
			return nil, errors.New("sfmd test: no step is running")
		}
		return st.serve(req)
	})
	return &http.Client{Transport: mt, CheckRedirect: model.FetchRedirect}
}

// errUnmatched is returned to the runtime for a request without fixture.
var errUnmatched = errors.New("sfmd test: no fixture matches this request")

// requestBody reads the body the runtime sent (nil when it sent none).
func requestBody(req *http.Request) ([]byte, error) {
	if req.Body == nil {
		return nil, nil
	}
	return io.ReadAll(req.Body)
}

func (h *httpStep) serve(req *http.Request) (*http.Response, error) {
	body, err := requestBody(req)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.next < len(h.fixtures) {
		f := h.fixtures[h.next]
		if mismatch := matchRequest(&f.Request, req, body); mismatch == "" {
			h.next++
			return responder(f)(req)
		}
	}
	h.failures = append(h.failures, h.describeMiss(req, body))
	return nil, errUnmatched
}

// unused reports the fixtures that were never requested.
func (h *httpStep) unused() []*httpFixture {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.fixtures[h.next:]
}

// responder answers a request that matched f: with f's transport error,
// or with its response.
func responder(f *httpFixture) httpmock.Responder {
	if f.HasError {
		return httpmock.NewErrorResponder(errors.New(f.Error))
	}
	r := f.Response
	h := http.Header{}
	if r.IsJSON {
		h.Set("Content-Type", "application/json")
	}
	for _, kv := range r.Headers {
		h.Set(kv.Key, kv.Value)
	}
	return httpmock.NewBytesResponder(r.Status, r.Body).HeaderSet(h)
}

// headerText is a header's value as text: the runtime sends one byte per
// character (Latin-1), as Node's fetch does.
func headerText(vals []string) string {
	s := strings.Join(vals, ", ")
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			r := make([]rune, len(s))
			for j := 0; j < len(s); j++ {
				r[j] = rune(s[j])
			}
			return string(r)
		}
	}
	return s
}

// matchRequest returns "" when req matches f, or why not.
func matchRequest(f *fixtureRequest, req *http.Request, body []byte) string {
	if !strings.EqualFold(f.Method, req.Method) {
		return fmt.Sprintf("method %s, fixture expects %s", req.Method, f.Method)
	}
	if why := matchURL(f, model.SentURL(req)); why != "" {
		return why
	}
	for _, h := range f.Headers {
		vals, ok := req.Header[http.CanonicalHeaderKey(h.Key)]
		if !ok {
			return fmt.Sprintf("header %q missing, fixture expects %q", h.Key, h.Value)
		}
		if got := headerText(vals); got != h.Value {
			if sensitiveHeader(h.Key) {
				return fmt.Sprintf("header %q differs from the fixture (values hidden)", h.Key)
			}
			return fmt.Sprintf("header %q is %q, fixture expects %q", h.Key, got, h.Value)
		}
	}
	switch {
	case f.HasJSON:
		got, err := suitespec.CanonicalJSON(body)
		if err != nil {
			return fmt.Sprintf("body is not JSON (%v), fixture expects JSON", err)
		}
		if got != string(f.JSON) {
			return "JSON body differs"
		}
	case f.HasBody:
		if string(body) != f.Body {
			return "body differs"
		}
	}
	return ""
}

// matchURL compares the URL the runtime sent (href, as fetch serialized
// it) with the fixture's: byte for byte with exact, else by parts.
func matchURL(f *fixtureRequest, got string) string {
	if f.Exact {
		if got != f.URL {
			return fmt.Sprintf("url %s, fixture expects exactly %s", got, f.URL)
		}
		return ""
	}
	if got == f.URL {
		return ""
	}
	want, u := partsOf(f.URL), partsOf(got)
	if !strings.EqualFold(want.scheme, u.scheme) || !strings.EqualFold(want.host, u.host) {
		return fmt.Sprintf("url %s, fixture expects %s", got, f.URL)
	}
	if want.path != u.path {
		return fmt.Sprintf("path %s, fixture expects %s", u.path, want.path)
	}
	if want.query == u.query {
		return "" // byte-equal, also when an escape such as %l does not decode
	}
	wq, err1 := queryPairs(want.query)
	gq, err2 := queryPairs(u.query)
	if err1 != nil || err2 != nil || !matchQuery(wq, gq) {
		return fmt.Sprintf("query %q, fixture expects %q", u.query, want.query)
	}
	return ""
}

// urlParts are what a fixture URL is compared by without exact: the
// fragment is not among them (fetch never sends it).
type urlParts struct {
	scheme, host, path, query string
}

// partsOf splits a URL: through net/url where it parses (the path
// escaped as net/url writes it, so "/a b" and "/a%20b" compare equal),
// else as written (a path with an escape such as %zz that does not
// decode, which a WHATWG URL may hold).
func partsOf(s string) urlParts {
	s, _, _ = strings.Cut(s, "#")
	if u, err := url.Parse(s); err == nil {
		return urlParts{u.Scheme, u.Host, pathOf(u), u.RawQuery}
	}
	scheme, rest, _ := strings.Cut(s, "://")
	var p urlParts
	p.scheme = scheme
	end := strings.IndexAny(rest, "/?")
	if end < 0 {
		end = len(rest)
	}
	p.host, rest = rest[:end], rest[end:]
	p.path, p.query, _ = strings.Cut(rest, "?")
	if p.path == "" {
		p.path = "/"
	}
	return p
}

func pathOf(u *url.URL) string {
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	return p
}

// queryPairs decodes a query into sorted "name=value" pairs (a multiset).
func queryPairs(raw string) ([]string, error) {
	var out []string
	for _, part := range strings.Split(raw, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		dk, err := url.QueryUnescape(k)
		if err != nil {
			return nil, err
		}
		dv, err := url.QueryUnescape(v)
		if err != nil {
			return nil, err
		}
		out = append(out, dk+"="+dv)
	}
	sort.Strings(out)
	return out, nil
}

// matchQuery compares two multisets of "name=value" pairs; a fixture value
// of exactly *** (what --record writes for a secret query value) matches
// any value of that name.
func matchQuery(want, got []string) bool {
	if len(want) != len(got) {
		return false
	}
	used := make([]bool, len(got))
	take := func(ok func(string) bool) bool {
		for i, g := range got {
			if !used[i] && ok(g) {
				used[i] = true
				return true
			}
		}
		return false
	}
	var wild []string
	for _, w := range want {
		if name, ok := strings.CutSuffix(w, "=***"); ok {
			wild = append(wild, name)
			continue
		}
		if !take(func(g string) bool { return g == w }) {
			return false
		}
	}
	for _, name := range wild {
		if !take(func(g string) bool { return strings.HasPrefix(g, name+"=") }) {
			return false
		}
	}
	return true
}

// describeMiss explains an unmatched request: what was sent and a diff
// against the nearest fixture of the step.
func (h *httpStep) describeMiss(req *http.Request, body []byte) problem {
	if len(h.fixtures) == 0 {
		return problem{
			msg:  fmt.Sprintf("unexpected request %s %s (the step has no http fixtures; add one under \"http:\")", req.Method, model.SentURL(req)),
			diff: "sent:\n" + indent(renderSent(req, body, true)),
		}
	}
	// A fixture that matches, but not in turn.
	for i, f := range h.fixtures {
		if i == h.next || matchRequest(&f.Request, req, body) != "" {
			continue
		}
		sent := renderSent(req, body, !f.Request.HasBody)
		if i < h.next {
			return problem{
				msg:  fmt.Sprintf("request %s %s matches http entry %d (line %d), which was already used; list one entry per request, in order", req.Method, model.SentURL(req), i+1, f.Node.Line),
				diff: "sent:\n" + indent(sent),
			}
		}
		want := "no entry is left"
		if h.next < len(h.fixtures) {
			want = fmt.Sprintf("http entry %d (line %d) is next", h.next+1, h.fixtures[h.next].Node.Line)
		}
		return problem{
			msg:  fmt.Sprintf("request %s %s matches http entry %d (line %d), but %s; requests must follow the order of the fixtures", req.Method, model.SentURL(req), i+1, f.Node.Line, want),
			diff: "sent:\n" + indent(sent),
		}
	}
	// Otherwise a diff against the nearest fixture: the expected next one
	// unless another is clearly closer.
	best, bestScore := -1, -1
	for i, f := range h.fixtures {
		s := similarity(&f.Request, req)
		if i == h.next {
			s += 2
		}
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	f := h.fixtures[best]
	sent := renderSent(req, body, !f.Request.HasBody)
	return problem{
		msg:  fmt.Sprintf("no http fixture matches the request %s %s (nearest: http entry %d at line %d: %s)", req.Method, model.SentURL(req), best+1, f.Node.Line, matchRequest(&f.Request, req, body)),
		diff: udiff.Unified(renderFixture(&f.Request, req), sent, "fixture", "sent"),
	}
}

func similarity(f *fixtureRequest, req *http.Request) int {
	s := 0
	if strings.EqualFold(f.Method, req.Method) {
		s += 4
	}
	want, got := partsOf(f.URL), partsOf(model.SentURL(req))
	if strings.EqualFold(want.host, got.host) {
		s += 2
	}
	if want.path == got.path {
		s += 4
	}
	return s
}

// renderSent shows a request as text: request line, the headers the
// runtime set (sorted), then the body.
func renderSent(req *http.Request, body []byte, pretty bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", req.Method, model.SentURL(req))
	keys := make([]string, 0, len(req.Header))
	for k := range req.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, headerText(req.Header[k]))
	}
	if len(body) > 0 {
		b.WriteString("\n")
		b.WriteString(renderBody(body, pretty))
	}
	return b.String()
}

// renderFixture shows a fixture in the same shape as renderSent. Headers
// the fixture does not list are shown as sent, so that the diff only
// highlights what the fixture checks.
func renderFixture(f *fixtureRequest, req *http.Request) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", f.Method, f.URL)
	listed := map[string]string{}
	for _, h := range f.Headers {
		listed[http.CanonicalHeaderKey(h.Key)] = h.Value
	}
	keys := make([]string, 0, len(req.Header)+len(listed))
	seen := map[string]bool{}
	for k := range req.Header {
		keys, seen[k] = append(keys, k), true
	}
	for k := range listed {
		if !seen[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, ok := listed[k]
		if !ok {
			v = headerText(req.Header[k])
		}
		fmt.Fprintf(&b, "%s: %s\n", k, v)
	}
	switch {
	case f.HasJSON:
		b.WriteString("\n")
		b.Write(f.JSON)
		b.WriteString("\n")
	case f.HasBody:
		b.WriteString("\n")
		b.WriteString(f.Body)
		if !strings.HasSuffix(f.Body, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func renderBody(body []byte, pretty bool) string {
	if pretty {
		if c, err := suitespec.CanonicalJSON(body); err == nil {
			return c + "\n"
		}
	}
	s := string(body)
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

func indent(s string) string {
	var b bytes.Buffer
	for _, line := range strings.SplitAfter(strings.TrimSuffix(s, "\n"), "\n") {
		b.WriteString("    ")
		b.WriteString(line)
	}
	b.WriteString("\n")
	return b.String()
}

// describeFixture is a one-line summary of an http entry.
func describeFixture(f *httpFixture) string {
	s := f.Request.Method + " " + f.Request.URL
	if f.HasError {
		s += " (error " + strconv.Quote(f.Error) + ")"
	}
	return s
}
