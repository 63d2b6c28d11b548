package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ActLinkMissingID reports act: links without an action ID.
var ActLinkMissingID = &lint.Analyzer{
	Name:     "act-link-missing-id",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "act: link has no action ID",
		Why:   "an act: link names the action to run right after `act:`; without it following the link fails with \"act: URI missing action id\"",
		Bad:   "[Read](act:?id=1)\n",
		Good:  "[Read](act:read?id=1)\n",

		Severity: "spec.md §1.7 (act: links, shortcuts.md Errors): following the link fails with \"act: URI missing action id\"",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, actLinksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, l := range docActLinks(pass).links {
			if l.ID != "" || !l.DestSpan.IsValid() || l.DestSpan.Len() == 0 {
				continue
			}
			msg := "act: link has no action ID; write act:<id>?name=value"
			if len(syms.actionIDs()) > 0 {
				msg += fmt.Sprintf(", e.g. %q", "act:"+syms.actionIDs()[0]+strings.TrimPrefix(l.Dest, "act:"))
			}
			pass.Reportf(l.DestSpan, "%s", msg)
		}
		return nil, nil
	},
}
