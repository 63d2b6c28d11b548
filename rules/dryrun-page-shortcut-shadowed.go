package rules

import (
	"slices"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunPageShortcutShadowed reports a link the render turns into an
// auto-shortcut whose id one of the page's own shortcuts already has.
var DryrunPageShortcutShadowed = &lint.Analyzer{
	Name:     "dryrun-page-shortcut-shadowed",
	Severity: lint.Error,
	Profile:  lint.Project,
	Requires: []*lint.Analyzer{pagedryAnalyzer},
	Doc: lint.Doc{
		Title: "link shown as a shortcut that opens another target",
		Why: "renderer.ts render hides the URL of an http(s), act: or long link and shows `[Docs](https://docs.example.com)` as `[Docs][@docs]`, the id made from the label (buildSlugMap, toSlug). " +
			"When the page itself defines `[@docs …](…)`, `/open @docs` finds the page's shortcut first (session.ts Session.resolveShortcut: page shortcuts, then value shortcuts, then auto-shortcuts), " +
			"so the agent following the link opens the other target and the link's own URL is out of reach. The rule renders the page through the model and compares its auto-shortcuts with the page's shortcuts",
		Bad:  "[@docs Local docs](guide.md)\n\nFull reference: [Docs](https://docs.example.com)\n",
		Good: "[@docs Local docs](guide.md)\n\nFull reference: [API docs](https://docs.example.com)\n",

		Severity: "the link's URL is unreachable: the id it is shown with opens the page's shortcut (session.ts Session.resolveShortcut order)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		// an auto-shortcut comes from a link, the shadow from a shortcut
		if len(pass.Doc.Links) == 0 || len(pass.Doc.Shortcuts) == 0 {
			return nil, nil
		}
		// a finding names a link whose destination is an auto-shortcut's
		// URL: without one that could be, the page is not rendered
		if dryGates && !slices.ContainsFunc(pass.Doc.Links, func(l *sfmd.Link) bool { return model.IsAutoShortcutURL(l.Dest) }) {
			return nil, nil
		}
		v := pageDryOf(pass).view()
		if v == nil || len(v.Autos) == 0 || len(v.Shortcuts) == 0 {
			return nil, nil
		}
		own := map[string]string{}
		for _, s := range v.Shortcuts {
			own[s.ID] = s.Href
		}
		for _, a := range v.Autos {
			href, ok := own[a.ID]
			if !ok || href == a.Href {
				continue
			}
			for _, l := range pass.Doc.Links {
				if l.Dest != a.Href {
					continue
				}
				pass.Reportf(l.Span, "`/open` shows [%s](%s) as [%s][@%s], but `/open @%s` opens %s: the page's own shortcut @%s comes first (session.ts Session.resolveShortcut), so this link's URL is out of reach; give it a label whose slug is not a shortcut id", l.Label, l.Dest, l.Label, a.ID, a.ID, href, a.ID)
				break
			}
		}
		return nil, nil
	},
}
