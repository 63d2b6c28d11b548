package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PlaceholderModifierOutsideBody reports {name|modifier} outside bodies.
var PlaceholderModifierOutsideBody = &lint.Analyzer{
	Name:     "placeholder-modifier-outside-body",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder modifier used outside a body",
		Why:   "modifiers (`|base64`, `|file`, `|base64file`) only work in `body:` and `-d` templates; in a URL, command or header the runtime does not recognise `{img|base64}` and sends it literally",
		Bad:   "```act.upload\nGET https://api.example.com/upload?img={img|base64}\n  img: path (required) \"image file\"\n```\n",
		Good:  "```act.upload\nPOST https://api.example.com/upload\n  img: path (required) \"image file\"\n  body:\n    {\"img\": \"{img|base64file}\"}\n```\n",

		Severity: "action.ts executeAction: the request is sent with the placeholder literally",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range definitionUses(pass) {
			r := u.Ref
			if u.Kind() != sfmd.RefVar || u.Site == siteBody || u.Site == siteInlineBody || len(r.Modifiers) == 0 {
				continue
			}
			if u.Site == siteTarget && u.Action.IsCLI() && u.Action.Param(r.Name) == nil {
				continue // shell text such as {a|b}
			}
			pass.Reportf(r.Span, "modifier %q in %s is not applied: modifiers only work in body templates, so %s is sent literally; use {%s} here or move the value to the body", "|"+strings.Join(r.Modifiers, "|"), defSiteName(u.Site, u.Action), r.Raw, r.Name)
		}
		return nil, nil
	},
}
