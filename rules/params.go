package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about parameter lines (spec.md §1.9.5, §2.8). The parser reads
// parameter lines leniently and records what it finds; these rules say
// precisely what is off. Where the parser already reported a
// param-syntax-invalid problem on a part of the line, the rules stay
// silent on that part (the more specific report wins).

func init() {
	register(
		ParamNotIndented,
		ParamNameReserved,
		ParamAliasInvalid,
		ParamAliasReserved,
		ParamTypeMissing,
		ParamTypeUnknown,
		ParamConstraintUnknown,
		ParamRequiredAndOptional,
		ParamBoundInvalid,
		ParamBoundInapplicable,
		ParamConstraintCompat,
		ParamNoncanonicalOrder,
		ParamDescriptionUnquoted,
		ParamDefaultUnquoted,
		ParamDefaultTypeMismatch,
		ParamDefaultNotInHints,
		ParamRequiredWithDefault,
		ParamTrailingWhitespace,
		ParamUnused,
		ParamNamedBody,
	)
}

// paramTypes are the parameter types of the spec.
var paramTypes = []string{"string", "number", "boolean", "path"}

// paramTypeAliases maps type names from other languages to SFMD types.
var paramTypeAliases = map[string]string{
	"int": "number", "integer": "number", "float": "number", "double": "number", "num": "number", "decimal": "number", "long": "number",
	"bool": "boolean",
	"str":  "string", "text": "string", "enum": "string", "url": "string", "uri": "string", "date": "string",
	"file": "path", "filepath": "path", "dir": "path", "directory": "path", "filename": "path",
}

func isParamType(t string) bool {
	for _, k := range paramTypes {
		if k == t {
			return true
		}
	}
	return false
}

// commonHeaders are HTTP header names authors write as parameter lines
// by mistake ("  Authorization: Bearer {token}").
var commonHeaders = map[string]bool{
	"accept": true, "accept-language": true, "authorization": true, "content-type": true, "cookie": true,
	"user-agent": true, "api-key": true, "apikey": true, "origin": true, "referer": true, "cache-control": true,
}

// headerLike reports whether a parameter line is really an HTTP header
// written below the first line.
func headerLike(p *sfmd.Param) bool {
	n := strings.ToLower(p.Name)
	return !isParamType(p.Type) && (commonHeaders[n] || strings.HasPrefix(n, "x-"))
}

// bareHead reports whether the line is only "name:" (nothing after the
// colon): at column 0 this is not a parameter at all (e.g. "try:" of a
// multi-line command).
func bareHead(p *sfmd.Param) bool {
	return p.Type == "" && len(p.Constraints) == 0 && !p.HasDescription && !p.HasDefault
}

// notAParam reports lines the parameter rules leave alone: "name:" at
// column 0 (param-not-indented says what is wrong) and headers written as
// parameters (param-type-unknown says it).
func notAParam(p *sfmd.Param) bool {
	return (p.Indent == 0 && bareHead(p)) || headerLike(p)
}

// paramProblems returns the spans of the parser's param-syntax-invalid
// problems, which take precedence over the rules of this file.
func paramProblems(doc *sfmd.Document) []sfmd.Span {
	var out []sfmd.Span
	for _, pr := range doc.Problems {
		if pr.Code == sfmd.CodeParamSyntaxInvalid {
			out = append(out, pr.Span)
		}
	}
	return out
}

func overlapsAny(span sfmd.Span, spans []sfmd.Span) bool {
	for _, s := range spans {
		if span.Start.Offset < s.End.Offset && s.Start.Offset < span.End.Offset || span.Start.Offset == s.Start.Offset {
			return true
		}
	}
	return false
}

// eachParam calls f for every parameter of every action, with a report
// function that drops findings overlapping a parser problem.
func eachParam(pass *lint.Pass, f func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic))) {
	probs := paramProblems(pass.Doc)
	report := func(d lint.Diagnostic) {
		if !overlapsAny(d.Span, probs) {
			pass.Report(d)
		}
	}
	for _, a := range pass.Doc.Actions {
		for _, p := range a.Params {
			f(a, p, report)
		}
	}
}

func diag(span sfmd.Span, format string, args ...any) lint.Diagnostic {
	return lint.Diagnostic{Span: span, Message: fmt.Sprintf(format, args...)}
}

// ParamNotIndented reports parameter lines at column 0 (error) or
// indented with tabs (warning).
var ParamNotIndented = &lint.Analyzer{
	Name:     "param-not-indented",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter line is not indented with spaces",
		Why:   "parameter lines are indented with spaces; the runtime ignores a line at column 0, so the parameter does not exist (tab indentation works in the reference runtime but the spec says spaces: reported as a warning)",
		Bad:   "```act.search\nGET https://api.example.com/search\nq: string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			switch {
			case p.Indent == 0 && bareHead(p):
				todo := "write parameters as \"  name: type\" and headers as -H \"Name: value\" on the first line"
				if a.IsCLI() {
					todo = "the whole command must fit on the first line (the runtime reads no other line of it)"
				}
				report(diag(p.Span, "line %q in action %q is not indented and is not a parameter, so the runtime ignores it; %s", strings.TrimSpace(p.Line.Text), a.ID, todo))
			case p.Indent == 0:
				report(diag(p.NameSpan, "parameter line %q is not indented, so the runtime ignores it and %q is not a field; indent it with two spaces", p.Name, p.Name))
			case p.Tabs:
				span := p.NameSpan
				if off := lineOffset(doc, p.Line.Text, p.Line.Span); off >= 0 {
					span = spanAt(doc, off, off+p.Indent)
				}
				d := diag(span, "parameter line %q is indented with a tab; the spec says spaces, indent it with two spaces", p.Name)
				d.Severity, d.SeveritySet = lint.Warning, true
				report(d)
			}
		})
		return nil, nil
	},
}

// ParamNameReserved reports a parameter named help.
var ParamNameReserved = &lint.Analyzer{
	Name:     "param-name-reserved",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "parameter name is reserved for help",
		Why:   "the runtime treats `--help` anywhere in the arguments as a request for the action's help, so a field named `help` can never be set",
		Bad:   "```act.search\nGET https://api.example.com/search\n  help: boolean \"Show tips\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  show_help: boolean \"Show tips\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if p.Name != "help" || notAParam(p) {
				return
			}
			want := "show_help"
			if a.Param(want) != nil {
				want = "help_topic"
			}
			report(diag(p.NameSpan, "parameter %q can never be set: --help always shows the action's help; rename it to %q", p.Name, want))
		})
		return nil, nil
	},
}

var aliasRe = regexp.MustCompile(`^-[A-Za-z]$`)

// ParamAliasInvalid reports short aliases that are not "-" plus one letter.
var ParamAliasInvalid = &lint.Analyzer{
	Name:     "param-alias-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter alias is not a dash and one letter",
		Why:   "a short alias is written `name, -n`: one dash and one ASCII letter; the runtime does not match anything else and drops the whole parameter line",
		Bad:   "```act.greet\nGET https://api.example.com/greet\n  name, -nm: string (required) \"Name\"\n```\n",
		Good:  "```act.greet\nGET https://api.example.com/greet\n  name, -n: string (required) \"Name\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if !p.AliasSpan.IsValid() || aliasRe.MatchString(p.Alias) || notAParam(p) {
				return
			}
			if p.Alias == "" {
				// "name, : type": point at the comma
				text := src(doc, sfmd.Span{Start: p.NameSpan.End, End: p.AliasSpan.End})
				if i := strings.IndexByte(text, ','); i >= 0 {
					s := p.NameSpan.End.Offset + i
					report(diag(spanAt(doc, s, s+1), "parameter %q has a comma but no alias after it; write %q or remove the comma", p.Name, p.Name+", -"+firstLetter(p.Name)))
				}
				return
			}
			msg := fmt.Sprintf("alias %q of parameter %q is not a dash and one letter", p.Alias, p.Name)
			if l := firstLetter(strings.TrimLeft(p.Alias, "-")); l != "" {
				msg += fmt.Sprintf("; did you mean %q?", "-"+l)
			} else {
				msg += fmt.Sprintf("; write it as %q", "-"+firstLetter(p.Name))
			}
			report(diag(p.AliasSpan, "%s", msg))
		})
		return nil, nil
	},
}

// firstLetter returns the first ASCII letter of s, or "".
func firstLetter(s string) string {
	for i := 0; i < len(s); i++ {
		if isLetterByte(s[i]) {
			return s[i : i+1]
		}
	}
	return ""
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// ParamAliasReserved reports the alias -h.
var ParamAliasReserved = &lint.Analyzer{
	Name:     "param-alias-reserved",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "parameter alias -h is reserved for help",
		Why:   "the runtime treats `-h` anywhere in the arguments as a request for help, so a field aliased `-h` can never be set through its alias",
		Bad:   "```act.ping\nGET https://api.example.com/ping/{host}\n  host, -h: string (required) \"Host\"\n```\n",
		Good:  "```act.ping\nGET https://api.example.com/ping/{host}\n  host, -o: string (required) \"Host\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if p.Alias != "-h" || notAParam(p) {
				return
			}
			taken := map[string]bool{"-h": true}
			for _, q := range a.Params {
				taken[q.Alias] = true
			}
			want := ""
			for _, c := range strings.ToLower(p.Name) + "abcdefgijklmnopqrstuvwxyz" {
				if c >= 'a' && c <= 'z' && !taken["-"+string(c)] {
					want = "-" + string(c)
					break
				}
			}
			msg := fmt.Sprintf("alias %q of parameter %q can never be used: -h always shows the action's help", p.Alias, p.Name)
			if want != "" {
				msg += fmt.Sprintf("; use another letter, e.g. %q", want)
			} else {
				msg += "; remove the alias"
			}
			report(diag(p.AliasSpan, "%s", msg))
		})
		return nil, nil
	},
}

// ParamTypeMissing reports parameter lines without a type.
var ParamTypeMissing = &lint.Analyzer{
	Name:     "param-type-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter has no type",
		Why:   "every parameter needs a type after the colon (string, number, boolean or path); the runtime drops a line without one",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if p.Type != "" || notAParam(p) || p.Name == "" {
				return
			}
			if bareHead(p) && strings.EqualFold(p.Name, "headers") {
				report(diag(p.Span, "a %q section is not SFMD and the runtime reads no headers from it; put each header on the first line as -H \"Name: value\"", p.Name+":"))
				return
			}
			report(diag(p.NameSpan, "parameter %q has no type; write %q (or number, boolean, path) after the colon", p.Name, p.Name+": string"))
		})
		return nil, nil
	},
}

// ParamTypeUnknown reports types other than string, number, boolean, path.
var ParamTypeUnknown = &lint.Analyzer{
	Name:     "param-type-unknown",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter type is not string, number, boolean or path",
		Why:   "SFMD has four parameter types; any other word is not a type the runtime or the agent's help knows (the reference runtime's undocumented \"tuple\" is reported as info)",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: int \"Max items\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if (p.Type == "" && !headerLike(p)) || isParamType(p.Type) || (p.Indent == 0 && bareHead(p)) {
				return
			}
			if headerLike(p) {
				if a.IsHTTP() {
					text := strings.TrimSpace(p.Line.Text)
					report(diag(p.Span, "%q is a header written as a parameter line and the runtime ignores it; move it to the end of the first line as -H %q", text, text))
				} else {
					report(diag(p.NameSpan, "%q looks like an HTTP header written as a parameter line, which the runtime ignores; a CLI action passes headers in its command", p.Name))
				}
				return
			}
			if p.Type == "tuple" {
				// undocumented reference-runtime extension (value shortcuts
				// holding several values, read with {name[N]}): spec.md §1.15
				d := diag(p.TypeSpan, "type %q of parameter %q is an undocumented extension of the reference runtime (several values read with {%s[N]}); other runtimes do not know it, use \"string\" where portability matters", p.Type, p.Name, p.Name)
				d.Severity, d.SeveritySet = lint.Info, true
				report(d)
				return
			}
			want := paramTypeAliases[strings.ToLower(p.Type)]
			if want == "" && isParamType(strings.ToLower(p.Type)) {
				want = strings.ToLower(p.Type)
			}
			if want == "" {
				want = nearestName(p.Type, paramTypes)
			}
			msg := fmt.Sprintf("parameter %q has unknown type %q", p.Name, p.Type)
			if want != "" {
				msg += fmt.Sprintf("; did you mean %q?", want)
			} else {
				msg += "; expected one of \"string\", \"number\", \"boolean\", \"path\""
			}
			report(diag(p.TypeSpan, "%s", msg))
		})
		return nil, nil
	},
}

// constraintClosed reports whether the parameter's constraint group has
// its closing parenthesis (the parser reports it otherwise).
func constraintClosed(doc *sfmd.Document, p *sfmd.Param) bool {
	sp := p.ConstraintSpan
	s, e := sp.Start.Offset, sp.End.Offset
	// strings.HasSuffix(src(doc, sp), ")") without copying the group
	return sp.IsValid() && s >= 0 && e <= len(doc.Src) && s < e && doc.Src[e-1] == ')'

}

// constraintAliases maps constraint words authors use to the spec's.
var constraintAliases = map[string]string{
	"mandatory": "required", "req": "required", "must": "required", "needed": "required", "require": "required",
	"opt": "optional", "maybe": "optional", "nullable": "optional",
}

// suggestConstraint returns the spec constraint an unknown one probably
// means, or "".
func suggestConstraint(text string) string {
	low := strings.ToLower(strings.TrimSpace(text))
	if low == "required" || low == "optional" {
		return low
	}
	if s, ok := constraintAliases[low]; ok {
		return s
	}
	for _, pre := range [][2]string{{"maximum", "max"}, {"minimum", "min"}, {"maxlength", "max"}, {"minlength", "min"}, {"max", "max"}, {"min", "min"}} {
		if strings.HasPrefix(low, pre[0]) {
			v := strings.TrimLeft(low[len(pre[0]):], " :=")
			if v != "" && numberRe.MatchString(v) {
				return pre[1] + ":" + v
			}
		}
	}
	return nearestName(low, []string{"required", "optional"})
}

var numberRe numberPattern

// numberPattern matches `^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$` with a
// byte scan.
type numberPattern struct{}

// MatchString reports whether all of s is a decimal number.
func (numberPattern) MatchString(s string) bool {
	digits := func(i int) int {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j - i
	}
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	n := digits(i)
	i += n
	switch {
	case n > 0 && i < len(s) && s[i] == '.':
		i++
		i += digits(i)
	case n == 0:
		if i >= len(s) || s[i] != '.' {
			return false
		}
		i++
		f := digits(i)
		if f == 0 {
			return false
		}
		i += f
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		x := digits(i)
		if x == 0 {
			return false
		}
		i += x
	}
	return i == len(s)
}

// ParamConstraintUnknown reports constraints that are not required,
// optional, min:N, max:N or an a|b value hint.
var ParamConstraintUnknown = &lint.Analyzer{
	Name:     "param-constraint-unknown",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter constraint is not required, optional, min:N, max:N or a|b",
		Why:   "the spec knows `required`, `optional`, `min:N`, `max:N` and `a|b|c` value hints; any other word is ignored, so the constraint the author meant is not enforced",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (mandatory) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if notAParam(p) || !constraintClosed(doc, p) {
				return
			}
			for _, c := range p.Constraints {
				if c.Kind != sfmd.ConstraintUnknown {
					continue
				}
				msg := fmt.Sprintf("unknown constraint %q on parameter %q", c.Text, p.Name)
				if want := suggestConstraint(c.Text); want != "" {
					msg += fmt.Sprintf("; did you mean %q?", want)
				} else {
					msg += "; expected required, optional, min:N, max:N or a value hint like a|b (or move the text into the description)"
				}
				report(diag(c.Span, "%s", msg))
			}
		})
		return nil, nil
	},
}

// ParamRequiredAndOptional reports (required, optional).
var ParamRequiredAndOptional = &lint.Analyzer{
	Name:     "param-required-and-optional",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter is both required and optional",
		Why:   "a parameter is either required or optional; with both the intent is unclear and runtimes disagree on which wins",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required, optional) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if !p.Required || !p.Optional || notAParam(p) {
				return
			}
			report(diag(p.ConstraintSpan, "parameter %q is marked both required and optional; keep one of them", p.Name))
		})
		return nil, nil
	},
}

// bounds returns the min and max constraints of p (nil when absent).
func bounds(p *sfmd.Param) (lo, hi *sfmd.Constraint) {
	for _, c := range p.Constraints {
		switch c.Kind {
		case sfmd.ConstraintMin:
			lo = c
		case sfmd.ConstraintMax:
			hi = c
		}
	}
	return lo, hi
}

// ParamBoundInvalid reports min:/max: values that are not numbers, and
// min greater than max.
var ParamBoundInvalid = &lint.Analyzer{
	Name:     "param-bound-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "min:/max: bound is not a number or min exceeds max",
		Why:   "`min:N` and `max:N` take a number; a word, an empty bound or a minimum above the maximum makes the constraint meaningless or unsatisfiable",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: number (min:10, max:5) \"Max items\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number (min:1, max:50) \"Max items\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if notAParam(p) || !constraintClosed(doc, p) {
				return
			}
			bad := false
			for _, c := range p.Constraints {
				if (c.Kind == sfmd.ConstraintMin || c.Kind == sfmd.ConstraintMax) && !numberRe.MatchString(c.Value) {
					bad = true
					key := c.Text[:3]
					if c.Value == "" {
						report(diag(c.Span, "%q of parameter %q has no value; write %q with a number", c.Text, p.Name, key+":10"))
					} else {
						report(diag(c.Span, "bound %q of parameter %q is not a number; write %q with a number, or move the text into the description", c.Text, p.Name, key+":N"))
					}
				}
			}
			if bad {
				return
			}
			lo, hi := bounds(p)
			if lo == nil || hi == nil {
				return
			}
			// what fmt.Sscan reads of a whole numberRe match
			l, err := strconv.ParseFloat(lo.Value, 64)
			if err != nil {
				return
			}
			h, err := strconv.ParseFloat(hi.Value, 64)
			if err != nil {
				return
			}
			if l > h {
				report(diag(hi.Span, "parameter %q has %q below %q, so no value satisfies both; swap or fix the bounds", p.Name, hi.Text, lo.Text))
			}
		})
		return nil, nil
	},
}

// ParamBoundInapplicable reports min:/max: on boolean parameters.
var ParamBoundInapplicable = &lint.Analyzer{
	Name:     "param-bound-inapplicable",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "min:/max: bound on a boolean parameter",
		Why:   "`min:N` and `max:N` bound a number's value or a string's length; a boolean has neither, so the bound means nothing",
		Bad:   "```act.list\nGET https://api.example.com/items\n  verbose: boolean (max:3) \"Verbose output\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  verbose: boolean (optional) \"Verbose output\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if p.Type != "boolean" || notAParam(p) || !constraintClosed(doc, p) {
				return
			}
			for _, c := range p.Constraints {
				if c.Kind == sfmd.ConstraintMin || c.Kind == sfmd.ConstraintMax {
					report(diag(c.Span, "%q does not apply to boolean parameter %q; remove it", c.Text, p.Name))
				}
			}
		})
		return nil, nil
	},
}

// ParamConstraintCompat reports constraint groups the reference runtime
// cannot read (anything but exactly (required) or (optional)).
var ParamConstraintCompat = &lint.Analyzer{
	Name:     "param-constraint-compat",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "constraint list the reference runtime cannot read",
		Why:   "the reference runtime only reads `(required)` or `(optional)`; any other parenthesis, such as the spec's own `(optional, max:50)`, makes it drop the whole parameter line, so the field does not exist there",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: number (optional, max:50) \"Max items\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number (optional) \"Max items (at most 50)\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if notAParam(p) || !p.ConstraintSpan.IsValid() || !constraintClosed(doc, p) || (p.Required && p.Optional) {
				return
			}
			if g := doc.Src[p.ConstraintSpan.Start.Offset:p.ConstraintSpan.End.Offset]; string(g) == "(required)" || string(g) == "(optional)" {
				return // constraintClosed checked the span
			}
			var keep string
			var rest []string
			for _, c := range p.Constraints {
				switch c.Kind {
				case sfmd.ConstraintUnknown:
					return // param-constraint-unknown
				case sfmd.ConstraintRequired, sfmd.ConstraintOptional:
					keep = "(" + c.Text + ")"
				case sfmd.ConstraintMin, sfmd.ConstraintMax:
					if !numberRe.MatchString(c.Value) {
						return // param-bound-invalid
					}
					rest = append(rest, c.Text)
				default:
					rest = append(rest, c.Text)
				}
			}
			// 12,000 of these on the bench corpus: one concatenation, %q
			// written as strconv.Quote (what %q prints for a string)
			msg := "the reference runtime only reads (required) or (optional) and drops this whole line, so " + strconv.Quote(p.Name) + " does not exist there"
			switch {
			case len(rest) > 0 && keep != "":
				msg += "; keep " + keep + " and move " + strings.Join(rest, ", ") + " into the description"
			case len(rest) > 0:
				msg += "; move " + strings.Join(rest, ", ") + " into the description"
			default:
				msg += "; write exactly (required) or (optional)"
			}
			report(lint.Diagnostic{Span: p.ConstraintSpan, Message: msg})
		})
		return nil, nil
	},
}

// ParamNoncanonicalOrder reports a description written before the
// constraints.
var ParamNoncanonicalOrder = &lint.Analyzer{
	Name:     "param-noncanonical-order",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter description comes before the constraints",
		Why:   "the grammar is `name: type (constraints) \"description\"`; the reference runtime drops a line with the description first, so the field does not exist",
		Bad:   "```act.repo\nGET https://api.example.com/repos/{owner}\n  owner: string \"Repository owner\" (required)\n```\n",
		Good:  "```act.repo\nGET https://api.example.com/repos/{owner}\n  owner: string (required) \"Repository owner\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if p.CanonicalOrder || notAParam(p) || !p.ConstraintSpan.IsValid() {
				return
			}
			group := src(doc, p.ConstraintSpan)
			d := diag(p.ConstraintSpan, "constraints %s of %q come after the description; write name: type (constraints) \"description\"", group, p.Name)
			ds, de := p.DescriptionSpan.Start.Offset, p.DescriptionSpan.End.Offset
			cs, ce := p.ConstraintSpan.Start.Offset, p.ConstraintSpan.End.Offset
			if p.DescriptionQuoted && p.DescriptionSpan.IsValid() && de <= cs && strings.HasPrefix(group, "(") && strings.HasSuffix(group, ")") {
				gap := string(doc.Src[de:cs])
				desc := src(doc, p.DescriptionSpan)
				if strings.TrimSpace(gap) == "" && gap != "" && strings.Count(desc, `"`) == 2 {
					d.Fixes = []lint.Fix{{
						Message: "move the constraints before the description",
						Safe:    true,
						Edits:   []lint.Edit{{Start: ds, End: ce, New: group + gap + desc}},
					}}
				}
			}
			report(d)
		})
		return nil, nil
	},
}

// ParamDescriptionUnquoted reports descriptions without double quotes.
var ParamDescriptionUnquoted = &lint.Analyzer{
	Name:     "param-description-unquoted",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter description is not in double quotes",
		Why:   "descriptions are quoted text; the reference runtime drops a line with an unquoted description, so the field does not exist",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) Search query\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Search query\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if !p.HasDescription || p.DescriptionQuoted || notAParam(p) || !p.DescriptionSpan.IsValid() || p.DescriptionSpan.Len() == 0 {
				return
			}
			d := diag(p.DescriptionSpan, "description of %q is not in double quotes; write \"%s\"", p.Name, p.Description)
			if text := src(doc, p.DescriptionSpan); text != "" && !strings.Contains(text, `"`) {
				d.Message = fmt.Sprintf("description of %q is not in double quotes; write %q", p.Name, text)
				d.Fixes = []lint.Fix{{
					Message: "quote the description",
					Edits:   []lint.Edit{{Start: p.DescriptionSpan.Start.Offset, End: p.DescriptionSpan.End.Offset, New: `"` + text + `"`}},
				}}
			} else {
				d.Message = fmt.Sprintf("description of %q is not in double quotes; quote it and remove the '\"' inside", p.Name)
			}
			report(d)
		})
		return nil, nil
	},
}

// equalsSpan returns the span of the '=' before a default.
func equalsSpan(doc *sfmd.Document, p *sfmd.Param) sfmd.Span {
	off := lineOffset(doc, p.Line.Text, p.Line.Span)
	if off < 0 {
		return p.Span
	}
	i := strings.LastIndexByte(p.Line.Text[:min(len(p.Line.Text), max(0, p.DefaultSpan.Start.Offset-off))], '=')
	if i < 0 {
		return p.Span
	}
	return spanAt(doc, off+i, off+i+1)
}

// ParamDefaultUnquoted reports defaults without double quotes.
var ParamDefaultUnquoted = &lint.Analyzer{
	Name:     "param-default-unquoted",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter default is not in double quotes",
		Why:   "a default is always a double-quoted string, also for numbers (`= \"20\"`); the runtime drops a line with `= 20`, so the field and its default do not exist",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\" = 20\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\" = \"20\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if !p.HasDefault || p.DefaultQuoted || notAParam(p) {
				return
			}
			if p.Default == "" || !p.DefaultSpan.IsValid() || p.DefaultSpan.Len() == 0 {
				report(diag(equalsSpan(doc, p), "parameter %q has '=' but no default; write = \"value\" or remove the '='", p.Name))
				return
			}
			text := src(doc, p.DefaultSpan)
			d := diag(p.DefaultSpan, "default %s of %q is not in double quotes, so the runtime drops the line; write = %q", text, p.Name, text)
			if text != "" && !strings.Contains(text, `"`) {
				d.Fixes = []lint.Fix{{
					Message: "quote the default",
					Safe:    true,
					Edits:   []lint.Edit{{Start: p.DefaultSpan.Start.Offset, End: p.DefaultSpan.End.Offset, New: `"` + text + `"`}},
				}}
			} else {
				d.Message = fmt.Sprintf("default of %q is not in double quotes, so the runtime drops the line; quote it and remove the '\"' inside", p.Name)
			}
			report(d)
		})
		return nil, nil
	},
}

// dynamicDefault reports whether a default is filled in at run time
// ($VAR or {var}).
func dynamicDefault(v string) bool { return strings.ContainsAny(v, "${") }

// ParamDefaultTypeMismatch reports defaults that do not fit the type.
var ParamDefaultTypeMismatch = &lint.Analyzer{
	Name:     "param-default-type-mismatch",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter default does not fit its type",
		Why:   "the runtime does not convert values: a number field with default \"twenty\" or a boolean with \"yes\" sends exactly that text to the API or command",
		Bad:   "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\" = \"twenty\"\n```\n",
		Good:  "```act.list\nGET https://api.example.com/items\n  limit: number \"Max items\" = \"20\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			v := strings.TrimSpace(p.Default)
			if !p.HasDefault || v == "" || dynamicDefault(v) || notAParam(p) || !p.DefaultSpan.IsValid() || p.DefaultSpan.Len() == 0 {
				return
			}
			switch p.Type {
			case "number":
				if !numberRe.MatchString(v) {
					report(diag(p.DefaultSpan, "default %q of number parameter %q is not a number; use a number such as \"10\", or change the type to string", p.Default, p.Name))
				}
			case "boolean":
				if v != "true" && v != "false" {
					want := "false"
					switch strings.ToLower(v) {
					case "true", "yes", "on", "1", "y":
						want = "true"
					}
					report(diag(p.DefaultSpan, "default %q of boolean parameter %q is not \"true\" or \"false\"; did you mean %q?", p.Default, p.Name, want))
				}
			}
		})
		return nil, nil
	},
}

var hintListRe = regexp.MustCompile(`^[^\s|]+(\|[^\s|]+)+$`)

// valueHints returns the allowed values of p: an a|b|c constraint, or a
// description that is exactly a|b|c (spec.md §4 Q6).
func valueHints(p *sfmd.Param) []string {
	for _, c := range p.Constraints {
		if c.Kind == sfmd.ConstraintHint && hintListRe.MatchString(c.Value) {
			return strings.Split(c.Value, "|")
		}
	}
	if p.HasDescription && hintListRe.MatchString(p.Description) {
		return strings.Split(p.Description, "|")
	}
	return nil
}

// ParamDefaultNotInHints reports defaults outside the a|b|c value hints.
var ParamDefaultNotInHints = &lint.Analyzer{
	Name:     "param-default-not-in-hints",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter default is not one of its value hints",
		Why:   "value hints `a|b|c` list the allowed values; a default outside the list sends a value the author said is not allowed",
		Bad:   "```act.feed\nGET https://api.example.com/feed\n  sort: string \"hot|new|top\" = \"best\"\n```\n",
		Good:  "```act.feed\nGET https://api.example.com/feed\n  sort: string \"hot|new|top\" = \"hot\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if !p.HasDefault || p.Default == "" || dynamicDefault(p.Default) || notAParam(p) || !p.DefaultSpan.IsValid() || p.DefaultSpan.Len() == 0 {
				return
			}
			hints := valueHints(p)
			if len(hints) == 0 {
				return
			}
			for _, h := range hints {
				if h == p.Default {
					return
				}
			}
			msg := fmt.Sprintf("default %q of %q is not one of its values %s", p.Default, p.Name, strings.Join(hints, "|"))
			if want := nearestName(p.Default, hints); want != "" {
				msg += fmt.Sprintf("; did you mean %q?", want)
			} else {
				msg += fmt.Sprintf("; use one of them, e.g. %q", hints[0])
			}
			report(diag(p.DefaultSpan, "%s", msg))
		})
		return nil, nil
	},
}

// ParamRequiredWithDefault reports (required) parameters with a default.
var ParamRequiredWithDefault = &lint.Analyzer{
	Name:     "param-required-with-default",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "required parameter has a default",
		Why:   "a default is used when the caller omits the flag, which a required parameter forbids; either the parameter is optional or the default is dead",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\" = \"news\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (optional) \"Query\" = \"news\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if !p.Required || p.Optional || !p.HasDefault || notAParam(p) {
				return
			}
			span := p.ConstraintSpan
			for _, c := range p.Constraints {
				if c.Kind == sfmd.ConstraintRequired {
					span = c.Span
				}
			}
			report(diag(span, "parameter %q is required but has a default, which only applies when the flag is omitted; make it (optional) or drop the default", p.Name))
		})
		return nil, nil
	},
}

// ParamTrailingWhitespace reports parameter lines ending in blanks.
var ParamTrailingWhitespace = &lint.Analyzer{
	Name:     "param-trailing-whitespace",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "parameter line ends in whitespace",
		Why:   "the reference runtime's parameter pattern is anchored at the end of the line; trailing spaces or tabs make it drop the line silently, so the field does not exist",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"  \n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if !p.TrailingSpace || notAParam(p) {
				return
			}
			t := p.Line.Text
			off := lineOffset(doc, t, p.Line.Span)
			if off < 0 {
				return
			}
			trimmed := len(strings.TrimRight(t, " \t"))
			d := diag(spanAt(doc, off+trimmed, off+len(t)), "parameter line %q ends in whitespace, which makes the runtime drop it; remove the trailing whitespace", p.Name)
			d.Fixes = []lint.Fix{{
				Message: "remove the trailing whitespace",
				Safe:    true,
				Edits:   []lint.Edit{{Start: off + trimmed, End: off + len(t)}},
			}}
			report(d)
		})
		return nil, nil
	},
}

// paramUses returns the names of the fields an action's templates refer
// to (URL or command, headers, bodies and its response templates), and
// whether it forwards all fields.
func paramUses(doc *sfmd.Document, a *sfmd.Action) (map[string]bool, bool) {
	used := map[string]bool{}
	all := usesAllFields(a)
	add := func(t *sfmd.Template) {
		if t == nil {
			return
		}
		for _, r := range t.Refs {
			switch r.Kind {
			case sfmd.RefVar:
				used[r.Name] = true
			case sfmd.RefSpread:
				all = true
			case sfmd.RefPersistent:
				if r.Name == "ARGS" {
					all = true
				}
			}
		}
	}
	add(a.Target)
	for _, h := range a.Headers {
		add(h.Value)
	}
	if a.InlineBody != nil {
		add(a.InlineBody.Template)
	}
	for _, b := range a.Bodies {
		add(b.Template)
	}
	for _, r := range doc.Responses {
		if r.ActionID != a.ID {
			continue
		}
		for _, l := range r.Lines {
			add(l.Template)
			add(l.RHS)
		}
	}
	return used, all
}

// ParamUnused reports parameters a CLI command or a body template never
// uses.
var ParamUnused = &lint.Analyzer{
	Name:     "param-unused",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter is never used by the command or body template",
		Why:   "a CLI command and an explicit body template only contain the fields they mention; a parameter they never use is accepted from the caller and then silently thrown away",
		Bad:   "```act.grep\nCLI grep -rn {pattern} .\n  pattern: string (required) \"Pattern\"\n  path: string (required) \"Directory\"\n```\n",
		Good:  "```act.grep\nCLI grep -rn {pattern} {path}\n  pattern: string (required) \"Pattern\"\n  path: string (required) \"Directory\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			var where string
			switch {
			case a.IsCLI():
				where = "the command"
			case (a.Method == sfmd.MethodPOST || a.Method == sfmd.MethodPUT || a.Method == sfmd.MethodPATCH) && (len(a.Bodies) > 0 || a.InlineBody != nil):
				where = "the URL or the body template"
			default:
				continue // fields not in the URL go to the query string or the JSON body
			}
			used, all := paramUses(doc, a)
			if all {
				continue
			}
			for _, p := range a.Params {
				if p.Name == "" || used[p.Name] || notAParam(p) || p.Indent == 0 {
					continue
				}
				pass.Reportf(p.NameSpan, "parameter %q is never used: %s of %q does not contain {%s}, so its value is dropped; add {%s} where it belongs or remove the parameter", p.Name, where, a.ID, p.Name, p.Name)
			}
		}
		return nil, nil
	},
}

// ParamNamedBody reports a parameter called body.
var ParamNamedBody = &lint.Analyzer{
	Name:     "param-named-body",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "parameter is named body",
		Why:   "`body:` alone starts the body template; a parameter line `body: string …` differs from it only by what follows the colon, which is easy to misread and to break",
		Bad:   "```act.post\nPOST https://api.example.com/posts\n  body: string (required) \"Post text\"\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/posts\n  content: string (required) \"Post text\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if p.Name != "body" || notAParam(p) {
				return
			}
			want := "content"
			if a.Param(want) != nil {
				want = "body_text"
			}
			report(diag(p.NameSpan, "parameter %q is easily mistaken for the body: directive; rename it to %q", p.Name, want))
		})
		return nil, nil
	},
}
