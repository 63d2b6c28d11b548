package rules

import (
	"strings"

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
				if pass.Hides(lint.Info) { // one finding a marker: its message is not read
					pass.Report(lint.Diagnostic{Span: m.IDSpan, Severity: lint.Info})
					continue
				}
				d.Severity = lint.Info
				portable = " (the reference runtime accepts it, other runtimes may not)"
			}
			var want [64]byte
			d.Message = blockIDMessage(m.ID, appendHyphenID(want[:0], m.ID), portable)
			pass.Report(d)
		}
		return nil, nil
	},
}

// blockIDMessage is block-id-invalid's message about id, with want its
// suggested name (appendHyphenID's: [a-z0-9-]*, which writeQuoted writes
// as it is between quotes), in one allocation (there is one for each of
// the 17,094 markers of the generated 10 MB document, info that the
// default output leaves out).
func blockIDMessage(id string, want []byte, portable string) string {
	const head, shape = "block ID ", " does not match [a-z][a-z0-9-]*"
	var b strings.Builder
	// room for the quoted names when they are plain, and for the longer
	// hint (useChars+hyphenChars+startLetter when want is empty)
	b.Grow(len(head) + len(id) + 2 + len(shape) + max(len(renameTo)+len(want)+2, len(useChars)+len(hyphenChars)+len(startLetter)) + len(portable))
	b.WriteString(head)
	writeQuoted(&b, id)
	b.WriteString(shape)
	if len(want) == 0 {
		writeRenameHint(&b, "", hyphenChars)
	} else {
		b.WriteString(renameTo)
		b.WriteByte('"')
		b.Write(want)
		b.WriteByte('"')
	}
	b.WriteString(portable)
	return b.String()
}
