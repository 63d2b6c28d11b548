package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"github.com/sfmd-dev/sfmd/lint"
	"go.yaml.in/yaml/v3"
)

// FrontmatterNotAtStart reports a frontmatter block preceded by blank lines.
var FrontmatterNotAtStart = &lint.Analyzer{
	Name:     "frontmatter-not-at-start",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter does not start on line 1",
		Why:   "frontmatter MUST start on the very first line; after a blank line the runtime sees a thematic break and the fields (name, default, env) as ordinary text",
		Bad:   "\n---\nname: weather\n---\n# Weather\n",
		Good:  "---\nname: weather\n---\n# Weather\n",

		Severity: "spec.md §1.4: the runtime reads the fields as ordinary text",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it only removes the blank lines before the opening `---`"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		if doc.Frontmatter != nil {
			return nil, nil
		}
		li := index(doc)
		n := li.LineCount()
		open := 0
		for l := 1; l <= n; l++ {
			t := strings.TrimSpace(string(li.Line(l)))
			if t == "" {
				continue
			}
			if t == "---" && l > 1 {
				open = l
			}
			break
		}
		if open == 0 || open+1 > n || !fmKeyRe.MatchString(string(li.Line(open+1))) {
			return nil, nil
		}
		closeLine := 0
		for l := open + 2; l <= n; l++ {
			if strings.TrimSpace(string(li.Line(l))) == "---" {
				closeLine = l
				break
			}
		}
		if closeLine == 0 || !yamlMapping(doc.Src[li.LineStart(open+1):li.LineStart(closeLine)]) {
			return nil, nil
		}
		s := li.LineStart(open)
		line := li.Line(open)
		k := strings.Index(string(line), "---")
		pass.Report(lint.Diagnostic{
			Span:    spanAt(doc, s+k, s+k+3),
			Message: fmt.Sprintf("frontmatter starts on line %d after blank lines, so the runtime does not read it; remove the blank lines before the opening \"---\"", open),
			Fixes: []lint.Fix{{
				Message: "remove the blank lines before the frontmatter",
				Safe:    true,
				Edits:   []lint.Edit{{Start: li.LineStart(1), End: s + k}},
			}},
		})
		return nil, nil
	},
}

// fmKeyRe matches a "key: value" (or "key:") YAML line.
var fmKeyRe = lazyre.New(`^[A-Za-z_][A-Za-z0-9_-]*:(\s|$)`)

// yamlMapping reports whether text is a YAML mapping (the lines between
// two "---" that would be frontmatter, not a thematic break and prose).
func yamlMapping(text []byte) bool {
	n, err := yamlpos.Root(text)
	return err == nil && n != nil && n.Kind == yaml.MappingNode
}
