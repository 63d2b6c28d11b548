package model

import "strings"

// hasLineTerminator reports whether s holds a character JavaScript's "."
// does not match: \n, \r, U+2028 or U+2029 (strings.ContainsAny with
// the two wide characters in its set decodes every rune of s; this looks
// for the bytes).
func hasLineTerminator(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return true
		case 0xE2:
			if strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029") {
				return true
			}
		}
	}
	return false
}
