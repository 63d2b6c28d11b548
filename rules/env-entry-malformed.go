package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// EnvEntryMalformed reports env entries that are not `- NAME: "description"`
// with an optional sibling `default:`.
var EnvEntryMalformed = &lint.Analyzer{
	Name:     "env-entry-malformed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env entry is not NAME: \"description\" [default: value]",
		Why:   "each env entry is a one-key mapping `NAME: \"description\"` with an optional sibling `default:`; a bare name, a list or extra keys are not declarations the runtime understands",
		Bad:   "---\nenv:\n  - API_KEY\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"Service API key\"\n---\n",

		Severity: "tool.ts validateEnv: the runtime does not read the entry as the declaration meant (a bare `- NAME` works and is info: only the description is missing)",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the entry becomes a declaration the runtime reads, which changes what it requires (a `default:` moved under its entry also makes that entry no longer required)"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for i, e := range fm.Env {
			if misplacedDefault(fm.Env, i) {
				pass.Report(misplacedDefaultDiag(pass.Doc, fm.Env[i-1], e))
				continue
			}
			if e.Node == nil || yamlIsNull(e.Node) {
				pass.Reportf(widenEmpty(pass.Doc, e.Span), "env entry is empty; write - NAME: \"description\" or remove the dash")
				continue
			}
			switch e.Form {
			case sfmd.EnvBare:
				// the runtime reads a bare name (it asks for $NAME without a
				// hint): only the description is missing
				pass.Report(lint.Diagnostic{Span: e.NameSpan, Severity: lint.Info,
					Message: fmt.Sprintf("env entry %q has no description, so the runtime asks for it without a hint; write - %s: \"what it is for\"", e.Name, e.Name)})
			case sfmd.EnvOther:
				pass.Reportf(e.Span, "env entry is %s, not NAME: \"description\"; write - NAME: \"description\"", yamlType(e.Node))
			case sfmd.EnvCanonical:
				if len(e.Node.Content) >= 2 {
					if v := e.Node.Content[1]; v.Kind != yaml.ScalarNode {
						pass.Reportf(e.DescriptionSpan, "the description of env entry %q is %s, not a string; write - %s: \"description\" with an optional sibling default:", e.Name, yamlType(v), e.Name)
						continue
					}
				}
				for _, x := range e.Extra {
					msg := fmt.Sprintf("env entry %q has an unknown key %q; only a sibling \"default:\" is allowed", e.Name, x.Key)
					if near := nearest(x.Key, []string{"default"}); near != "" {
						msg += fmt.Sprintf("; did you mean %q?", near)
					} else {
						msg += ", remove it or move it into the description"
					}
					pass.Reportf(x.KeySpan, "%s", msg)
				}
			}
		}
		return nil, nil
	},
}

// widenEmpty returns span, or when it is empty the non-blank character before
// it on its line (the "-" of an empty list item), so that a finding always
// covers a token.
func widenEmpty(doc *sfmd.Document, span sfmd.Span) sfmd.Span {
	if span.Len() > 0 || !span.IsValid() {
		return span
	}
	i := span.Start.Off() - 1
	for i >= 0 && i < len(doc.Src) && (doc.Src[i] == ' ' || doc.Src[i] == '\t') {
		i--
	}
	if i < 0 || i >= len(doc.Src) || doc.Src[i] == '\n' {
		return span
	}
	return spanAt(doc, i, i+1)
}

// misplacedDefaultDiag reports "- default: x" written as its own list
// item after prev: it declares a variable named "default" (which a tool
// then requires) and gives prev no default. The unsafe fix turns the dash
// into a space, making it prev's sibling default: key (which, at run time,
// also makes prev no longer required).
func misplacedDefaultDiag(doc *sfmd.Document, prev, e *sfmd.EnvEntry) lint.Diagnostic {
	d := lint.Diagnostic{
		Span:    e.NameSpan,
		Message: fmt.Sprintf("\"default:\" is a list item of its own, so the runtime declares a variable named \"default\" instead of a default for %q; remove the dash and indent it under %q", prev.Name, prev.Name),
		Related: []lint.Related{{Span: prev.NameSpan, Message: "the entry it belongs to"}},
	}
	dash := e.NameSpan.Start.Off() - 1
	for dash > 0 && doc.Src[dash] == ' ' {
		dash--
	}
	if prev.Default == nil && dash >= 0 && dash < len(doc.Src) && doc.Src[dash] == '-' && prev.NameSpan.Start.Col == e.NameSpan.Start.Col {
		d.Fixes = []lint.Fix{{Message: fmt.Sprintf("make it the default of %q", prev.Name),
			Edits: []lint.Edit{{Start: dash, End: dash + 1, New: " "}}}}
	}
	return d
}
