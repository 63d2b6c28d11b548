package rules

import (
	"strconv"

	"github.com/sfmd-dev/sfmd/lint"
)

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

		Severity: "parser.ts parse (block marker pattern): an ID the reference parser cannot read means the block does not exist (one it reads but the spec does not allow, such as `Quick_Start`, is info: portability)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		var opened map[string]bool // the ids of the open markers, made for the first invalid close marker no open one just before names
		lastOpen := ""             // the id of the last open marker so far
		for _, m := range pass.Doc.Markers {
			if m.Open {
				lastOpen = m.ID
			}
			if m.ID == "" || hyphenIDShape.Matches(m.ID) {
				continue
			}
			if !m.Open {
				if symFast && m.ID == lastOpen {
					continue // opened: the block just opened is the one it closes (TestSymFast)
				}
				if opened == nil {
					opened = map[string]bool{}
					for _, o := range pass.Doc.Markers {
						if o.Open {
							opened[o.ID] = true
						}
					}
				}
				if opened[m.ID] {
					continue
				}
			}
			d := lint.Diagnostic{Span: m.IDSpan}
			portable := ""
			if (shapeOf(nameChars)).Matches(m.ID) {
				// the reference parser reads [a-zA-Z0-9_-]+: portability only
				d.Severity = lint.Info
				portable = " (the reference runtime accepts it, other runtimes may not)"
			}
			d.Message = "block ID " + strconv.Quote(m.ID) + " does not match [a-z][a-z0-9-]*" + renameHint(sanitizeID(m.ID, '-', false), hyphenChars) + portable
			pass.Report(d)
		}
		return nil, nil
	},
}
