package sfmd

import (
	"strings"
	"unicode/utf8"
)

// The language's facts, written once: the names it reserves, the context
// variables, the parameter types, the shapes of its names and the flag
// syntax of an invocation. The rules, the runtime model, the language
// server and the runner read them from here (spec.md §1, §2;
// runtime-semantics.md §1.3, §1.10).

// ParamType is a parameter type of the spec (spec.md §1.9.5), with what
// it holds.
type ParamType struct{ Name, Doc string }

// ParamTypes are the parameter types, in the spec's order.
var ParamTypes = []ParamType{
	{"string", "text"},
	{"number", "integer or float"},
	{"boolean", "true or false; a bare --flag means true"},
	{"path", "a file path"},
}

// ParamTypeNames are the names of ParamTypes.
var ParamTypeNames = func() []string {
	out := make([]string, len(ParamTypes))
	for i, t := range ParamTypes {
		out[i] = t.Name
	}
	return out
}()

// IsParamType reports whether t is a parameter type (case matters): one
// of the names of ParamTypes, which TestIsParamTypeMatchesList holds this
// switch to.
func IsParamType(t string) bool {
	switch t {
	case "string", "number", "boolean", "path":
		return true
	}
	return false
}

// BooleanType is the one type the runtime acts on: a bare --flag (no
// value) is accepted only for a field typed exactly "boolean", and is set
// to "true"; for a field of any other declared type the call is refused
// with INVALID_PAYLOAD "Flag --x requires a value" (action.ts
// executeAction). Every other type, "number" included, is documentation:
// parser.ts parseActionBlock reads any word as the type and every value
// stays the text the caller wrote (nothing is converted).
const BooleanType = "boolean"

// paramTypeAliases are type names of other languages, with the parameter
// type they mean (lower case).
var paramTypeAliases = map[string]string{
	"int": "number", "integer": "number", "float": "number", "double": "number", "num": "number", "decimal": "number", "long": "number",
	"bool": "boolean",
	"str":  "string", "text": "string", "enum": "string", "url": "string", "uri": "string", "date": "string",
	"file": "path", "filepath": "path", "dir": "path", "directory": "path", "filename": "path",
}

// MeantParamType is the parameter type a written type stands for, in any
// case: the type itself ("Number" means number) or the type a name from
// another language means ("int", "double", "long": number; "bool":
// boolean; "str", "url": string; "file", "dir": path); "" for any other
// word. Only what the runtime reads (BooleanType, exactly) changes a
// call; the samplers (the dry run's, sfmd test --init's) and
// param-type-unknown's suggestion read a field's type through this.
func MeantParamType(t string) string {
	if l := strings.ToLower(t); IsParamType(l) {
		return l
	}
	return ParamTypeAlias(t)
}

// ParamTypeAlias is the parameter type a name from another language
// means, in any case ("Int": number), or "".
func ParamTypeAlias(t string) string { return paramTypeAliases[strings.ToLower(t)] }

// FrontmatterField is a field of the frontmatter (spec.md §1.4): its key,
// what it is for, whether its value is a string (title: …) and whether
// the editor leaves it out of its completions (category, replaced by
// type; requires, undocumented).
type FrontmatterField struct {
	Key, Doc string
	String   bool
	Hidden   bool
}

// FrontmatterFields are the fields the spec and the runtime define, in
// the spec's order.
var FrontmatterFields = []FrontmatterField{
	{"title", "document title; /info shows it", true, false},
	{"description", "short summary, used in help and the registry", true, false},
	{"author", "author name or handle", true, false},
	{"tags", "list of strings for categorisation and registry search", false, false},
	{"version", "document or package version (SemVer)", true, false},
	{"name", "app or tool name ([a-zA-Z0-9_-]+); /tool:<name> matches it", true, false},
	{"namespace", "publisher id: (namespace, name) identifies the package", true, false},
	{"type", "app or tool: where /install registers the package", true, false},
	{"category", "older name of type: registry classification only", true, true},
	{"default", "action run on /open and /refresh (apps) or by a bare /tool:name (tools)", true, false},
	{"env", "persistent variables the document needs: - NAME: \"description\"", false, false},
	{"sfmd", "targeted SFMD spec version, e.g. \"0.1\"", false, false},
	{"requires", "the variables an app needs: /open lists the missing ones (open.ts cmdOpen)", false, true},
}

// frontmatterKeys returns the keys of the fields keep accepts.
func frontmatterKeys(keep func(FrontmatterField) bool) []string {
	var out []string
	for _, f := range FrontmatterFields {
		if keep(f) {
			out = append(out, f.Key)
		}
	}
	return out
}

// FrontmatterKeys are the keys of FrontmatterFields; FrontmatterStringKeys
// those whose value is a string.
var (
	FrontmatterKeys       = frontmatterKeys(func(FrontmatterField) bool { return true })
	FrontmatterStringKeys = frontmatterKeys(func(f FrontmatterField) bool { return f.String })
)

// PackageType is a value of the frontmatter's type (and of the older
// category): where /install registers the package.
type PackageType struct{ Name, Doc string }

// PackageTypes are the package types.
var PackageTypes = []PackageType{
	{"app", "multi-page, entered with /open"},
	{"tool", "called with /tool:name"},
}

// PackageTypeNames are the names of PackageTypes.
var PackageTypeNames = func() []string {
	out := make([]string, len(PackageTypes))
	for i, t := range PackageTypes {
		out[i] = t.Name
	}
	return out
}()

// ContextVarNames are the context variables the runtime gives every
// action ($HOME, $ARGS, …; context-vars.ts buildContextVars), sorted. The
// runtime model computes their values (model's contextVars, held to this
// list by model's TestContextVarNames).
var ContextVarNames = []string{
	"ARGS", "CURRENT_BLOCK", "CURRENT_FILE", "CURRENT_TARGET", "CURRENT_URI", "CWD",
	"HOME", "STRING_APP_DIR", "STRING_WORK_DIR",
}

// ArgsVar is the context variable holding the call's raw argument string
// ($ARGS), which passes every argument through.
const ArgsVar = "ARGS"

// IsContextVarName reports whether name (without '$') is a context
// variable.
func IsContextVarName(name string) bool {
	for _, n := range ContextVarNames {
		if n == name {
			return true
		}
	}
	return false
}

// Reserved names.
const (
	// HelpFlag and HelpAlias ask for an action's help wherever they stand
	// among its arguments, so a parameter named help or aliased -h cannot
	// be set (helpers.ts parsePosixFlags).
	HelpFlag  = "--help"
	HelpAlias = "-h"
	// ReservedParamName is the parameter name --help would set.
	ReservedParamName = "help"
	// ReservedNavName is the nav name of the document's own shortcuts
	// (/nav page, @page.id).
	ReservedNavName = "page"
	// AutoShortcutPrefix starts the IDs of the shortcuts the runtime
	// generates for plain links (@link-1, @link-2, …).
	AutoShortcutPrefix = "link-"
)

// IsHelpToken reports whether an argument token asks for the help.
func IsHelpToken(t string) bool { return t == HelpFlag || t == HelpAlias }

// Shape is the shape of a name, `^[First][Rest]*$` over ASCII classes,
// checked byte by byte (names are tested by the thousand per document).
type Shape struct{ First, Rest *[256]bool }

// Chars builds a class from parts: "x-y" (three bytes, '-' in the middle)
// is a range, any other part lists its bytes.
func Chars(parts ...string) *[256]bool {
	var s [256]bool
	for _, p := range parts {
		if len(p) == 3 && p[1] == '-' {
			for c := int(p[0]); c <= int(p[2]); c++ {
				s[c] = true
			}
			continue
		}
		for i := 0; i < len(p); i++ {
			s[p[i]] = true
		}
	}
	return &s
}

// Matches reports whether all of s has the shape.
func (p Shape) Matches(s string) bool {
	if s == "" || !p.First[s[0]] {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !p.Rest[s[i]] {
			return false
		}
	}
	return true
}

// The shapes of the language's names (spec.md §1.5–§1.11).
var (
	ActionIDShape   = Shape{Chars("a-z"), Chars("a-z", "0-9", "_-")}                   // actions, shortcuts: [a-z][a-z0-9_-]*
	BlockIDShape    = Shape{Chars("a-z"), Chars("a-z", "0-9", "-")}                    // blocks, nav names, include IDs: [a-z][a-z0-9-]*
	SessionVarShape = Shape{Chars("a-z"), Chars("a-z", "0-9", "_")}                    // {var}: [a-z][a-z0-9_]*
	PersistentShape = Shape{Chars("A-Z", "a-z"), Chars("A-Z", "a-z", "0-9", "_")}      // $VAR and env names: [A-Za-z][A-Za-z0-9_]*
	ParamNameShape  = Shape{Chars("A-Z", "a-z", "_"), Chars("A-Z", "a-z", "0-9", "_")} // parameter names: [A-Za-z_][A-Za-z0-9_]*
)

// ArgToken is one token of an invocation's argument string.
type ArgToken struct {
	Text       string // the token with its quotes removed
	Start, End int    // byte offsets of the token as written
	Quoted     bool   // the token contained a quote character
}

// TokenizeArgs splits an argument string into tokens (runtime-semantics.md
// §1.3, helpers.ts parsePosixFlags): tokens split on space and tab only
// (a newline is an ordinary character), '"' and '\” switch quoting
// anywhere in a token and are removed, there is no backslash escaping,
// and empty tokens (such as "") are dropped. Each token keeps where it
// was written.
//
// A token's text is a substring of args while it is one stretch of it
// (no quote inside it): only a token that a quote splits is copied.
func TokenizeArgs(args string) []ArgToken {
	var out []ArgToken
	if n := maxArgTokens(args); n > 0 {
		out = make([]ArgToken, 0, n)
	}
	var cur []byte       // the text of a token a quote split, else unused
	split := false       // the text is in cur
	segS, segE := -1, -1 // else the text is args[segS:segE] (segS < 0: empty)
	var quote byte
	start, quoted, open := 0, false, false
	flush := func(end int) {
		switch {
		case split:
			out = append(out, ArgToken{Text: string(cur), Start: start, End: end, Quoted: quoted})
		case segS >= 0:
			out = append(out, ArgToken{Text: args[segS:segE], Start: start, End: end, Quoted: quoted})
		}
		cur, split, segS, segE = cur[:0], false, -1, -1
		quoted, open = false, false
	}
	write := func(i int) {
		switch {
		case split:
			cur = append(cur, args[i])
		case segS < 0:
			segS, segE = i, i+1
		case segE == i:
			segE++
		default: // a quote came between: the text is no longer a substring
			cur = append(append(cur[:0], args[segS:segE]...), args[i])
			split = true
		}
	}
	for i := 0; i < len(args); i++ {
		c := args[i]
		if !open && (quote != 0 || (c != ' ' && c != '\t')) {
			start, open = i, true
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				write(i)
			}
		case c == '"' || c == '\'':
			quote, quoted = c, true
		case c == ' ' || c == '\t':
			flush(i)
		default:
			write(i)
		}
	}
	flush(len(args))
	if len(out) == 0 {
		return nil // as without the reservation
	}
	return out
}

// maxArgTokens bounds the tokens of args: a token starts at a byte that
// is neither a space nor a tab, after one or at the start (a quote may
// join stretches, and an empty token is dropped: never more tokens).
func maxArgTokens(args string) int {
	n, blank := 0, true
	for i := 0; i < len(args); i++ {
		c := args[i]
		b := c == ' ' || c == '\t'
		if blank && !b {
			n++
		}
		blank = b
	}
	return n
}

// ActCallTarget reads the start of an invocation hint that calls an
// action: /act.id, /act id, and the older /action.id, /action id, the
// spaces and tabs after the space form skipped. off is where the action's
// ID starts in c; ok is false when c does not start with such a call.
// The parser's hints and the language server's completion read calls
// through it (the runtime's own reading of a command line, which knows
// /act only, is model.CalledAction).
func ActCallTarget(c string) (off int, ok bool) {
	for _, verb := range [...]string{"/action", "/act"} {
		if len(c) > len(verb) && strings.HasPrefix(c, verb) && (c[len(verb)] == '.' || c[len(verb)] == ' ') {
			off = len(verb) + 1
			if c[len(verb)] == ' ' {
				for off < len(c) && (c[off] == ' ' || c[off] == '\t') {
					off++
				}
			}
			return off, true
		}
	}
	return 0, false
}

// EndOfFlags is the token after which every token is positional.
const EndOfFlags = "--"

// Flag is a token read as a flag: "--name", "--name=value" or "-n".
type Flag struct {
	Name     string // without its dashes (for -n, the letter: an alias)
	Short    bool   // written -n
	Value    string // the value of --name=value
	HasValue bool   // written --name=value
}

// IsShortFlag reports whether t is a short flag: exactly two characters
// (UTF-16 units, as JavaScript counts them) starting with '-'. The '-' is
// one unit, so what follows it must be one character below U+10000 (a
// character above takes two units, a surrogate pair); an invalid byte
// decodes to U+FFFD, one unit, as Go's []rune conversion reads it.
func IsShortFlag(t string) bool {
	if len(t) < 2 || t[0] != '-' {
		return false
	}
	r, size := utf8.DecodeRuneInString(t[1:])
	return size == len(t)-1 && r < 0x10000
}

// IsFlagToken reports whether the runtime takes t for a flag (so it does
// not become the value of the flag before it).
func IsFlagToken(t string) bool { return strings.HasPrefix(t, "--") || IsShortFlag(t) }

// ReadFlag reads t as a flag; ok is false for a positional (and for
// EndOfFlags, which the caller handles first).
func ReadFlag(t string) (f Flag, ok bool) {
	switch {
	case strings.HasPrefix(t, "--") && len(t) > 2:
		if eq := strings.IndexByte(t, '='); eq > 2 {
			return Flag{Name: t[2:eq], Value: t[eq+1:], HasValue: true}, true
		}
		return Flag{Name: t[2:]}, true
	case IsShortFlag(t) && t != EndOfFlags:
		return Flag{Name: t[1:], Short: true}, true
	}
	return Flag{}, false
}
