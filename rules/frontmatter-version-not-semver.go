package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"go.yaml.in/yaml/v3"
)

// FrontmatterVersionNotSemver reports a version that is not SemVer.
var FrontmatterVersionNotSemver = &lint.Analyzer{
	Name:     "frontmatter-version-not-semver",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "version is not a semantic version",
		Why:   "the runtime documents `version` as a semantic version (MAJOR.MINOR.PATCH); registries and `/install` compare versions that way",
		Bad:   "---\nversion: \"v1\"\n---\n",
		Good:  "---\nversion: 1.0.0\n---\n",

		Severity: "spec.md §1.4: works; registries and `/install` compare versions as semver (portability)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("version")
		if f == nil || f.Value == nil || f.Value.Kind != yaml.ScalarNode || yamlIsNull(f.Value) || fmSemverRe.MatchString(f.Value.Value) {
			return nil, nil
		}
		msg := fmt.Sprintf("version %q is not a semantic version; write MAJOR.MINOR.PATCH", f.Value.Value)
		if s := fmSemverFor(f.Value.Value); s != "" {
			msg += fmt.Sprintf(", e.g. %q", s)
		}
		pass.Reportf(f.ValueSpan, "%s", msg)
		return nil, nil
	},
}

// fmSemverRe is the semantic versioning 2.0.0 pattern.
var fmSemverRe = lazyre.New(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$`)

// fmSemverFor suggests a semantic version for v ("v1.2" -> "1.2.0"), or "".
func fmSemverFor(v string) string {
	v = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(v), "v"), "V")
	parts := strings.Split(v, ".")
	if len(parts) == 0 || len(parts) > 3 {
		return ""
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return ""
		}
		parts[i] = strconv.Itoa(n)
	}
	for len(parts) < 3 {
		parts = append(parts, "0")
	}
	return strings.Join(parts, ".")
}
