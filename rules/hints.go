package rules

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about invocation hints: inline code spans such as
// `/act.search --q "x"` that show an agent how to call an action
// (spec.md §1.9.7, §1.12, §2.13). Hints are read the way the runtime
// reads a command (ParseHintArgs), with their fill-ins (<name>,
// "{City Name}", [--limit N]) taken as values.

func init() {
	register(HintUnknownAction, HintUnknownFlag, HintFlagMissingValue, HintTooManyPositionals,
		HintMissingRequired, HintToolUnknownAction, ActionWithoutHint)
}

// hintIDRe is what a hint target must look like to name an action
// (the runtime's [a-zA-Z0-9_-]+); "<name>", "*" and "x.y" are prose.
var hintIDRe = idPattern{nameChars, nameChars} // ^[A-Za-z0-9_-]+$

// hintCall is one hint resolved against the document.
type hintCall struct {
	Hint *sfmd.Hint
	// ActionID is the action the hint calls ("" when it names none of
	// this document's: another tool, or a placeholder).
	ActionID string
	IDSpan   sfmd.Span
	// Action is the called action of this document, nil when unknown.
	Action *sfmd.Action
	// Tool is set for /tool: hints that name this document.
	Tool bool
	// Inv is the hint's arguments read like the runtime; argsOff is the
	// file offset of Hint.Args (-1 when it cannot be mapped).
	Inv     *Invocation
	argsOff int
}

// hintTable is the result of HintsAnalyzer.
type hintTable struct {
	Calls []*hintCall
	// ToolName is the name /tool: resolves this document by: frontmatter
	// name, else the file name without extension.
	ToolName string
}

// HintsAnalyzer resolves every invocation hint of a document to the action
// it calls and reads its arguments.
var HintsAnalyzer = &lint.Analyzer{
	Name:   "hints",
	Shared: true,
	Doc: lint.Doc{
		Title: "invocation hints resolved to actions",
		Why:   "shared analysis: each /act and /tool: hint with the action it calls and its arguments read like the runtime reads them",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		return buildHints(pass.Doc, symbols(pass)), nil
	},
}

func hints(pass *lint.Pass) *hintTable {
	if t, ok := pass.ResultOf[HintsAnalyzer].(*hintTable); ok {
		return t
	}
	return buildHints(pass.Doc, symbols(pass))
}

// docToolName is the name /tool:<name> finds the document by.
func docToolName(doc *sfmd.Document) string {
	if n, ok := doc.Frontmatter.String("name"); ok && n != "" {
		return n
	}
	base := filepath.Base(doc.Path)
	if ext := filepath.Ext(base); ext == ".md" || ext == ".sfmd" {
		return strings.TrimSuffix(base, ext)
	}
	return ""
}

// lookupAction finds the action id names: exactly, else as the dot form
// does after lower-casing the command.
func lookupAction(syms *Symbols, id string) *sfmd.Action {
	if as := syms.Actions[id]; len(as) > 0 {
		return as[0]
	}
	if as := syms.Actions[strings.ToLower(id)]; len(as) > 0 {
		return as[0]
	}
	return nil
}

func buildHints(doc *sfmd.Document, syms *Symbols) *hintTable {
	t := &hintTable{ToolName: docToolName(doc)}
	def, _ := doc.Frontmatter.String("default")
	for _, h := range doc.Hints {
		c := &hintCall{Hint: h, argsOff: lineOffset(doc, h.Args, h.ArgsSpan)}
		switch h.Verb {
		case "act":
			if !hintIDRe.MatchString(h.Target) || strings.HasPrefix(h.Target, "-") {
				continue // "/act --help", "/act.<name>", "/act.*"
			}
			c.ActionID, c.IDSpan = h.Target, h.TargetSpan
		case "tool":
			name, act, dotted := strings.Cut(h.Target, ".")
			if t.ToolName == "" || !strings.EqualFold(name, t.ToolName) || !hintIDRe.MatchString(name) {
				continue
			}
			c.Tool = true
			switch {
			case dotted && hintIDRe.MatchString(act):
				c.ActionID = act
				if off := lineOffset(doc, h.Target, h.TargetSpan); off >= 0 {
					c.IDSpan = spanAt(doc, off+len(name)+1, off+len(h.Target))
				} else {
					c.IDSpan = h.TargetSpan
				}
			case !dotted && def != "":
				c.ActionID, c.IDSpan = def, h.TargetSpan
			default:
				continue
			}
		default:
			continue
		}
		c.Action = lookupAction(syms, c.ActionID)
		aliases := map[string]string{}
		if c.Action != nil {
			for _, p := range c.Action.Params {
				if p.Alias != "" && p.Name != "" {
					aliases[strings.TrimPrefix(p.Alias, "-")] = p.Name
				}
			}
		}
		c.Inv = ParseHintArgs(h.Args, aliases)
		if h.InResponse != "" && !inCodeSpanAt(doc, h.Span) {
			// a bare "/act.x --k {v} to do y" template line: the words
			// after the flags are prose, not positional values
			c.Inv.Positionals = nil
			c.Inv.Ellipsis = true
		}
		t.Calls = append(t.Calls, c)
	}
	return t
}

// inCodeSpanAt reports whether span is the content of an inline code span
// (a backtick precedes it).
func inCodeSpanAt(doc *sfmd.Document, span sfmd.Span) bool {
	i := span.Start.Offset
	for i > 0 && doc.Src[i-1] == ' ' {
		i--
	}
	return i > 0 && i <= len(doc.Src) && doc.Src[i-1] == '`'
}

// tokenSpan returns the file span of a token of the hint's arguments, or
// the whole argument span when the arguments cannot be mapped.
func (c *hintCall) tokenSpan(doc *sfmd.Document, t ArgToken) sfmd.Span {
	if c.argsOff < 0 || t.End <= t.Start {
		return c.Hint.ArgsSpan
	}
	return spanAt(doc, c.argsOff+t.Start, c.argsOff+t.End)
}

// flagSpan returns the span of a flag as written ("--limit" of
// "--limit=5"), or of its whole token when that cannot be mapped.
func (c *hintCall) flagSpan(doc *sfmd.Document, f *FlagArg) sfmd.Span {
	written := f.Written()
	if c.argsOff >= 0 {
		span := spanAt(doc, c.argsOff+f.Token.Start, c.argsOff+f.Token.Start+len(written))
		if src(doc, span) == written {
			return span
		}
	}
	return c.tokenSpan(doc, f.Token)
}

// call names the called action in messages: "action \"x\"" or
// "tool action \"x\"".
func (c *hintCall) call() string {
	if c.Tool {
		return fmt.Sprintf("tool action %q", c.ActionID)
	}
	return fmt.Sprintf("action %q", c.ActionID)
}

// namedParams returns the action's parameters that have a name.
func namedParams(a *sfmd.Action) []*sfmd.Param {
	var out []*sfmd.Param
	for _, p := range a.Params {
		if p.Name != "" {
			out = append(out, p)
		}
	}
	return out
}

// passesRawArgs reports whether the action forwards arguments it does not
// declare: {...args} or $ARGS in its definition.
func passesRawArgs(syms *Symbols, a *sfmd.Action) bool {
	for _, u := range syms.Uses {
		if u.Action != a || !u.Site.inDefinition() {
			continue
		}
		if u.Ref.Kind == sfmd.RefSpread || (u.Ref.Kind == sfmd.RefPersistent && u.Ref.Name == "ARGS") {
			return true
		}
	}
	return false
}

// quoteList renders up to limit names as "a", "b", "c" (and n more).
func quoteList(names []string, limit int) string {
	var q []string
	for i, n := range names {
		if i == limit {
			q = append(q, fmt.Sprintf("and %d more", len(names)-limit))
			break
		}
		q = append(q, fmt.Sprintf("%q", n))
	}
	return strings.Join(q, ", ")
}

// HintUnknownAction reports hints calling an action the document does not
// define.
var HintUnknownAction = &lint.Analyzer{
	Name:     "hint-unknown-action",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint calls an action that does not exist",
		Why:   "an agent copies the hint and gets ACTION_NOT_FOUND: the runtime looks the action up in the current document",
		Bad:   "Search with `/act.serch --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "Search with `/act.search --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer, HintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		// A document without actions describes actions (documentation), and
		// included blocks may bring actions this parse does not see.
		if len(syms.ActionIDs) == 0 {
			return nil, nil
		}
		for _, d := range pass.Doc.Directives {
			if d.Type == "include" {
				return nil, nil
			}
		}
		for _, c := range hints(pass).Calls {
			if c.Tool || c.Action != nil || len(syms.Responses[c.ActionID]) > 0 || showsDefinition(pass.Doc, c.ActionID) {
				continue
			}
			d := lint.Diagnostic{Span: c.IDSpan}
			if n := nearestName(c.ActionID, syms.ActionIDs); n != "" {
				d.Message = fmt.Sprintf("hint calls action %q, which this document does not define; did you mean %q?", c.ActionID, n)
				if src(pass.Doc, c.IDSpan) == c.ActionID {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("call %q instead", n),
						Safe:    false, // the hint may mean an action of another page
						Edits:   []lint.Edit{{Start: c.IDSpan.Start.Offset, End: c.IDSpan.End.Offset, New: n}},
					}}
				}
			} else {
				d.Message = fmt.Sprintf("hint calls action %q, which this document does not define; expected one of %s", c.ActionID, quoteList(syms.ActionIDs, 8))
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// showsDefinition reports whether the document writes act.<id> as code
// (```act.id inside an example fence, `act.id` in prose): it then
// describes an example action it does not define, and its hints are part
// of the example (or the fences are mis-nested, which other rules report).
//
// It is the byte scan of "(?:`+|~~~+)[ \t]*act\.ID(?:\.response)?(?:[^A-Za-z0-9_-]|$)"
// (TestShowsDefinitionMatchesRegexp holds it to that pattern).
func showsDefinition(doc *sfmd.Document, id string) bool {
	src, needle := doc.Src, []byte("act."+id)
	for i := 0; ; {
		k := bytes.Index(src[i:], needle)
		if k < 0 {
			return false
		}
		at := i + k
		i = at + 1
		if e := at + len(needle); e < len(src) && isIDByte(src[e]) {
			continue // act.idx: another ID
		}
		j := at
		for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t') {
			j--
		}
		if j == 0 || (src[j-1] != '`' && src[j-1] != '~') {
			continue
		}
		c, n := src[j-1], 0
		for j > 0 && src[j-1] == c {
			j--
			n++
		}
		if c == '`' || n >= 3 {
			return true
		}
	}
}

// HintUnknownFlag reports hint flags that are not parameters of the
// called action.
var HintUnknownFlag = &lint.Analyzer{
	Name:     "hint-unknown-flag",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint passes a flag the action does not declare",
		Why:   "an undeclared flag is not a parameter: a required one is reported missing (INVALID_PARAMS) and the value goes nowhere useful (a query parameter or a body key the API does not expect)",
		Bad:   "Search with `/act.search --query \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "Search with `/act.search --q \"x\"`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer, HintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, c := range hints(pass).Calls {
			if c.Action == nil || len(c.Inv.Flags) == 0 || c.Inv.Help || passesRawArgs(syms, c.Action) {
				continue
			}
			params := namedParams(c.Action)
			declared := func(name string) bool { return c.Action.Param(name) != nil && name != "" }
			var flags []string
			for _, p := range params {
				flags = append(flags, "--"+p.Name)
			}
			for _, f := range c.Inv.Flags {
				if declared(f.Key) {
					continue
				}
				if base, ok := strings.CutSuffix(f.Key, "-file"); ok && declared(base) {
					continue // --<field>-file reads the value from a file
				}
				written := f.Written()
				span := c.flagSpan(pass.Doc, f)
				var msg string
				switch {
				case len(params) == 0:
					msg = fmt.Sprintf("%s declares no parameters, so the hint's flag %q is not one; remove it or declare the parameter", c.call(), written)
				case f.Short:
					var aliases []string
					for _, p := range params {
						if p.Alias != "" {
							aliases = append(aliases, p.Alias)
						}
					}
					msg = fmt.Sprintf("%q is not an alias of a parameter of %s", written, c.call())
					if len(aliases) > 0 {
						msg += fmt.Sprintf("; expected one of %s or a --name flag", quoteList(aliases, 8))
					} else {
						msg += fmt.Sprintf("; use a --name flag (%s)", quoteList(flags, 8))
					}
				default:
					msg = fmt.Sprintf("flag %q is not a parameter of %s", written, c.call())
					if n := nearestName(f.Key, names(params)); n != "" {
						msg += fmt.Sprintf("; did you mean %q?", "--"+n)
					} else {
						msg += fmt.Sprintf("; expected one of %s", quoteList(flags, 8))
					}
				}
				pass.Reportf(span, "%s", msg)
			}
		}
		return nil, nil
	},
}

func names(ps []*sfmd.Param) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// HintFlagMissingValue reports non-boolean flags written without a value.
var HintFlagMissingValue = &lint.Analyzer{
	Name:     "hint-flag-missing-value",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint gives a non-boolean flag no value",
		Why:   "a flag without a value means true; for a parameter that is not boolean the runtime refuses the call (\"Flag --city requires a value\")",
		Bad:   "Get the time with `/act.now --city`.\n\n```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n",
		Good:  "Get the time with `/act.now --city <name>`.\n\n```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n",
	},
	Requires: []*lint.Analyzer{HintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, c := range hints(pass).Calls {
			if c.Action == nil || c.Inv.Help {
				continue
			}
			for _, f := range c.Inv.Flags {
				if !f.Bare() {
					continue
				}
				written := f.Written()
				if p := c.Action.Param(f.Key); p != nil && p.Type != "" && p.Type != "boolean" {
					pass.Reportf(c.flagSpan(pass.Doc, f), "flag %q needs a value: parameter %q of %s is a %s, not a boolean; write %s <%s>", written, p.Name, c.call(), p.Type, written, p.Type)
					continue
				}
				if base, ok := strings.CutSuffix(f.Key, "-file"); ok && c.Action.Param(base) != nil && c.Action.Param(f.Key) == nil {
					pass.Reportf(c.flagSpan(pass.Doc, f), "flag %q needs a file path: it reads parameter %q of %s from a file; write %s <path>", written, base, c.call(), written)
				}
			}
		}
		return nil, nil
	},
}

// HintTooManyPositionals reports hints with more bare values than the
// action has fields left to bind them to.
var HintTooManyPositionals = &lint.Analyzer{
	Name:     "hint-too-many-positionals",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint passes more positional values than the action takes",
		Why:   "positional values bind to the fields no flag has set, in declaration order; one more is an error (\"Too many positional arguments\")",
		Bad:   "Get the time with `/act.now Seoul tomorrow`.\n\n```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n",
		Good:  "Get the time with `/act.now Seoul`.\n\n```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n",
	},
	Requires: []*lint.Analyzer{HintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, c := range hints(pass).Calls {
			if c.Action == nil || c.Inv.Help || c.Inv.Ellipsis {
				continue
			}
			params := namedParams(c.Action)
			if len(params) == 0 {
				continue // positionals only reach the command through $ARGS
			}
			unfilled := unfilledParams(c.Inv, params)
			if len(c.Inv.Positionals) <= len(unfilled) {
				continue
			}
			extra := c.Inv.Positionals[len(unfilled)]
			last := c.Inv.Positionals[len(c.Inv.Positionals)-1]
			span := c.tokenSpan(pass.Doc, extra)
			if c.argsOff >= 0 {
				span = spanAt(pass.Doc, c.argsOff+extra.Start, c.argsOff+last.End)
			}
			taken := "no positional value"
			if n := len(unfilled); n == 1 {
				taken = fmt.Sprintf("at most 1 (%q)", unfilled[0])
			} else if n > 1 {
				taken = fmt.Sprintf("at most %d (%s)", n, quoteList(unfilled, 8))
			}
			values := "values"
			if len(c.Inv.Positionals) == 1 {
				values = "value"
			}
			pass.Reportf(span, "hint passes %d positional %s but %s takes %s; pass the extra values with --name flags or remove them (quote a value that contains spaces)", len(c.Inv.Positionals), values, c.call(), taken)
		}
		return nil, nil
	},
}

// unfilledParams returns the names of the parameters no flag sets, in
// declaration order: the fields positional values bind to.
func unfilledParams(inv *Invocation, params []*sfmd.Param) []string {
	var out []string
	for _, p := range params {
		if inv.Flag(p.Name) == nil && inv.Flag(p.Name+"-file") == nil {
			out = append(out, p.Name)
		}
	}
	return out
}

// HintMissingRequired reports hints that leave a required parameter out.
var HintMissingRequired = &lint.Analyzer{
	Name:     "hint-missing-required",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint leaves out a required parameter",
		Why:   "an agent copying the hint gets \"Missing required flags\"; hints are conventional, so this is only info (a hint without arguments just names the action and is not checked)",
		Bad:   "Post with `/act.post --title \"x\"`.\n\n```act.post\nPOST https://api.example.com/posts\n  submolt: string (required) \"Community\"\n  title: string (required) \"Title\"\n```\n",
		Good:  "Post with `/act.post --submolt general --title \"x\"`.\n\n```act.post\nPOST https://api.example.com/posts\n  submolt: string (required) \"Community\"\n  title: string (required) \"Title\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer, HintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, c := range hints(pass).Calls {
			if c.Action == nil || c.Inv.Help || c.Inv.Ellipsis || strings.TrimSpace(c.Hint.Args) == "" {
				continue
			}
			params := namedParams(c.Action)
			unfilled := unfilledParams(c.Inv, params)
			bound := map[string]bool{}
			for i := range c.Inv.Positionals {
				if i < len(unfilled) {
					bound[unfilled[i]] = true
				}
			}
			var missing, fix []string
			for _, p := range params {
				if !p.Required || p.HasDefault || bound[p.Name] || c.Inv.Flag(p.Name) != nil || c.Inv.Flag(p.Name+"-file") != nil {
					continue
				}
				if len(syms.Assigned[p.Name]) > 0 {
					continue // a session variable of that name can fill it
				}
				missing = append(missing, p.Name)
				t := p.Type
				if t == "" {
					t = "value"
				}
				fix = append(fix, fmt.Sprintf("--%s <%s>", p.Name, t))
			}
			if len(missing) == 0 {
				continue
			}
			what := fmt.Sprintf("required parameter %q", missing[0])
			if len(missing) > 1 {
				what = "required parameters " + quoteList(missing, 8)
			}
			pass.Reportf(c.IDSpan, "hint leaves out %s of %s; add %s", what, c.call(), strings.Join(fix, " "))
		}
		return nil, nil
	},
}

// HintToolUnknownAction reports /tool:<this>.<act> hints naming an
// action this tool does not define.
var HintToolUnknownAction = &lint.Analyzer{
	Name:     "hint-tool-unknown-action",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "tool hint calls an action the tool does not define",
		Why:   "`/tool:name.act` looks act up in the tool document; a misspelled one fails with \"Action not found in tool\"",
		Bad:   "---\nname: translate\ntype: tool\ndefault: detect\n---\n\nDetect with `/tool:translate.detcet --text \"hola\"`.\n\n```act.detect\nPOST https://api.example.com/detect\n  text: string (required) \"Text\"\n```\n",
		Good:  "---\nname: translate\ntype: tool\ndefault: detect\n---\n\nDetect with `/tool:translate.detect --text \"hola\"`.\n\n```act.detect\nPOST https://api.example.com/detect\n  text: string (required) \"Text\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer, HintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		t := hints(pass)
		for _, c := range t.Calls {
			if !c.Tool || c.Action != nil || !strings.Contains(c.Hint.Target, ".") {
				continue
			}
			d := lint.Diagnostic{Span: c.IDSpan}
			d.Message = fmt.Sprintf("tool %q has no action %q", t.ToolName, c.ActionID)
			switch n := nearestName(c.ActionID, syms.ActionIDs); {
			case n != "":
				d.Message += fmt.Sprintf("; did you mean %q?", n)
				if src(pass.Doc, c.IDSpan) == c.ActionID {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("call %q instead", n),
						Safe:    false,
						Edits:   []lint.Edit{{Start: c.IDSpan.Start.Offset, End: c.IDSpan.End.Offset, New: n}},
					}}
				}
			case len(syms.ActionIDs) == 0:
				d.Message += "; define it with an act." + c.ActionID + " block"
			default:
				d.Message += fmt.Sprintf("; expected one of %s", quoteList(syms.ActionIDs, 8))
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// invocations returns the action IDs of "/act.<id>", "/act <id>" and
// "/action.<id>" written anywhere in src (after a space, a quote, a
// bracket or a backtick, so that URL paths do not count). It is a single
// strings.Index walk: a backtracking regexp over the whole file was the
// most expensive part of a lint run.
func invocations(src []byte) []string {
	var ids []string
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("/act"))
		if k < 0 {
			return ids
		}
		at := i + k
		i = at + len("/act")
		if at > 0 && !strings.ContainsRune(" \t\r\n\v\f`'\"([>*_|", rune(src[at-1])) {
			continue
		}
		j := i
		if bytes.HasPrefix(src[j:], []byte("ion")) {
			j += len("ion")
		}
		switch {
		case j < len(src) && src[j] == '.':
			j++
		case j < len(src) && src[j] == ' ':
			for j < len(src) && src[j] == ' ' {
				j++
			}
		default:
			continue
		}
		e := j
		for e < len(src) && (isIDByte(src[e])) {
			e++
		}
		if e > j {
			ids = append(ids, string(src[j:e]))
		}
	}
}

func isIDByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// ActionWithoutHint reports actions no hint or act: link shows how to
// call.
var ActionWithoutHint = &lint.Analyzer{
	Name:     "action-without-hint",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action has no invocation hint in the prose",
		Why:   "agents learn how to call an action from a one-line hint such as `/act.search --q <query>` next to it; without one they must ask for --help first (tools and the default action are exempt)",
		Bad:   "# Search\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "# Search\n\nSearch with `/act.search --q <query>`.\n\n```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer, HintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		if typ, _ := doc.Frontmatter.String("type"); typ == "tool" {
			return nil, nil
		}
		syms := symbols(pass)
		shown := map[string]bool{}
		for _, c := range hints(pass).Calls {
			if c.Action != nil {
				shown[c.Action.ID] = true
			}
		}
		// invocations written in plain code blocks and in the middle of
		// response template lines ("next: /act.read @issue-N") show the
		// call too
		for _, id := range invocations(doc.Src) {
			shown[strings.ToLower(id)] = true
			shown[id] = true
		}
		for _, l := range doc.Links {
			if l.IsAct {
				shown[l.ActID] = true
			}
		}
		for _, s := range doc.Shortcuts {
			if id, ok := strings.CutPrefix(s.URL, "act:"); ok {
				id, _, _ = strings.Cut(id, "?")
				shown[id] = true
			}
		}
		def, _ := doc.Frontmatter.String("default")
		ids := append([]string(nil), syms.ActionIDs...)
		sort.Strings(ids)
		for _, id := range ids {
			if shown[id] || id == def || id == "" {
				continue
			}
			a := syms.Actions[id][0]
			var flags []string
			for _, p := range a.Params {
				if p.Name != "" && p.Required && !p.HasDefault {
					flags = append(flags, fmt.Sprintf("--%s <%s>", p.Name, p.Name))
				}
			}
			example := strings.TrimSpace("/act." + id + " " + strings.Join(flags, " "))
			pass.Reportf(a.IDSpan, "action %q has no invocation hint; add one to the prose, e.g. `%s`", id, example)
		}
		return nil, nil
	},
}
