package rules

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// FrontmatterUnknownField reports frontmatter keys the spec does not define.
var FrontmatterUnknownField = &lint.Analyzer{
	Name:        "frontmatter-unknown-field",
	Severity:    lint.Info,
	MaxSeverity: lint.Warning,
	Profile:     lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter field is not a standard field",
		Why:   "unknown fields are preserved but ignored by the runtime, so a typo in a field name silently disables what the field was for (a misspelt `default` runs nothing on open)",
		Bad:   "---\ndefualt: search\n---\n", //nolint:misspell // the typo is the example
		Good:  "---\ndefault: search\n---\n",

		Severity: "spec.md §1.4: the runtime ignores unknown fields, which may be for other tools (a near miss of an absent standard field is a warning: almost certainly a typo that disables the field)",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the renamed field takes effect, and the field may have been meant for other tools"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, f := range fm.Fields {
			if hasString(fmKnownFields, f.Key) {
				continue
			}
			d := lint.Diagnostic{Span: f.KeySpan}
			if near := nearest(f.Key, fmKnownFields); near != "" {
				d.Message = fmt.Sprintf("frontmatter field %q is not a standard field and is ignored by the runtime; did you mean %q?", f.Key, near)
				if fm.Get(near) == nil {
					// a near miss of a field the document lacks: almost
					// certainly a typo that silently disables the field
					d.Severity = lint.Warning
				}
				if fm.Get(near) == nil && src(pass.Doc, f.KeySpan) == f.Key && renameWorks(pass.Doc, near, f.Value) {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("rename the field to %q", near),
						Edits:   []lint.Edit{{Start: f.KeySpan.Start.Off(), End: f.KeySpan.End.Off(), New: near}},
					}}
				}
			} else {
				d.Message = fmt.Sprintf("frontmatter field %q is not a standard field and is ignored by the runtime; ignore this if your own tooling reads it", f.Key)
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// fmKnownFields are the frontmatter fields the spec and the runtime define
// (sfmd.FrontmatterFields).
var fmKnownFields = sfmd.FrontmatterKeys

// renameWorks reports whether renaming a field to key keeps the document
// working: the value must be valid under the new key, or the fix turns an
// ignored field into a broken one (a default action that does not exist,
// a tool without actions).
func renameWorks(doc *sfmd.Document, key string, v *yaml.Node) bool {
	val := ""
	if v != nil && v.Kind == yaml.ScalarNode {
		val = v.Value
	}
	switch key {
	case "default":
		return slices.ContainsFunc(doc.Actions, func(a *sfmd.Action) bool { return a.ID == strings.TrimPrefix(val, "act.") })
	case "type", "category":
		return typeWorks(doc, val)
	}
	return true
}

// typeWorks reports whether "type: val" leaves the document working: a
// tool needs actions.
func typeWorks(doc *sfmd.Document, val string) bool {
	return val != "tool" || len(doc.Actions) > 0
}
