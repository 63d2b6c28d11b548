package gctune

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		live, floor uint64
		want        int
	}{
		{8 << 20, 64 << 20, 700},  // grow to the floor
		{1 << 10, 64 << 20, 1500}, // a tiny heap counts as 4 MiB
		{32 << 20, 64 << 20, 100}, // twice the live heap reaches the floor
		{1 << 30, 64 << 20, 100},  // large heaps: the default pacing
		{16 << 20, 64 << 20, 300},
	} {
		if got := Percent(c.live, c.floor); got != c.want {
			t.Errorf("Percent(%d, %d) = %d, want %d", c.live, c.floor, got, c.want)
		}
	}
}

// TestFloor checks that the tuner retunes after collections: with a
// floor, GOGC is raised for a small heap and stays so across GCs.
func TestFloor(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	if !Floor(256 << 20) {
		t.Fatal("Floor did nothing without GOGC and GOMEMLIMIT")
	}
	for range 3 {
		runtime.GC()
		runtime.GC() // the cleanup of the first runs after it
	}
	if p := debug.SetGCPercent(-1); p <= 100 {
		t.Errorf("GOGC is %d after collections with a 256 MiB floor and a small heap, want more than 100", p)
	}
}

func TestFloorLeavesUserSettings(t *testing.T) {
	t.Setenv("GOGC", "50")
	if Floor(64 << 20) {
		t.Error("Floor retuned the collector although GOGC is set")
	}
}

// TestGoalWithDocuments: the documents in flight add PerByte times their
// size to the floor, and Percent paces the collector to that goal.
func TestGoalWithDocuments(t *testing.T) {
	const floor = 32 << 20
	if g := Goal(floor, 0); g != floor {
		t.Errorf("Goal(floor, 0) = %d, want the floor %d", g, uint64(floor))
	}
	ten := uint64(10 << 20)
	if g := Goal(floor, ten); g != floor+PerByte*ten {
		t.Errorf("Goal(floor, 10 MiB) = %d, want %d", g, floor+PerByte*ten)
	}
	// a 10 MiB document with 100 MiB live: the goal is 672 MiB, GOGC 572
	if p := Percent(100<<20, Goal(floor, ten)); p != 572 {
		t.Errorf("Percent(100 MiB, Goal(32 MiB, 10 MiB)) = %d, want 572", p)
	}
	// beyond what the documents add, the default pacing
	if p := Percent(1<<30, Goal(floor, ten)); p != 100 {
		t.Errorf("Percent(1 GiB, Goal(32 MiB, 10 MiB)) = %d, want 100", p)
	}
}

// TestHold checks that a large document raises GOGC while it is held and
// that its release gives the floor's GOGC back; a small one, or a second
// release, changes nothing.
func TestHold(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	defer active.Store(nil)
	if !Floor(32 << 20) {
		t.Fatal("Floor did nothing without GOGC and GOMEMLIMIT")
	}
	gogc := func() int {
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p
	}
	base := gogc()
	small := Hold(MinHold - 1)
	if p := gogc(); p != base {
		t.Errorf("GOGC %d while a document under MinHold is held, want %d", p, base)
	}
	small()
	release := Hold(10 << 20)
	raised := gogc()
	if raised <= base {
		t.Errorf("GOGC %d while a 10 MiB document is held, want more than %d", raised, base)
	}
	release()
	if p := gogc(); p >= raised {
		t.Errorf("GOGC %d after the release, want less than %d", p, raised)
	}
	after := gogc()
	release()
	if p := gogc(); p != after {
		t.Errorf("a second release moved GOGC from %d to %d", after, p)
	}
}
