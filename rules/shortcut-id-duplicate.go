package rules

import (
	"strconv"

	"github.com/sfmd-dev/sfmd/lint"
)

// ShortcutIDDuplicate reports a page shortcut defined twice.
var ShortcutIDDuplicate = &lint.Analyzer{
	Name:     "shortcut-id-duplicate",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut ID defined twice",
		Why:   "inline shortcut IDs MUST be unique in a document; the runtime silently renames the second one (`docs2`), so `@docs` reaches only the first",
		Bad:   "Read [@docs A](a.md) or [@docs B](b.md).\n",
		Good:  "Read [@docs A](a.md) or [@docs-v2 B](b.md).\n",

		Severity: "parser.ts parse (renames repeats): the runtime silently renames the second (`docs2`), so `@docs` reaches only the first",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ids := map[string]bool{}
		named := 0 // the definitions with an id
		for _, s := range pass.Doc.Shortcuts {
			if isShortcutDef(s) {
				ids[s.ID] = true
				if s.ID != "" {
					named++
				}
			}
		}
		if eachOnce(ids, named) {
			return nil, nil
		}
		seen := make(dupTracker, len(ids))
		var buf []byte
		for _, s := range pass.Doc.Shortcuts {
			if !isShortcutDef(s) || s.ID == "" {
				continue
			}
			if first, dup := seen.check(s.ID, s.IDSpan); dup {
				n := freeName(s.ID, "-", func(x string) bool { return ids[x] })
				buf = shortcutDupMessage(buf[:0], s.ID, n, int(first.Start.Line))
				pass.Report(lint.Diagnostic{Span: s.IDSpan, Message: string(buf), Related: related(first)})
			}
		}
		return nil, nil
	},
}

// shortcutDupMessage appends the message reportDup writes for a second
// definition of @id, the first at line, with @n as the new name, in one
// buffer (8,431 on the 10 MB document; TestShortcutDupMessage holds it to
// reportDup's concatenation).
func shortcutDupMessage(buf []byte, id, n string, line int) []byte {
	buf = appendQuotedAfter(append(buf, "shortcut "...), "@", id)
	buf = strconv.AppendInt(append(buf, " already defined at line "...), int64(line), 10)
	return append(appendQuotedAfter(append(buf, "; rename this one (e.g. "...), "@", n), ')')
}
