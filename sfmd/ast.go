// Package sfmd parses SFMD (String Flavored Markdown) documents into a
// typed AST with exact positions. It does no I/O beyond the bytes it is
// given and never panics on user input: every construct it cannot read is
// kept (as an unrecognized line, a problem, or both) so that a lint rule can
// point at it.
package sfmd

// The AST's *yaml.Node fields are read by rules/, so this package moves
// from gopkg.in/yaml.v3 to go.yaml.in/yaml/v3 together with rules/.
import (
	"iter"
	"sync"
	"unsafe"

	"go.yaml.in/yaml/v3"
)

// Document is one parsed SFMD file. Strings in the AST alias Src: do not
// modify Src after Parse.
type Document struct {
	Path  string
	Src   []byte
	Index *LineIndex

	HasBOM bool // the file starts with a UTF-8 byte order mark
	CRLF   int  // number of lines ending in "\r\n"

	Frontmatter *Frontmatter // nil when the file has none

	Fences     []*Fence     // every fenced code block (act or not), in order
	Actions    []*Action    // ```act.<id> blocks, in order
	Responses  []*Response  // ```act.<id>.response blocks, in order
	Markers    []*Marker    // <!-- #id --> / <!-- /id --> block markers
	Comments   []*Comment   // every other HTML comment outside code (suppressions live here)
	Directives []*Directive // [!type:name](path) lines (and inline ones, flagged)
	Shortcuts  []*Shortcut  // [@id Label](url), [Label][@id], [@id]: url
	Links      []*Link      // ordinary links [label](dest), including act: links
	Hints      []*Hint      // inline code spans starting with /act, /action or /tool:, in source order
	ProseVars  []*VarRef    // $VAR and {{fetch:…}} found in prose outside action blocks

	Problems []Problem // syntax problems, in source order

	// names holds the index of names once built (Names); a copy of the
	// Document shares it and builds its own.
	names *namesCache
	// arena is the Arena the document was parsed from (nil: none): what
	// is built from it later (Placeholders) is carved from it too
	arena *Arena
	// maxPlaces bounds the number of placeholders, counted by the parse
	// (docParser.places); 0: not counted (maxPlaceholders counts then)
	maxPlaces int
	// respFacts holds what the parse noted of each response template
	// (respFact), for the Actions and Responses lists it made
	// (factActions, factResponses): see responseFacts; respPlaces the
	// places of their lines, one template after the other
	respFacts     []respFact
	respPlaces    []placeRef
	factActions   []*Action
	factResponses []*Response
	// actPlaces holds the places of the actions' placeholders (a
	// placeRef whose line is the Place), one action after the other,
	// action k's ending at actEnds[k]: see actionFacts
	actPlaces []placeRef
	actEnds   []int32
	// destFacts: the parse noted whether a destination of the Links and
	// Shortcuts lists it made (factLinks, factShortcuts) holds a $NAME
	// (destRefs): see noDestinationRefs
	destFacts     bool
	destRefs      bool
	factLinks     []*Link
	factShortcuts []*Shortcut
}

// sameList reports whether a and b are the same list (not a copy).
func sameList[T any](a, b []T) bool {
	return len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b)
}

// noDestinationRefs reports that the parse found no $NAME in the
// destinations of d's links and shortcuts (DestinationDollarRefs finds
// none), for the lists it made.
func (d *Document) noDestinationRefs() bool {
	return d.destFacts && !d.destRefs && sameList(d.Links, d.factLinks) && sameList(d.Shortcuts, d.factShortcuts)
}

// respFact is what the parse notes of a response template as it reads
// it, for the readers of the finished tree that walk every template
// (listPlaceholders, TemplateActLinks): its owner, the first action of
// its ID; the places of its lines' placeholders (Document.respPlaces
// from from to to: see placeRef); and whether an output line's text
// holds "](act:" (TemplateActLinks finds nothing in the others).
type respFact struct {
	owner    *Action
	from, to int32
	actLinks bool
}

// placeRef is the place of a response template line's placeholders, in
// the order responsePlaceholders lists them: a reference of the parser's
// (ref), or where the $NAME of the line's text go (ref nil: the line
// holds one, hasDollarRef; LineDollarRefs reads them). Of an action's
// (actPlaces), line is the Place.
type placeRef struct {
	ref  *VarRef
	line int
}

// actionFacts returns where the places of each action's placeholders end
// in d.actPlaces, or nil when the parse noted none or d's list of actions
// is not the one the parse made (a copy of the Document given another).
func (d *Document) actionFacts() []int32 {
	if len(d.actEnds) == 0 || len(d.actEnds) != len(d.Actions) || !sameList(d.Actions, d.factActions) {
		return nil
	}
	return d.actEnds
}

// responseFacts returns the parse's facts of d.Responses, in their order,
// or nil when there are none or d's lists of actions and responses are
// not the ones the parse made (a copy of the Document given others): the
// caller then reads the tree.
func (d *Document) responseFacts() []respFact {
	f := d.respFacts
	if len(f) == 0 || len(f) != len(d.Responses) || !sameList(d.Responses, d.factResponses) || !sameList(d.Actions, d.factActions) {
		return nil
	}
	return f
}

type namesCache struct {
	once  sync.Once
	names *Names
	// the placeholders, once listed (Placeholders), and of which Document
	placesOnce sync.Once
	places     []Placeholder
	placesOf   *Document
}

// Problem is a syntax problem the parser found. Code is the stable rule
// name under which lint reports it (for example "fence-unclosed").
type Problem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Span    Span   `json:"span"`
}

// ---------------------------------------------------------------------------
// Frontmatter

// Frontmatter is the YAML block between the two "---" lines at the top.
type Frontmatter struct {
	Span    Span   // from the opening "---" to the end of the closing one
	Raw     string // the YAML text between the delimiters
	RawSpan Span   // where Raw sits in the file
	Closed  bool   // a closing delimiter was found
	// LastLine is set when Closed is false and Parse read the fields up
	// to this line as meant: the closing "---" belongs after it.
	LastLine  int
	Root      *yaml.Node // the document's root node (nil when the YAML is invalid or empty)
	Fields    []*Field   // top-level keys in order (also for unknown and duplicate keys)
	Env       []*EnvEntry
	EnvSpan   Span // the `env` value
	YAMLError string
}

// Field is one top-level frontmatter key.
type Field struct {
	Key       string
	KeySpan   Span
	Value     *yaml.Node
	ValueSpan Span
}

// Get returns the first field with the given key, or nil.
func (f *Frontmatter) Get(key string) *Field {
	if f == nil {
		return nil
	}
	for _, x := range f.Fields {
		if x.Key == key {
			return x
		}
	}
	return nil
}

// String returns the scalar value of key and whether it is present as a
// scalar.
func (f *Frontmatter) String(key string) (string, bool) {
	x := f.Get(key)
	if x == nil || x.Value == nil || x.Value.Kind != yaml.ScalarNode {
		return "", false
	}
	return x.Value.Value, true
}

// EnvEntry is one item of the frontmatter `env` list.
type EnvEntry struct {
	Name            string
	NameSpan        Span
	Description     string
	HasDescription  bool
	DescriptionSpan Span
	Default         *yaml.Node // sibling `default:` value, or nil
	DefaultSpan     Span
	Span            Span       // the whole list item
	Node            *yaml.Node // the item node
	Form            EnvForm
	Extra           []*Field // other sibling keys (malformed)
}

// EnvForm says how an env entry was written.
type EnvForm int

const (
	EnvCanonical EnvForm = iota // - NAME: "description" [default: x]
	EnvBare                     // - NAME
	EnvObject                   // - name: NAME / description: … (non-canonical)
	EnvOther                    // anything else (a list, a number, …)
)

// ---------------------------------------------------------------------------
// Fences

// Fence is a fenced code block as CommonMark sees it, or as its author
// meant it when the parser recovered from a fence mistake (Nested,
// MissingClose; see ParseAsRuntime).
type Fence struct {
	Span     Span // opening fence line start to end of closing fence (or last line)
	OpenSpan Span // the opening fence line
	Char     byte // '`' or '~'
	Closed   bool
	Length   int    // number of fence characters
	Info     string // the whole info string, trimmed
	InfoSpan Span
	Lines    []Line // content lines (container prefixes removed)
	Indent   int    // indentation of the opening fence inside its container

	// Nested is set when the fence holds fences of its own kind that
	// CommonMark would let close it early: the parser reads it to the
	// closing line its author meant (see Nesting).
	Nested *Nesting
	// MissingClose is set when an act.<id> block lacks its closing line:
	// the parser ends the block where its content ends (see MissingClose).
	MissingClose *MissingClose
}

// Line is one source line inside a construct, with its container prefix
// (list indentation, "> ") removed. Text never contains the line
// terminator.
type Line struct {
	Text string
	Span Span // covers Text
}

// ---------------------------------------------------------------------------
// Actions

// Method names as written on the first line.
const (
	MethodGET    = "GET"
	MethodPOST   = "POST"
	MethodPUT    = "PUT"
	MethodPATCH  = "PATCH"
	MethodDELETE = "DELETE"
	MethodCLI    = "CLI"
)

// Action is a ```act.<id> block.
type Action struct {
	ID     string
	IDSpan Span
	Fence  *Fence
	Span   Span

	// First line. Method is upper-cased; MethodRaw is as written.
	FirstLine  Line
	Method     string
	MethodRaw  string
	MethodSpan Span
	Target     *Template // URL (HTTP) or command (CLI); nil when missing
	Headers    []*Header
	InlineBody *InlineBody // -d '…'
	// Stray are tokens on an HTTP first line after the URL that are neither
	// -H nor -d (the runtime glues them to the URL).
	Stray []*Token

	Params []*Param
	Bodies []*Body // `body:` sections (normally zero or one)

	// Continuation holds the lines after the first that carry on its
	// command or -d body (an open quote, a trailing backslash, a pipe, a
	// here-document): the runtime reads only the first line and ignores
	// them. Empty in ParseAsRuntime, which reads every line on its own.
	Continuation []Line

	// Lines after the first that are not params, body directives, body
	// content or blank.
	Unrecognized []*Line
}

// IsCLI reports whether the action runs a shell command.
func (a *Action) IsCLI() bool { return a.Method == MethodCLI }

// IsHTTP reports whether the action sends an HTTP request.
func (a *Action) IsHTTP() bool {
	switch a.Method {
	case MethodGET, MethodPOST, MethodPUT, MethodPATCH, MethodDELETE:
		return true
	}
	return false
}

// Param returns the parameter named name, or nil.
func (a *Action) Param(name string) *Param {
	for _, p := range a.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Body returns the first body template, or nil.
func (a *Action) Body() *Body {
	if len(a.Bodies) == 0 {
		return nil
	}
	return a.Bodies[0]
}

// Templates yields the templates of the action's definition in source
// order: the target, the header values, the inline -d body and the
// body: sections (those that are set). Parameter defaults are not
// templates (Param.DefaultRefs).
func (a *Action) Templates() iter.Seq[*Template] {
	return func(yield func(*Template) bool) {
		if a.Target != nil && !yield(a.Target) {
			return
		}
		for _, h := range a.Headers {
			if h.Value != nil && !yield(h.Value) {
				return
			}
		}
		if a.InlineBody != nil && a.InlineBody.Template != nil && !yield(a.InlineBody.Template) {
			return
		}
		for _, b := range a.Bodies {
			if b.Template != nil && !yield(b.Template) {
				return
			}
		}
	}
}

// Token is a piece of text with its span.
type Token struct {
	Text string
	Span Span
}

// Header is a -H "Name: value" flag on the first line.
type Header struct {
	Span     Span // from "-H" to the closing quote
	Raw      string
	RawSpan  Span // text between the quotes
	Quote    byte // '"', '\'' or 0 when unquoted
	Closed   bool // the closing quote was found
	HasColon bool
	// Valid is true when the runtime recognises the header: double quotes,
	// closed, no '"' inside and a colon.
	Valid    bool
	Name     string
	NameSpan Span
	Value    *Template // trimmed value
}

// InlineBody is the -d '…' body on the first line.
type InlineBody struct {
	Span     Span
	Quote    byte
	Closed   bool
	Template *Template
}

// Param is an indented parameter line.
type Param struct {
	Line   Line
	Span   Span // the whole line (without trailing whitespace)
	Indent int  // leading whitespace characters

	Name      string
	NameSpan  Span
	Alias     string // "-n" as written, or ""
	AliasSpan Span
	Type      string // "" when missing
	TypeSpan  Span

	Constraints    []*Constraint
	ConstraintSpan Span // the parenthesised group, when present
	Required       bool
	Optional       bool // explicitly (optional)
	Tabs           bool // the indentation contains a tab

	Description     string
	DescriptionSpan Span

	Default     string
	DefaultSpan Span
	DefaultRefs []*VarRef // $VAR in the default

	// whether the description and the default are written, and quoted
	HasDescription    bool
	DescriptionQuoted bool
	HasDefault        bool
	DefaultQuoted     bool

	// CanonicalOrder is false when the description precedes the constraints.
	CanonicalOrder bool
	// TrailingSpace is true when the line ends in spaces or tabs.
	TrailingSpace bool
	// CR is true when the line ends in "\r\n": the reference runtime
	// splits lines on "\n" only, so its field pattern sees the "\r" and
	// drops the line whatever its text (Strict judges the text alone, so
	// that the other rules read a CRLF file as its author meant it).
	CR bool
	// Strict is true when the reference runtime's parser would accept the
	// line (only (required)/(optional), quoted description and default,
	// canonical order, no trailing whitespace).
	Strict bool
}

// ConstraintKind classifies one item inside the parentheses.
type ConstraintKind int

const (
	ConstraintUnknown ConstraintKind = iota
	ConstraintRequired
	ConstraintOptional
	ConstraintMin
	ConstraintMax
	ConstraintHint // a|b|c
)

func (k ConstraintKind) String() string {
	return [...]string{"unknown", "required", "optional", "min", "max", "hint"}[k]
}

// Constraint is one comma-separated item inside the parentheses.
type Constraint struct {
	Kind  ConstraintKind
	Text  string // as written, trimmed
	Value string // the N of min:N / max:N, or the hint text
	Span  Span
}

// Body is a `body:` section of an action.
type Body struct {
	DirectiveSpan Span // the "body:" line
	Indent        int  // indentation of the "body:" line
	Lines         []Line
	Template      *Template // Text is the lines joined with "\n", common indentation removed
}

// Template is a text with placeholders: a URL, a command, a header value,
// a body, a to: path, an output line.
type Template struct {
	Text string
	Span Span // for multi-line templates, first to last line
	Refs []*VarRef
}

// ---------------------------------------------------------------------------
// Variable references

// RefKind classifies a reference.
type RefKind uint8

const (
	RefVar        RefKind = iota // {name}: a field or session variable
	RefPersistent                // $NAME
	RefResponse                  // {Response.…}
	RefSpread                    // {...args}
	RefShortcut                  // {@name}
	RefLiveFetch                 // {{fetch:URL}}
	RefInvalid                   // {…} that looks like a placeholder but is not well formed
)

func (k RefKind) String() string {
	return [...]string{"var", "persistent", "response", "spread", "shortcut", "live-fetch", "invalid"}[k]
}

// VarRef is one reference in a template or prose.
type VarRef struct {
	Kind RefKind
	// QuotedBefore/QuotedAfter: a '"' directly precedes/follows the braces
	// (JSON-string context in bodies).
	QuotedBefore bool
	QuotedAfter  bool
	Raw          string // as written, braces included
	Span         Span
	// Name is the variable name: "city" for {city} and {city.name},
	// "API_KEY" for $API_KEY, "body"/"status" (the root) for {Response.…}.
	Name string
	// Path is the rest after the name: for {item.title} ["title"]; for
	// {Response.body.items[0].x} the segments after the root.
	Path []PathSeg
	// PathText is the path after "Response." or after the name, as written.
	PathText  string
	Index     int // the N of {name[N]}, or -1
	Modifiers []string
	// Problem is set when the reference is malformed (why).
	Problem string
}

// PathSeg is one step of a JSON path: a key or an index.
type PathSeg struct {
	Key     string `json:"key,omitempty"`
	Index   int    `json:"index"`
	IsIndex bool   `json:"is_index,omitempty"`
	// DotIndex is true for the ".0" form of an index.
	DotIndex bool `json:"dot_index,omitempty"`
}

// ---------------------------------------------------------------------------
// Response templates

// LineKind classifies a response template line.
type LineKind uint8

const (
	LineOutput LineKind = iota
	LineAssign
	LineValueShortcut
	LineSave
	LineDecode
	LineFor
	LineEnd
	LineTo
	LineBlank
)

func (k LineKind) String() string {
	return [...]string{"output", "assignment", "value-shortcut", "save", "decode", "for", "end", "to", "blank"}[k]
}

// Response is a ```act.<id>.response block.
type Response struct {
	ActionID string
	IDSpan   Span
	Fence    *Fence
	Span     Span
	Lines    []*TemplateLine
}

// TemplateLine is one classified response-template line.
type TemplateLine struct {
	Kind LineKind
	// StrictAssign is true when the runtime treats an assignment as one (no
	// leading whitespace, right side exactly one {Response.…}).
	StrictAssign bool
	// ForValid is false when a for: line does not read "for: <item> in <path>".
	ForValid bool
	// Loop is the index in Response.Lines of the enclosing for: line, or -1.
	Loop int32
	Line Line

	// Assignment / value shortcut: the left side name ("city", or "x" for
	// {@x}) and the right side.
	LHS     string
	LHSRaw  string // as written, e.g. "{city}" or "$TOKEN"
	LHSSpan Span
	RHS     *Template

	// save/decode/to/for: the argument after the keyword, trimmed.
	Arg     string
	ArgSpan Span

	// for: the loop variable and the path.
	ItemVar     string
	ItemVarSpan Span

	// Output lines and to: paths carry their references here; for
	// assignments it is RHS.Refs.
	Template *Template
}

// ---------------------------------------------------------------------------
// Prose constructs

// Marker is a block marker comment.
type Marker struct {
	ID      string
	IDSpan  Span
	Span    Span
	Open    bool // <!-- #id --> (true) or <!-- /id --> (false)
	OwnLine bool // alone on its line
	// Exact is true for the exact form "<!-- #id -->" / "<!-- /id -->".
	Exact bool
}

// Comment is an HTML comment outside code that is not a block marker.
type Comment struct {
	Text    string // between "<!--" and "-->", trimmed
	Span    Span
	OwnLine bool
}

// Directive is a [!type:name](path) construct.
type Directive struct {
	Type     string // nav, include, requirements, menu, or anything else
	TypeSpan Span
	Name     string // "" when there is none
	HasColon bool
	NameSpan Span
	Path     string
	PathSpan Span
	Span     Span
	OwnLine  bool
	InBlock  string // the ID of the enclosing block marker, if any
}

// ShortcutForm says which syntax defined or used a shortcut.
type ShortcutForm int

const (
	ShortcutInline  ShortcutForm = iota // [@id Label](url)
	ShortcutRefUse                      // [Label][@id]
	ShortcutRefDef                      // [@id]: url
	ShortcutNoLabel                     // [@id](url): no label, not a shortcut
)

func (f ShortcutForm) String() string {
	return [...]string{"inline", "reference", "definition", "no-label"}[f]
}

// Shortcut is a shortcut definition or use.
type Shortcut struct {
	Form      ShortcutForm
	ID        string // without '@' (may include a namespace: "main.home")
	IDSpan    Span
	Label     string
	LabelSpan Span
	URL       string
	URLSpan   Span
	Span      Span
}

// Link is an ordinary Markdown inline link [label](dest).
type Link struct {
	Label     string
	LabelSpan Span
	Dest      string
	DestSpan  Span
	Span      Span
	// Act is set for act: links: the action ID, its query and fragment.
	ActID    string
	ActQuery []QueryParam
	Fragment string
	IsAct    bool
	HasFrag  bool
}

// QueryParam is one key=value of an act: link.
type QueryParam struct {
	Key     string
	Value   string
	KeySpan Span
}

// Hint is an inline code span that shows an invocation: /act.x …,
// /act x …, /action.x …, /tool:name[.act] ….
type Hint struct {
	Text string // the code span content
	Span Span   // the content
	// Verb is "act" or "tool"; Target the action ID (for act) or
	// "name[.act]" (for tool).
	Verb       string
	Target     string
	TargetSpan Span
	Args       string // the rest after the target
	ArgsSpan   Span
	Refs       []*VarRef
	// InResponse is the action ID whose response template holds the hint
	// (bare /act.x lines in templates), or "".
	InResponse string
}
