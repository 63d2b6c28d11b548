package rules

import (
	"bytes"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PersistentVarOutsideAction reports $VAR in prose.
var PersistentVarOutsideAction = &lint.Analyzer{
	Name:     "persistent-var-outside-action",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent $VAR outside an action definition",
		Why:   "$VAR can only appear in action definition blocks; in prose or a shortcut URL it is not substituted and exposes the name of a secret to the agent",
		Bad:   "Set $API_KEY first.\n",
		Good:  "Set the API key first (see requirements.md).\n",

		Severity: "renderer.ts render: the prose is shown as written: the variable is not substituted and names a secret to the agent",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		lineSpans := map[int][][2]int{}
		for _, u := range symbols(pass).usesAt(siteProse, siteProse) {
			if u.Site != siteProse || u.Kind() != sfmd.RefPersistent || insideHint(pass.Doc, u.Ref.Span) || inPlainCode(pass.Doc, u.Ref.Span, lineSpans) {
				continue
			}
			// Lower-case "$mm" (millions of dollars) and "$B$6" (a
			// spreadsheet reference) are prose, not variables.
			if u.Ref.Name == strings.ToLower(u.Ref.Name) || bytes.HasPrefix(pass.Doc.Src[u.Ref.Span.End.Offset:], []byte("$")) {
				continue
			}
			pass.Reportf(u.Ref.Span, "%q is not substituted outside action definitions; describe the variable without the $ form or move it into an act. block", u.Ref.Raw)
		}
		return nil, nil
	},
}

// inPlainCode reports whether span lies in a fenced block that is not an
// action, or in an inline code span of its line.
//
// lineSpans memoizes each line's code spans for one document, so that many
// references on one long line cost one scan of it.
func inPlainCode(doc *sfmd.Document, span sfmd.Span, lineSpans map[int][][2]int) bool {
	fs := doc.Fences // in source order, not overlapping
	k := sort.Search(len(fs), func(i int) bool { return fs[i].Span.Start.Offset > span.Start.Offset }) - 1
	if k >= 0 && span.End.Offset <= fs[k].Span.End.Offset {
		return true
	}
	line := int(span.Start.Line)
	spans, ok := lineSpans[line]
	if !ok {
		spans = codeSpansOf(string(index(doc).Line(line)))
		lineSpans[line] = spans
	}
	at := span.Start.Off() - index(doc).LineStart(line)
	k = sort.Search(len(spans), func(i int) bool { return spans[i][0] > at }) - 1
	return k >= 0 && at < spans[k][1]
}
