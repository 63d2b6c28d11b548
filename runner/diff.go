package runner

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

const diffContext = 3

// unifiedDiff returns a line-based unified diff from a to b (computed with
// go-diff's line mode). Lines without a final newline are marked the way
// diff(1) does.
func unifiedDiff(a, b, nameA, nameB string) string {
	if a == b {
		return ""
	}
	dmp := diffmatchpatch.New()
	ca, cb, lines := dmp.DiffLinesToChars(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)

	type line struct {
		op   byte // ' ', '-', '+'
		text string
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
			if l == "" {
				continue
			}
			all = append(all, line{op, l})
		}
	}

	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	for i := 0; i < len(all); {
		if all[i].op == ' ' {
			i++
			continue
		}
		// A hunk: back up for context, extend while changes are close.
		start := max(i-diffContext, 0)
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
			if j < len(all) && j-end <= 2*diffContext {
				end = j
				continue
			}
			end = min(end+diffContext, len(all))
			break
		}
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
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		for _, l := range all[start:end] {
			out.WriteByte(l.op)
			out.WriteString(l.text)
			if !strings.HasSuffix(l.text, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return out.String()
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
