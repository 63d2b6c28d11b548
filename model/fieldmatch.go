package model

import (
	"strings"
	"unicode/utf8"
)

// matchField is reField.FindStringSubmatchIndex(s) without the regexp's
// backtracker (a field line is read for every line of every action
// block). The pattern is deterministic: each word runs as far as word
// characters go and each optional part is taken whenever it matches, as
// the leftmost-first regexp does, because nothing after it could match
// the text it would leave. TestMatchField compares the two.
func matchField(s string) []int {
	m := make([]int, 14)
	for i := range m {
		m[i] = -1
	}
	m[0] = 0
	i := skipJSSpace(s, 0)
	if i == 0 {
		return nil
	}
	var ok bool
	if i, ok = wordAt(s, i, m, 1); !ok {
		return nil
	}
	if j := skipJSSpace(s, i+1); i < len(s) && s[i] == ',' && j < len(s) && s[j] == '-' && j+1 < len(s) && isASCIILetter(s[j+1]) {
		m[4], m[5] = j+1, j+2
		i = j + 2
	}
	i = skipJSSpace(s, i)
	if i >= len(s) || s[i] != ':' {
		return nil
	}
	j := skipJSSpace(s, i+1)
	if j == i+1 {
		return nil
	}
	if i, ok = wordAt(s, j, m, 3); !ok {
		return nil
	}
	if j := skipJSSpace(s, i); j > i {
		for _, c := range [...]string{"(required)", "(optional)"} {
			if strings.HasPrefix(s[j:], c) {
				m[8], m[9] = j+1, j+len(c)-1
				i = j + len(c)
				break
			}
		}
	}
	if j := skipJSSpace(s, i); j > i && j < len(s) && s[j] == '"' {
		if k := strings.IndexByte(s[j+1:], '"'); k >= 0 {
			m[10], m[11] = j+1, j+1+k
			i = j + k + 2
		}
	}
	if j := skipJSSpace(s, i); j < len(s) && s[j] == '=' {
		j = skipJSSpace(s, j+1)
		if j < len(s) && s[j] == '"' {
			if k := strings.IndexByte(s[j+1:], '"'); k >= 0 {
				m[12], m[13] = j+1, j+1+k
				i = j + k + 2
			}
		}
	}
	if i != len(s) {
		return nil
	}
	m[1] = len(s)
	return m
}

// wordAt matches \w+ at s[i:] into group g of m.
func wordAt(s string, i int, m []int, g int) (int, bool) {
	j := i
	for j < len(s) && isWordByte(s[j]) {
		j++
	}
	if j == i {
		return i, false
	}
	m[2*g], m[2*g+1] = i, j
	return j, true
}

func isWordByte(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' || c == '_' }

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// skipJSSpace is the index after the JavaScript white space at s[i:].
func skipJSSpace(s string, i int) int {
	for i < len(s) {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		if !isJSSpace(r) {
			break
		}
		i += n
	}
	return i
}
