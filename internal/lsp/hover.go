package lsp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// hover explains what is under the cursor: an action (from its ID, a hint,
// an act: link, a shortcut, the default), a parameter (from a --flag, a
// query key, its declaration), a placeholder (its declaration; for
// {Response.…} the value the test suites recorded), and the rules of the
// diagnostics there.
func (s *server) hover(params json.RawMessage) (any, error) {
	snap, off, err := s.position(params)
	if err != nil {
		return nil, err
	}
	var parts []string
	var at *Range
	mark := func(start, end int) {
		if at == nil {
			r := snap.text.rng(start, end, s.enc)
			at = &r
		}
	}
	x := snap.idx
	switch {
	case x.occurrenceAt(off) != nil:
		o := x.occurrenceAt(off)
		mark(o.Start, o.End)
		if a := x.actions[o.Name]; a != nil {
			parts = append(parts, actionDoc(a))
		} else {
			parts = append(parts, fmt.Sprintf("no action %q is defined in this document", o.Name))
		}
	case paramAt(snap, off) != nil:
		p := paramAt(snap, off)
		parts = append(parts, paramDoc(p))
	case x.refAt(off) != nil:
		site := x.refAt(off)
		mark(site.Span.Start.Off(), site.Span.End.Off())
		if doc := s.refDoc(snap, site); doc != "" {
			parts = append(parts, doc)
		}
	case x.declarationAt(off) != nil:
		if doc := declDoc(x.declarationAt(off)); doc != "" {
			parts = append(parts, doc)
		}
	}
	for _, d := range s.currentDiagnostics(snap.d, snap.text) {
		if d.Span.Start.Off() <= off && off <= d.Span.End.Off() {
			if a := s.linter.Registry().Lookup(d.Rule); a != nil {
				parts = append(parts, ruleDoc(a, d.Severity))
			}
		}
	}
	if len(parts) == 0 {
		return nil, nil
	}
	kind := "markdown"
	if !s.markdown {
		kind = "plaintext"
	}
	return Hover{Contents: MarkupContent{Kind: kind, Value: strings.Join(dedupe(parts), "\n\n---\n\n")}, Range: at}, nil
}

func dedupe(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// actionDoc is an action's first line, its parameters and how to call it.
func actionDoc(a *sfmd.Action) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**act.%s**\n\n```\n%s\n```\n", a.ID, strings.TrimSpace(a.FirstLine.Text))
	if len(a.Params) == 0 {
		b.WriteString("\nNo parameters.\n")
	} else {
		b.WriteString("\nParameters:\n\n")
		for _, p := range a.Params {
			fmt.Fprintf(&b, "- %s\n", paramLine(p))
		}
	}
	call := "/act." + a.ID
	for _, p := range a.Params {
		if p.Required {
			call += fmt.Sprintf(" --%s <%s>", p.Name, orDefault(p.Type, "value"))
		}
	}
	fmt.Fprintf(&b, "\nCall: `%s`", call)
	return b.String()
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// paramLine is one parameter as `/act.x --help` lists it.
func paramLine(p *sfmd.Param) string {
	flag := "`--" + p.Name + "`"
	if p.Alias != "" {
		flag += ", `" + p.Alias + "`"
	}
	s := fmt.Sprintf("%s `%s`", flag, orDefault(p.Type, "(no type)"))
	if p.Required {
		s += " (required)"
	} else {
		s += " (optional)"
	}
	if p.HasDescription && p.Description != "" {
		s += " — " + p.Description
	}
	if p.HasDefault {
		s += fmt.Sprintf(", default `%q`", p.Default)
	}
	return s
}

func paramDoc(p *sfmd.Param) string { return "parameter " + paramLine(p) }

// declDoc explains a declaration (a definition in sfmd's index of names).
func declDoc(d *sfmd.Occurrence) string {
	switch {
	case d.Param != nil && d.Action != nil:
		return paramDoc(d.Param) + " of `act." + d.Action.ID + "`"
	case d.Env != nil:
		s := fmt.Sprintf("env variable `$%s`", d.Env.Name)
		if d.Env.HasDescription {
			s += " — " + d.Env.Description
		}
		if d.Env.Default != nil {
			s += fmt.Sprintf(", default `%s`", d.Env.Default.Value)
		} else {
			s += " (required: the runtime refuses to run actions until it is set)"
		}
		return s
	case d.Assign != nil && d.Kind == sfmd.NameLoopItem:
		return fmt.Sprintf("loop item `%s`: each element of `%s`", d.Assign.ItemVar, d.Assign.Arg)
	case d.Assign != nil:
		return fmt.Sprintf("%s `%s`, set by `%s`", d.Kind, d.Assign.LHSRaw, strings.TrimSpace(d.Assign.Line.Text))
	}
	return ""
}

// refDoc explains a placeholder: its declaration, and for response
// values what the test suites recorded.
func (s *server) refDoc(snap *snapshot, site *sfmd.Occurrence) string {
	ref := site.Ref
	if ref.Kind == sfmd.RefResponse {
		return s.responseDoc(snap, site, ref.Name, ref.Path)
	}
	d := snap.idx.resolve(site)
	if d == nil {
		return ""
	}
	doc := declDoc(d)
	if d.Kind == sfmd.NameLoopItem && site.Response != nil {
		if root, path, ok := parseResponsePath(d.Assign.Arg); ok {
			full := append(append(append([]sfmd.PathSeg(nil), path...), sfmd.PathSeg{Index: 0, IsIndex: true}), ref.Path...)
			if shape := s.responseDoc(snap, site, root, full); shape != "" {
				doc += "\n\n" + shape
			}
		}
	}
	return doc
}

// responseDoc shows the recorded values at root+path of the template's
// action.
func (s *server) responseDoc(snap *snapshot, site *sfmd.Occurrence, root string, path []sfmd.PathSeg) string {
	if site.Response == nil {
		return ""
	}
	samples := s.responseSamples(snap.d.path, site.Response.ActionID, root, path, 3)
	if len(samples) == 0 {
		return fmt.Sprintf("`Response.%s` of `act.%s`: no recorded value in the document's test suites (`%s`)",
			pathText(root, path), site.Response.ActionID, suiteName(snap.d.path))
	}
	typ, text := describe(samples[0].value)
	var b strings.Builder
	fmt.Fprintf(&b, "`Response.%s`: %s\n\n```json\n%s\n```\n\nrecorded in `%s`, test %q", pathText(root, path), typ, text, samples[0].suite, samples[0].test)
	if len(samples) > 1 {
		fmt.Fprintf(&b, " (and %d more)", len(samples)-1)
	}
	return b.String()
}

func suiteName(docPath string) string {
	base := docPath[strings.LastIndexAny(docPath, `/\`)+1:]
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return base + ".test.yaml"
}

func pathText(root string, path []sfmd.PathSeg) string {
	var b strings.Builder
	b.WriteString(root)
	for _, seg := range path {
		if seg.IsIndex {
			fmt.Fprintf(&b, "[%d]", seg.Index)
		} else {
			b.WriteString("." + seg.Key)
		}
	}
	return b.String()
}

// ruleDoc is a rule's explanation, as `sfmd explain` gives it.
func ruleDoc(a *lint.Analyzer, sev lint.Severity) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** (%s, profile %s): %s", a.Name, sev, a.Profile, a.Doc.Title)
	if a.Doc.Why != "" {
		fmt.Fprintf(&b, "\n\n%s", a.Doc.Why)
	}
	if a.Doc.Bad != "" {
		fmt.Fprintf(&b, "\n\nBad:\n\n%s", fenced(a.Doc.Bad))
	}
	if a.Doc.Good != "" {
		fmt.Fprintf(&b, "\n\nGood:\n\n%s", fenced(a.Doc.Good))
	}
	fmt.Fprintf(&b, "\n\nFix: %s\n\n[%s documentation](%s)", a.Doc.Fix.Summary(), a.Name, lint.DocURL(a.Name))
	return b.String()
}

// fenced puts an example in a Markdown code block whose fence is longer
// than any backtick run inside it.
func fenced(s string) string {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return fence + "markdown\n" + s + fence
}
