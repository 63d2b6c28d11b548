package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// IncludeBlockNotFound reports includes of a #block that the target does
// not define.
var IncludeBlockNotFound = &lint.Analyzer{
	Name:       "include-block-not-found",
	Severity:   lint.Error,
	SpendsWork: true,
	Profile:    lint.Project,
	Doc: lint.Doc{
		Title: "included block does not exist in the target file",
		Why:   "`[!include:id](file.md#block)` extracts one block; when the file has no such block the runtime fails with BLOCK_NOT_FOUND",
		Bad:   "<!-- products.md has <!-- #pricing --> -->\n[!include:pricing](products.md#pricng)\n",
		Good:  "<!-- products.md has <!-- #pricing --> -->\n[!include:pricing](products.md#pricing)\n",

		Severity: "renderer.ts expandIncludes puts \"⚠ Include failed: Block #id not found\" in the page instead of the content",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		for _, d := range directivesOf(pass.Doc, "include") {
			file, frag, ok := includeFile(pass.Doc, d)
			if !ok || frag == "" || !ws.Exists(file) {
				continue
			}
			target, err := ws.Document(file)
			if err != nil || target == nil {
				continue
			}
			ids := blockIDs(target)
			if hasString(ids, frag) {
				continue
			}
			msg := fmt.Sprintf("%q has no block %q", file, frag)
			if near := budgetedNearest(pass, frag, ids); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			} else if len(ids) == 0 {
				msg += "; it defines no blocks: add <!-- #" + frag + " --> … <!-- /" + frag + " --> there"
			} else {
				msg += "; expected one of " + fmQuotedNames(ids)
			}
			pass.Reportf(d.PathSpan, "%s", msg)
		}
		return nil, nil
	},
}

// blockIDs lists the block and include IDs a document exposes as
// document.md#id.
func blockIDs(doc *sfmd.Document) []string {
	var ids []string
	for _, m := range doc.Markers {
		if m.Open && m.OwnLine {
			ids = append(ids, m.ID)
		}
	}
	for _, d := range directivesOf(doc, "include") {
		if d.Name != "" {
			ids = append(ids, d.Name)
		}
	}
	return ids
}
