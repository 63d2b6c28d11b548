package rules

import "github.com/sfmd-dev/sfmd/lint"

// BlockIDInvalid reports block marker IDs outside [a-z][a-z0-9-]*.
var BlockIDInvalid = &lint.Analyzer{
	Name:     "block-id-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block ID does not match [a-z][a-z0-9-]*",
		Why:   "block IDs are addressed as `document.md#id`; the spec allows only lower-case letters, digits and hyphens, starting with a letter (no underscores)",
		Bad:   "<!-- #Quick_Start -->\nInstall the app.\n<!-- /Quick_Start -->\n",
		Good:  "<!-- #quick-start -->\nInstall the app.\n<!-- /quick-start -->\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		opened := map[string]bool{}
		for _, m := range pass.Doc.Markers {
			if m.Open {
				opened[m.ID] = true
			}
		}
		for _, m := range pass.Doc.Markers {
			if m.ID == "" || hyphenIDRe.MatchString(m.ID) || (!m.Open && opened[m.ID]) {
				continue
			}
			pass.Reportf(m.IDSpan, "block ID %q does not match [a-z][a-z0-9-]*%s", m.ID, renameHint(sanitizeID(m.ID, '-', false), hyphenChars))
		}
		return nil, nil
	},
}
