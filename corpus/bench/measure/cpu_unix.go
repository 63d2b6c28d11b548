//go:build unix

package measure

import (
	"os"
	"syscall"
	"time"
)

// CPUTime is the CPU time (user and system) the process has used so far.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// PeakRSS is the peak resident memory of a finished child process, in
// bytes (0 when unknown).
func PeakRSS(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	return peakRSSUnit * ru.Maxrss
}
