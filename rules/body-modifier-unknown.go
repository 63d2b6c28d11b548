package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

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

		Severity: "action.ts substituteBodyTemplate: the runtime leaves the whole placeholder in the body literally",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "safe when the modifier only differs in case from a known one; another near miss may not be the modifier meant, so the fix is unsafe"},
	},
	Requires: []*lint.Analyzer{bodiesAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, mr := range docModRefs(pass) {
			r := mr.Ref
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
							Edits:   []lint.Edit{{Start: span.Start.Off(), End: span.End.Off(), New: want}},
						}}
					}
				default:
					d.Message = fmt.Sprintf("unknown modifier %q in %s, so the runtime sends it literally; expected one of \"base64\", \"base64file\", \"file\"", m, r.Raw)
				}
				pass.Report(d)
				pos += len(m)
			}
		}
		return nil, nil
	},
}

// bodyModifiers are the modifiers the runtime applies in bodies.
var bodyModifiers = []string{"base64", "base64file", "file"}

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
