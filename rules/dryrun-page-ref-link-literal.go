package rules

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunPageRefLinkLiteral reports a reference link that CommonMark
// resolves but that the page, as the model renders it, shows literally.
var DryrunPageRefLinkLiteral = &lint.Analyzer{
	Name:     "dryrun-page-ref-link-literal",
	Severity: lint.Error,
	Profile:  lint.Project,
	Requires: []*lint.Analyzer{pagedryAnalyzer},
	Doc: lint.Doc{
		Title: "reference link shown literally by /open",
		Why: "renderer.ts render resolves a reference link only in the full form `[text][ref]`, and only when `ref` is exactly the name of a definition of the page being shown " +
			"(`doc.references.get(ref)`, the definitions the core parser read from that page). CommonMark also resolves `[text][]` and `[text]`, matches names ignoring case and spacing, " +
			"and an included block's links against its own file's definitions; the runtime does none of this, and the definition line itself is stripped from the view (stripAimdMarkup). " +
			"The agent then sees `[Docs][d]` with no URL and no shortcut to follow. The rule renders the page through the model and reports each such link left literal",
		Bad:  "See the [API reference][API].\n\n[api]: https://docs.example.com/api\n",
		Good: "See the [API reference][api].\n\n[api]: https://docs.example.com/api\n",

		Severity: "the link is lost: /open shows its text without a URL or a shortcut (renderer.ts render: REF_LINK_RE, doc.references.get)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		// a reference link needs a definition, here or in an included file
		if !bytes.Contains(pass.Doc.Src, []byte("]:")) && len(directivesOf(pass.Doc, "include")) == 0 {
			return nil, nil
		}
		page := pageDryOf(pass)
		if _, _, _, ok := page.source(); !ok {
			return nil, nil // not shown on its own: no view
		}
		defs := refDefinitions(pass.Doc.Src)
		var firsts map[string]int // read only for a link one of defs defines
		if len(defs) > 0 {
			firsts = firstRefLits(pass.Doc)
		}
		var incs []includedSource
		if dryGates && !ownRefLinkPossible(defs, firsts) {
			if incs = includedSources(pass); !includedRefLinkPossible(incs) {
				return nil, nil // no finding without the render: skip it
			}
		}
		v := page.view()
		if v == nil {
			return nil, nil
		}
		lits := literalRefLinks(v.Content())
		if len(lits) == 0 {
			return nil, nil
		}
		reported := map[string]bool{}
		for _, l := range lits {
			if reported[l.text] {
				continue
			}
			name, ok := defs[normalizeLabel(l.key())]
			if !ok {
				if incs == nil {
					incs = includedSources(pass)
				}
				if includedRefLink(pass, incs, l) {
					reported[l.text] = true
				}
				continue
			}
			at, ok := firsts[l.text]
			if !ok {
				continue
			}
			reported[l.text] = true
			pass.Reportf(spanAt(pass.Doc, at, at+len(l.text)), "`/open` shows %s literally, with no URL or shortcut: %s", l.text, refLinkWhy(l, name, v.References))
		}
		return nil, nil
	},
}

// refLit is a reference link left in the rendered page: the full form
// [text][ref], the collapsed [text][] or the shortcut [text].
type refLit struct {
	text, label, ref string
	form             string // "full", "collapsed", "shortcut"
}

func (l refLit) key() string {
	if l.form == "full" {
		return l.ref
	}
	return l.label
}

var reRefLit = lazyre.New(`\[([^\[\]\n]+)\](?:\[([^\[\]\n]*)\])?`)

// literalRefLinks are the reference-link shapes of the rendered content
// outside fences and code spans (a [text][@id] shortcut is not one).
func literalRefLinks(content string) []refLit {
	var out []refLit
	inFence := false
	for _, line := range strings.Split(content, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
			continue
		}
		if inFence || !strings.Contains(line, "]") {
			continue
		}
		for _, m := range reRefLit.FindAllStringSubmatchIndex(line, -1) {
			if inCodeSpan(line, m[0]) || m[0] > 0 && (line[m[0]-1] == '!' || line[m[0]-1] == '\\') {
				continue
			}
			l := refLit{text: line[m[0]:m[1]], label: line[m[2]:m[3]], form: "shortcut"}
			if m[4] >= 0 {
				l.ref, l.form = line[m[4]:m[5]], "full"
				if l.ref == "" {
					l.form = "collapsed"
				}
			} else if m[1] < len(line) && (line[m[1]] == '(' || line[m[1]] == ':') {
				continue
			}
			if strings.HasPrefix(l.ref, "@") || strings.HasPrefix(l.label, "@") || strings.HasPrefix(l.label, "!") {
				continue
			}
			out = append(out, l)
		}
	}
	return out
}

var reRefDefLine = lazyre.New(`(?m)^ {0,3}\[([^\[\]\n]+)\]:[ \t]*\S`)

// refDefinitions maps each normalized label a CommonMark reference
// definition of src defines (outside fences) to the label as written.
// It reads src in place: only a line that may be a definition is copied.
// A definition's line holds "]:", so only those lines are read, and the
// fence lines before each are found by their ``` or ~~~ (scanRefDefs;
// TestRefDefinitionsScan holds it to the reading of every line).
func refDefinitions(src []byte) map[string]string {
	out := map[string]string{}
	if !bytes.Contains(src, []byte("]:")) {
		return out
	}
	if !scanRefDefs {
		inFence := false
		for line := range bytes.SplitSeq(src, []byte("\n")) {
			if fenceToggle(line) {
				inFence = !inFence
				continue
			}
			if !inFence {
				addRefDefinition(out, line)
			}
		}
		return out
	}
	fences := fenceLines{src: src}
	for at := 0; ; {
		i := bytes.Index(src[at:], []byte("]:"))
		if i < 0 {
			return out
		}
		i += at
		start := bytes.LastIndexByte(src[:i], '\n') + 1
		end := len(src)
		if n := bytes.IndexByte(src[i:], '\n'); n >= 0 {
			end = i + n
		}
		// a line that defines nothing is not looked up in the fences (the
		// generated 10 MB document's 2,850 "]:" lines are [@more]: lines);
		// a fence line, which begins with ``` or ~~~, is no definition
		if k, label, ok := refDefinitionOf(src[start:end]); ok && !fences.inFence(start) {
			if _, dup := out[k]; !dup {
				out[k] = label
			}
		}
		at = end
	}
}

// scanRefDefs lets refDefinitions read only the lines holding "]:" and
// the fence lines; TestRefDefinitionsScan turns it off.
var scanRefDefs = true

// fenceToggle reports a line that opens or closes a fence for
// refDefinitions: ``` or ~~~ first, past white space.
func fenceToggle(line []byte) bool {
	t := bytes.TrimSpace(line)
	return bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~"))
}

// addRefDefinition adds the definition line defines, if it is one.
func addRefDefinition(out map[string]string, line []byte) {
	if k, label, ok := refDefinitionOf(line); ok {
		if _, dup := out[k]; !dup {
			out[k] = label
		}
	}
}

// refDefinitionOf is the definition line defines, if it is one: its
// normalized label k and the label as written.
func refDefinitionOf(line []byte) (k, label string, ok bool) {
	t := bytes.TrimSpace(line)
	if !bytes.HasPrefix(t, []byte("[")) || !bytes.Contains(line, []byte("]:")) {
		return "", "", false // reRefDefLine needs both
	}
	if len(t) > 1 && (t[1] == '@' || t[1] == '!') {
		// reRefDefLine's label begins just after this "[" (when it
		// matches: at most three spaces before it), and a label
		// beginning so is not one of defs
		return "", "", false
	}
	if m := reRefDefLine.FindStringSubmatch(string(line)); m != nil && !strings.HasPrefix(m[1], "@") && !strings.HasPrefix(m[1], "!") {
		if k := normalizeLabel(m[1]); k != "" {
			return k, m[1], true
		}
	}
	return "", "", false
}

// fenceLines counts the fence lines (fenceToggle) of src before a line,
// for lines asked in the order of src: each fence line is found once, by
// its ``` or ~~~, at the first byte of its line that is not white space.
type fenceLines struct {
	src  []byte
	read int  // the lines before read are counted
	in   bool // an odd number of them toggle
	// the next ``` and ~~~ at or after read (len(src) for none), each
	// searched for again only once read passes it
	ticks, tildes int
	found         bool // ticks and tildes were searched for
}

// inFence reports whether an odd number of the lines before the one that
// starts at start (not before an earlier one asked) toggle a fence.
func (f *fenceLines) inFence(start int) bool {
	for f.read < start {
		i := f.nextRun()
		if i >= start {
			f.read = start
			break
		}
		ls := bytes.LastIndexByte(f.src[:i], '\n') + 1
		le := start
		if n := bytes.IndexByte(f.src[i:start], '\n'); n >= 0 {
			le = i + n
		}
		// the line's first run: it toggles when the line begins with it
		// past white space (any later run is not first)
		if fenceToggle(f.src[ls:le]) {
			f.in = !f.in
		}
		f.read = le + 1
	}
	return f.in
}

// nextRun is the first ``` or ~~~ at or after read, or len(src).
func (f *fenceLines) nextRun() int {
	next := func(at int, run []byte) int {
		if i := bytes.Index(f.src[at:], run); i >= 0 {
			return at + i
		}
		return len(f.src)
	}
	if !f.found || f.ticks < f.read {
		f.ticks = next(f.read, []byte("```"))
	}
	if !f.found || f.tildes < f.read {
		f.tildes = next(f.read, []byte("~~~"))
	}
	f.found = true
	return min(f.ticks, f.tildes)
}

// normalizeLabel is CommonMark's label matching: case-folded, inner
// whitespace collapsed, trimmed.
func normalizeLabel(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

func refLinkWhy(l refLit, defined string, refs map[string]string) string {
	switch {
	case l.form == "collapsed":
		return fmt.Sprintf("renderer.ts render resolves only the full form [text][ref], not [text][] (write [%s][%s])", l.label, defined)
	case l.form == "shortcut":
		return fmt.Sprintf("renderer.ts render resolves only the full form [text][ref], not [text] alone (write [%s][%s])", l.label, defined)
	case defined != l.ref:
		if _, ok := refs[defined]; ok {
			return fmt.Sprintf("renderer.ts render looks the name up exactly (doc.references.get), and the definition is [%s]: CommonMark ignores case and spacing, the runtime does not", defined)
		}
	}
	return fmt.Sprintf("the runtime's parser does not read the definition [%s] of this page, so renderer.ts render has no URL for it", defined)
}

// includedSource is the file an include of the page reads: its
// definitions and the reference-link shapes it holds.
type includedSource struct {
	dir   *sfmd.Directive
	file  string
	defs  map[string]string
	shape map[string]bool
}

// includedSources reads each file the page includes once.
func includedSources(pass *lint.Pass) []includedSource {
	out := []includedSource{}
	for _, d := range directivesOf(pass.Doc, "include") {
		file, _, ok := includeFile(pass.Doc, d)
		if !ok {
			continue
		}
		b, err := pass.Workspace.ReadFile(file)
		if err != nil {
			continue
		}
		inc := includedSource{dir: d, file: file, defs: refDefinitions(b), shape: map[string]bool{}}
		for _, l := range literalRefLinks(string(b)) {
			inc.shape[l.text] = true
		}
		out = append(out, inc)
	}
	return out
}

// includedRefLink reports l at the include it comes from when its
// definition is in the included file: the render resolves with the
// including page's definitions only. It reports whether it did.
func includedRefLink(pass *lint.Pass, incs []includedSource, l refLit) bool {
	for _, inc := range incs {
		if !inc.shape[l.text] {
			continue
		}
		name, ok := inc.defs[normalizeLabel(l.key())]
		if !ok {
			continue
		}
		pass.Reportf(inc.dir.Span, "`/open` shows %s from the block included from %s literally, with no URL or shortcut: its definition [%s] is in %s, and renderer.ts render resolves reference links with the definitions of the page being shown only", l.text, inc.file, name, inc.file)
		return true
	}
	return false
}

// firstRefLits maps each reference-link shape of doc's source outside
// fences and the frontmatter to the offset of its first occurrence.
func firstRefLits(doc *sfmd.Document) map[string]int {
	out := map[string]int{}
	for _, m := range reRefLit.Re().FindAllIndex(doc.Src, -1) {
		t := doc.Src[m[0]:m[1]]
		if _, ok := out[string(t)]; ok || inFenceOrFrontmatter(doc, m[0]) {
			continue
		}
		out[string(t)] = m[0]
	}
	return out
}

// ownRefLinkPossible reports whether a literal link can be reported
// against the page's own definitions: its text must be a shape of the
// source (firsts) whose name (the ref of [text][ref], else the text) one
// of defs defines.
func ownRefLinkPossible(defs map[string]string, firsts map[string]int) bool {
	if len(defs) == 0 {
		return false
	}
	for t := range firsts {
		m := reRefLit.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		key := m[1]
		if m[2] != "" {
			key = m[2]
		}
		if _, ok := defs[normalizeLabel(key)]; ok {
			return true
		}
	}
	return false
}

// includedRefLinkPossible reports whether an included file holds both a
// reference-link shape and a definition (includedRefLink needs both).
func includedRefLinkPossible(incs []includedSource) bool {
	for _, inc := range incs {
		if len(inc.defs) > 0 && len(inc.shape) > 0 {
			return true
		}
	}
	return false
}
