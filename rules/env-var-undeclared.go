package rules

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EnvVarUndeclared reports $VAR used in action definitions but not
// declared in env.
var EnvVarUndeclared = &lint.Analyzer{
	Name:     "env-var-undeclared",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "persistent $VAR used but not declared in env",
		Why:   "declaring the variables a document needs in frontmatter `env` lets the runtime check them before running and tell the user what to set (ENV_REQUIRED) instead of sending a literal `$API_KEY`; in CLI actions `$X` may be a real shell variable, so it is only info there",
		Bad:   "```act.data\nGET https://api.example.com/data?key=$API_KEY\n```\n",
		Good:  "---\nenv:\n  - API_KEY: \"Example API key\"\n---\n\n```act.data\nGET https://api.example.com/data?key=$API_KEY\n```\n",

		Severity: "the runtime resolves `$NAME` from the env store whether or not it is declared (an unset one fails with a clear message); declaring it only adds the early check (a near miss of a declared name is a warning: almost certainly a typo)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run:      runEnvVarUndeclared,
}

// shellAssignRe finds names a CLI command assigns itself (NAME=…,
// for NAME in, read NAME, export NAME).
var shellAssignRe = regexp.MustCompile(`(?:^|[\s;&|(])(?:export\s+|local\s+)?([A-Za-z_][A-Za-z0-9_]*)=|\bfor\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\b|\bread\s+(?:-\w+\s+)*([A-Za-z_][A-Za-z0-9_]*)`)

// shellAssigned returns the names an action's CLI text assigns.
func shellAssigned(a *sfmd.Action) map[string]bool {
	out := map[string]bool{}
	texts := []string{a.FirstLine.Text}
	for _, b := range a.Bodies {
		if b.Template != nil {
			texts = append(texts, b.Template.Text)
		}
	}
	for _, t := range texts {
		if !strings.Contains(t, "=") && !strings.Contains(t, "for") && !strings.Contains(t, "read") {
			continue // shellAssignRe needs one of them: skip the regexp
		}
		for _, m := range shellAssignRe.FindAllStringSubmatch(t, -1) {
			for _, g := range m[1:] {
				if g != "" {
					out[g] = true
				}
			}
		}
	}
	return out
}

// runEnvVarUndeclared reports each undeclared name once per document, at
// its first use in an HTTP action when there is one (warning), else at its
// first use in a CLI action (info); the other uses are related positions.
func runEnvVarUndeclared(pass *lint.Pass) (any, error) {
	syms := symbols(pass)
	required := requiresList(pass.Doc)
	type finding struct {
		first *use
		cli   bool
		also  []sfmd.Span
	}
	var order []string
	found := map[string]*finding{}
	assigned := map[*sfmd.Action]map[string]bool{}
	for i := range syms.Uses {
		u := &syms.Uses[i]
		if !u.Site.inDefinition() || u.Ref.Kind != sfmd.RefPersistent || u.Action == nil {
			continue
		}
		name := u.Ref.Name
		if name == "" || !persistentRe.MatchString(name) || syms.Env[name] != nil || required[name] || isContextVar(name) || contextTypo(name) != "" {
			continue
		}
		a := u.Action
		if a.IsCLI() {
			if name != strings.ToUpper(name) {
				continue // lower-case names in shell commands are shell variables
			}
			if assigned[a] == nil {
				assigned[a] = shellAssigned(a)
			}
			if assigned[a][name] {
				continue
			}
		}
		f := found[name]
		switch {
		case f == nil:
			found[name] = &finding{first: u, cli: a.IsCLI()}
			order = append(order, name)
		case f.cli && !a.IsCLI():
			f.also = append(f.also, f.first.Ref.Span)
			f.first, f.cli = u, false
		default:
			f.also = append(f.also, u.Ref.Span)
		}
	}
	for _, name := range order {
		f := found[name]
		d := lint.Diagnostic{Span: f.first.Ref.Span}
		if f.cli {
			d.Severity, d.SeveritySet = lint.Info, true
		}
		d.Message = fmt.Sprintf("%q is not declared in frontmatter env", f.first.Ref.Raw)
		if n := budgetedNearest(pass, name, syms.EnvNames); n != "" {
			if !f.cli || strings.EqualFold(n, name) {
				// almost certainly a typo of a declared name (in a CLI
				// command only the same name in another case is: a near
				// name may be a real shell variable)
				d.Severity, d.SeveritySet = lint.Warning, true
			}
			d.Message += fmt.Sprintf("; did you mean %q?", "$"+n)
		} else {
			d.Message += fmt.Sprintf("; add \"- %s: <description>\" to env", name)
		}
		for _, sp := range f.also {
			d.Related = append(d.Related, lint.Related{Span: sp, Message: "also used here"})
		}
		pass.Report(d)
	}
	return nil, nil
}

// requiresList returns the names listed in the nonstandard frontmatter
// `requires:` field (frontmatter-requires-nonstandard reports the field
// itself, so its names are not reported again as undeclared).
func requiresList(doc *sfmd.Document) map[string]bool {
	out := map[string]bool{}
	f := doc.Frontmatter.Get("requires")
	if f == nil || f.Value == nil {
		return out
	}
	for _, n := range f.Value.Content {
		if n.Value != "" {
			out[n.Value] = true
		}
	}
	return out
}
