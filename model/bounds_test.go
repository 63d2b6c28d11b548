package model

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/internal/cputime"
)

// totalAlloc returns the bytes f allocates (runtime.MemStats.TotalAlloc).
func totalAlloc(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// itemsBody is a JSON body {"items":[{"id":0},…]} of n items.
func itemsBody(n int) string {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"id":` + strconv.Itoa(i) + `}`)
	}
	b.WriteString(`]}`)
	return b.String()
}

// A loop registers one value shortcut per item; the next call of the
// template drops them all before registering again. Dropping them was
// quadratic in their number (one scan and one copy of the order per
// shortcut); the bytes the second call allocates now grow with the number
// of items, not its square.
func TestValueShortcutsAgainLinear(t *testing.T) {
	doc := act("list", "GET https://x.example/list") +
		resp("list", "for: it in body.items", "{@item} = {it.id}", "end:", "done")
	second := func(n int) uint64 {
		h := newHarness(t, doc)
		h.tr.body = itemsBody(n)
		if res := h.rt.Run("/act.list"); !res.OK {
			t.Fatal(res.Content)
		}
		return totalAlloc(func() {
			if res := h.rt.Run("/act.list"); !res.OK {
				t.Fatal(res.Content)
			}
		})
	}
	small, large := second(1000), second(8000)
	ratio := float64(large) / float64(small)
	t.Logf("second call: %d B for 1000 items, %d B for 8000 (×%.1f)", small, large, ratio)
	if ratio > 12 { // linear is ×8, quadratic ×64
		t.Errorf("8× the shortcuts cost ×%.1f the bytes; want about ×8 (linear)", ratio)
	}
}

// A loop that prints the whole body once per item asks for items × body
// bytes (a 9 MB fixture asked for 27 GB). The template stops once it has
// produced its limit, the call fails with Result.Limit, and what it
// allocated stays a small multiple of the limit, not of what it asked for.
func TestTemplateOutputBounded(t *testing.T) {
	const limit = 1 << 20
	doc := act("list", "GET https://x.example/list") +
		resp("list", "{all} = {Response.body}", "for: it in body.items", "- {it.id} {Response.body} {all}", "end:")
	h := newHarness(t, doc)
	h.rt.templateLimit = limit
	h.tr.body = itemsBody(8000) // 100 KB; the loop asks for 1.6 GB
	var res Result
	alloc := totalAlloc(func() { res = h.rt.Run("/act.list") })
	if res.OK || res.Limit != "the response template produced more than 1 MiB (its output lines and the values it stores); it was stopped there" {
		t.Fatalf("got ok=%v limit=%q", res.OK, res.Limit)
	}
	t.Logf("allocated %d B for a limit of %d", alloc, limit)
	if alloc > 16*limit {
		t.Errorf("allocated %d B, more than 16× the %d B limit", alloc, limit)
	}
}

// Each way a template produces text counts: a line with many references,
// stored variables, value shortcuts and the save: buffer. Each case asks
// for 2 MB.
func TestTemplateLimitCountsEverything(t *testing.T) {
	// 100 KB, and 20 items to loop over
	body := `{"few":[` + strings.Repeat("0,", 19) + `0],` + itemsBody(8000)[1:]
	for _, tc := range []struct{ name, tmpl string }{
		{"one line", strings.Repeat("{Response.body}", 20)},
		{"variables", strings.Repeat("{x} = {Response.body}\n", 20)},
		{"value shortcuts", "for: it in body.few\n{@v} = ({Response.body}, {it})\nend:"},
		{"save buffer", strings.Repeat("save: items\n", 20)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, act("list", "GET https://x.example/list")+resp("list", tc.tmpl))
			h.rt.templateLimit = 1 << 20
			h.tr.body = body
			if res := h.rt.Run("/act.list"); res.OK || res.Limit == "" {
				t.Errorf("got ok=%v limit=%q, want the limit hit", res.OK, res.Limit)
			}
			h.rt.templateLimit = 4 << 20
			if res := h.rt.Run("/act.list"); !res.OK || res.Limit != "" {
				t.Errorf("under a larger limit: ok=%v limit=%q %.200s", res.OK, res.Limit, res.Content)
			}
		})
	}
}

// Each shortcut of an id already taken gets the first free id2, id3, …;
// the search went from 2 every time, so k shortcuts of one id cost k²/2
// tries (a generated 10 MB document has 5,700 [@more …] links: 1,000
// and 8,000 of them took 90 ms and 5.9 s). The reference parse's CPU
// time now grows with the number of shortcuts (a ratio of two
// measurements, the least of three runs each, not a timed test).
func TestShortcutIDsLinear(t *testing.T) {
	doc := func(n int) string {
		return strings.Repeat("[@more More](https://x.example/more)\n", n)
	}
	small, large := doc(1000), doc(8000)
	fastest := func(src string) time.Duration {
		best := time.Hour
		for range 3 {
			start := cputime.Process()
			parseRef(src)
			best = min(best, cputime.Process()-start)
		}
		return best
	}
	ts, tl := fastest(small), fastest(large)
	if ratio := float64(tl) / float64(ts); ratio > 32 { // linear is ×8, quadratic ×64
		t.Errorf("1000 shortcuts of one id: %v; 8000: %v (×%.0f); want about ×8 (linear)", ts, tl, ratio)
	}
}

// A page of include lines: expandIncludes asked isInFencedBlock for each
// of them by splitting the page from its start, and replaced each in a
// copy of the whole page, so k include lines cost about k² line reads and
// byte copies (8,000 took 40 times as long as 1,000 before). The render's
// CPU time now grows with the number of includes (a ratio of two
// measurements, the least of three runs each, not a timed test).
func TestIncludesLinear(t *testing.T) {
	h := newHarness(t, "x")
	h.write(t, "b.md", "<!-- #x -->\nfrom b\n<!-- /x -->\n")
	page := func(n int) string {
		return strings.Repeat("[!include:x](b.md)\n\ntext\n\n", n)
	}
	fastest := func(src string) time.Duration {
		best := time.Hour
		for range 3 {
			start := cputime.Process()
			out, err := h.rt.expandIncludes(src, "file://"+hDoc, map[string]bool{})
			best = min(best, cputime.Process()-start)
			if err != nil || strings.Count(out, "from b") != strings.Count(src, "[!include:x]") {
				t.Fatalf("expandIncludes: %v, %d includes expanded", err, strings.Count(out, "from b"))
			}
		}
		return best
	}
	ts, tl := fastest(page(1000)), fastest(page(8000))
	if ratio := float64(tl) / float64(ts); ratio > 32 { // linear is ×8, quadratic ×64
		t.Errorf("1000 include lines: %v; 8000: %v (×%.0f); want about ×8 (linear)", ts, tl, ratio)
	}
}
