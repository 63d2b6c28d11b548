package runtime

import (
	"encoding/base64"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

var (
	reSpreadArgs = regexp.MustCompile(`\{\.\.\.args\}`)
	reURIPlace   = regexp.MustCompile(`\{([a-zA-Z_]\w*)(?:\[(\d+)\])?\}`)
	reBodyPlace  = regexp.MustCompile(`(")?\{([a-zA-Z_]\w*)(?:\[(\d+)\])?((?:\|[a-zA-Z][a-zA-Z0-9]*)*)\}(")?`)
	reShellSafe  = regexp.MustCompile(`^[a-zA-Z0-9_\-./=@:+,]+$`)
	reURLScheme  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
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

// substituteURI fills the URI template (the command, for CLI): $VAR from
// the author's text, {...args}, then {name} and {name[N]}, consuming the
// payload keys it uses.
func (c *call) substituteURI() *Result {
	rt, a, payload, extra, isCLI := c.rt, c.a, c.payload, c.extra, c.isCLI
	consumed := map[string]bool{}
	c.consumed = consumed
	sub := func(v string) string {
		if isCLI {
			return shellQuote(v)
		}
		return encodeURIComponent(v)
	}
	uri := rt.resolveEnvVars(a.URI, extra)
	uri = replaceSubmatch(reSpreadArgs, uri, func(_ []string, _ int) string {
		var parts []string
		for _, k := range payload.Keys() {
			v, _ := payload.Get(k)
			parts = append(parts, "--"+k+" "+sub(v.String()))
		}
		for _, k := range payload.Keys() {
			consumed[k] = true
			payload.Delete(k)
		}
		return strings.Join(parts, " ")
	})
	var fromPayload []string
	uri = replaceSubmatch(reURIPlace, uri, func(m []string, _ int) string {
		name, idx := m[1], m[2]
		if v, ok := payload.Get(name); ok {
			consumed[name] = true
			fromPayload = append(fromPayload, name)
			if idx != "" {
				return sub(v.index(atoiSat(idx)))
			}
			return sub(v.String())
		}
		if sv, ok := rt.sessionVar(name); ok {
			consumed[name] = true
			return sub(sv)
		}
		return m[0]
	})
	for _, k := range fromPayload {
		payload.Delete(k)
	}
	c.uri = uri
	return nil
}

// substituteHeaders fills header values from session variables, then $VAR.
func (c *call) substituteHeaders() *Result {
	rt, extra := c.rt, c.extra
	headers := newOrdered[string]()
	c.headers = headers
	for _, h := range c.a.Headers {
		v := replaceSubmatch(reSessionRef, h.Value, func(m []string, _ int) string {
			if sv, ok := rt.sessionVar(m[1]); ok {
				return sv
			}
			return m[0]
		})
		headers.Set(h.Key, rt.resolveEnvVars(v, extra))
	}
	return nil
}

// checkRequired refuses a call that leaves a required field unset.
func (c *call) checkRequired() *Result {
	a, payload, consumed := c.a, c.payload, c.consumed
	var missing []string
	for _, f := range a.Fields {
		if f.Required && !payload.Has(f.Name) && !consumed[f.Name] {
			missing = append(missing, f.Name)
		}
	}
	if len(missing) > 0 {
		usage := make([]string, len(a.Fields))
		for i, f := range a.Fields {
			usage[i] = "  --" + f.Name + " <" + f.Type + ">"
			if f.Required {
				usage[i] += " (required)"
			}
		}
		return stop(errResult(CodeInvalidPayload, "Missing required flags: "+strings.Join(missing, ", ")+"\n\nUsage:\n"+strings.Join(usage, "\n")))
	}
	return nil
}

// buildBody substitutes the -d template (or the `body:` section) of an
// HTTP action; without one, the request sends the payload as JSON.
func (c *call) buildBody() *Result {
	rt, a, extra, res := c.rt, c.a, c.extra, &c.res
	if !c.isCLI {
		tmpl, ok := a.Body, a.HasBody
		if !ok && a.HasBodyDirective && (a.Method == "post" || a.Method == "put" || a.Method == "patch") {
			tmpl, ok = a.BodyDirective, true
		}
		if ok {
			c.bodyTemplate = rt.resolveEnvVars(tmpl, extra)
			c.body = rt.substituteBody(c.bodyTemplate, c.input, res)
			c.hasBody = true
			if res.Escape != "" {
				res.Code, res.Content = CodeInvalidPayload, "body template: "+res.Escape
				return res
			}
		}
	}
	return nil
}

// preflight refuses an HTTP request whose URL, headers or body template
// still hold an uppercase $VAR.
func (c *call) preflight() *Result {
	rt, headers, res := c.rt, c.headers, &c.res
	if !c.isCLI {
		var names []string
		seen := map[string]bool{}
		scan := func(s string) {
			for _, m := range reUpperEnv.FindAllStringSubmatch(s, -1) {
				if !seen[m[1]] {
					seen[m[1]] = true
					names = append(names, m[1])
				}
			}
		}
		scan(c.uri)
		for _, k := range headers.Keys() {
			v, _ := headers.Get(k)
			scan(v)
		}
		scan(c.bodyTemplate)
		if len(names) > 0 {
			lines := make([]string, len(names))
			for i, n := range names {
				lines[i] = "  $" + n
			}
			s := ""
			if len(names) > 1 {
				s = "s"
			}
			hint, sets := rt.unresolvedHint(names)
			res.Code = CodeInvalidPayload
			res.Content = rt.withSetupHint("Unresolved environment variable" + s + ":\n" + strings.Join(lines, "\n") + "\n\n" + hint + "\n" + sets)
			return res
		}
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

// substituteBody is action.ts substituteBodyTemplate.
func (rt *Runtime) substituteBody(tmpl string, input *ordered[pval], res *Result) string {
	return replaceSubmatch(reBodyPlace, tmpl, func(m []string, at int) string {
		// m[1] and m[5] are "" when the quote groups did not participate
		lq, name, idx, mods, rq := m[1] != "", m[2], m[3], m[4], m[5] != ""
		var resolved string
		if v, ok := input.Get(name); ok {
			if idx != "" {
				resolved = v.index(atoiSat(idx))
			} else {
				resolved = v.String()
			}
		} else if sv, ok := rt.sessionVar(name); ok {
			resolved = sv
		} else {
			return m[0]
		}
		for _, mod := range strings.Split(mods, "|") {
			switch mod {
			case "":
			case "base64":
				resolved = base64.StdEncoding.EncodeToString([]byte(resolved))
			case "base64file", "file":
				data, msg := rt.readBodyFile(resolved, res)
				if msg != "" {
					return "__BODY_TEMPLATE_ERROR__: cannot read " + resolved + ": " + msg
				}
				if mod == "file" {
					resolved = decodeUTF8(data, false)
				} else {
					resolved = base64.StdEncoding.EncodeToString(data)
				}
			default:
				return m[0]
			}
		}
		if lq && rq {
			return `"` + jsonEscape(resolved) + `"`
		}
		return resolved
	})
}

func (rt *Runtime) readBodyFile(p string, res *Result) ([]byte, string) {
	abs := p
	if !filepath.IsAbs(p) {
		abs = filepath.Join(rt.Env.Dir, p)
	}
	abs = filepath.Clean(abs)
	if _, ok := insideDir(rt.Env.Dir, abs); !ok {
		if res.Escape == "" {
			res.Escape = "file modifier: path " + quote(p) + " resolves outside the sandbox directory; put the file in the suite's files"
		}
		return nil, "outside the sandbox"
	}
	st, err := os.Stat(abs)
	if err == nil && st.IsDir() {
		return nil, "EISDIR: illegal operation on a directory, read"
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, nodeErrorMessage(err, "open", p)
	}
	return data, ""
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

// payloadJSON is JSON.stringify(payload).
func payloadJSON(p *ordered[pval]) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range p.Keys() {
		if i > 0 {
			b.WriteByte(',')
		}
		v, _ := p.Get(k)
		writeJSONString(&b, k)
		b.WriteByte(':')
		if v.isTuple {
			b.WriteByte('[')
			for j, e := range v.tuple {
				if j > 0 {
					b.WriteByte(',')
				}
				writeJSONString(&b, e)
			}
			b.WriteByte(']')
		} else {
			writeJSONString(&b, v.s)
		}
	}
	b.WriteByte('}')
	return b.String()
}
