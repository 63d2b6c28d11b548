package rules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActionRequiresCapability reports actions a default-configured runtime
// does not allow without an opt-in.
var ActionRequiresCapability = &lint.Analyzer{
	Name:     "action-requires-capability",
	Severity: lint.Info,
	Profile:  lint.Style,
	Doc: lint.Doc{
		Title: "action needs a capability that is opt-in by default",
		Why:   "a default-configured runtime only enables reading, GET requests and writing to the artifact directory; POST, PUT, PATCH, DELETE, shell commands and other file writes (to:) need the user's opt-in, which the document should explain (in requirements.md)",
		Bad:   "```act.post\nPOST https://api.example.com/posts\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n",

		Severity: "spec.md §1.9: advice on documenting opt-in capabilities; the action itself is read and run as written",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		type optIn struct {
			id   string
			span sfmd.Span // the method, or the to: line
			what string
		}
		var found []optIn
		for _, a := range doc.Actions {
			if !hasFirstLine(a) {
				continue
			}
			switch {
			case a.IsCLI():
				found = append(found, optIn{a.ID, a.MethodSpan, "runs a shell command"})
			case a.IsHTTP() && a.Method != sfmd.MethodGET:
				found = append(found, optIn{a.ID, a.MethodSpan, "sends a " + a.Method + " request"})
			}
		}
		// to: lines write files, which is opt-in outside the artifact directory
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.Kind == sfmd.LineTo && l.Line.Span.IsValid() && l.Line.Span.Len() > 0 {
					span := l.Line.Span
					if off := lineOffset(doc, l.Line.Text, span); off >= 0 {
						t := strings.TrimSpace(l.Line.Text)
						start := off + strings.Index(l.Line.Text, t)
						span = spanAt(doc, start, start+len(t))
					}
					found = append(found, optIn{r.ActionID, span, fmt.Sprintf("writes a file (%s)", strings.TrimSpace(l.Line.Text))})
					break
				}
			}
		}
		if len(found) == 0 || documentsRequirements(pass) {
			return nil, nil
		}
		// one finding per document, on the first thing that needs an opt-in
		sort.SliceStable(found, func(i, j int) bool { return found[i].span.Start.Offset < found[j].span.Start.Offset })
		first := found[0]
		others := ""
		if len(found) > 1 {
			var more []string // the next three, each with what it does
			for _, f := range found[1:] {
				if len(more) == 3 {
					more = append(more, "…")
					break
				}
				more = append(more, strconv.Quote(f.id)+" "+f.what)
			}
			others = " (also: " + strings.Join(more, "; ") + ")"
		}
		pass.Reportf(first.span, "action %q %s, which a default-configured runtime may not allow until the user opts in%s; say so in a requirements.md next to the document", first.id, first.what, others)
		return nil, nil
	},
}

// documentsRequirements reports whether the document has setup notes: a
// [!requirements] directive or a requirements.md next to it.
func documentsRequirements(pass *lint.Pass) bool {
	for _, d := range pass.Doc.Directives {
		if d.Type == "requirements" {
			return true
		}
	}
	if pass.Workspace == nil {
		return false
	}
	// REQUIREMENTS.md too: requirements-file-case
	return pass.Workspace.ExistsFold("requirements.md")
}
