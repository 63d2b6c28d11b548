package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BodyDirectiveUnsupported reports body: sections, which the reference
// runtime does not implement (runtime-semantics.md §1.1, §6.2).
var BodyDirectiveUnsupported = &lint.Analyzer{
	Name:     "body-directive-unsupported",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "body: section the reference runtime ignores",
		Why:   "the docs describe a multi-line `body:` template, but the reference runtime only reads `-d '…'` on the first line: it ignores the section and sends the flat JSON of the remaining fields instead (`{\"title\":\"…\",\"count\":\"5\"}`, every value a string), which matches the template only for the simplest bodies",
		Bad:   "```act.post\nPOST https://api.example.com/posts\n  title: string (required) \"Title\"\n  body:\n    {\"post\": {\"title\": \"{title}\"}}\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/posts -d '{\"post\": {\"title\": \"{title}\"}}'\n  title: string (required) \"Title\"\n```\n",

		Severity: "parser.ts parseActionBlock reads only `-d`: the request is sent, but with the flat JSON of the fields instead of the template (which matches only for the simplest templates)",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the request changes from the flat JSON the runtime sends today to the body template"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		// 4,212 findings on the 10 MB document: each message is written
		// into one scratch buffer and copied out once (%q as
		// appendQuote, strconv.AppendQuote: what %q prints for a string)
		var buf []byte
		for _, a := range pass.Doc.Actions {
			if !sendsBody(a) || a.InlineBody != nil || len(a.Bodies) == 0 {
				continue // body-ignored-for-method, body-duplicate
			}
			b := a.Bodies[0]
			if b.Template == nil || strings.TrimSpace(b.Template.Text) == "" || len(b.Lines) == 0 {
				continue // body-empty
			}
			d := lint.Diagnostic{Span: b.DirectiveSpan}
			buf = append(buf[:0], "the reference runtime ignores \"body:\" sections and sends the flat JSON of the fields instead ("...)
			buf = append(appendFlatJSON(buf, a), "); put the body on the first line as -d '…'"...)
			if opt := absentFields(a, b); opt != nil {
				// no fix: the template would send what the flat JSON leaves out
				buf = appendQuote(append(buf, " (no fix offered: optional "...), opt.Name)
				buf = append(append(append(buf, " has no default, and when it is not given -d '…' sends {"...), opt.Name...), "} as written, or a session variable's value, where the flat JSON leaves it out)"...)
			} else if fix, ok := inlineBodyFix(doc, a, b); ok {
				d.Fixes = []lint.Fix{fix}
			}
			if d.Fixes == nil && strings.Contains(b.Template.Text, "'") {
				buf = append(buf, " (without the ' of this body: the runtime ends -d '…' at the next ')"...)
			}
			d.Message = string(buf)
			pass.Report(d)
		}
		return nil, nil
	},
}

// absentFields returns the first field the body names that a call may
// leave out (optional, no default), or nil. The runtime fills a -d
// template from the call's fields, then from session variables, and
// leaves a placeholder it cannot fill as written (action.ts
// substituteBodyTemplate; model substituteBody), while the flat
// JSON it sends without -d simply has no such key: for such a field the
// -d fix would change what is sent when the field is not given.
func absentFields(a *sfmd.Action, b *sfmd.Body) *sfmd.Param {
	for _, r := range b.Template.Refs {
		if r.Kind != sfmd.RefVar {
			continue
		}
		for _, p := range a.Params {
			if p.Name == r.Name && !p.Required && !p.HasDefault {
				return p
			}
		}
	}
	return nil
}

// appendFlatJSON appends to buf what shows the body the runtime sends
// without -d: the fields not used in the URL, every value a string (up to
// three, then "…").
func appendFlatJSON(buf []byte, a *sfmd.Action) []byte {
	buf = append(buf, '{')
	keys := 0
	for _, p := range a.Params {
		if p.Name == "" || (a.Target != nil && containsBraced(a.Target.Text, p.Name)) {
			continue
		}
		if keys > 0 {
			buf = append(buf, ',')
		}
		buf = append(appendQuote(buf, p.Name), `:"…"`...) // what %q:"…" prints
		if keys++; keys == 3 {
			buf = append(buf, ",…"...)
			break
		}
	}
	return append(buf, '}')
}

// inlineBodyFix moves the body onto the first line as -d '…' (its lines
// joined by single spaces, none inside brackets) and deletes the section. It is unsafe: the
// request changes from the flat JSON the runtime sends today to the
// template. ok is false when the body holds a single quote, which -d '…'
// cannot carry.
func inlineBodyFix(doc *sfmd.Document, a *sfmd.Action, b *sfmd.Body) (lint.Fix, bool) {
	var sb strings.Builder
	for _, l := range b.Lines {
		t := strings.TrimSpace(l.Text)
		if t == "" {
			continue
		}
		if s := sb.String(); s != "" && !strings.HasSuffix(s, "{") && !strings.HasSuffix(s, "[") && t[0] != '}' && t[0] != ']' {
			sb.WriteByte(' ')
		}
		sb.WriteString(t)
	}
	body := sb.String()
	if body == "" || strings.Contains(body, "'") || !a.FirstLine.Span.IsValid() {
		return lint.Fix{}, false
	}
	start := lineStartOffset(doc, b.DirectiveSpan.Start.Off())
	end := b.Lines[len(b.Lines)-1].Span.End.Off()
	if end < len(doc.Src) && doc.Src[end] == '\n' {
		end++
	}
	firstEnd := a.FirstLine.Span.End.Off()
	if start < firstEnd || end > len(doc.Src) {
		return lint.Fix{}, false
	}
	return lint.Fix{Message: "move the body to the first line as -d '…'", Edits: []lint.Edit{
		{Start: firstEnd, End: firstEnd, New: " -d '" + body + "'"},
		{Start: start, End: end},
	}}, true
}

// lineStartOffset returns the offset of the start of the line holding off.
func lineStartOffset(doc *sfmd.Document, off int) int {
	for off > 0 && doc.Src[off-1] != '\n' {
		off--
	}
	return off
}
