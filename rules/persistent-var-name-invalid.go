package rules

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// PersistentVarNameInvalid reports $-references in HTTP action
// definitions whose name starts with a digit (sfmd.ScanDollar's invalid
// names).
var PersistentVarNameInvalid = &lint.Analyzer{
	Name:     "persistent-var-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent variable name starts with a digit",
		Why:   "persistent variables are `$NAME` with a name starting with a letter (the runtime also reads `$_NAME`); `$2TOKEN` is not substituted and is sent literally",
		Bad:   "```act.data\nGET https://api.example.com/data?key=$2TOKEN\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data?key=$TOKEN2\n```\n",

		Severity: "helpers.ts resolveEnvVars (\\$[a-zA-Z_]\\w*): the runtime does not substitute it and sends it literally",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "`${NAME}` of an env or context variable becomes `$NAME` (safe); of a parameter or session variable it becomes `{name}`, which changes what is sent, so that fix is unsafe"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		syms := symbols(pass)
		var lines []sfmd.Line // each action's, in one buffer
		for _, a := range doc.Actions {
			if !a.IsHTTP() {
				continue // in CLI commands $1, $@, $_ are shell syntax
			}
			lines = lines[:0]
			if a.FirstLine.Span.IsValid() {
				lines = append(lines, a.FirstLine)
			}
			for _, p := range a.Params {
				// a default without a '$' is not copied out of the source
				// for the loop below to pass over (4,232 copies a run on
				// the generated 10 MB document)
				if p.HasDefault && defaultHasDollar(doc, p.DefaultSpan) {
					lines = append(lines, sfmd.Line{Text: src(doc, p.DefaultSpan), Span: p.DefaultSpan})
				}
			}
			for _, b := range a.Bodies {
				lines = append(lines, b.Lines...)
			}
			for _, l := range lines {
				if strings.IndexByte(l.Text, '$') < 0 {
					continue // no "${": no match, and no $ to scan
				}
				off := lineOffset(doc, l.Text, l.Span)
				if off < 0 {
					continue
				}
				if strings.Contains(l.Text, "${") { // what every match starts with: most lines with a $ have none
					for _, m := range bracedDollarRe.FindAllStringSubmatchIndex(l.Text, -1) {
						pass.Report(bracedDollar(doc, syms, a, l.Text[m[2]:m[3]], off+m[0], off+m[1]))
					}
				}
				for i := strings.IndexByte(l.Text, '$'); i >= 0; {
					end, invalid := sfmd.ScanDollar(l.Text, i) // "$5": plain text; "$_X": read as a variable
					if invalid {
						name := l.Text[i+1 : end]
						want := strings.TrimLeft(name, "0123456789_") + strings.Trim(name[:len(name)-len(strings.TrimLeft(name, "0123456789_"))], "_")
						pass.Reportf(spanAt(doc, off+i, off+end), "%q is not a valid persistent variable name (it must start with a letter) and is sent literally; rename it to %q", "$"+name, "$"+want)
					}
					next := strings.IndexByte(l.Text[max(end, i+1):], '$')
					if next < 0 {
						break
					}
					i = max(end, i+1) + next
				}
			}
		}
		return nil, nil
	},
}

// defaultHasDollar reports whether src(doc, span), a parameter's
// default, holds a '$' (without making the string).
func defaultHasDollar(doc *sfmd.Document, span sfmd.Span) bool {
	s, e := span.Start.Off(), span.End.Off()
	if !span.IsValid() || s < 0 || e > len(doc.Src) || s > e {
		return false // src is "" then
	}
	return bytes.IndexByte(doc.Src[s:e], '$') >= 0
}

// bracedDollarRe matches ${NAME}, which the runtime does not recognise
// (runtime-semantics.md §1.10).
var bracedDollarRe = lazyre.New(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// bracedDollar reports ${name} at [s, e) in the HTTP action a: the
// runtime leaves "$" literal and reads {name} as a placeholder, so the
// request carries "${NAME}" (or "$" and a value). An env or context
// variable is written $NAME (a certain, safe fix), a parameter or session
// variable {name}.
func bracedDollar(doc *sfmd.Document, syms *symbolTable, a *sfmd.Action, name string, s, e int) lint.Diagnostic {
	raw := "${" + name + "}"
	d := lint.Diagnostic{Span: spanAt(doc, s, e)}
	switch {
	case syms.Env[name] != nil || isContextVar(name):
		d.Message = fmt.Sprintf("%q is not substituted: the runtime reads only $%s and sends %q literally; write $%s", raw, name, raw, name)
		d.Fixes = []lint.Fix{{Message: "write $" + name, Safe: true, Edits: []lint.Edit{{Start: s + 1, End: s + 2}, {Start: e - 1, End: e}}}}
	case a.Param(name) != nil || len(syms.Assigned[name]) > 0:
		d.Message = fmt.Sprintf("%q sends a literal \"$\" before the value of {%s}: the runtime does not recognise ${…}; write {%s}", raw, name, name)
		d.Fixes = []lint.Fix{{Message: "write {" + name + "}", Edits: []lint.Edit{{Start: s, End: s + 1}}}}
	default:
		d.Message = fmt.Sprintf("%q is not substituted: the runtime does not recognise ${…} and sends it literally; write $%s and declare %q in the frontmatter env", raw, name, name)
		d.Fixes = []lint.Fix{{Message: "write $" + name, Edits: []lint.Edit{{Start: s + 1, End: s + 2}, {Start: e - 1, End: e}}}}
	}
	return d
}
