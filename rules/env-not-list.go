package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// EnvNotList reports an `env` value that is not a YAML list.
var EnvNotList = &lint.Analyzer{
	Name:     "env-not-list",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env is not a list",
		Why:   "`env` is a list of `- NAME: \"description\"` entries; as a mapping or a string the runtime declares nothing and never asks for the variables",
		Bad:   "---\nenv:\n  API_KEY: \"Service API key\"\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"Service API key\"\n---\n",

		Severity: "tool.ts validateEnv (Array.isArray): the runtime declares nothing, so it never asks for the variables",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only puts `- ` before each entry, making the mapping the list the runtime reads"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		f := doc.Frontmatter.Get("env")
		if f == nil || yamlIsNull(f.Value) || f.Value.Kind == yaml.SequenceNode {
			return nil, nil
		}
		v := f.Value
		d := lint.Diagnostic{Span: f.ValueSpan}
		if v.Kind == yaml.MappingNode {
			d.Span = f.KeySpan
			d.Message = "env is a mapping, not a list, so the runtime declares nothing; write each entry as a list item: - NAME: \"description\""
			d.Fixes = envListFix(doc, v)
		} else {
			d.Message = fmt.Sprintf("env is %s, not a list, so the runtime declares nothing; write each entry as a list item: - NAME: \"description\"", yamlType(v))
		}
		pass.Report(d)
		return nil, nil
	},
}

// envListFix turns a block mapping of scalar values into a list of
// one-key mappings by inserting "- " before each key.
func envListFix(doc *sfmd.Document, m *yaml.Node) []lint.Fix {
	if m.Style&yaml.FlowStyle != 0 || doc.Frontmatter == nil {
		return nil
	}
	li := index(doc)
	first := int(doc.Frontmatter.RawSpan.Start.Line)
	var edits []lint.Edit
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if v.Kind != yaml.ScalarNode || k.Kind != yaml.ScalarNode || k.Line != v.Line || k.Style != 0 {
			return nil
		}
		line := first + k.Line - 1
		ls := li.LineStart(line)
		text := string(li.Line(line))
		col := len(text) - len(strings.TrimLeft(text, " "))
		if col != k.Column-1 || !strings.HasPrefix(text[col:], k.Value) {
			return nil
		}
		edits = append(edits, lint.Edit{Start: ls + col, End: ls + col, New: "- "})
	}
	if len(edits) == 0 {
		return nil
	}
	return []lint.Fix{{Message: "make each env entry a list item", Safe: true, Edits: edits}}
}
