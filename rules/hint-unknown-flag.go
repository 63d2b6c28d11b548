package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// HintUnknownFlag reports hint flags that are not parameters of the
// called action.
var HintUnknownFlag = &lint.Analyzer{
	Name:       "hint-unknown-flag",
	Severity:   lint.Warning,
	SpendsWork: true,
	Profile:    lint.Core,
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
			var params []*sfmd.Param // the parameters, for the first unknown flag
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
						msg += fmt.Sprintf("; use a --name flag (%s)", string(appendFlagList(nil, params, 8)))
					}
				default:
					n := ""
					if pass.Spend(2 * len(params)) { // (budgetedNearest, without building the list for nothing)
						n = nearest(f.Key, names(params))
					}
					if droppedParam(c.Action, n) {
						continue // the runtime drops n's line: that error comes first
					}
					msg = unknownFlagMessage(written, c, n, params)
				}
				pass.Report(lint.Diagnostic{Span: span, Message: msg})
			}
		}
		return nil, nil
	},
}

// unknownFlagMessage is the message for a --flag written that is not a
// parameter of c's action: with n, the parameter it is nearest, else the
// flags of params. Written in one buffer (5,693 on the 10 MB document);
// TestUnknownFlagMessage holds it to the concatenation of strconv.Quote's
// and quoteList's.
func unknownFlagMessage(written string, c *hintCall, n string, params []*sfmd.Param) string {
	buf := make([]byte, 0, 96+len(written)+len(c.ActionID)+16*min(len(params), 9))
	buf = appendQuote(append(buf, "flag "...), written)
	buf = append(buf, " is not a parameter of "...)
	if c.Tool {
		buf = append(buf, "tool "...)
	}
	buf = appendQuote(append(buf, "action "...), c.ActionID)
	if n != "" {
		return string(append(appendFlag(append(buf, "; did you mean "...), n), '?'))
	}
	return string(appendFlagList(append(buf, "; expected one of "...), params, 8))
}

// appendFlag appends strconv.Quote("--"+name).
func appendFlag(buf []byte, name string) []byte { return appendQuotedAfter(buf, "--", name) }

// appendFlagList appends quoteList of the params' --name flags with limit.
func appendFlagList(buf []byte, params []*sfmd.Param, limit int) []byte {
	return appendList(buf, len(params), limit, func(buf []byte, i int) []byte { return appendFlag(buf, params[i].Name) })
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
