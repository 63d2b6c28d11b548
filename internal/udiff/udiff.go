// Package udiff renders line-based unified diffs, the one diff format of
// sfmd (lint --diff, and the want/got diffs of sfmd test). Lines are
// matched with go-diff's line mode. It is a leaf: it imports nothing of
// the module.
package udiff

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// context is the number of unchanged lines shown around a change.
const context = 3

type line struct {
	op   byte // ' ', '-' or '+'
	text string
}

// Unified returns the unified diff from a to b with three lines of
// context, headed "--- nameA" and "+++ nameB", or "" when a == b. Hunks
// closer than twice the context are merged; a last line without a final
// newline is marked the way diff(1) does.
func Unified(a, b, nameA, nameB string) string {
	if a == b {
		return ""
	}
	all := diffLines(a, b)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	for i := 0; i < len(all); {
		if all[i].op == ' ' {
			i++
			continue
		}
		start, end := max(i-context, 0), hunkEnd(all, i)
		writeHunk(&out, all, start, end)
		i = end
	}
	return out.String()
}

// maxMiddle bounds the lines that differ between the two texts (after
// their common first and last lines) that are matched line by line: the
// matching costs up to the square of that number. Past it, the middle is
// shown as removed whole and added whole: a correct diff, only not the
// shortest, and the same on every machine.
const maxMiddle = 10_000

// diffLines lists the lines of a and b in diff order, each keeping its
// "\n" (but the last line of a text may have none). The matching has no
// time limit (go-diff's default one second made the output depend on the
// machine's speed); maxMiddle bounds its cost instead.
func diffLines(a, b string) []line {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	ca, cb, lines := dmp.DiffLinesToChars(a, b)
	var diffs []diffmatchpatch.Diff
	ra, rb := []rune(ca), []rune(cb)
	if p, s := commonEnds(ra, rb); len(ra)+len(rb)-2*(p+s) > maxMiddle {
		diffs = dmp.DiffCharsToLines(coarse(ra, rb, p, s), lines)
	} else {
		diffs = dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)
	}
	var all []line
	for _, d := range diffs {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l != "" {
				all = append(all, line{op, l})
			}
		}
	}
	return all
}

// commonEnds returns how many first and last lines (one rune each) ra
// and rb share, the last ones counted in what the first leave.
func commonEnds(ra, rb []rune) (p, s int) {
	for p < len(ra) && p < len(rb) && ra[p] == rb[p] {
		p++
	}
	for s < len(ra)-p && s < len(rb)-p && ra[len(ra)-1-s] == rb[len(rb)-1-s] {
		s++
	}
	return p, s
}

// coarse is the diff of ra and rb (one rune a line) that keeps their
// common first and last lines and replaces the rest whole.
func coarse(ra, rb []rune, p, s int) []diffmatchpatch.Diff {
	var out []diffmatchpatch.Diff
	add := func(op diffmatchpatch.Operation, r []rune) {
		if len(r) > 0 {
			out = append(out, diffmatchpatch.Diff{Type: op, Text: string(r)})
		}
	}
	add(diffmatchpatch.DiffEqual, ra[:p])
	add(diffmatchpatch.DiffDelete, ra[p:len(ra)-s])
	add(diffmatchpatch.DiffInsert, rb[p:len(rb)-s])
	add(diffmatchpatch.DiffEqual, ra[len(ra)-s:])
	return out
}

// hunkEnd returns the end (exclusive) of the hunk whose first change is at
// i: it extends while the next change is at most 2*context unchanged
// lines away, then takes context lines more.
func hunkEnd(all []line, i int) int {
	end := i
	for end < len(all) {
		if all[end].op != ' ' {
			end++
			continue
		}
		j := end
		for j < len(all) && all[j].op == ' ' {
			j++
		}
		if j < len(all) && j-end <= 2*context {
			end = j
			continue
		}
		return min(end+context, len(all))
	}
	return end
}

func writeHunk(out *strings.Builder, all []line, start, end int) {
	aStart, bStart := 1, 1
	for _, l := range all[:start] {
		if l.op != '+' {
			aStart++
		}
		if l.op != '-' {
			bStart++
		}
	}
	aLen, bLen := 0, 0
	for _, l := range all[start:end] {
		if l.op != '+' {
			aLen++
		}
		if l.op != '-' {
			bLen++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
	for _, l := range all[start:end] {
		out.WriteByte(l.op)
		out.WriteString(l.text)
		if !strings.HasSuffix(l.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start-1)
	case 1:
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// Clip bounds a text for a report: it keeps the first head and the last
// tail lines, with one line "… N lines left out …" between them, and cuts
// each kept line after width bytes (on a character boundary) with
// "… (N bytes left out)". A text within the bounds is returned as it is.
func Clip(s string, head, tail, width int) string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	left := 0
	if len(lines) > head+tail {
		left = len(lines) - head - tail
	}
	wide := false
	for i, l := range lines {
		if (left == 0 || i < head || i >= head+left) && len(strings.TrimSuffix(l, "\n")) > width {
			wide = true
			break
		}
	}
	if left == 0 && !wide {
		return s
	}
	var b strings.Builder
	for i, l := range lines {
		if left > 0 && i == head {
			fmt.Fprintf(&b, "… %d lines left out …\n", left)
		}
		if left > 0 && i >= head && i < head+left {
			continue
		}
		b.WriteString(cutLine(l, width))
	}
	return b.String()
}

// cutLine cuts l (which may end in "\n") after width bytes.
func cutLine(l string, width int) string {
	text, nl := strings.CutSuffix(l, "\n")
	if len(text) <= width {
		return l
	}
	cut := width
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	out := fmt.Sprintf("%s… (%d bytes left out)", text[:cut], len(text)-cut)
	if nl {
		out += "\n"
	}
	return out
}
