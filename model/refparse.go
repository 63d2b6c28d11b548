package model

import (
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// The runtime reads a document the way the reference parser does
// (packages/core/src/parser.ts), not the way CommonMark or the linter's
// parser does: fences are recognised on trimmed lines, field lines must match
// one strict regular expression, headers only in double quotes, and so on.
// Reproducing that parser here keeps the runtime's view exact whatever the
// linter's AST reports.

// JavaScript's \s, \S and "." (which excludes line terminators) as RE2 classes.
const (
	jsS    = `[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`
	jsNS   = `[^\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`
	jsDot  = `[^\n\r\x{2028}\x{2029}]`
	jsDotS = `[\s\S]`
)

// The runtime's patterns (parser.ts). reField, reHeaderArg, reBodyArg,
// reFlagStart and reShortcut are read by scanners (matchField,
// headerArgs, bodyArg, flagStart, refShortcutSpans) that the tests hold
// to them, as are reFenceLine,
// reFirstLine, reActResp and reActDef (matchActInfo).
var (
	reFenceLine        = lazyre.New("^(`{3,}|~{3,})(" + jsDot + "*)$")
	reActResp          = lazyre.New(`^act\.([a-zA-Z0-9_-]+)\.response$`)
	reActDef           = lazyre.New(`^act\.([a-zA-Z0-9_-]+)$`)
	reBlockOpen        = lazyre.New(`^<!-- #([a-zA-Z0-9_-]+) -->$`)
	reBlockEnd         = lazyre.New(`^<!-- /([a-zA-Z0-9_-]+) -->$`)
	reInclude          = lazyre.New(`^\[!include:([a-zA-Z0-9_-]+)\]\(([^)]*)\)$`)
	reMenu             = lazyre.New(`^\[!menu:([a-zA-Z0-9_-]+)\]\(([^)]+)\)$`)
	reNav              = lazyre.New(`^\[!nav:([a-zA-Z0-9_-]+)\]\(([^)]+)\)$`)
	reRequirementsLine = lazyre.New(`^\[!requirements\]\(([^)]+)\)$`)
	reNoID             = lazyre.New(`^\[!(include|menu|nav)\]\(([^)]+)\)$`)
	reShortcut         = lazyre.New(`\[(@[a-zA-Z0-9_-]+)` + jsS + `+([^\]]+)\]\(([^)]+)\)`)
	reRefDef           = lazyre.New(`^\[([^\]]+)\]:` + jsS + `+<?([^\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}>]+)>?`)
	reField            = lazyre.New(`^` + jsS + `+(\w+)(?:,` + jsS + `*-([a-zA-Z]))?` + jsS + `*:` + jsS + `+(\w+)(?:` + jsS + `+\((required|optional)\))?(?:` + jsS + `+"([^"]*)")?(?:` + jsS + `*=` + jsS + `*"([^"]*)")?$`)
	reFirstLine        = lazyre.New(`(?i)^(GET|POST|PUT|PATCH|DELETE|CLI)` + jsS + `+(` + jsDot + `+)$`)
	reHeaderArg        = lazyre.New(`-H` + jsS + `+"([^"]+)"`)
	reBodyArg          = lazyre.New(`-d` + jsS + `+(?:'([^']*)'|"([^"]*)")`)
	reFlagStart        = lazyre.New(jsS + `-[Hd]` + jsS)
	reFrontm           = lazyre.New(`^---\r?\n(` + jsDotS + `*?)\r?\n---\r?\n?`)
)

type refHeader struct{ Key, Value string }

type refAction struct {
	ID      string
	Method  string // lower case: get, post, put, patch, delete, cli
	URI     string
	Headers []refHeader
	Body    string // -d text
	HasBody bool
	// Fields are the field lines read, as ActionInfo lists them (Actions
	// hands out this list, not a copy: TestActionsSlabs), and Descs the
	// description of each ("" for none), at the same index.
	Fields   []FieldInfo
	Descs    []string
	Response string
	HasResp  bool
	// isFirst is set on the first action of its id (refDoc.action's), so
	// that a listing of the actions a call can reach looks up none.
	isFirst bool
	// tmpl is the place, from 1, in refDoc.templates of the template
	// attachResponses gave the action (the last of its id), 0 for none.
	tmpl int
}

type refShortcut struct{ ID, Label, Href string }

// refMenu is a [!menu:name](path) or [!nav:name](path) line.
type refMenu struct {
	Name, Path string
	Line       int
}

type refDoc struct {
	Actions []*refAction
	// templates are the response templates read, in document order
	// (the parser's own list, kept for Parsed.SameTemplates).
	templates  []refResponse
	Menus      []string // menu names in first-seen order
	Shortcuts  []refShortcut
	RefNames   []string
	References map[string]string
	// Blocks are the <!-- #id --> blocks, in the order they close;
	// Includes the ids of [!include:id](path) lines; MenuLines every
	// menu/nav line, in order (parser.ts parse: blocks, includes, menus).
	Blocks    []string
	Includes  []string
	MenuLines []refMenu
	// BlockLines and IncludeLines are where each of Blocks (its open
	// marker) and Includes is, from 1.
	BlockLines   []int
	IncludeLines []int
	// Errors are the parse errors, in order.
	Errors []ParseError
	// Requirements is the first [!requirements](path) outside blocks.
	Requirements    string
	hasRequirements bool
	// first maps each action id to the first action of that id (the one
	// a call or a response template finds: a search in document order
	// that stops at the first match), built once the document is read.
	first map[string]*refAction
}

// action is the first action of id, or nil.
func (d *refDoc) action(id string) *refAction {
	if d.first == nil {
		for _, a := range d.Actions {
			if a.ID == id {
				return a
			}
		}
		return nil
	}
	return d.first[id]
}

// firsts is the number of actions that are the first of their id
// (isFirst): the length of Parsed.Sources and Parsed.FirstActions.
func (d *refDoc) firsts() int {
	n := 0
	for _, a := range d.Actions {
		if a.isFirst {
			n++
		}
	}
	return n
}

func splitLines(s string) []string { return strings.Split(s, "\n") }

// cutLine is strings.Cut(s, "\n") by strings.IndexByte (Cut goes through
// strings.Index for every line of the document).
func cutLine(s string) (line, rest string, found bool) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// hasLineTerminator is strings.ContainsAny(s, "\n\r\u2028\u2029") (what
// a JavaScript regexp's "." does not match), by three byte searches
// (a byte loop for a string under 16 bytes): U+2028 and U+2029 are E2 80
// A8 and E2 80 A9, and no UTF-8 sequence hides an E2, so each E2 is
// looked at, and '\n' and '\r' are found anywhere (TestByteScans).
func hasLineTerminator(s string) bool {
	if len(s) < 16 { // a fence's info string, most often: a loop costs less than three searches
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '\n', '\r':
				return true
			case 0xE2:
				if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
					return true
				}
			}
		}
		return false
	}
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		return true
	}
	for i := strings.IndexByte(s, 0xE2); i >= 0; {
		if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
			return true
		}
		k := strings.IndexByte(s[i+1:], 0xE2)
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// skipFenceLines lets parseRef pass over the lines of an open fence that
// cannot close it; TestSkipFenceLines turns it off and holds the parse
// to the line-by-line one.
var skipFenceLines = true

// parseRef is parser.ts parse(), limited to what the runtime uses.
func parseRef(source string) *refDoc { return parseRefSized(source, refSizes{}) }

// refSizes are how many actions, response templates, blocks and
// shortcuts a parse is likely to find (the linter's parse's counts, when
// there is one), which its lists and sets are made with room for at
// their first entry instead of growing to them: capacities only, what
// the parse finds is the same (TestParseSized).
type refSizes struct{ actions, responses, blocks, shortcuts int }

// sized is s, or, for a nil s, an empty list with room for n (for an
// append to fill: a list that gets no entry stays nil).
func sized[T any](s []T, n int) []T {
	if s == nil && n > 0 {
		return make([]T, 0, n)
	}
	return s
}

// parseRefSized is parseRef with lists made for sz.
func parseRefSized(source string, sz refSizes) *refDoc { return parseRefLines(source, sz, false) }

// parseRefLines is parseRefSized; everyLine reads each line outside a
// fence on its own (line), without passing over the runs of lines that
// plainRun finds: TestParsePlainRuns holds the two alike.
func parseRefLines(source string, sz refSizes, everyLine bool) *refDoc {
	// the parser's own maps are made when first written (most documents
	// have no block, menu, shortcut or response to remember)
	p := &refParser{d: &refDoc{References: map[string]string{}}, slab: newRefSlab(len(source)), sz: sz, everyLine: everyLine, scAt: -1}
	p.src = source
	for rest, n := source, 1; ; n++ { // strings.Split(source, "\n"), unallocated
		if !p.fenceOpen && !everyLine {
			// outside a fence a line that line passes over is passed
			// over with the run it belongs to, counted
			size, lines, all := p.plainRun(rest, len(source)-len(rest))
			if all {
				break
			}
			n += lines
			rest = rest[size:]
		}
		if p.fenceOpen && skipFenceLines {
			// inside a fence only a line holding the fence's character
			// can close it (line: jsTrim, then matchFenceLine); the lines
			// before the next one are skipped, counted
			i := strings.IndexByte(rest, p.fenceChar)
			if i < 0 {
				break // the fence never closes: no line left does anything
			}
			k := strings.LastIndexByte(rest[:i], '\n') + 1
			n += strings.Count(rest[:k], "\n")
			rest = rest[k:]
		}
		raw, after, more := cutLine(rest)
		p.n, p.off = n, len(source)-len(rest)
		p.line(raw)
		if !more {
			break
		}
		rest = after
	}
	if p.inBlock {
		p.errorf(p.blockLine, "UNCLOSED_BLOCK: <!-- #"+p.openBlock+" --> has no closing <!-- /"+p.openBlock+" -->")
	}
	p.d.first = make(map[string]*refAction, len(p.d.Actions))
	for _, a := range p.d.Actions {
		if _, ok := p.d.first[a.ID]; !ok {
			p.d.first[a.ID] = a
			a.isFirst = true
		}
	}
	p.attachResponses()
	return p.d
}

// refParser is parseRef's state while it reads the lines.
type refParser struct {
	d          *refDoc
	fenceOpen  bool
	fenceChar  byte
	fenceLen   int
	pend       pendingBlock // the act block being read, when pending
	pending    bool
	openBlock  string
	inBlock    bool
	blocksSeen map[string]bool
	menuSeen   map[string]bool
	scSeen     map[string]bool
	scNext     map[string]int // where the search for a free id2, id3, … of an id resumes
	responses  []refResponse
	slab       refSlab // where the actions and their fields are made
	sz         refSizes
	n          int // the line being read, from 1
	src        string
	off        int // where line n begins in src
	blockLine  int // where the open block opened
	everyLine  bool
	scAt       int // where the first "[@" at or after the last offset asked begins (shortcutFrom); -1: not looked for
}

// shortcutFrom is the offset of the first "[@" in src at or after off,
// or len(src) for none, looked for again only when off has passed the
// last one found: a line [off, off+n) holds "[@" when it is below
// off+n (neither byte is a line feed). off only grows from call to
// call.
func (p *refParser) shortcutFrom(off int) int {
	if p.scAt < off { // kept apart so that the test is inlined
		p.findShortcut(off)
	}
	return p.scAt
}

// findShortcut sets scAt to the first "[@" at or after off.
func (p *refParser) findShortcut(off int) {
	if k := strings.Index(p.src[off:], "[@"); k >= 0 {
		p.scAt = off + k
	} else {
		p.scAt = len(p.src)
	}
}

// plainRun is the run of lines that rest, which begins at off in src,
// begins with that line reads outside a fence without an effect: size
// bytes holding lines whole lines (each ended by its line feed), or,
// when all, every line left. Such a line begins with a byte that jsTrim
// keeps and that begins neither a fence line, a directive, a block
// marker nor a reference definition (plainFirst: ASCII other than white
// space, ` ~ < [; or it is empty), and holds no "[@" (links).
func (p *refParser) plainRun(rest string, off int) (size, lines int, all bool) {
	for i := 0; ; lines++ {
		if i < len(rest) && !plainFirst(rest[i]) {
			return i, lines, false
		}
		end := len(rest)
		if j := strings.IndexByte(rest[i:], '\n'); j >= 0 {
			end = i + j
		}
		if p.shortcutFrom(off+i) < off+end {
			return i, lines, false
		}
		if end == len(rest) {
			return len(rest), lines + 1, true
		}
		i = end + 1
	}
}

// errorf records a parse error.
func (p *refParser) errorf(line int, msg string) {
	p.d.Errors = append(p.d.Errors, ParseError{Line: line, Message: msg})
}

// refResponse is a response template read: its id and its text.
// refResponse is a template as read: its id, its text and the index of
// the last action read before it (-1: none).
type refResponse struct {
	id, text string
	prev     int
}

// pendingBlock is an act.<id> or act.<id>.response block being read.
type pendingBlock struct {
	response bool
	id       string
	// text is the block's lines joined by "\n" (strings.Join of the
	// lines the runtime collects): the source from from to the closing
	// fence's line, set when the block closes; no copy, no slice of lines.
	text  string
	from  int // where the line after the opening fence begins in src
	start int
}

// line reads one line: a fence, a line inside a fence, or text.
func (p *refParser) line(raw string) {
	line := jsTrim(raw)
	// each pattern is tried only on a line that starts (or, for
	// shortcuts, holds) what it must match first: the same matches, far
	// fewer regexp runs
	if run, rest, ok := matchFenceLine(line); ok {
		p.fence(raw, run, rest)
		return
	}
	if p.fenceOpen {
		return // a line of the open block: its text is cut from src when it closes
	}
	p.text(raw, line)
}

// fence opens a fence, closes the open one (keeping an action or a
// response template it held), or is a line inside the open one.
func (p *refParser) fence(raw, run, rest string) {
	d := p.d
	ch, ln, info := run[0], len(run), jsTrim(rest)
	if p.fenceOpen {
		if ch == p.fenceChar && ln >= p.fenceLen && info == "" {
			if pb := &p.pend; p.pending {
				if p.off > pb.from { // lines between the fences; else none, and "" joins them
					pb.text = p.src[pb.from : p.off-1]
				}
				if !pb.response {
					if a := p.slab.actionBlock(pb.id, pb.text); a != nil {
						d.Actions = append(sized(d.Actions, p.sz.actions), a)
					} else {
						p.errorf(pb.start, "INVALID_ACTION_BLOCK: could not parse action definition for \""+pb.id+"\"")
					}
				} else {
					// every template, in order: attachResponses gives
					// each action the last of its id, as the parser's
					// Map.set of them does (no map of ids to keep)
					p.responses = append(sized(p.responses, p.sz.responses), refResponse{pb.id, pb.text, len(d.Actions) - 1})
				}
				p.pending = false
			}
			p.fenceOpen = false
			return
		}
		return // a line of the open block
	}
	p.fenceOpen, p.fenceChar, p.fenceLen = true, ch, ln
	if !strings.HasPrefix(info, "act.") {
		return
	}
	if id, response, ok := matchActInfo(info); ok {
		p.pend, p.pending = pendingBlock{response: response, id: id, start: p.n, from: p.off + len(raw) + 1}, true
	}
}

// matchActInfo is reActResp, then reActDef, without a regexp: "act." and
// an id of [a-zA-Z0-9_-] (response false), or "act.", such an id and
// ".response" (response true); ok is false for any other info string.
func matchActInfo(info string) (id string, response, ok bool) {
	rest, found := strings.CutPrefix(info, "act.")
	if !found {
		return "", false, false
	}
	// the id's run of [a-zA-Z0-9_-], read once (as actInfo): the whole
	// rest, or all of it before ".response" (the first byte not in the
	// run is its '.')
	n := blockIDRun(rest)
	switch {
	case n == 0:
		return "", false, false
	case n == len(rest):
		return rest, false, true
	case rest[n:] == ".response":
		return rest[:n], true, true
	}
	return "", false, false
}

// isActID reports whether s matches [a-zA-Z0-9_-]+ whole.
func isActID(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) && s[i] != '-' {
			return false
		}
	}
	return s != ""
}

// text reads a line outside fences: block markers, directives, shortcuts
// and reference definitions.
func (p *refParser) text(raw, line string) {
	d := p.d
	directive, marker := strings.HasPrefix(line, "[!"), strings.HasPrefix(line, "<!-- ")
	if !directive && !marker {
		p.links(raw, line)
		return
	}
	if m := noIDLine(line); m != nil {
		p.errorf(p.n, "MISSING_IDENTIFIER: [!"+m[1]+"] requires an id \u2014 use [!"+m[1]+":name](path)")
		return
	}
	if id, ok := blockMarker(line, '#'); ok {
		switch {
		case p.inBlock:
			p.errorf(p.n, "NESTED_BLOCK: cannot open <!-- #"+id+" --> inside <!-- #"+p.openBlock+" -->")
		case p.blocksSeen[id]:
			p.errorf(p.n, "DUPLICATE_BLOCK_ID: <!-- #"+id+" --> already declared in this document")
		default:
			p.inBlock, p.openBlock, p.blockLine = true, id, p.n
			if p.blocksSeen == nil {
				p.blocksSeen = make(map[string]bool, p.sz.blocks)
			}
			p.blocksSeen[id] = true
		}
		return
	}
	if id, ok := blockMarker(line, '/'); ok {
		switch {
		case !p.inBlock:
			p.errorf(p.n, "UNEXPECTED_BLOCK_CLOSE: <!-- /"+id+" --> has no matching open marker")
		case p.openBlock != id:
			p.errorf(p.n, "MISMATCHED_BLOCK: expected <!-- /"+p.openBlock+" -->, got <!-- /"+id+" -->")
		default:
			p.inBlock = false
			d.Blocks = append(sized(d.Blocks, p.sz.blocks), id)
			d.BlockLines = append(sized(d.BlockLines, p.sz.blocks), p.blockLine)
		}
		return
	}
	if !p.inBlock {
		if id, _, ok := matchDirective(reInclude, "[!include:", line, true); ok {
			d.Includes = append(d.Includes, id)
			d.IncludeLines = append(d.IncludeLines, p.n)
			return
		}
		name, path, ok := matchDirective(reMenu, "[!menu:", line, false)
		if !ok {
			name, path, ok = matchDirective(reNav, "[!nav:", line, false)
		}
		if ok {
			d.MenuLines = append(d.MenuLines, refMenu{Name: name, Path: path, Line: p.n})
			if !p.menuSeen[name] {
				if p.menuSeen == nil {
					p.menuSeen = map[string]bool{}
				}
				p.menuSeen[name] = true
				d.Menus = append(d.Menus, name)
			}
			return
		}
		if m := prefixed(reRequirementsLine, "[!requirements](", line); m != nil {
			if !d.hasRequirements {
				d.Requirements, d.hasRequirements = m[1], true
			}
			return
		}
	}
	p.links(raw, line)
}

// scanDirectives lets text find the block markers by a scan and try each
// directive's pattern only on a line that begins with the pattern's
// literal prefix (a marker line went through three regexps);
// TestScanDirectives turns it off and holds the parse to the regexps.
var scanDirectives = true

// prefixed is re.FindStringSubmatch(line) for a pattern anchored at the
// literal prefix: nil at once for a line without it.
func prefixed(re *lazyre.Regexp, prefix, line string) []string {
	if scanDirectives && !strings.HasPrefix(line, prefix) {
		return nil
	}
	return re.FindStringSubmatch(line)
}

// matchDirective is the two groups of re.FindStringSubmatch(line) for
// reInclude (emptyPath: its path may be empty), reMenu and reNav, read
// by a scan: prefix (the pattern's literal start), an id of
// [a-zA-Z0-9_-], "](", then a path holding no ')' up to the ')' that
// ends the line (a regexp run and a slice of groups were most of a
// [!nav:…] line's time). ok is false without a match. TestMatchDirective
// holds it to the patterns.
func matchDirective(re *lazyre.Regexp, prefix, line string, emptyPath bool) (id, path string, ok bool) {
	if !scanDirectives {
		if m := re.FindStringSubmatch(line); m != nil {
			return m[1], m[2], true
		}
		return "", "", false
	}
	rest, found := strings.CutPrefix(line, prefix)
	if !found {
		return "", "", false
	}
	n := 0
	for n < len(rest) && (isWordByte(rest[n]) || rest[n] == '-') {
		n++
	}
	after, found := strings.CutPrefix(rest[n:], "](")
	if n == 0 || !found {
		return "", "", false
	}
	if end := strings.IndexByte(after, ')'); end < 0 || end != len(after)-1 || end == 0 && !emptyPath {
		return "", "", false
	}
	return rest[:n], after[:len(after)-1], true
}

// noIDLine is reNoID.FindStringSubmatch(line), tried only on a line
// beginning with one of its three literal prefixes.
func noIDLine(line string) []string {
	if scanDirectives && !strings.HasPrefix(line, "[!include](") && !strings.HasPrefix(line, "[!menu](") && !strings.HasPrefix(line, "[!nav](") {
		return nil
	}
	return reNoID.FindStringSubmatch(line)
}

// blockMarker is the id of reBlockOpen (sigil '#') or reBlockEnd (sigil
// '/') .FindStringSubmatch(line), by blockMarkerLine's scan; ok is false
// when the pattern does not match.
func blockMarker(line string, sigil byte) (id string, ok bool) {
	if !scanDirectives {
		re := reBlockEnd
		if sigil == '#' {
			re = reBlockOpen
		}
		if m := re.FindStringSubmatch(line); m != nil {
			return m[1], true
		}
		return "", false
	}
	// the sigil first: a close marker's line is scanned once, not twice
	if len(line) <= len("<!-- ") || line[len("<!-- ")] != sigil || !blockMarkerLine(line) {
		return "", false
	}
	return line[len("<!-- #") : len(line)-len(" -->")], true
}

// links reads the shortcuts of a line and its reference definition.
func (p *refParser) links(raw, line string) {
	d := p.d
	if p.everyLine && !strings.Contains(raw, "[@") || !p.everyLine && p.shortcutFrom(p.off) >= p.off+len(raw) {
		if strings.HasPrefix(line, "[") {
			p.refDef(line)
		}
		return
	}
	eachShortcutSpan(raw, isRefShortcutIDByte, func(sp [8]int) { // reShortcut's matches (refShortcutSpans)
		id, label, href := raw[sp[2]+1:sp[3]], raw[sp[4]:sp[5]], raw[sp[6]:sp[7]]
		resolved := id
		if p.scSeen[id] {
			// the first free id2, id3, …: the ids below the last one
			// taken for this id are all still taken (ids are never
			// freed), so the search goes on from there instead of from 2
			// (a document with k shortcuts of one id took k²/2 lookups)
			n := max(p.scNext[id], 2)
			for p.scSeen[id+itoa(n)] {
				n++
			}
			if p.scNext == nil {
				p.scNext = map[string]int{}
			}
			resolved = id + itoa(n)
			p.scNext[id] = n + 1
		}
		if p.scSeen == nil {
			p.scSeen = make(map[string]bool, p.sz.shortcuts)
		}
		p.scSeen[resolved] = true
		d.Shortcuts = append(sized(d.Shortcuts, p.sz.shortcuts), refShortcut{ID: resolved, Label: label, Href: href})
	})
	if strings.HasPrefix(line, "[") {
		p.refDef(line)
	}
}

// refDef reads a reference definition; the first of a name wins.
func (p *refParser) refDef(line string) {
	d := p.d
	if name, url, ok := matchRefDef(line); ok {
		if _, ok := d.References[name]; !ok {
			d.References[name] = url
			d.RefNames = append(d.RefNames, name)
		}
	}
}

// matchRefDef is reRefDef.FindStringSubmatch(line)'s two groups without a
// regexp (it ran on every line that begins with '['; TestMatchRefDef holds
// the scan to it): the name is the text up to the first ']' (at least one
// character), which "]:" and JavaScript white space must follow; the URL
// is the longest run after that white space of characters that are
// neither white space nor '>', past one '<' when a run follows it, else
// from the '<' itself (the pattern's `<?` gives it back to the group).
func matchRefDef(line string) (name, url string, ok bool) {
	if len(line) < 2 || line[0] != '[' {
		return "", "", false
	}
	end := strings.IndexByte(line, ']')
	if end < 2 || end+1 >= len(line) || line[end+1] != ':' {
		return "", "", false
	}
	i := skipJSSpace(line, end+2)
	if i == end+2 {
		return "", "", false
	}
	if i < len(line) && line[i] == '<' {
		if j := urlRun(line, i+1); j > i+1 {
			return line[1:end], line[i+1 : j], true
		}
	}
	if j := urlRun(line, i); j > i {
		return line[1:end], line[i:j], true
	}
	return "", "", false
}

// urlRun is the end of the run from i of characters that are neither
// JavaScript white space nor '>' (reRefDef's second group).
func urlRun(s string, i int) int {
	for i < len(s) {
		c := s[i]
		if c == '>' {
			break
		}
		if c < utf8.RuneSelf {
			if c <= ' ' && isJSSpace(rune(c)) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if isJSSpace(r) {
			break
		}
		i += size
	}
	return i
}

// attachResponses gives each action its response template, matched by id
// once the whole document is read: of several templates of one id the
// last, each overwriting the one before.
func (p *refParser) attachResponses() {
	p.d.templates = p.responses
	for i, r := range p.responses {
		// a template most often follows its action: when the action
		// before it is the first of its id, it is the one the map holds
		var a *refAction
		if r.prev >= 0 && prevAction {
			if pa := p.d.Actions[r.prev]; pa.isFirst && pa.ID == r.id {
				a = pa
			}
		}
		if a == nil {
			a = p.d.action(r.id)
		}
		if a != nil {
			a.Response, a.tmpl = r.text, i+1
			// action.ts executeAction runs it only when it is truthy:
			// a block without lines ("") is no template
			a.HasResp = a.Response != ""
		}
	}
}

// prevAction lets attachResponses take a template's action from the
// action read before it; TestAttachPrevAction turns it off and holds the
// parse to it.
var prevAction = true

// matchFenceLine is reFenceLine.FindStringSubmatch(line) without a
// regexp (nor a slice to allocate): a run of three or more backticks or
// tildes (the whole run, group 1), then a rest without line terminators
// (group 2); ok is false when there is no match.
func matchFenceLine(line string) (run, rest string, ok bool) {
	if len(line) < 3 || (line[0] != '`' && line[0] != '~') {
		return "", "", false
	}
	n := 1
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 || hasLineTerminator(line[n:]) {
		return "", "", false
	}
	return line[:n], line[n:], true
}

// matchFirstLine is reFirstLine.FindStringSubmatch(s) without a regexp
// over the whole line (Go's backtracker sizes its state by the input): the
// method, compared without case in ASCII as JavaScript's /i does, then the
// white space after it, then the rest, which "." must match to the end (no
// line terminator). When the white space runs to the end, the regexp
// gives its last character to `.+`. method and rest are groups 1 and 2
// (a slice of the three groups cost an allocation an action).
func matchFirstLine(s string) (method, rest string, ok bool) {
	for _, m := range methodsAt(s) {
		if len(s) >= len(m) && strings.EqualFold(s[:len(m)], m) {
			method = s[:len(m)]
			break
		}
	}
	if method == "" {
		return "", "", false
	}
	after := s[len(method):]
	rest = strings.TrimLeftFunc(after, isJSSpace)
	ws := after[:len(after)-len(rest)]
	if ws == "" {
		return "", "", false
	}
	if rest == "" {
		r, size := utf8.DecodeLastRuneInString(ws)
		if len(ws) == size || strings.ContainsRune("\n\r\u2028\u2029", r) {
			return "", "", false
		}
		rest = ws[len(ws)-size:]
	} else if hasLineTerminator(rest) {
		return "", "", false
	}
	return method, rest, true
}

// isWordByte is \w: an ASCII letter, digit or underscore, looked up in
// wordBytes (the model's scans test it on most bytes they read; three
// comparisons were most of MayReread's time).
func isWordByte(c byte) bool { return wordBytes[c] }

// wordBytes holds true at the bytes of \w (TestWordBytes).
var wordBytes = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '_' || '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z'
	}
	return t
}()

// refSlab hands out the actions of one parse and their fields from
// blocks it allocates (an action and its list of fields were two
// allocations each: on a generated 10 MB document, half of the parse's
// bytes and a third of its allocations). The blocks are sized by the
// document: a small one gets an action and a list of fields at a time,
// as before, a large one room for hundreds.
type refSlab struct {
	acts        []refAction
	fields      []FieldInfo
	descs       []string // the fields' descriptions, at their fields' places
	headers     []refHeader
	hargs       []string // headerArgs' groups of the line being read, reused
	actBlock    int      // the actions a block holds
	fieldsBlock int      // the fields a block holds at least (and the headers)
}

// newRefSlab is the slab of a document of n bytes: a block of actions
// for every 4 KB of it and of fields for every 1 KB, up to 512 and 1,024.
func newRefSlab(n int) refSlab {
	return refSlab{actBlock: min(max(n>>12, 1), 512), fieldsBlock: min(n>>10, 1024)}
}

// action is a new zero refAction.
func (s *refSlab) action() *refAction {
	if len(s.acts) == cap(s.acts) {
		s.acts = make([]refAction, 0, max(s.actBlock, 1))
	}
	s.acts = s.acts[:len(s.acts)+1]
	return &s.acts[len(s.acts)-1]
}

// reserve makes room for n more fields in the current block, or starts
// a block with room for them.
func (s *refSlab) reserve(n int) {
	if cap(s.fields)-len(s.fields) < n {
		s.fields = make([]FieldInfo, 0, max(n, s.fieldsBlock))
		s.descs = make([]string, 0, cap(s.fields))
	}
}

// reserveHeaders is reserve for n more headers.
func (s *refSlab) reserveHeaders(n int) {
	if cap(s.headers)-len(s.headers) < n {
		s.headers = make([]refHeader, 0, max(n, s.fieldsBlock))
	}
}

// endFields is the fields of the action read from start and their
// descriptions (nil for none), their capacity their length, so that an
// append to one action's list cannot write over the next one's.
func (s *refSlab) endFields(start int) ([]FieldInfo, []string) {
	if start == len(s.fields) {
		return nil, nil
	}
	return s.fields[start:len(s.fields):len(s.fields)], s.descs[start:len(s.descs):len(s.descs)]
}

// parseActionBlock is parser.ts parseActionBlock, given the block's lines
// joined by "\n" (no lines and one empty line both give nil).
func parseActionBlock(id, text string) *refAction {
	var s refSlab
	return s.actionBlock(id, text)
}

// actionBlock is parseActionBlock, the action and its fields made in s.
func (s *refSlab) actionBlock(id, text string) *refAction {
	first, more, _ := cutLine(text)
	method, rest, ok := matchFirstLine(jsTrim(first))
	if !ok {
		return nil
	}
	a := s.action()
	a.ID, a.Method = id, lowerMethod(method)
	if a.Method == "cli" {
		a.URI = jsTrim(rest)
	} else {
		s.requestLine(a, rest)
	}
	// A `body:` section (spec.md §1.9.6) means nothing to the reference
	// parser: its lines are field lines like any other (runtime-semantics.md
	// §1.1, §6.2), so one that happens to match the field pattern declares
	// a field.
	// room for a field on every line (the bound the list of each action
	// was allocated with)
	s.reserve(strings.Count(more, "\n") + 1)
	start := len(s.fields)
	var fm [14]int
	for more != "" {
		var line string
		line, more, _ = cutLine(more) // the lines after the first ("" lines are skipped)
		// a blank line (jsTrim's byte loops over ASCII: no copy)
		if jsTrim(line) == "" {
			continue
		}
		if !matchFieldIn(line, &fm) {
			continue
		}
		group := func(n int) (string, bool) {
			if fm[2*n] < 0 {
				return "", false
			}
			return line[fm[2*n]:fm[2*n+1]], true
		}
		f := FieldInfo{}
		f.Name, _ = group(1)
		f.Short, _ = group(2)
		f.Type, _ = group(3)
		req, _ := group(4)
		f.Required = req == "required"
		desc, _ := group(5)
		f.Default, f.HasDefault = group(6)
		s.fields, s.descs = append(s.fields, f), append(s.descs, desc)
	}
	a.Fields, a.Descs = s.endFields(start)
	return a
}

// methodsAt is the methods of reFirstLine a line beginning with s[0] can
// begin with: a window of a method's length in bytes folds to it only
// when it is that method in ASCII letters of any case (a rune past ASCII
// takes two bytes or more), so its first byte is the method's, in either
// case. TestMatchFirstLine holds matchFirstLine to reFirstLine, and
// lowerMethod to strings.ToLower, on every method in every case.
func methodsAt(s string) []string {
	if s == "" {
		return nil
	}
	switch s[0] | 0x20 {
	case 'g':
		return methodsG[:]
	case 'p':
		return methodsP[:]
	case 'd':
		return methodsD[:]
	case 'c':
		return methodsC[:]
	}
	return nil
}

var (
	methodsG = [...]string{"GET"}
	methodsP = [...]string{"POST", "PUT", "PATCH"}
	methodsD = [...]string{"DELETE"}
	methodsC = [...]string{"CLI"}
)

// lowerMethod is strings.ToLower of a method matchFirstLine matched
// (ASCII letters only), without a copy for the methods it knows (the
// ones written in upper or lower case at once).
func lowerMethod(m string) string {
	switch m {
	case "GET", "get":
		return "get"
	case "POST", "post":
		return "post"
	case "PUT", "put":
		return "put"
	case "PATCH", "patch":
		return "patch"
	case "DELETE", "delete":
		return "delete"
	case "CLI", "cli":
		return "cli"
	}
	for _, l := range [...]string{"get", "post", "put", "patch", "delete", "cli"} {
		if strings.EqualFold(m, l) {
			return l
		}
	}
	return strings.ToLower(m)
}

// matchField is reField.FindStringSubmatchIndex(line) without a regexp
// (reField was half the time of parseRef): the same groups, at the same
// offsets, -1 for a group that took no part. Every part of the pattern
// starts with a character none before it can take (a word ends at what
// is not a word character, each optional part after the type begins,
// after white space, with its own '(', '"' or '='), so the first way to
// read the line is the regexp's, and when an optional part begins but
// does not match, nothing after it can: there is no match.
func matchField(line string) (m [14]int, ok bool) {
	ok = matchFieldIn(line, &m)
	return m, ok
}

// matchFieldIn is matchField writing the groups into *m (actionBlock's
// array, not a copy of one a field line).
func matchFieldIn(line string, mp *[14]int) (ok bool) {
	*mp = [14]int{0, len(line), -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}
	m := mp
	i := skipJSSpace(line, 0)
	if i == 0 {
		return false
	}
	if m[2], m[3], ok = word(line, i); !ok {
		return false
	}
	i = m[3]
	if i < len(line) && line[i] == ',' { // ,\s*-([a-zA-Z])
		k := skipJSSpace(line, i+1)
		if k+1 >= len(line) || line[k] != '-' || !isASCIILetter(line[k+1]) {
			return false
		}
		m[4], m[5], i = k+1, k+2, k+2
	}
	i = skipJSSpace(line, i)
	if i >= len(line) || line[i] != ':' {
		return false
	}
	k := skipJSSpace(line, i+1)
	if k == i+1 {
		return false
	}
	if m[6], m[7], ok = word(line, k); !ok {
		return false
	}
	i = m[7]
	if k := skipJSSpace(line, i); k > i && k < len(line) && line[k] == '(' { // \s+\((required|optional)\)
		w := ""
		for _, r := range [...]string{"required)", "optional)"} {
			if strings.HasPrefix(line[k+1:], r) {
				w = r[:len(r)-1]
			}
		}
		if w == "" {
			return false
		}
		m[8], m[9], i = k+1, k+1+len(w), k+2+len(w)
	}
	if k := skipJSSpace(line, i); k > i && k < len(line) && line[k] == '"' { // \s+"([^"]*)"
		if m[10], m[11], ok = quoted(line, k); !ok {
			return false
		}
		i = m[11] + 1
	}
	if k := skipJSSpace(line, i); k < len(line) && line[k] == '=' { // \s*=\s*"([^"]*)"
		k = skipJSSpace(line, k+1)
		if k >= len(line) || line[k] != '"' {
			return false
		}
		if m[12], m[13], ok = quoted(line, k); !ok {
			return false
		}
		i = m[13] + 1
	}
	return i == len(line)
}

// skipJSSpace is the offset of the first character at or after i that is
// not white space for a JavaScript regexp's \s.
func skipJSSpace(s string, i int) int {
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf { // ASCII: no decoding (TestByteScans)
			if c > ' ' || !isJSSpace(rune(c)) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isJSSpace(r) {
			break
		}
		i += size
	}
	return i
}

// word is the run of \w at i ([start, end)), ok when it is not empty.
func word(s string, i int) (start, end int, ok bool) {
	end = i
	for end < len(s) && isWordByte(s[end]) {
		end++
	}
	return i, end, end > i
}

// quoted is the text between the double quote at q and the next one.
func quoted(s string, q int) (start, end int, ok bool) {
	n := strings.IndexByte(s[q+1:], '"')
	if n < 0 {
		return 0, 0, false
	}
	return q + 1, q + 1 + n, true
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// requestLine reads the URI, headers and body of an HTTP action's first
// line after its method (parser.ts parseActionBlock). Each pattern begins
// with -H or -d (reFlagStart's after white space): a line holding neither
// has no match, and skips the regexps.
//
// The headers are made in s (the allocations an action for the groups and
// for the headers were half of the generated 10 MB document's parse's:
// BenchmarkParseBig 57,370 -> 28,890 allocs/op), a's list of them nil
// for none and with no room past its end, as endFields'.
func (s *refSlab) requestLine(a *refAction, rest string) {
	// the first -H and -d, where the scans for headers and a body start
	h, d := strings.Index(rest, "-H"), strings.Index(rest, "-d")
	hasH, hasD := h >= 0, d >= 0
	if hasH {
		s.hargs = appendHeaderArgsFrom(s.hargs[:0], rest, h)
		s.reserveHeaders(len(s.hargs))
		start := len(s.headers)
		for _, h := range s.hargs {
			if k, v, ok := strings.Cut(h, ":"); ok {
				s.headers = append(s.headers, refHeader{Key: jsTrim(k), Value: jsTrim(v)})
			}
		}
		if start < len(s.headers) {
			a.Headers = s.headers[start:len(s.headers):len(s.headers)]
		}
	}
	if hasD {
		a.Body, a.HasBody = bodyArgFrom(rest, d)
	}
	uri := rest
	if hasH || hasD {
		if i := flagStart(rest); i >= 0 {
			uri = rest[:i]
		}
	}
	a.URI = jsTrim(uri)
}

// headerArgs is the first group of each match of
// reHeaderArg.FindAllStringSubmatch(s, -1), by a scan: at each -H, white
// space, a double quote, at least one character that is not one and the
// closing one; the next match is looked for after it, or, when that -H
// begins none, after that -H's first byte.
func headerArgs(s string) []string { return appendHeaderArgs(nil, s) }

// appendHeaderArgs is headerArgs(s) appended to out.
func appendHeaderArgs(out []string, s string) []string { return appendHeaderArgsFrom(out, s, 0) }

// appendHeaderArgsFrom is appendHeaderArgs with the search begun at from,
// at or before the first -H of s.
func appendHeaderArgsFrom(out []string, s string, from int) []string {
	for i := from; i < len(s); {
		h := strings.Index(s[i:], "-H")
		if h < 0 {
			break
		}
		h += i
		k := skipJSSpace(s, h+2)
		if k > h+2 && k < len(s) && s[k] == '"' {
			if n := strings.IndexByte(s[k+1:], '"'); n > 0 {
				out = append(out, s[k+1:k+1+n])
				i = k + 2 + n
				continue
			}
		}
		i = h + 1
	}
	return out
}

// bodyArg is the group that took part in reBodyArg.FindStringSubmatch(s),
// by a scan: at each -d, white space, then a single or a double quote,
// the text up to the next quote of the same kind and that quote; when
// that -d begins no match, the next one is looked for after its first
// byte. ok is false without a match.
func bodyArg(s string) (body string, ok bool) { return bodyArgFrom(s, 0) }

// bodyArgFrom is bodyArg with the search begun at from, at or before the
// first -d of s.
func bodyArgFrom(s string, from int) (body string, ok bool) {
	for i := from; ; {
		d := strings.Index(s[i:], "-d")
		if d < 0 {
			return "", false
		}
		d += i
		k := skipJSSpace(s, d+2)
		if k > d+2 && k < len(s) && (s[k] == '\'' || s[k] == '"') {
			if n := strings.IndexByte(s[k+1:], s[k]); n >= 0 {
				return s[k+1 : k+1+n], true
			}
		}
		i = d + 1
	}
}

// flagStart is reFlagStart.FindStringIndex(s)[0], or -1 without a match,
// by a scan: the first JavaScript white space followed by -H or -d and
// white space.
//
// The scan goes from '-' to '-' (strings.IndexByte): a match's '-' is
// the first byte after its white space, which is the character that
// ends there (utf8.DecodeLastRuneInString), and the matches' starts are
// in the order of their '-'s, so the first '-' that has a match has the
// first match (a '-' ends every rune before it: it is no continuation
// byte). TestRequestLineScans holds it to reFlagStart.
func flagStart(s string) int {
	for j := 0; ; j++ {
		k := strings.IndexByte(s[j:], '-')
		if k < 0 {
			return -1
		}
		j += k
		if j == 0 || j+2 >= len(s) || s[j+1] != 'H' && s[j+1] != 'd' {
			continue
		}
		if r2, _ := utf8.DecodeRuneInString(s[j+2:]); !isJSSpace(r2) {
			continue
		}
		if r, size := utf8.DecodeLastRuneInString(s[:j]); isJSSpace(r) {
			return j - size
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// frontmatterNode parses the leading YAML frontmatter into its mapping node,
// or nil.
func frontmatterNode(source string) *yaml.Node {
	if !strings.HasPrefix(source, "---") { // reFrontm's anchored literal: no regexp run (renderSFMD renders every template's output)
		return nil
	}
	m := reFrontm.FindStringSubmatch(source)
	if m == nil {
		return nil
	}
	n, err := yamlpos.Root([]byte(m[1]))
	if err != nil || n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	return n
}

// yamlGet returns the value node of key in a mapping node, as written.
func yamlGet(m *yaml.Node, key string) *yaml.Node {
	_, v := yamlpos.Pair(m, key)
	return v
}

func stripFrontmatter(s string) string {
	if !strings.HasPrefix(s, "---") { // reFrontm's anchored literal
		return s
	}
	if loc := reFrontm.FindStringIndex(s); loc != nil {
		return s[loc[1]:]
	}
	return s
}
