package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// FrontmatterTypeInvalid reports a type (or category) other than app/tool.
var FrontmatterTypeInvalid = &lint.Analyzer{
	Name:     "frontmatter-type-invalid",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "type is neither app nor tool",
		Why:   "`/install` registers a package under apps or tools according to `type` (formerly `category`); any other value makes the install fail",
		Bad:   "---\ntype: service\n---\n",
		Good:  "---\ntype: tool\n---\n",

		Severity: "installer.ts installPackage: `/install` fails",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only lower-cases the type, and only when the lower-case type is one the installer accepts"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, key := range []string{"type", "category"} {
			f := doc.Frontmatter.Get(key)
			if f == nil || f.Value == nil || f.Value.Kind != yaml.ScalarNode || yamlIsNull(f.Value) || hasString(fmPackageTypes, f.Value.Value) {
				continue
			}
			v := f.Value.Value
			d := lint.Diagnostic{Span: f.ValueSpan}
			lower := strings.ToLower(strings.TrimSpace(v))
			switch {
			case hasString(fmPackageTypes, lower):
				d.Message = fmt.Sprintf("%s %q must be lower case; write %q", key, v, lower)
				if src(doc, f.ValueSpan) == v && typeWorks(doc, lower) {
					d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write %q", lower), Safe: true,
						Edits: []lint.Edit{{Start: f.ValueSpan.Start.Off(), End: f.ValueSpan.End.Off(), New: lower}}}}
				}
			case nearest(lower, fmPackageTypes) != "":
				d.Message = fmt.Sprintf("%s %q is not \"app\" or \"tool\"; did you mean %q?", key, v, nearest(lower, fmPackageTypes))
			default:
				d.Message = fmt.Sprintf("%s %q is not a package type; expected one of \"app\", \"tool\"", key, v)
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

var fmPackageTypes = sfmd.PackageTypeNames // app, tool
