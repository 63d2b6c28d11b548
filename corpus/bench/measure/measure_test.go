package measure

import (
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	s := func(w, c int) Sample { return Sample{Wall: time.Duration(w), CPU: time.Duration(c)} }
	for _, c := range []struct {
		in   []Sample
		want Sample
	}{
		{nil, Sample{}},
		{[]Sample{s(5, 1)}, s(5, 1)},
		{[]Sample{s(9, 1), s(1, 9), s(5, 5)}, s(5, 5)}, // each field on its own
		{[]Sample{s(4, 2), s(1, 1), s(8, 3), s(2, 4)}, s(3, 2)},
	} {
		if got := Median(c.in); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	p := MedianProc([]ProcSample{{Sample: s(3, 3), PeakRSS: 30}, {Sample: s(1, 1), PeakRSS: 10}, {Sample: s(2, 2), PeakRSS: 99}})
	if p.Wall != 2 || p.CPU != 2 || p.PeakRSS != 30 {
		t.Errorf("MedianProc = %+v, want wall 2, CPU 2, peak RSS 30", p)
	}
}

// TestParseRatio checks that the parse comparison measures both parsers
// doing work: times and allocations on both sides, and a ratio from them.
func TestParseRatio(t *testing.T) {
	doc := []byte("---\nname: a\n---\n\n# A\n\nSome `code` here.\n\n```act.get\nGET https://example.com/{q}\n    q: string\n```\n")
	r := ParseRatio([][]byte{doc, doc, doc}, 1)
	if r.Docs != 3 || r.Bytes != int64(3*len(doc)) {
		t.Errorf("Docs, Bytes = %d, %d, want 3, %d", r.Docs, r.Bytes, 3*len(doc))
	}
	if r.Ours.Wall <= 0 || r.Theirs.Wall <= 0 || r.OursAllocs == 0 || r.TheirsAllocs == 0 {
		t.Fatalf("a side measured nothing: %+v", r)
	}
	if want := float64(r.Ours.Wall) / float64(r.Theirs.Wall); r.Ratio() != want {
		t.Errorf("Ratio() = %v, want %v", r.Ratio(), want)
	}
}
