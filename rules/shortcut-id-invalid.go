package rules

import "github.com/sfmd-dev/sfmd/lint"

// ShortcutIDInvalid reports shortcut IDs outside [a-z][a-z0-9_-]*.
var ShortcutIDInvalid = &lint.Analyzer{
	Name:     "shortcut-id-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut ID does not match [a-z][a-z0-9_-]*",
		Why:   "the spec requires shortcut IDs to be lower case and start with a letter; the agent follows shortcuts by ID, so an invalid one may not resolve",
		Bad:   "See [@Docs Documentation](https://docs.example.com).\n",
		Good:  "See [@docs Documentation](https://docs.example.com).\n",

		Severity: "parser.ts parse (SHORTCUT_RE): the agent follows shortcuts by ID, and an ID outside the spec's pattern may not resolve",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, s := range pass.Doc.Shortcuts {
			if !isShortcutDef(s) || s.ID == "" || actionIDShape.Matches(s.ID) {
				continue
			}
			pass.Reportf(s.IDSpan, "shortcut ID %q does not match [a-z][a-z0-9_-]*%s", s.ID, renameHint(sanitizeID(s.ID, '-', true), actionChars))
		}
		return nil, nil
	},
}

const actionChars = "lower-case letters, digits, '_' and '-'"
