package model

// ParseError is one error of parser.ts parse(): its line (from 1) and
// message ("UNCLOSED_BLOCK: ...").
type ParseError struct {
	Line    int
	Message string
}

// String is the error as resolver.ts shows it among the document's
// warnings: "Line N: message".
func (e ParseError) String() string { return "Line " + itoa(e.Line) + ": " + e.Message }

// Mark is an id and the line (from 1) that declares it.
type Mark struct {
	ID   string
	Line int
}

// Outline is what the reference compiler's validator reads of parser.ts
// parse() (packages/compiler/src/validator.ts validate): the blocks (their
// open line, in the order they close), the include lines, every menu and
// nav line, and the parse errors in the order parse() records them.
type Outline struct {
	Blocks, Includes, Menus []Mark
	Errors                  []ParseError
}

// ParseOutline reads source as parser.ts parse() does (the runtime's one
// reading, parseRef) and returns its outline.
func ParseOutline(source string) Outline {
	d := parseRef(source)
	var o Outline
	for i, id := range d.Blocks {
		o.Blocks = append(o.Blocks, Mark{ID: id, Line: d.BlockLines[i]})
	}
	for i, id := range d.Includes {
		o.Includes = append(o.Includes, Mark{ID: id, Line: d.IncludeLines[i]})
	}
	for _, m := range d.MenuLines {
		o.Menus = append(o.Menus, Mark{ID: m.Name, Line: m.Line})
	}
	o.Errors = append(o.Errors, d.Errors...)
	return o
}

// Extract is core extractor.ts extract(): the content of block id of
// source (markers, then a heading's {#id} or slug), and whether it was
// found.
func Extract(source, id string) (string, bool) { return extractBlock(source, id) }

// TrimJS is JavaScript's String.prototype.trim.
func TrimJS(s string) string { return jsTrim(s) }
