package lsp

import (
	"encoding/json"
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Completion reads the line before the cursor (what is being typed is
// rarely parsed yet: an unclosed backtick, a half-written link) and the
// document's structure around it.
var (
	reDirectiveWord = lazyre.New(`<!--\s*(sfmd-[a-z-]*)$`)
	reRuleName      = lazyre.New(`<!--\s*sfmd-[a-z-]+[ \t]+(?:[a-z0-9-]+[ \t]*,?[ \t]*)*?([a-z0-9-]*)$`)
	reResponse      = lazyre.New(`\{Response\.([A-Za-z0-9_.\[\]]*)$`)
	reActLink       = lazyre.New(`\]\(act:([A-Za-z0-9_-]*)$`)
	reActQuery      = lazyre.New(`\]\(act:([A-Za-z0-9_-]+)\?(?:[^)&\s]*&)*([A-Za-z0-9_-]*)$`)
	reParamType     = lazyre.New(`^[ \t]+[A-Za-z_]\w*(?:,[ \t]*-\w)?[ \t]*:[ \t]*([a-z]*)$`)
	reParamConstr   = lazyre.New(`^[ \t]+[A-Za-z_]\w*(?:,[ \t]*-\w)?[ \t]*:[ \t]*\w+[ \t]+(\(?[a-z]*)$`)
	reFMKey         = lazyre.New(`^([A-Za-z_]*)$`)
	reFMPresent     = lazyre.New(`(?m)^([A-Za-z_][\w-]*)[ \t]*:`)
	reFMValue       = lazyre.New(`^(type|default):[ \t]*([A-Za-z0-9_-]*)$`)
	rePlaceholder   = lazyre.New(`\{([A-Za-z_]\w*)?$`)
)

func (s *server) completion(params json.RawMessage) (any, error) {
	snap, off, err := s.position(params)
	if err != nil {
		return nil, err
	}
	src := snap.text.src
	ls := lineStartBefore(src, off)
	prefix := string(src[ls:off])
	c := &completer{s: s, snap: snap, off: off, prefix: prefix}
	c.complete()
	if c.items == nil {
		c.items = []CompletionItem{}
	}
	return CompletionList{Items: c.items}, nil
}

type completer struct {
	s      *server
	snap   *snapshot
	off    int
	prefix string
	items  []CompletionItem
}

// add proposes newText for the partial word of n bytes before the cursor.
func (c *completer) add(n int, label, newText string, kind int, detail, doc string) {
	start := c.off - n
	it := CompletionItem{Label: label, Kind: kind, Detail: detail, SortText: fmt.Sprintf("%04d", len(c.items)),
		TextEdit: &TextEdit{Range: c.snap.text.rng(start, c.off, c.s.enc), NewText: newText}}
	if doc != "" {
		it.Documentation = &MarkupContent{Kind: "markdown", Value: doc}
	}
	c.items = append(c.items, it)
}

// where the cursor is: frontmatter, an action block, a response template.
func (c *completer) context() (inFM bool, action *sfmd.Action, resp *sfmd.Response) {
	doc := c.snap.doc
	if fm := doc.Frontmatter; fm != nil && c.off > fm.Span.Start.Off() && (c.off < fm.RawSpan.End.Off() || !fm.Closed) {
		if c.off >= fm.RawSpan.Start.Off() {
			return true, nil, nil
		}
	}
	for _, a := range doc.Actions {
		if a.Fence != nil && c.off > a.Fence.OpenSpan.End.Off() && c.off <= a.Span.End.Off() {
			return false, a, nil
		}
	}
	for _, r := range doc.Responses {
		if r.Fence != nil && c.off > r.Fence.OpenSpan.End.Off() && c.off <= r.Span.End.Off() {
			return false, c.snap.idx.owner(r), r
		}
	}
	return false, nil, nil
}

func (c *completer) complete() {
	p := c.prefix
	if m := reDirectiveWord.FindStringSubmatch(p); m != nil {
		for _, kw := range []string{"sfmd-disable-next-line", "sfmd-disable-line", "sfmd-disable-next-block", "sfmd-disable", "sfmd-enable", "sfmd-disable-file"} {
			c.add(len(m[1]), kw, kw, CompletionKeyword, "suppression", "")
		}
		return
	}
	if m := reRuleName.FindStringSubmatch(p); m != nil && !strings.Contains(p[strings.LastIndex(p, "<!--"):], " --") {
		c.add(len(m[1]), "all", "all", CompletionKeyword, "every rule", "")
		for _, a := range c.s.linter.Registry().Rules() {
			c.add(len(m[1]), a.Name, a.Name, CompletionEnum, fmt.Sprintf("%s · %s", a.Severity, a.Profile), a.Doc.Title)
		}
		return
	}
	inFM, action, resp := c.context()
	call := callTyped(p)
	switch {
	case inFM:
		c.frontmatter()
	case resp != nil && reResponse.MatchString(p):
		c.responsePath(reResponse.FindStringSubmatch(p)[1], action, resp)
	case reActQuery.MatchString(p):
		m := reActQuery.FindStringSubmatch(p)
		c.flags(c.snap.idx.actions[m[1]], len(m[2]), "", "=")
	case reActLink.MatchString(p):
		c.actionIDs(len(reActLink.FindStringSubmatch(p)[1]))
	case call != nil:
		if call.inArgs {
			c.flags(c.snap.idx.actions[call.id], len(call.partial), "--", "")
		} else {
			c.actionIDs(len(call.id))
		}
	case action != nil && resp == nil && reParamType.MatchString(p):
		n := len(reParamType.FindStringSubmatch(p)[1])
		for _, t := range sfmd.ParamTypes {
			c.add(n, t.Name, t.Name, CompletionKeyword, "parameter type", t.Doc)
		}
	case action != nil && resp == nil && reParamConstr.MatchString(p):
		n := len(reParamConstr.FindStringSubmatch(p)[1])
		c.add(n, "(required)", "(required)", CompletionKeyword, "the caller must give it", "")
		c.add(n, "(optional)", "(optional)", CompletionKeyword, "the default", "")
	case (action != nil || resp != nil) && rePlaceholder.MatchString(p):
		c.placeholders(len(rePlaceholder.FindStringSubmatch(p)[1]), action, resp)
	}
}

func (c *completer) actionIDs(n int) {
	for _, a := range c.snap.doc.Actions {
		if a.ID != "" && c.snap.idx.actions[a.ID] == a {
			c.add(n, a.ID, a.ID, CompletionFunction, short(a.FirstLine.Text), actionDoc(a))
		}
	}
}

// flags proposes the parameters of a: "--name" in hints, "name=" in act:
// link queries.
func (c *completer) flags(a *sfmd.Action, n int, dashes, suffix string) {
	if a == nil {
		return
	}
	for _, p := range a.Params {
		label := dashes + p.Name + suffix
		c.add(n, label, label, CompletionField, paramSignature(p), paramDoc(p))
	}
}

func (c *completer) frontmatter() {
	p := c.prefix
	if m := reFMValue.FindStringSubmatch(p); m != nil {
		n := len(m[2])
		if m[1] == "type" {
			for _, t := range sfmd.PackageTypes {
				c.add(n, t.Name, t.Name, CompletionValue, t.Doc, "")
			}
			return
		}
		c.actionIDs(n)
		return
	}
	m := reFMKey.FindStringSubmatch(p)
	if m == nil {
		return
	}
	// The keys written so far, read from the text: while a line is being
	// typed the YAML is usually invalid.
	present := map[string]bool{}
	if fm := c.snap.doc.Frontmatter; fm != nil && fm.RawSpan.IsValid() {
		for _, m := range reFMPresent.FindAllStringSubmatch(string(c.snap.text.src[fm.RawSpan.Start.Offset:min(fm.RawSpan.End.Off(), len(c.snap.text.src))]), -1) {
			present[m[1]] = true
		}
	}
	for _, k := range sfmd.FrontmatterFields {
		if present[k.Key] || k.Hidden {
			continue
		}
		c.add(len(m[1]), k.Key, k.Key+": ", CompletionProperty, "frontmatter", k.Doc)
	}
}

// responsePath completes {Response.…}: the roots, then the keys the test
// suites recorded at the path typed so far.
func (c *completer) responsePath(typed string, a *sfmd.Action, r *sfmd.Response) {
	dot := strings.LastIndexAny(typed, ".[")
	if dot < 0 {
		roots := []string{"body", "status"}
		if a != nil && a.IsCLI() {
			roots = append(roots, "exit_code", "stdout", "stderr")
		}
		for _, root := range roots {
			c.add(len(typed), root, root, CompletionProperty, "Response."+root, "")
		}
		return
	}
	root, path, ok := parseResponsePath(typed[:dot])
	if !ok {
		return
	}
	keys := map[string]string{}
	for _, smp := range c.s.responseSamples(c.snap.d.path, r.ActionID, root, path, 20) {
		v := smp.value
		if arr, ok := v.([]any); ok && len(arr) > 0 {
			v = arr[0]
		}
		if m, ok := v.(map[string]any); ok {
			for k, e := range m {
				keys[k] = jsonType(e)
			}
		}
	}
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	partial := len(typed) - dot - 1
	for _, k := range names {
		c.add(partial, k, k, CompletionField, keys[k], "recorded in the document's test suites")
	}
}

// placeholders proposes the names a {…} can use where the cursor is: the
// action's parameters, session variables, and in templates Response.
func (c *completer) placeholders(n int, a *sfmd.Action, r *sfmd.Response) {
	if r != nil {
		c.add(n, "Response.body", "Response.body", CompletionProperty, "the response body", "")
		c.add(n, "Response.status", "Response.status", CompletionProperty, "the HTTP status or exit code", "")
	}
	if a != nil {
		for _, p := range a.Params {
			c.add(n, p.Name, p.Name, CompletionField, paramSignature(p), paramDoc(p))
		}
	}
	seen := map[string]bool{}
	for _, resp := range c.snap.doc.Responses {
		for _, l := range resp.Lines {
			if l.Kind == sfmd.LineAssign && l.LHS != "" && !seen[l.LHS] && (a == nil || a.Param(l.LHS) == nil) {
				seen[l.LHS] = true
				c.add(n, l.LHS, l.LHS, CompletionVariable, "session variable", strings.TrimSpace(l.Line.Text))
			}
		}
	}
}

// typedCall is the /act call the text before the cursor ends in.
type typedCall struct {
	id      string // the action ID (typed so far, when !inArgs)
	inArgs  bool   // the cursor is in its arguments
	partial string // the argument typed so far
}

// idChars are the bytes completion takes for an action ID or a flag
// being typed.
var idChars = sfmd.Chars("A-Z", "a-z", "0-9", "_-")

func allOf(s string, set *[256]bool) bool {
	for i := 0; i < len(s); i++ {
		if !set[s[i]] {
			return false
		}
	}
	return true
}

// callTyped reads the last /act call in p as the parser reads a hint
// (sfmd.ActCallTarget), or nil: the ID being typed, or, once a blank
// follows the ID, the flag being typed (no backtick since the ID).
func callTyped(p string) *typedCall {
	at := strings.LastIndex(p, "/act")
	if at < 0 {
		return nil
	}
	off, ok := sfmd.ActCallTarget(p[at:])
	if !ok {
		return nil
	}
	rest := p[at+off:]
	e := strings.IndexAny(rest, " \t")
	if e < 0 {
		if !allOf(rest, idChars) {
			return nil
		}
		return &typedCall{id: rest}
	}
	id, args := rest[:e], rest[e+1:]
	partial := args[strings.LastIndexAny(args, " \t")+1:]
	if id == "" || !allOf(id, idChars) || strings.Contains(args, "`") || !allOf(partial, idChars) {
		return nil
	}
	return &typedCall{id: id, inArgs: true, partial: partial}
}
