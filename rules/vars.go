package rules

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about where $VAR persistent variables may appear (spec.md §1.11,
// §2.2, §2.11, §2.12).

// PersistentVarInResponse reports $VAR in response templates.
var PersistentVarInResponse = &lint.Analyzer{
	Name:     "persistent-var-in-response",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent $VAR used in a response template",
		Why:   "$VAR MUST NOT appear in response templates: it is not substituted there, so an assignment, save: or to: line gets the literal text (error) and an output line prints it verbatim (warning)",
		Bad:   "```act.login\nPOST https://api.example.com/login\n```\n\n```act.login.response\n{key} = $API_KEY\n```\n",
		Good:  "```act.login\nPOST https://api.example.com/login\n```\n\n```act.login.response\n{key} = {Response.body.key}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, u := range syms.Uses {
			if u.Site != siteResponse || u.Ref.Kind != sfmd.RefPersistent || insideHint(pass.Doc, u.Ref.Span) {
				continue
			}
			if u.Line.Kind == sfmd.LineOutput && bytes.HasSuffix(pass.Doc.Src[:u.Ref.Span.Start.Offset], []byte("/set ")) {
				continue // output telling the user to run "/set $VAR = …": meant literally
			}
			d := lint.Diagnostic{Span: u.Ref.Span}
			switch u.Line.Kind {
			case sfmd.LineOutput:
				d.Severity, d.SeveritySet = lint.Warning, true
				d.Message = fmt.Sprintf("%q is not substituted in response output and prints literally; remove it or pass the value through a session variable", u.Ref.Raw)
			default:
				d.Message = fmt.Sprintf("%q cannot be used in %s of a response template, it is not substituted there; use {Response.…} or a session variable instead", u.Ref.Raw, lineKindPhrase(u.Line.Kind))
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// lineKindPhrase names a template line kind in a message.
func lineKindPhrase(k sfmd.LineKind) string {
	switch k {
	case sfmd.LineAssign:
		return "an assignment"
	case sfmd.LineValueShortcut:
		return "a value-shortcut assignment"
	case sfmd.LineSave, sfmd.LineDecode, sfmd.LineFor, sfmd.LineTo:
		return fmt.Sprintf("a %q line", k.String()+":")
	}
	return "a " + k.String() + " line"
}

// insideHint reports whether span lies inside an invocation hint (those
// are persistent-var-in-command's).
func insideHint(doc *sfmd.Document, span sfmd.Span) bool {
	// Hints do not overlap: the last one starting at or before span is
	// the only candidate. doc.Hints is in source order except for the
	// rare hints of very long lines, so fall back to a scan when unsorted.
	hs := doc.Hints
	if !sort.SliceIsSorted(hs, func(i, j int) bool { return hs[i].Span.Start.Offset < hs[j].Span.Start.Offset }) {
		for _, h := range hs {
			if h.Span.Start.Offset <= span.Start.Offset && span.End.Offset <= h.Span.End.Offset {
				return true
			}
		}
		return false
	}
	k := sort.Search(len(hs), func(i int) bool { return hs[i].Span.Start.Offset > span.Start.Offset }) - 1
	return k >= 0 && span.End.Offset <= hs[k].Span.End.Offset
}

var dollarAssignRe = regexp.MustCompile(`^\$[A-Za-z][A-Za-z0-9_]*\s*=`)

// AssignLHSPersistent reports assignments to $VAR.
var AssignLHSPersistent = &lint.Analyzer{
	Name:     "assign-lhs-persistent",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response template assigns to a persistent $VAR",
		Why:   "assignments store session variables only; `$TOKEN = …` MUST NOT be used and the runtime prints the line instead of storing anything",
		Bad:   "```act.login\nPOST https://api.example.com/login\n```\n\n```act.login.response\n$TOKEN = {Response.body.token}\n```\n",
		Good:  "```act.login\nPOST https://api.example.com/login\n```\n\n```act.login.response\n{token} = {Response.body.token}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				var span sfmd.Span
				var raw string
				switch {
				case l.Kind == sfmd.LineAssign && isDollar(l.LHSRaw):
					span, raw = l.LHSSpan, l.LHSRaw
				case l.Kind == sfmd.LineOutput:
					text := l.Line.Text
					trimmed := strings.TrimLeft(text, " \t")
					m := dollarAssignRe.FindString(trimmed)
					off := lineOffset(doc, text, l.Line.Span)
					if m == "" || off < 0 {
						continue
					}
					raw = strings.TrimRight(strings.TrimSuffix(m, "="), " \t")
					start := off + len(text) - len(trimmed)
					span = spanAt(doc, start, start+len(raw))
				default:
					continue
				}
				want := snakeCase(strings.TrimPrefix(raw, "$"))
				d := lint.Diagnostic{
					Span:    span,
					Message: fmt.Sprintf("cannot assign to persistent variable %q in a response template; assign a session variable instead, e.g. \"{%s}\"", raw, want),
				}
				if want != "" && src(doc, span) == raw {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("assign session variable {%s} instead", want),
						Safe:    false, // later uses of $VAR are not renamed
						Edits:   []lint.Edit{{Start: span.Start.Offset, End: span.End.Offset, New: "{" + want + "}"}},
					}}
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

// PersistentVarOutsideAction reports $VAR in prose.
var PersistentVarOutsideAction = &lint.Analyzer{
	Name:     "persistent-var-outside-action",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent $VAR outside an action definition",
		Why:   "$VAR can only appear in action definition blocks; in prose or a shortcut URL it is not substituted and exposes the name of a secret to the agent",
		Bad:   "Set $API_KEY first.\n",
		Good:  "Set the API key first (see requirements.md).\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		lineSpans := map[int][][2]int{}
		for _, u := range symbols(pass).Uses {
			if u.Site != siteProse || u.Ref.Kind != sfmd.RefPersistent || insideHint(pass.Doc, u.Ref.Span) || inPlainCode(pass.Doc, u.Ref.Span, lineSpans) {
				continue
			}
			// Lower-case "$mm" (millions of dollars) and "$B$6" (a
			// spreadsheet reference) are prose, not variables.
			if u.Ref.Name == strings.ToLower(u.Ref.Name) || bytes.HasPrefix(pass.Doc.Src[u.Ref.Span.End.Offset:], []byte("$")) {
				continue
			}
			pass.Reportf(u.Ref.Span, "%q is not substituted outside action definitions; describe the variable without the $ form or move it into an act. block", u.Ref.Raw)
		}
		return nil, nil
	},
}

// inPlainCode reports whether span lies in a fenced block that is not an
// action, or in an inline code span of its line.
//
// lineSpans memoizes each line's code spans for one document, so that many
// references on one long line cost one scan of it.
func inPlainCode(doc *sfmd.Document, span sfmd.Span, lineSpans map[int][][2]int) bool {
	fs := doc.Fences // in source order, not overlapping
	k := sort.Search(len(fs), func(i int) bool { return fs[i].Span.Start.Offset > span.Start.Offset }) - 1
	if k >= 0 && span.End.Offset <= fs[k].Span.End.Offset {
		return true
	}
	line := span.Start.Line
	spans, ok := lineSpans[line]
	if !ok {
		spans = codeSpansOf(string(index(doc).Line(line)))
		lineSpans[line] = spans
	}
	at := span.Start.Offset - index(doc).LineStart(line)
	k = sort.Search(len(spans), func(i int) bool { return spans[i][0] > at }) - 1
	return k >= 0 && at < spans[k][1]
}

// PersistentVarInCommand reports $VAR in invocation hints.
var PersistentVarInCommand = &lint.Analyzer{
	Name:     "persistent-var-in-command",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent $VAR in a command argument",
		Why:   "the runtime rejects $VAR in command arguments with INVALID_VARIABLE; an agent copying the hint fails",
		Bad:   "Search with `/act.search --key $API_KEY --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n  key: string \"Key\"\n```\n",
		Good:  "Search with `/act.search --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search?key=$API_KEY\n  q: string (required) \"Query\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range symbols(pass).Uses {
			if u.Site != siteHint || u.Ref.Kind != sfmd.RefPersistent {
				continue
			}
			pass.Reportf(u.Ref.Span, "%q in a command is rejected by the runtime (INVALID_VARIABLE); use it in the action's URL or headers and drop it from the command", u.Ref.Raw)
		}
		return nil, nil
	},
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

// contextTypo returns the context variable name is probably a misspelling
// of, or "".
func contextTypo(name string) string {
	if isContextVar(name) {
		return ""
	}
	if strings.HasPrefix(name, "CURRENT_") || strings.HasPrefix(name, "STRING_") {
		if n := nearest(name, contextVars); n != "" {
			return n
		}
		return "?"
	}
	if len(name) >= 4 {
		for _, c := range contextVars {
			if d := len(name) - len(c); d >= -1 && d <= 1 && levenshtein(name, c) == 1 {
				return c
			}
		}
	}
	return ""
}

// EnvVarUndeclared reports $VAR used in action definitions but not
// declared in env.
var EnvVarUndeclared = &lint.Analyzer{
	Name:     "env-var-undeclared",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "persistent $VAR used but not declared in env",
		Why:   "declaring the variables a document needs in frontmatter `env` lets the runtime check them before running and tell the user what to set (ENV_REQUIRED) instead of sending a literal `$API_KEY`; in CLI actions `$X` may be a real shell variable, so it is only info there",
		Bad:   "```act.data\nGET https://api.example.com/data?key=$API_KEY\n```\n",
		Good:  "---\nenv:\n  - API_KEY: \"Example API key\"\n---\n\n```act.data\nGET https://api.example.com/data?key=$API_KEY\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run:      runEnvVarUndeclared,
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
		if n := nearest(name, syms.EnvNames); n != "" {
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
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
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

// EnvDeclaresContextVar reports env entries naming a context variable.
var EnvDeclaresContextVar = &lint.Analyzer{
	Name:     "env-declares-context-var",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "env declares a built-in context variable",
		Why:   "context variables such as $ARGS or $CWD are injected by the runtime and read-only; declaring them in env makes the runtime demand that the user sets them",
		Bad:   "---\nenv:\n  - ARGS: \"Arguments\"\n---\n\n```act.git\nCLI git $ARGS\n```\n",
		Good:  "```act.git\nCLI git $ARGS\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if isContextVar(e.Name) {
				pass.Reportf(e.NameSpan, "%q is a built-in context variable provided by the runtime; remove it from env and use \"$%s\" directly", e.Name, e.Name)
			}
		}
		return nil, nil
	},
}

// ContextVarUnknown reports $CURRENT_*/$STRING_* names that are not
// context variables (typos).
var ContextVarUnknown = &lint.Analyzer{
	Name:     "context-var-unknown",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "unknown context variable",
		Why:   "the runtime injects a fixed set of context variables ($CURRENT_FILE, $CWD, $CURRENT_URI, $CURRENT_TARGET, $CURRENT_BLOCK, $ARGS, …); a misspelt one is left as literal text",
		Bad:   "```act.count\nCLI wc -l $CURRENT_PATH\n```\n",
		Good:  "```act.count\nCLI wc -l $CURRENT_FILE\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, u := range syms.Uses {
			if !u.Site.inDefinition() || u.Ref.Kind != sfmd.RefPersistent || syms.Env[u.Ref.Name] != nil {
				continue
			}
			switch n := contextTypo(u.Ref.Name); n {
			case "":
			case "?":
				prefix := u.Ref.Name[:strings.IndexByte(u.Ref.Name, '_')+1]
				var same []string
				for _, c := range contextVars {
					if strings.HasPrefix(c, prefix) {
						same = append(same, c)
					}
				}
				pass.Reportf(u.Ref.Span, "%q is not a context variable; expected one of %s", u.Ref.Raw, dollarList(same))
			default:
				pass.Reportf(u.Ref.Span, "%q is not a context variable; did you mean %q?", u.Ref.Raw, "$"+n)
			}
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
