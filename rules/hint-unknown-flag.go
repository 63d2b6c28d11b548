package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// HintUnknownFlag reports hint flags that are not parameters of the
// called action.
var HintUnknownFlag = &lint.Analyzer{
	Name:     "hint-unknown-flag",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint passes a flag the action does not declare",
		Why:   "an undeclared flag is not a parameter: a required one is reported missing (INVALID_PARAMS) and the value goes nowhere useful (a query parameter or a body key the API does not expect)",
		Bad:   "Search with `/act.search --query \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "Search with `/act.search --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "helpers.ts parsePosixFlags: the document works; an agent copying the hint sends a value the action does not declare",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		raw := rawArgActions(symbols(pass))
		for _, c := range hints(pass).Calls {
			if c.Action == nil || len(c.Inv.Flags) == 0 || c.Inv.Help || raw[c.Action] {
				continue
			}
			declared := func(name string) bool { return c.Action.Param(name) != nil && name != "" }
			var params []*sfmd.Param // the parameters and their flags, for the first unknown flag
			var flags []string
			listed := false
			for _, f := range c.Inv.Flags {
				if declared(f.Key) {
					continue
				}
				if base, ok := strings.CutSuffix(f.Key, "-file"); ok && declared(base) {
					continue // --<field>-file reads the value from a file
				}
				if !listed {
					params, listed = namedParams(c.Action), true
					for _, p := range params {
						flags = append(flags, "--"+p.Name)
					}
				}
				written := f.Written()
				span := c.flagSpan(pass.Doc, f)
				var msg string
				switch {
				case len(params) == 0:
					msg = fmt.Sprintf("%s declares no parameters, so the hint's flag %q is not one; remove it or declare the parameter", c.call(), written)
				case f.Short:
					var aliases []string
					for _, p := range params {
						if p.Alias != "" {
							aliases = append(aliases, p.Alias)
						}
					}
					msg = fmt.Sprintf("%q is not an alias of a parameter of %s", written, c.call())
					if len(aliases) > 0 {
						msg += fmt.Sprintf("; expected one of %s or a --name flag", quoteList(aliases, 8))
					} else {
						msg += fmt.Sprintf("; use a --name flag (%s)", quoteList(flags, 8))
					}
				default:
					msg = "flag " + strconv.Quote(written) + " is not a parameter of " + c.call() // 5,693 on the 10 MB document: no Sprintf
					n := ""
					if pass.Spend(2 * len(params)) { // (budgetedNearest, without building the list for nothing)
						n = nearest(f.Key, names(params))
					}
					if droppedParam(c.Action, n) {
						continue // the runtime drops n's line: that error comes first
					} else if n != "" {
						msg += "; did you mean " + strconv.Quote("--"+n) + "?"
					} else {
						msg += "; expected one of " + quoteList(flags, 8)
					}
				}
				pass.Report(lint.Diagnostic{Span: span, Message: msg})
			}
		}
		return nil, nil
	},
}

// rawArgActions returns the actions that forward arguments they do not
// declare ({...} or $ARGS in their definition), computed in one pass over
// the uses: the site and the kind the list holds first, the reference
// (its name) only for a $VAR of a definition.
func rawArgActions(syms *symbolTable) map[*sfmd.Action]bool {
	raw := map[*sfmd.Action]bool{}
	for i := range syms.Uses {
		u := &syms.Uses[i]
		if !u.Site.inDefinition() {
			continue
		}
		k := u.Kind()
		if k != sfmd.RefSpread && (k != sfmd.RefPersistent || u.Ref.Name != sfmd.ArgsVar) {
			continue
		}
		if u.Action != nil {
			raw[u.Action] = true
		}
	}
	return raw
}

func names(ps []*sfmd.Param) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}
