package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
)

// Syntax problems found by the parser (sfmd.Document.Problems) are
// reported by one rule per problem code, named after the code (for
// example file-not-utf8.go), so each can be configured and suppressed like
// any rule and has its own doc and catalogue severity. Each finding has
// one owner: a fact the parser records in the AST (an invalid header, say)
// is reported by one rule and is not a parser problem.

// reportParserProblems is the Run of the parser-problem rules: it reports
// the problems whose code is the rule's name.
func reportParserProblems(pass *lint.Pass) (any, error) { return reportProblems(pass, nil) }

// reportProblems reports the parser problems whose code is the rule's
// name, each passed first to with (when not nil), which may add fixes and
// related spans and says whether to report it.
func reportProblems(pass *lint.Pass, with func(d *lint.Diagnostic) bool) (any, error) {
	for _, p := range pass.Doc.Problems {
		if p.Code != pass.Analyzer.Name {
			continue
		}
		d := lint.Diagnostic{Span: p.Span, Message: p.Message}
		if with == nil || with(&d) {
			pass.Report(d)
		}
	}
	return nil, nil
}
