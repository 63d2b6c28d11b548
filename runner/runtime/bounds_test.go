package runtime

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
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
