//go:build unix

package measure

import (
	"os"
	"syscall"
)

// PeakRSS is the peak resident memory of a finished child process, in
// bytes (0 when unknown).
func PeakRSS(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	return peakRSSUnit * ru.Maxrss
}
