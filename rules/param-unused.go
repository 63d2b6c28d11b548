package rules

import (
	"strings"

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
		syms := symbols(pass)
		var elig []int  // the indices in a.Params of the parameters a finding may name
		var used []bool // whether elig's are used
		for i, a := range doc.Actions {
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
			elig = elig[:0]
			for j, p := range a.Params {
				if p.Name != "" && p.Indent != 0 && !notAParam(p) {
					elig = append(elig, j)
				}
			}
			if len(elig) == 0 {
				continue // no finding: its uses are not gathered
			}
			used = append(used[:0], make([]bool, len(elig))...)
			left := len(elig) // the eligible parameters not used yet
			nothing := paramUses(a, func() []*sfmd.Response { return syms.templatesOf(i, a) }, func(name string) bool {
				for x, j := range elig {
					if !used[x] && a.Params[j].Name == name {
						used[x] = true
						left--
					}
				}
				return left == 0
			})
			if nothing || usesAllFields(a) {
				continue
			}
			for x, j := range elig {
				if p := a.Params[j]; !used[x] {
					pass.Report(lint.Diagnostic{Span: p.NameSpan, Message: paramUnusedMessage(p.Name, where, a.ID)})
				}
			}
		}
		return nil, nil
	},
}

// paramUnusedMessage is param-unused's message about the parameter name
// of action id, written in one allocation (fmt.Sprintf took five and
// about 5,000 instructions a message; there are 2,849 on the generated
// 10 MB document; TestParamUnusedMessage holds it to fmt).
func paramUnusedMessage(name, where, id string) string {
	const (
		head  = "parameter "
		never = " is never used: "
		of    = " of "
		lacks = " does not contain {"
		drop  = "}, so its value is dropped; add {"
		tail  = "} where it belongs or remove the parameter"
	)
	var b strings.Builder
	b.Grow(len(head) + len(name) + 2 + len(never) + len(where) + len(of) + len(id) + 2 + len(lacks) + len(name) + len(drop) + len(name) + len(tail))
	b.WriteString(head)
	writeQuoted(&b, name)
	b.WriteString(never)
	b.WriteString(where)
	b.WriteString(of)
	writeQuoted(&b, id)
	b.WriteString(lacks)
	b.WriteString(name)
	b.WriteString(drop)
	b.WriteString(name)
	b.WriteString(tail)
	return b.String()
}

// paramUses calls use with the name of each field an action's templates
// refer to (URL or command, headers, bodies and its response templates,
// templates()) and reports whether a reference forwards all fields
// ({...args}, $ARGS; usesAllFields is the rest of that question) or use
// returned true (every parameter param-unused asks about is used). At
// either, param-unused has nothing left to report, and the rest is not
// read (the response templates are looked up only when reached).
// TestParamUnusedAsBefore holds the findings to a walk of every
// reference.
func paramUses(a *sfmd.Action, templates func() []*sfmd.Response, use func(name string) bool) bool {
	done := false
	add := func(t *sfmd.Template) {
		if t == nil || done {
			return
		}
		for _, r := range t.Refs {
			switch {
			case r.Kind == sfmd.RefVar:
				done = use(r.Name)
			case r.Kind == sfmd.RefSpread, r.Kind == sfmd.RefPersistent && r.Name == sfmd.ArgsVar:
				done = true
			}
			if done {
				return
			}
		}
	}
	for t := range a.Templates() {
		if add(t); done {
			return true
		}
	}
	// the lines that carry on the first line: their placeholders are
	// meant as uses (action-unrecognized-line or body-inline-unterminated
	// reports that the runtime never reads them)
	for _, l := range a.Continuation {
		for _, m := range continuedPlaceholderRe.FindAllStringSubmatch(l.Text, -1) {
			if use(m[1]) {
				return true
			}
		}
	}
	for _, r := range templates() {
		for _, l := range r.Lines {
			add(l.Template)
			add(l.RHS)
		}
		if done {
			return true
		}
	}
	return false
}

// continuedPlaceholderRe finds {name} in continuation lines.
var continuedPlaceholderRe = lazyre.New(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)
