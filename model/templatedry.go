package model

import (
	"maps"
	"regexp"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

// The dry run of a response template: one action's template run, as a
// real call runs it (call.respond, templateRun.execute), against a
// response the caller gives, with no network, no process and no file
// system, reporting for each template line what the runtime made of it
// (helpers.ts executeResponseTemplate: assignments, for:/end:, save:,
// decode:, to: and output lines, in that order).

// TemplateResponse is the response a template dry run runs against: what
// the request returned (Status, and Body, JSON or text) or, for a CLI
// action, what the command did (Exec: what an Executor returns for it,
// e.g. an exec fixture's suitespec.ExecFixture.Result, which the
// template's Response is made of as in a real call, execCLI's
// cliOutput). A CLI action's run without Exec reads Body as the command's
// stdout, with nothing on stderr and exit status Status.
type TemplateResponse struct {
	Status int // HTTP status or exit code; 0 means 200 (HTTP) or 0 (CLI)
	// Body is the body the server sent (HTTP), read as a real call reads
	// it (httpOutput: none for a 204 or 205), or the command's stdout.
	Body string
	Exec *ExecResult
}

// TemplateLineFact is what the runtime made of one template line.
type TemplateLineFact struct {
	// Kind is the branch of executeResponseTemplate that read the line:
	// "assign", "value-shortcut", "for", "end", "save", "decode", "to" or
	// "text" (printed), or "" for a line never reached.
	Kind string
	// Raw is set for a line written as an assignment, for:, end:, save:,
	// decode: or to: line that the runtime does not recognise where it
	// stands and prints as text.
	Raw bool
	// InLoop is set for a line of a for: body; Runs counts how many times
	// the body ran it (0: swallowed, the loop never iterated).
	InLoop bool
	Runs   int
	// Printed holds each line the runtime printed for it, substituted.
	Printed []string
	// Unresolved lists the {Response.…} references that reached nothing
	// (the runtime leaves them literal and warns); Empty the references
	// that printed "" (a null, or a loop item path that reaches nothing).
	Unresolved []string
	Empty      []string
	// Path is the path a for:, save: or assignment line walks (for: and
	// assignments without "Response."); Found is set when it reached a
	// value (for a for: line, an array). Iterations counts a for: line's
	// iterations.
	Path       string
	Found      bool
	Iterations int
	// Target is a to: line's path after substitution, Resolved the
	// absolute path the runtime would write (path.resolve against its
	// working directory, DryRunCwd). Nothing is written.
	Target   string
	Resolved string
	// Message is the line the runtime printed instead of running a save:,
	// decode: or to: line ("save: path returned no value: …").
	Message string
	// Misses says where each path of the line stopped: a reference that
	// reached nothing (undefined, not null) on every run of the line, and
	// the line's own path (a for: path that reached no array, a save: or
	// assignment path that reached nothing).
	Misses []PathMiss
}

// PathMiss says where a path walked by a dry run (walkJsonPath in
// helpers.ts) stopped.
type PathMiss struct {
	// Ref is the reference as written ("{Response.body.x}", "{it.x}"),
	// "" for the line's own path.
	Ref string
	// Root is what the path starts at: "Response", or a loop's item
	// variable; Path is the path after it.
	Root, Path string
	// Reached is the longest prefix of Path that reached a value ("":
	// Root itself), Kind that value's JSON type ("object", "array",
	// "string", "number", "boolean", "null") and Length an array's length.
	Reached string
	Kind    string
	Length  int
	// Step is the step after Reached that reached nothing; "" when the
	// whole path reached a value (a for: path reaching no array).
	Step string
}

// TemplateDry is the result of a template dry run.
type TemplateDry struct {
	// Code and Message are set when the call is refused before the
	// request (the same binding steps as a real call): no template runs.
	Code, Message string
	Text          string             // the template's output before the render
	Output        string             // what the agent sees
	Lines         []TemplateLineFact // one per template line
	Vars          map[string]string  // session variables the template set
	// JSONBody is set when the response body parsed as JSON: the
	// template's Response.body is that value, not the text.
	JSONBody bool
}

// DryRunCwd is the working directory a dry run resolves to: paths
// against (the runtime's process.cwd()).
const DryRunCwd = "/home"

// DryRunTemplate runs the response template of action id for the call
// `/act.<id> <args>` (session variables vars, env store store) against
// resp, as a real call would once the request returned resp. ok is false
// when p has no such action with a template, or args ask for help.
func (p *Parsed) DryRunTemplate(id, args string, vars, store map[string]string, resp TemplateResponse) (TemplateDry, bool) {
	if p == nil || p.ref == nil {
		return TemplateDry{}, false
	}
	s := &DrySession{rt: p.dryRuntime(vars, store)}
	return s.RunTemplate(id, args, resp)
}

// RunTemplate runs the response template of action id for the call
// `/act.<id> <args>` in the session against resp, as a real call made in
// it would once the request returned resp; what the template sets stays
// in the session. ok is false when the document has no such action with
// a template, or args ask for help, or for the action's usage, which a
// call with no flags for a required field without a default prints
// (act.go cmdAction, showsUsage).
func (s *DrySession) RunTemplate(id, args string, resp TemplateResponse) (TemplateDry, bool) {
	c, ok := s.call(id, args)
	if !ok || !c.a.HasResp || c.showsUsage() {
		return TemplateDry{}, false
	}
	if res := c.prepare(); res != nil {
		return TemplateDry{Code: res.Code, Message: res.Content}, true
	}
	var out actionOutput
	switch {
	case c.isCLI && resp.Exec != nil:
		out = cliOutput(*resp.Exec)
	case c.isCLI:
		out = cliOutput(ExecResult{Stdout: resp.Body, Combined: resp.Body, Exit: resp.Status})
	default:
		status := resp.Status
		if status == 0 {
			status = 200
		}
		out = httpOutput(status, []byte(resp.Body))
	}
	sess := s.rt.session()
	before := maps.Clone(sess.Vars)
	// one fact per line of the template (len(splitLines), uncut)
	tr := &templateTrace{lines: make([]TemplateLineFact, strings.Count(c.a.Response, "\n")+1)}
	c.trace = tr
	res := c.respond(out)
	sess.syncView() // as Runtime.Run does after every call
	tr.finish()
	d := TemplateDry{Text: tr.text, Output: res.Content, Lines: tr.lines, Code: res.Code, JSONBody: out.jsonBody != nil}
	if res.Limit != "" {
		d.Message = res.Limit
	}
	d.Vars = map[string]string{}
	for k, v := range sess.Vars {
		if old, was := before[k]; !was || old != v {
			d.Vars[k] = v
		}
	}
	return d, true
}

// SplitActionCall reads a line an agent types as the dispatcher and
// cmdAction read it (the /act.<id> and /act <id> forms, a fenced body
// joined to the arguments): the action id and the flags after it. ok is
// false for a line that calls no action (`/act --help` lists them).
func SplitActionCall(line string) (id, args string, ok bool) {
	_, cmd, rest := route(line)
	a, isAct := actionCall(cmd, rest)
	if !isAct {
		return "", "", false
	}
	help, id, args := splitActionArgs(a)
	return id, args, !help
}

// dryCall is the call `/act.<id> <args>` on p's document in a runtime of
// its own: session variables vars, env store store, no network, no
// process, no file system.
func (p *Parsed) dryCall(id, args string, vars, store map[string]string) (*call, bool) {
	if p == nil || p.ref == nil {
		return nil, false
	}
	return (&DrySession{rt: p.dryRuntime(vars, store)}).call(id, args)
}

// templateTrace records, during a dry run, what templateRun does with
// each line. Its methods do nothing on a nil trace (a real call).
type templateTrace struct {
	lines []TemplateLineFact
	cur   int
	text  string
	refs  []refCount // each reference of each line, in the order first met
	refAt map[refKey]int
}

// refKey is one reference of one template line.
type refKey struct {
	line int
	ref  string
}

// refCount counts the runs of a reference and those that reached
// nothing, the first of which it explains.
type refCount struct {
	key          refKey
	runs, misses int
	miss         PathMiss
}

// reTplLooksDirective is a line written as an assignment, a value
// shortcut or a for:/end:/save:/decode:/to: directive, recognised or not.
var reTplLooksDirective = lazyre.New(`^\s*(?:\{@?[a-zA-Z_]\w*\}\s*=|(?:for|end|save|decode|to):)`)

func (tr *templateTrace) at(li int) *TemplateLineFact {
	if tr == nil || li < 0 || li >= len(tr.lines) {
		return nil
	}
	tr.cur = li
	return &tr.lines[li]
}

// line records the branch that read line li (outside a loop body).
func (tr *templateTrace) line(li int, kind, src string) {
	if f := tr.at(li); f != nil {
		f.Kind = kind
		f.Raw = kind == "text" && tplLooksDirective.match(src)
	}
}

// walked records the path p line li walks from root (named rootName: the
// response, or its body for a save: line), the value v it reached and whether that is
// what the line needs (found); when not, where the path stopped.
func (tr *templateTrace) walked(li int, root *jsValue, rootName, p string, v *jsValue, found bool) {
	if f := tr.at(li); f != nil {
		f.Path, f.Found = p, found
		if !found {
			f.Misses = append(f.Misses, explainMiss(root, rootName, p, v))
		}
	}
}

// loop records a for: line at li whose body is lines[start:end] and ran n
// times.
func (tr *templateTrace) loop(li, start, end int, lines []string, n int) {
	if tr == nil {
		return
	}
	if f := tr.at(li); f != nil {
		f.Iterations = n
	}
	for i := start; i < end && i < len(tr.lines); i++ {
		f := &tr.lines[i]
		f.InLoop = true
		if f.Kind == "" {
			f.Kind = "text"
			if tplSlugLine.match(lines[i]) {
				f.Kind = "value-shortcut"
			}
		}
		f.Raw = f.Kind == "text" && tplLooksDirective.match(lines[i])
	}
	if f := tr.at(end); f != nil {
		f.Kind = "end"
	}
}

// run records one run of loop body line li.
func (tr *templateTrace) run(li int) {
	if f := tr.at(li); f != nil {
		f.Runs++
	}
}

// printed records a line printed for the current line.
func (tr *templateTrace) printed(s string) {
	if f := tr.at(tr.curOr()); f != nil {
		f.Printed = append(f.Printed, s)
	}
}

// ref records a reference of the current line, the path it walked from
// root (named rootName) and what it reached.
func (tr *templateTrace) ref(ref string, root *jsValue, rootName, path string, v *jsValue) {
	f := tr.at(tr.curOr())
	if f == nil {
		return
	}
	tr.count(ref, root, rootName, path, v)
	switch {
	case v == nil || v.kind == jsUndefined:
		if strings.HasPrefix(ref, "{Response.") {
			f.Unresolved = appendOnce(f.Unresolved, ref)
		} else {
			f.Empty = appendOnce(f.Empty, ref)
		}
	case v.isNullish():
		f.Empty = appendOnce(f.Empty, ref)
	}
}

// count counts a run of reference ref of the current line and whether it
// reached nothing, explaining the first miss.
func (tr *templateTrace) count(ref string, root *jsValue, rootName, path string, v *jsValue) {
	k := refKey{tr.cur, ref}
	i, ok := tr.refAt[k]
	if !ok {
		if tr.refAt == nil {
			tr.refAt = map[refKey]int{}
		}
		i = len(tr.refs)
		tr.refAt[k] = i
		tr.refs = append(tr.refs, refCount{key: k})
	}
	c := &tr.refs[i]
	c.runs++
	if v == nil || v.kind == jsUndefined {
		if c.misses++; c.misses == 1 {
			c.miss = explainMiss(root, rootName, path, v)
			c.miss.Ref = ref
		}
	}
}

// finish records, on each line, the references that reached nothing on
// every run of it.
func (tr *templateTrace) finish() {
	for _, c := range tr.refs {
		if c.misses == c.runs && c.key.line < len(tr.lines) {
			f := &tr.lines[c.key.line]
			f.Misses = append(f.Misses, c.miss)
		}
	}
}

// explainMiss says where path, walked from root, stopped (v is what the
// whole path reached): it walks the path's prefixes with walkJSONPath
// itself, up to the first that reaches nothing.
func explainMiss(root *jsValue, rootName, path string, v *jsValue) PathMiss {
	m := PathMiss{Root: rootName, Path: path}
	prev, at := "", root
	for i := 1; i <= len(path); i++ {
		if i < len(path) && path[i] != '.' && path[i] != '[' {
			continue
		}
		cur := walkJSONPath(root, path[:i])
		if cur.kind == jsUndefined {
			m.Reached, m.Step = prev, strings.TrimPrefix(path[len(prev):i], ".")
			m.Kind, m.Length = kindName(at), arrayLen(at)
			return m
		}
		prev, at = path[:i], cur
	}
	// the whole path reached a value (a for: path reaching no array)
	m.Reached, m.Kind, m.Length = path, kindName(v), arrayLen(v)
	return m
}

// kindName is the JSON type of v ("undefined" for nothing).
func kindName(v *jsValue) string {
	if v == nil {
		return "undefined"
	}
	switch v.kind {
	case jsNull:
		return "null"
	case jsBool:
		return "boolean"
	case jsNumber:
		return "number"
	case jsString:
		return "string"
	case jsArray:
		return "array"
	case jsObject:
		return "object"
	case jsFunction:
		return "function"
	}
	return "undefined"
}

func arrayLen(v *jsValue) int {
	if v != nil && v.kind == jsArray {
		return len(v.arr)
	}
	return 0
}

// fileLine records a save:, decode: or to: line's failure message.
func (tr *templateTrace) message(msg string) {
	if f := tr.at(tr.curOr()); f != nil && msg != "" {
		f.Message = msg
	}
}

// wrote records where a to: line would write.
func (tr *templateTrace) wrote(target, abs string) {
	if f := tr.at(tr.curOr()); f != nil {
		f.Target, f.Resolved = target, abs
	}
}

func (tr *templateTrace) curOr() int {
	if tr == nil {
		return -1
	}
	return tr.cur
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// TemplateLineRaw reports whether helpers.ts executeResponseTemplate
// prints a template line as text although it is written as an
// assignment, a value shortcut or a for:/end:/save:/decode:/to: line: no
// pattern of the runtime's takes it where it stands (inLoop: in a for:
// body, where only value shortcuts are run). It reads the line with the
// patterns templateRun.execute and loop use.
func TemplateLineRaw(line string, inLoop bool) bool {
	if !reTplLooksDirective.MatchString(line) {
		return false
	}
	if inLoop {
		return !reTplSlugLine.MatchString(line) && !reTplEnd.MatchString(line)
	}
	for _, re := range []*regexp.Regexp{reTplAssign.Re(), reTplSlugLine.Re(), reTplFor.Re(), reTplSave.Re(), reTplDecode.Re(), reTplTo.Re()} {
		if re.MatchString(line) {
			return false
		}
	}
	return true
}
