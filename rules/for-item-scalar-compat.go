package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ForItemScalarCompat reports bare {item} inside loops.
var ForItemScalarCompat = &lint.Analyzer{
	Name:     "for-item-scalar-compat",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "bare {item} of a loop variable",
		Why:   "the newest reference runtime fills a bare `{item}` with the element, but earlier versions only expand `{item.field}` and print `{item}` literally; loops over objects with `{item.field}` work everywhere",
		Bad:   "```act.tags\nGET https://api.example.com/tags\n```\n\n```act.tags.response\nfor: t in Response.body.tags\n- {t}\nend:\n```\n",
		Good:  "```act.tags\nGET https://api.example.com/tags\n```\n\n```act.tags.response\nfor: t in Response.body.tags\n- {t.name}\nend:\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the newest reference runtime fills a bare `{item}`; older ones print it (portability)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for k, r := range pass.Doc.Responses {
			if !syms.hasLines(k, sfmd.LineFor) {
				continue // no for: line
			}
			nested := nestedLoops(r)
			for _, l := range r.Lines {
				fl := loopOf(r, l)
				if fl == nil || !fl.ForValid || l.Kind == sfmd.LineFor || l.Kind == sfmd.LineEnd || nested[fl] {
					continue
				}
				for _, ref := range lineRefsOf(l) {
					if ref.Kind == sfmd.RefVar && ref.Name == fl.ItemVar && ref.PathText == "" && ref.Index < 0 && len(ref.Modifiers) == 0 {
						pass.Reportf(ref.Span, "bare %s is only filled with the element by the newest reference runtime; older runtimes print it literally; loop over objects and use {%s.<field>} for portable templates", ref.Raw, fl.ItemVar)
					}
				}
			}
		}
		return nil, nil
	},
}
