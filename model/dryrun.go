package model

import "strings"

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
	Wire    []WireHeader
	Body    string
	HasBody bool
	// Code and Message are set when the call fails before anything is
	// sent: a binding step's refusal, a URI that is not HTTP, or the
	// TypeError fetch throws ("Network error: …").
	Code    string
	Message string
}

// DryRunDocURI is the document URI a dry run reads a document from: a
// local file, so CLI actions are allowed and relative URIs resolve
// against its directory.
const DryRunDocURI = "file:///dryrun/doc.md"

// DryRun builds what `/act.<id> <args>` would send from p's document with
// the session variables vars set and store as the topic's env store ($VAR
// values; nil: none), with no network, no process and no file system. ok is false when p has no action id or
// args ask for help.
func (p *Parsed) DryRun(id, args string, vars, store map[string]string) (Sent, bool) {
	if p == nil || p.ref == nil {
		return Sent{}, false
	}
	var a *refAction
	for _, x := range p.ref.Actions {
		if x.ID == id {
			a = x
			break
		}
	}
	if a == nil {
		return Sent{}, false
	}
	s := NewSession()
	for k, v := range vars {
		s.SetVar(k, v)
	}
	rt := &Runtime{Doc: p.doc, Parsed: p, Session: s, Env: Env{
		DocURI: DryRunDocURI, DocPath: pathFromFileURI(DryRunDocURI), Home: "/home", Cwd: "/home",
	}}
	if store != nil {
		rt.Env.Topic, rt.Env.Store = "app:dryrun", store
	}
	c := &call{rt: rt, doc: p.ref, a: a, flagStr: args, extra: rt.contextVars(args), isCLI: a.Method == "cli"}
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
