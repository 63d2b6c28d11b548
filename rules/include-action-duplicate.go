package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// IncludeActionDuplicate reports an action ID that an [!include] brings
// in a second time: the included document (or block) defines an action
// this document, or an earlier include, already defines.
var IncludeActionDuplicate = &lint.Analyzer{
	Name:     "include-action-duplicate",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "an include brings in an action ID the document already has",
		Why:   "an include pulls the other document's action blocks into this one, and action IDs MUST be unique in a document: `/act.<id>` reaches only one of the two, so the other is dead and which one runs depends on the runtime",
		Bad:   "[!include:common](common.md)\n\n```act.search\nGET https://api.example.com/search?q={q}\n  q: string (required) \"Query\"\n```\n",
		Good:  "[!include:common](common.md)\n\n```act.search_local\nGET https://api.example.com/search?q={q}\n  q: string (required) \"Query\"\n```\n",

		Severity: "spec.md §1.6: the included document's action and this one share an ID, so `/act.<id>` reaches only one of them",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		includes := directivesOf(pass.Doc, "include")
		if len(includes) == 0 {
			return nil, nil
		}
		seen := map[string]string{} // action ID -> where it is defined
		own := map[string]*sfmd.Action{}
		for _, a := range pass.Doc.Actions {
			if a.ID != "" && own[a.ID] == nil {
				own[a.ID] = a
				seen[a.ID] = "this document"
			}
		}
		for _, d := range includes {
			file, frag, ok := includeFile(pass.Doc, d)
			if !ok || !d.OwnLine || !ws.Exists(file) {
				continue // include-target-not-found and friends
			}
			target, err := ws.Document(file)
			if err != nil || target == nil {
				continue
			}
			for _, a := range includedActions(target, frag) {
				where := fmt.Sprintf("%s (line %d)", file, a.IDSpan.Start.Line)
				prev, dup := seen[a.ID]
				if !dup {
					seen[a.ID] = where
					continue
				}
				if mine := own[a.ID]; mine != nil {
					pass.Report(lint.Diagnostic{
						Span:    mine.IDSpan,
						Message: fmt.Sprintf("action %q is also defined in %s, which [!include:%s] pulls into this document, so /act.%s reaches only one of them; rename one", a.ID, where, d.Name, a.ID),
						Related: []lint.Related{{Span: d.Span, Message: fmt.Sprintf("%s included here", file)}},
					})
					delete(own, a.ID) // once per ID
					continue
				}
				pass.Report(lint.Diagnostic{
					Span:    d.PathSpan,
					Message: fmt.Sprintf("%s defines action %q, which %s already brings into this document, so /act.%s reaches only one of them; rename one", where, a.ID, prev, a.ID),
				})
			}
		}
		return nil, nil
	},
}

// includedActions returns the actions an include of target brings in: all
// of them, or those inside block frag.
func includedActions(target *sfmd.Document, frag string) []*sfmd.Action {
	if frag == "" {
		return target.Actions
	}
	from, to := -1, -1
	for _, m := range target.Markers {
		if m.ID != frag || !m.OwnLine {
			continue
		}
		if m.Open && from < 0 {
			from = m.Span.End.Off()
		} else if !m.Open && from >= 0 && to < 0 {
			to = m.Span.Start.Off()
		}
	}
	if from < 0 || to < 0 {
		return nil
	}
	var out []*sfmd.Action
	for _, a := range target.Actions {
		if a.IDSpan.Start.Off() > from && a.IDSpan.Start.Off() < to {
			out = append(out, a)
		}
	}
	return out
}
