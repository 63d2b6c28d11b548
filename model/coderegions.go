package model

import "strings"

// The code regions of a rendered page (buildSlugMap's CODE_BLOCK_RE and
// INLINE_CODE_RE in renderer.ts), found by scanning instead of by the
// regexps reRndFenced and reRndInline, whose backtracking cost grew with
// every link of a page (TestCodeRegionScanners compares them).

// fencedRanges is reRndFenced.FindAllStringIndex(s, -1): a ``` or ~~~ up
// to the nearest next one of the same kind, leftmost first. Where each
// kind next occurs is kept while it lies ahead (a page of ``` fences and
// no ~~~ searched the rest of the page for ~~~ once per fence).
func fencedRanges(s string) [][2]int {
	var out [][2]int
	delims := [2]string{"```", "~~~"}
	open := [2]bool{true, true} // ``` and ~~~ may still have a closing run
	next := [2]int{-1, -1}      // where each kind occurs at or after i, once searched
	for i := 0; i < len(s); {
		k, kind := -1, 0
		for t, d := range delims {
			if !open[t] {
				continue
			}
			if next[t] < i {
				j := strings.Index(s[i:], d)
				if j < 0 {
					open[t] = false // no run of this kind from here on
					continue
				}
				next[t] = i + j
			}
			if k < 0 || next[t] < k {
				k, kind = next[t], t
			}
		}
		if k < 0 {
			break
		}
		d := delims[kind]
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
