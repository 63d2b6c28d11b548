package rules

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The hints analysis shared by the rules about invocation hints: inline code spans such as
// `/act.search --q "x"` that show an agent how to call an action
// (spec.md §1.9.7, §1.12, §2.13). Hints are read the way the runtime
// reads a command (parseHintArgs), with their fill-ins (<name>,
// "{City Name}", [--limit N]) taken as values.

// hintIDShape is what a hint target must look like to name an action
// (the runtime's [a-zA-Z0-9_-]+); "<name>", "*" and "x.y" are prose.
var hintIDShape = shapeOf(nameChars) // ^[A-Za-z0-9_-]+$

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
	// Inv is the hint's arguments read like the runtime, nil when Action
	// is (every reader asks for the action first: a document of
	// thousands of hints to undefined actions reads none of their
	// arguments); argsOff is the file offset of Hint.Args (-1 when it
	// cannot be mapped).
	Inv     *invocation
	argsOff int
}

// hintTable is the result of hintsAnalyzer.
type hintTable struct {
	Calls []*hintCall
	// ToolName is the name /tool: resolves this document by: frontmatter
	// name, else the file name without extension.
	ToolName string
}

// hintsAnalyzer resolves every invocation hint of a document to the action
// it calls and reads its arguments.
var hintsAnalyzer = &lint.Analyzer{
	Name:   "hints",
	Shared: true,
	Doc: lint.Doc{
		Title: "invocation hints resolved to actions",
		Why:   "shared analysis: each /act and /tool: hint with the action it calls and its arguments read like the runtime reads them",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		return buildHints(pass.Doc, symbols(pass)), nil
	},
}

func hints(pass *lint.Pass) *hintTable {
	if t, ok := pass.ResultOf[hintsAnalyzer].(*hintTable); ok {
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
func lookupAction(syms *symbolTable, id string) *sfmd.Action {
	if as := syms.Actions[id]; len(as) > 0 {
		return as[0]
	}
	if lower := strings.ToLower(id); lower != id { // the same key misses again
		if as := syms.Actions[lower]; len(as) > 0 {
			return as[0]
		}
	}
	return nil
}

func buildHints(doc *sfmd.Document, syms *symbolTable) *hintTable {
	t := &hintTable{ToolName: docToolName(doc)}
	def, _ := doc.Frontmatter.String("default")
	// the calls in one slab: a document may hold thousands of hints
	slab := make([]hintCall, 0, len(doc.Hints))
	t.Calls = make([]*hintCall, 0, len(doc.Hints))
	for _, h := range doc.Hints {
		slab = append(slab, hintCall{Hint: h, argsOff: lineOffset(doc, h.Args, h.ArgsSpan)})
		c := &slab[len(slab)-1]
		switch h.Verb {
		case "act":
			if !hintIDShape.Matches(h.Target) || strings.HasPrefix(h.Target, "-") {
				continue // "/act --help", "/act.<name>", "/act.*"
			}
			c.ActionID, c.IDSpan = h.Target, h.TargetSpan
		case "tool":
			name, act, dotted := strings.Cut(h.Target, ".")
			if t.ToolName == "" || !strings.EqualFold(name, t.ToolName) || !hintIDShape.Matches(name) {
				continue
			}
			c.Tool = true
			switch {
			case dotted && hintIDShape.Matches(act):
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
		if c.Action != nil {
			c.Inv = hintInvocation(doc, h, c.Action)
		}
		t.Calls = append(t.Calls, c)
	}
	return t
}

// hintInvocation reads the arguments of hint h, which calls action a.
// A short flag (-x) is then read as the parameter whose alias it is
// (readAliases, as parseArgs does), and the aliases of the action's
// parameters (17,100 actions on the 10 MB document) are gathered only
// for a hint with a short flag (TestHintInvocationAliasesAfter).
func hintInvocation(doc *sfmd.Document, h *sfmd.Hint, a *sfmd.Action) *invocation {
	inv := parseHintArgs(h.Args)
	if inv.hasShort() {
		inv.readAliases(paramAliases(a))
	}
	if h.InResponse != "" && !inCodeSpanAt(doc, h.Span) {
		// a bare "/act.x --k {v} to do y" template line: the words
		// after the flags are prose, not positional values
		inv.Positionals = nil
		inv.Ellipsis = true
	}
	return inv
}

// paramAliases maps the aliases of a's named parameters, without their
// '-', to the parameters' names (the last of an alias written twice);
// empty when none has one.
func paramAliases(a *sfmd.Action) map[string]string {
	aliases := map[string]string{}
	for _, p := range a.Params {
		if p.Alias != "" && p.Name != "" {
			aliases[strings.TrimPrefix(p.Alias, "-")] = p.Name
		}
	}
	return aliases
}

// inCodeSpanAt reports whether span is the content of an inline code span
// (a backtick precedes it).
func inCodeSpanAt(doc *sfmd.Document, span sfmd.Span) bool {
	i := span.Start.Off()
	for i > 0 && doc.Src[i-1] == ' ' {
		i--
	}
	return i > 0 && i <= len(doc.Src) && doc.Src[i-1] == '`'
}

// tokenSpan returns the file span of a token of the hint's arguments, or
// the whole argument span when the arguments cannot be mapped.
func (c *hintCall) tokenSpan(doc *sfmd.Document, t argToken) sfmd.Span {
	if c.argsOff < 0 || t.End <= t.Start {
		return c.Hint.ArgsSpan
	}
	return spanAt(doc, c.argsOff+t.Start, c.argsOff+t.End)
}

// flagSpan returns the span of a flag as written ("--limit" of
// "--limit=5"), or of its whole token when that cannot be mapped.
func (c *hintCall) flagSpan(doc *sfmd.Document, f *flagArg) sfmd.Span {
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
		return "tool action " + quote(c.ActionID)
	}
	return "action " + quote(c.ActionID)
}

// namedParams returns the action's parameters that have a name.
// (a.Params itself, capacity clipped, when every one has: most do).
func namedParams(a *sfmd.Action) []*sfmd.Param {
	k := 0
	for k < len(a.Params) && a.Params[k].Name != "" {
		k++
	}
	if k == len(a.Params) {
		return a.Params[:k:k]
	}
	out := append([]*sfmd.Param(nil), a.Params[:k]...)
	for _, p := range a.Params[k:] {
		if p.Name != "" {
			out = append(out, p)
		}
	}
	return out
}

// quoteAll renders every name as "a", "b", "c" (quoteList without a
// limit).
func quoteAll(names []string) string { return quoteList(names, -1) }

// quoteList renders up to limit names as "a", "b", "c" (and n more).
func quoteList(names []string, limit int) string {
	// written into one buffer: hint-unknown-flag lists the flags for each
	// of 5,693 findings on the 10 MB document (TestQuoteList)
	written := len(names) // the items written: every name for a negative limit (quoteAll)
	if limit >= 0 {
		written = min(written, limit+1)
	}
	buf := make([]byte, 0, 16*written)
	return string(appendList(buf, len(names), limit, func(buf []byte, i int) []byte {
		return appendQuote(buf, names[i]) // what %q prints
	}))
}

// appendList appends n items, each written by item, separated by ", ",
// those from limit on (when limit is not negative) as "and N more": the
// list of quoteList and of hint-unknown-flag's appendFlagList.
func appendList(buf []byte, n, limit int, item func(buf []byte, i int) []byte) []byte {
	for i := 0; i < n; i++ {
		if i > 0 {
			buf = append(buf, ", "...)
		}
		if i == limit {
			return append(strconv.AppendInt(append(buf, "and "...), int64(n-limit), 10), " more"...)
		}
		buf = item(buf, i)
	}
	return buf
}

// unfilledParams returns the names of the parameters no flag sets, in
// declaration order: the fields positional values bind to.
func unfilledParams(inv *invocation, params []*sfmd.Param) []string {
	var out []string
	for _, p := range params {
		if inv.Flag(p.Name) == nil && inv.FileFlag(p.Name) == nil {
			out = append(out, p.Name)
		}
	}
	return out
}

func isIDByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
