package model

import (
	"strings"
	"unicode/utf8"
)

// markupLine reports whether the trimmed line t is a block marker, a
// directive or a reference definition, which the render drops
// (renderer.ts stripAimdMarkup: reBlockOpen, reBlockEnd, reRndDirective
// or reRndRefDef matches it). Each of them starts with "<" or "[", and
// each is read by a scan of t rather than by the four regexps: the
// render reads every line of a page. TestMarkupLineIsRegexp holds it to
// the regexps.
func markupLine(t string) bool {
	if t == "" {
		return false
	}
	switch t[0] {
	case '<':
		return blockMarkerLine(t)
	case '[':
		return directiveLine(t) || refDefLine(t)
	}
	return false
}

// blockMarkerLine is reBlockOpen or reBlockEnd: `<!-- #id -->` or
// `<!-- /id -->`, id in [a-zA-Z0-9_-]+, and nothing else.
func blockMarkerLine(t string) bool {
	if !strings.HasPrefix(t, "<!-- ") || !strings.HasSuffix(t, " -->") || len(t) < len("<!-- #x -->") {
		return false
	}
	id := t[len("<!-- ") : len(t)-len(" -->")]
	if id[0] != '#' && id[0] != '/' {
		return false
	}
	return isBlockID(id[1:])
}

// isBlockID reports whether s is in [a-zA-Z0-9_-]+.
func isBlockID(s string) bool {
	return s != "" && blockIDRun(s) == len(s)
}

// blockIDRun is the length of the run of bytes of [a-zA-Z0-9_-] that s
// begins with.
func blockIDRun(s string) int {
	for i := 0; i < len(s); i++ {
		if !blockIDBytes[s[i]] {
			return i
		}
	}
	return len(s)
}

// blockIDBytes marks the bytes of [a-zA-Z0-9_-] (isShortcutIDByte's but
// '.'), read by blockIDRun for each byte of every block marker and act
// block fence line of a page.
var blockIDBytes = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c != '.' && isShortcutIDByte(byte(c))
	}
	return t
}()

// directiveLine is reRndDirective: `[!menu:id…](…)`, `[!nav:id…](…)`,
// `[!include:id…](…)` or `[!requirements](…)`, the parentheses closing
// the line and holding no line terminator.
func directiveLine(t string) bool {
	rest, ok := "", false
	if r, found := strings.CutPrefix(t, "[!requirements]("); found {
		rest, ok = r, true
	} else {
		for _, kind := range [...]string{"[!menu:", "[!nav:", "[!include:"} {
			if r, found := strings.CutPrefix(t, kind); found {
				if r == "" || r[0] == '.' || !isShortcutIDByte(r[0]) {
					return false
				}
				c := strings.IndexByte(r, ']')
				if c < 0 || c+1 >= len(r) || r[c+1] != '(' {
					return false
				}
				rest, ok = r[c+2:], true
				break
			}
		}
	}
	if !ok || !strings.HasSuffix(rest, ")") {
		return false
	}
	in := rest[:len(rest)-1]
	return !strings.ContainsAny(in, "\n\r\u2028\u2029")
}

// refDefLine is reRndRefDef: `[label]:`, white space, then something
// else.
func refDefLine(t string) bool {
	c := strings.IndexByte(t, ']')
	if c < 2 || c+1 >= len(t) || t[c+1] != ':' {
		return false
	}
	i := c + 2
	for i < len(t) {
		r, n := utf8.DecodeRuneInString(t[i:])
		if !isJSSpace(r) {
			break
		}
		i += n
	}
	return i > c+2 && i < len(t)
}

// actInfo is reRndActInfo: the info string of an action block or of its
// response template, `act.id` or `act.id.response`, id in
// [a-zA-Z0-9_-]+. TestActInfoIsRegexp holds it to the regexp.
func actInfo(info string) bool {
	id, ok := strings.CutPrefix(info, "act.")
	if !ok {
		return false
	}
	// the id's run of [a-zA-Z0-9_-], read once: the whole id, or all of
	// it before ".response" (the first byte not in the run is its '.')
	n := blockIDRun(id)
	return n > 0 && (n == len(id) || id[n:] == ".response")
}
