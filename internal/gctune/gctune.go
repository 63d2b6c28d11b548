// Package gctune gives the garbage collector a minimum heap size, for
// the command line: sfmd lints thousands of small documents whose live
// heap is a few megabytes, and with Go's default (collect when the heap
// has grown by 100% over the live heap, at least 4 MB) it collected
// hundreds of times per run, which cost a third of the CPU time and kept
// the second core busy with marking instead of linting.
//
// With a floor, the heap may grow to the floor before a collection; once
// the live heap is large enough that GOGC=100 would let it grow past the
// floor anyway (a 50 MB document), collections are paced as usual, so a
// large input costs no more memory than before. It is the -Xms of the
// JVM, made with the documented knob (debug.SetGCPercent) retuned after
// every collection.
package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Floor makes the garbage collector let the heap grow to at least floor
// bytes between collections, unless the environment sets GOGC or
// GOMEMLIMIT (the user's choice wins). It keeps the pacing of GOGC=100
// above the floor. It returns false when it did nothing.
func Floor(floor uint64) bool {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return false
	}
	t := &tuner{floor: floor, sample: []metrics.Sample{{Name: liveHeap}}}
	t.adjust()
	t.arm()
	return true
}

// minHeap is the runtime's minimum heap goal at GOGC=100.
const minHeap = 4 << 20

// liveHeap is the heap marked live by the last collection.
const liveHeap = "/gc/heap/live:bytes"

type tuner struct {
	floor  uint64
	sample []metrics.Sample
}

// sentinel is garbage from birth: its cleanup runs after the collection
// that finds it unreachable, retunes, and arms the next one.
type sentinel struct {
	_ *byte
	_ [8]byte
}

func (t *tuner) arm() {
	runtime.AddCleanup(new(sentinel), func(t *tuner) {
		t.adjust()
		t.arm()
	}, t)
}

// adjust sets GOGC so that the next collection comes when the heap
// reaches the floor, or at twice the live heap when that is more.
func (t *tuner) adjust() {
	metrics.Read(t.sample)
	live := uint64(0)
	if t.sample[0].Value.Kind() == metrics.KindUint64 {
		live = t.sample[0].Value.Uint64()
	}
	debug.SetGCPercent(Percent(live, t.floor))
}

// Percent is the GOGC that makes a heap of live bytes grow to floor
// before the next collection, and never less than 100. A live heap under
// 4 MiB counts as 4 MiB: the runtime's minimum heap goal, 4 MiB at
// GOGC=100, scales with GOGC, so that the goal is the floor then too.
func Percent(live, floor uint64) int {
	live = max(live, minHeap)
	if live*2 >= floor {
		return 100
	}
	return int((floor - live) * 100 / live)
}
