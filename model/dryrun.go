package model

import (
	"strings"
	"sync"
)

// Sent is what one action call would send, built by the same steps a real
// call runs (executeAction up to fetch or the shell): the caller's flags
// bound, defaults applied, the URI, headers and body substituted, and for
// HTTP the URL and headers object fetch would send. Nothing is sent.
type Sent struct {
	CLI     bool
	Command string // the command line /bin/bash -c would run (CLI)
	Method  string // GET, POST, … (HTTP)
	// URL is the URL fetch would request; when the call fails before
	// fetch it is the URI the runtime refused ("" if it never got there).
	URL     string
	Headers [][2]string // the headers object given to fetch, in order
	// Wire is the headers as fetch sends them (keys differing only in
	// case combined), for a request fetch accepts.
	Wire []WireHeader
	// Replaced are the action's -H headers whose value is not sent
	// because a later -H sets the same key (executeAction keeps the
	// headers in a record by name), in order, with the value lost.
	Replaced []HeaderKey
	Body     string
	HasBody  bool
	// Code and Message are set when the call fails before anything is
	// sent: a binding step's refusal, a URI that is not HTTP, or the
	// TypeError fetch throws ("Network error: …").
	Code    string
	Message string
	// Usage is set when the runtime prints the action's usage instead of
	// running the call (act.go cmdAction, showsUsage): nothing is sent,
	// and DryRun's ok is false.
	Usage bool
}

// DryRunDocURI is the document URI a dry run reads a document from: a
// local file, so CLI actions are allowed and relative URIs resolve
// against its directory.
const DryRunDocURI = "file:///dryrun/doc.md"

// DryRun builds what `/act.<id> <args>` would send from p's document with
// the session variables vars set and store as the topic's env store ($VAR
// values; nil: none), with no network, no process and no file system. ok
// is false when nothing is sent: p has no action id, args ask for help,
// or the call prints the action's usage (Sent.Usage).
func (p *Parsed) DryRun(id, args string, vars, store map[string]string) (Sent, bool) {
	c, ok := p.dryCall(id, args, vars, store)
	if !ok {
		return Sent{}, false
	}
	if c.showsUsage() {
		return Sent{Usage: true}, false
	}
	rt, a := c.rt, c.a
	if res := c.prepare(); res != nil {
		if res.OK {
			return Sent{}, false // the flags ask for help: nothing is sent
		}
		return Sent{CLI: c.isCLI, Command: c.uri, Code: res.Code, Message: res.Content}, true
	}
	if c.isCLI {
		return Sent{CLI: true, Command: c.uri}, true
	}
	plan, code, msg := rt.planHTTP(c.uri, a.Method, c.payload, c.headers, c.body, c.hasBody)
	out := Sent{Method: strings.ToUpper(a.Method), URL: plan.uri, Code: code, Message: msg}
	if code != "" {
		return out, true
	}
	out.Replaced = c.replaced
	for _, k := range plan.all.Keys() {
		v, _ := plan.all.Get(k)
		out.Headers = append(out.Headers, [2]string{k, v})
	}
	out.Body, out.HasBody = plan.body, plan.sendBody
	if fr := fetch(plan.uri, plan.all); fr.err != "" {
		out.Code, out.Message = codeLoadError, "Network error: "+fr.err
	} else {
		out.URL, out.Wire = fr.href, wireHeaders(fr, plan.all, c.headers)
	}
	return out, true
}

// MaySendSession reports whether DryRun(id, args, vars, store) could send
// the session variable name in its URL, command or body: false means it
// cannot, whatever vars holds. A session variable reaches those only
// through a {name} or {name[N]} placeholder of the URI (the command, for
// CLI) or of the -d body template, after their $VARs are resolved
// (substituteURI, substituteBody: action.ts executeAction and
// substituteBodyTemplate), or through a caller's value that holds
// {name} (bindCallerValues); every substitution is one pass, so a value
// put in place is not read again. The check is that much cheaper than
// the call: no flags bound, no request planned.
func (p *Parsed) MaySendSession(id, args, name string, store map[string]string) bool {
	if p == nil || p.ref == nil {
		return false
	}
	return p.source(p.ref.action(id)).MaySendSession(args, name, store)
}

// MaySendSessionUnnamed is MaySendSession(id, args, name, store) for
// every args that holds no "{"+name, answered without them: exact is
// false when the answer may depend on args (the action's URI or -d body
// holds "$ARGS": of the context variables, context-vars.ts
// buildContextVars makes only ARGS of the arguments, ctxVars.args in
// contextVars; the test on the text also counts a longer $ARGSx, which
// only makes the answer inexact). A caller that knows its arguments name
// no {name} can skip writing them.
// TestMaySendSessionUnnamed holds it to MaySendSession.
func (p *Parsed) MaySendSessionUnnamed(id, name string, store map[string]string) (may, exact bool) {
	if p == nil || p.ref == nil {
		return false, true
	}
	return p.source(p.ref.action(id)).MaySendSessionUnnamed(name, store)
}

// ActionSource is what the reference parse read of one action (before
// any substitution), found once (Parsed.Sources) and read without a
// lookup of its id; the zero ActionSource is no action.
type ActionSource struct {
	p *Parsed
	a *refAction
}

// source is a's ActionSource (no action for a nil a).
func (p *Parsed) source(a *refAction) ActionSource {
	if a == nil {
		return ActionSource{}
	}
	return ActionSource{p, a}
}

// Sources lists the ActionSource of each action Actions lists, in its
// order. TestSources holds each to the methods of Parsed that look the
// action up by its id.
func (p *Parsed) Sources() []ActionSource {
	if p == nil || p.ref == nil {
		return nil
	}
	out := make([]ActionSource, 0, p.ref.firsts())
	for _, a := range p.ref.Actions {
		if a.isFirst {
			out = append(out, ActionSource{p, a})
		}
	}
	return out
}

// MaySendSession is Parsed.MaySendSession for this action.
func (s ActionSource) MaySendSession(args, name string, store map[string]string) bool {
	a := s.a
	if a == nil {
		return false
	}
	if HasRefStart(args, name) {
		return true
	}
	if !strings.Contains(a.URI, "$") && !strings.Contains(a.Body, "$") {
		return HasRefStart(a.URI, name) || HasRefStart(a.Body, name)
	}
	rt := &Runtime{Doc: s.p.doc, Parsed: s.p, Env: dryEnv(store)} // no session: nothing here reads one
	extra := dryContextVars(rt, args)
	return HasRefStart(rt.resolveEnvVars(a.URI, extra), name) || HasRefStart(rt.resolveEnvVars(a.Body, extra), name)
}

// HasRefStart is strings.Contains(s, "{"+name) without making "{"+name
// (a string made, and allocated, for each of the 17,100 calls
// param-session-fallback asks about in the generated 10 MB document):
// a '{' with name after it. TestHasRefStart holds the two alike.
func HasRefStart(s, name string) bool {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '{')
		if k < 0 {
			return false
		}
		i += k + 1
		if strings.HasPrefix(s[i:], name) {
			return true
		}
	}
}

// MaySendSessionUnnamed is Parsed.MaySendSessionUnnamed for this action.
func (s ActionSource) MaySendSessionUnnamed(name string, store map[string]string) (may, exact bool) {
	a := s.a
	if a == nil {
		return false, true
	}
	if strings.Contains(a.URI, "$ARGS") || strings.Contains(a.Body, "$ARGS") {
		return false, false
	}
	return s.MaySendSession("", name, store), true
}

// URI is Parsed.ActionURI for this action.
func (s ActionSource) URI() string {
	if s.a == nil {
		return ""
	}
	return s.a.URI
}

// Body is Parsed.ActionBody for this action.
func (s ActionSource) Body() (string, bool) {
	if s.a == nil {
		return "", false
	}
	return s.a.Body, s.a.HasBody
}

// NumHeaders and Header are the -H headers Parsed.ActionHeaders lists,
// read in place (key and value of the i-th).
func (s ActionSource) NumHeaders() int {
	if s.a == nil {
		return 0
	}
	return len(s.a.Headers)
}

// Header is the key and the value of the i-th -H header.
func (s ActionSource) Header(i int) (key, value string) {
	h := s.a.Headers[i]
	return h.Key, h.Value
}

// ActionURI is the URI of action id as the reference parser reads it
// from the first line (before any substitution), "" without the action.
func (p *Parsed) ActionURI(id string) string {
	if p == nil || p.ref == nil {
		return ""
	}
	return p.source(p.ref.action(id)).URI()
}

// dryRuntime is the runtime a dry run calls through: p's document open
// from DryRunDocURI, the session variables vars, the env store store.
func (p *Parsed) dryRuntime(vars, store map[string]string) *Runtime {
	s := NewSession()
	for k, v := range vars {
		s.SetVar(k, v)
	}
	return &Runtime{Doc: p.doc, Parsed: p, Session: s, Env: dryEnv(store)}
}

// dryEnv is the environment of a dry run with the env store store.
func dryEnv(store map[string]string) Env {
	env := Env{DocURI: DryRunDocURI, DocPath: dryRunDocPath, Home: "/home", Cwd: DryRunCwd}
	if store != nil {
		env.Topic, env.Store = "app:dryrun", store
	}
	return env
}

// dryContextVars is rt.contextVars(args) for an Env dryEnv made: for no
// arguments one of two made once (contextVars reads only the Env, which
// dryEnv makes from whether there is a store, its Store then set, and
// the arguments; nothing writes a ctxVars), not one a call.
// TestDryContextVars holds them to contextVars.
func dryContextVars(rt *Runtime, args string) *ctxVars {
	if args != "" {
		return rt.contextVars(args)
	}
	dryCtxOnce.Do(func() {
		for i, st := range [...]map[string]string{nil, {}} {
			r := &Runtime{Env: dryEnv(st)}
			dryCtx[i] = r.contextVars("")
		}
	})
	if rt.Env.Store != nil {
		return dryCtx[1]
	}
	return dryCtx[0]
}

var (
	dryCtxOnce sync.Once
	dryCtx     [2]*ctxVars // without a store, with one
)

// dryRunDocPath is pathFromFileURI(DryRunDocURI), read once.
var dryRunDocPath = pathFromFileURI(DryRunDocURI)

// QuoteArg quotes v as one token for the runtime's flag tokenizer
// (Tokenize): in single quotes, or in double quotes when v holds a single
// quote. ok is false for a value the tokenizer cannot carry whole (one
// with both quote characters, or a line break).
func QuoteArg(v string) (string, bool) {
	switch {
	case strings.ContainsAny(v, "\r\n"):
		return "", false
	case v == "":
		return "", false
	case !strings.Contains(v, "'"):
		return "'" + v + "'", true
	case !strings.Contains(v, `"`):
		return `"` + v + `"`, true
	}
	return "", false
}

// EncodeURIComponent is what the runtime makes of a value it puts in a URL
// (the JavaScript global of that name).
func EncodeURIComponent(s string) string { return encodeURIComponent(s) }

// ShellQuote is what the runtime makes of a value it puts in a CLI
// command (action.ts executeAction shellQuote): two single quotes for an empty value, the
// value itself when it is made of [A-Za-z0-9_./=@:+,-] only, else the
// value in single quotes.
func ShellQuote(s string) string { return shellQuote(s) }

// ActionBody is the -d body template of action id as the reference
// parser reads it (before any substitution), and whether it has one.
func (p *Parsed) ActionBody(id string) (string, bool) {
	if p == nil || p.ref == nil {
		return "", false
	}
	return p.source(p.ref.action(id)).Body()
}

// ActionHeaders are the -H headers of action id as the reference parser
// reads them (key and value, before any substitution), in order.
func (p *Parsed) ActionHeaders(id string) [][2]string {
	if p == nil || p.ref == nil {
		return nil
	}
	s := p.source(p.ref.action(id))
	if s.a == nil {
		return nil
	}
	out := make([][2]string, s.NumHeaders())
	for i := range out {
		out[i][0], out[i][1] = s.Header(i)
	}
	return out
}
