package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
)

// FrontmatterTypeCategoryConflict reports type and category disagreeing.
var FrontmatterTypeCategoryConflict = &lint.Analyzer{
	Name:     "frontmatter-type-category-conflict",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "type and category disagree",
		Why:   "`/install` follows `type` while registries read `category`; different values make the package appear as one kind and install as the other",
		Bad:   "---\ntype: app\ncategory: tool\n---\n",
		Good:  "---\ntype: app\n---\n",

		Severity: "installer.ts installPackage reads type only: `/install` follows one value and registries the other, so the package installs as another kind than it is listed",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		t, c := fm.Get("type"), fm.Get("category")
		if t == nil || c == nil || !yamlIsString(t.Value) || !yamlIsString(c.Value) || t.Value.Value == c.Value.Value {
			return nil, nil
		}
		pass.Report(lint.Diagnostic{
			Span:    c.ValueSpan,
			Message: fmt.Sprintf("category %q contradicts type %q (line %d); remove \"category\", \"type\" decides", c.Value.Value, t.Value.Value, t.KeySpan.Start.Line),
			Related: []lint.Related{{Span: t.ValueSpan, Message: "type set here"}},
		})
		return nil, nil
	},
}
