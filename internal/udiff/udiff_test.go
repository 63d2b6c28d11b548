package udiff

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

func TestUnified(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11"
	want := "--- want\n+++ got\n@@ -2,9 +2,10 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n+11\n\\ No newline at end of file\n"
	if got := Unified(a, b, "want", "got"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if Unified("x", "x", "a", "b") != "" {
		t.Error("equal texts must give no diff")
	}
	far := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
	far2 := "A\nb\nc\nd\ne\nf\ng\nh\ni\nj\nK\n"
	want2 := "--- x\n+++ y\n@@ -1,4 +1,4 @@\n-a\n+A\n b\n c\n d\n@@ -8,4 +8,4 @@\n h\n i\n j\n-k\n+K\n"
	if got := Unified(far, far2, "x", "y"); got != want2 {
		t.Errorf("got\n%s\nwant\n%s", got, want2)
	}
}

// applyUnified applies a unified diff made by Unified to old, checking
// every context and removed line, as patch(1) would.
func applyUnified(old, diff string) (string, error) {
	oldLines := splitLines(old)
	dl := strings.SplitAfter(diff, "\n")
	if len(dl) < 2 || !strings.HasPrefix(dl[0], "--- a/") || !strings.HasPrefix(dl[1], "+++ b/") {
		return "", fmt.Errorf("bad header")
	}
	var out []string
	pos := 0 // next old line index
	i := 2
	for i < len(dl) && dl[i] != "" {
		h := dl[i]
		var oStart, oc, ns, nc int
		if _, err := fmt.Sscanf(h, "@@ -%s +%s @@", new(string), new(string)); err != nil {
			return "", fmt.Errorf("bad hunk header %q", h)
		}
		f := strings.Fields(h)
		parse := func(s string) (int, int) {
			s = s[1:]
			a, b, ok := strings.Cut(s, ",")
			x, _ := strconv.Atoi(a)
			y := 1
			if ok {
				y, _ = strconv.Atoi(b)
			}
			return x, y
		}
		oStart, oc = parse(f[1])
		ns, nc = parse(f[2])
		_ = ns
		start := oStart - 1
		if oc == 0 {
			start = oStart
		}
		if start < pos {
			return "", fmt.Errorf("hunks overlap")
		}
		out = append(out, oldLines[pos:start]...)
		pos = start
		i++
		seenOld, seenNew := 0, 0
		for i < len(dl) && dl[i] != "" && !strings.HasPrefix(dl[i], "@@") {
			l := dl[i]
			i++
			noNL := i < len(dl) && strings.HasPrefix(dl[i], "\\ No newline")
			body := l[1:]
			if noNL {
				body = strings.TrimSuffix(body, "\n")
				i++
			}
			switch l[0] {
			case ' ', '-':
				if pos >= len(oldLines) || oldLines[pos] != body {
					return "", fmt.Errorf("context mismatch at old line %d: %q", pos+1, body)
				}
				pos++
				seenOld++
				if l[0] == ' ' {
					out = append(out, body)
					seenNew++
				}
			case '+':
				out = append(out, body)
				seenNew++
			}
		}
		if seenOld != oc || seenNew != nc {
			return "", fmt.Errorf("hunk %q counts %d,%d", h, seenOld, seenNew)
		}
	}
	out = append(out, oldLines[pos:]...)
	return strings.Join(out, ""), nil
}

func TestUnifiedGolden(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn"
	want := `--- a/x.md
+++ b/x.md
@@ -1,5 +1,5 @@
 a
-b
+B
 c
 d
 e
@@ -11,3 +11,4 @@
 k
 l
 m
+n
\ No newline at end of file
`
	if got := Unified(old, new, "a/x.md", "b/x.md"); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := Unified(old, old, "a/x.md", "b/x.md"); got != "" {
		t.Errorf("equal texts: got %q", got)
	}
}

func TestUnifiedRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	words := []string{"a\n", "b\n", "c\n", "d\n", "\n", "e", "f\r\n"}
	gen := func() string {
		var b strings.Builder
		for k := r.Intn(30); k > 0; k-- {
			b.WriteString(words[r.Intn(len(words))])
		}
		return b.String()
	}
	for iter := 0; iter < 1000; iter++ {
		old, new := gen(), gen()
		d := Unified(old, new, "a/f.md", "b/f.md")
		if old == new {
			continue
		}
		got, err := applyUnified(old, d)
		if err != nil || got != new {
			t.Fatalf("iter %d: old %q new %q\ndiff:\n%s\napplied %q err %v", iter, old, new, d, got, err)
		}
	}
}

// splitLines splits s after each "\n" (the last line may have none).
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// TestUnifiedNoTimeout: a diff whose shortest form takes go-diff more
// than its default one second on a slow or busy machine (every other line
// of 4,000 changed) is still the shortest (2,000 lines removed, 2,000
// added), the same on every machine; past maxMiddle differing lines the
// middle is replaced whole, at once.
func TestUnifiedNoTimeout(t *testing.T) {
	var a, b strings.Builder
	for i := range 4000 {
		fmt.Fprintf(&a, "line %d\n", i)
		if i%2 == 0 {
			fmt.Fprintf(&b, "changed %d\n", i)
		} else {
			fmt.Fprintf(&b, "line %d\n", i)
		}
	}
	d := Unified(a.String(), b.String(), "a", "b")
	if minus, plus := strings.Count(d, "\n-changed")+strings.Count(d, "\n-line"), strings.Count(d, "\n+changed")+strings.Count(d, "\n+line"); minus != 2000 || plus != 2000 {
		t.Errorf("%d lines removed and %d added, want 2000 and 2000", minus, plus)
	}
	var c, e strings.Builder
	c.WriteString("same\n")
	e.WriteString("same\n")
	for i := range maxMiddle {
		fmt.Fprintf(&c, "a%d\n", i)
		fmt.Fprintf(&e, "b%d\n", i)
	}
	d = Unified(c.String(), e.String(), "a", "b")
	if !strings.HasPrefix(d, "--- a\n+++ b\n@@ -1,10001 +1,10001 @@\n same\n-a0\n") || strings.Count(d, "\n+b") != maxMiddle {
		t.Errorf("coarse diff:\n%.200s", d)
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"a\nb\nc\n", "a\nb\nc\n"},
		{"1\n2\n3\n4\n5\n6", "1\n2\n… 3 lines left out …\n6"},
		{"abcdef\nxy\n", "abcd… (2 bytes left out)\nxy\n"},
		{"ab\u00e9\u00e9\n", "ab\u00e9… (2 bytes left out)\n"}, // never half a character
		{"1\n2\n3\n4\nlong line\n", "1\n2\n… 2 lines left out …\nlong… (5 bytes left out)\n"},
	} {
		if got := Clip(c.in, 2, 1, 4); got != c.want {
			t.Errorf("Clip(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// A 20 MB text of 2,000,000 lines, or one line of 20 MB, gives a few
	// hundred bytes.
	many := strings.Repeat("123456789\n", 2_000_000)
	if got := Clip(many, 2, 1, 4); got != "1234… (5 bytes left out)\n1234… (5 bytes left out)\n… 1999997 lines left out …\n1234… (5 bytes left out)\n" {
		t.Errorf("got %q", got)
	}
	if got := Clip(strings.Repeat("x", 20<<20), 2, 1, 4); got != "xxxx… (20971516 bytes left out)" {
		t.Errorf("got %q", got)
	}
}
