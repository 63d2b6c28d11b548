package model

import (
	"strings"
	"testing"
)

// TestHasLineTerminator: the byte scan agrees with strings.ContainsAny.
func TestHasLineTerminator(t *testing.T) {
	for _, s := range []string{"", "a", "a\nb", "\r", "x\u2028", "\u2029y", "\u2027\u202a", "é—✓", "\xe2\x80", "\xe2\x80\xa8", "abc\xe2"} {
		if got, want := hasLineTerminator(s), strings.ContainsAny(s, "\n\r\u2028\u2029"); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}
