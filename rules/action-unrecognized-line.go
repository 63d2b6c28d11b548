package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActionUnrecognizedLine reports the parser's action-unrecognized-line problems: the parser finds them
// while reading the document (sfmd.Document.Problems), this rule makes
// them findings that can be configured and suppressed. It also reports a
// first line whose command goes on over the next lines
// (sfmd.Action.Continuation) as one finding: the runtime reads only the
// first line.
var ActionUnrecognizedLine = &lint.Analyzer{
	Name:     "action-unrecognized-line",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "line in an action block is not a parameter or body",
		Why:   "after the first line an action block holds only indented parameter lines; the runtime silently drops anything else, and reads a command spread over several lines only up to the end of its first line",
		Bad:   "```act.search\nGET https://api.example.com/search\n  ??? junk\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "parser.ts parseActionBlock keeps only lines that match its field pattern and reads the command from the first line alone, so the line is silently dropped (and a command cut off there runs without it or, unfinished, not at all)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		if _, err := reportParserProblems(pass); err != nil {
			return nil, err
		}
		for _, a := range pass.Doc.Actions {
			if len(a.Continuation) > 0 && (a.IsCLI() || a.InlineBody == nil || a.InlineBody.Closed) {
				pass.Report(continuedCommand(pass.Doc, a))
			}
		}
		return nil, nil
	},
}

// continuedCommand reports the lines that carry on an action's first
// line: one finding at the first, the others related.
func continuedCommand(doc *sfmd.Document, a *sfmd.Action) lint.Diagnostic {
	lines := a.Continuation
	first, last := lines[0], lines[len(lines)-1]
	what := "first line"
	if a.IsCLI() {
		what = "command"
	}
	over := fmt.Sprintf("line %d", first.Span.Start.Line)
	if len(lines) > 1 {
		over = fmt.Sprintf("lines %d-%d", first.Span.Start.Line, last.Span.Start.Line)
	}
	todo := fmt.Sprintf("put the whole %s on line %d", what, a.FirstLine.Span.Start.Line)
	if a.IsCLI() {
		todo += " (a longer script can go into a file that the command runs)"
	}
	effect := fmt.Sprintf("so it runs what line %d says alone", a.FirstLine.Span.Start.Line)
	if why := unfinishedCommand(a); why != "" {
		effect = fmt.Sprintf("and line %d alone %s, so bash rejects it and nothing runs", a.FirstLine.Span.Start.Line, why)
	}
	d := diag(trimmedSpan(doc, first), "the %s of action %q goes on over %s, but the runtime reads only the first line of an action and ignores the others, %s; %s",
		what, a.ID, over, effect, todo)
	for _, l := range lines[1:] {
		if strings.TrimSpace(l.Text) != "" {
			d.Related = append(d.Related, lint.Related{Span: trimmedSpan(doc, l), Message: "ignored too"})
		}
	}
	return d
}

// unfinishedCommand says why the first line of a CLI action is not a
// whole bash command ("" when it is): it ends inside a quote or a
// substitution, or after a pipe or && / ||. The runtime runs the line
// with bash -c (loader.ts Loader.execCli), which then fails with a
// syntax error before running anything.
func unfinishedCommand(a *sfmd.Action) string {
	if !a.IsCLI() || a.Target == nil {
		return ""
	}
	cmd := strings.TrimRight(a.Target.Text, " \t")
	switch {
	case scanShell(cmd).unclosed:
		return "leaves a quote or substitution open"
	case strings.HasSuffix(cmd, "|") || strings.HasSuffix(cmd, "&&"):
		return "ends with an operator and no command after it"
	}
	return ""
}

// trimmedSpan is the span of l's text without surrounding whitespace (the
// whole line when it is blank).
func trimmedSpan(doc *sfmd.Document, l sfmd.Line) sfmd.Span {
	t := strings.TrimSpace(l.Text)
	if t == "" {
		return l.Span
	}
	s := l.Span.Start.Off() + strings.Index(l.Text, t)
	return spanAt(doc, s, s+len(t))
}
