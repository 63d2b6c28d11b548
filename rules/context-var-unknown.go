package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ContextVarUnknown reports $CURRENT_*/$STRING_* names that are not
// context variables (typos).
var ContextVarUnknown = &lint.Analyzer{
	Name:        "context-var-unknown",
	Severity:    lint.Warning,
	MaxSeverity: lint.Error,
	Profile:     lint.Runtime,
	Doc: lint.Doc{
		Title: "unknown context variable",
		Why:   "the runtime injects a fixed set of context variables ($CURRENT_FILE, $CWD, $CURRENT_URI, $CURRENT_TARGET, $CURRENT_BLOCK, $ARGS, …); a misspelt one is left as literal text: in a CLI command bash expands it (usually to nothing), and an HTTP call fails before sending with \"Unresolved environment variable\" (an error there)",
		Bad:   "```act.count\nCLI wc -l $CURRENT_PATH\n```\n",
		Good:  "```act.count\nCLI wc -l $CURRENT_FILE\n```\n",

		Severity: "helpers.ts resolveEnvVars leaves a misspelt name as written: in a CLI command bash expands it (usually to nothing), and an HTTP call stops at action.ts executeAction's unresolved-variable check (error)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, u := range syms.usesAt(siteTarget, siteParamDefault) {
			if !u.Site.inDefinition() || u.Kind() != sfmd.RefPersistent || syms.Env[u.Ref.Name] != nil {
				continue
			}
			d := lint.Diagnostic{Span: u.Ref.Span}
			if u.Action != nil && !u.Action.IsCLI() {
				// action.ts executeAction refuses an HTTP call that still
				// holds an uppercase $NAME
				d.Severity = lint.Error
			}
			switch n := contextTypo(u.Ref.Name); n {
			case "":
				continue
			case "?":
				prefix := u.Ref.Name[:strings.IndexByte(u.Ref.Name, '_')+1]
				var same []string
				for _, c := range contextVars {
					if strings.HasPrefix(c, prefix) {
						same = append(same, c)
					}
				}
				d.Message = fmt.Sprintf("%q is not a context variable; expected one of %s", u.Ref.Raw, dollarList(same))
			default:
				d.Message = fmt.Sprintf("%q is not a context variable; did you mean %q?", u.Ref.Raw, "$"+n)
			}
			if d.Severity != 0 {
				d.Message += " (the HTTP call fails with \"Unresolved environment variable\")"
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

func dollarList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", "$"+n)
	}
	return strings.Join(q, ", ")
}
