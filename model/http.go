package model

import (
	"context"
	"io"
	"net/http"
	"path"
	"regexp"
	"strings"
)

var reURLScheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

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
	return path.Join(dir, p)
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
	if nullBodyStatus(resp.StatusCode) {
		data = nil
	}
	if resp.StatusCode == 404 {
		return out, codeNotFound, "Not found: " + uri
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		msg := "HTTP " + itoa(resp.StatusCode) + " at " + uri
		if readErr == nil {
			if t := utf16Prefix(decodeUTF8(data, true), 500); t != "" {
				msg += "\n" + t
			}
		}
		return out, codeLoadError, msg
	}
	if readErr != nil {
		return out, codeLoadError, "Network error: fetch failed"
	}
	out.status = resp.StatusCode
	out.source = decodeUTF8(data, true)
	out.jsonBody = jsonParse(out.source)
	return out, "", ""
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
func SentURL(req *http.Request) string {
	if href, ok := req.Context().Value(sentURLKey{}).(string); ok {
		return href
	}
	return req.URL.String()
}
