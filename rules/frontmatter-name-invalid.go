package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// FrontmatterNameInvalid reports a name outside [a-zA-Z0-9_-]+.
var FrontmatterNameInvalid = &lint.Analyzer{
	Name:     "frontmatter-name-invalid",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "name does not match [a-zA-Z0-9_-]+",
		Why:   "`name` is what `/tool:<name>` matches and the key `/install` registers; the runtime requires letters, digits, '_' and '-' only",
		Bad:   "---\nname: my app\n---\n",
		Good:  "---\nname: my-app\n---\n",

		Severity: "installer.ts installPackage (sanitizeName) and tool.ts resolveTool: the document works, but `/tool:<name>` and `/install` cannot use the name as written",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("name")
		if f == nil || !yamlIsString(f.Value) || fmNameShape.Matches(f.Value.Value) {
			return nil, nil
		}
		want := strings.Trim(fmNameBadRune.ReplaceAllString(strings.TrimSpace(f.Value.Value), "-"), "-")
		msg := fmt.Sprintf("name %q does not match [a-zA-Z0-9_-]+, so /tool:%s cannot reach it", f.Value.Value, f.Value.Value)
		if want != "" {
			msg += fmt.Sprintf("; did you mean %q?", want)
		} else {
			msg += "; use letters, digits, '_' and '-'"
		}
		pass.Reportf(f.ValueSpan, "%s", msg)
		return nil, nil
	},
}

var fmNameShape = shapeOf(nameChars) // ^[a-zA-Z0-9_-]+$

var fmNameBadRune = lazyre.New(`[^a-zA-Z0-9_-]+`)
