package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"go.yaml.in/yaml/v3"
)

// SFMDVersionFormat reports an sfmd version that is not a quoted "X.Y".
var SFMDVersionFormat = &lint.Analyzer{
	Name:     "sfmd-version-format",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "sfmd version is not a quoted \"MAJOR.MINOR\" string",
		Why:   "`sfmd: 0.1` is a YAML number (0.10 would become 0.1) and `v0.1` is not a version; write the spec version as a quoted string",
		Bad:   "---\nsfmd: 0.1\n---\n",
		Good:  "---\nsfmd: \"0.1\"\n---\n",

		Severity: "spec.md §1.4: the version is read as a number (`0.10` becomes 0.1) or not as a version at all",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only quotes the version, so YAML keeps its text instead of reading a number"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		f := doc.Frontmatter.Get("sfmd")
		if f == nil || yamlIsNull(f.Value) {
			return nil, nil
		}
		v := f.Value
		switch {
		case v.Kind != yaml.ScalarNode:
			pass.Reportf(f.ValueSpan, "sfmd version is %s; write a quoted version: sfmd: %q", yamlType(v), sfmdSupported)
		case !yamlIsString(v):
			pass.Report(lint.Diagnostic{
				Span:    f.ValueSpan,
				Message: fmt.Sprintf("sfmd version %s is %s to YAML; quote it: sfmd: \"%s\"", v.Value, yamlType(v), v.Value),
				Fixes:   fmQuoteFix(doc, v, f.ValueSpan),
			})
		case !sfmdVersionRe.MatchString(v.Value):
			msg := fmt.Sprintf("sfmd version %q is not MAJOR.MINOR", v.Value)
			if t := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(v.Value), "v"), "V"); sfmdVersionRe.MatchString(t) {
				msg += fmt.Sprintf("; write %q", t)
			} else {
				msg += fmt.Sprintf("; write e.g. %q", sfmdSupported)
			}
			pass.Reportf(f.ValueSpan, "%s", msg)
		}
		return nil, nil
	},
}
