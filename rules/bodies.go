package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about request bodies: `body:` sections and `-d '…'` (spec.md
// §2.10; runtime-semantics.md §1.8).

func init() {
	register(
		BodyIgnoredForMethod,
		BodyEmpty,
		BodyDuplicate,
		BodyInvalidJSON,
		BodyPlaceholderUnquotedString,
		BodyModifierUnknown,
		BodyFileModifierType,
	)
}

// bodyModifiers are the modifiers the runtime applies in bodies.
var bodyModifiers = []string{"base64", "base64file", "file"}

// bodyText is one body template of an action with the map from its text
// back to the file (body text has the common indentation removed).
type bodyText struct {
	Action *sfmd.Action
	T      *sfmd.Template
	Site   site
	Where  sfmd.Span // the `body:` directive or the -d flag
	pieces []string  // T.Text split into lines
	base   []int     // file offset of each piece, -1 when unknown

	scanned bool // scan's results, computed once
	out     string
	omap    []int
	refs    []bodyRef
}

// BodiesAnalyzer collects the body templates of each action, and their
// JSON scans, once for the body rules.
var BodiesAnalyzer = &lint.Analyzer{
	Name:   "bodies",
	Shared: true,
	Doc: lint.Doc{
		Title: "body templates of each action",
		Why:   "shared analysis: the -d and body: templates of each action, mapped back to the file, with their placeholder-substituted JSON text",
	},
	Run: func(pass *lint.Pass) (any, error) {
		return &bodyTable{doc: pass.Doc, byAction: map[*sfmd.Action][]*bodyText{}}, nil
	},
}

// bodyTable is the BodiesAnalyzer result: actionBodies per action,
// computed on first use. Read-only for rules.
type bodyTable struct {
	doc      *sfmd.Document
	byAction map[*sfmd.Action][]*bodyText
}

// docBodies returns actionBodies(pass.Doc, a), shared through
// BodiesAnalyzer when the rule requires it.
func docBodies(pass *lint.Pass, a *sfmd.Action) []*bodyText {
	t, ok := pass.ResultOf[BodiesAnalyzer].(*bodyTable)
	if !ok {
		return actionBodies(pass.Doc, a)
	}
	bs, ok := t.byAction[a]
	if !ok {
		bs = actionBodies(t.doc, a)
		t.byAction[a] = bs
	}
	return bs
}

// bodies returns the non-empty body templates of a.
func actionBodies(doc *sfmd.Document, a *sfmd.Action) []*bodyText {
	var out []*bodyText
	if ib := a.InlineBody; ib != nil && ib.Template != nil && strings.TrimSpace(ib.Template.Text) != "" && !inlineBodyBroken(doc, ib) {
		b := &bodyText{Action: a, T: ib.Template, Site: siteInlineBody, Where: ib.Span,
			pieces: []string{ib.Template.Text}, base: []int{lineOffset(doc, ib.Template.Text, ib.Template.Span)}}
		out = append(out, b)
	}
	for _, body := range a.Bodies {
		if body.Template == nil || strings.TrimSpace(body.Template.Text) == "" {
			continue
		}
		b := &bodyText{Action: a, T: body.Template, Site: siteBody, Where: body.DirectiveSpan}
		b.pieces = strings.Split(body.Template.Text, "\n")
		b.base = make([]int, len(b.pieces))
		for k := range b.pieces {
			b.base[k] = -1
			if len(b.pieces) != len(body.Lines) {
				continue
			}
			l := body.Lines[k]
			if off := lineOffset(doc, l.Text, l.Span); off >= 0 && strings.HasSuffix(l.Text, b.pieces[k]) {
				b.base[k] = off + len(l.Text) - len(b.pieces[k])
			}
		}
		out = append(out, b)
	}
	return out
}

// inlineBodyBroken reports whether the parser found the -d body
// unterminated or cut short (body-inline-unterminated reports it; its text
// is not the body the author wrote).
func inlineBodyBroken(doc *sfmd.Document, ib *sfmd.InlineBody) bool {
	if !ib.Closed {
		return true
	}
	for _, p := range doc.Problems {
		if p.Code == sfmd.CodeBodyInlineUnterminated && p.Span.Start.Offset < ib.Span.End.Offset+1 && p.Span.End.Offset >= ib.Span.Start.Offset {
			return true
		}
	}
	return false
}

// textOffset maps a file offset to an offset in T.Text, or -1.
func (b *bodyText) textOffset(file int) int {
	start := 0
	for k, p := range b.pieces {
		if b.base[k] >= 0 && file >= b.base[k] && file <= b.base[k]+len(p) {
			return start + file - b.base[k]
		}
		start += len(p) + 1
	}
	return -1
}

// fileOffset maps an offset in T.Text to the file, or -1.
func (b *bodyText) fileOffset(text int) int {
	start := 0
	for k, p := range b.pieces {
		if text <= start+len(p) {
			if b.base[k] < 0 {
				return -1
			}
			return b.base[k] + text - start
		}
		start += len(p) + 1
	}
	return -1
}

// looksJSON reports whether the body is meant as JSON: it starts with
// '{' or '[' and no Content-Type header says otherwise.
func (b *bodyText) looksJSON() bool {
	t := strings.TrimSpace(b.T.Text)
	if t == "" || t[0] != '{' && t[0] != '[' {
		return false
	}
	for _, h := range b.Action.Headers {
		if strings.EqualFold(h.Name, "Content-Type") && h.Value != nil && !strings.Contains(strings.ToLower(h.Value.Text), "json") {
			return false
		}
	}
	return true
}

// bodyRef is a reference of a body with its position in the body text
// and its JSON context.
type bodyRef struct {
	Ref      *sfmd.VarRef
	Start    int  // offset in T.Text
	InString bool // inside a JSON string literal (after substitution of the quotes around it)
}

// scan substitutes the references of the body the way rule 138 asks
// (a quoted placeholder becomes a string, a raw one 0, $VAR 0) and returns
// the result, the map from its bytes to T.Text offsets, and the
// references with their JSON context.
func (b *bodyText) scan() (string, []int, []bodyRef) {
	if !b.scanned {
		b.out, b.omap, b.refs = b.doScan()
		b.scanned = true
	}
	return b.out, b.omap, b.refs
}

func (b *bodyText) doScan() (string, []int, []bodyRef) {
	text := b.T.Text
	var refs []bodyRef
	for _, r := range b.T.Refs {
		if s := b.textOffset(r.Span.Start.Offset); s >= 0 && s+len(r.Raw) <= len(text) && text[s:s+len(r.Raw)] == r.Raw {
			refs = append(refs, bodyRef{Ref: r, Start: s})
		}
	}
	var out strings.Builder
	out.Grow(len(text))
	omap := make([]int, 0, len(text))
	emit := func(s string, at int) {
		out.WriteString(s)
		for range len(s) {
			omap = append(omap, at)
		}
	}
	inStr := false
	k := 0
	for i := 0; i < len(text); {
		if k < len(refs) && refs[k].Start == i {
			r := refs[k].Ref
			refs[k].InString = inStr
			switch {
			case r.Kind == sfmd.RefPersistent:
				emit("0", i)
			case r.QuotedBefore && r.QuotedAfter:
				emit("s", i)
			default:
				emit("0", i)
			}
			i += len(r.Raw)
			k++
			continue
		}
		for k < len(refs) && refs[k].Start < i {
			k++ // overlapping reference: skip
		}
		c := text[i]
		if inStr && c == '\\' && i+1 < len(text) {
			emit(text[i:i+2], i)
			i += 2
			continue
		}
		if c == '"' {
			inStr = !inStr
		}
		emit(text[i:i+1], i)
		i++
	}
	return out.String(), omap, refs
}

// sendsBody reports whether the action's method sends a request body.
func sendsBody(a *sfmd.Action) bool {
	return a.Method == sfmd.MethodPOST || a.Method == sfmd.MethodPUT || a.Method == sfmd.MethodPATCH
}

// oneQuote reports whether exactly one '"' touches the reference: the
// runtime then eats that quote and inserts the value raw.
func oneQuote(r *sfmd.VarRef) bool {
	return r.QuotedBefore != r.QuotedAfter && (r.Kind == sfmd.RefVar || r.Kind == sfmd.RefSpread)
}

// BodyIgnoredForMethod reports bodies on GET, DELETE and CLI actions.
var BodyIgnoredForMethod = &lint.Analyzer{
	Name:     "body-ignored-for-method",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "body on a GET, DELETE or CLI action",
		Why:   "a request body is only sent for POST, PUT and PATCH; for GET and DELETE the runtime drops it at send time and for CLI it is ignored, so the fields it carries never arrive",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"query\"\n  body:\n    {\"q\": \"{q}\"}\n```\n",
		Good:  "```act.search\nPOST https://api.example.com/search\n  q: string (required) \"query\"\n  body:\n    {\"q\": \"{q}\"}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if a.Method != sfmd.MethodGET && a.Method != sfmd.MethodDELETE && !a.IsCLI() {
				continue
			}
			todo := "use POST, PUT or PATCH, or pass the fields in the URL or query string"
			if a.IsCLI() {
				todo = "pass the values in the command instead"
			}
			if ib := a.InlineBody; ib != nil && !a.IsCLI() {
				pass.Reportf(ib.Span, "this -d body is ignored because %s requests send no body; %s", a.MethodRaw, todo)
			}
			for _, b := range a.Bodies {
				pass.Reportf(b.DirectiveSpan, "this \"body:\" section is ignored because %s actions send no body; %s", a.MethodRaw, todo)
			}
		}
		return nil, nil
	},
}

// BodyEmpty reports `body:` with no template after it.
var BodyEmpty = &lint.Analyzer{
	Name:     "body-empty",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "body section has no content",
		Why:   "the lines of a `body:` section must be indented more than `body:`; with nothing (or a line at the same indentation) after it the body is empty and the request is sent without the intended payload",
		Bad:   "```act.post\nPOST https://api.example.com/posts\n  title: string (required) \"title\"\n  body:\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/posts\n  title: string (required) \"title\"\n  body:\n    {\"title\": \"{title}\"}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			for _, b := range a.Bodies {
				if b.Template != nil && strings.TrimSpace(b.Template.Text) != "" {
					continue
				}
				pass.Reportf(b.DirectiveSpan, "\"body:\" has no content; indent the body lines more than \"body:\" or remove the section")
			}
			if ib := a.InlineBody; ib != nil && ib.Closed && ib.Template != nil && strings.TrimSpace(ib.Template.Text) == "" {
				pass.Reportf(ib.Span, "-d body is empty; put the JSON between the quotes or remove the flag")
			}
		}
		return nil, nil
	},
}

// BodyDuplicate reports a second body template in one action.
var BodyDuplicate = &lint.Analyzer{
	Name:     "body-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action has more than one body template",
		Why:   "an action has exactly one body: two `body:` sections, or `-d` plus `body:`, leave it unclear which one is sent (the reference runtime only reads `-d`)",
		Bad:   "```act.post\nPOST https://api.example.com/posts -d '{\"title\": \"{title}\"}'\n  title: string (required) \"title\"\n  body:\n    {\"title\": \"{title}\"}\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/posts\n  title: string (required) \"title\"\n  body:\n    {\"title\": \"{title}\"}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			var first sfmd.Span
			todo := "remove this \"body:\" section or the other one"
			switch {
			case a.InlineBody != nil:
				first, todo = a.InlineBody.Span, "remove this \"body:\" section or the -d body"
			case len(a.Bodies) > 0:
				first = a.Bodies[0].DirectiveSpan
			default:
				continue
			}
			for i, b := range a.Bodies {
				if i == 0 && a.InlineBody == nil {
					continue
				}
				reportDup(pass, b.DirectiveSpan, first, fmt.Sprintf("body template of %q", "act."+a.ID), todo)
			}
		}
		return nil, nil
	},
}

// BodyInvalidJSON reports JSON bodies that are not valid JSON once the
// placeholders are filled.
var BodyInvalidJSON = &lint.Analyzer{
	Name:     "body-invalid-json",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "body template is not valid JSON",
		Why:   "the body is sent as `Content-Type: application/json`; a trailing comma, a missing quote, or a placeholder with a single '\"' next to it (the runtime eats that quote) makes the API reject the request",
		Bad:   "```act.post\nPOST https://api.example.com/posts\n  title: string (required) \"title\"\n  body:\n    {\"title\": \"{title}\",}\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/posts\n  title: string (required) \"title\"\n  body:\n    {\"title\": \"{title}\"}\n```\n",
	},
	Requires: []*lint.Analyzer{BodiesAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !sendsBody(a) {
				continue // body-ignored-for-method
			}
			for _, b := range docBodies(pass, a) {
				if !b.looksJSON() {
					continue
				}
				out, omap, refs := b.scan()
				eaten := false
				for _, br := range refs {
					if oneQuote(br.Ref) {
						eaten = true
						pass.Reportf(br.Ref.Span, "%s has a '\"' on one side only: the runtime removes that quote and inserts the value raw, which breaks the JSON; put the placeholder alone in its string (\"%s\") or keep it away from the quote", br.Ref.Raw, br.Ref.Raw)
					}
				}
				if eaten {
					continue
				}
				// Valid checks the JSON grammar, which has no limit on
				// numbers (JSON.parse reads 1e999 as Infinity, so the
				// runtime sends it); Unmarshal then explains a syntax error
				// with its offset.
				data := []byte(out)
				if json.Valid(data) {
					continue
				}
				var v any
				err := json.Unmarshal(data, &v)
				if err == nil {
					continue
				}
				pass.Report(jsonDiag(pass.Doc, b, out, omap, err))
			}
		}
		return nil, nil
	},
}

// jsonDiag builds the body-invalid-json diagnostic for err at the
// offending character.
func jsonDiag(doc *sfmd.Document, b *bodyText, out string, omap []int, err error) lint.Diagnostic {
	msg := err.Error()
	at := len(out)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		at = int(se.Offset) - 1
		if at < 0 {
			at = 0
		}
	}
	msg = strings.TrimPrefix(msg, "json: ")
	span := b.Where
	if at >= len(out) {
		msg = "unexpected end of JSON input"
		// point at the last non-space character
		at = len(strings.TrimRight(out, " \t\n"))
		if at > 0 {
			at--
		}
	}
	if at < len(omap) {
		if f := b.fileOffset(omap[at]); f >= 0 && f < len(doc.Src) {
			_, n := utf8.DecodeRune(doc.Src[f:])
			span = spanAt(doc, f, f+max(n, 1))
		}
	}
	return lint.Diagnostic{
		Span:    span,
		Message: fmt.Sprintf("%s of %q is not valid JSON (%s); fix the JSON, with each placeholder standing for one value", defSiteName(b.Site, b.Action), "act."+b.Action.ID, msg),
	}
}

// BodyPlaceholderUnquotedString reports string fields inserted raw into
// a JSON body.
var BodyPlaceholderUnquotedString = &lint.Analyzer{
	Name:     "body-placeholder-unquoted-string",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "string placeholder outside quotes in a JSON body",
		Why:   "outside a JSON string the value is inserted raw: a string field becomes bare words (`{\"size\": 1K}`) and the body is no longer JSON; inside quotes it is JSON-escaped",
		Bad:   "```act.gen\nPOST https://api.example.com/generate\n  resolution: string \"1K, 2K or 4K\" = \"1K\"\n  body:\n    {\"size\": {resolution}}\n```\n",
		Good:  "```act.gen\nPOST https://api.example.com/generate\n  resolution: string \"1K, 2K or 4K\" = \"1K\"\n  body:\n    {\"size\": \"{resolution}\"}\n```\n",
	},
	Requires: []*lint.Analyzer{BodiesAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !sendsBody(a) {
				continue
			}
			for _, b := range docBodies(pass, a) {
				if !b.looksJSON() {
					continue
				}
				_, _, refs := b.scan()
				for _, br := range refs {
					r := br.Ref
					if r.Kind != sfmd.RefVar || br.InString || r.QuotedBefore || r.QuotedAfter {
						continue
					}
					p := a.Param(r.Name)
					if p == nil || (p.Type != "string" && p.Type != "path") {
						continue
					}
					if n := len(r.Modifiers); n > 0 && r.Modifiers[n-1] == "file" {
						continue // inserting a file's text raw (a JSON file) is deliberate
					}
					d := lint.Diagnostic{
						Span:    r.Span,
						Message: fmt.Sprintf("%s is a %s field inserted raw into the JSON body, so its value becomes bare text; wrap it in quotes: \"%s\"", r.Raw, p.Type, r.Raw),
					}
					if src(doc, r.Span) == r.Raw {
						d.Fixes = []lint.Fix{{
							Message: "wrap the placeholder in double quotes",
							Safe:    true,
							Edits:   []lint.Edit{{Start: r.Span.Start.Offset, End: r.Span.Start.Offset, New: `"`}, {Start: r.Span.End.Offset, End: r.Span.End.Offset, New: `"`}},
						}}
					}
					pass.Report(d)
				}
			}
		}
		return nil, nil
	},
}

// BodyModifierUnknown reports unknown placeholder modifiers in bodies.
var BodyModifierUnknown = &lint.Analyzer{
	Name:     "body-modifier-unknown",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "unknown placeholder modifier in a body",
		Why:   "the body modifiers are `base64`, `base64file` and `file`; with any other modifier the runtime leaves the whole placeholder in the body literally",
		Bad:   "```act.upload\nPOST https://api.example.com/upload\n  img: path (required) \"image file\"\n  body:\n    {\"img\": \"{img|b64}\"}\n```\n",
		Good:  "```act.upload\nPOST https://api.example.com/upload\n  img: path (required) \"image file\"\n  body:\n    {\"img\": \"{img|base64file}\"}\n```\n",
	},
	Requires: []*lint.Analyzer{BodiesAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			for _, b := range docBodies(pass, a) {
				for _, r := range b.T.Refs {
					if r.Kind != sfmd.RefVar || len(r.Modifiers) == 0 {
						continue
					}
					off := lineOffset(doc, r.Raw, r.Span)
					pos := len("{") + len(r.Name) + len(r.PathText)
					if r.Index >= 0 {
						pos = strings.IndexByte(r.Raw, '|')
					}
					for _, m := range r.Modifiers {
						pos++ // the '|'
						if hasString(bodyModifiers, m) {
							pos += len(m)
							continue
						}
						span := r.Span
						if off >= 0 && m != "" {
							span = spanAt(doc, off+pos, off+pos+len(m))
						}
						d := lint.Diagnostic{Span: span}
						switch want := nearestModifier(m); {
						case m == "":
							d.Message = fmt.Sprintf("%s has an empty modifier, so the runtime sends it literally; remove the extra '|' or use one of \"base64\", \"base64file\", \"file\"", r.Raw)
						case want != "":
							d.Message = fmt.Sprintf("unknown modifier %q in %s, so the runtime sends it literally; did you mean %q?", m, r.Raw, want)
							if off >= 0 {
								d.Fixes = []lint.Fix{{
									Message: fmt.Sprintf("replace %q with %q", m, want),
									Safe:    strings.EqualFold(m, want),
									Edits:   []lint.Edit{{Start: span.Start.Offset, End: span.End.Offset, New: want}},
								}}
							}
						default:
							d.Message = fmt.Sprintf("unknown modifier %q in %s, so the runtime sends it literally; expected one of \"base64\", \"base64file\", \"file\"", m, r.Raw)
						}
						pass.Report(d)
						pos += len(m)
					}
				}
			}
		}
		return nil, nil
	},
}

// nearestModifier suggests a body modifier for m.
func nearestModifier(m string) string {
	for _, k := range bodyModifiers {
		if strings.EqualFold(k, m) {
			return k
		}
	}
	switch strings.ToLower(m) {
	case "b64", "base-64", "base_64":
		return "base64"
	case "b64file", "base64_file", "base64-file", "filebase64":
		return "base64file"
	case "read", "path", "text":
		return "file"
	}
	return nearest(m, bodyModifiers)
}

// BodyFileModifierType reports |file and |base64file on fields that are
// not declared as paths.
var BodyFileModifierType = &lint.Analyzer{
	Name:     "body-file-modifier-type",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file modifier on a field that is not a path",
		Why:   "`|file` and `|base64file` read the value as a file path; a field declared as another type tells the caller to pass something else, and the read fails",
		Bad:   "```act.upload\nPOST https://api.example.com/upload\n  count: number \"how many\"\n  body:\n    {\"data\": \"{count|file}\"}\n```\n",
		Good:  "```act.upload\nPOST https://api.example.com/upload\n  input_image: path (required) \"image file\"\n  body:\n    {\"data\": \"{input_image|base64file}\"}\n```\n",
	},
	Requires: []*lint.Analyzer{BodiesAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			for _, b := range docBodies(pass, a) {
				for _, r := range b.T.Refs {
					if r.Kind != sfmd.RefVar || !hasString(r.Modifiers, "file") && !hasString(r.Modifiers, "base64file") {
						continue
					}
					p := a.Param(r.Name)
					if p == nil || p.Type == "" || p.Type == "path" {
						continue
					}
					pass.Reportf(r.Span, "%s reads parameter %q as a file path, but it is declared as %q; declare it as \"%s: path\" so callers pass a file", r.Raw, p.Name, p.Type, p.Name)
				}
			}
		}
		return nil, nil
	},
}
