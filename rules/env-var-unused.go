package rules

import (
	"regexp"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EnvVarUnused reports env entries no action refers to.
var EnvVarUnused = &lint.Analyzer{
	Name:     "env-var-unused",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Tags:     []lint.Tag{lint.Unnecessary},
	Doc: lint.Doc{
		Title: "env declares a variable no action uses",
		Why:   "every required env entry must be set before any action runs (ENV_REQUIRED), so an unused declaration makes users configure something nothing needs",
		Bad:   "---\nenv:\n  - OLD_KEY: \"Unused key\"\n---\n\n```act.data\nGET https://api.example.com/data\n```\n",
		Good:  "---\nenv:\n  - API_KEY: \"Example API key\"\n---\n\n```act.data\nGET https://api.example.com/data?key=$API_KEY\n```\n",

		Severity: "tool.ts validateEnv: works; the user is only asked to set a variable nothing needs",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		if len(syms.EnvNames) == 0 {
			return nil, nil
		}
		used := map[string]bool{}
		var undeclared []string // $NAMEs used but not declared
		for _, u := range syms.Uses {
			if u.Site.inDefinition() && u.Ref.Kind == sfmd.RefPersistent {
				used[u.Ref.Name] = true
				if syms.Env[u.Ref.Name] == nil {
					undeclared = append(undeclared, u.Ref.Name)
				}
			}
		}
		// ${NAME} and bare NAME words in CLI commands count too: the
		// command (or a program it runs) may read the environment.
		// So does $NAME anywhere on an HTTP action's first line: words the
		// parser does not read as URL, header or body (stray tokens) are
		// glued to the URL by the runtime, which resolves $NAME there
		// (action-first-line-stray-token reports the words themselves).
		var cli strings.Builder
		for _, a := range pass.Doc.Actions {
			if !a.IsCLI() {
				for _, m := range dollarNameRe.FindAllStringSubmatch(a.FirstLine.Text, -1) {
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
		for i, e := range pass.Doc.Frontmatter.Env {
			if e.Name == "" || misplacedDefault(pass.Doc.Frontmatter.Env, i) || used[e.Name] || isContextVar(e.Name) || !persistentShape.Matches(e.Name) {
				continue
			}
			if regexp.MustCompile(`\b` + regexp.QuoteMeta(e.Name) + `\b`).MatchString(cli.String()) {
				continue
			}
			if misspeltUse(e.Name, undeclared) {
				continue // env-var-undeclared suggests this name for the misspelt use
			}
			pass.Reportf(e.NameSpan, "env declares %q but no action uses \"$%s\"; remove the entry or use the variable", e.Name, e.Name)
			used[e.Name] = true // report a duplicate entry once
		}
		return nil, nil
	},
}

// dollarNameRe finds $NAME references, and ${NAME}: the runtime does not
// resolve that form, but it is a use of NAME written wrong, which the
// rules about the reference itself report.
var dollarNameRe = lazyre.New(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`)

// misspeltUse reports whether one of the undeclared names is a near miss
// of the declared name (the same in another case, or within the edit
// distance of a did-you-mean): the one mistake is the misspelt use, which
// env-var-undeclared reports with this name as its suggestion.
func misspeltUse(declared string, undeclared []string) bool {
	for _, n := range undeclared {
		if strings.EqualFold(n, declared) || nearest(n, []string{declared}) != "" {
			return true
		}
	}
	return false
}
