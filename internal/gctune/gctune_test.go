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
