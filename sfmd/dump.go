package sfmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// This file renders a *Document in two forms:
//
//   - DumpJSON: a stable, indented JSON document for editors, scripts and
//     tests. Field names and order are fixed by the dump structs below (not
//     by the AST types, which may grow); every position is 1-based (line,
//     column in Unicode characters). Lists are always present (never null);
//     optional scalars are null when absent.
//   - DumpText: a readable indented tree with every span as
//     "line:col-line:col", used by the golden tests in testdata.

// ---------------------------------------------------------------------------
// JSON

// loc is the flattened position of an item: where it starts and ends.
type loc struct {
	Line      int `json:"line"`
	Column    int `json:"column"`
	EndLine   int `json:"end_line"`
	EndColumn int `json:"end_column"`
}

func locOf(s Span) loc {
	return loc{Line: int(s.Start.Line), Column: int(s.Start.Col), EndLine: int(s.End.Line), EndColumn: int(s.End.Col)}
}

// jspan is a sub-token position, [line, column, end_line, end_column], or
// null when the token is absent.
type jspan *[4]int

func spanOf(s Span) jspan {
	if !s.IsValid() {
		return nil
	}
	return &[4]int{int(s.Start.Line), int(s.Start.Col), int(s.End.Line), int(s.End.Col)}
}

type jsonFM struct {
	loc
	Closed    bool        `json:"closed"`
	Raw       string      `json:"raw"`
	YAMLError *string     `json:"yaml_error"`
	Fields    []jsonField `json:"fields"`
	Env       []jsonEnv   `json:"env"`
}

type jsonField struct {
	Key   string `json:"key"`
	Value any    `json:"value"` // the YAML value decoded, or null
	Line  int    `json:"line"`
	// Column of the key.
	Column int `json:"column"`
}

type jsonEnv struct {
	Name        string      `json:"name"`
	Form        string      `json:"form"`
	Description *string     `json:"description"`
	Default     any         `json:"default"`
	Required    bool        `json:"required"`
	Line        int         `json:"line"`
	Column      int         `json:"column"`
	Extra       []jsonField `json:"extra"`
}

type jsonFence struct {
	loc
	Char   string `json:"char"`
	Length int    `json:"length"`
	Info   string `json:"info"`
	Indent int    `json:"indent"`
	Closed bool   `json:"closed"`
	Lines  int    `json:"lines"`
	// Nested: the inner opening line and the intended closing line of
	// a recovered nesting; MissingClose: the block's last line
	NestedInner  jspan `json:"nested_inner,omitempty"`
	NestedClose  jspan `json:"nested_close,omitempty"`
	MissingClose jspan `json:"missing_close_after,omitempty"`
}

type jsonAct struct {
	ID string `json:"id"`
	loc
	Method       string       `json:"method"`
	MethodRaw    string       `json:"method_raw"`
	Target       *string      `json:"target"`
	TargetSpan   jspan        `json:"target_span"`
	Headers      []jsonHeader `json:"headers"`
	InlineBody   *string      `json:"inline_body"`
	Stray        []jsonToken  `json:"stray"`
	Params       []jsonParam  `json:"params"`
	Body         *string      `json:"body"`
	BodyLine     int          `json:"body_line,omitempty"`
	ExtraBodies  []string     `json:"extra_bodies,omitempty"`
	Continuation []jsonToken  `json:"continuation,omitempty"`
	Unrecognized []jsonToken  `json:"unrecognized"`
	// Refs are the references in the target, headers, bodies and defaults.
	Refs []jsonRef `json:"refs"`
}

type jsonToken struct {
	Text string `json:"text"`
	loc
}

type jsonHeader struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Raw    string `json:"raw"`
	Quote  string `json:"quote"`
	Closed bool   `json:"closed"`
	Valid  bool   `json:"valid"`
	loc
}

type jsonParam struct {
	Name        string  `json:"name"`
	Alias       string  `json:"alias"`
	Type        string  `json:"type"`
	Required    bool    `json:"required"`
	Optional    bool    `json:"optional"`
	Default     *string `json:"default"`
	Description *string `json:"description"`
	loc
	Indent         int        `json:"indent"`
	Tabs           bool       `json:"tabs"`
	Constraints    []jsonCons `json:"constraints"`
	CanonicalOrder bool       `json:"canonical_order"`
	TrailingSpace  bool       `json:"trailing_space"`
	Strict         bool       `json:"strict"`
	NameSpan       jspan      `json:"name_span"`
	TypeSpan       jspan      `json:"type_span"`
	DefaultRefs    []jsonRef  `json:"default_refs"`
}

type jsonCons struct {
	Kind  string `json:"kind"`
	Text  string `json:"text"`
	Value string `json:"value"`
	loc
}

type jsonResp struct {
	Action string `json:"action"`
	loc
	Lines []jsonTLine `json:"lines"`
}

type jsonTLine struct {
	Kind   string    `json:"kind"`
	Line   int       `json:"line"`
	Text   string    `json:"text"`
	Strict bool      `json:"strict_assign,omitempty"`
	LHS    string    `json:"lhs,omitempty"`
	RHS    *string   `json:"rhs,omitempty"`
	Arg    string    `json:"arg,omitempty"`
	Item   string    `json:"item,omitempty"`
	For    *bool     `json:"for_valid,omitempty"`
	Loop   int       `json:"loop"`
	Refs   []jsonRef `json:"refs"`
}

type jsonRef struct {
	Kind      string   `json:"kind"`
	Raw       string   `json:"raw"`
	Name      string   `json:"name"`
	Path      string   `json:"path,omitempty"`
	Index     *int     `json:"index,omitempty"`
	Modifiers []string `json:"modifiers,omitempty"`
	Quoted    bool     `json:"quoted,omitempty"`
	Problem   string   `json:"problem,omitempty"`
	loc
}

type jsonMark struct {
	ID      string `json:"id"`
	Open    bool   `json:"open"`
	OwnLine bool   `json:"own_line"`
	Exact   bool   `json:"exact"`
	loc
}

type jsonCmt struct {
	Text    string `json:"text"`
	OwnLine bool   `json:"own_line"`
	loc
}

type jsonDir struct {
	Type    string  `json:"type"`
	Name    *string `json:"name"`
	Path    string  `json:"path"`
	OwnLine bool    `json:"own_line"`
	InBlock string  `json:"in_block,omitempty"`
	loc
}

type jsonShort struct {
	Form  string `json:"form"`
	ID    string `json:"id"`
	Label string `json:"label"`
	URL   string `json:"url"`
	loc
}

type jsonLink struct {
	Label string      `json:"label"`
	Dest  string      `json:"dest"`
	Act   *jsonActRef `json:"act"`
	loc
}

type jsonActRef struct {
	ID       string           `json:"id"`
	Query    []jsonQueryParam `json:"query"`
	Fragment *string          `json:"fragment"`
}

type jsonQueryParam struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

type jsonHint struct {
	Text       string    `json:"text"`
	Verb       string    `json:"verb"`
	Target     string    `json:"target"`
	Args       string    `json:"args"`
	InResponse string    `json:"in_response,omitempty"`
	Refs       []jsonRef `json:"refs"`
	loc
}

type jsonProb struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	loc
}

// DumpJSON renders doc as an indented JSON document whose shape is fixed by
// this file (see the package's testdata and the `sfmd parse` command).
func DumpJSON(doc *Document) ([]byte, error) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteJSON writes DumpJSON's output to w as it goes: one item (a fence,
// an action, a problem…) is held in memory at a time, so memory does not
// grow with the output (a 200 MB document took 20 GB as one value). The
// top-level keys, in order: path, lines, bom, crlf_lines, frontmatter,
// fences, actions, responses, blocks, comments, directives, shortcuts,
// links, hints, prose_vars, problems.
func WriteJSON(w io.Writer, doc *Document) error {
	if doc == nil {
		return fmt.Errorf("sfmd: nothing to dump: the document is nil")
	}
	jw := &jsonWriter{w: bufio.NewWriterSize(w, 64<<10)}
	// no HTML escaping: URLs with "&" and hints with "<name>" stay readable
	jw.enc = json.NewEncoder(&jw.item)
	jw.enc.SetEscapeHTML(false)
	jw.enc.SetIndent("  ", "  ")
	lines := 0
	if doc.Index != nil {
		lines = doc.Index.LineCount()
	}
	jw.raw("{\n")
	jw.field("path", doc.Path)
	jw.field("lines", lines)
	jw.field("bom", doc.HasBOM)
	jw.field("crlf_lines", doc.CRLF)
	if fm := doc.Frontmatter; fm != nil {
		jw.field("frontmatter", jsonFrontmatter(fm))
	} else {
		jw.field("frontmatter", nil)
	}
	jsonList(jw, "fences", doc.Fences, func(f *Fence) any {
		jf := jsonFence{
			loc: locOf(f.Span), Char: string(rune(f.Char)), Length: f.Length, Info: f.Info,
			Indent: f.Indent, Closed: f.Closed, Lines: len(f.Lines),
		}
		if n := f.Nested; n != nil {
			jf.NestedInner, jf.NestedClose = spanOf(n.Inner), spanOf(n.Close)
		}
		if m := f.MissingClose; m != nil {
			jf.MissingClose = spanOf(m.Last)
		}
		return jf
	})
	jsonList(jw, "actions", doc.Actions, func(a *Action) any { return jsonAction(a) })
	jsonList(jw, "responses", doc.Responses, func(r *Response) any { return jsonResponse(r) })
	jsonList(jw, "blocks", doc.Markers, func(m *Marker) any {
		return jsonMark{ID: m.ID, Open: m.Open, OwnLine: m.OwnLine, Exact: m.Exact, loc: locOf(m.Span)}
	})
	jsonList(jw, "comments", doc.Comments, func(c *Comment) any {
		return jsonCmt{Text: c.Text, OwnLine: c.OwnLine, loc: locOf(c.Span)}
	})
	jsonList(jw, "directives", doc.Directives, func(d *Directive) any {
		jd := jsonDir{Type: d.Type, Path: d.Path, OwnLine: d.OwnLine, InBlock: d.InBlock, loc: locOf(d.Span)}
		if d.HasColon || d.Name != "" {
			jd.Name = strPtr(d.Name)
		}
		return jd
	})
	jsonList(jw, "shortcuts", doc.Shortcuts, func(s *Shortcut) any {
		return jsonShort{Form: s.Form.String(), ID: s.ID, Label: s.Label, URL: s.URL, loc: locOf(s.Span)}
	})
	jsonList(jw, "links", doc.Links, jsonLinkOf)
	jsonList(jw, "hints", doc.Hints, func(h *Hint) any {
		return jsonHint{
			Text: h.Text, Verb: h.Verb, Target: h.Target, Args: h.Args,
			InResponse: h.InResponse, Refs: jsonRefs(h.Refs), loc: locOf(h.Span),
		}
	})
	jsonList(jw, "prose_vars", doc.ProseVars, func(r *VarRef) any { return jsonRefOf(r) })
	jw.last = true
	jsonList(jw, "problems", problemPtrs(doc.Problems), func(p *Problem) any {
		return jsonProb{Code: p.Code, Message: p.Message, loc: locOf(p.Span)}
	})
	jw.raw("}\n")
	if jw.err == nil {
		jw.err = jw.w.Flush()
	}
	if jw.err != nil {
		return fmt.Errorf("writing %q as JSON: %w", doc.Path, jw.err)
	}
	return nil
}

// jsonWriter writes the top-level object of WriteJSON field by field,
// in the bytes encoding/json's indented encoder would write for the
// whole object.
type jsonWriter struct {
	w    *bufio.Writer
	enc  *json.Encoder // into item, indented for a top-level field
	item bytes.Buffer
	last bool // the next field is the last one
	err  error
}

func (jw *jsonWriter) raw(s string) {
	if jw.err == nil {
		_, jw.err = jw.w.WriteString(s)
	}
}

// value writes v encoded at the depth of the top-level fields' values
// (prefix is the indentation of the lines after the first).
func (jw *jsonWriter) value(v any, prefix string) {
	if jw.err != nil {
		return
	}
	jw.item.Reset()
	jw.enc.SetIndent(prefix, "  ")
	if jw.err = jw.enc.Encode(v); jw.err != nil {
		return
	}
	b := jw.item.Bytes()
	_, jw.err = jw.w.Write(b[:len(b)-1]) // Encode ends with a newline
}

func (jw *jsonWriter) key(name string) {
	jw.raw("  \"" + name + "\": ")
}

func (jw *jsonWriter) end() {
	if jw.last {
		jw.raw("\n")
	} else {
		jw.raw(",\n")
	}
}

func (jw *jsonWriter) field(name string, v any) {
	jw.key(name)
	jw.value(v, "  ")
	jw.end()
}

// jsonList writes a top-level list field, one item at a time, skipping
// nil items; an empty list is [].
func jsonList[T any](jw *jsonWriter, name string, items []*T, item func(*T) any) {
	jw.key(name)
	n := 0
	for _, x := range items {
		if x == nil {
			continue
		}
		if n == 0 {
			jw.raw("[\n    ")
		} else {
			jw.raw(",\n    ")
		}
		jw.value(item(x), "    ")
		n++
	}
	if n == 0 {
		jw.raw("[]")
	} else {
		jw.raw("\n  ]")
	}
	jw.end()
}

func problemPtrs(ps []Problem) []*Problem {
	out := make([]*Problem, len(ps))
	for i := range ps {
		out[i] = &ps[i]
	}
	return out
}

func jsonLinkOf(l *Link) any {
	jl := jsonLink{Label: l.Label, Dest: l.Dest, loc: locOf(l.Span)}
	if l.IsAct {
		ar := &jsonActRef{ID: l.ActID, Query: []jsonQueryParam{}}
		for _, q := range l.ActQuery {
			ar.Query = append(ar.Query, jsonQueryParam{Key: q.Key, Value: q.Value})
		}
		if l.HasFrag {
			ar.Fragment = strPtr(l.Fragment)
		}
		jl.Act = ar
	}
	return jl
}

func strPtr(s string) *string { return &s }

func jsonFrontmatter(fm *Frontmatter) *jsonFM {
	j := &jsonFM{loc: locOf(fm.Span), Closed: fm.Closed, Raw: fm.Raw, Fields: []jsonField{}, Env: []jsonEnv{}}
	if fm.YAMLError != "" {
		j.YAMLError = strPtr(fm.YAMLError)
	}
	for _, f := range fm.Fields {
		if f != nil {
			j.Fields = append(j.Fields, jsonFieldOf(f))
		}
	}
	for _, e := range fm.Env {
		if e == nil {
			continue
		}
		je := jsonEnv{
			Name: e.Name, Form: envFormName(e.Form), Required: e.Default == nil,
			Line: int(e.Span.Start.Line), Column: int(e.Span.Start.Col), Extra: []jsonField{},
		}
		if e.NameSpan.IsValid() {
			je.Line, je.Column = int(e.NameSpan.Start.Line), int(e.NameSpan.Start.Col)
		}
		if e.HasDescription {
			je.Description = strPtr(e.Description)
		}
		if e.Default != nil {
			je.Default = yamlValue(e.Default)
		}
		for _, f := range e.Extra {
			if f != nil {
				je.Extra = append(je.Extra, jsonFieldOf(f))
			}
		}
		j.Env = append(j.Env, je)
	}
	return j
}

func jsonFieldOf(f *Field) jsonField {
	return jsonField{Key: f.Key, Value: yamlValue(f.Value), Line: int(f.KeySpan.Start.Line), Column: int(f.KeySpan.Start.Col)}
}

// yamlValue decodes a YAML node into plain Go values that encoding/json
// can write (maps with non-string keys are rendered with string keys).
// An undecodable scalar yields its text; an undecodable collection or
// alias (aliases that expand too far: frontmatter-invalid-yaml) null.
func yamlValue(n *yaml.Node) any {
	if n == nil {
		return nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		if n.Kind == yaml.ScalarNode {
			return n.Value
		}
		return nil
	}
	return jsonSafe(v, 0)
}

func jsonSafe(v any, depth int) any {
	if depth > 100 { // a YAML alias bomb or absurd nesting: stop here
		return nil
	}
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = jsonSafe(e, depth+1)
		}
		return m
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonSafe(e, depth+1)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = jsonSafe(e, depth+1)
		}
		return s
	case float64:
		// JSON cannot carry .inf / .nan
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
		return x
	default:
		return x
	}
}

func jsonAction(a *Action) jsonAct {
	j := jsonAct{
		ID: a.ID, loc: locOf(a.Span), Method: a.Method, MethodRaw: a.MethodRaw,
		Headers: []jsonHeader{}, Stray: []jsonToken{}, Params: []jsonParam{},
		Unrecognized: []jsonToken{}, Refs: []jsonRef{},
	}
	if a.Target != nil {
		j.Target = strPtr(a.Target.Text)
		j.TargetSpan = spanOf(a.Target.Span)
		j.Refs = append(j.Refs, jsonRefs(a.Target.Refs)...)
	}
	for _, h := range a.Headers {
		if h == nil {
			continue
		}
		jh := jsonHeader{Name: h.Name, Raw: h.Raw, Quote: quoteName(h.Quote), Closed: h.Closed, Valid: h.Valid, loc: locOf(h.Span)}
		if h.Value != nil {
			jh.Value = h.Value.Text
			j.Refs = append(j.Refs, jsonRefs(h.Value.Refs)...)
		}
		j.Headers = append(j.Headers, jh)
	}
	if ib := a.InlineBody; ib != nil && ib.Template != nil {
		j.InlineBody = strPtr(ib.Template.Text)
		j.Refs = append(j.Refs, jsonRefs(ib.Template.Refs)...)
	} else if ib != nil {
		j.InlineBody = strPtr("")
	}
	for _, t := range a.Stray {
		if t != nil {
			j.Stray = append(j.Stray, jsonToken{Text: t.Text, loc: locOf(t.Span)})
		}
	}
	for _, p := range a.Params {
		if p != nil {
			j.Params = append(j.Params, jsonParamOf(p))
			j.Refs = append(j.Refs, jsonRefs(p.DefaultRefs)...)
		}
	}
	for i, b := range a.Bodies {
		if b == nil {
			continue
		}
		text := ""
		if b.Template != nil {
			text = b.Template.Text
			j.Refs = append(j.Refs, jsonRefs(b.Template.Refs)...)
		}
		if i == 0 {
			j.Body = strPtr(text)
			j.BodyLine = int(b.DirectiveSpan.Start.Line)
		} else {
			j.ExtraBodies = append(j.ExtraBodies, text)
		}
	}
	for _, l := range a.Continuation {
		j.Continuation = append(j.Continuation, jsonToken{Text: l.Text, loc: locOf(l.Span)})
	}
	for _, l := range a.Unrecognized {
		if l != nil {
			j.Unrecognized = append(j.Unrecognized, jsonToken{Text: l.Text, loc: locOf(l.Span)})
		}
	}
	return j
}

func jsonParamOf(p *Param) jsonParam {
	j := jsonParam{
		Name: p.Name, Alias: p.Alias, Type: p.Type, Required: p.Required, Optional: p.Optional,
		loc: locOf(p.Span), Indent: p.Indent, Tabs: p.Tabs, Constraints: []jsonCons{},
		CanonicalOrder: p.CanonicalOrder, TrailingSpace: p.TrailingSpace, Strict: p.Strict,
		NameSpan: spanOf(p.NameSpan), TypeSpan: spanOf(p.TypeSpan), DefaultRefs: jsonRefs(p.DefaultRefs),
	}
	if p.HasDefault {
		j.Default = strPtr(p.Default)
	}
	if p.HasDescription {
		j.Description = strPtr(p.Description)
	}
	for _, c := range p.Constraints {
		if c != nil {
			j.Constraints = append(j.Constraints, jsonCons{Kind: c.Kind.String(), Text: c.Text, Value: c.Value, loc: locOf(c.Span)})
		}
	}
	return j
}

func jsonResponse(r *Response) jsonResp {
	j := jsonResp{Action: r.ActionID, loc: locOf(r.Span), Lines: []jsonTLine{}}
	for _, l := range r.Lines {
		if l == nil {
			continue
		}
		jl := jsonTLine{Kind: l.Kind.String(), Line: int(l.Line.Span.Start.Line), Text: l.Line.Text, Loop: int(l.Loop), Refs: []jsonRef{}}
		switch l.Kind {
		case LineAssign, LineValueShortcut:
			jl.Strict = l.StrictAssign
			jl.LHS = l.LHS
			if l.RHS != nil {
				jl.RHS = strPtr(l.RHS.Text)
				jl.Refs = jsonRefs(l.RHS.Refs)
			}
		case LineFor:
			jl.Arg, jl.Item = l.Arg, l.ItemVar
			v := l.ForValid
			jl.For = &v
		case LineSave, LineDecode, LineTo:
			jl.Arg = l.Arg
		}
		if l.Template != nil && len(jl.Refs) == 0 {
			jl.Refs = jsonRefs(l.Template.Refs)
		}
		j.Lines = append(j.Lines, jl)
	}
	return j
}

func jsonRefs(refs []*VarRef) []jsonRef {
	out := make([]jsonRef, 0, len(refs))
	for _, r := range refs {
		if r != nil {
			out = append(out, jsonRefOf(r))
		}
	}
	return out
}

func jsonRefOf(r *VarRef) jsonRef {
	jr := jsonRef{
		Kind: r.Kind.String(), Raw: r.Raw, Name: r.Name, Path: r.PathText,
		Modifiers: r.Modifiers, Quoted: r.QuotedBefore && r.QuotedAfter, Problem: r.Problem, loc: locOf(r.Span),
	}
	if r.Index >= 0 && r.Kind == RefVar {
		i := r.Index
		jr.Index = &i
	}
	return jr
}

func quoteName(q byte) string {
	switch q {
	case '"':
		return "double"
	case '\'':
		return "single"
	case 0:
		return "none"
	}
	return string(rune(q))
}

// envFormName names the env form as in the dumps ("canonical", "bare",
// "object", "other").
func envFormName(f EnvForm) string {
	switch f {
	case EnvCanonical:
		return "canonical"
	case EnvBare:
		return "bare"
	case EnvObject:
		return "object"
	}
	return "other"
}

// ---------------------------------------------------------------------------
// Text

// DumpText renders doc as an indented tree, one construct per line, every
// position as line:col-line:col and every string Go-quoted (so invalid
// UTF-8, NUL bytes and trailing spaces are visible).
func DumpText(doc *Document) string {
	var b strings.Builder
	_ = WriteText(&b, doc) // a strings.Builder never fails
	return b.String()
}

// WriteText writes DumpText's output to w as it goes.
func WriteText(w io.Writer, doc *Document) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if doc == nil {
		_, _ = bw.WriteString("<nil document>\n")
		return bw.Flush()
	}
	d := textDumper{w: bw}
	lines := 0
	if doc.Index != nil {
		lines = doc.Index.LineCount()
	}
	d.p(0, "document %q lines=%d bom=%t crlf=%d", doc.Path, lines, doc.HasBOM, doc.CRLF)
	if fm := doc.Frontmatter; fm != nil {
		d.frontmatter(fm)
	}
	for _, f := range doc.Fences {
		if f != nil {
			d.p(0, "fence %s %q x%d info=%q@%s open@%s indent=%d lines=%d%s", sp(f.Span), rune(f.Char), f.Length, f.Info, sp(f.InfoSpan), sp(f.OpenSpan), f.Indent, len(f.Lines), flag(!f.Closed, " unclosed"))
			if n := f.Nested; n != nil {
				d.p(1, "nested inner@%s inner-close@%s close@%s need=%d", sp(n.Inner), sp(n.InnerClose), sp(n.Close), n.Need)
			}
			if m := f.MissingClose; m != nil {
				d.p(1, "missing-close after@%s until@%s%s", sp(m.Last), sp(m.Until), flag(m.AtEnd, " at-end"))
			}
		}
	}
	for _, a := range doc.Actions {
		if a != nil {
			d.action(a)
		}
	}
	for _, r := range doc.Responses {
		if r != nil {
			d.response(r)
		}
	}
	for _, m := range doc.Markers {
		if m == nil {
			continue
		}
		kind := "close"
		if m.Open {
			kind = "open"
		}
		d.p(0, "marker %s %s %q id@%s%s%s", sp(m.Span), kind, m.ID, sp(m.IDSpan), flag(m.OwnLine, " own-line"), flag(m.Exact, " exact"))
	}
	for _, c := range doc.Comments {
		if c != nil {
			d.p(0, "comment %s %q%s", sp(c.Span), c.Text, flag(c.OwnLine, " own-line"))
		}
	}
	for _, x := range doc.Directives {
		if x == nil {
			continue
		}
		d.p(0, "directive %s type=%q@%s name=%q@%s colon=%t path=%q@%s%s%s", sp(x.Span), x.Type, sp(x.TypeSpan),
			x.Name, sp(x.NameSpan), x.HasColon, x.Path, sp(x.PathSpan), flag(x.OwnLine, " own-line"), inBlock(x.InBlock))
	}
	for _, s := range doc.Shortcuts {
		if s != nil {
			d.p(0, "shortcut %s %s id=%q@%s label=%q@%s url=%q@%s", sp(s.Span), s.Form, s.ID, sp(s.IDSpan), s.Label, sp(s.LabelSpan), s.URL, sp(s.URLSpan))
		}
	}
	for _, l := range doc.Links {
		if l == nil {
			continue
		}
		d.p(0, "link %s label=%q@%s dest=%q@%s", sp(l.Span), l.Label, sp(l.LabelSpan), l.Dest, sp(l.DestSpan))
		if l.IsAct {
			var qs []string
			for _, q := range l.ActQuery {
				qs = append(qs, fmt.Sprintf("%q=%q@%s", q.Key, q.Value, sp(q.KeySpan)))
			}
			frag := ""
			if l.HasFrag {
				frag = fmt.Sprintf(" fragment=%q", l.Fragment)
			}
			d.p(1, "act id=%q query=[%s]%s", l.ActID, strings.Join(qs, " "), frag)
		}
	}
	for _, h := range doc.Hints {
		if h == nil {
			continue
		}
		d.p(0, "hint %s %q verb=%q target=%q@%s args=%q@%s%s", sp(h.Span), h.Text, h.Verb, h.Target, sp(h.TargetSpan), h.Args, sp(h.ArgsSpan), inResp(h.InResponse))
		d.refs(1, h.Refs)
	}
	if len(doc.ProseVars) > 0 {
		d.p(0, "prose-vars")
		d.refs(1, doc.ProseVars)
	}
	for _, p := range doc.Problems {
		d.p(0, "problem %s %s %q", sp(p.Span), p.Code, p.Message)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %q as text: %w", doc.Path, err)
	}
	return nil
}

// textDumper writes through a bufio.Writer, whose first error sticks
// (WriteText returns it from Flush).
type textDumper struct{ w *bufio.Writer }

func (d *textDumper) p(depth int, format string, args ...any) {
	for range depth {
		_, _ = d.w.WriteString("  ")
	}
	_, _ = fmt.Fprintf(d.w, format, args...)
	_ = d.w.WriteByte('\n')
}

func (d *textDumper) frontmatter(fm *Frontmatter) {
	d.p(0, "frontmatter %s raw@%s%s env@%s", sp(fm.Span), sp(fm.RawSpan), flag(!fm.Closed, " unclosed"), sp(fm.EnvSpan))
	d.p(1, "raw %q", fm.Raw)
	if fm.YAMLError != "" {
		d.p(1, "yaml-error %q", fm.YAMLError)
	}
	for _, f := range fm.Fields {
		if f != nil {
			d.p(1, "field %q@%s = %s@%s", f.Key, sp(f.KeySpan), yamlText(f.Value), sp(f.ValueSpan))
		}
	}
	for _, e := range fm.Env {
		if e == nil {
			continue
		}
		desc := "none"
		if e.HasDescription {
			desc = fmt.Sprintf("%q@%s", e.Description, sp(e.DescriptionSpan))
		}
		def := "none"
		if e.Default != nil {
			def = fmt.Sprintf("%s@%s", yamlText(e.Default), sp(e.DefaultSpan))
		}
		d.p(1, "env %s %s %q@%s description=%s default=%s", sp(e.Span), envFormName(e.Form), e.Name, sp(e.NameSpan), desc, def)
		for _, f := range e.Extra {
			if f != nil {
				d.p(2, "extra %q@%s = %s@%s", f.Key, sp(f.KeySpan), yamlText(f.Value), sp(f.ValueSpan))
			}
		}
	}
}

func (d *textDumper) action(a *Action) {
	d.p(0, "action %s %q@%s", sp(a.Span), a.ID, sp(a.IDSpan))
	d.p(1, "first-line %s %q", sp(a.FirstLine.Span), a.FirstLine.Text)
	d.p(1, "method %q raw=%q@%s", a.Method, a.MethodRaw, sp(a.MethodSpan))
	if a.Target != nil {
		d.template(1, "target", a.Target)
	} else {
		d.p(1, "target none")
	}
	for _, h := range a.Headers {
		if h == nil {
			continue
		}
		d.p(1, "header %s raw=%q@%s quote=%s%s%s name=%q@%s%s", sp(h.Span), h.Raw, sp(h.RawSpan), quoteName(h.Quote),
			flag(!h.Closed, " unclosed"), flag(!h.HasColon, " no-colon"), h.Name, sp(h.NameSpan), flag(h.Valid, " valid"))
		if h.Value != nil {
			d.template(2, "value", h.Value)
		}
	}
	if ib := a.InlineBody; ib != nil {
		d.p(1, "inline-body %s quote=%s%s", sp(ib.Span), quoteName(ib.Quote), flag(!ib.Closed, " unclosed"))
		if ib.Template != nil {
			d.template(2, "template", ib.Template)
		}
	}
	for _, t := range a.Stray {
		if t != nil {
			d.p(1, "stray %s %q", sp(t.Span), t.Text)
		}
	}
	for _, p := range a.Params {
		if p != nil {
			d.param(p)
		}
	}
	for _, b := range a.Bodies {
		if b == nil {
			continue
		}
		d.p(1, "body %s indent=%d lines=%d", sp(b.DirectiveSpan), b.Indent, len(b.Lines))
		for _, l := range b.Lines {
			d.p(2, "line %s %q", sp(l.Span), l.Text)
		}
		if b.Template != nil {
			d.template(2, "template", b.Template)
		}
	}
	for _, l := range a.Continuation {
		d.p(1, "continuation %s %q", sp(l.Span), l.Text)
	}
	for _, l := range a.Unrecognized {
		if l != nil {
			d.p(1, "unrecognized %s %q", sp(l.Span), l.Text)
		}
	}
}

func (d *textDumper) param(p *Param) {
	var fl []string
	add := func(ok bool, s string) {
		if ok {
			fl = append(fl, s)
		}
	}
	add(p.Required, "required")
	add(p.Optional, "optional")
	add(p.Tabs, "tabs")
	add(p.TrailingSpace, "trailing-space")
	add(!p.CanonicalOrder, "non-canonical-order")
	add(p.Strict, "strict")
	d.p(1, "param %s %q@%s indent=%d alias=%q@%s type=%q@%s [%s]", sp(p.Span), p.Name, sp(p.NameSpan), p.Indent,
		p.Alias, sp(p.AliasSpan), p.Type, sp(p.TypeSpan), strings.Join(fl, " "))
	if len(p.Constraints) > 0 || p.ConstraintSpan.IsValid() {
		d.p(2, "constraints %s", sp(p.ConstraintSpan))
		for _, c := range p.Constraints {
			if c != nil {
				d.p(3, "%s %q value=%q@%s", c.Kind, c.Text, c.Value, sp(c.Span))
			}
		}
	}
	if p.HasDescription {
		d.p(2, "description %q@%s%s", p.Description, sp(p.DescriptionSpan), flag(!p.DescriptionQuoted, " unquoted"))
	}
	if p.HasDefault {
		d.p(2, "default %q@%s%s", p.Default, sp(p.DefaultSpan), flag(!p.DefaultQuoted, " unquoted"))
		d.refs(3, p.DefaultRefs)
	}
}

func (d *textDumper) response(r *Response) {
	d.p(0, "response %s %q@%s", sp(r.Span), r.ActionID, sp(r.IDSpan))
	for i, l := range r.Lines {
		if l == nil {
			continue
		}
		loop := ""
		if l.Loop >= 0 {
			loop = fmt.Sprintf(" loop=%d", l.Loop)
		}
		d.p(1, "%d %s %s %q%s", i, l.Kind, sp(l.Line.Span), l.Line.Text, loop)
		switch l.Kind {
		case LineAssign, LineValueShortcut:
			d.p(2, "lhs %q raw=%q@%s%s", l.LHS, l.LHSRaw, sp(l.LHSSpan), flag(l.StrictAssign, " strict"))
			if l.RHS != nil {
				d.template(2, "rhs", l.RHS)
			}
		case LineFor:
			d.p(2, "item %q@%s in %q@%s%s", l.ItemVar, sp(l.ItemVarSpan), l.Arg, sp(l.ArgSpan), flag(!l.ForValid, " invalid"))
		case LineSave, LineDecode, LineTo:
			d.p(2, "arg %q@%s", l.Arg, sp(l.ArgSpan))
		}
		if l.Template != nil && l.Kind != LineAssign && l.Kind != LineValueShortcut {
			d.refs(2, l.Template.Refs)
		}
	}
}

func (d *textDumper) template(depth int, label string, t *Template) {
	d.p(depth, "%s %s %q", label, sp(t.Span), t.Text)
	d.refs(depth+1, t.Refs)
}

func (d *textDumper) refs(depth int, refs []*VarRef) {
	for _, r := range refs {
		if r == nil {
			continue
		}
		var extra []string
		if r.PathText != "" {
			extra = append(extra, fmt.Sprintf("path=%q", r.PathText))
		}
		if len(r.Path) > 0 {
			var segs []string
			for _, s := range r.Path {
				switch {
				case s.IsIndex && s.DotIndex:
					segs = append(segs, fmt.Sprintf(".%d", s.Index))
				case s.IsIndex:
					segs = append(segs, fmt.Sprintf("[%d]", s.Index))
				default:
					segs = append(segs, strconv.Quote(s.Key))
				}
			}
			extra = append(extra, "segs="+strings.Join(segs, ","))
		}
		if r.Index >= 0 && r.Kind == RefVar {
			extra = append(extra, fmt.Sprintf("index=%d", r.Index))
		}
		if len(r.Modifiers) > 0 {
			extra = append(extra, fmt.Sprintf("mods=%q", r.Modifiers))
		}
		if r.QuotedBefore || r.QuotedAfter {
			extra = append(extra, fmt.Sprintf("quoted=%t/%t", r.QuotedBefore, r.QuotedAfter))
		}
		if r.Problem != "" {
			extra = append(extra, fmt.Sprintf("problem=%q", r.Problem))
		}
		tail := ""
		if len(extra) > 0 {
			tail = " " + strings.Join(extra, " ")
		}
		d.p(depth, "ref %s %s %q name=%q%s", sp(r.Span), r.Kind, r.Raw, r.Name, tail)
	}
}

// sp renders a span as "line:col-line:col", or "-" when unset.
func sp(s Span) string {
	if !s.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d-%d:%d", s.Start.Line, s.Start.Col, s.End.Line, s.End.Col)
}

func flag(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}

func inBlock(id string) string {
	if id == "" {
		return ""
	}
	return fmt.Sprintf(" in-block=%q", id)
}

func inResp(id string) string {
	if id == "" {
		return ""
	}
	return fmt.Sprintf(" in-response=%q", id)
}

// yamlText renders a YAML node compactly: scalars quoted with their tag when
// not a string, collections in flow style.
func yamlText(n *yaml.Node) string {
	if n == nil {
		return "null"
	}
	switch n.Kind {
	case yaml.ScalarNode:
		if n.ShortTag() == "!!str" {
			return strconv.Quote(n.Value)
		}
		return fmt.Sprintf("%s(%q)", n.ShortTag(), n.Value)
	case yaml.AliasNode:
		return "*" + n.Value
	}
	var parts []string
	for _, c := range n.Content {
		parts = append(parts, yamlText(c))
	}
	if n.Kind == yaml.MappingNode {
		var kv []string
		for i := 0; i+1 < len(parts); i += 2 {
			kv = append(kv, parts[i]+": "+parts[i+1])
		}
		return "{" + strings.Join(kv, ", ") + "}"
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
