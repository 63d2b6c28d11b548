package rules

import (
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamUnused reports parameters a CLI command or a body template never
// uses.
var ParamUnused = &lint.Analyzer{
	Name:     "param-unused",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Tags:     []lint.Tag{lint.Unnecessary},
	Doc: lint.Doc{
		Title: "parameter is never used by the command or body template",
		Why:   "a CLI command and a `-d` body template only contain the fields they mention; a parameter they never use is accepted from the caller and then silently thrown away (a `body:` section is ignored by the runtime, which sends every field as flat JSON instead)",
		Bad:   "```act.grep\nCLI grep -rn {pattern} .\n  pattern: string (required) \"Pattern\"\n  path: string (required) \"Directory\"\n```\n",
		Good:  "```act.grep\nCLI grep -rn {pattern} {path}\n  pattern: string (required) \"Pattern\"\n  path: string (required) \"Directory\"\n```\n",

		Severity: "action.ts executeAction substitutes only the placeholders of the command or the -d template, which loader.ts Loader.action sends as written: the call runs, but the value the caller passes is thrown away",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		responses := symbols(pass).Responses // by action ID, in source order
		used := map[string]bool{}            // paramUses's, made once and cleared for each action
		for _, a := range doc.Actions {
			if len(a.Params) == 0 {
				continue // a finding is a parameter's: its uses are not gathered
			}
			var where string
			switch {
			case a.IsCLI():
				where = "the command"
			case (a.Method == sfmd.MethodPOST || a.Method == sfmd.MethodPUT || a.Method == sfmd.MethodPATCH) && a.InlineBody != nil:
				// only -d is sent as written (loader.ts Loader.action); a
				// body: section is ignored and the flat JSON of the fields,
				// this one included, is sent instead (body-directive-unsupported)
				where = "the URL or the body template"
			default:
				continue // fields not in the URL go to the query string or the JSON body
			}
			clear(used)
			all := paramUses(used, a, responses[a.ID])
			if all {
				continue
			}
			for _, p := range a.Params {
				if p.Name == "" || used[p.Name] || notAParam(p) || p.Indent == 0 {
					continue
				}
				pass.Reportf(p.NameSpan, "parameter %q is never used: %s of %q does not contain {%s}, so its value is dropped; add {%s} where it belongs or remove the parameter", p.Name, where, a.ID, p.Name, p.Name)
			}
		}
		return nil, nil
	},
}

// paramUses adds to used the names of the fields an action's templates
// refer to (URL or command, headers, bodies and its response templates
// rs), and reports whether it forwards all fields.
func paramUses(used map[string]bool, a *sfmd.Action, rs []*sfmd.Response) bool {
	all := usesAllFields(a)
	add := func(t *sfmd.Template) {
		if t == nil {
			return
		}
		for _, r := range t.Refs {
			switch r.Kind {
			case sfmd.RefVar:
				used[r.Name] = true
			case sfmd.RefSpread:
				all = true
			case sfmd.RefPersistent:
				if r.Name == sfmd.ArgsVar {
					all = true
				}
			}
		}
	}
	for t := range a.Templates() {
		add(t)
	}
	// the lines that carry on the first line: their placeholders are
	// meant as uses (action-unrecognized-line or body-inline-unterminated
	// reports that the runtime never reads them)
	for _, l := range a.Continuation {
		for _, m := range continuedPlaceholderRe.FindAllStringSubmatch(l.Text, -1) {
			used[m[1]] = true
		}
	}
	for _, r := range rs {
		for _, l := range r.Lines {
			add(l.Template)
			add(l.RHS)
		}
	}
	return all
}

// continuedPlaceholderRe finds {name} in continuation lines.
var continuedPlaceholderRe = lazyre.New(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)
