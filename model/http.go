package model

import (
	"context"
	"errors"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"io"
	"net/http"
	"net/url"
	"path"
	"strings"
)

var reURLScheme = lazyre.New(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

// resolveActionURI is loader.ts resolve() for an action URI.
func (rt *Runtime) resolveActionURI(topic string) string {
	return rt.loaderResolve(topic, rt.Env.DocURI)
}

// loaderResolve is loader.ts resolve(topic, baseUri): base "" is no base
// (the String home then stands for the directory).
func (rt *Runtime) loaderResolve(topic, base string) string {
	if strings.HasPrefix(topic, "file://") || strings.HasPrefix(topic, "https://") || strings.HasPrefix(topic, "http://") {
		return topic
	}
	if rest, ok := strings.CutPrefix(topic, "chanflow://"); ok {
		return "https://" + rest
	}
	if topic == "~" {
		return fileURIFromPath(rt.Env.Home)
	}
	if rest, ok := strings.CutPrefix(topic, "~/"); ok {
		return fileURIFromPath(path.Join(rt.Env.Home, rest))
	}
	if strings.HasPrefix(base, "file://") {
		dir := path.Dir(pathFromFileURI(base))
		return fileURIFromPath(absJoin(dir, topic))
	}
	if strings.HasPrefix(base, "https://") || strings.HasPrefix(base, "http://") {
		b, err := parseURL(base, nil)
		if err == nil {
			if reURLScheme.MatchString(cleanURLInput(topic)) {
				if u, err := parseURL(topic, b); err == nil {
					return u.String()
				}
				return topic
			}
			if u, err := parseURL(topic, b); err == nil {
				return u.String()
			}
		}
		return topic
	}
	return fileURIFromPath(absJoin(rt.Env.Home, topic))
}

func absJoin(dir, p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	if !path.IsAbs(dir) {
		dir = "/" + dir
	}
	if joinFast && cleanSegments(dir[1:]) {
		// leading "." and ".." segments of p, then names only: path.Join
		// drops each ".", takes a name off dir for each ".." (none above
		// "/"), and cleans nothing else away
		rest, d := p, dir
		for {
			if r, ok := strings.CutPrefix(rest, "./"); ok {
				rest = r
			} else if r, ok := strings.CutPrefix(rest, "../"); ok {
				rest, d = r, d[:max(strings.LastIndexByte(d, '/'), 1)]
			} else {
				break
			}
		}
		if rest != "" && cleanSegments(rest) {
			if d == "/" {
				return d + rest
			}
			return d + "/" + rest
		}
	}
	return path.Join(dir, p)
}

// joinFast lets absJoin join a clean directory and a path of plain
// names (after leading "./" and "../") without path.Join's cleaning; TestAbsJoinFast turns it off and
// holds the result to path.Join.
var joinFast = true

// cleanSegments reports that s, split at '/', is made of names only: no
// empty segment (so no leading, trailing or doubled '/'), no "." or
// "..". The empty s has none.
func cleanSegments(s string) bool {
	for s != "" {
		seg, rest, more := strings.Cut(s, "/")
		if seg == "" || seg == "." || seg == ".." || more && rest == "" {
			return false
		}
		s = rest
	}
	return true
}

// httpPlan is the request action.ts executeAction hands to fetch: the
// URL (query parameters added for GET and DELETE), the headers object and
// the body.
type httpPlan struct {
	verb     string
	uri      string
	all      *ordered[string]
	body     string
	sendBody bool
}

// planHTTP builds the request of an HTTP action, or the code and message
// of the failure that ends the call before fetch.
func (rt *Runtime) planHTTP(topic, method string, payload *ordered[pval], headers *ordered[string], body string, hasBody bool) (httpPlan, string, string) {
	resolved := rt.resolveActionURI(topic)
	if !strings.HasPrefix(resolved, "http://") && !strings.HasPrefix(resolved, "https://") {
		return httpPlan{uri: resolved}, codeLoadError, "Actions can only topic HTTP endpoints (got: " + resolved + ")"
	}
	p := httpPlan{verb: strings.ToUpper(method), all: newOrdered[string](), body: body}
	if p.verb == "GET" || p.verb == "DELETE" {
		u, err := parseURL(resolved, nil)
		if err != nil {
			return httpPlan{uri: resolved}, codeLoadError, "Invalid URL"
		}
		if payload.Len() > 0 {
			pairs := make([][2]string, 0, payload.Len())
			for _, k := range payload.Keys() {
				v, _ := payload.Get(k)
				pairs = append(pairs, [2]string{k, v.String()})
			}
			u.searchParamsSet(pairs)
		}
		p.uri = u.String()
		p.all.Set("Accept", "text/markdown, text/plain")
	} else {
		p.uri = resolved
		if !hasBody {
			p.body = payloadJSON(payload)
		}
		p.sendBody = true
		p.all.Set("Content-Type", "application/json")
		p.all.Set("Accept", "text/markdown, text/plain")
	}
	for _, k := range headers.Keys() {
		v, _ := headers.Get(k)
		p.all.Set(k, v)
	}
	return p, "", ""
}

func (rt *Runtime) execHTTP(topic, method string, payload *ordered[pval], headers *ordered[string], body string, hasBody bool, res *Result) (actionOutput, string, string) {
	var out actionOutput
	p, code, msg := rt.planHTTP(topic, method, payload, headers, body, hasBody)
	if code != "" {
		return out, code, msg
	}
	verb, uri, body, sendBody := p.verb, p.uri, p.body, p.sendBody
	fr := fetch(uri, p.all)
	if fr.err != "" {
		return out, codeLoadError, "Network error: " + fr.err
	}
	href, h := fr.href, fr.header
	for k, v := range map[string]string{"Accept-Language": "*", "Sec-Fetch-Mode": "cors", "User-Agent": "node"} {
		if _, ok := h[k]; !ok {
			h[k] = []string{v}
		}
	}
	rec := Request{method: verb, URL: href, header: h.Clone(), hasBody: sendBody}
	for k, vs := range h {
		h[k] = []string{latin1(vs[0])}
	}
	var reqBody io.Reader
	if sendBody {
		rec.body = body
		reqBody = strings.NewReader(body)
	}
	res.Requests = append(res.Requests, rec)
	ctx := context.WithValue(context.Background(), sentURLKey{}, href)
	req, err := http.NewRequestWithContext(ctx, verb, "http://placeholder/", reqBody)
	if err != nil {
		return out, codeLoadError, "Network error: fetch failed"
	}
	req.URL = toNetURL(href)
	req.Host = req.URL.Host
	req.Header = h
	client := rt.HTTP
	if client == nil {
		return out, codeLoadError, "Network error: fetch failed"
	}
	resp, err := client.Do(req)
	if err != nil {
		return out, codeLoadError, "Network error: fetch failed"
	}
	data, readErr := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode == 404 {
		return out, codeNotFound, "Not found: " + uri
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		msg := "HTTP " + itoa(resp.StatusCode) + " at " + uri
		if readErr == nil {
			if t := utf16Prefix(responseText(resp.StatusCode, data), 500); t != "" {
				msg += "\n" + t
			}
		}
		return out, codeLoadError, msg
	}
	if readErr != nil {
		return out, codeLoadError, "Network error: fetch failed"
	}
	return httpOutput(resp.StatusCode, data), "", ""
}

// httpOutput is what Loader.action (loader.ts) returns for a 2xx
// response of status with the body data: the status, the text
// (responseText) and JSON.parse of it. A real call (execHTTP) and a
// template dry run against a recorded response (DrySession.RunTemplate)
// both read a response through it.
func httpOutput(status int, data []byte) actionOutput {
	src := responseText(status, data)
	return actionOutput{status: status, source: src, jsonBody: jsonParse(src)}
}

// responseText is fetch's res.text() of a response of status with the
// body data: "" for a null-body status (nullBodyStatus), else data
// decoded as UTF-8, a leading BOM dropped.
func responseText(status int, data []byte) string {
	if nullBodyStatus(status) {
		return ""
	}
	return decodeUTF8(data, true)
}

// nullBodyStatus reports a status whose response fetch gives no body
// (undici's mainFetch sets the body of a nullBodyStatus response to null,
// lib/web/fetch/constants.js): response.text() is "" whatever the server
// sent.
func nullBodyStatus(status int) bool {
	return status == 204 || status == 205 || status == 304
}

type sentURLKey struct{}

// SentURL is the URL of a request the runtime sent, as fetch serialized
// it (the WHATWG href, byte for byte); req.URL is that href read back by
// net/url, which escapes some characters again (^ and | in the path,
// { } \ ^ | and # in the fragment) and loses an empty or undecodable
// fragment. For a request the runtime did not make it is req.URL.String().
// A redirect's request carries the first request's context: it is told
// apart by its URL.
func SentURL(req *http.Request) string {
	if href, ok := req.Context().Value(sentURLKey{}).(string); ok && toNetURL(href).String() == req.URL.String() {
		return href
	}
	return req.URL.String()
}

// maxRedirects is fetch's redirect limit (the Fetch standard's
// HTTP-redirect fetch: more than 20 is a network error).
const maxRedirects = 20

// FetchRedirect is an http.Client CheckRedirect that follows redirects as
// the runtime's fetch does (Loader.action in loader.ts calls fetch with
// the default redirect: "follow"; undici's httpRedirectFetch): at most 20,
// and a redirect to another origin (scheme, host or port) drops the
// Authorization, Proxy-Authorization and Cookie headers, also when a
// later hop comes back to the first origin.
func FetchRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > maxRedirects {
		return errors.New("redirect count exceeded")
	}
	if via[0].Header.Get("Referer") == "" {
		req.Header.Del("Referer") // net/http's; fetch in Node sends none
	}
	hops := make([]*http.Request, 0, len(via)+1)
	hops = append(hops, via...)
	hops = append(hops, req)
	for i := 1; i < len(hops); i++ {
		if !sameOrigin(hops[i-1].URL, hops[i].URL) {
			for _, h := range []string{"Authorization", "Proxy-Authorization", "Cookie"} {
				req.Header.Del(h)
			}
			break
		}
	}
	return nil
}

// sameOrigin compares two URLs' origins (scheme, host and port, the
// default port spelt or not).
func sameOrigin(a, b *url.URL) bool {
	port := func(u *url.URL) string {
		if p := u.Port(); p != "" {
			return p
		}
		if strings.EqualFold(u.Scheme, "https") {
			return "443"
		}
		return "80"
	}
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) && port(a) == port(b)
}
