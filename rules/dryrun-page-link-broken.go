package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// DryrunPageLinkBroken reports a relative link of the page that the agent
// cannot follow: `/open <dest>` from the page fails in the model.
var DryrunPageLinkBroken = &lint.Analyzer{
	Name:     "dryrun-page-link-broken",
	Severity: lint.Error,
	Profile:  lint.Project,
	Requires: []*lint.Analyzer{pagedryAnalyzer},
	Doc: lint.Doc{
		Title: "relative link that /open cannot follow from the page",
		Why: "the page shows a relative link as written (`[Guide](guide.md)`: renderer.ts render turns only http(s), act: and long links into shortcuts), so the agent follows it with `/open guide.md`, " +
			"which resolves the path against the page (loader.ts Loader.resolve) and reads it (loader.ts Loader.load: \"File not found\"), and for `file.md#id` extracts the block (open.ts cmdOpen: \"Block not found\", core extractor.ts extract: markers, `{#id}` or the heading's toSlug). " +
			"The rule runs that `/open` through the model from the page and reports the link when it fails",
		Bad:  "<!-- string.md, next to setup.md only -->\nRead the [installation guide](install.md) first.\n",
		Good: "<!-- string.md, next to setup.md only -->\nRead the [installation guide](setup.md) first.\n",

		Severity: "the agent's /open of the link fails (loader.ts Loader.load, open.ts cmdOpen): the page it points to cannot be read",
	},
	Run: func(pass *lint.Pass) (any, error) {
		p := pageDryOf(pass)
		for _, l := range pass.Doc.Links {
			dest := strings.TrimSpace(l.Dest)
			if l.IsAct || !isLocalPath(dest) || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "~") ||
				strings.ContainsAny(dest, " \t?%{}$<>") {
				continue
			}
			file, _, _ := splitTarget(dest)
			if !isMarkdownFile(file) {
				continue // /open shows documents; a LICENSE or an image is not one
			}
			r, ok := p.opens(dest)
			if !ok {
				break
			}
			if why := p.failure(r); why != "" {
				pass.Reportf(l.DestSpan, "the agent follows [%s](%s) with `/open %s`, which fails from this page: %s%s", l.Label, l.Dest, dest, why, caseHint(pass.Workspace, file))
			}
		}
		return nil, nil
	},
}

// caseHint names the file that differs from file only in case, which a
// case-insensitive file system would open, or "".
func caseHint(ws *lint.Workspace, file string) string {
	name, exact, ok := ws.FoldName(file)
	if !ok || exact {
		return ""
	}
	return "; " + name + " differs only in case (opened on a case-insensitive file system only)"
}
