package model

import (
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
// the request returned (Body, JSON or text) or, for a CLI action, what the
// command printed (Body is its stdout).
type TemplateResponse struct {
	Status int // HTTP status or exit code; 0 means 200 (HTTP) or 0 (CLI)
	Body   string
	Stderr string
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
}

// DryRunCwd is the working directory a dry run resolves to: paths
// against (the runtime's process.cwd()).
const DryRunCwd = "/home"

// DryRunTemplate runs the response template of action id for the call
// `/act.<id> <args>` (session variables vars, env store store) against
// resp, as a real call would once the request returned resp. ok is false
// when p has no such action with a template, or args ask for help.
func (p *Parsed) DryRunTemplate(id, args string, vars, store map[string]string, resp TemplateResponse) (TemplateDry, bool) {
	c, ok := p.dryCall(id, args, vars, store)
	if !ok || !c.a.HasResp {
		return TemplateDry{}, false
	}
	if res := c.prepare(); res != nil {
		return TemplateDry{Code: res.Code, Message: res.Content}, true
	}
	out := actionOutput{source: resp.Body, status: resp.Status, cli: c.isCLI}
	if c.isCLI {
		out.stdout, out.stderr = resp.Body, resp.Stderr
	} else if out.status == 0 {
		out.status = 200
	}
	out.jsonBody = jsonParse(out.source)
	lines := splitLines(c.a.Response)
	tr := &templateTrace{lines: make([]TemplateLineFact, len(lines))}
	c.trace = tr
	res := c.respond(out)
	d := TemplateDry{Text: tr.text, Output: res.Content, Lines: tr.lines, Code: res.Code}
	if res.Limit != "" {
		d.Message = res.Limit
	}
	d.Vars = map[string]string{}
	for k, v := range c.rt.session().Vars {
		if old, was := vars[k]; !was || old != v {
			d.Vars[k] = v
		}
	}
	return d, true
}

// dryCall is the call `/act.<id> <args>` on p's document in a runtime of
// its own: session variables vars, env store store, no network, no
// process, no file system.
func (p *Parsed) dryCall(id, args string, vars, store map[string]string) (*call, bool) {
	if p == nil || p.ref == nil {
		return nil, false
	}
	a := p.ref.action(id)
	if a == nil || asksHelp(args) {
		return nil, false
	}
	rt := p.dryRuntime(vars, store)
	return &call{rt: rt, doc: p.ref, a: a, flagStr: args, extra: rt.contextVars(args), isCLI: a.Method == "cli"}, true
}

// templateTrace records, during a dry run, what templateRun does with
// each line. Its methods do nothing on a nil trace (a real call).
type templateTrace struct {
	lines []TemplateLineFact
	cur   int
	text  string
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
		f.Raw = kind == "text" && reTplLooksDirective.MatchString(src)
	}
}

// walked records the path line li walks and whether it found a value.
func (tr *templateTrace) walked(li int, p string, found bool) {
	if f := tr.at(li); f != nil {
		f.Path, f.Found = p, found
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
			if reTplSlugLine.MatchString(lines[i]) {
				f.Kind = "value-shortcut"
			}
		}
		f.Raw = f.Kind == "text" && reTplLooksDirective.MatchString(lines[i])
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

// ref records a reference of the current line and what it reached.
func (tr *templateTrace) ref(ref string, v *jsValue) {
	f := tr.at(tr.curOr())
	if f == nil {
		return
	}
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
