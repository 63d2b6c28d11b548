package model

import (
	"strings"
	"unsafe"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

// The page as /open shows it: renderer.ts render() of a loaded document
// (renderer.ts @06445e57, with the act: link line of bb52047b).

var reIncludeAny = lazyre.New(`\[!include:([a-zA-Z0-9_-]+)\]\(([^)]+)\)`)

// navPreviewLimit is the number of entries a menu shows on its first view
// (render()'s default navPreviewLimit).
const navPreviewLimit = 20

// renderPage is render(doc, blockId, home, loader, envScope, {unfoldNavNames}):
// the content and the auto-shortcuts it registered.
func (rt *Runtime) renderPage(pg *page, blockID string, unfold map[string]bool) (string, []autoShortcut, error) {
	var s string
	if blockID != "" {
		content, ok := extractBlock(pg.source(), blockID)
		if !ok {
			return "Block not found: #" + blockID, nil, nil
		}
		s = stripMarkup(content)
	} else {
		var err error
		if s, err = rt.pageText(pg); err != nil {
			return "", nil, err
		}
	}
	// the hints above the page, written before the links' text (the
	// hints read the page, not its render)
	head := ""
	if blockID == "" {
		head = hintsHead(rt.pageHints(pg, unfold))
	}
	s, autos := renderLinksAfter(head, s, pg.ref.References)
	return jsTrim(s), autos, nil
}

// pageText is the whole page's text before its links are rendered:
// the source without its frontmatter, includes expanded, markup
// stripped (read through the invocations' edits when page.stripped
// can).
func (rt *Runtime) pageText(pg *page) (string, error) {
	if st, ok := pg.stripped(); ok {
		return st, nil
	}
	s, err := rt.expandIncludes(stripFrontmatter(pg.source()), pg.uri, map[string]bool{})
	if err != nil {
		return "", err
	}
	return stripMarkup(s), nil
}

// hintsHead is the hints as render() writes them above the page.
func hintsHead(hints []string) string {
	if len(hints) == 0 {
		return ""
	}
	return strings.Join(hints, "\n") + "\n\n"
}

// pageHints are the [nav], [actions] and missing-env lines render() puts
// above a whole page.
func (rt *Runtime) pageHints(pg *page, unfold map[string]bool) []string {
	return pageHintsMissing(pg, unfold, rt.missingEnv(pg))
}

// missingEnv are the page's requires: variables that the topic's env
// store lacks (the store is the only place they are checked against).
func (rt *Runtime) missingEnv(pg *page) []string {
	var missing []string
	for _, n := range pg.fm.strings("requires") {
		if v, ok := rt.storeGet(n); !ok || v == "" {
			missing = append(missing, n)
		}
	}
	return missing
}

// pageHintsMissing is pageHints with the missing variables given.
func pageHintsMissing(pg *page, unfold map[string]bool, missing []string) []string {
	var hints, folded []string
	for _, m := range pg.menus {
		if unfold[m.name] {
			hints = append(hints, "[nav] "+m.name+" \u2014 first view", renderNav(m, navPreviewLimit))
		} else {
			folded = append(folded, m.name)
		}
	}
	if len(folded) > 0 {
		hints = append(hints, "[nav] "+strings.Join(folded, ", ")+" \u2014 /nav <name>")
	}
	hints = append(hints, actionsHint(pg.ref.Actions)...)
	return append(hints, missingEnvHints(missing, pg.requirements)...)
}

// actionsHint is the header line listing a page's actions, when it has
// any (renderer.ts render, the page's and the response's alike).
func actionsHint(actions []*refAction) []string {
	if len(actions) == 0 {
		return nil
	}
	ids := make([]string, len(actions))
	for i, a := range actions {
		ids[i] = a.ID
	}
	return []string{"[actions] " + strings.Join(ids, ", ") + "  \u00b7  /act --help (all)  \u00b7  /act.<name> --help"}
}

// missingEnvHints are the header lines naming the requires: variables
// the env store lacks, how to set them and, when the app has one, its
// requirements document.
func missingEnvHints(missing []string, requirements string) []string {
	if len(missing) == 0 {
		return nil
	}
	list := make([]string, len(missing))
	sets := make([]string, len(missing))
	for i, n := range missing {
		list[i] = "$" + n
		sets[i] = "/set $" + n + "=\"...\""
	}
	hints := []string{"[!] Missing required env: " + strings.Join(list, ", "), "    Set: " + strings.Join(sets, " ; ")}
	if requirements != "" {
		hints = append(hints, "    Setup: /open "+requirements)
	}
	return hints
}

// renderNav is renderer.ts renderNav: at most limit entries (limit < 0:
// all), then how many more there are.
func renderNav(m pageMenu, limit int) string {
	if len(m.entries) == 0 {
		return "Menu " + m.name + " is empty."
	}
	shown := m.entries
	if limit >= 0 && len(shown) > limit {
		shown = shown[:limit]
	}
	lines := make([]string, 0, len(shown)+1)
	for _, e := range shown {
		lines = append(lines, "["+e.Label+"][@"+e.ID+"]")
	}
	if limit >= 0 && len(m.entries) > len(shown) {
		lines = append(lines, "... "+itoa(len(m.entries)-len(shown))+" more \u2014 /nav "+m.name)
	}
	return strings.Join(lines, "\n")
}

// expandIncludes is renderer.ts expandIncludes: every standalone
// [!include:id](path) line outside code is replaced by the block it names
// (expanded in turn), or by a "⚠" line saying why it could not be.
func (rt *Runtime) expandIncludes(source, docURI string, visited map[string]bool) (string, error) {
	if visited[docURI] {
		return source, nil
	}
	visited[docURI] = true
	var valid [][]int
	fence := fenceState{source: source}
	for _, m := range reIncludeAny.FindAllStringSubmatchIndex(source, -1) {
		if fence.inFencedBlock(m[0]) || inInlineCode(source, m[0]) || !standalone(source, m[0], m[1]) {
			continue
		}
		valid = append(valid, m)
	}
	// the texts from the last include to the first, as the runtime
	// replaces them (an error stops at the same include), then the page
	// written once: replacing in place copied the page for each include
	texts := make([]string, len(valid))
	for i := len(valid) - 1; i >= 0; i-- {
		m := valid[i]
		id, incPath := source[m[2]:m[3]], source[m[4]:m[5]]
		text, err := rt.includeText(id, incPath, docURI, visited)
		if err != nil {
			return "", err
		}
		texts[i] = text
	}
	if len(valid) == 0 {
		return source, nil
	}
	var b strings.Builder
	at := 0
	for i, m := range valid {
		b.WriteString(source[at:m[0]])
		b.WriteString(texts[i])
		at = m[1]
	}
	b.WriteString(source[at:])
	out := b.String()
	return out, nil
}

// includeText is what one include line becomes.
func (rt *Runtime) includeText(id, incPath, docURI string, visited map[string]bool) (string, error) {
	incURI := rt.loaderResolve(incPath, docURI)
	if visited[incURI] {
		return "\u26a0 Circular include detected: " + incPath + " (already included in this chain)", nil
	}
	src, lerr, err := rt.loadFile(incURI)
	if err != nil {
		return "", err
	}
	if lerr != nil {
		return "\u26a0 Include failed: " + incPath + " - " + lerr.msg, nil
	}
	content, ok := extractBlock(src, id)
	if !ok {
		return "\u26a0 Include failed: Block #" + id + " not found in " + incPath + "\n" +
			"Supported formats:\n" +
			"  1. Markers: <!-- #" + id + " --> ... <!-- /" + id + " -->\n" +
			"  2. Explicit ID: ## Heading {#" + id + "}\n" +
			"  3. Heading slug: ## Heading Text (where slug matches \"" + id + "\")", nil
	}
	copied := make(map[string]bool, len(visited)+1)
	for k := range visited {
		copied[k] = true
	}
	return rt.expandIncludes(content, incURI, copied)
}

// fenceState is isInFencedBlock (an odd number of lines before pos start,
// trimmed, with ``` or ~~~) for positions in increasing order,
// reading each line once (expandIncludes asks it for every include line:
// splitting the page from its start each time was quadratic).
type fenceState struct {
	source string
	read   int  // the start of the first line not read yet
	in     bool // an odd number of the lines read open a fence
}

// inFencedBlock is isInFencedBlock for pos, which may not be before the
// start of the line of an earlier pos.
func (f *fenceState) inFencedBlock(pos int) bool {
	lineStart := strings.LastIndexByte(f.source[:pos], '\n') + 1
	for f.read < lineStart {
		end := f.read + strings.IndexByte(f.source[f.read:lineStart], '\n')
		t := jsTrim(f.source[f.read:end])
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			f.in = !f.in
		}
		f.read = end + 1
	}
	return f.in
}

// inInlineCode is isInInlineCode: an odd number of unescaped backticks
// before pos on its line.
func inInlineCode(source string, pos int) bool {
	line := source[strings.LastIndexByte(source[:pos], '\n')+1 : pos]
	n, esc := 0, false
	for i := 0; i < len(line); i++ {
		switch {
		case esc:
			esc = false
		case line[i] == '\\':
			esc = true
		case line[i] == '`':
			n++
		}
	}
	return n%2 == 1
}

// standalone is isStandaloneLine: only whitespace around the match on its line.
func standalone(source string, start, end int) bool {
	before := source[strings.LastIndexByte(source[:start], '\n')+1 : start]
	after := source[end:]
	if nl := strings.IndexByte(after, '\n'); nl >= 0 {
		after = after[:nl]
	}
	return jsTrim(before) == "" && jsTrim(after) == ""
}

// stripped is stripMarkup(expandIncludes(stripFrontmatter(pg.source())))
// read from pg.src and the invocations' edits, without writing the
// source out, when that is the same text; ok is false when it may not
// be (renderPage then writes the source and renders it). It is when:
// neither src nor a replacement holds "[!include:" (no include to expand
// in either text); every invocation is after the frontmatter src has
// (stripFrontmatter then strips the same prefix of both), or src does not
// begin with "---"; no replacement holds a line feed (each holds its
// invocation's label, so no invocation does either: the lines are the
// same lines); and each line holding an invocation reads
// the same to stripMarkup before and after its replacements (lineClass),
// so that the same lines are kept. TestPageStrippedIsRender holds it to
// the written source's render.
func (pg *page) stripped() (string, bool) {
	e := pg.inv
	if !stripEdits || strings.Contains(pg.src, "[!include:") {
		return "", false
	}
	for _, r := range e.reps {
		if strings.Contains(r, "[!include:") || strings.IndexByte(r, '\n') >= 0 {
			return "", false
		}
	}
	body := stripFrontmatter(pg.src)
	base := len(pg.src) - len(body)
	if base == 0 && strings.HasPrefix(pg.src, "---") {
		return "", false
	}
	var line []byte
	for i := 0; i < len(e.spans); {
		if e.spans[i][0] < base {
			return "", false
		}
		// the line of spans[i] in body, and the spans on it
		start := strings.LastIndexByte(body[:e.spans[i][0]-base], '\n') + 1
		end := len(body)
		if k := strings.IndexByte(body[e.spans[i][0]-base:], '\n'); k >= 0 {
			end = e.spans[i][0] - base + k
		}
		line = line[:0]
		at := start
		for ; i < len(e.spans) && e.spans[i][0]-base < end; i++ {
			line = append(append(line, body[at:e.spans[i][0]-base]...), e.reps[i]...)
			at = e.spans[i][1] - base
		}
		line = append(line, body[at:end]...)
		// classOf keeps nothing of the line: it is read in place
		if classOf(body[start:end]) != classOf(unsafe.String(unsafe.SliceData(line), len(line))) {
			return "", false
		}
	}
	return stripEdited(body, e, base), true
}

// stripEdits lets renderPage read a page through its invocations' edits
// (page.stripped); TestPageStrippedIsRender turns it off.
var stripEdits = true

// lineClass is what stripMarkup reads of a line: whether it is a fence
// line, its fence's character and length, whether its info string is
// empty or an act block's, and whether it is a markup line.
type lineClass struct {
	fence       bool
	ch          byte
	n           int
	bare, act   bool
	markupOther bool
}

func classOf(line string) lineClass {
	t := jsTrim(line)
	if run, rest, ok := matchFenceLine(t); ok {
		info := jsTrim(rest)
		return lineClass{fence: true, ch: run[0], n: len(run), bare: info == "", act: actInfo(info)}
	}
	return lineClass{markupOther: markupLine(t)}
}
