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

		Severity: "loader.ts Loader.action: the runtime sends the text as written; the API almost certainly rejects it",
	},
	Requires: []*lint.Analyzer{bodiesAnalyzer, symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		assigned := symbols(pass).Assigned
		for i, a := range pass.Doc.Actions {
			if !sendsBody(a) {
				continue // body-ignored-for-method
			}
			bs := docBodies(pass, i)
			for k := range bs {
				b := &bs[k] // scan keeps its result in the table
				if !b.looksJSON() {
					continue
				}
				out, refs := b.scan()
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
				// validJSON (json.Valid) checks the JSON grammar, which has
				// no limit on numbers (JSON.parse reads 1e999 as Infinity,
				// so the runtime sends it); Unmarshal then explains a
				// syntax error with its offset.
				if validJSON(out) {
					reportOptionalRaw(pass, a, refs, assigned)
					continue
				}
				var v any
				err := json.Unmarshal([]byte(out), &v)
				if err == nil {
					continue
				}
				pass.Report(jsonDiag(pass.Doc, b, out, b.offsets(), err))
			}
		}
		return nil, nil
	},
}

// oneQuote reports whether exactly one '"' touches the reference: the
// runtime then eats that quote and inserts the value raw.
func oneQuote(r *sfmd.VarRef) bool {
	return r.QuotedBefore != r.QuotedAfter && (r.Kind == sfmd.RefVar || r.Kind == sfmd.RefSpread)
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

// reportOptionalRaw reports raw placeholders (outside JSON strings) of
// optional fields without a default: when the caller leaves the field
// out and no session variable has its name, the runtime keeps the
// placeholder literally (runtime-semantics.md §1.8), and `"limit":
// {limit}` is not JSON.
func reportOptionalRaw(pass *lint.Pass, a *sfmd.Action, refs []bodyRef, assigned map[string][]sfmd.Span) {
	for _, br := range refs {
		r := br.Ref
		if r.Kind != sfmd.RefVar || br.InString || r.QuotedBefore || r.QuotedAfter {
			continue
		}
		p := a.Param(r.Name)
		if p == nil || p.Required || p.HasDefault {
			continue
		}
		if _, ok := assigned[r.Name]; ok {
			continue // a session variable of that name fills it
		}
		pass.Reportf(r.Span, "when the caller leaves out optional %q, which has no default, the runtime keeps %s literally and the body is not valid JSON; give %q a default (= \"…\") or make it (required)", r.Name, r.Raw, r.Name)
	}
}
