package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActionIDInvalid reports action IDs outside [a-z][a-z0-9_-]*.
var ActionIDInvalid = &lint.Analyzer{
	Name:     "action-id-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action ID does not match [a-z][a-z0-9_-]*",
		Why:   "the spec requires action IDs to be lower case, start with a letter and use only letters, digits, '_' and '-'; other IDs are not portable and cannot be typed reliably in `/act.<id>` commands",
		Bad:   "```act.Search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "index.ts dispatch lowercases the command, /act.<id> included, and action.ts cmdAction matches the ID exactly: an upper-case ID is unreachable through `/act.<id>`, which the runtime lowercases (an ID the runtime accepts but the spec does not, such as `2deploy`, is info: portability)",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it renames the action and every reference to it in the document together, to a valid ID no other action has"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run:      runActionIDInvalid,
}

func runActionIDInvalid(pass *lint.Pass) (any, error) {
	doc := pass.Doc
	syms := symbols(pass)
	fixed := map[string]bool{}
	var sites map[string][]sfmd.Occurrence // by id, made at the first fix
	for _, a := range doc.Actions {
		if a.ID == "" || actionIDShape.Matches(a.ID) {
			continue
		}
		// one name for the message and the fix: the ID lower-cased, with
		// '_' and '-' kept and other runs of characters made '-'
		want := sanitizeID(a.ID, '-', true)
		free := want != "" && len(syms.Actions[want]) == 0
		msg := fmt.Sprintf("action ID %q does not match [a-z][a-z0-9_-]*", a.ID)
		if free {
			msg += fmt.Sprintf("; rename it to %q", want)
		} else {
			msg += "; use lower-case letters, digits, '_' and '-', starting with a letter"
		}
		d := lint.Diagnostic{Span: a.IDSpan, Message: msg}
		if (shapeOf(nameChars)).Matches(a.ID) && strings.ToLower(a.ID) == a.ID {
			// the reference runtime reads and reaches it: portability only
			d.Severity = lint.Info
			d.Message += " (the reference runtime accepts it, other runtimes may not)"
		} else if free && !fixed[a.ID] {
			fixed[a.ID] = true
			if sites == nil {
				sites = actionSitesByID(doc)
			}
			if edits := renameActionEdits(sites[a.ID], want); len(edits) > 0 {
				d.Fixes = []lint.Fix{{
					Message: fmt.Sprintf("rename action %q to %q everywhere", a.ID, want),
					Safe:    true,
					Edits:   edits,
				}}
			}
		}
		pass.Report(d)
	}
	return nil, nil
}

// renameActionEdits renames an action to new at every occurrence of its
// id that sfmd's index of names lists (Document.Names, which the language
// server's rename edits too; occs: that id's occurrences): act.<old>
// fences, act.<old>.response fences, /act.<old> hints, act:<old> links
// and shortcut targets, and the frontmatter default.
func renameActionEdits(occs []sfmd.Occurrence, new string) []lint.Edit {
	var edits []lint.Edit
	for _, o := range occs {
		edits = append(edits, lint.Edit{Start: o.Start, End: o.End, New: new})
	}
	return edits
}

// actionSitesByID is doc.ActionSites grouped by id, each in document
// order: one list of the sites for all the actions a run renames, not one
// scan of the whole document for each.
func actionSitesByID(doc *sfmd.Document) map[string][]sfmd.Occurrence {
	out := map[string][]sfmd.Occurrence{}
	for _, o := range doc.Names().All() {
		if o.Kind == sfmd.NameAction {
			out[o.Name] = append(out[o.Name], o)
		}
	}
	return out
}
