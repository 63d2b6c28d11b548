package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about act.<id>.response templates (spec.md §2.11;
// runtime-semantics.md §3).

func init() {
	register(
		ResponseOrphan,
		ResponseOnCLI,
		ResponseEmpty,
		AssignSpacing,
		AssignRHSInvalid,
		AssignRHSUnsupported,
		AssignShadowsParam,
		ResponseRefRootInvalid,
		ResponsePathMalformed,
		ResponsePathDotIndexCompat,
		SavePathMissing,
		SavePathPrefixed,
		DecodeWithoutSave,
		DecodeUnknown,
		ToWithoutSave,
		ToPathMissing,
		SaveWithoutTo,
		PipelineOrder,
		ToWithoutOutput,
		ToPathResponseRef,
		ForSyntaxInvalid,
		EndWithoutFor,
		ForNested,
		ForPathRoot,
		ForItemScalarCompat,
		ForBodyNonOutput,
		LoopVarShadows,
		LoopRefOutsideLoop,
		TemplateVarUndefined,
		TemplateVarBeforeAssign,
	)
}

// responseOwner returns the first action a response template belongs to, or nil.
func responseOwner(syms *Symbols, r *sfmd.Response) *sfmd.Action {
	if as := syms.Actions[r.ActionID]; len(as) > 0 {
		return as[0]
	}
	return nil
}

// responseParam reports whether name is a parameter of any action with the
// response's ID.
func responseParam(syms *Symbols, r *sfmd.Response, name string) bool {
	for _, a := range syms.Actions[r.ActionID] {
		if a.Param(name) != nil {
			return true
		}
	}
	return false
}

// lineTrimSpan returns the span of a line without its surrounding
// whitespace.
func lineTrimSpan(doc *sfmd.Document, l sfmd.Line) sfmd.Span {
	off := lineOffset(doc, l.Text, l.Span)
	t := strings.TrimSpace(l.Text)
	if off < 0 || t == "" {
		return l.Span
	}
	start := off + strings.Index(l.Text, t)
	return spanAt(doc, start, start+len(t))
}

// lineRefsOf returns the {…} references of a template line (the right
// side for assignments).
func lineRefsOf(l *sfmd.TemplateLine) []*sfmd.VarRef {
	t := l.Template
	if l.RHS != nil {
		t = l.RHS
	}
	if t == nil {
		return nil
	}
	return t.Refs
}

// isSessionAssign reports whether l assigns a {var} (not $VAR).
// A left side with spaces, quotes, ':' or ',' is JSON or prose printed
// by the template, not an attempted assignment.
func isSessionAssign(l *sfmd.TemplateLine) bool {
	return l.Kind == sfmd.LineAssign && l.LHS != "" && !isDollar(l.LHSRaw) && !strings.ContainsAny(l.LHS, " \t\":,")
}

// loopOf returns the for: line enclosing l, or nil.
func loopOf(r *sfmd.Response, l *sfmd.TemplateLine) *sfmd.TemplateLine {
	if l.Loop < 0 || l.Loop >= len(r.Lines) || r.Lines[l.Loop].Kind != sfmd.LineFor {
		return nil
	}
	return r.Lines[l.Loop]
}

// ResponseOrphan reports response templates without an action.
var ResponseOrphan = &lint.Analyzer{
	Name:     "response-orphan",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response template for an action that does not exist",
		Why:   "a response template is matched to its action by ID; with no action of that ID the runtime silently drops it",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.serch.response\nFound {Response.body.count}\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, r := range pass.Doc.Responses {
			if len(syms.Actions[r.ActionID]) > 0 {
				continue
			}
			d := lint.Diagnostic{Span: r.IDSpan}
			if n := nearest(r.ActionID, syms.ActionIDs); n != "" {
				d.Message = fmt.Sprintf("response template %q has no action %q, so it is ignored; did you mean %q?", "act."+r.ActionID+".response", "act."+r.ActionID, "act."+n+".response")
				if src(pass.Doc, r.IDSpan) == r.ActionID {
					d.Fixes = []lint.Fix{{Message: fmt.Sprintf("rename it to %q", "act."+n+".response"), Edits: []lint.Edit{{Start: r.IDSpan.Start.Offset, End: r.IDSpan.End.Offset, New: n}}}}
				}
			} else {
				d.Message = fmt.Sprintf("response template %q has no action %q, so it is ignored; define the action or remove the template", "act."+r.ActionID+".response", "act."+r.ActionID)
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// ResponseOnCLI reports CLI response templates that read JSON paths.
var ResponseOnCLI = &lint.Analyzer{
	Name:     "response-on-cli",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "response template of a CLI action reads a JSON path",
		Why:   "the docs only describe response templates for HTTP actions; the reference runtime also runs them for CLI, where `{Response.body.x}` only resolves when the command prints JSON, so such templates are not portable",
		Bad:   "```act.ls\nCLI ls -1\n```\n\n```act.ls.response\n{first} = {Response.body.files}\n```\n",
		Good:  "```act.ls\nCLI ls -1\n```\n\n```act.ls.response\nFiles:\n{Response.body}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, r := range pass.Doc.Responses {
			a := responseOwner(syms, r)
			if a == nil || !a.IsCLI() {
				continue
			}
		lines:
			for _, l := range r.Lines {
				for _, ref := range lineRefsOf(l) {
					if ref.Kind == sfmd.RefResponse && ref.Name == "body" && len(ref.Path) > 0 {
						pass.Reportf(ref.Span, "%s in the template of CLI action %q only resolves when the command prints JSON, and only in runtimes that run templates for CLI; use {Response.body} (the output) or make the command print what you need", ref.Raw, "act."+a.ID)
						break lines
					}
				}
			}
		}
		return nil, nil
	},
}

// ResponseEmpty reports response templates without lines.
var ResponseEmpty = &lint.Analyzer{
	Name:     "response-empty",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response template is empty",
		Why:   "an empty template replaces the response with nothing; without a template the raw body would be returned",
		Bad:   "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n```act.search.response\nFound {Response.body.count}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			empty := true
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineBlank {
					empty = false
					break
				}
			}
			if empty {
				pass.Reportf(r.IDSpan, "response template %q has no lines; remove it to return the raw response, or add output lines", "act."+r.ActionID+".response")
			}
		}
		return nil, nil
	},
}

// AssignSpacing reports assignments not written "{var} = value".
var AssignSpacing = &lint.Analyzer{
	Name:     "assign-spacing",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "assignment not written with one space around '='",
		Why:   "the spec form of an assignment is `{var} = value` with one space on each side of `=`; other spacing works in the reference runtime but not necessarily elsewhere",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city}={Response.body.city}\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = {Response.body.city}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if !isSessionAssign(l) && l.Kind != sfmd.LineValueShortcut || l.RHS == nil || l.RHS.Text == "" {
					continue
				}
				s, e := l.LHSSpan.End.Offset, l.RHS.Span.Start.Offset
				if s < 0 || e > len(doc.Src) || s >= e || string(doc.Src[s:e]) == " = " {
					continue
				}
				pass.Report(lint.Diagnostic{
					Span:    spanAt(doc, s, e),
					Message: fmt.Sprintf("write the assignment to %s as %q, with one space on each side of '='", l.LHSRaw, l.LHSRaw+" = "+l.RHS.Text),
					Fixes:   []lint.Fix{{Message: "use one space on each side of '='", Safe: true, Edits: []lint.Edit{{Start: s, End: e, New: " = "}}}},
				})
			}
		}
		return nil, nil
	},
}

// rhsForm classifies the right side of an assignment.
type rhsForm int

const (
	rhsInvalid rhsForm = iota
	rhsEmpty
	rhsResponse
	rhsVar
	rhsLiteral
	rhsPersistent
)

func classifyRHS(t *sfmd.Template) rhsForm {
	if t == nil || t.Text == "" {
		return rhsEmpty
	}
	if len(t.Refs) == 1 && t.Refs[0].Raw == t.Text {
		switch t.Refs[0].Kind {
		case sfmd.RefResponse:
			return rhsResponse
		case sfmd.RefVar:
			return rhsVar
		case sfmd.RefPersistent:
			return rhsPersistent
		}
	}
	if len(t.Text) >= 2 && t.Text[0] == '"' && t.Text[len(t.Text)-1] == '"' && !strings.Contains(t.Text[1:len(t.Text)-1], `"`) {
		return rhsLiteral
	}
	return rhsInvalid
}

// AssignRHSInvalid reports assignments whose right side is not one of the
// spec's expression forms.
var AssignRHSInvalid = &lint.Analyzer{
	Name:     "assign-rhs-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "assignment right side is not {Response.…}, {var} or \"literal\"",
		Why:   "an assignment stores one expression: `{Response.body.x}`, `{Response.status}`, `{other_variable}` or a `\"literal\"`; anything else is not an assignment and the runtime prints the line as text",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = Response.body.city\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = {Response.body.city}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if !isSessionAssign(l) {
					continue
				}
				switch classifyRHS(l.RHS) {
				case rhsEmpty:
					pass.Reportf(lineTrimSpan(doc, l.Line), "assignment to %s has no value; write %s = {Response.body.<path>}", l.LHSRaw, l.LHSRaw)
				case rhsInvalid:
					rhs := l.RHS.Text
					d := lint.Diagnostic{Span: l.RHS.Span}
					switch {
					case strings.HasPrefix(rhs, "Response.") && !strings.ContainsAny(rhs, " \t{}"):
						d.Message = fmt.Sprintf("right side %q of the assignment to %s is missing its braces; write {%s}", rhs, l.LHSRaw, rhs)
						if src(doc, l.RHS.Span) == rhs {
							d.Fixes = []lint.Fix{{Message: "wrap the reference in braces", Safe: true, Edits: []lint.Edit{
								{Start: l.RHS.Span.Start.Offset, End: l.RHS.Span.Start.Offset, New: "{"},
								{Start: l.RHS.Span.End.Offset, End: l.RHS.Span.End.Offset, New: "}"}}}}
						}
					case len(l.RHS.Refs) > 1 || len(l.RHS.Refs) == 1 && l.RHS.Refs[0].Raw != rhs:
						d.Message = fmt.Sprintf("right side %q of the assignment to %s is not a single expression, so the line is printed instead of stored; assign one {Response.…} per variable and combine them in an output line", rhs, l.LHSRaw)
					default:
						d.Message = fmt.Sprintf("right side %q of the assignment to %s is not {Response.…}, {variable} or a \"literal\", so the line is printed instead of stored; write %s = {Response.body.<path>} or %s = %q", rhs, l.LHSRaw, l.LHSRaw, l.LHSRaw, strings.Trim(rhs, `"`))
					}
					pass.Report(d)
				}
			}
		}
		return nil, nil
	},
}

// AssignRHSUnsupported reports spec assignments that the reference
// runtime prints instead of storing.
var AssignRHSUnsupported = &lint.Analyzer{
	Name:     "assign-rhs-unsupported",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "assignment form the reference runtime prints instead of storing",
		Why:   "the reference runtime only stores `{var} = {Response.…}` written at the start of the line with nothing after the closing brace; `\"literal\"` and `{other}` right sides, indentation and trailing spaces make it print the line as text",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{label} = \"default\"\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{label} = {Response.body.label}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if !isSessionAssign(l) || l.StrictAssign || l.Loop >= 0 || !paramNameRe.MatchString(l.LHS) {
					continue
				}
				switch classifyRHS(l.RHS) {
				case rhsLiteral, rhsVar:
					pass.Reportf(l.RHS.Span, "the reference runtime only stores {Response.…} right sides and prints %q as text; assign from {Response.…} instead", strings.TrimSpace(l.Line.Text))
					continue
				case rhsResponse:
				default:
					continue
				}
				off := lineOffset(doc, l.Line.Text, l.Line.Span)
				if off < 0 {
					continue
				}
				t := l.Line.Text
				if lead := len(t) - len(strings.TrimLeft(t, " \t")); lead > 0 {
					pass.Report(lint.Diagnostic{
						Span:    spanAt(doc, off, off+lead),
						Message: fmt.Sprintf("the assignment to %s is indented, so the reference runtime prints it instead of storing it; remove the indentation", l.LHSRaw),
						Fixes:   []lint.Fix{{Message: "remove the indentation", Safe: true, Edits: []lint.Edit{{Start: off, End: off + lead}}}},
					})
				}
				if trail := len(t) - len(strings.TrimRight(t, " \t")); trail > 0 {
					pass.Report(lint.Diagnostic{
						Span:    spanAt(doc, off+len(t)-trail, off+len(t)),
						Message: fmt.Sprintf("the assignment to %s ends in whitespace, so the reference runtime prints it instead of storing it; remove the trailing whitespace", l.LHSRaw),
						Fixes:   []lint.Fix{{Message: "remove the trailing whitespace", Safe: true, Edits: []lint.Edit{{Start: off + len(t) - trail, End: off + len(t)}}}},
					})
				}
			}
		}
		return nil, nil
	},
}

// AssignShadowsParam reports session variables named like a parameter of
// the same action.
var AssignShadowsParam = &lint.Analyzer{
	Name:     "assign-shadows-param",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "assignment to a session variable named like a parameter",
		Why:   "in output lines the reference runtime fills `{name}` from the caller's fields before session variables (the docs say the opposite), so the assigned value is invisible in this action's output and the result depends on the runtime",
		Bad:   "```act.weather\nGET https://api.example.com/weather?q={city}\n  city: string (required) \"city\"\n```\n\n```act.weather.response\n{city} = {Response.body.city}\nWeather in {city}\n```\n",
		Good:  "```act.weather\nGET https://api.example.com/weather?q={city}\n  city: string (required) \"city\"\n```\n\n```act.weather.response\n{resolved_city} = {Response.body.city}\nWeather in {resolved_city}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				if !isSessionAssign(l) || !responseParam(syms, r, l.LHS) {
					continue
				}
				pass.Reportf(l.LHSSpan, "session variable %s has the name of a parameter of %q; {%s} in this action's output shows the caller's value, not the assigned one; rename the variable, e.g. {resolved_%s}", l.LHSRaw, "act."+r.ActionID, l.LHS, l.LHS)
			}
		}
		return nil, nil
	},
}

// responseRoots returns the Response keys of an action's template.
func responseRoots(a *sfmd.Action) []string {
	if a != nil && a.IsCLI() {
		return []string{"body", "status", "exit_code", "stdout", "stderr"}
	}
	return []string{"body", "status"}
}

// ResponseRefRootInvalid reports {Response.x} with an unknown root.
var ResponseRefRootInvalid = &lint.Analyzer{
	Name:     "response-ref-root-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response reference does not start with Response.body or Response.status",
		Why:   "the Response object has `body` and `status` (plus `exit_code`, `stdout` and `stderr` for CLI); any other root (`Response.data`, `Response.headers`, lower-case `response`) is never resolved",
		Bad:   "```act.item\nGET https://api.example.com/item\n```\n\n```act.item.response\nID: {Response.data.id}\n```\n",
		Good:  "```act.item\nGET https://api.example.com/item\n```\n\n```act.item.response\nID: {Response.body.data.id}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		syms := symbols(pass)
		for _, r := range doc.Responses {
			a := responseOwner(syms, r)
			roots := responseRoots(a)
			for _, l := range r.Lines {
				for _, ref := range lineRefsOf(l) {
					switch {
					case ref.Kind == sfmd.RefVar && strings.EqualFold(ref.Name, "response") && ref.Name != "Response" && ref.PathText != "" && !responseParam(syms, r, ref.Name):
						want := "{Response" + strings.TrimPrefix(ref.Raw[1:], ref.Name)
						d := lint.Diagnostic{Span: ref.Span, Message: fmt.Sprintf("%s is not a response reference: the root is spelled \"Response\"; write %s", ref.Raw, want)}
						if src(doc, ref.Span) == ref.Raw {
							d.Fixes = []lint.Fix{{Message: "capitalize \"Response\"", Safe: true, Edits: []lint.Edit{{Start: ref.Span.Start.Offset + 1, End: ref.Span.Start.Offset + 1 + len(ref.Name), New: "Response"}}}}
						}
						pass.Report(d)
					case ref.Kind == sfmd.RefResponse && !hasString(roots, ref.Name):
						pass.Report(rootDiag(doc, ref, roots))
					}
				}
			}
		}
		return nil, nil
	},
}

func rootDiag(doc *sfmd.Document, ref *sfmd.VarRef, roots []string) lint.Diagnostic {
	d := lint.Diagnostic{Span: ref.Span}
	keys := andList(roots)
	switch n := nearest(ref.Name, roots); {
	case ref.Name == "":
		d.Message = fmt.Sprintf("%s has no root; write {Response.body} or {Response.status} (the response has %s)", ref.Raw, keys)
	case ref.Name == "exit_code" || ref.Name == "stdout" || ref.Name == "stderr":
		d.Message = fmt.Sprintf("%s is never resolved: %q only exists for CLI actions (this response has %s); use {Response.body} or {Response.status}", ref.Raw, ref.Name, keys)
	case ref.Name == "headers":
		d.Message = fmt.Sprintf("%s is never resolved: responses expose no headers (only %s); read the value from the body instead", ref.Raw, keys)
	case n != "":
		d.Message = fmt.Sprintf("%s has the unknown root %q (the response has %s); did you mean %q?", ref.Raw, ref.Name, keys, "{Response."+n+strings.TrimPrefix(ref.PathText, ref.Name)+"}")
	default:
		want := "{Response.body." + ref.PathText + "}"
		d.Message = fmt.Sprintf("%s has the unknown root %q (the response has %s); JSON fields live under body: write %s", ref.Raw, ref.Name, keys, want)
		if src(doc, ref.Span) == ref.Raw && strings.HasPrefix(ref.Raw, "{Response.") {
			at := ref.Span.Start.Offset + len("{Response.")
			d.Fixes = []lint.Fix{{Message: "read it from the body", Edits: []lint.Edit{{Start: at, End: at, New: "body."}}}}
		}
	}
	return d
}

// andList renders names as "a", "b" and "c".
func andList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) <= 1 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// outputPathOK reports whether s only has the characters the runtime's output pattern
// \{Response\.([A-Za-z_.\[\]\d]+)\} accepts.
func outputPathOK(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(outputPathByte(c) || c == '.' || c == '[' || c == ']') {
			return false
		}
	}
	return true
}

func outputPathByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// ResponsePathMalformed reports malformed response paths.
var ResponsePathMalformed = &lint.Analyzer{
	Name:     "response-path-malformed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response path is malformed",
		Why:   "paths are keys separated by '.' with zero-based `[N]` indices; `items[first]`, `items[-1]`, an unclosed `[` or an empty segment never resolve, and in output lines the runtime does not even recognise keys with '-'",
		Bad:   "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nFirst: {Response.body.items[first].name}\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nFirst: {Response.body.items[0].name}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				for _, ref := range lineRefsOf(l) {
					if ref.Kind != sfmd.RefResponse {
						continue
					}
					switch {
					case ref.Problem != "":
						pass.Reportf(ref.Span, "response path in %s is malformed: %s; write keys separated by '.' and indices as [N], e.g. {Response.body.items[0].name}", ref.Raw, ref.Problem)
					case (l.Kind == sfmd.LineOutput || l.Kind == sfmd.LineValueShortcut) && !outputPathOK(ref.PathText):
						v := varNameFor(ref, "value")
						pass.Reportf(ref.Span, "%s is not substituted in output lines: the runtime only recognises letters, digits, '_', '.' and [N] there; assign it first ({%s} = %s) and print {%s}", ref.Raw, v, ref.Raw, v)
					}
				}
			}
		}
		return nil, nil
	},
}

// ResponsePathDotIndexCompat reports ".0"-style indices.
var ResponsePathDotIndexCompat = &lint.Analyzer{
	Name:     "response-path-dot-index-compat",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response path uses a .N index",
		Why:   "`.0`-style indices are only in newer versions of the spec; older readers only understand `[0]`",
		Bad:   "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nFirst: {Response.body.items.0.name}\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\nFirst: {Response.body.items[0].name}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				for _, ref := range lineRefsOf(l) {
					if ref.Kind != sfmd.RefResponse || ref.Problem != "" {
						continue
					}
					dot := false
					for _, s := range ref.Path {
						dot = dot || s.DotIndex
					}
					if !dot {
						continue
					}
					want, edits := bracketIndices(ref.Raw, ref.Span.Start.Offset)
					d := lint.Diagnostic{Span: ref.Span, Message: fmt.Sprintf("%s uses .N indices, which older SFMD readers do not understand; write %s", ref.Raw, want)}
					if src(doc, ref.Span) == ref.Raw && len(edits) > 0 {
						d.Fixes = []lint.Fix{{Message: "write the indices as [N]", Safe: true, Edits: edits}}
					}
					pass.Report(d)
				}
			}
		}
		return nil, nil
	},
}

// bracketIndices rewrites ".N" path steps of a {Response.…} reference as
// "[N]", returning the new text and the edits (raw starts at base).
func bracketIndices(raw string, base int) (string, []lint.Edit) {
	var b strings.Builder
	var edits []lint.Edit
	start := len("{Response.")
	if !strings.HasPrefix(raw, "{Response.") {
		return raw, nil
	}
	b.WriteString(raw[:start])
	for i := start; i < len(raw); i++ {
		if raw[i] == '.' {
			j := i + 1
			for j < len(raw) && raw[j] >= '0' && raw[j] <= '9' {
				j++
			}
			if j > i+1 && j < len(raw) && (raw[j] == '.' || raw[j] == '[' || raw[j] == '}') {
				n := raw[i+1 : j]
				b.WriteString("[" + n + "]")
				edits = append(edits, lint.Edit{Start: base + i, End: base + j, New: "[" + n + "]"})
				i = j - 1
				continue
			}
		}
		b.WriteByte(raw[i])
	}
	return b.String(), edits
}

// directiveSpan is the span of a directive line's keyword and argument.
func directiveSpan(doc *sfmd.Document, l *sfmd.TemplateLine) sfmd.Span {
	return lineTrimSpan(doc, l.Line)
}

// SavePathMissing reports save: without a path.
var SavePathMissing = &lint.Analyzer{
	Name:     "save-path-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "save: has no path",
		Why:   "`save:` puts the value at a JSON path of the body into the buffer; without a path there is nothing to save and the pipeline fails",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave:\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data.image\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				if l.Kind == sfmd.LineSave && l.Arg == "" {
					pass.Reportf(directiveSpan(pass.Doc, l), "save: has no path; write the JSON path of the value in the body, e.g. \"save: data.image\"")
				}
			}
		}
		return nil, nil
	},
}

// SavePathPrefixed reports save: paths written as response references.
var SavePathPrefixed = &lint.Analyzer{
	Name:     "save-path-prefixed",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "save: path starts with Response.body",
		Why:   "`save:` walks the JSON body directly; a `Response.body.` (or `body.`) prefix is looked up as a key and finds nothing",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: Response.body.data\nto: out.bin\nSaved out.bin\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\nto: out.bin\nSaved out.bin\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineSave || l.Arg == "" {
					continue
				}
				arg := l.Arg
				inner := strings.TrimSuffix(strings.TrimPrefix(arg, "{"), "}")
				braced := inner != arg && strings.HasPrefix(arg, "{") && strings.HasSuffix(arg, "}")
				if !braced {
					inner = arg
				}
				var rest string
				safe := true
				switch {
				case strings.HasPrefix(inner, "Response.body."):
					rest = strings.TrimPrefix(inner, "Response.body.")
				case strings.HasPrefix(inner, "Response.body["):
					rest = strings.TrimPrefix(inner, "Response.body")
				case strings.HasPrefix(inner, "body.") && !braced:
					rest, safe = strings.TrimPrefix(inner, "body."), false
				default:
					continue
				}
				d := lint.Diagnostic{Span: l.ArgSpan, Message: fmt.Sprintf("save: path %q walks the JSON body directly, so the prefix finds nothing; write \"save: %s\"", arg, rest)}
				if src(doc, l.ArgSpan) == arg {
					d.Fixes = []lint.Fix{{Message: "drop the prefix", Safe: safe, Edits: []lint.Edit{{Start: l.ArgSpan.Start.Offset, End: l.ArgSpan.End.Offset, New: rest}}}}
				}
				if !safe {
					d.Message = fmt.Sprintf("save: path %q walks the JSON body directly, so \"body.\" is looked up as a key; write \"save: %s\" unless the body really has a \"body\" field", arg, rest)
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

// DecodeWithoutSave reports decode: before any save:.
var DecodeWithoutSave = &lint.Analyzer{
	Name:     "decode-without-save",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "decode: without an earlier save:",
		Why:   "`decode:` reinterprets the buffer filled by `save:`; with no `save:` before it there is no buffer and the runtime prints an error line",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		return nil, pipelineWithoutSave(pass, sfmd.LineDecode, "decode: has no buffer to decode because no save: comes before it; add \"save: <path>\" above it")
	},
}

// ToWithoutSave reports to: before any save:.
var ToWithoutSave = &lint.Analyzer{
	Name:     "to-without-save",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "to: without an earlier save:",
		Why:   "`to:` writes the buffer filled by `save:`; with no `save:` before it nothing is written and the runtime prints an error line",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nto: image.png\nSaved image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		return nil, pipelineWithoutSave(pass, sfmd.LineTo, "to: has no buffer to write because no save: comes before it; add \"save: <path>\" above it")
	},
}

func pipelineWithoutSave(pass *lint.Pass, kind sfmd.LineKind, msg string) error {
	for _, r := range pass.Doc.Responses {
		saved := false
		for _, l := range r.Lines {
			switch {
			case l.Kind == sfmd.LineSave:
				saved = true
			case l.Kind == kind && !saved:
				pass.Reportf(directiveSpan(pass.Doc, l), "%s", msg)
			}
		}
	}
	return nil
}

// DecodeUnknown reports unsupported decode: encodings.
var DecodeUnknown = &lint.Analyzer{
	Name:     "decode-unknown",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "decode: encoding is not base64 or none",
		Why:   "only `decode: base64` and `decode: none` exist (lower case); anything else makes the runtime print an error line and leave the buffer as it was",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: hex\nto: out.bin\nSaved out.bin\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: out.bin\nSaved out.bin\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		encs := []string{"base64", "none"}
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineDecode || hasString(encs, l.Arg) {
					continue
				}
				if l.Arg == "" {
					pass.Reportf(directiveSpan(doc, l), "decode: has no encoding; write \"decode: base64\" or \"decode: none\"")
					continue
				}
				d := lint.Diagnostic{Span: l.ArgSpan}
				want := ""
				for _, e := range encs {
					if strings.EqualFold(e, l.Arg) {
						want = e
					}
				}
				if want == "" && (strings.EqualFold(l.Arg, "b64") || strings.EqualFold(l.Arg, "base-64")) {
					want = "base64"
				}
				if want != "" {
					d.Message = fmt.Sprintf("unknown encoding %q in decode:; did you mean %q?", l.Arg, want)
					if src(doc, l.ArgSpan) == l.Arg {
						d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write %q", want), Safe: strings.EqualFold(l.Arg, want), Edits: []lint.Edit{{Start: l.ArgSpan.Start.Offset, End: l.ArgSpan.End.Offset, New: want}}}}
					}
				} else {
					d.Message = fmt.Sprintf("unknown encoding %q in decode:; expected one of \"base64\", \"none\"", l.Arg)
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

// ToPathMissing reports to: without a path.
var ToPathMissing = &lint.Analyzer{
	Name:     "to-path-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "to: has no path",
		Why:   "`to:` writes the buffer to a file; without a path the write fails",
		Bad:   "```act.img\nGET https://api.example.com/image\n  filename: path (required) \"where to save\"\n```\n\n```act.img.response\nsave: data\nto:\nSaved\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n  filename: path (required) \"where to save\"\n```\n\n```act.img.response\nsave: data\nto: {filename}\nSaved {filename}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				if l.Kind == sfmd.LineTo && l.Arg == "" {
					pass.Reportf(directiveSpan(pass.Doc, l), "to: has no path; write the file to create, e.g. \"to: {filename}\"")
				}
			}
		}
		return nil, nil
	},
}

// savePipelines splits a template into save: pipelines: for each save: line
// index, the indices of the lines up to the next save:.
func savePipelines(r *sfmd.Response) [][2]int {
	var out [][2]int
	for i, l := range r.Lines {
		if l.Kind != sfmd.LineSave {
			continue
		}
		if n := len(out); n > 0 {
			out[n-1][1] = i
		}
		out = append(out, [2]int{i, len(r.Lines)})
	}
	return out
}

// SaveWithoutTo reports save: pipelines that never write the buffer.
var SaveWithoutTo = &lint.Analyzer{
	Name:     "save-without-to",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "save: without a following to:",
		Why:   "the buffer filled by `save:` is only consumed by `to:`; without one the saved value goes nowhere",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nDone\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, p := range savePipelines(r) {
				found := false
				for _, l := range r.Lines[p[0]+1 : p[1]] {
					found = found || l.Kind == sfmd.LineTo
				}
				if !found {
					pass.Reportf(directiveSpan(pass.Doc, r.Lines[p[0]]), "the buffer of %q is never written; add \"to: <file>\" after it or remove the save: line", strings.TrimSpace(r.Lines[p[0]].Line.Text))
				}
			}
		}
		return nil, nil
	},
}

// PipelineOrder reports decode: after to: in one pipeline.
var PipelineOrder = &lint.Analyzer{
	Name:     "pipeline-order",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "decode: after to: in a save pipeline",
		Why:   "the pipeline runs in order `save:` → `decode:` → `to:`; a `decode:` after `to:` runs after the file is written, so the file holds the undecoded data",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\nto: image.png\ndecode: base64\nSaved image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, p := range savePipelines(r) {
				wrote := -1
				for i := p[0] + 1; i < p[1]; i++ {
					l := r.Lines[i]
					switch {
					case l.Kind == sfmd.LineTo && wrote < 0:
						wrote = i
					case l.Kind == sfmd.LineDecode && wrote >= 0:
						pass.Reportf(directiveSpan(pass.Doc, l), "decode: comes after %q, so the file is written before decoding; move it between save: and to:", strings.TrimSpace(r.Lines[wrote].Line.Text))
					}
				}
			}
		}
		return nil, nil
	},
}

// ToWithoutOutput reports templates that end with to: and print nothing
// after it.
var ToWithoutOutput = &lint.Analyzer{
	Name:     "to-without-output",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "no output line after to:",
		Why:   "`to:` prints nothing on success; without an output line after it the agent gets an empty result and cannot tell where the file went",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: image.png\nSaved image.png\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			last := -1
			for i, l := range r.Lines {
				switch l.Kind {
				case sfmd.LineTo:
					last = i
				case sfmd.LineOutput:
					last = -1
				}
			}
			if last >= 0 {
				l := r.Lines[last]
				pass.Reportf(directiveSpan(pass.Doc, l), "nothing is printed after %q, so the result is empty; add an output line such as \"Saved %s\"", strings.TrimSpace(l.Line.Text), l.Arg)
			}
		}
		return nil, nil
	},
}

// ToPathResponseRef reports {Response.…} in to: paths.
var ToPathResponseRef = &lint.Analyzer{
	Name:     "to-path-response-ref",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "to: path uses {Response.…}",
		Why:   "`to:` paths are filled from fields and session variables only; a `{Response.…}` reference stays literal in the file name",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\nto: {Response.body.name}.png\nSaved\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\n{name} = {Response.body.name}\nsave: data\nto: {name}.png\nSaved {name}.png\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineTo {
					continue
				}
				for _, ref := range lineRefsOf(l) {
					if ref.Kind != sfmd.RefResponse {
						continue
					}
					v := varNameFor(ref, "name")
					pass.Reportf(ref.Span, "%s is not substituted in to: paths and stays literal in the file name; assign it first ({%s} = %s) and write {%s}", ref.Raw, v, ref.Raw, v)
				}
			}
		}
		return nil, nil
	},
}

// ForSyntaxInvalid reports for: lines that do not read "for: <item> in
// <path>".
var ForSyntaxInvalid = &lint.Analyzer{
	Name:     "for-syntax-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "for: line is not \"for: <item> in <path>\"",
		Why:   "a loop is `for: <item> in <path>` with a lower-case item name; any other form is not a loop and is printed as text",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor post in Response.body.posts\n- {post.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: post in Response.body.posts\n- {post.title}\nend:\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineFor {
					continue
				}
				span := directiveSpan(doc, l)
				text := strings.TrimSpace(l.Line.Text)
				switch {
				case !strings.HasPrefix(text, "for:"):
					if f := strings.Fields(text); len(f) != 4 || !strings.Contains(f[3], ".") && !strings.HasPrefix(f[3], "Response") {
						continue // prose such as "for users in Europe: …"
					}
					d := lint.Diagnostic{Span: span, Message: fmt.Sprintf("%q is missing the colon after \"for\"; write %q", text, "for: "+strings.TrimSpace(text[3:]))}
					if src(doc, span) == text {
						d.Fixes = []lint.Fix{{Message: "add the colon", Safe: true, Edits: []lint.Edit{{Start: span.Start.Offset + 3, End: span.Start.Offset + 3, New: ":"}}}}
					}
					pass.Report(d)
				case !l.ForValid:
					pass.Reportf(span, "%q is not a loop; write \"for: <item> in Response.body.<array>\"", text)
				case !sessionVarRe.MatchString(l.ItemVar):
					pass.Reportf(l.ItemVarSpan, "loop variable %q must match [a-z][a-z0-9_]*%s", l.ItemVar, renameHint(snakeCase(l.ItemVar), sessionChars))
				}
			}
		}
		return nil, nil
	},
}

// loopNesting walks the for:/end: lines of r and calls nested for each
// for: inside another loop and orphan for each end: with no open loop.
// Like the runtime, an end: closes the innermost open loop; invalid for:
// lines still count as openers (the author meant a loop).
func loopNesting(r *sfmd.Response, nested, orphan func(l *sfmd.TemplateLine)) {
	depth := 0
	for _, l := range r.Lines {
		switch l.Kind {
		case sfmd.LineFor:
			if depth > 0 && nested != nil {
				nested(l)
			}
			depth++
		case sfmd.LineEnd:
			if depth == 0 {
				if orphan != nil {
					orphan(l)
				}
				continue
			}
			depth--
		}
	}
}

// EndWithoutFor reports end: lines with no open loop.
var EndWithoutFor = &lint.Analyzer{
	Name:     "end-without-for",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "end: without an open for: loop",
		Why:   "`end:` closes the nearest open `for:` loop; with none open it is printed as text",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\n- {Response.body.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.items\n- {p.name}\nend:\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			loopNesting(r, nil, func(l *sfmd.TemplateLine) {
				pass.Reportf(directiveSpan(pass.Doc, l), "end: has no open for: loop to close; remove it or add \"for: <item> in <path>\" above the loop body")
			})
		}
		return nil, nil
	},
}

// ForNested reports for: loops inside another loop.
var ForNested = &lint.Analyzer{
	Name:     "for-nested",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "for: loop nested inside another loop",
		Why:   "loops MUST NOT be nested in SFMD v0.1; the runtime ends the outer loop at the first `end:` and prints the inner `for:` line as text",
		Bad:   "```act.x\nGET https://api.example.com/x\n```\n\n```act.x.response\nfor: a in Response.body.x\nfor: b in Response.body.y\n- {b.name}\nend:\nend:\n```\n",
		Good:  "```act.x\nGET https://api.example.com/x\n```\n\n```act.x.response\nfor: a in Response.body.x\n- {a.name}\nend:\nfor: b in Response.body.y\n- {b.name}\nend:\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			loopNesting(r, func(l *sfmd.TemplateLine) {
				pass.Reportf(directiveSpan(pass.Doc, l), "%q is nested inside another loop, which SFMD v0.1 does not allow; close the outer loop with end: first and write the loops one after the other", strings.TrimSpace(l.Line.Text))
			}, nil)
		}
		return nil, nil
	},
}

// ForPathRoot reports for: paths that do not start at Response.body.
var ForPathRoot = &lint.Analyzer{
	Name:     "for-path-root",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "for: path does not start with Response.body",
		Why:   "the loop path is resolved against the Response object, so it must start with `Response.body.` (or `body.`); a bare field name or a `{Response.…}` placeholder finds nothing and the loop prints nothing",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in posts\n- {p.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineFor || !l.ForValid {
					continue
				}
				arg := l.Arg
				d := lint.Diagnostic{Span: l.ArgSpan}
				switch {
				case strings.HasPrefix(arg, "{Response.") && strings.HasSuffix(arg, "}"):
					inner := arg[1 : len(arg)-1]
					d.Message = fmt.Sprintf("the loop path %q is a path, not a placeholder; write it without braces: %q", arg, inner)
					if src(doc, l.ArgSpan) == arg {
						d.Fixes = []lint.Fix{{Message: "remove the braces", Safe: true, Edits: []lint.Edit{
							{Start: l.ArgSpan.Start.Offset, End: l.ArgSpan.Start.Offset + 1},
							{Start: l.ArgSpan.End.Offset - 1, End: l.ArgSpan.End.Offset}}}}
					}
				case arg == "Response.body" || strings.HasPrefix(arg, "Response.body.") || strings.HasPrefix(arg, "Response.body["),
					arg == "body" || strings.HasPrefix(arg, "body.") || strings.HasPrefix(arg, "body["):
					continue
				case strings.HasPrefix(arg, "Response."):
					want := "Response.body." + strings.TrimPrefix(arg, "Response.")
					d.Message = fmt.Sprintf("the loop path %q does not start at the body, so it finds nothing; did you mean %q?", arg, want)
				default:
					want := "Response.body." + strings.TrimPrefix(strings.TrimPrefix(arg, "$."), "$")
					d.Message = fmt.Sprintf("the loop path %q is resolved against the Response object, not the body, so it finds nothing; write %q", arg, want)
					if src(doc, l.ArgSpan) == arg {
						d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write %q", want), Edits: []lint.Edit{{Start: l.ArgSpan.Start.Offset, End: l.ArgSpan.End.Offset, New: want}}}}
					}
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

// ForItemScalarCompat reports bare {item} inside loops.
var ForItemScalarCompat = &lint.Analyzer{
	Name:     "for-item-scalar-compat",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "bare {item} of a loop variable",
		Why:   "the newest reference runtime fills a bare `{item}` with the element, but earlier versions only expand `{item.field}` and print `{item}` literally; loops over objects with `{item.field}` work everywhere",
		Bad:   "```act.tags\nGET https://api.example.com/tags\n```\n\n```act.tags.response\nfor: t in Response.body.tags\n- {t}\nend:\n```\n",
		Good:  "```act.tags\nGET https://api.example.com/tags\n```\n\n```act.tags.response\nfor: t in Response.body.tags\n- {t.name}\nend:\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				fl := loopOf(r, l)
				if fl == nil || !fl.ForValid || l.Kind == sfmd.LineFor || l.Kind == sfmd.LineEnd {
					continue
				}
				for _, ref := range lineRefsOf(l) {
					if ref.Kind == sfmd.RefVar && ref.Name == fl.ItemVar && ref.PathText == "" && ref.Index < 0 && len(ref.Modifiers) == 0 {
						pass.Reportf(ref.Span, "bare %s is only filled with the element by the newest reference runtime; older runtimes print it literally; loop over objects and use {%s.<field>} for portable templates", ref.Raw, fl.ItemVar)
					}
				}
			}
		}
		return nil, nil
	},
}

// ForBodyNonOutput reports assignments and pipeline lines inside loops.
var ForBodyNonOutput = &lint.Analyzer{
	Name:     "for-body-non-output",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "assignment or save pipeline inside a for: loop",
		Why:   "a loop body is output: the runtime prints assignments and `save:`/`decode:`/`to:` lines inside a loop as text instead of running them (value shortcuts `{@x} = …` are the exception)",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n{last} = {p.id}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\n{last} = {Response.body.posts[0].id}\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				if loopOf(r, l) == nil {
					continue
				}
				switch l.Kind {
				case sfmd.LineAssign, sfmd.LineSave, sfmd.LineDecode, sfmd.LineTo:
					pass.Reportf(directiveSpan(pass.Doc, l), "%s inside a for: loop is printed as text, not run; move %q before or after the loop", lineKindPhrase(l.Kind), strings.TrimSpace(l.Line.Text))
				}
			}
		}
		return nil, nil
	},
}

// LoopVarShadows reports loop variables named like a parameter or a
// session variable.
var LoopVarShadows = &lint.Analyzer{
	Name:     "loop-var-shadows",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "loop variable shadows a parameter or session variable",
		Why:   "inside the loop `{name}` means the element, outside it the parameter or session variable; one name for both makes the template ambiguous and easy to break",
		Bad:   "```act.posts\nGET https://api.example.com/posts?author={post}\n  post: string (required) \"author\"\n```\n\n```act.posts.response\nfor: post in Response.body.posts\n- {post.title}\nend:\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts?author={post}\n  post: string (required) \"author\"\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineFor || !l.ForValid {
					continue
				}
				what := ""
				if responseParam(syms, r, l.ItemVar) {
					what = fmt.Sprintf("parameter %q of %q", l.ItemVar, "act."+r.ActionID)
				} else if _, ok := syms.Assigned[l.ItemVar]; ok {
					what = fmt.Sprintf("session variable {%s}", l.ItemVar)
				}
				if what != "" {
					want := l.ItemVar + "_item"
					if strings.HasSuffix(l.ItemVar, "item") {
						want = "entry"
					}
					pass.Reportf(l.ItemVarSpan, "loop variable %q has the name of %s; rename the loop variable (e.g. %q)", l.ItemVar, what, want)
				}
			}
		}
		return nil, nil
	},
}

// templateLoopVars returns the item variables of the valid for: lines of r.
func templateLoopVars(r *sfmd.Response) []string {
	var out []string
	for _, l := range r.Lines {
		if l.Kind == sfmd.LineFor && l.ForValid && !hasString(out, l.ItemVar) {
			out = append(out, l.ItemVar)
		}
	}
	return out
}

// inScopeLoopVar reports whether name is the item variable of the loop
// enclosing l.
func inScopeLoopVar(r *sfmd.Response, l *sfmd.TemplateLine, name string) bool {
	fl := loopOf(r, l)
	return fl != nil && fl.ForValid && fl.ItemVar == name
}

// templateUses lists the {name} references of a response template that
// the runtime substitutes from fields, session or loop: output lines,
// assignment and value-shortcut right sides and to: paths, skipping
// invocation hints (fill-ins for the agent).
func templateUses(doc *sfmd.Document, r *sfmd.Response, f func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef)) {
	for i, l := range r.Lines {
		switch l.Kind {
		case sfmd.LineOutput, sfmd.LineAssign, sfmd.LineValueShortcut, sfmd.LineTo:
		default:
			continue
		}
		for _, ref := range lineRefsOf(l) {
			if ref.Kind != sfmd.RefVar || ref.Name == "" || insideHint(doc, ref.Span) {
				continue
			}
			f(i, l, ref)
		}
	}
}

// LoopRefOutsideLoop reports references to a loop variable outside its
// loop.
var LoopRefOutsideLoop = &lint.Analyzer{
	Name:     "loop-ref-outside-loop",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "loop variable used outside its loop",
		Why:   "a loop variable only exists between its `for:` and `end:`; outside it `{post.title}` is not filled and prints literally",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: post in Response.body.posts\n- {post.title}\nend:\nLast: {post.title}\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: post in Response.body.posts\n- {post.title}\nend:\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, r := range pass.Doc.Responses {
			vars := templateLoopVars(r)
			if len(vars) == 0 {
				continue
			}
			templateUses(pass.Doc, r, func(_ int, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
				if !hasString(vars, ref.Name) || inScopeLoopVar(r, l, ref.Name) || responseParam(syms, r, ref.Name) {
					return
				}
				if _, ok := syms.Assigned[ref.Name]; ok {
					return
				}
				pass.Reportf(ref.Span, "%s uses loop variable %q outside its for: loop, where it is not filled and prints literally; move the line between \"for: %s in …\" and \"end:\"", ref.Raw, ref.Name, ref.Name)
			})
		}
		return nil, nil
	},
}

// templateKnownNames returns the names a template may use anywhere in the
// document: session variables assigned by any template and value
// shortcut names.
func templateKnownNames(doc *sfmd.Document, syms *Symbols) map[string]bool {
	known := map[string]bool{}
	for n := range syms.Assigned {
		known[n] = true
	}
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			if l.Kind == sfmd.LineValueShortcut && l.LHS != "" {
				known[l.LHS] = true
			}
		}
	}
	return known
}

// nestedFenceLines marks the output lines of r that sit inside a code
// fence the template prints (examples, not placeholders to fill).
func nestedFenceLines(r *sfmd.Response) map[int]bool {
	out := map[int]bool{}
	var open string
	for i, l := range r.Lines {
		t := strings.TrimSpace(l.Line.Text)
		if l.Kind != sfmd.LineOutput {
			if open != "" {
				out[i] = true
			}
			continue
		}
		switch {
		case open == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			open = t[:3]
		case open != "" && strings.HasPrefix(t, open) && strings.Trim(t, open[:1]) == "":
			open = ""
		case open != "":
			out[i] = true
		}
	}
	return out
}

// inLineCode reports whether ref sits in an inline code span of its line.
func inLineCode(doc *sfmd.Document, l *sfmd.TemplateLine, ref *sfmd.VarRef) bool {
	off := lineOffset(doc, l.Line.Text, l.Line.Span)
	return off >= 0 && inCodeSpan(l.Line.Text, ref.Span.Start.Offset-off)
}

// TemplateVarUndefined reports {name} in templates that nothing defines.
var TemplateVarUndefined = &lint.Analyzer{
	Name:     "template-var-undefined",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "template uses a variable nothing defines",
		Why:   "output `{name}` is filled from the action's fields, session variables and loop variables; a name that is none of them (often a typo) prints literally",
		Bad:   "```act.weather\nGET https://api.example.com/weather?q={city}\n  city: string (required) \"city\"\n```\n\n```act.weather.response\nWeather in {citty}: {Response.body.temp}\n```\n",
		Good:  "```act.weather\nGET https://api.example.com/weather?q={city}\n  city: string (required) \"city\"\n```\n\n```act.weather.response\nWeather in {city}: {Response.body.temp}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		syms := symbols(pass)
		known := templateKnownNames(doc, syms)
		for _, r := range doc.Responses {
			vars := templateLoopVars(r)
			var params []string
			for _, a := range syms.Actions[r.ActionID] {
				params = append(params, actionParamNames(a)...)
			}
			fenced := nestedFenceLines(r)
			templateUses(doc, r, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
				n := ref.Name
				if known[n] || hasString(params, n) || hasString(vars, n) {
					return // loop variables outside their loop: loop-ref-outside-loop
				}
				if fenced[i] || followsDollar(doc, ref.Span) || inLineCode(doc, l, ref) {
					return // example text: code the template prints, shell ${X}, curl %{x}
				}
				if !sessionVarRe.MatchString(n) {
					return // session-var-name-invalid
				}
				cands := append(append([]string(nil), params...), vars...)
				for k := range known {
					cands = append(cands, k)
				}
				msg := fmt.Sprintf("%s is not a parameter of %q, a session variable assigned by any template, or a loop variable, so it prints literally", ref.Raw, "act."+r.ActionID)
				if want := nearest(n, cands); want != "" {
					msg += fmt.Sprintf("; did you mean %q?", "{"+want+"}")
				} else {
					msg += fmt.Sprintf("; assign it first ({%s} = {Response.body.%s}) or declare a parameter", n, n)
				}
				pass.Reportf(ref.Span, "%s", msg)
			})
		}
		return nil, nil
	},
}

// TemplateVarBeforeAssign reports uses of a session variable above the
// line of the same template that assigns it.
var TemplateVarBeforeAssign = &lint.Analyzer{
	Name:     "template-var-before-assign",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "variable used before the line that assigns it",
		Why:   "template lines run top to bottom; a `{city}` above `{city} = …` shows the previous value (or the literal text), not the new one",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n## {city}\n{city} = {Response.body.city}\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = {Response.body.city}\n## {city}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, r := range pass.Doc.Responses {
			first := map[string]int{}
			for i, l := range r.Lines {
				if isSessionAssign(l) && l.Loop < 0 {
					if _, ok := first[l.LHS]; !ok {
						first[l.LHS] = i
					}
				}
			}
			if len(first) == 0 {
				continue
			}
			reported := map[string]bool{}
			templateUses(pass.Doc, r, func(i int, l *sfmd.TemplateLine, ref *sfmd.VarRef) {
				n := ref.Name
				at, ok := first[n]
				if !ok || i >= at || reported[n] || responseParam(syms, r, n) || inScopeLoopVar(r, l, n) {
					return
				}
				reported[n] = true
				pass.Reportf(ref.Span, "%s is used on line %d but assigned on line %d of this template, so it shows the previous value; move the assignment above its first use", ref.Raw, ref.Span.Start.Line, r.Lines[at].LHSSpan.Start.Line)
			})
		}
		return nil, nil
	},
}

// varNameFor suggests a session variable name for a {Response.…}
// reference: its last key in snake case, or fallback.
func varNameFor(ref *sfmd.VarRef, fallback string) string {
	if k := len(ref.Path); k > 0 && !ref.Path[k-1].IsIndex {
		if s := snakeCase(ref.Path[k-1].Key); s != "" {
			return s
		}
	}
	return fallback
}
