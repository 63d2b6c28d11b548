//go:build linux

package sfmd

import (
	"os"
	"runtime"
	"runtime/debug"
	"syscall"
	"testing"
	"unsafe"
)

// TestSlabFirstTouchWrites: the first touch of an element fresh from a
// slab is a write (see touch), so a caller that reads it first (as the
// compiler's nil check on new's result does) costs one page fault a page,
// not two. It reserves a chunk of Params on pages given back to the
// kernel, reads then writes every element as param does, and counts the
// minor faults of its thread (locked, so that no other thread's faults
// count on a loaded machine): about one a page (992 for 552 pages
// without touch). With no fault at all the pages were not fresh (huge
// pages, THP=always, or memory the runtime zeroed): nothing was
// measured, and the test says so by skipping.
func TestSlabFirstTouchWrites(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	debug.FreeOSMemory()
	var s slab[Param]
	s.reserve(maxReserve)
	pages := int(uintptr(maxReserve)*unsafe.Sizeof(Param{})) / os.Getpagesize()
	var sink byte
	before := minorFaults(t)
	for range maxReserve {
		p := s.new()
		sink |= *(*byte)(unsafe.Pointer(p)) // the caller's nil check
		p.Indent = 1
	}
	faults := minorFaults(t) - before
	if sink != 0 {
		t.Fatal("a fresh element is not zero")
	}
	t.Logf("%d faults for %d pages", faults, pages)
	if faults < pages/2 {
		t.Skipf("%d faults for %d pages: the pages were not fresh, nothing measured", faults, pages)
	}
	if faults > pages+pages/2 {
		t.Errorf("%d page faults for %d fresh pages: the first touch of an element is a read", faults, pages)
	}
}

func minorFaults(t *testing.T) int {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		t.Fatal(err)
	}
	return int(ru.Minflt)
}
