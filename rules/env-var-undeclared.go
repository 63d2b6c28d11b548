package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// EnvVarUndeclared reports $VAR used in action definitions but not
// declared in env.
var EnvVarUndeclared = &lint.Analyzer{
	Name:        "env-var-undeclared",
	Severity:    lint.Info,
	MaxSeverity: lint.Warning,
	SpendsWork:  true,
	Profile:     lint.Runtime,
	Doc: lint.Doc{
		Title: "persistent $VAR used but not declared in env",
		Why:   "the runtime resolves `$NAME` from the env store whether or not it is declared; an unset uppercase one left in an HTTP action's URL, headers or body template stops the call before sending (\"Unresolved environment variable\"), and in a CLI command bash sees `$NAME`; declaring it documents it, and on a tool every /tool:name call checks the declared names first (ENV_REQUIRED), while an app's `env` is not read (its `requires:` list gets the \"Missing required env\" hint on /open); in CLI actions `$X` may be a real shell variable, so it is only info there",
		Bad:   "```act.data\nGET https://api.example.com/data?key=$API_KEY\n```\n",
		Good:  "---\nenv:\n  - API_KEY: \"Example API key\"\n---\n\n```act.data\nGET https://api.example.com/data?key=$API_KEY\n```\n",

		Severity: "helpers.ts resolveEnvVars resolves `$NAME` whether or not it is declared and action.ts executeAction stops an HTTP call on an unset one; a declaration adds an early check only on a tool (tool.ts validateEnv); a near miss of a declared name is a warning (almost certainly a typo)",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run:      runEnvVarUndeclared,
}

// shellAssigned returns the names an action's CLI text assigns.
func shellAssigned(a *sfmd.Action) map[string]bool {
	out := map[string]bool{}
	add := func(name string) { out[name] = true }
	shellAssignments(a.FirstLine.Text, add)
	for _, b := range a.Bodies {
		if b.Template != nil {
			shellAssignments(b.Template.Text, add)
		}
	}
	return out
}

// shellAssignments calls add with each name the shell text t assigns
// itself: NAME=…, export NAME=…, local NAME=…, for NAME in, read [-x …]
// NAME. It finds what this regular expression finds, in the same order,
//
//	(?:^|[\s;&|(])(?:export\s+|local\s+)?([A-Za-z_][A-Za-z0-9_]*)=|\bfor\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\b|\bread\s+(?:-\w+\s+)*([A-Za-z_][A-Za-z0-9_]*)
//
// without the regexp engine, which made it the costliest helper of the
// rules: the leftmost match, the first alternative that matches there,
// then on after the match (shellassign_test.go holds the expression and
// compares them).
func shellAssignments(t string, add func(string)) {
	for p := 0; p < len(t); {
		if p > 0 && !shellMatchStart[t[p]] {
			p++ // shellAssignAt matches nothing here: most bytes
			continue
		}
		name, end := shellAssignAt(t, p)
		if end < 0 {
			p++
			continue
		}
		add(name)
		p = end
	}
}

// shellMatchStart holds the bytes at which shellAssignAt can match past
// the start of the text: a separator [\s;&|(] before NAME=, the 'f' of
// "for" and the 'r' of "read" (TestShellAssignments compares the scan with
// the regular expression).
var shellMatchStart = func() (m [256]bool) {
	for c := range 256 {
		m[c] = isShellSep(byte(c)) || c == 'f' || c == 'r'
	}
	return m
}()

// shellAssignAt matches the expression at p: the name and the end of the
// match, or end -1.
func shellAssignAt(t string, p int) (name string, end int) {
	if p == 0 { // ^
		if name, end = exportedNameEq(t, 0); end >= 0 {
			return name, end
		}
	}
	if isShellSep(t[p]) {
		if name, end = exportedNameEq(t, p+1); end >= 0 {
			return name, end
		}
	}
	if p > 0 && isWordByte(t[p-1]) { // \b before "for" and "read"
		return "", -1
	}
	if name, end = forIn(t, p); end >= 0 {
		return name, end
	}
	return readName(t, p)
}

// exportedNameEq matches (?:export\s+|local\s+)?NAME= at q.
func exportedNameEq(t string, q int) (string, int) {
	for _, kw := range [...]string{"export", "local"} {
		if strings.HasPrefix(t[q:], kw) {
			if r := skipShellSpace(t, q+len(kw)); r > q+len(kw) {
				if name, end := nameEq(t, r); end >= 0 {
					return name, end
				}
			}
		}
	}
	return nameEq(t, q)
}

// nameEq matches NAME= at q.
func nameEq(t string, q int) (string, int) {
	r := shellName(t, q)
	if r < 0 || r == len(t) || t[r] != '=' {
		return "", -1
	}
	return t[q:r], r + 1
}

// forIn matches for\s+NAME\s+in\b at p.
func forIn(t string, p int) (string, int) {
	if !strings.HasPrefix(t[p:], "for") {
		return "", -1
	}
	q := skipShellSpace(t, p+3)
	r := shellName(t, q)
	if q == p+3 || r < 0 {
		return "", -1
	}
	s := skipShellSpace(t, r)
	if s == r || !strings.HasPrefix(t[s:], "in") || (s+2 < len(t) && isWordByte(t[s+2])) {
		return "", -1
	}
	return t[q:r], s + 2
}

// readName matches read\s+(?:-\w+\s+)*NAME at p.
func readName(t string, p int) (string, int) {
	if !strings.HasPrefix(t[p:], "read") {
		return "", -1
	}
	q := skipShellSpace(t, p+4)
	if q == p+4 {
		return "", -1
	}
	for q < len(t) && t[q] == '-' { // flags
		w := q + 1
		for w < len(t) && isWordByte(t[w]) {
			w++
		}
		s := skipShellSpace(t, w)
		if w == q+1 || s == w {
			return "", -1 // NAME cannot start at '-'
		}
		q = s
	}
	r := shellName(t, q)
	if r < 0 {
		return "", -1
	}
	return t[q:r], r
}

// shellName returns the end of a name [A-Za-z_][A-Za-z0-9_]* at q, or -1.
func shellName(t string, q int) int {
	if q >= len(t) || !(t[q] == '_' || (t[q]|0x20 >= 'a' && t[q]|0x20 <= 'z')) {
		return -1
	}
	r := q + 1
	for r < len(t) && isWordByte(t[r]) {
		r++
	}
	return r
}

// skipShellSpace skips \s ([\t\n\f\r ]) from i.
func skipShellSpace(t string, i int) int {
	for i < len(t) && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\f' || t[i] == '\r') {
		i++
	}
	return i
}

// isShellSep reports [\s;&|(].
func isShellSep(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ';' || c == '&' || c == '|' || c == '('
}

// isWordByte reports \w ([0-9A-Za-z_]).
func isWordByte(c byte) bool {
	return c == '_' || (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'z')
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
	uses := syms.usesAt(siteTarget, siteParamDefault)
	for i := range uses {
		u := &uses[i]
		if !u.Site.inDefinition() || u.Kind() != sfmd.RefPersistent || u.Action == nil {
			continue
		}
		name := u.Ref.Name
		if name == "" || !persistentShape.Matches(name) || syms.Env[name] != nil || required[name] || isContextVar(name) || contextTypo(name) != "" {
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
			d.Severity = lint.Info
		}
		d.Message = fmt.Sprintf("%q is not declared in frontmatter env", f.first.Ref.Raw)
		if n := budgetedNearest(pass, name, syms.EnvNames); n != "" {
			if !f.cli || strings.EqualFold(n, name) {
				// almost certainly a typo of a declared name (in a CLI
				// command only the same name in another case is: a near
				// name may be a real shell variable)
				d.Severity = lint.Warning
			}
			d.Message += fmt.Sprintf("; did you mean %q?", "$"+n)
		} else {
			d.Message += declareAdvice(pass.Doc, name)
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

// declareAdvice says where to declare name: a tool's env is checked on
// every /tool:name call (tool.ts validateEnv); an app's env is not read by
// the reference runtime, its requires: list is (the /open hint).
func declareAdvice(doc *sfmd.Document, name string) string {
	if isToolDocument(doc) {
		return fmt.Sprintf("; add \"- %s: <description>\" to env (checked before each /tool:name call)", name)
	}
	return fmt.Sprintf("; add \"- %s: <description>\" to env, or list it under requires: (the reference runtime reads an app's requires: on /open and warns while it is unset, not its env)", name)
}
