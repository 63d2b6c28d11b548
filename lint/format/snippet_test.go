package format

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/ansi"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestSnippetMatchesReference holds writeSnippet, which appends into the
// stream's buffer with a reused scratch, to the allocating version it
// replaced (kept below as the reference): the same bytes for random
// lines (tabs, wide, combining, control and invalid bytes, lines cut to a
// window), random spans, fixes and related positions, painted or not,
// with one scratch reused across all of them.
func TestSnippetMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 10))
	pieces := []string{"a", "b", " ", "  ", "\t", "検", "é", "\u0301", "\x1b", "\xff", "🚀", "{{x}}", "ｱ", "\u200b"}
	var cells []cell
	for n := range 4000 {
		var sb strings.Builder
		lines := 1 + rng.IntN(4)
		for l := range lines {
			width := rng.IntN(12)
			if rng.IntN(8) == 0 {
				width = 100 + rng.IntN(400) // wider than maxLineWidth, or cut
			}
			for range width {
				sb.WriteString(pieces[rng.IntN(len(pieces))])
			}
			if l < lines-1 || rng.IntN(2) == 0 {
				sb.WriteString("\n")
			}
		}
		src := []byte(sb.String())
		li := sfmd.NewLineIndex(src)
		a := rng.IntN(len(src) + 1)
		b := a + rng.IntN(len(src)-a+1)
		d := lint.Diagnostic{Path: "x.md", Rule: "r", Severity: lint.Severity(rng.IntN(3) + 1), Span: li.Span(a, b)}
		if rng.IntN(5) == 0 {
			d.Fixes = []lint.Fix{{Message: "fix it", Safe: rng.IntN(2) == 0}}
		}
		if rng.IntN(5) == 0 {
			d.Related = []lint.Related{{Span: li.Span(0, 0), Message: "here"}}
		}
		if rng.IntN(10) == 0 {
			d.Span.Start.Offset = -1 // the column wins
		}
		p := painter(rng.IntN(2) == 0)
		srcs := newSources(func(string) []byte { return src })
		var got, want bytes.Buffer
		got.WriteString("head\n")
		want.WriteString("head\n")
		writeSnippet(&got, &d, srcs, p, &cells)
		refWriteSnippet(&want, &d, srcs, p)
		if got.String() != want.String() {
			t.Fatalf("case %d, %q span %v painted %v:\ngot  %q\nwant %q", n, src, d.Span, p, got.String(), want.String())
		}
	}
}

// refWriteSnippet is the reference: writeSnippet as it was, writes the gutter, source line, marker, help and note lines
// of d.
func refWriteSnippet(w *bytes.Buffer, d *lint.Diagnostic, src *sources, p painter) {
	line, _ := start(d)
	num := strconv.Itoa(line)
	pad := strings.Repeat(" ", len(num))
	gutter := p.paint(ansi.Blue, pad+" |")

	if text, from, to, ok := snippetRange(d, src); ok {
		shown, markAt, markWidth := refRender(text, from, to)
		w.WriteString(gutter + "\n")
		w.WriteString(p.paint(ansi.Blue, num+" |"))
		if shown != "" {
			w.WriteString(" " + shown)
		}
		w.WriteByte('\n')
		marker := "^" + strings.Repeat("~", max(markWidth-1, 0))
		w.WriteString(gutter + " " + strings.Repeat(" ", markAt) + p.paint(severityStyle(d.Severity), marker) + "\n")
	}
	for _, f := range d.Fixes {
		msg := flatten(f.Message)
		if msg == "" {
			msg = "apply the suggested fix"
		}
		if !f.Safe {
			msg += " (unsafe fix, needs --unsafe-fixes)"
		}
		w.WriteString(pad + " = " + p.paint(ansi.Green, "help") + ": " + msg + "\n")
	}
	for _, r := range d.Related {
		rl, rc := startOf(r.Span)
		rp := d.Path
		if r.Path != "" {
			rp = r.Path
		}
		fmt.Fprintf(w, "%s = %s: %s:%d:%d: %s\n", pad, p.paint(ansi.Bold, "note"), flattenPath(rp), rl, rc, flatten(r.Message))
	}
}

// refRender is the reference: render as it was; it turns a source line into display text and returns where the
// marker for bytes [from, to) starts (display column, 0-based) and how wide
// it is. Huge lines are first cut to a byte window around the span so that
// many findings on one minified line stay linear.
func refRender(text []byte, from, to int) (shown string, markAt, markWidth int) {
	cutLeft, cutRight := false, false
	if lo := from - renderBytesBefore; lo > 0 {
		for lo < from && !utf8.RuneStart(text[lo]) {
			lo++
		}
		text, from, to, cutLeft = text[lo:], from-lo, to-lo, true
	}
	if hi := from + renderBytesAfter; hi < len(text) {
		for hi > from && !utf8.RuneStart(text[hi]) {
			hi--
		}
		text, to, cutRight = text[:hi], min(to, hi), true
	}

	cells := make([]cell, 0, len(text))
	col := 0
	startCell, endCell := -1, -1
	for i := 0; i <= len(text); {
		if i >= from && startCell < 0 {
			startCell = len(cells)
		}
		if i >= to && endCell < 0 && startCell >= 0 {
			endCell = len(cells)
		}
		if i == len(text) {
			break
		}
		r, sz := utf8.DecodeRune(text[i:])
		var c cell
		switch {
		case r == '\t':
			c = cell{' ', tabWidth - col%tabWidth}
		case r == utf8.RuneError && sz == 1, unicode.IsControl(r):
			c = cell{'\uFFFD', 1}
		default:
			c = cell{r, runeWidth(r)}
		}
		cells = append(cells, c)
		col += c.w
		i += sz
	}
	if startCell < 0 {
		startCell = len(cells)
	}
	if endCell < 0 {
		endCell = len(cells)
	}

	// Choose the visible window of cells.
	lo, hi := 0, len(cells)
	if col > maxLineWidth || cutLeft || cutRight {
		w := 0
		lo = startCell
		for lo > 0 && w+cells[lo-1].w <= windowLead {
			lo--
			w += cells[lo].w
		}
		hi = lo
		for w = 0; hi < len(cells) && w+cells[hi].w <= maxLineWidth; hi++ {
			w += cells[hi].w
		}
	}
	var b strings.Builder
	if lo > 0 || cutLeft {
		b.WriteString("…")
		markAt = 1
	}
	for i := lo; i < hi; i++ {
		c := cells[i]
		if i < startCell {
			markAt += c.w
		} else if i < endCell {
			markWidth += c.w
		}
		if c.r == ' ' && c.w > 1 {
			b.WriteString(strings.Repeat(" ", c.w))
		} else {
			b.WriteRune(c.r)
		}
	}
	if hi < len(cells) || cutRight {
		b.WriteString("…")
	}
	return strings.TrimRight(b.String(), " "), markAt, markWidth
}
