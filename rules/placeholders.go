package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about {…} placeholders in action definitions: the URL or
// command, header values and bodies (spec.md §2.9; runtime-semantics.md
// §1.5, §1.6, §1.8, §2).

func init() {
	register(
		PlaceholderUndeclared,
		PlaceholderInvalid,
		PlaceholderModifierOutsideBody,
		ResponseRefInDefinition,
		CLIPlaceholderQuoted,
		ArgsPassthroughWithParams,
	)
}

// definitionUses returns the references of the first line and the bodies
// of every action (not parameter defaults), skipping "${X}" (shell or
// unrecognised syntax: the braces are not a placeholder).
func definitionUses(pass *lint.Pass) []use {
	syms := symbols(pass)
	if syms.defUsesDone { // three rules ask; computed once per document
		return syms.defUses
	}
	var out []use
	for _, u := range syms.Uses {
		if u.Site > siteBody || u.Action == nil {
			continue
		}
		if u.Ref.Kind != sfmd.RefPersistent && followsDollar(pass.Doc, u.Ref.Span) {
			continue
		}
		if u.Site == siteTarget && u.Action.IsCLI() && u.Ref.Kind != sfmd.RefPersistent && u.Ref.Kind != sfmd.RefResponse && u.Action.Param(u.Ref.Name) == nil && inCLIQuotes(u.Action.Target, u.Ref) {
			continue // inline script text (python f-strings, jq, awk): only declared names are placeholders there
		}
		out = append(out, u)
	}
	syms.defUses, syms.defUsesDone = out, true
	return out
}

// followsDollar reports whether the byte before span is '$' or '%'
// ("${X}" is shell syntax, "%{http_code}" a curl format).
func followsDollar(doc *sfmd.Document, span sfmd.Span) bool {
	s := span.Start.Offset
	return s > 0 && s <= len(doc.Src) && (doc.Src[s-1] == '$' || doc.Src[s-1] == '%')
}

// inCLIQuotes reports whether r sits inside shell quotes of the command
// t.
func inCLIQuotes(t *sfmd.Template, r *sfmd.VarRef) bool {
	if t == nil {
		return false
	}
	i := r.Span.Start.Offset - t.Span.Start.Offset
	return i >= 0 && i <= len(t.Text) && shellQuoteAt(t.Text, i) != 0
}

// defSiteName names a definition site in messages.
func defSiteName(s site, a *sfmd.Action) string {
	switch s {
	case siteTarget:
		if a != nil && a.IsCLI() {
			return "the command"
		}
		return "the URL"
	case siteHeader:
		return "a header"
	case siteInlineBody:
		return "the -d body"
	case siteBody:
		return "the body"
	case siteParamDefault:
		return "a parameter default"
	}
	return "the definition"
}

// actionParamNames returns the parameter names of a.
func actionParamNames(a *sfmd.Action) []string {
	out := make([]string, 0, len(a.Params))
	for _, p := range a.Params {
		if p.Name != "" {
			out = append(out, p.Name)
		}
	}
	return out
}

// PlaceholderUndeclared reports {name} placeholders in a definition that
// name neither a parameter nor a session variable.
var PlaceholderUndeclared = &lint.Analyzer{
	Name:     "placeholder-undeclared",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder names no parameter of the action",
		Why:   "the runtime fills `{name}` from the caller's fields, then from session variables; a name that is neither a parameter nor assigned by any response template is sent literally (`/alerts/{alert_id}`)",
		Bad:   "```act.close\nPUT https://api.example.com/alerts/{alert_id}\n```\n",
		Good:  "```act.close\nPUT https://api.example.com/alerts/{alert_id}\n  alert_id: string (required) \"alert to close\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, u := range definitionUses(pass) {
			r := u.Ref
			if r.Kind != sfmd.RefVar || r.Name == "" || u.Action.Param(r.Name) != nil {
				continue
			}
			if u.Site == siteTarget && u.Action.IsCLI() && !cliPlaceholderLike(r) {
				continue
			}
			if _, ok := syms.Assigned[r.Name]; ok {
				todo := "declare a parameter if the caller should pass it"
				if u.Site == siteHeader {
					todo = "make sure the action that assigns it runs first"
				}
				pass.Report(lint.Diagnostic{
					Span:        r.Span,
					Severity:    lint.Info,
					SeveritySet: true,
					Message:     fmt.Sprintf("%s in %s is not a parameter of %q; it is filled from session variable %q, set by a response template; %s", r.Raw, defSiteName(u.Site, u.Action), "act."+u.Action.ID, r.Name, todo),
				})
				continue
			}
			msg := fmt.Sprintf("%s in %s names no parameter of %q and no session variable, so it is sent literally", r.Raw, defSiteName(u.Site, u.Action), "act."+u.Action.ID)
			if n := nearest(r.Name, actionParamNames(u.Action)); n != "" {
				msg += fmt.Sprintf("; did you mean %q?", "{"+n+"}")
			} else {
				msg += fmt.Sprintf("; declare it as a parameter (\"  %s: string (required)\")", r.Name)
			}
			pass.Reportf(r.Span, "%s", msg)
		}
		return nil, nil
	},
}

// cliPlaceholderLike reports whether a {name} in a CLI command is meant
// as a placeholder rather than shell, jq or awk syntax: a plain name
// without path or modifiers.
func cliPlaceholderLike(r *sfmd.VarRef) bool {
	return r.PathText == "" && len(r.Modifiers) == 0 && paramNameRe.MatchString(r.Name)
}

// PlaceholderInvalid reports {…} in a definition that the runtime does not
// read as a placeholder.
var PlaceholderInvalid = &lint.Analyzer{
	Name:     "placeholder-invalid",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder is not a valid {name}",
		Why:   "placeholders are `{name}` or `{name[N]}` with an identifier name; `{City Name}`, `{2id}`, `{user.id}` or an unclosed `{id` are not substituted and are sent literally",
		Bad:   "```act.city\nGET https://api.example.com/cities/{City Name}\n```\n",
		Good:  "```act.city\nGET https://api.example.com/cities/{city}\n  city: string (required) \"city name\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range definitionUses(pass) {
			r := u.Ref
			switch {
			case r.Kind == sfmd.RefInvalid && strings.HasPrefix(r.Name, "Response"):
				continue // response-ref-in-definition
			case r.Kind == sfmd.RefInvalid:
				why := r.Problem
				if why == "" {
					why = "not a valid placeholder"
				}
				want := snakeCase(strings.Trim(r.Name, "{} "))
				msg := fmt.Sprintf("%s in %s is not a placeholder (%s) and is sent literally", r.Raw, defSiteName(u.Site, u.Action), why)
				if want != "" && want != r.Name {
					msg += fmt.Sprintf("; write it as %q", "{"+want+"}")
				} else {
					msg += "; write it as {name} with a name of letters, digits and '_'"
				}
				pass.Reportf(r.Span, "%s", msg)
			case r.Kind == sfmd.RefVar && r.PathText != "" && r.Index < 0:
				if u.Site == siteTarget && u.Action.IsCLI() && u.Action.Param(r.Name) == nil {
					continue // shell or jq text
				}
				pass.Reportf(r.Span, "%s in %s is not substituted: placeholders in definitions take no path (only {name} or {name[N]}); assign the value to a session variable in a response template and use {name}", r.Raw, defSiteName(u.Site, u.Action))
			}
		}
		return nil, nil
	},
}

// PlaceholderModifierOutsideBody reports {name|modifier} outside bodies.
var PlaceholderModifierOutsideBody = &lint.Analyzer{
	Name:     "placeholder-modifier-outside-body",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder modifier used outside a body",
		Why:   "modifiers (`|base64`, `|file`, `|base64file`) only work in `body:` and `-d` templates; in a URL, command or header the runtime does not recognise `{img|base64}` and sends it literally",
		Bad:   "```act.upload\nGET https://api.example.com/upload?img={img|base64}\n  img: path (required) \"image file\"\n```\n",
		Good:  "```act.upload\nPOST https://api.example.com/upload\n  img: path (required) \"image file\"\n  body:\n    {\"img\": \"{img|base64file}\"}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range definitionUses(pass) {
			r := u.Ref
			if r.Kind != sfmd.RefVar || len(r.Modifiers) == 0 || u.Site == siteBody || u.Site == siteInlineBody {
				continue
			}
			if u.Site == siteTarget && u.Action.IsCLI() && u.Action.Param(r.Name) == nil {
				continue // shell text such as {a|b}
			}
			pass.Reportf(r.Span, "modifier %q in %s is not applied: modifiers only work in body templates, so %s is sent literally; use {%s} here or move the value to the body", "|"+strings.Join(r.Modifiers, "|"), defSiteName(u.Site, u.Action), r.Raw, r.Name)
		}
		return nil, nil
	},
}

// ResponseRefInDefinition reports {Response.…} in action definitions.
var ResponseRefInDefinition = &lint.Analyzer{
	Name:     "response-ref-in-definition",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "{Response.…} used in an action definition",
		Why:   "`Response` only exists while a response template runs; in a URL, command, header or body it is never substituted and the request carries the literal text",
		Bad:   "```act.item\nGET https://api.example.com/items/{Response.body.id}\n```\n",
		Good:  "```act.item\nGET https://api.example.com/items/{id}\n```\n\n```act.list\nGET https://api.example.com/items\n```\n\n```act.list.response\n{id} = {Response.body.items[0].id}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range symbols(pass).Uses {
			if !u.Site.inDefinition() || u.Action == nil {
				continue
			}
			r := u.Ref
			isResp := r.Kind == sfmd.RefResponse || r.Kind == sfmd.RefInvalid && strings.HasPrefix(r.Name, "Response.")
			if !isResp {
				continue
			}
			v := "value"
			if r.Kind == sfmd.RefResponse && len(r.Path) > 0 && !r.Path[len(r.Path)-1].IsIndex {
				v = snakeCase(r.Path[len(r.Path)-1].Key)
			}
			if v == "" {
				v = "value"
			}
			pass.Reportf(r.Span, "%s in %s is never substituted: Response only exists in response templates; assign it in a template ({%s} = %s) and use {%s} here", r.Raw, defSiteName(u.Site, u.Action), v, r.Raw, v)
		}
		return nil, nil
	},
}

// CLIPlaceholderQuoted reports placeholders wrapped in quotes in CLI
// commands.
var CLIPlaceholderQuoted = &lint.Analyzer{
	Name:     "cli-placeholder-quoted",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder inside quotes in a CLI command",
		Why:   "the runtime shell-quotes every substituted value itself; inside your own quotes the quoting nests, so `\"Hello, {name}!\"` prints the quote characters (`Hello, 'John Doe'!`) and single quotes split the value into words",
		Bad:   "```act.greet\nCLI echo \"Hello, {name}!\"\n  name: string (required) \"who to greet\"\n```\n",
		Good:  "```act.greet\nCLI echo Hello, {name}!\n  name: string (required) \"who to greet\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, a := range pass.Doc.Actions {
			if !a.IsCLI() || a.Target == nil {
				continue
			}
			t := a.Target
			off := lineOffset(pass.Doc, t.Text, t.Span)
			if off < 0 {
				continue
			}
			for _, r := range t.Refs {
				if r.Kind != sfmd.RefVar && r.Kind != sfmd.RefSpread {
					continue
				}
				if r.Kind == sfmd.RefVar {
					if _, assigned := syms.Assigned[r.Name]; a.Param(r.Name) == nil && !assigned {
						continue // not substituted: jq/awk braces or an undeclared name
					}
				}
				q := shellQuoteAt(t.Text, r.Span.Start.Offset-off)
				if q == 0 {
					continue
				}
				d := lint.Diagnostic{
					Span:    r.Span,
					Message: fmt.Sprintf("%s is inside %s quotes in a CLI command, but the runtime already shell-quotes the value, so the quotes nest; remove the quotes around it", r.Raw, quoteName(q)),
				}
				i, e := r.Span.Start.Offset-off, r.Span.End.Offset-off
				if i > 0 && e < len(t.Text) && t.Text[i-1] == q && t.Text[e] == q && shellQuoteAt(t.Text, i-1) == 0 && (i-1 == 0 || t.Text[i-2] == ' ' || t.Text[i-2] == '=') && (e+1 == len(t.Text) || strings.IndexByte(" ;|&)", t.Text[e+1]) >= 0) {
					// the quotes hold exactly the placeholder: the runtime's quoting replaces them
					d.Fixes = []lint.Fix{{Message: "remove the quotes around the placeholder", Safe: true, Edits: []lint.Edit{
						{Start: off + i - 1, End: off + i}, {Start: off + e, End: off + e + 1}}}}
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

// shellQuoteAt returns the quote character (double or single) that is open at
// byte i of a shell command, or 0.
func shellQuoteAt(cmd string, i int) byte {
	var q byte
	for k := 0; k < i && k < len(cmd); k++ {
		c := cmd[k]
		switch {
		case q == 0 && c == '\\':
			k++
		case q == '"' && c == '\\':
			k++
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case q != 0 && c == q:
			q = 0
		}
	}
	return q
}

// ArgsPassthroughWithParams reports $ARGS in actions that declare
// parameters.
var ArgsPassthroughWithParams = &lint.Analyzer{
	Name:     "args-passthrough-with-params",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "$ARGS pass-through in an action with parameters",
		Why:   "`$ARGS` passes the raw arguments through, but once an action declares parameters the runtime binds positional arguments to them and fails with \"Too many positional arguments\" when there are more words than fields",
		Bad:   "```act.git\nCLI git $ARGS\n  repo: string \"repository\"\n```\n",
		Good:  "```act.git\nCLI git $ARGS\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if len(a.Params) == 0 || a.Target == nil {
				continue
			}
			for _, r := range a.Target.Refs {
				if r.Kind == sfmd.RefPersistent && r.Name == "ARGS" {
					pass.Reportf(r.Span, "$ARGS passes the raw arguments, but %q declares %d parameter(s), so positional arguments bind to them first and extra words fail with \"Too many positional arguments\"; remove the parameters for a pass-through or use {name} placeholders instead of $ARGS", "act."+a.ID, len(a.Params))
					break
				}
			}
		}
		return nil, nil
	},
}
