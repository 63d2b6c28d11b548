package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
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
			"The rule runs that `/open` through the model from the page and reports the link when it fails; links that fail for the same reason (the same missing file or block) are one finding, at the first, with the others as related positions",
		Bad:  "<!-- string.md, next to setup.md only -->\nRead the [installation guide](install.md) first.\n",
		Good: "<!-- string.md, next to setup.md only -->\nRead the [installation guide](setup.md) first.\n",

		Severity: "the agent's /open of the link fails (loader.ts Loader.load, open.ts cmdOpen): the page it points to cannot be read",
	},
	Run: func(pass *lint.Pass) (any, error) {
		p := pageDryOf(pass)
		// links that fail for the same reason (the same missing file, the
		// same missing block) are one mistake: one finding at the first,
		// the others its related positions
		var found []brokenLink
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
				why += caseHint(pass.Workspace, file)
				if i := slices.IndexFunc(found, func(b brokenLink) bool { return b.why == why }); i >= 0 {
					found[i].more = append(found[i].more, l)
					continue
				}
				found = append(found, brokenLink{first: l, dest: dest, why: why})
			}
		}
		for _, b := range found {
			reportBrokenLink(pass, b)
		}
		return nil, nil
	},
}

// brokenLink is a failing link of the page and the later ones that fail
// for the same reason.
type brokenLink struct {
	first     *sfmd.Link
	dest, why string
	more      []*sfmd.Link
}

func reportBrokenLink(pass *lint.Pass, b brokenLink) {
	l := b.first
	d := lint.Diagnostic{Span: l.DestSpan, Message: fmt.Sprintf("the agent follows [%s](%s) with `/open %s`, which fails from this page: %s", l.Label, l.Dest, b.dest, b.why)}
	if len(b.more) > 0 {
		at := make([]string, len(b.more))
		for i, m := range b.more {
			at[i] = strconv.Itoa(int(m.DestSpan.Start.Line)) + ":" + strconv.Itoa(int(m.DestSpan.Start.Col))
			d.Related = append(d.Related, lint.Related{Span: m.DestSpan, Message: "fails the same way"})
		}
		more := "1 more link of the page fails"
		if len(b.more) > 1 {
			more = strconv.Itoa(len(b.more)) + " more links of the page fail"
		}
		d.Message += " (" + more + " the same way, at " + strings.Join(at, ", ") + ")"
	}
	pass.Report(d)
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
