package model

import "strings"

// call is one action call in flight (action.ts executeAction): what its
// steps hand on to each other, in the order they fill it in.
type call struct {
	rt      *Runtime
	doc     *refDoc
	a       *refAction
	flagStr string   // the raw flags (ARGS)
	extra   *ctxVars // context vars, looked up first for $VAR
	isCLI   bool

	parsed     *flagParse       // tokenized flags and positionals
	fileValues *ordered[string] // --<field>-file contents by field
	payload    *ordered[pval]   // the bound values; the URI consumes some
	defaulted  map[string]bool  // payload keys whose value is a default
	input      *ordered[pval]   // the payload before the URI consumed any
	consumed   map[string]bool  // names the URI consumed
	uri        string           // the substituted URI, or the CLI command
	headers    *ordered[string] // the action's headers, substituted
	replaced   []HeaderKey      // headers a later -H of the same key replaced

	bodyTemplate string // the body template after $VAR resolution
	body         string // the body template substituted
	hasBody      bool
	res          Result         // what the request and the template add to the result
	trace        *templateTrace // a template dry run's record (templatedry.go), else nil
}

// stop ends a call with r: a step returns it instead of nil.
func stop(r Result) *Result { return &r }

// executeAction is action.ts executeAction: the binding steps in order
// (runtime-semantics.md §1.4–§1.10), each of which may end the call, then
// the request or command and the response.
func (rt *Runtime) executeAction(doc *refDoc, a *refAction, flagStr string, extra *ctxVars) Result {
	c := &call{rt: rt, doc: doc, a: a, flagStr: flagStr, extra: extra, isCLI: a.Method == "cli"}
	rt.Cover.enter(a.ID)
	if res := c.prepare(); res != nil {
		return *res
	}
	out, res := c.send() // http.go, cli.go §1.9, §1.11, §2
	if res != nil {
		return *res
	}
	return c.respond(out) // response.go, template.go, render.go §1.12, §3
}

// prepare runs the binding steps in order (runtime-semantics.md
// §1.4–§1.10) up to the request or command, which nothing has sent yet;
// a step that ends the call returns its result.
func (c *call) prepare() *Result {
	for _, step := range []func(*call) *Result{
		(*call).checkCLIGate,          // cli.go         §1.4 step 1
		(*call).tokenize,              // flags.go       step 2, §1.3
		(*call).readFileValues,        // filevalues.go  step 3
		(*call).bindPositionals,       // bind.go        step 4
		(*call).checkBareFlags,        // bind.go        step 5
		(*call).bindCallerValues,      // bind.go        step 6
		(*call).injectFileValues,      // filevalues.go  step 7
		(*call).resolveShortcuts,      // shortcuts.go   step 8
		(*call).applyDefaults,         // defaults.go    step 9
		(*call).resolveDefaultEnvVars, // defaults.go    step 10
		(*call).snapshotInput,         // defaults.go    step 11
		(*call).substituteURI,         // uri.go         §1.5, §2
		(*call).substituteHeaders,     // headers.go     §1.6
		(*call).checkRequired,         // required.go    §1.7
		(*call).buildBody,             // body.go        §1.8
		(*call).preflight,             // preflight.go   §1.10
	} {
		if res := step(c); res != nil {
			return res
		}
	}
	return nil
}

// send runs the command or sends the request; a failed request ends the
// call.
func (c *call) send() (actionOutput, *Result) {
	rt, a, res := c.rt, c.a, &c.res
	var out actionOutput
	if c.isCLI {
		out = rt.execCLI(c.uri, res)
	} else {
		var failCode, failMsg string
		out, failCode, failMsg = rt.execHTTP(c.uri, a.Method, c.payload, c.headers, c.body, c.hasBody, res)
		if failCode != "" {
			res.Code, res.Content = failCode, rt.withSetupHint(failMsg)
			return out, res
		}
	}
	return out, nil
}

// pval is a payload value: a string, or a tuple from a value shortcut.
type pval struct {
	s       string
	tuple   []string
	isTuple bool
}

func strVal(s string) pval { return pval{s: s} }

// String is String(v): a tuple joins with ",".
func (v pval) String() string {
	if v.isTuple {
		return strings.Join(v.tuple, ",")
	}
	return v.s
}

// index is {name[N]}: the element, or "" when out of range.
func (v pval) index(i int) string {
	if !v.isTuple {
		if i == 0 {
			return v.s
		}
		return ""
	}
	if i < 0 || i >= len(v.tuple) {
		return ""
	}
	return v.tuple[i]
}
