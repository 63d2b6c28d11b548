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
		// used holds the declared names some action uses; once it holds
		// every one, no entry can be reported (TestSymFast holds the
		// early return to the full walk)
		used := make(map[string]bool, len(syms.EnvNames))
		var undeclared []string // $NAMEs used but not declared
		use := func(name string) bool {
			if syms.Env[name] != nil && !used[name] {
				used[name] = true
			}
			return symFast && len(used) == len(syms.EnvNames)
		}
		for _, u := range syms.usesAt(siteTarget, siteParamDefault) {
			if u.Site.inDefinition() && u.Kind() == sfmd.RefPersistent {
				if syms.Env[u.Ref.Name] == nil {
					undeclared = append(undeclared, u.Ref.Name)
				} else if use(u.Ref.Name) {
					return nil, nil
				}
			}
		}
		// $NAME anywhere on an HTTP action's first line counts: words the
		// parser does not read as URL, header or body (stray tokens) are
		// glued to the URL by the runtime, which resolves $NAME there
		// (action-first-line-stray-token reports the words themselves).
		for _, a := range pass.Doc.Actions {
			if !a.IsCLI() && eachDollarName(a.FirstLine.Text, use) {
				return nil, nil
			}
		}
		// ${NAME} and bare NAME words in CLI commands count too: the
		// command (or a program it runs) may read the environment.
		var cli strings.Builder
		for _, a := range pass.Doc.Actions {
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

// eachDollarName calls f with the name of each match of dollarNameRe in
// s, in order (TestEachDollarName holds it to the expression), until f
// returns true; it reports whether f did.
func eachDollarName(s string, f func(name string) bool) bool {
	if !symFast {
		for _, m := range dollarNameRe.FindAllStringSubmatch(s, -1) {
			if f(m[1]) {
				return true
			}
		}
		return false
	}
	for i := strings.IndexByte(s, '$'); i >= 0; {
		j := i + 1
		if j < len(s) && s[j] == '{' {
			j++
		}
		if j >= len(s) || !isNameStart(s[j]) {
			i = nextDollar(s, i+1)
			continue
		}
		k := j + 1
		for k < len(s) && (isNameStart(s[k]) || s[k] >= '0' && s[k] <= '9') {
			k++
		}
		if f(s[j:k]) {
			return true
		}
		i = nextDollar(s, k)
	}
	return false
}

// isNameStart reports whether c is in [A-Za-z_].
func isNameStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// nextDollar is the index of the first '$' of s at or after i, or -1.
func nextDollar(s string, i int) int {
	if k := strings.IndexByte(s[i:], '$'); k >= 0 {
		return i + k
	}
	return -1
}

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
