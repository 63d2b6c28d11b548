// Package cputime reads the CPU time the process has used, for the
// measurements of the tests and benchmarks (ratios of CPU time, not of
// wall time, on machines where other processes take turns).
package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

// Process is the CPU time the process has used (every thread, the
// garbage collector's included): what a measurement must count on a
// machine where other processes take turns with it, unlike wall time.
func Process() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
