package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActionIDInvalid reports action IDs outside [a-z][a-z0-9_-]*.
var ActionIDInvalid = &lint.Analyzer{
	Name:     "action-id-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action ID does not match [a-z][a-z0-9_-]*",
		Why:   "the spec requires action IDs to be lower case, start with a letter and use only letters, digits, '_' and '-'; other IDs are not portable and cannot be typed reliably in `/act.<id>` commands",
		Bad:   "```act.Search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "index.ts dispatch lowercases the command, /act.<id> included, and action.ts cmdAction matches the ID exactly: an upper-case ID is unreachable through `/act.<id>`, which the runtime lowercases (an ID the runtime accepts but the spec does not, such as `2deploy`, is info: portability)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run:      runActionIDInvalid,
}

func runActionIDInvalid(pass *lint.Pass) (any, error) {
	doc := pass.Doc
	syms := symbols(pass)
	fixed := map[string]bool{}
	for _, a := range doc.Actions {
		if a.ID == "" || actionIDRe.MatchString(a.ID) {
			continue
		}
		want := sanitizeID(a.ID, '_', true)
		msg := fmt.Sprintf("action ID %q does not match [a-z][a-z0-9_-]*", a.ID)
		if want != "" && len(syms.Actions[want]) == 0 {
			msg += fmt.Sprintf("; rename it to %q", want)
		} else {
			msg += "; use lower-case letters, digits, '_' and '-', starting with a letter"
		}
		d := lint.Diagnostic{Span: a.IDSpan, Message: msg}
		if (idPattern{nameChars, nameChars}).MatchString(a.ID) && strings.ToLower(a.ID) == a.ID {
			// the reference runtime reads and reaches it: portability only
			d.Severity, d.SeveritySet = lint.Info, true
			d.Message += " (the reference runtime accepts it, other runtimes may not)"
		}
		lower := strings.ToLower(a.ID)
		if !fixed[a.ID] && lower != a.ID && actionIDRe.MatchString(lower) && len(syms.Actions[lower]) == 0 {
			fixed[a.ID] = true
			if edits := renameActionEdits(doc, a.ID, lower); len(edits) > 0 {
				d.Fixes = []lint.Fix{{
					Message: fmt.Sprintf("rename action %q to %q everywhere", a.ID, lower),
					Safe:    true,
					Edits:   edits,
				}}
			}
		}
		pass.Report(d)
	}
	return nil, nil
}

// renameActionEdits renames action old to new: every act.<old> fence,
// every act.<old>.response fence, every /act.<old> hint, every act:<old>
// link and the frontmatter default. Each edit is only made where the
// source text at the span is exactly old.
func renameActionEdits(doc *sfmd.Document, old, new string) []lint.Edit {
	var edits []lint.Edit
	add := func(span sfmd.Span) {
		if src(doc, span) == old {
			edits = append(edits, lint.Edit{Start: span.Start.Offset, End: span.End.Offset, New: new})
		}
	}
	for _, a := range doc.Actions {
		if a.ID == old {
			add(a.IDSpan)
		}
	}
	for _, r := range doc.Responses {
		if r.ActionID == old {
			add(r.IDSpan)
		}
	}
	for _, h := range doc.Hints {
		if h.Verb == "act" && h.Target == old {
			add(h.TargetSpan)
		}
	}
	for _, l := range doc.Links {
		if l.IsAct && l.ActID == old && strings.HasPrefix(src(doc, l.DestSpan), "act:"+old) {
			s := l.DestSpan.Start.Offset + len("act:")
			add(spanAt(doc, s, s+len(old)))
		}
	}
	if f := doc.Frontmatter.Get("default"); f != nil && f.Value != nil && f.Value.Value == old {
		if i := strings.Index(src(doc, f.ValueSpan), old); i >= 0 {
			s := f.ValueSpan.Start.Offset + i
			add(spanAt(doc, s, s+len(old)))
		}
	}
	return edits
}
