package rules

import (
	"bytes"
	"path"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunPageHintFails reports an /open or /nav command the page tells the
// agent to type that fails when typed on the page.
var DryrunPageHintFails = &lint.Analyzer{
	Name:     "dryrun-page-hint-fails",
	Severity: lint.Error,
	Profile:  lint.Project,
	Requires: []*lint.Analyzer{pagedryAnalyzer},
	Doc: lint.Doc{
		Title: "/nav, /open @id or /open #block hint that fails on the page",
		Why: "an inline-code hint such as `/nav docs`, `/open #setup` or `/open @guide` is what the agent types next, and it names a target of this page. " +
			"`/nav <name>` finds only a menu the page registers with [!nav:name](file) (nav.ts cmdNav: \"Menu not found\"); `/open @id` a shortcut of the page, a link the render turned into one or a menu entry (session.ts Session.resolveShortcut: \"Shortcut not found\"); " +
			"`/open #id` does not look on the page: loader.ts Loader.resolve turns the empty path before `#` into the page's directory, which open.ts cmdOpen lists (or opens its string.md), so the hint works only on a string.md page with that block (core extractor.ts extract: markers, `{#id}` or the heading's toSlug). " +
			"The rule types each hint through the model on a page that has a menu, an include or an action (a page without any is read as a manual showing the syntax) and reports the ones that fail. `/open @id` is checked only on pages without actions, whose responses could register more shortcuts; an include fragment (`<page>.source/<id>.md`) is not checked on its own, since the agent sees it inside the page that includes it",
		Bad:  "# Docs\n\n[!nav:guides](nav/guides.md)\n\nRun `/nav guide` to see the guides.\n",
		Good: "# Docs\n\n[!nav:guides](nav/guides.md)\n\nRun `/nav guides` to see the guides.\n",

		Severity: "the command the page tells the agent to type fails (nav.ts cmdNav, open.ts cmdOpen, session.ts Session.resolveShortcut)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		if !navigablePage(pass.Doc) {
			return nil, nil
		}
		p := pageDryOf(pass)
		for _, h := range navHints(pass.Doc) {
			var r model.Result
			var ok bool
			switch {
			case strings.HasPrefix(h.line, "/open @") && p.view() == nil:
				continue // the auto-shortcuts come from the render
			case strings.HasPrefix(h.line, "/open "):
				r, ok = p.opens(h.line[len("/open "):])
			default:
				r, ok = p.try(h.line)
			}
			if !ok {
				break
			}
			if why := p.failure(r); why != "" {
				if strings.HasPrefix(h.line, "/open #") && !strings.HasPrefix(why, "Block not found") {
					why += " (loader.ts Loader.resolve makes the empty path before # the page's directory, so `/open #id` looks in the directory, not on this page; write `/open " + path.Base(pass.Doc.Path) + h.line[len("/open "):] + "`)"
				}
				pass.Reportf(h.span, "the page tells the agent to type `%s`, which fails on this page: %s", h.line, why)
			}
		}
		return nil, nil
	},
}

// reNavHint is what navHintSpans finds (TestNavHintSpansIsRegexp holds
// the scanner to it).
var reNavHint = lazyre.New("`(/(?:open|nav)[ \t]+[^`\n]+)`")

// navHintSpans is reNavHint.FindAllSubmatchIndex(src, -1) without a
// regexp (the pattern over a whole page, each match restarting the
// backtracker over the rest of it, was most of navHints' cost): the
// matches, in order and not overlapping, each as
// [start, end, group start, group end]. A match is a backquote, "/open"
// or "/nav", a space or tab, then at least one more byte before the next
// backquote, with no newline before it: [ \t]+ and [^`\n]+ together
// match any run of bytes other than ` and \n that begins with a space or
// a tab and is at least two bytes long (both classes are ASCII, so no
// UTF-8 sequence holds one).
func navHintSpans(src []byte) [][4]int {
	var out [][4]int
	for i := 0; i < len(src); {
		j := bytes.Index(src[i:], []byte("`/"))
		if j < 0 {
			break
		}
		p := i + j
		k := p + 2
		switch {
		case bytes.HasPrefix(src[k:], []byte("open")):
			k += len("open")
		case bytes.HasPrefix(src[k:], []byte("nav")):
			k += len("nav")
		default:
			i = p + 1
			continue
		}
		e := k
		for e < len(src) && src[e] != '`' && src[e] != '\n' {
			e++
		}
		if e == len(src) || src[e] != '`' || e-k < 2 || (src[k] != ' ' && src[k] != '\t') {
			i = p + 1
			continue
		}
		out = append(out, [4]int{p, e + 1, p + 1, e})
		i = e + 1
	}
	return out
}

type navHint struct {
	line string
	span sfmd.Span
}

// navHints are the /open and /nav commands in inline code outside fences
// and the frontmatter whose argument is a concrete target: not a fill-in,
// a URL, an app or tool topic, or (on a page with actions) a shortcut.
func navHints(doc *sfmd.Document) []navHint {
	var out []navHint
	for _, m := range navHintSpans(doc.Src) {
		if inFenceOrFrontmatter(doc, m[0]) {
			continue
		}
		line := strings.TrimSpace(string(doc.Src[m[2]:m[3]]))
		verb, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		if !concreteNavArg(verb, arg, len(doc.Actions) > 0) {
			continue
		}
		out = append(out, navHint{line: verb + " " + arg, span: spanAt(doc, m[2], m[3])})
	}
	return out
}

func concreteNavArg(verb, arg string, hasActions bool) bool {
	if arg == "" || arg[0] == '-' || isFillIn(arg) || strings.ContainsAny(arg, " \t*|$%?`'\"") || hasScheme(arg) {
		return false
	}
	if verb == "/nav" {
		switch arg {
		case "page", "scaffold", "create", "bootstrap":
			return false
		}
		return true
	}
	switch {
	case strings.HasPrefix(arg, "@"):
		return !hasActions
	case strings.HasPrefix(arg, "#"):
		return len(arg) > 1
	}
	// a file is checked where it is linked (dryrun-page-link-broken); a
	// path in inline code is as often an example of the syntax
	return false
}

// inFenceOrFrontmatter reports whether the byte offset off lies in a
// fenced code block or the frontmatter (doc.Fences are in source order).
func inFenceOrFrontmatter(doc *sfmd.Document, off int) bool {
	if fm := doc.Frontmatter; fm != nil && off >= fm.Span.Start.Off() && off < fm.Span.End.Off() {
		return true
	}
	fs := doc.Fences
	i := sort.Search(len(fs), func(i int) bool { return fs[i].Span.End.Off() > off })
	return i < len(fs) && fs[i].Span.Start.Off() <= off
}

// navigablePage reports whether doc offers navigation of its own: a menu,
// an include or an action. A page without any (a manual about String)
// shows /open and /nav commands as examples of the syntax, not as the
// next step on this page.
func navigablePage(doc *sfmd.Document) bool {
	return len(doc.Actions) > 0 || len(directivesOf(doc, "nav", "menu", "include")) > 0
}
