package rules

import "github.com/sfmd-dev/sfmd/lint"

// FrontmatterCategoryDeprecated reports the older `category` field.
var FrontmatterCategoryDeprecated = &lint.Analyzer{
	Name:     "frontmatter-category-deprecated",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Tags:     []lint.Tag{lint.Deprecated},
	Doc: lint.Doc{
		Title: "category is the deprecated name of type",
		Why:   "`type` replaces the older `category` field; `category` is only a registry classification and does not decide where `/install` registers the package",
		Bad:   "---\ncategory: tool\n---\n",
		Good:  "---\ntype: tool\n---\n",

		Severity: "installer.ts installPackage reads type, not category: the document works, but `category` does not decide how `/install` registers it",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "renaming `category` to `type` changes how `/install` registers the package"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		f := fm.Get("category")
		if f == nil {
			return nil, nil
		}
		d := lint.Diagnostic{Span: f.KeySpan}
		if fm.Get("type") != nil {
			d.Message = "\"category\" is replaced by \"type\", which this document already sets; remove \"category\""
		} else {
			d.Message = "\"category\" is replaced by \"type\", which decides where /install registers the package; rename the field to \"type\""
			if src(pass.Doc, f.KeySpan) == "category" && (f.Value == nil || typeWorks(pass.Doc, f.Value.Value)) {
				d.Fixes = []lint.Fix{{Message: "rename \"category\" to \"type\"",
					Edits: []lint.Edit{{Start: f.KeySpan.Start.Off(), End: f.KeySpan.End.Off(), New: "type"}}}}
			}
		}
		pass.Report(d)
		return nil, nil
	},
}
