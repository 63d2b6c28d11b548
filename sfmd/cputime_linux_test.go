package sfmd_test

import (
	"time"

	"golang.org/x/sys/unix"
)

// cpuTime is the CPU time the process has used (every thread, the
// garbage collector's included): what a measurement must count on a
// machine where other processes take turns with it, unlike wall time.
func cpuTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
