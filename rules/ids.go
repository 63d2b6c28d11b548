package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules checking the spelling of identifiers (spec.md §2.16 "bad ID
// patterns").

var actInfoRe actInfoPattern

// actInfoPattern matches `^act\.[^.\s]+(\.response)?$` (\s is
// [\t\n\f\r ]) without a regexp: every fence of every document.
type actInfoPattern struct{}

// MatchString reports whether s is a valid action or response info
// string.
func (actInfoPattern) MatchString(s string) bool {
	rest, ok := strings.CutPrefix(s, "act.")
	if !ok {
		return false
	}
	id := func(s string) bool { return s != "" && !strings.ContainsAny(s, ".\t\n\f\r ") }
	if r, ok := strings.CutSuffix(rest, ".response"); ok && id(r) {
		return true
	}
	return id(rest)
}

// ActInfoStringInvalid reports ```act… fences that are not `act.<id>` or
// `act.<id>.response`.
var ActInfoStringInvalid = &lint.Analyzer{
	Name:     "act-info-string-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "fenced block looks like an action but its info string is malformed",
		Why:   "only `act.<id>` and `act.<id>.response` info strings define actions and response templates; anything else (`act:search`, `act.search.resp`, `act.a.b`, trailing words) is treated as plain code and silently ignored by the runtime",
		Bad:   "```act:search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Run: runActInfoStringInvalid,
}

func runActInfoStringInvalid(pass *lint.Pass) (any, error) {
	for _, f := range pass.Doc.Fences {
		info := f.Info
		if !(strings.HasPrefix(info, "act.") || strings.HasPrefix(info, "act:")) || actInfoRe.MatchString(info) {
			continue
		}
		msg := fmt.Sprintf("info string %q does not define an action or a response template, so the block is plain code", info)
		if s := suggestInfo(info); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += "; expected \"act.<id>\" or \"act.<id>.response\""
		}
		span := f.InfoSpan
		if !span.IsValid() {
			span = f.OpenSpan
		}
		pass.Reportf(span, "%s", msg)
	}
	return nil, nil
}

// suggestInfo guesses the intended info string, or "".
func suggestInfo(info string) string {
	word := info
	if i := strings.IndexAny(word, " \t"); i >= 0 {
		word = word[:i]
	}
	rest := word[len("act."):]
	parts := strings.Split(rest, ".")
	if len(parts) == 0 || parts[0] == "" {
		return ""
	}
	id := parts[0]
	switch {
	case len(parts) == 1:
		return "act." + id
	// "act.x.resp": the suffix written is a prefix of "response"
	case len(parts) == 2 && parts[1] != "" && (strings.HasPrefix("response", strings.ToLower(parts[1])) || //nolint:gocritic // argOrder: the written suffix abbreviates "response"
		levenshtein(strings.ToLower(parts[1]), "response") <= 2):
		return "act." + id + ".response"
	}
	return ""
}

// ActionIDInvalid reports action IDs outside [a-z][a-z0-9_-]*.
var ActionIDInvalid = &lint.Analyzer{
	Name:     "action-id-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action ID does not match [a-z][a-z0-9_-]*",
		Why:   "the spec requires action IDs to be lower case, start with a letter and use only letters, digits, '_' and '-'; other IDs are not portable and cannot be typed reliably in `/act.<id>` commands",
		Bad:   "```act.Search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run:      runActionIDInvalid,
}

func runActionIDInvalid(pass *lint.Pass) (any, error) {
	doc := pass.Doc
	syms := symbols(pass)
	fixed := map[string]bool{}
	for _, a := range doc.Actions {
		if a.ID == "" || actionIDRe.MatchString(a.ID) {
			continue
		}
		want := sanitizeID(a.ID, '_', true)
		msg := fmt.Sprintf("action ID %q does not match [a-z][a-z0-9_-]*", a.ID)
		if want != "" && len(syms.Actions[want]) == 0 {
			msg += fmt.Sprintf("; rename it to %q", want)
		} else {
			msg += "; use lower-case letters, digits, '_' and '-', starting with a letter"
		}
		d := lint.Diagnostic{Span: a.IDSpan, Message: msg}
		lower := strings.ToLower(a.ID)
		if !fixed[a.ID] && lower != a.ID && actionIDRe.MatchString(lower) && len(syms.Actions[lower]) == 0 {
			fixed[a.ID] = true
			if edits := renameActionEdits(doc, a.ID, lower); len(edits) > 0 {
				d.Fixes = []lint.Fix{{
					Message: fmt.Sprintf("rename action %q to %q everywhere", a.ID, lower),
					Safe:    true,
					Edits:   edits,
				}}
			}
		}
		pass.Report(d)
	}
	return nil, nil
}

// renameActionEdits renames action old to new: every act.<old> fence,
// every act.<old>.response fence, every /act.<old> hint, every act:<old>
// link and the frontmatter default. Each edit is only made where the
// source text at the span is exactly old.
func renameActionEdits(doc *sfmd.Document, old, new string) []lint.Edit {
	var edits []lint.Edit
	add := func(span sfmd.Span) {
		if src(doc, span) == old {
			edits = append(edits, lint.Edit{Start: span.Start.Offset, End: span.End.Offset, New: new})
		}
	}
	for _, a := range doc.Actions {
		if a.ID == old {
			add(a.IDSpan)
		}
	}
	for _, r := range doc.Responses {
		if r.ActionID == old {
			add(r.IDSpan)
		}
	}
	for _, h := range doc.Hints {
		if h.Verb == "act" && h.Target == old {
			add(h.TargetSpan)
		}
	}
	for _, l := range doc.Links {
		if l.IsAct && l.ActID == old && strings.HasPrefix(src(doc, l.DestSpan), "act:"+old) {
			s := l.DestSpan.Start.Offset + len("act:")
			add(spanAt(doc, s, s+len(old)))
		}
	}
	if f := doc.Frontmatter.Get("default"); f != nil && f.Value != nil && f.Value.Value == old {
		if i := strings.Index(src(doc, f.ValueSpan), old); i >= 0 {
			s := f.ValueSpan.Start.Offset + i
			add(spanAt(doc, s, s+len(old)))
		}
	}
	return edits
}

// BlockIDInvalid reports block marker IDs outside [a-z][a-z0-9-]*.
var BlockIDInvalid = &lint.Analyzer{
	Name:     "block-id-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block ID does not match [a-z][a-z0-9-]*",
		Why:   "block IDs are addressed as `document.md#id`; the spec allows only lower-case letters, digits and hyphens, starting with a letter (no underscores)",
		Bad:   "<!-- #Quick_Start -->\nInstall the app.\n<!-- /Quick_Start -->\n",
		Good:  "<!-- #quick-start -->\nInstall the app.\n<!-- /quick-start -->\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		opened := map[string]bool{}
		for _, m := range pass.Doc.Markers {
			if m.Open {
				opened[m.ID] = true
			}
		}
		for _, m := range pass.Doc.Markers {
			if m.ID == "" || hyphenIDRe.MatchString(m.ID) || (!m.Open && opened[m.ID]) {
				continue
			}
			pass.Reportf(m.IDSpan, "block ID %q does not match [a-z][a-z0-9-]*%s", m.ID, renameHint(sanitizeID(m.ID, '-', false), hyphenChars))
		}
		return nil, nil
	},
}

// renameHint suggests a name, or says which characters are allowed when
// there is nothing to suggest.
func renameHint(want, allowed string) string {
	if want == "" {
		return "; use " + allowed + ", starting with a letter"
	}
	return fmt.Sprintf("; rename it to %q", want)
}

// Character sets of the ID patterns, for renameHint.
const (
	hyphenChars  = "lower-case letters, digits and '-'"
	actionChars  = "lower-case letters, digits, '_' and '-'"
	sessionChars = "lower-case letters, digits and '_'"
	paramChars   = "letters, digits and '_'"
)

// directiveNameRule builds the nav/include name pattern rules.
func directiveNameRule(name, kind string, types []string, doc lint.Doc) *lint.Analyzer {
	return &lint.Analyzer{
		Name:     name,
		Severity: lint.Error,
		Profile:  lint.Core,
		Doc:      doc,
		Run: func(pass *lint.Pass) (any, error) {
			for _, d := range pass.Doc.Directives {
				if !hasString(types, d.Type) || d.Name == "" || !d.OwnLine || hyphenIDRe.MatchString(d.Name) {
					continue
				}
				pass.Reportf(d.NameSpan, "%s %q does not match [a-z][a-z0-9-]*%s", kind, d.Name, renameHint(sanitizeID(d.Name, '-', false), hyphenChars))
			}
			return nil, nil
		},
	}
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// navTypes are the directive types that register a nav menu ([impl]
// `menu` is a legacy alias of `nav`).
var navTypes = []string{"nav", "menu"}

// NavNameInvalid reports nav menu names outside [a-z][a-z0-9-]*.
var NavNameInvalid = directiveNameRule("nav-name-invalid", "nav name", navTypes, lint.Doc{
	Title: "nav menu name does not match [a-z][a-z0-9-]*",
	Why:   "nav names are typed in `/nav <name>` and used as the `@<name>.id` shortcut namespace; the spec requires lower-case letters, digits and hyphens, starting with a letter",
	Bad:   "[!nav:Main_Menu](nav/main.md)\n",
	Good:  "[!nav:main-menu](nav/main.md)\n",
})

// IncludeIDInvalid reports include IDs outside [a-z][a-z0-9-]*.
var IncludeIDInvalid = directiveNameRule("include-id-invalid", "include ID", []string{"include"}, lint.Doc{
	Title: "include ID does not match [a-z][a-z0-9-]*",
	Why:   "included content is addressed as `document.md#id` and resolved from `<basename>.source/<id>.md`; the spec requires lower-case letters, digits and hyphens, starting with a letter",
	Bad:   "[!include:Side_Bar]()\n",
	Good:  "[!include:sidebar]()\n",
})

// isShortcutDef reports whether s defines a page shortcut.
func isShortcutDef(s *sfmd.Shortcut) bool {
	return s.Form == sfmd.ShortcutInline || s.Form == sfmd.ShortcutRefDef
}

// ShortcutIDInvalid reports shortcut IDs outside [a-z][a-z0-9_-]*.
var ShortcutIDInvalid = &lint.Analyzer{
	Name:     "shortcut-id-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut ID does not match [a-z][a-z0-9_-]*",
		Why:   "the spec requires shortcut IDs to be lower case and start with a letter; the agent follows shortcuts by ID, so an invalid one may not resolve",
		Bad:   "See [@Docs Documentation](https://docs.example.com).\n",
		Good:  "See [@docs Documentation](https://docs.example.com).\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, s := range pass.Doc.Shortcuts {
			if !isShortcutDef(s) || s.ID == "" || actionIDRe.MatchString(s.ID) {
				continue
			}
			pass.Reportf(s.IDSpan, "shortcut ID %q does not match [a-z][a-z0-9_-]*%s", s.ID, renameHint(sanitizeID(s.ID, '-', true), actionChars))
		}
		return nil, nil
	},
}

// ShortcutIDReservedPrefix reports shortcut IDs starting with "link-".
var ShortcutIDReservedPrefix = &lint.Analyzer{
	Name:     "shortcut-id-reserved-prefix",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "shortcut ID uses the reserved prefix link-",
		Why:   "IDs starting with `link-` are reserved for the shortcuts the runtime generates for plain links (`@link-1`, `@link-2`, …); an author-defined one collides with them",
		Bad:   "Go [@link-1 Home](index.md).\n",
		Good:  "Go [@links Home](index.md).\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		defined := map[string]bool{}
		for _, s := range pass.Doc.Shortcuts {
			if isShortcutDef(s) {
				defined[s.ID] = true
			}
		}
		for _, s := range pass.Doc.Shortcuts {
			if !isShortcutDef(s) || !strings.HasPrefix(s.ID, "link-") {
				continue
			}
			want := "link" + strings.TrimPrefix(s.ID, "link-")
			if rest := strings.TrimPrefix(s.ID, "link-"); actionIDRe.MatchString(rest) && !defined[rest] {
				want = rest
			}
			pass.Reportf(s.IDSpan, "shortcut ID %q uses the prefix \"link-\" reserved for auto-generated shortcuts; rename it to %q", s.ID, want)
		}
		return nil, nil
	},
}

// ParamNameInvalid reports parameter names that cannot be flags and
// placeholders.
var ParamNameInvalid = &lint.Analyzer{
	Name:     "param-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter name is not an identifier",
		Why:   "a parameter name doubles as the `--name` flag, the payload key and the `{name}` placeholder; the runtime only reads names made of letters, digits and '_' that do not start with a digit",
		Bad:   "```act.user\nGET https://api.example.com/users/{user-id}\n  user-id: string (required) \"User ID\"\n```\n",
		Good:  "```act.user\nGET https://api.example.com/users/{user_id}\n  user_id: string (required) \"User ID\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			for _, p := range a.Params {
				if p.Name == "" || paramNameRe.MatchString(p.Name) {
					continue
				}
				want := strings.Map(func(r rune) rune {
					if r == '-' || r == '.' || r == ' ' {
						return '_'
					}
					return r
				}, p.Name)
				if !paramNameRe.MatchString(want) {
					want = snakeCase(p.Name)
				}
				pass.Reportf(p.NameSpan, "parameter name %q is not a valid identifier (letters, digits and '_', not starting with a digit)%s", p.Name, renameHint(want, paramChars))
			}
		}
		return nil, nil
	},
}

// AssignLHSInvalid reports assignments whose left side is not a valid
// session variable name.
var AssignLHSInvalid = &lint.Analyzer{
	Name:     "assign-lhs-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "assignment target is not a valid session variable name",
		Why:   "the left side of a response-template assignment MUST be a session variable `{name}` with a name matching [a-z][a-z0-9_]*",
		Bad:   "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{City} = {Response.body.city}\n```\n",
		Good:  "```act.city\nGET https://api.example.com/city\n```\n\n```act.city.response\n{city} = {Response.body.city}\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.Responses {
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineAssign || isDollar(l.LHSRaw) || sessionVarRe.MatchString(l.LHS) {
					continue
				}
				pass.Reportf(l.LHSSpan, "assignment target %q is not a valid session variable name ([a-z][a-z0-9_]*)%s", l.LHSRaw, renameHint(snakeCase(l.LHS), sessionChars))
			}
		}
		return nil, nil
	},
}

// SessionVarNameInvalid reports {Name} references that can only be
// session variables and do not match the session variable pattern.
var SessionVarNameInvalid = &lint.Analyzer{
	Name:     "session-var-name-invalid",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "session variable name does not match [a-z][a-z0-9_]*",
		Why:   "session variables are written `{name}` with a lower-case name; a reference like `{UserName}` that is neither a parameter nor a valid session variable is never set and renders literally or empty",
		Bad:   "```act.me\nGET https://api.example.com/me\n```\n\n```act.me.response\nHello {UserName}\n```\n",
		Good:  "```act.me\nGET https://api.example.com/me\n```\n\n```act.me.response\n{user_name} = {Response.body.name}\nHello {user_name}\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, u := range syms.Uses {
			if u.Site == siteHint || u.Site == siteProse || u.Ref.Kind != sfmd.RefVar || u.Ref.Name == "" || sessionVarRe.MatchString(u.Ref.Name) {
				continue
			}
			if u.Action != nil && u.Action.Param(u.Ref.Name) != nil {
				continue // a parameter: camelCase field names are legal
			}
			if u.Line != nil && isLoopVar(u.Response, u.Line, u.Ref.Name) {
				continue
			}
			pass.Reportf(u.Ref.Span, "%q is not a parameter and not a valid session variable name ([a-z][a-z0-9_]*)%s", u.Ref.Raw, renameHint(snakeCase(u.Ref.Name), sessionChars))
		}
		return nil, nil
	},
}

// isLoopVar reports whether name is the item variable of the for: loop
// enclosing l.
func isLoopVar(r *sfmd.Response, l *sfmd.TemplateLine, name string) bool {
	if r == nil || l.Loop < 0 || l.Loop >= len(r.Lines) {
		return false
	}
	return r.Lines[l.Loop].ItemVar == name
}

// PersistentVarNameInvalid reports $-references in HTTP action
// definitions whose name does not start with a letter.
var PersistentVarNameInvalid = &lint.Analyzer{
	Name:     "persistent-var-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent variable name does not match [a-zA-Z][a-zA-Z0-9_]*",
		Why:   "persistent variables are `$NAME` with a name starting with a letter; `$2TOKEN` is not substituted and is sent literally",
		Bad:   "```act.data\nGET https://api.example.com/data?key=$2TOKEN\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data?key=$TOKEN2\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsHTTP() {
				continue // in CLI commands $1, $@, $_ are shell syntax
			}
			var lines []sfmd.Line
			if a.FirstLine.Span.IsValid() {
				lines = append(lines, a.FirstLine)
			}
			for _, p := range a.Params {
				if p.HasDefault {
					lines = append(lines, sfmd.Line{Text: src(doc, p.DefaultSpan), Span: p.DefaultSpan})
				}
			}
			for _, b := range a.Bodies {
				lines = append(lines, b.Lines...)
			}
			for _, l := range lines {
				off := lineOffset(doc, l.Text, l.Span)
				if off < 0 {
					continue
				}
				for _, m := range dollarMatches(l.Text, badDollarFst) {
					name := l.Text[m[0]+1 : m[1]]
					if !strings.ContainsAny(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
						continue // "$5": plain text
					}
					want := strings.TrimLeft(name, "0123456789_") + strings.Trim(name[:len(name)-len(strings.TrimLeft(name, "0123456789_"))], "_")
					pass.Reportf(spanAt(doc, off+m[0], off+m[1]), "%q is not a valid persistent variable name (it must start with a letter) and is sent literally; rename it to %q", "$"+name, "$"+want)
				}
			}
		}
		return nil, nil
	},
}

// EnvNameInvalid reports env entries whose name is not a valid $ name.
var EnvNameInvalid = &lint.Analyzer{
	Name:     "env-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env name is not a valid persistent variable name",
		Why:   "env entries declare `$NAME` persistent variables, whose names match [a-zA-Z][a-zA-Z0-9_]*; any other name can never be referenced",
		Bad:   "---\nenv:\n  - 2FA-KEY: \"Two-factor key\"\n---\n",
		Good:  "---\nenv:\n  - TWOFA_KEY: \"Two-factor key\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if e.Name == "" || (e.Form != sfmd.EnvCanonical && e.Form != sfmd.EnvBare) || persistentRe.MatchString(e.Name) {
				continue
			}
			hint := "; use letters, digits and '_', starting with a letter"
			if want := envNameFor(e.Name); want != "" {
				hint = fmt.Sprintf("; rename it to %q", want)
			}
			pass.Reportf(e.NameSpan, "env name %q does not match [a-zA-Z][a-zA-Z0-9_]*%s", e.Name, hint)
		}
		return nil, nil
	},
}

// envNameFor turns name into a valid persistent variable name keeping its
// case: invalid characters become '_', leading digits move to the end.
// It returns "" when name has no letter.
func envNameFor(name string) string {
	b := []byte(name)
	for i, c := range b {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			b[i] = '_'
		}
	}
	s := strings.Trim(string(b), "_")
	i := strings.IndexFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' })
	if i < 0 {
		return ""
	}
	return s[i:] + strings.Trim(s[:i], "_")
}
