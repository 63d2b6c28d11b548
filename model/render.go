package model

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// The final SFMD render (renderer.ts render()) applied to a response body or
// to a template's output before the agent sees it.

var (
	reRndShortcut  = lazyre.New(`\[(@[a-zA-Z0-9._-]+)` + jsS + `+([^\]]+)\]\([^)]+\)`)
	reRndPlainLink = lazyre.New(`\[([^\]]*)\]\(([^)@][^)]*)\)`)
	reRndRefLink   = lazyre.New(`\[([^\]]+)\]\[([^\]@][^\]]*)\]`)
	reRndRefDef    = lazyre.New(`^\[[^\]]+\]:` + jsS + `+` + jsNS)
	reRndDirective = lazyre.New(`^\[!(menu|nav|include):[a-zA-Z0-9_-]+[^\]]*\]\(` + jsDot + `*\)$|^\[!requirements\]\(` + jsDot + `*\)$`)
	reRndActInfo   = lazyre.New(`^act\.[a-zA-Z0-9_-]+(?:\.response)?$`)
	reRndFenced    = lazyre.New("(?s)```.*?```|~~~.*?~~~")
	reRndInline    = lazyre.New("`[^`\n]+`")
	reRndSlugOK    = lazyre.New(`^(?:[a-zA-Z0-9-]|` + jsS + `)+$`)
	reRndRequires  = lazyre.New(`^\[!requirements\]\((` + jsDot + `*)\)$`)
)

type autoShortcut struct{ ID, Href string }

// renderLinks is the link step of renderer.ts render, after the markup is
// stripped: reference links resolved from refs, [@id label](url)
// shortcuts turned into [label][@id], and the remaining links slugged
// into auto-shortcuts (returned in order). The patterns' matches are
// found by scans: refLinkSpans (reRndRefLink), shortcutSpans
// (reRndShortcut) and, in slugLinks, plainLinkSpans (reRndPlainLink).
func renderLinks(s string, refs map[string]string) (string, []autoShortcut) {
	return renderLinksAfter("", s, refs)
}

// renderLinksAfter is head followed by renderLinks(s, refs): the last
// step that writes the text (slugLinks) writes head first, so that the
// rendered text is not copied again behind it.
func renderLinksAfter(head, s string, refs map[string]string) (string, []autoShortcut) {
	var autos []autoShortcut
	s = slugLinksAfter(head, linkText(s, refs), &autos)
	return s, autos
}

// linkText is the text renderLinks slugs: s with its reference links
// resolved from refs (refText) and its [@id label](url) shortcuts turned
// into [label][@id] (shortcutText).
func linkText(s string, refs map[string]string) string {
	return shortcutText(refText(s, refs))
}

// refText is s with its reference links resolved from refs.
func refText(s string, refs map[string]string) string {
	if len(refs) == 0 {
		return s
	}
	return replaceSpans(s, refLinkSpans(s), func(m []string) string {
		if u, ok := refs[m[2]]; ok && u != "" {
			return "[" + m[1] + "](" + u + ")"
		}
		return m[0]
	})
}

// shortcutText is s with its [@id label](url) shortcuts turned into
// [label][@id].
func shortcutText(s string) string {
	return replaceSpans(s, shortcutSpans(s), func(m []string) string {
		return "[" + m[2] + "][@" + m[1][1:] + "]"
	})
}

// shortcutAutos is slugAutos(shortcutText(s), autos) read from s
// itself, without writing shortcutText's text, when that gives the same
// auto-shortcuts; ok is false when it may not (autos is then as it was).
// It does when every shortcut span of s (shortcutSpans) is also one of
// its plain links (plainLinkSpans: a link starting there is the same
// span; none does when an earlier link covers it or its target begins
// with '@'), holds no '`', '~' or line feed and has no '(' after it.
// Then the links of shortcutText(s) are the other links of s: its
// [label][@id] is no link (the first "]" after the label's "[" and any
// "[" in it is followed by "[", and "[@id]" by what followed the span),
// and the scan leaves it as it left the span, with nothing of it
// remembered; no "[" before the span reads into it (its first "]" there
// would make a link covering the span). And the code regions of both
// texts (codeRegions: ``` and ~~~ runs, inline code, which a line feed
// ends) are the same around the other links, none of their delimiters
// being in a span or its replacement.
// TestShortcutAutos holds it to slugAutos(shortcutText(s)).
func shortcutAutos(s string, autos *[]autoShortcut) (ok bool) {
	var spans [][2]int // the shortcut spans' bounds
	eachShortcutSpan(s, isShortcutIDByte, func(sp [8]int) { spans = append(spans, [2]int{sp[0], sp[1]}) })
	matches := plainLinkSpans(s)
	kept := matches[:0] // the links that are not spans, read in place
	j := 0
	for _, m := range matches {
		if j < len(spans) && m[0] == spans[j][0] { // the same link: it ends at the same ")"
			sp := spans[j]
			if plainLinkOut(s[sp[0]:sp[1]]) || sp[1] < len(s) && s[sp[1]] == '(' {
				return false
			}
			j++
			continue
		}
		kept = append(kept, m)
	}
	if j < len(spans) {
		return false // spans[j] is not a link of its own
	}
	slugMatches("", s, kept, autos, false)
	return true
}

// renderSFMD renders source as the reference runtime renders a document that
// is not the current one (a response body or a template output). It returns
// the content and the auto-shortcuts it registered, in order.
func renderSFMD(source string) (string, []autoShortcut) {
	doc := parseRef(source)
	fm := frontmatterNode(source)
	s := stripFrontmatter(source)
	s, autos := renderLinks(stripMarkup(s), doc.References)

	var hints []string
	if len(doc.Menus) > 0 {
		hints = append(hints, "[nav] "+strings.Join(doc.Menus, ", ")+" \u2014 /nav <name>")
	}
	hints = append(hints, actionsHint(doc.Actions)...)
	if req := yamlGet(fm, "requires"); req != nil && req.Kind == yaml.SequenceNode {
		var missing []string
		for _, n := range req.Content {
			if yamlpos.IsString(n) {
				missing = append(missing, n.Value)
			}
		}
		if len(missing) > 0 {
			hints = append(hints, missingEnvHints(missing, requirementsPath(source))...)
		}
	}
	if len(hints) > 0 {
		s = strings.Join(hints, "\n") + "\n\n" + s
	}
	return jsTrim(s), autos
}

func requirementsPath(source string) string {
	for _, l := range splitLines(source) {
		if m := reRndRequires.FindStringSubmatch(jsTrim(l)); m != nil {
			return m[1]
		}
	}
	return ""
}

// stripMarkup is renderer.ts stripAimdMarkup. It reads the lines in place
// and keeps each run of consecutive kept lines as one piece of source
// (lines joined by "\n" are the source between them): a page with
// nothing to strip is returned as it is, and any other is written once,
// run by run, to one builder (a body of millions of short lines costs its
// size, not a string header per line).
func stripMarkup(source string) string { return stripEdited(source, spanEdits{}, 0) }

// stripEdited is stripMarkup of source with the edits e written into the
// lines it keeps: e's spans are offsets of source plus base, each inside
// one line of source, and the edits change no line's lineClass (the
// caller checks: page.stripped).
func stripEdited(source string, e spanEdits, base int) string {
	k := keptRuns{source: source, e: e, base: base, from: -1, to: -1}
	fenceOpen, inAction := false, false
	var fenceChar byte
	fenceLen := 0
	for rest, more := source, true; more; {
		if fenceOpen && joinKeptRuns {
			// inside an open fence only a line holding the fence's
			// character can close it, and every other line is dropped
			// (an act block) or kept (any other fence) alike: the lines
			// up to the next such character are taken at once
			k.off = len(source) - len(rest)
			i := strings.IndexByte(rest, fenceChar)
			if i < 0 { // the fence never closes: every line left is alike
				if !inAction {
					k.keep(rest)
				}
				break
			}
			if n := strings.LastIndexByte(rest[:i], '\n') + 1; n > 0 {
				if !inAction {
					k.keep(rest[:n-1])
				}
				rest = rest[n:]
			}
		} else if joinKeptRuns {
			// outside a fence a line is kept as it is when its first
			// byte shows that it is neither a fence line nor markup:
			// the run of such lines is taken at once
			k.off = len(source) - len(rest)
			if n, ok := plainLines(rest); ok {
				k.keep(rest[:n])
				if n == len(rest) {
					break
				}
				rest = rest[n+1:]
				continue
			}
		}
		var line string
		k.off = len(source) - len(rest)
		line, rest, more = cutLine(rest) // strings.Cut(rest, "\n") by strings.IndexByte
		t := jsTrim(line)
		if run, rest, ok := matchFenceLine(t); ok {
			ch, ln, info := run[0], len(run), jsTrim(rest)
			if fenceOpen {
				if ch == fenceChar && ln >= fenceLen && info == "" {
					fenceOpen = false
					if inAction {
						inAction = false
						continue
					}
					k.keep(line)
					continue
				}
				if !inAction {
					k.keep(line)
				}
				continue
			}
			fenceOpen, fenceChar, fenceLen = true, ch, ln
			if actInfo(info) {
				inAction = true
				continue
			}
			k.keep(line)
			continue
		}
		if inAction {
			continue
		}
		if fenceOpen {
			k.keep(line)
			continue
		}
		if markupLine(t) {
			continue
		}
		k.keep(line)
	}
	return k.text()
}

// plainLines is the length of the run of lines that rest begins with
// whose first byte is a plain one (plainFirst), up to the line feed that
// ends the last of them or to the end of rest; ok is false when the
// first line is not one.
func plainLines(rest string) (n int, ok bool) {
	for i := 0; ; {
		if i < len(rest) && !plainFirst(rest[i]) {
			return i - 1, i > 0
		}
		j := strings.IndexByte(rest[i:], '\n')
		if j < 0 {
			return len(rest), true
		}
		i += j + 1
	}
}

// plainFirst reports whether a line whose first byte is c is kept by
// stripMarkup outside a fence: an empty line (c is its line feed), or c
// is ASCII, not white space (jsTrim leaves it first) and none of the
// first bytes of a fence line (` ~) or of markup (< [).
func plainFirst(c byte) bool {
	return c == '\n' || c > ' ' && c < utf8.RuneSelf && c != '`' && c != '~' && c != '<' && c != '['
}

// keptRuns writes the runs of lines stripEdited keeps: each run of
// consecutive kept lines is one piece of source, written with the
// edits on it.
type keptRuns struct {
	source   string
	e        spanEdits
	base     int
	b        strings.Builder
	next     int  // the first of e's spans not written or passed
	written  bool // b holds kept lines
	from, to int  // the run of kept lines not written yet: source[from:to]
	off      int  // where the line kept next begins in source
}

// write writes source[from:to] with the edits on it.
func (k *keptRuns) write(from, to int) {
	e, base := k.e, k.base
	for k.next < len(e.spans) && e.spans[k.next][0]-base < from {
		k.next++ // on a line dropped
	}
	for ; k.next < len(e.spans) && e.spans[k.next][0]-base < to; k.next++ {
		k.b.WriteString(k.source[from : e.spans[k.next][0]-base])
		k.b.WriteString(e.reps[k.next])
		from = e.spans[k.next][1] - base
	}
	k.b.WriteString(k.source[from:to])
}

// flush writes the run not written yet.
func (k *keptRuns) flush() {
	if k.from < 0 {
		return
	}
	if k.written {
		k.b.WriteByte('\n')
	} else {
		k.b.Grow(len(k.source) - k.from + k.e.longer())
	}
	k.write(k.from, k.to)
	k.written = true
}

// keep keeps line, which begins at off: it joins the run it follows.
func (k *keptRuns) keep(line string) {
	if joinKeptRuns && k.from >= 0 && k.off == k.to+1 {
		k.to = k.off + len(line)
		return
	}
	k.flush()
	k.from, k.to = k.off, k.off+len(line)
}

// text is the kept lines joined: a single run without edits is a piece
// of source, not a copy.
func (k *keptRuns) text() string {
	if !k.written && joinKeptRuns && len(k.e.spans) == 0 {
		if k.from < 0 {
			return ""
		}
		return k.source[k.from:k.to]
	}
	k.flush()
	return k.b.String()
}

// joinKeptRuns lets stripMarkup keep runs of consecutive lines as one
// piece and take the lines inside an open fence, and the runs of plain
// lines outside one (plainLines), at once;
// TestStripMarkupRuns turns it off (each line read and kept on its own)
// and holds the result to it.
var joinKeptRuns = true

// IsAutoShortcutURL reports whether the render makes an auto-shortcut of
// a link to href: an http://, https:// or act: URL or one longer than 40
// UTF-16 code units (renderer.ts buildSlugMap).
func IsAutoShortcutURL(href string) bool {
	return strings.HasPrefix(href, "http://") || strings.HasPrefix(href, "https://") ||
		strings.HasPrefix(href, "act:") || utf16Len(href) > 40
}

// slugLinks is buildSlugMap plus the PLAIN_LINK_RE replacement
// (reRndPlainLink, found by plainLinkSpans).
func slugLinks(s string, autos *[]autoShortcut) string { return slugLinksAfter("", s, autos) }

// slugLinksAfter is head + slugLinks(s, autos), written to one builder
// when a link becomes a shortcut.
func slugLinksAfter(head, s string, autos *[]autoShortcut) string {
	return slugMatches(head, s, plainLinkSpans(s), autos, true)
}

// slugAutos is the auto-shortcuts slugLinks registers for s, appended
// to autos, without writing its text: the same scan as slugLinksAfter's
// (slugMatches), which only leaves the builder out.
func slugAutos(s string, autos *[]autoShortcut) {
	slugMatches("", s, plainLinkSpans(s), autos, false)
}

// plainLinkOut reports whether span holds a '`', '~' or line feed.
func plainLinkOut(span string) bool {
	for i := 0; i < len(span); i++ {
		if c := span[i]; c == '`' || c == '~' || c == '\n' {
			return true
		}
	}
	return false
}

// slugMatches is slugLinksAfter with the plain links of s given
// (matches, as plainLinkSpans finds them, or some of them); it writes
// the text only when write is set ("" otherwise).
func slugMatches(head, s string, matches [][6]int, autos *[]autoShortcut, write bool) string {
	if len(matches) == 0 {
		return head + s
	}
	regions := codeRegions(s)
	// buildSlugMap's seen ids and slug counts, and each id's place in
	// autos, in one map (three maps of 11,400 keys each grew on the
	// generated 10 MB page)
	st := make(map[string]slugState, len(matches))
	for i, a := range *autos {
		e := st[a.ID]
		e.at = i + 1
		st[a.ID] = e
	}
	linkN := 1
	var b strings.Builder
	last := 0
	for k, m := range matches {
		// matches and regions are in order: drop the regions that end
		// before this match (scanning them all again is quadratic)
		for len(regions) > 0 && regions[0][1] <= m[0] {
			regions = regions[1:]
		}
		if insideRanges(m[0], regions) {
			continue
		}
		label, href := s[m[2]:m[3]], s[m[4]:m[5]]
		if !IsAutoShortcutURL(href) {
			continue
		}
		slug := "" // the label's slug, when it is short and a slug's
		if utf16Len(label) <= 20 && slugLabel(label) {
			slug = toSlug(label)
		}
		var id string
		if slug != "" {
			e := st[slug]
			if !e.seen {
				id = slug
				e.count = 2
			} else {
				n := e.count
				if n == 0 {
					n = 2
				}
				id = slug + "-" + itoa(n)
				e.count = n + 1
			}
			st[slug] = e
		} else {
			id = sfmd.AutoShortcutPrefix + itoa(linkN)
			linkN++
		}
		e := st[id]
		e.seen = true
		if e.at > 0 {
			(*autos)[e.at-1].Href = href
		} else {
			e.at = len(*autos) + 1
			if len(*autos) == cap(*autos) {
				// each match left adds at most one: room for them all
				// (growing by doubling took new memory at each step)
				*autos = slices.Grow(*autos, len(matches)-k)
			}
			*autos = append(*autos, autoShortcut{ID: id, Href: href})
		}
		st[id] = e
		if !write {
			continue
		}
		display := label
		if display == "" {
			display = id
		}
		if b.Cap() == 0 {
			b.Grow(len(head) + len(s) + 8*len(matches)) // the links' ids are about as long as their URLs
			b.WriteString(head)
		}
		b.WriteString(s[last:m[0]])
		b.WriteByte('[')
		b.WriteString(display)
		b.WriteString("][@")
		b.WriteString(id)
		b.WriteByte(']')
		last = m[1]
	}
	if !write {
		return ""
	}
	if last == 0 {
		return head + s // no link became a shortcut
	}
	b.WriteString(s[last:])
	return b.String()
}

// slugState is what slugLinks knows of a slug or an id: that an id was
// given (buildSlugMap's seen), the next suffix of a slug given again
// (its counts; 0 before the first), and 1 + the id's index in autos (0:
// none).
type slugState struct {
	seen      bool
	count, at int
}

// codeRegions are the fenced ranges of s and its inline code spans that
// start outside them, in order of their start (buildSlugMap's code
// regions). Both lists come sorted and the fenced ranges do not overlap,
// so one pass merges them (a span was compared with every fenced range,
// quadratic on a page of both).
func codeRegions(s string) [][2]int {
	fenced := fencedRanges(s)
	inline := inlineRanges(s)
	out := make([][2]int, 0, len(fenced)+len(inline))
	j := 0
	for _, m := range inline {
		for j < len(fenced) && fenced[j][0] <= m[0] {
			if m[0] < fenced[j][1] {
				break // m starts inside fenced[j]
			}
			out = append(out, fenced[j])
			j++
		}
		if j < len(fenced) && fenced[j][0] <= m[0] {
			continue
		}
		out = append(out, m)
	}
	return append(out, fenced[j:]...)
}

func insideRanges(idx int, ranges [][2]int) bool {
	for _, r := range ranges {
		if idx < r[0] {
			return false
		}
		if idx < r[1] {
			return true
		}
	}
	return false
}

// slugLabel is reRndSlugOK.MatchString(label) by a scan (it ran on every
// link of a page): at least one character, each an ASCII letter or
// digit, '-' or JavaScript white space (TestSlugLabelIsRegexp).
func slugLabel(label string) bool {
	for _, r := range label {
		if r < utf8.RuneSelf && (isWordByte(byte(r)) && r != '_' || r == '-') || isJSSpace(r) {
			continue
		}
		return false
	}
	return label != ""
}

// toSlug is core's toSlug. A text of lower-case ASCII letters, digits,
// '_' and '-' only is its own slug, returned as it is (most links'
// labels are one word; TestToSlugPlain holds it to the slug made).
func toSlug(text string) string {
	if plainSlugs && isPlainSlug(text) {
		return text
	}
	if s, ok := asciiSlug(text); ok {
		return s
	}
	return toSlugRunes(text)
}

// asciiSlug is toSlugRunes(text) for an ASCII text (ok false for any
// other), written in one pass into one buffer: each letter lowered, each
// byte of [a-z0-9_-] kept, every other byte dropped but white space,
// whose runs between kept bytes become one '-' (the trim drops those at
// either end). TestASCIISlug holds it to toSlugRunes.
func asciiSlug(text string) (string, bool) {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return "", false
		}
	}
	b := make([]byte, 0, len(text))
	space := false // white space since the last byte kept
	for i := 0; i < len(text); i++ {
		c := text[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		switch {
		case isWordByte(c) || c == '-':
			if space && len(b) > 0 {
				b = append(b, '-')
			}
			space = false
			b = append(b, c)
		case asciiJSSpace(c):
			space = true
		}
	}
	return string(b), true
}

// toSlugRunes is toSlug rune by rune: renderer.ts's slug (lowered, the
// characters of [\w\s-] kept, trimmed, each run of white space one '-').
func toSlugRunes(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		if r < 0x80 && (isWordByte(byte(r)) || r == '-') || isJSSpace(r) {
			b.WriteRune(r)
		}
	}
	t := jsTrim(b.String())
	var o strings.Builder
	inSpace := false
	for _, r := range t {
		if isJSSpace(r) {
			if !inSpace {
				o.WriteByte('-')
			}
			inSpace = true
			continue
		}
		inSpace = false
		o.WriteRune(r)
	}
	return o.String()
}

// plainSlugs lets toSlug return a plain slug as it is; TestToSlugPlain
// turns it off.
var plainSlugs = true

// isPlainSlug reports a text of the bytes [a-z0-9_-] only.
func isPlainSlug(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// replaceSubmatch is String.prototype.replace with a global regexp and a
// callback: fn gets the match and its groups ("" for a group that did not
// participate) and the match offset.
func replaceSubmatch(re *regexp.Regexp, s string, fn func(m []string, at int) string) string {
	out, _ := replaceSubmatchLimit(re, s, fn, -1)
	return out
}

// replaceSubmatchLimit is replaceSubmatch that gives up, returning "" and
// false, as soon as the result passes limit bytes (limit < 0: no limit).
// It finds one match at a time (regexp's FindAll reserves room for ten
// per call, which a loop over a million items pays a million times);
// that is the same as FindAll for the patterns it is given, which have no
// anchor or \b and never match the empty string.
func replaceSubmatchLimit(re *regexp.Regexp, s string, fn func(m []string, at int) string, limit int64) (string, bool) {
	return replaceFoundLimit(re.FindStringSubmatchIndex, re.NumSubexp()+1, s, fn, limit)
}

// replaceFound is replaceSubmatch with find in the place of a regexp's
// FindStringSubmatchIndex (a scan that finds the same matches, groups
// its groups and the whole match).
func replaceFound(find func(string) []int, groups int, s string, fn func(m []string, at int) string) string {
	out, _ := replaceFoundLimit(find, groups, s, fn, -1)
	return out
}

// replaceFoundLimit is replaceSubmatchLimit with find for the regexp.
func replaceFoundLimit(find func(string) []int, groups int, s string, fn func(m []string, at int) string, limit int64) (string, bool) {
	loc := find(s)
	if loc == nil {
		return s, limit < 0 || int64(len(s)) <= limit
	}
	var b strings.Builder
	if limit < 0 || int64(len(s)) <= limit {
		b.Grow(len(s))
	}
	m := make([]string, groups)
	over := func(n int) bool { return limit >= 0 && int64(b.Len()+n) > limit }
	last := 0
	for loc != nil {
		for g := range m {
			if loc[2*g] >= 0 {
				m[g] = s[last+loc[2*g] : last+loc[2*g+1]]
			} else {
				m[g] = ""
			}
		}
		pre := s[last : last+loc[0]]
		r := fn(m, last+loc[0])
		if over(len(pre) + len(r)) {
			return "", false
		}
		b.WriteString(pre)
		b.WriteString(r)
		if loc[1] == 0 {
			break // an empty match: none of the patterns has one
		}
		last += loc[1]
		loc = find(s[last:])
	}
	if over(len(s) - last) {
		return "", false
	}
	b.WriteString(s[last:])
	return b.String(), true
}
