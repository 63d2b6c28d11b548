package format

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// flattenRuneByRune is the definition flatten is held to: writeFlat as
// it was (with fmt) of every rune of the text made valid UTF-8 (a run of bytes that are not
// UTF-8 becomes one U+FFFD), one rune at a time.
func flattenRuneByRune(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestFlattenIsRuneByRune: flatten, which copies runs of printable ASCII
// whole, writes what flattenRuneByRune writes, on the cases given and on
// random strings over control characters, DEL, C1 controls, other
// characters and bytes that are not UTF-8 (alone, in runs, and a
// U+FFFD written in the text).
func TestFlattenIsRuneByRune(t *testing.T) {
	cases := []string{"", "plain", "a\r\nb\x1b\xff", "$(…) runs", "\xff\xfe\xfd", "a\xffb\xffc", "\xff\uFFFD\xff", "\u0085\u009f\u00a0",
		"tab\there", "\x7f", "\xe2\x82", "\xe2\x82\xac", "é\n", "\x00\x01"}
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []string{"a", " ", "~", "\t", "\n", "\r", "\x00", "\x1f", "\x7f", "\u0080", "\u009f", "\u00a0", "é", "…", "\uFFFD", "\xff", "\xe2\x82", "\xc3", "😀"}
	for range 50000 {
		var b strings.Builder
		for range r.IntN(9) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, c := range cases {
		if got, want := flatten(c), flattenRuneByRune(c); got != want {
			t.Errorf("flatten(%q) = %q, rune by rune %q", c, got, want)
		}
	}
}

// TestFlattenAllocations: a message with a character outside ASCII (the
// "…" of many findings) is flattened in one allocation, not one per
// growth of a builder written a rune at a time.
func TestFlattenAllocations(t *testing.T) {
	msg := strings.Repeat("a value with $(…) or backticks in it runs as a command; ", 8)
	if allocs := testing.AllocsPerRun(20, func() { _ = flatten(msg) }); allocs != 1 {
		t.Errorf("flatten allocates %.0f times for a %d-byte message (want 1)", allocs, len(msg))
	}
}

// printableByBytes is printable a byte at a time.
func printableByBytes(s string) bool {
	for i := range len(s) {
		if c := s[i]; c < 0x20 && c != '\t' || c == 0x7f || c >= 0x80 {
			return false
		}
	}
	return true
}

// TestPrintable: printable, which looks at eight bytes at a time, agrees
// with a look at each byte on strings of printable ASCII with every byte
// value at every position of words of every alignment, and on random
// strings.
func TestPrintable(t *testing.T) {
	base := []byte("The quick brown fox jumps over the lazy dog ~ {x} [rule]")
	for n := range len(base) + 1 {
		for pos := range n {
			for b := range 256 {
				s := []byte(string(base[:n]))
				s[pos] = byte(b)
				if got, want := printable(string(s)), printableByBytes(string(s)); got != want {
					t.Fatalf("printable(%q) = %v, byte by byte %v", s, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 200000 {
		s := make([]byte, r.IntN(40))
		for i := range s {
			switch r.IntN(4) {
			case 0:
				s[i] = byte(r.IntN(256))
			default:
				s[i] = byte(0x20 + r.IntN(0x5f))
			}
		}
		if got, want := printable(string(s)), printableByBytes(string(s)); got != want {
			t.Fatalf("printable(%q) = %v, byte by byte %v", s, got, want)
		}
	}
}
