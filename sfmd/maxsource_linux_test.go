package sfmd

import (
	"math"
	"strings"
	"syscall"
	"testing"
)

// hugeZeros maps n bytes of zeros, read-only, without reserving memory:
// a page is backed only when it is read (the zero page), so that a
// source of 2 GiB costs what is read of it.
func hugeZeros(t *testing.T, n int) []byte {
	t.Helper()
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("cannot map %d bytes: %v", n, err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(b) })
	return b
}

// TestParseRefusesPastMaxSource: a source one byte longer than MaxSource
// is not parsed (Parse, ParseAsRuntime and an arena's Parse): its one
// problem is file-too-large, on its first line as TooLarge's, read from
// its first KiB only.
func TestParseRefusesPastMaxSource(t *testing.T) {
	src := hugeZeros(t, MaxSource+1)
	for name, parse := range map[string]func(string, []byte) *Document{
		"Parse": Parse, "ParseAsRuntime": ParseAsRuntime, "Arena.Parse": NewArena().Parse,
	} {
		doc := parse("huge.md", src)
		if len(doc.Problems) != 1 || doc.Problems[0].Code != CodeFileTooLarge {
			t.Fatalf("%s: problems %v, want one %s", name, doc.Problems, CodeFileTooLarge)
		}
		if msg := doc.Problems[0].Message; !strings.Contains(msg, "2147483647 bytes") || !strings.Contains(msg, "at most 2147483646 bytes") {
			t.Errorf("%s: message %q", name, msg)
		}
		if len(doc.Src) != headMax || doc.Problems[0].Span.End.Offset != headMax {
			t.Errorf("%s: kept %d bytes, span %v", name, len(doc.Src), doc.Problems[0].Span)
		}
	}
}

// TestPosAtMaxSource: the last positions of a one-line source of
// MaxSource bytes fit a Pos: its end is column math.MaxInt32 (the line
// index is made by hand: NewLineIndex would read all 2 GiB).
func TestPosAtMaxSource(t *testing.T) {
	src := hugeZeros(t, MaxSource)
	li := &LineIndex{src: src, starts: []int{0}, ascii: true, memoLine: -1, memoLo: 1}
	want := Pos{Offset: MaxSource, Line: 1, Col: math.MaxInt32}
	if got := li.Pos(len(src)); got != want {
		t.Fatalf("Pos(%d) = %+v, want %+v", len(src), got, want)
	}
	if got := li.Span(len(src)-1, len(src)); got.End != want || got.Start.Col != math.MaxInt32-1 {
		t.Fatalf("Span of the last byte = %+v", got)
	}
}
