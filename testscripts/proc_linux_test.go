package testscripts

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// runResult is what watchRun saw of a child process.
type runResult struct {
	exit           int
	stdout, stderr string // (set by the caller)
	took           time.Duration
	peak           int64  // the highest resident memory seen (VmHWM), in bytes
	killed         string // why the watchdog killed it, if it did
}

// watchRun starts cmd and waits for it, polling /proc every 10 ms: it
// kills the process past maxTime or past maxRSS resident bytes (0: no
// bound), and records its peak resident memory (VmHWM, the high-water
// mark of its own address space). The kernel's ru_maxrss cannot be used:
// a child of a Go process starts in the parent's address space (vfork)
// and inherits its high-water mark, the test binary's, until exec.
func watchRun(cmd *exec.Cmd, maxTime time.Duration, maxRSS int64) (runResult, error) {
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return runResult{}, err
	}
	pid := cmd.Process.Pid
	var mu sync.Mutex
	var peak int64
	var killed string
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			rss, hwm := procMemory(pid)
			mu.Lock()
			peak = max(peak, hwm)
			why := ""
			if d := time.Since(start); maxTime > 0 && d > maxTime {
				why = fmt.Sprintf("killed after %v (bound %v)", d.Round(time.Millisecond), maxTime)
			} else if maxRSS > 0 && rss > maxRSS {
				why = fmt.Sprintf("killed at %d MB resident (bound %d MB)", rss>>20, maxRSS>>20)
			}
			if why != "" {
				killed = why
			}
			mu.Unlock()
			if why != "" {
				_ = cmd.Process.Kill()
				return
			}
		}
	}()
	_ = cmd.Wait()
	close(done)
	<-stopped
	mu.Lock()
	defer mu.Unlock()
	return runResult{exit: cmd.ProcessState.ExitCode(), took: time.Since(start), peak: peak, killed: killed}, nil
}

// procMemory reads a process's resident memory and its high-water mark
// from /proc (zeros once it has exited).
func procMemory(pid int) (rss, hwm int64) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok || (k != "VmRSS" && k != "VmHWM") {
			continue
		}
		n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		if k == "VmRSS" {
			rss = n << 10
		} else {
			hwm = n << 10
		}
	}
	return rss, hwm
}
