package rules

import (
	"regexp"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
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
		Title: "/open or /nav hint that fails on the page",
		Why: "an inline-code hint such as `/nav docs`, `/open #setup` or `/open @guide` is what the agent types next. " +
			"`/nav <name>` finds only a menu the page registers with [!nav:name](file) (nav.ts cmdNav: \"Menu not found\"); `/open @id` a shortcut of the page, a link the render turned into one or a menu entry (session.ts resolveShortcut: \"Shortcut not found\"); " +
			"`/open file.md#id` the file and the block (loader.ts load, open.ts cmdOpen: \"Block not found\"). " +
			"The rule types each hint on the page through the model and reports the ones that fail. `/open @id` is checked only on pages without actions, whose responses could register more shortcuts",
		Bad:  "# Docs\n\n[!nav:guides](nav/guides.md)\n\nRun `/nav guide` to see the guides.\n",
		Good: "# Docs\n\n[!nav:guides](nav/guides.md)\n\nRun `/nav guides` to see the guides.\n",

		Severity: "the command the page tells the agent to type fails (nav.ts cmdNav, open.ts cmdOpen, session.ts resolveShortcut)",
	},
	Run: func(pass *lint.Pass) (any, error) {
		p := pageDryOf(pass)
		if p == nil {
			return nil, nil
		}
		for _, h := range navHints(pass.Doc) {
			r, ok := p.try(h.line)
			if !ok {
				break
			}
			if why := p.failure(r); why != "" {
				pass.Reportf(h.span, "the page tells the agent to type `%s`, which fails on this page: %s", h.line, why)
			}
		}
		return nil, nil
	},
}

var reNavHint = regexp.MustCompile("`(/(?:open|nav)[ \t]+[^`\n]+)`")

type navHint struct {
	line string
	span sfmd.Span
}

// navHints are the /open and /nav commands in inline code outside fences
// and the frontmatter whose argument is a concrete target: not a fill-in,
// a URL, an app or tool topic, or (on a page with actions) a shortcut.
func navHints(doc *sfmd.Document) []navHint {
	src := string(doc.Src)
	var out []navHint
	for _, m := range reNavHint.FindAllStringSubmatchIndex(src, -1) {
		if inFenceOrFrontmatter(doc, m[0]) {
			continue
		}
		line := strings.TrimSpace(src[m[2]:m[3]])
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
	if arg == "" || isFillIn(arg) || strings.ContainsAny(arg, " \t*|$%?`'\"") || schemeRe.MatchString(arg) {
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
	case strings.HasPrefix(arg, "/"), strings.HasPrefix(arg, "~"):
		return false
	}
	// a bare name is an installed app's (open.ts cmdOpen's registry lookup)
	return strings.ContainsAny(arg, "/.#")
}

// inFenceOrFrontmatter reports whether the byte offset off lies in a
// fenced code block or the frontmatter.
func inFenceOrFrontmatter(doc *sfmd.Document, off int) bool {
	if fm := doc.Frontmatter; fm != nil && off >= fm.Span.Start.Offset && off < fm.Span.End.Offset {
		return true
	}
	for _, f := range doc.Fences {
		if off >= f.Span.Start.Offset && off < f.Span.End.Offset {
			return true
		}
	}
	return false
}
