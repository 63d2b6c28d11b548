package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// FrontmatterFieldType reports standard fields of the wrong YAML type.
var FrontmatterFieldType = &lint.Analyzer{
	Name:     "frontmatter-field-type",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "standard frontmatter field has the wrong type",
		Why:   "title, description, author, version, name, namespace, type, category and default are strings and tags is a list of strings; `version: 1.10` is the number 1.1 to YAML and `tags: weather` is not a list",
		Bad:   "---\nversion: 1.10\ntags: weather\n---\n",
		Good:  "---\nversion: \"1.10\"\ntags: [weather]\n---\n",

		Severity: "spec.md §1.4: the field is read, but as another type than meant (`1.10` is the number 1.1)",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "quoting a scalar or bracketing a tags value without a comma keeps its text; a value with commas may not split where meant, so that fix is unsafe"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		fm := doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, f := range fm.Fields {
			v := f.Value
			if yamlIsNull(v) {
				continue
			}
			switch {
			case hasString(fmStringFields, f.Key):
				if yamlIsString(v) {
					continue
				}
				d := lint.Diagnostic{Span: f.ValueSpan}
				if v.Kind == yaml.ScalarNode {
					d.Message = fmt.Sprintf("frontmatter field %q is %s to YAML, not a string; quote it: %s: \"%s\"", f.Key, yamlType(v), f.Key, v.Value)
					d.Fixes = fmQuoteFix(doc, v, f.ValueSpan)
				} else {
					d.Message = fmt.Sprintf("frontmatter field %q is %s, but it must be a string; write a single value", f.Key, yamlType(v))
				}
				pass.Report(d)
			case f.Key == "tags":
				switch v.Kind {
				case yaml.SequenceNode:
					for _, item := range v.Content {
						if !yamlIsString(item) {
							span := fmNodeSpan(doc, item)
							if !span.IsValid() {
								span = f.ValueSpan
							}
							msg := fmt.Sprintf("tag %q is %s, not a string; quote it: \"%s\"", item.Value, yamlType(item), item.Value)
							if item.Kind != yaml.ScalarNode {
								msg = fmt.Sprintf("a tag is %s, not a string; write tags as a flat list: tags: [a, b]", yamlType(item))
							}
							pass.Reportf(span, "%s", msg)
						}
					}
				case yaml.ScalarNode:
					d := lint.Diagnostic{
						Span:    f.ValueSpan,
						Message: fmt.Sprintf("frontmatter field \"tags\" must be a list of strings, found %s; write tags: [%s]", yamlType(v), v.Value),
					}
					if v.Style == 0 && src(doc, f.ValueSpan) == v.Value {
						d.Fixes = []lint.Fix{{
							Message: "make tags a list",
							Safe:    !strings.Contains(v.Value, ","),
							Edits:   []lint.Edit{{Start: f.ValueSpan.Start.Off(), End: f.ValueSpan.Start.Off(), New: "["}, {Start: f.ValueSpan.End.Off(), End: f.ValueSpan.End.Off(), New: "]"}},
						}}
					}
					pass.Report(d)
				default:
					pass.Reportf(f.ValueSpan, "frontmatter field \"tags\" must be a list of strings, found %s; write tags: [a, b]", yamlType(v))
				}
			}
		}
		return nil, nil
	},
}

// fmStringFields are the frontmatter fields whose value is a string
// (sfmd.FrontmatterFields).
var fmStringFields = sfmd.FrontmatterStringKeys

// fmNodeSpan maps a YAML node of the frontmatter to the file: the scalar
// as written, or the first character of a collection. It returns an
// invalid span when the node cannot be located.
func fmNodeSpan(doc *sfmd.Document, n *yaml.Node) sfmd.Span {
	fm := doc.Frontmatter
	if fm == nil || !fm.RawSpan.IsValid() || n.Line <= 0 || n.Column <= 0 {
		return sfmd.Span{}
	}
	li := index(doc)
	line := int(fm.RawSpan.Start.Line) + n.Line - 1
	if line > li.LineCount() {
		return sfmd.Span{}
	}
	text := string(li.Line(line))
	i, col := 0, 1
	for i < len(text) && col < n.Column {
		_, sz := utf8.DecodeRuneInString(text[i:])
		i += sz
		col++
	}
	if col != n.Column || i >= len(text) {
		return sfmd.Span{}
	}
	end := i + 1
	if n.Kind == yaml.ScalarNode {
		switch n.Style {
		case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
			if j := strings.IndexByte(text[i+1:], text[i]); j >= 0 {
				end = i + 1 + j + 1
			}
		default:
			if strings.HasPrefix(text[i:], n.Value) && n.Value != "" {
				end = i + len(n.Value)
			}
		}
	}
	s := li.LineStart(line)
	return spanAt(doc, s+i, s+end)
}
