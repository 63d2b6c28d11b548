package runtime

import (
	"io"
	"net/http"
	"path"
	"regexp"
	"strings"
)

var (
	reShellSafe = regexp.MustCompile(`^[a-zA-Z0-9_\-./=@:+,]+$`)
	reURLScheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

func (rt *Runtime) withSetupHint(content string) string {
	if rt.Env.RequirementsPath == "" {
		return content
	}
	return content + "\n\nSetup info: /open " + rt.Env.RequirementsPath
}

// checkCLIGate refuses CLI actions from documents that are not local files.
func (c *call) checkCLIGate() *Result {
	if c.isCLI && !strings.HasPrefix(c.rt.Env.DocURI, "file://") {
		return stop(errResult(CodeFileNotAllowed, "CLI actions are only allowed from local file:// documents or locally installed apps. Remote SFMD can only run HTTP actions because remote content may change after review."))
	}
	return nil
}

// respond turns the output into the result: the response template when
// the action has one, else a CLI action's raw output or the rendered body.
func (c *call) respond(out actionOutput) Result {
	rt, a, res := c.rt, c.a, c.res
	if a.HasResp {
		t := &templateRun{rt: rt, jsonBody: out.jsonBody, input: c.input, res: &res}
		t.response = out.responseObject()
		text := t.execute(a.Response)
		rendered, autos := renderSFMD(text)
		s := rt.session()
		for _, as := range autos {
			s.setAutoShortcut(as.ID, as.Href)
		}
		res.OK, res.Code, res.Content = true, "", rendered
		return res
	}
	if c.isCLI {
		if out.status != 0 {
			res.Code = "EXIT_" + itoa(out.status)
			res.Content = rt.withSetupHint(out.source)
			return res
		}
		res.OK, res.Content = true, out.source
		return res
	}
	rendered, _ := renderSFMD(out.source)
	res.OK, res.Content = true, rendered
	return res
}

func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	if reShellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// actionOutput is the loader's ActionResult.
type actionOutput struct {
	source   string
	status   int
	jsonBody *jsValue
	cli      bool
	stdout   string
	stderr   string
}

func (o actionOutput) responseObject() *jsValue {
	obj := newOrdered[*jsValue]()
	obj.Set("status", jsNum(float64(o.status)))
	if o.jsonBody != nil && o.jsonBody.kind != jsNull {
		obj.Set("body", o.jsonBody)
	} else {
		obj.Set("body", jsStr(o.source))
	}
	if o.cli {
		obj.Set("exit_code", jsNum(float64(o.status)))
		obj.Set("stdout", jsStr(o.stdout))
		obj.Set("stderr", jsStr(o.stderr))
	}
	return &jsValue{kind: jsObject, obj: obj}
}

func (rt *Runtime) execCLI(command string, res *Result) actionOutput {
	res.Commands = append(res.Commands, command)
	out := actionOutput{cli: true}
	if rt.Exec == nil {
		out.source, out.status = "no executor configured", 1
		return out
	}
	er, err := rt.Exec.Exec(command, rt.Env.Dir)
	if err != nil {
		out.source, out.status = err.Error(), 1
		return out
	}
	out.status = er.Exit
	if er.TimedOut {
		out.status = 1
	}
	out.source = jsTrimEnd(er.Combined)
	out.stdout, out.stderr = er.Stdout, er.Stderr
	out.jsonBody = jsonParse(out.source)
	return out
}

// resolveActionURI is loader.ts resolve() for an action URI.
func (rt *Runtime) resolveActionURI(topic string) string {
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
	base := rt.Env.DocURI
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

func (rt *Runtime) execHTTP(topic, method string, payload *ordered[pval], headers *ordered[string], body string, hasBody bool, res *Result) (actionOutput, string, string) {
	var out actionOutput
	resolved := rt.resolveActionURI(topic)
	if !strings.HasPrefix(resolved, "http://") && !strings.HasPrefix(resolved, "https://") {
		return out, CodeLoadError, "Actions can only topic HTTP endpoints (got: " + resolved + ")"
	}
	verb := strings.ToUpper(method)
	all := newOrdered[string]()
	var uri, href string
	sendBody := false
	if verb == "GET" || verb == "DELETE" {
		u, err := parseURL(resolved, nil)
		if err != nil {
			return out, CodeLoadError, "Invalid URL"
		}
		if payload.Len() > 0 {
			pairs := make([][2]string, 0, payload.Len())
			for _, k := range payload.Keys() {
				v, _ := payload.Get(k)
				pairs = append(pairs, [2]string{k, v.String()})
			}
			u.searchParamsSet(pairs)
		}
		uri = u.String()
		href = uri
		all.Set("Accept", "text/markdown, text/plain")
	} else {
		uri = resolved
		u, err := parseURL(resolved, nil)
		if err != nil {
			return out, CodeLoadError, "Network error: Failed to parse URL from " + resolved
		}
		href = u.String()
		if !hasBody {
			body = payloadJSON(payload)
		}
		sendBody = true
		all.Set("Content-Type", "application/json")
		all.Set("Accept", "text/markdown, text/plain")
	}
	for _, k := range headers.Keys() {
		v, _ := headers.Get(k)
		all.Set(k, v)
	}
	h := http.Header{}
	for _, k := range all.Keys() {
		v, _ := all.Get(k)
		v = strings.Trim(v, " \t\r\n")
		ck := http.CanonicalHeaderKey(k)
		if old, ok := h[ck]; ok && len(old) > 0 {
			h[ck] = []string{old[0] + ", " + v}
		} else {
			h[ck] = []string{v}
		}
	}
	for k, v := range map[string]string{"Accept-Language": "*", "Sec-Fetch-Mode": "cors", "User-Agent": "node"} {
		if _, ok := h[k]; !ok {
			h[k] = []string{v}
		}
	}
	rec := Request{Method: verb, URL: href, Header: h.Clone(), HasBody: sendBody}
	var reqBody io.Reader
	if sendBody {
		rec.Body = body
		reqBody = strings.NewReader(body)
	}
	res.Requests = append(res.Requests, rec)
	req, err := http.NewRequest(verb, "http://placeholder/", reqBody)
	if err != nil {
		return out, CodeLoadError, "Network error: fetch failed"
	}
	req.URL = toNetURL(href)
	req.Host = req.URL.Host
	req.Header = h
	client := rt.HTTP
	if client == nil {
		return out, CodeLoadError, "Network error: fetch failed"
	}
	resp, err := client.Do(req)
	if err != nil {
		return out, CodeLoadError, "Network error: fetch failed"
	}
	data, readErr := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode == 404 {
		return out, CodeNotFound, "Not found: " + uri
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		msg := "HTTP " + itoa(resp.StatusCode) + " at " + uri
		if readErr == nil {
			if t := utf16Prefix(decodeUTF8(data, true), 500); t != "" {
				msg += "\n" + t
			}
		}
		return out, CodeLoadError, msg
	}
	if readErr != nil {
		return out, CodeLoadError, "Network error: fetch failed"
	}
	out.status = resp.StatusCode
	out.source = decodeUTF8(data, true)
	out.jsonBody = jsonParse(out.source)
	return out, "", ""
}
