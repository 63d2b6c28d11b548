package rules

import (
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"go.yaml.in/yaml/v3"
)

// SFMDVersionUnsupported reports an sfmd version newer than supported.
var SFMDVersionUnsupported = &lint.Analyzer{
	Name:     "sfmd-version-unsupported",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "sfmd version is newer than supported",
		Why:   "runtimes are expected to refuse documents that declare a higher spec version than they support; this linter checks SFMD " + sfmdSupported,
		Bad:   "---\nsfmd: \"0.2\"\n---\n",
		Good:  "---\nsfmd: \"0.1\"\n---\n",

		Severity: "spec.md §1.4: runtimes are expected to refuse the document",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("sfmd")
		if f == nil || f.Value == nil || f.Value.Kind != yaml.ScalarNode {
			return nil, nil
		}
		m := sfmdVersionRe.FindStringSubmatch(strings.TrimSpace(f.Value.Value))
		if m == nil {
			return nil, nil
		}
		major, err1 := strconv.Atoi(m[1])
		minor, err2 := strconv.Atoi(m[2])
		if err1 != nil || err2 != nil || (major == 0 && minor <= 1) {
			return nil, nil
		}
		pass.Reportf(f.ValueSpan, "sfmd version %q is newer than the supported %q, and runtimes refuse such documents; target sfmd %q", f.Value.Value, sfmdSupported, sfmdSupported)
		return nil, nil
	},
}
