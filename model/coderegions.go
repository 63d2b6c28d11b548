package model

import "strings"

// The code regions of a rendered page (buildSlugMap's CODE_BLOCK_RE and
// INLINE_CODE_RE in renderer.ts), found by scanning instead of by the
// regexps reRndFenced and reRndInline, whose backtracking cost grew with
// every link of a page (TestCodeRegionScanners compares them).

// fencedRanges is reRndFenced.FindAllStringIndex(s, -1): a ``` or ~~~ up
// to the nearest next one of the same kind, leftmost first.
func fencedRanges(s string) [][2]int {
	var out [][2]int
	open := [2]bool{true, true} // ``` and ~~~ may still have a closing run
	for i := 0; i < len(s); {
		k, kind := -1, 0
		for t, d := range [2]string{"```", "~~~"} {
			if !open[t] {
				continue
			}
			if j := strings.Index(s[i:], d); j >= 0 && (k < 0 || i+j < k) {
				k, kind = i+j, t
			}
		}
		if k < 0 {
			break
		}
		d := [2]string{"```", "~~~"}[kind]
		c := strings.Index(s[k+3:], d)
		if c < 0 {
			// no closing run after this one: none after a later one either
			open[kind] = false
			continue
		}
		end := k + 3 + c + 3
		out = append(out, [2]int{k, end})
		i = end
	}
	return out
}

// inlineRanges is reRndInline.FindAllStringIndex(s, -1): a backtick, at
// least one character that is neither a backtick nor a line break, and a
// backtick.
func inlineRanges(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '`')
		if j < 0 {
			break
		}
		p := i + j
		q := p + 1
		for q < len(s) && s[q] != '`' && s[q] != '\n' {
			q++
		}
		if q > p+1 && q < len(s) && s[q] == '`' {
			out = append(out, [2]int{p, q + 1})
			i = q + 1
			continue
		}
		i = p + 1
	}
	return out
}
