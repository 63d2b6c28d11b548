package cli

import "github.com/sfmd-dev/sfmd/internal/gctune"

// gcFloor is the heap the garbage collector lets grow before collecting
// (internal/gctune): linting thousands of small documents keeps a live
// heap of a few megabytes, which Go's default collected hundreds of times
// per run, a third of the CPU time of `sfmd lint` on a repository.
// A document of gctune.MinHold bytes or more raises it by gctune.PerByte
// times its size until its findings are written (gctune.Hold, called by
// lint). GOGC or
// GOMEMLIMIT in the environment turn it off.
const gcFloor = 32 << 20

// TuneProcess sets up the process for a command line run: the binary's
// main calls it before Main (and so does the test binary's sfmd). It
// changes process-wide settings, so a program that embeds Main leaves it
// out.
func TuneProcess() {
	gctune.Floor(gcFloor)
}
