package model

import "strings"

// placeScan finds the placeholders of a URI template (reURIPlace) or of
// a body template (reBodyPlace) by a scan, giving what the regexp's
// FindStringSubmatchIndex gives (TestPlaceScanIsRegexp): the regexps'
// backtracking is the larger part of call.prepare's substitutions. Every
// part of either pattern ends where the next must begin with a byte it
// cannot take (a name is followed by '[', '|' or '}', none of them \w;
// the digits of an index by ']'; a modifier by '|' or '}'), so the one
// way the bytes at a '{' can match is the regexp's, and the leftmost
// match is the first '{' (or, in a body, '"' then '{') where it does.
type placeScan struct {
	body bool    // reBodyPlace: a quote before and after, modifiers
	loc  [12]int // the last match's groups (reused: replaceFoundLimit reads them first)
}

// groups is the number of groups of the pattern, the whole match
// included.
func (ps *placeScan) groups() int {
	if ps.body {
		return 6
	}
	return 3
}

// find is the pattern's FindStringSubmatchIndex(s).
func (ps *placeScan) find(s string) []int {
	for i := 0; i < len(s); i++ {
		j := strings.IndexByte(s[i:], '{')
		if j < 0 {
			return nil
		}
		i += j
		if end, ok := ps.core(s, i); ok {
			loc := ps.loc[:2*ps.groups()]
			loc[0], loc[1] = i, end
			if ps.body {
				loc[2], loc[3] = -1, -1
				if i > 0 && s[i-1] == '"' { // (")? at the start: the match begins at the quote
					loc[0], loc[2], loc[3] = i-1, i-1, i
				}
			}
			return loc
		}
	}
	return nil
}

// core matches the pattern from the '{' at s[i] on, filling the groups
// it holds; end is where the match ends.
func (ps *placeScan) core(s string, i int) (end int, ok bool) {
	loc := &ps.loc
	name, index, mods := 2, 4, 0 // the groups' places in loc
	if ps.body {
		name, index, mods = 4, 6, 8
	}
	k := i + 1
	if k >= len(s) || !(isASCIILetter(s[k]) || s[k] == '_') {
		return 0, false
	}
	for k++; k < len(s) && isWordByte(s[k]); k++ {
	}
	loc[name], loc[name+1] = i+1, k
	loc[index], loc[index+1] = -1, -1
	if k < len(s) && s[k] == '[' { // \[(\d+)\]
		d := k + 1
		for d < len(s) && s[d] >= '0' && s[d] <= '9' {
			d++
		}
		if d == k+1 || d >= len(s) || s[d] != ']' {
			return 0, false
		}
		loc[index], loc[index+1] = k+1, d
		k = d + 1
	}
	if ps.body { // ((?:\|[a-zA-Z][a-zA-Z0-9]*)*)
		loc[mods] = k
		for k+1 < len(s) && s[k] == '|' && isASCIILetter(s[k+1]) {
			for k += 2; k < len(s) && (isASCIILetter(s[k]) || s[k] >= '0' && s[k] <= '9'); k++ {
			}
		}
		loc[mods+1] = k
	}
	if k >= len(s) || s[k] != '}' {
		return 0, false
	}
	k++
	if ps.body { // (")?
		loc[10], loc[11] = -1, -1
		if k < len(s) && s[k] == '"' {
			loc[10], loc[11] = k, k+1
			k++
		}
	}
	return k, true
}
