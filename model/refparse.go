package model

import (
	"regexp"
	"strings"
	"unicode/utf8"

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

var (
	reFenceLine        = regexp.MustCompile("^(`{3,}|~{3,})(" + jsDot + "*)$")
	reActResp          = regexp.MustCompile(`^act\.([a-zA-Z0-9_-]+)\.response$`)
	reActDef           = regexp.MustCompile(`^act\.([a-zA-Z0-9_-]+)$`)
	reBlockOpen        = regexp.MustCompile(`^<!-- #([a-zA-Z0-9_-]+) -->$`)
	reBlockEnd         = regexp.MustCompile(`^<!-- /([a-zA-Z0-9_-]+) -->$`)
	reInclude          = regexp.MustCompile(`^\[!include:([a-zA-Z0-9_-]+)\]\(([^)]*)\)$`)
	reMenu             = regexp.MustCompile(`^\[!menu:([a-zA-Z0-9_-]+)\]\(([^)]+)\)$`)
	reNav              = regexp.MustCompile(`^\[!nav:([a-zA-Z0-9_-]+)\]\(([^)]+)\)$`)
	reRequirementsLine = regexp.MustCompile(`^\[!requirements\]\(([^)]+)\)$`)
	reNoID             = regexp.MustCompile(`^\[!(include|menu|nav)\]\(([^)]+)\)$`)
	reShortcut         = regexp.MustCompile(`\[(@[a-zA-Z0-9_-]+)` + jsS + `+([^\]]+)\]\(([^)]+)\)`)
	reRefDef           = regexp.MustCompile(`^\[([^\]]+)\]:` + jsS + `+<?([^\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}>]+)>?`)
	reField            = regexp.MustCompile(`^` + jsS + `+(\w+)(?:,` + jsS + `*-([a-zA-Z]))?` + jsS + `*:` + jsS + `+(\w+)(?:` + jsS + `+\((required|optional)\))?(?:` + jsS + `+"([^"]*)")?(?:` + jsS + `*=` + jsS + `*"([^"]*)")?$`)
	reFirstLine        = regexp.MustCompile(`(?i)^(GET|POST|PUT|PATCH|DELETE|CLI)` + jsS + `+(` + jsDot + `+)$`)
	reHeaderArg        = regexp.MustCompile(`-H` + jsS + `+"([^"]+)"`)
	reBodyArg          = regexp.MustCompile(`-d` + jsS + `+(?:'([^']*)'|"([^"]*)")`)
	reFlagStart        = regexp.MustCompile(jsS + `-[Hd]` + jsS)
	reFrontm           = regexp.MustCompile(`^---\r?\n(` + jsDotS + `*?)\r?\n---\r?\n?`)
)

type refField struct {
	Name        string
	Type        string
	Required    bool
	Description string
	Default     string
	HasDefault  bool
	Short       string
}

type refHeader struct{ Key, Value string }

type refAction struct {
	ID       string
	Method   string // lower case: get, post, put, patch, delete, cli
	URI      string
	Headers  []refHeader
	Body     string // -d text
	HasBody  bool
	Fields   []refField
	Response string
	HasResp  bool
}

type refShortcut struct{ ID, Label, Href string }

// refMenu is a [!menu:name](path) or [!nav:name](path) line.
type refMenu struct {
	Name, Path string
	Line       int
}

type refDoc struct {
	Actions    []*refAction
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
}

func splitLines(s string) []string { return strings.Split(s, "\n") }

// parseRef is parser.ts parse(), limited to what the runtime uses.
func parseRef(source string) *refDoc {
	p := &refParser{
		d:           &refDoc{References: map[string]string{}},
		blocksSeen:  map[string]bool{},
		menuSeen:    map[string]bool{},
		scSeen:      map[string]bool{},
		scNext:      map[string]int{},
		respSeenIdx: map[string]int{},
	}
	lines := splitLines(source)
	for i, raw := range lines {
		p.n = i + 1
		p.line(raw)
	}
	if p.inBlock {
		p.errorf(p.blockLine, "UNCLOSED_BLOCK: <!-- #"+p.openBlock+" --> has no closing <!-- /"+p.openBlock+" -->")
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
	pend       *pendingBlock
	openBlock  string
	inBlock    bool
	blocksSeen map[string]bool
	menuSeen   map[string]bool
	scSeen     map[string]bool
	// scNext is, per id, the suffix number its last duplicate got: the
	// numbers below it are taken for good, so the search for the next
	// free one resumes there (a page with 26,000 copies of one shortcut
	// was quadratic).
	scNext      map[string]int
	responses   []pendingBlock
	respSeenIdx map[string]int
	n           int // the line being read, from 1
	blockLine   int // where the open block opened
}

// errorf records a parse error.
func (p *refParser) errorf(line int, msg string) {
	p.d.Errors = append(p.d.Errors, ParseError{Line: line, Message: msg})
}

// pendingBlock is an act.<id> or act.<id>.response block being read.
type pendingBlock struct {
	response bool
	id       string
	lines    []string
	start    int
}

// line reads one line: a fence, a line inside a fence, or text.
func (p *refParser) line(raw string) {
	line := jsTrim(raw)
	// each pattern is tried only on a line that starts (or, for
	// shortcuts, holds) what it must match first: the same matches, far
	// fewer regexp runs
	if m := matchFenceLine(line); m != nil {
		p.fence(raw, m)
		return
	}
	if p.fenceOpen {
		if p.pend != nil {
			p.pend.lines = append(p.pend.lines, raw)
		}
		return
	}
	p.text(raw, line)
}

// fence opens a fence, closes the open one (keeping an action or a
// response template it held), or is a line inside the open one.
func (p *refParser) fence(raw string, m []string) {
	d := p.d
	ch, ln, info := m[1][0], len(m[1]), jsTrim(m[2])
	if p.fenceOpen {
		if ch == p.fenceChar && ln >= p.fenceLen && info == "" {
			if p.pend != nil {
				if !p.pend.response {
					if a := parseActionBlock(p.pend.id, p.pend.lines); a != nil {
						d.Actions = append(d.Actions, a)
					} else {
						p.errorf(p.pend.start, "INVALID_ACTION_BLOCK: could not parse action definition for \""+p.pend.id+"\"")
					}
				} else {
					if i, ok := p.respSeenIdx[p.pend.id]; ok {
						p.responses[i] = *p.pend
					} else {
						p.respSeenIdx[p.pend.id] = len(p.responses)
						p.responses = append(p.responses, *p.pend)
					}
				}
				p.pend = nil
			}
			p.fenceOpen = false
			return
		}
		if p.pend != nil {
			p.pend.lines = append(p.pend.lines, raw)
		}
		return
	}
	p.fenceOpen, p.fenceChar, p.fenceLen = true, ch, ln
	if !strings.HasPrefix(info, "act.") {
		return
	}
	if am := reActResp.FindStringSubmatch(info); am != nil {
		p.pend = &pendingBlock{response: true, id: am[1], start: p.n}
	} else if am := reActDef.FindStringSubmatch(info); am != nil {
		p.pend = &pendingBlock{id: am[1], start: p.n}
	}
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
	if m := reNoID.FindStringSubmatch(line); m != nil {
		p.errorf(p.n, "MISSING_IDENTIFIER: [!"+m[1]+"] requires an id \u2014 use [!"+m[1]+":name](path)")
		return
	}
	if m := reBlockOpen.FindStringSubmatch(line); m != nil {
		switch {
		case p.inBlock:
			p.errorf(p.n, "NESTED_BLOCK: cannot open <!-- #"+m[1]+" --> inside <!-- #"+p.openBlock+" -->")
		case p.blocksSeen[m[1]]:
			p.errorf(p.n, "DUPLICATE_BLOCK_ID: <!-- #"+m[1]+" --> already declared in this document")
		default:
			p.inBlock, p.openBlock, p.blockLine = true, m[1], p.n
			p.blocksSeen[m[1]] = true
		}
		return
	}
	if m := reBlockEnd.FindStringSubmatch(line); m != nil {
		switch {
		case !p.inBlock:
			p.errorf(p.n, "UNEXPECTED_BLOCK_CLOSE: <!-- /"+m[1]+" --> has no matching open marker")
		case p.openBlock != m[1]:
			p.errorf(p.n, "MISMATCHED_BLOCK: expected <!-- /"+p.openBlock+" -->, got <!-- /"+m[1]+" -->")
		default:
			p.inBlock = false
			d.Blocks = append(d.Blocks, m[1])
			d.BlockLines = append(d.BlockLines, p.blockLine)
		}
		return
	}
	if !p.inBlock {
		if m := reInclude.FindStringSubmatch(line); m != nil {
			d.Includes = append(d.Includes, m[1])
			d.IncludeLines = append(d.IncludeLines, p.n)
			return
		}
		m := reMenu.FindStringSubmatch(line)
		if m == nil {
			m = reNav.FindStringSubmatch(line)
		}
		if m != nil {
			d.MenuLines = append(d.MenuLines, refMenu{Name: m[1], Path: m[2], Line: p.n})
			if !p.menuSeen[m[1]] {
				p.menuSeen[m[1]] = true
				d.Menus = append(d.Menus, m[1])
			}
			return
		}
		if m := reRequirementsLine.FindStringSubmatch(line); m != nil {
			if !d.hasRequirements {
				d.Requirements, d.hasRequirements = m[1], true
			}
			return
		}
	}
	p.links(raw, line)
}

// links reads the shortcuts of a line and its reference definition.
func (p *refParser) links(raw, line string) {
	d := p.d
	if !strings.Contains(raw, "[@") {
		if strings.HasPrefix(line, "[") {
			p.refDef(line)
		}
		return
	}
	for _, m := range reShortcut.FindAllStringSubmatch(raw, -1) {
		id := m[1][1:]
		resolved := id
		if p.scSeen[id] {
			n := max(2, p.scNext[id]+1)
			for p.scSeen[id+itoa(n)] {
				n++
			}
			p.scNext[id] = n
			resolved = id + itoa(n)
		}
		p.scSeen[resolved] = true
		d.Shortcuts = append(d.Shortcuts, refShortcut{ID: resolved, Label: m[2], Href: m[3]})
	}
	if strings.HasPrefix(line, "[") {
		p.refDef(line)
	}
}

// refDef reads a reference definition; the first of a name wins.
func (p *refParser) refDef(line string) {
	d := p.d
	if m := reRefDef.FindStringSubmatch(line); m != nil {
		if _, ok := d.References[m[1]]; !ok {
			d.References[m[1]] = m[2]
			d.RefNames = append(d.RefNames, m[1])
		}
	}
}

// attachResponses gives each action its response template, matched by id
// once the whole document is read.
func (p *refParser) attachResponses() {
	for _, r := range p.responses {
		for _, a := range p.d.Actions {
			if a.ID == r.id {
				a.Response = strings.Join(r.lines, "\n")
				// action.ts executeAction runs it only when it is truthy:
				// a block without lines ("") is no template
				a.HasResp = a.Response != ""
				break
			}
		}
	}
}

// matchFenceLine is reFenceLine.FindStringSubmatch(line) without a
// regexp: a run of three or more backticks or tildes (the whole run), then
// a rest without line terminators.
func matchFenceLine(line string) []string {
	if len(line) < 3 || (line[0] != '`' && line[0] != '~') {
		return nil
	}
	n := 1
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 || strings.ContainsAny(line[n:], "\n\r\u2028\u2029") {
		return nil
	}
	return []string{line, line[:n], line[n:]}
}

// matchFirstLine is reFirstLine.FindStringSubmatch(s) without a regexp
// over the whole line (Go's backtracker sizes its state by the input): the
// method, compared without case in ASCII as JavaScript's /i does, then the
// white space after it, then the rest, which "." must match to the end (no
// line terminator). When the white space runs to the end, the regexp
// gives its last character to `.+`.
func matchFirstLine(s string) []string {
	method := ""
	for _, m := range [...]string{"GET", "POST", "PUT", "PATCH", "DELETE", "CLI"} {
		if len(s) >= len(m) && strings.EqualFold(s[:len(m)], m) {
			method = s[:len(m)]
			break
		}
	}
	if method == "" {
		return nil
	}
	after := s[len(method):]
	rest := strings.TrimLeftFunc(after, isJSSpace)
	ws := after[:len(after)-len(rest)]
	if ws == "" {
		return nil
	}
	if rest == "" {
		r, size := utf8.DecodeLastRuneInString(ws)
		if len(ws) == size || strings.ContainsRune("\n\r\u2028\u2029", r) {
			return nil
		}
		rest = ws[len(ws)-size:]
	} else if strings.ContainsAny(rest, "\n\r\u2028\u2029") {
		return nil
	}
	return []string{s, method, rest}
}

// parseActionBlock is parser.ts parseActionBlock.
func parseActionBlock(id string, lines []string) *refAction {
	if len(lines) == 0 {
		return nil
	}
	m := matchFirstLine(jsTrim(lines[0]))
	if m == nil {
		return nil
	}
	a := &refAction{ID: id, Method: strings.ToLower(m[1])}
	rest := m[2]
	if a.Method == "cli" {
		a.URI = jsTrim(rest)
	} else {
		for _, h := range reHeaderArg.FindAllStringSubmatch(rest, -1) {
			if k, v, ok := strings.Cut(h[1], ":"); ok {
				a.Headers = append(a.Headers, refHeader{Key: jsTrim(k), Value: jsTrim(v)})
			}
		}
		if b := reBodyArg.FindStringSubmatchIndex(rest); b != nil {
			a.HasBody = true
			if b[2] >= 0 {
				a.Body = rest[b[2]:b[3]]
			} else {
				a.Body = rest[b[4]:b[5]]
			}
		}
		uri := rest
		if loc := reFlagStart.FindStringIndex(rest); loc != nil {
			uri = rest[:loc[0]]
		}
		a.URI = jsTrim(uri)
	}
	// A `body:` section (spec.md §1.9.6) means nothing to the reference
	// parser: its lines are field lines like any other (runtime-semantics.md
	// §1.1, §6.2), so one that happens to match the field pattern declares
	// a field.
	for i := 1; i < len(lines); i++ {
		line := lines[i]
		if jsTrim(line) == "" {
			continue
		}
		fm := reField.FindStringSubmatchIndex(line)
		if fm == nil {
			continue
		}
		group := func(n int) (string, bool) {
			if fm[2*n] < 0 {
				return "", false
			}
			return line[fm[2*n]:fm[2*n+1]], true
		}
		f := refField{}
		f.Name, _ = group(1)
		f.Short, _ = group(2)
		f.Type, _ = group(3)
		req, _ := group(4)
		f.Required = req == "required"
		f.Description, _ = group(5)
		f.Default, f.HasDefault = group(6)
		a.Fields = append(a.Fields, f)
	}
	return a
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
	m := reFrontm.FindStringSubmatch(source)
	if m == nil {
		return nil
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(m[1]), &n); err != nil {
		return nil
	}
	if n.Kind != yaml.DocumentNode || len(n.Content) == 0 || n.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	return n.Content[0]
}

// yamlGet returns the value node of key in a mapping node.
func yamlGet(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func stripFrontmatter(s string) string {
	if loc := reFrontm.FindStringIndex(s); loc != nil {
		return s[loc[1]:]
	}
	return s
}
