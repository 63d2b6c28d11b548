package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Coverage records what the calls made with it reached, for sfmd test
// --cover: the actions they ran, the response-template lines they
// rendered and the error paths they took. A nil *Coverage records
// nothing. It is not safe for concurrent use: one suite run owns one.
type Coverage struct {
	// Actions by id.
	Actions map[string]*ActionCoverage
	// Shown holds what sessions showed: ShownKey(path, "", "") for a page
	// opened whole (/open, /back, /refresh), ShownKey(path, block, "") for
	// one of its blocks, ShownKey(path, "", menu) for a menu unfolded on
	// the page's first view or listed by /nav <menu>. Paths are the
	// session's (virtual) paths of the pages.
	Shown map[string]bool
	cur   *ActionCoverage
}

// ShownKey is the key of Coverage.Shown for a page, one of its blocks or
// one of its menus.
func ShownKey(path, block, menu string) string {
	switch {
	case block != "":
		return path + "#" + block
	case menu != "":
		return path + " menu " + menu
	}
	return path
}

// shown records that the session showed key (see Shown).
func (c *Coverage) shown(key string) {
	if c == nil {
		return
	}
	if c.Shown == nil {
		c.Shown = map[string]bool{}
	}
	c.Shown[key] = true
}

// ActionCoverage is what the calls of one action reached.
type ActionCoverage struct {
	Calls int
	// Lines holds the indexes (0-based, in the action's response
	// template) of the lines that rendered at least once: every line of a
	// template that ran, the body of a for: loop only when it iterated.
	Lines map[int]bool
	// Paths holds the error paths calls ended on.
	Paths map[ErrorPath]bool
}

// ErrorPath is a way an action's call fails that a suite should exercise.
type ErrorPath string

// The error paths (runtime-semantics.md §1.7, §1.9, §1.11, §2).
const (
	PathRequired   ErrorPath = "required"    // a required field without default left out
	PathHTTPStatus ErrorPath = "http-status" // the server answered with a non-2xx status
	PathTransport  ErrorPath = "transport"   // the request failed (connection refused, timeout)
	PathExit       ErrorPath = "exit-status" // a CLI command exited non-zero
)

// NewCoverage returns an empty Coverage.
func NewCoverage() *Coverage {
	return &Coverage{Actions: map[string]*ActionCoverage{}}
}

// enter starts recording a call of action id.
func (c *Coverage) enter(id string) {
	if c == nil {
		return
	}
	a := c.Actions[id]
	if a == nil {
		a = &ActionCoverage{Lines: map[int]bool{}, Paths: map[ErrorPath]bool{}}
		c.Actions[id] = a
	}
	a.Calls++
	c.cur = a
}

// line records that line i of the current call's template rendered.
func (c *Coverage) line(i int) {
	if c == nil || c.cur == nil {
		return
	}
	c.cur.Lines[i] = true
}

// Finish ends the call that produced res, recording the error path it
// ended on. The harness calls it after every Run.
func (c *Coverage) Finish(res Result) {
	if c == nil || c.cur == nil {
		return
	}
	if p := errorPath(res); p != "" {
		c.cur.Paths[p] = true
	}
	c.cur = nil
}

// errorPath classifies a failed call by the texts http.go, required.go
// and response.go give it.
func errorPath(res Result) ErrorPath {
	if res.OK {
		return ""
	}
	switch {
	case res.Code == codeInvalidPayload && strings.HasPrefix(res.Content, "Missing required flags: "):
		return PathRequired
	case res.Code == codeNotFound && strings.HasPrefix(res.Content, "Not found: "),
		res.Code == codeLoadError && strings.HasPrefix(res.Content, "HTTP "):
		return PathHTTPStatus
	case res.Code == codeLoadError && strings.HasPrefix(res.Content, "Network error: fetch failed"):
		return PathTransport
	case strings.HasPrefix(res.Code, "EXIT_"):
		return PathExit
	}
	return ""
}

// ActionInfo describes an action as the runtime reads it (the reference
// parser's view: what an agent can call).
type ActionInfo struct {
	ID     string
	Method string // upper case: GET, POST, PUT, PATCH, DELETE, CLI
	Fields []FieldInfo
	// Headers are the names of the action's -H headers, in order.
	Headers []string
	// Template holds the lines of the response template; HasTemplate is
	// false when the action has none.
	Template    []string
	HasTemplate bool
}

// FieldInfo is one parameter of an action.
type FieldInfo struct {
	Name, Type, Short, Default string
	Required, HasDefault       bool
}

// CLI reports whether the action runs a command.
func (a ActionInfo) CLI() bool { return a.Method == "CLI" }

// ErrorPaths lists the error paths a call of the action can take: a
// status or transport failure for HTTP, a non-zero exit for CLI, and a
// missing required field when a required field has no default.
func (a ActionInfo) ErrorPaths() []ErrorPath {
	var out []ErrorPath
	for _, f := range a.Fields {
		if f.Required && !f.HasDefault {
			out = append(out, PathRequired)
			break
		}
	}
	if a.CLI() {
		return append(out, PathExit)
	}
	return append(out, PathHTTPStatus, PathTransport)
}

// upperMethod is strings.ToUpper(m) for a method the reference parser
// read (lowerMethod's), without a copy for the methods it knows.
func upperMethod(m string) string {
	switch m {
	case "get":
		return "GET"
	case "post":
		return "POST"
	case "put":
		return "PUT"
	case "patch":
		return "PATCH"
	case "delete":
		return "DELETE"
	case "cli":
		return "CLI"
	}
	return strings.ToUpper(m)
}

// Actions lists the document's actions as the runtime reads them, in
// document order, one per id (a call finds the first action of an id).
// Their fields are the parse's own lists (read-only: no caller writes
// them), their header names and template lines cut from two lists made
// for all of them (TestActionsSlabs holds them to lists made one by one).
func (p *Parsed) Actions() []ActionInfo {
	if p == nil || p.ref == nil {
		return nil
	}
	n, nh, nl := 0, 0, 0
	for _, a := range p.ref.Actions {
		if a.isFirst {
			n, nh = n+1, nh+len(a.Headers)
			if a.HasResp {
				nl += strings.Count(a.Response, "\n") + 1
			}
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]ActionInfo, 0, n)
	sl := infoSlabs{headers: make([]string, 0, nh), lines: make([]string, 0, nl)}
	for _, a := range p.ref.Actions {
		if a.isFirst { // not the first of its id: no call finds it
			out = append(out, sl.info(a))
		}
	}
	return out
}

// FirstActions is, when the reference parse read the actions of as
// (the linter's, in document order) with the same ids in the same order,
// the action of as at the place of each action Actions lists: the first
// of its id in as as in the parse, found without a map of ids. It is nil
// when the two lists differ (in length or in an id at some place).
// TestFirstActions holds it to a search of as for each id.
func (p *Parsed) FirstActions(as []*sfmd.Action) []*sfmd.Action {
	if p == nil || p.ref == nil || len(p.ref.Actions) != len(as) {
		return nil
	}
	for i, a := range p.ref.Actions {
		if a.ID != as[i].ID {
			return nil
		}
	}
	out := make([]*sfmd.Action, 0, p.ref.firsts())
	for i, a := range p.ref.Actions {
		if a.isFirst {
			out = append(out, as[i])
		}
	}
	return out
}

// SameTemplates reports whether the reference parse read the response
// templates rs lists (the linter's, in document order): as many, with
// the same ids in the same order. ActionSource.Template's places are
// then places in rs. TestSameTemplates holds it to a lookup of each id.
func (p *Parsed) SameTemplates(rs []*sfmd.Response) bool {
	if p == nil || p.ref == nil || len(p.ref.templates) != len(rs) {
		return false
	}
	for i, r := range p.ref.templates {
		if r.id != rs[i].ActionID {
			return false
		}
	}
	return true
}

// Template is the place, among the response templates the parse read
// in document order, of the one a call of this action runs (the last of
// its id: parser.ts parse keeps them in a Map by id), or -1 for none.
func (s ActionSource) Template() int {
	if s.a == nil {
		return -1
	}
	return s.a.tmpl - 1
}

// infoSlabs holds the lists an ActionInfo's slices are cut from.
type infoSlabs struct {
	headers []string
	lines   []string
}

// actionInfo is what Actions lists of the action a, in lists of its own.
func actionInfo(a *refAction) ActionInfo {
	var sl infoSlabs
	return sl.info(a)
}

// info is actionInfo, its slices cut from sl's lists (each with no room
// past its end, so that an append to one cannot write over the next).
func (sl *infoSlabs) info(a *refAction) ActionInfo {
	info := ActionInfo{ID: a.ID, Method: upperMethod(a.Method), HasTemplate: a.HasResp}
	info.Fields = a.Fields // the parse's own list (no room past its end: endFields)
	if len(a.Headers) > 0 {
		at := len(sl.headers)
		for _, h := range a.Headers {
			sl.headers = append(sl.headers, h.Key)
		}
		info.Headers = sl.headers[at:len(sl.headers):len(sl.headers)]
	}
	if a.HasResp {
		at := len(sl.lines)
		for rest, more := a.Response, true; more; { // splitLines
			var line string
			line, rest, more = cutLine(rest)
			sl.lines = append(sl.lines, line)
		}
		info.Template = sl.lines[at:len(sl.lines):len(sl.lines)]
	}
	return info
}
