package lint

// unusedSuppressionName is the rule under which suppression problems are
// reported.
const unusedSuppressionName = "unused-suppression"

// UnusedSuppression reports suppression comments that suppress nothing,
// name unknown rules or are malformed. Its Run checks the directive syntax;
// unused and unknown names are found by the driver once the other rules
// have run. The CLI always includes it.
var UnusedSuppression = &Analyzer{
	Name:     unusedSuppressionName,
	Severity: Warning,
	Profile:  Core,
	Tags:     []Tag{Unnecessary},
	Doc: Doc{
		Title: "suppression comment that suppresses nothing",
		Why: "A suppression comment that no longer matches a diagnostic hides nothing today but will " +
			"silently hide a real problem later; one that names an unknown rule or misspells the " +
			"directive never worked. Remove it (the fix is safe) or correct it.",
		Bad: "<!-- sfmd-disable-next-line fence-unclosed -- legacy -->\n" +
			"```act.search\nGET https://example.com/?q={q}\n```\n",
		Good: "```act.search\nGET https://example.com/?q={q}\n```\n",

		Severity: "sfmd: lint/suppress.go buildSuppressions: the document is unaffected; the comment only risks hiding a later problem, or never worked",
		Fix:      FixDoc{Kind: SafeFix, Reason: "it only deletes the suppression comment (or the names in it that suppress nothing), which the runtime reads as an HTML comment and ignores"},
	},
	Run: func(pass *Pass) (any, error) {
		for _, c := range pass.Doc.Comments {
			d := parseDirective(c)
			if d != nil && d.bad != "" {
				pass.Report(Diagnostic{Span: c.Span, Message: d.bad})
			}
		}
		return nil, nil
	},
}
