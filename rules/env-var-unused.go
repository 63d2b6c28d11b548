package rules

import (
	"regexp"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EnvVarUnused reports env entries no action refers to.
var EnvVarUnused = &lint.Analyzer{
	Name:     "env-var-unused",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "env declares a variable no action uses",
		Why:   "every required env entry must be set before any action runs (ENV_REQUIRED), so an unused declaration makes users configure something nothing needs",
		Bad:   "---\nenv:\n  - OLD_KEY: \"Unused key\"\n---\n\n```act.data\nGET https://api.example.com/data\n```\n",
		Good:  "---\nenv:\n  - API_KEY: \"Example API key\"\n---\n\n```act.data\nGET https://api.example.com/data?key=$API_KEY\n```\n",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		if len(syms.EnvNames) == 0 {
			return nil, nil
		}
		used := map[string]bool{}
		for _, u := range syms.Uses {
			if u.Site.inDefinition() && u.Ref.Kind == sfmd.RefPersistent {
				used[u.Ref.Name] = true
			}
		}
		// ${NAME} and bare NAME words in CLI commands count too: the
		// command (or a program it runs) may read the environment. In
		// HTTP actions ${NAME} is a use with a mistake that
		// persistent-var-name-invalid reports.
		var cli strings.Builder
		for _, a := range pass.Doc.Actions {
			if a.IsHTTP() {
				for _, m := range bracedDollarRe.FindAllStringSubmatch(a.FirstLine.Text, -1) {
					used[m[1]] = true
				}
			}
			if a.IsCLI() {
				cli.WriteString(a.FirstLine.Text)
				cli.WriteByte('\n')
				for _, b := range a.Bodies {
					if b.Template != nil {
						cli.WriteString(b.Template.Text)
						cli.WriteByte('\n')
					}
				}
			}
		}
		for _, e := range pass.Doc.Frontmatter.Env {
			if e.Name == "" || used[e.Name] || isContextVar(e.Name) || !persistentRe.MatchString(e.Name) {
				continue
			}
			if regexp.MustCompile(`\b` + regexp.QuoteMeta(e.Name) + `\b`).MatchString(cli.String()) {
				continue
			}
			pass.Reportf(e.NameSpan, "env declares %q but no action uses \"$%s\"; remove the entry or use the variable", e.Name, e.Name)
			used[e.Name] = true // report a duplicate entry once
		}
		return nil, nil
	},
}
