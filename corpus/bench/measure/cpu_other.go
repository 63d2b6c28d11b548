//go:build !unix

package measure

import (
	"os"
	"time"
)

// CPUTime is the CPU time the process has used so far: unknown here (0).
func CPUTime() time.Duration { return 0 }

// PeakRSS is the peak resident memory of a finished child process: unknown
// here (0).
func PeakRSS(*os.ProcessState) int64 { return 0 }
