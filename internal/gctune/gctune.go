// Package gctune gives the garbage collector a minimum heap size, for
// the command line: sfmd lints thousands of small documents whose live
// heap is a few megabytes, and with Go's default (collect when the heap
// has grown by 100% over the live heap, at least 4 MB) it collected
// hundreds of times per run, which cost a third of the CPU time and kept
// the second core busy with marking instead of linting.
//
// With a floor, the heap may grow to the floor before a collection; once
// the live heap is large enough that GOGC=100 would let it grow past the
// floor anyway, collections are paced as usual. It is the -Xms of the
// JVM, made with the documented knob (debug.SetGCPercent) retuned after
// every collection.
//
// A large document raises the floor while it is in flight (Hold): linting
// one keeps nearly everything it allocates (its tree, the rules' tables,
// its findings) live until it is done, about 40 bytes for each byte of
// the document, so collections during it find little garbage and mark an
// ever larger heap (five of them on a 10 MB document, a sixth of the
// process's CPU). Between collections the heap grows to at most
//
//	max(floor + PerByte × (bytes of the documents held, each of at least MinHold bytes), 2 × live heap)
//
// plus GOGC's share of the goroutine stacks and globals, which the
// runtime's goal scales too (runtime/mgcpacer.go,
// gcControllerState.commit: heapMarked + (heapMarked + stacks +
// globals) × GOGC/100). lint holds a document from its read until its
// findings are taken in order (emitter.take), so finished documents
// waiting for an earlier one stay held: with --jobs N and a size cap S,
// up to lint's window of documents (windowPerWorker, 16 a job), not N,
// that is max(floor + PerByte×16×N×S, 2×live). Documents under MinHold
// (every document of the upstream corpus, the largest 29 KB) leave it at
// max(floor, 2×live).
package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// PerByte is how many bytes of heap each byte of a document in flight
// adds to the floor: more than linting a document allocates for each of
// its bytes (about 40 on the generated 10 MB document of
// corpus/bench/benchgen), so that none of its allocation waits for a
// collection that would find it all live.
const PerByte = 64

// MinHold is the smallest document Hold counts: a smaller one allocates
// less than the floor while it is linted, and holding it would only add
// a retune to each of the thousands of small documents of a repository.
const MinHold = 256 << 10

// active is the tuner Floor set up, nil without one.
var active atomic.Pointer[tuner]

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
	active.Store(t)
	return true
}

// Hold raises the floor by PerByte × n while a document of n bytes is
// linted, until release is called; it does nothing when n is under
// MinHold or Floor did not set a floor (GOGC or GOMEMLIMIT set, or a
// program that embeds the linter).
func Hold(n int) (release func()) {
	t := active.Load()
	if t == nil || n < MinHold {
		return func() {}
	}
	t.held.Add(int64(n))
	t.adjust()
	var once sync.Once
	return func() {
		once.Do(func() {
			t.held.Add(-int64(n))
			t.adjust()
		})
	}
}

// minHeap is the runtime's minimum heap goal at GOGC=100.
const minHeap = 4 << 20

// liveHeap is the heap marked live by the last collection.
const liveHeap = "/gc/heap/live:bytes"

type tuner struct {
	floor uint64
	held  atomic.Int64 // bytes of the documents in flight (Hold)
	mu    sync.Mutex   // one adjust at a time, so the last one sets GOGC
	// sample is read under mu.
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
// reaches the floor and what the documents in flight add to it, or at
// twice the live heap when that is more.
func (t *tuner) adjust() {
	t.mu.Lock()
	defer t.mu.Unlock()
	metrics.Read(t.sample)
	live := uint64(0)
	if t.sample[0].Value.Kind() == metrics.KindUint64 {
		live = t.sample[0].Value.Uint64()
	}
	debug.SetGCPercent(Percent(live, Goal(t.floor, uint64(t.held.Load()))))
}

// Goal is the floor with held bytes of documents in flight.
func Goal(floor, held uint64) uint64 {
	return floor + PerByte*held
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
