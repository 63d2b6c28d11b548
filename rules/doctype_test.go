package rules

import (
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestGradedByDocumentType checks the rules whose finding depends on the
// document type, as the runtime's reading of the frontmatter does: an
// app's `requires:` is read on /open (renderer.ts render, the "Missing
// required env" hint) and its `env:` is not read at all, while a tool's
// `env:` is checked on every /tool:name call (tool.ts validateEnv) and
// its `requires:` never is. The tool side is in the rule archives.
func TestGradedByDocumentType(t *testing.T) {
	for _, tc := range []struct {
		rule *lint.Analyzer
		src  string
		want string // "" for no finding, else "severity: message prefix"
	}{
		{FrontmatterRequiresNonstandard, "---\nrequires:\n  - API_KEY\n---\n", ""},
		{FrontmatterRequiresNonstandard, "---\ntype: app\nrequires:\n  - API_KEY\n---\n", ""},
		{EnvEntryObjectForm, "---\nenv:\n  - name: GITHUB_TOKEN\n    description: GitHub token\n---\n", "info: env entry uses the object form"},
		{EnvEntryObjectForm, "---\ntype: app\nenv:\n  - name: GITHUB_TOKEN\n---\n", "info: env entry uses the object form"},
		{EnvVarUndeclared, "---\ntype: tool\n---\n\n```act.x\nGET https://api.example.com/?k=$TOKEN\n```\n", "info: \"$TOKEN\" is not declared in frontmatter env; add \"- TOKEN: <description>\" to env (checked before each /tool:name call)"},
		{EnvVarUndeclared, "---\ntype: app\n---\n\n```act.x\nGET https://api.example.com/?k=$TOKEN\n```\n", "info: \"$TOKEN\" is not declared in frontmatter env; add \"- TOKEN: <description>\" to env, or list it under requires:"},
	} {
		diags, err := lint.Check(sfmd.Parse("doc.md", []byte(tc.src)), []*lint.Analyzer{tc.rule})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range diags {
			got = append(got, d.Severity.String()+": "+d.Message)
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s on %q: want no finding, got %q", tc.rule.Name, tc.src, got)
		case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
			t.Errorf("%s on %q: want one finding %q…, got %q", tc.rule.Name, tc.src, tc.want, got)
		}
	}
}
