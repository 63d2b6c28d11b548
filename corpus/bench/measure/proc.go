package measure

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// ProcSample is one run of a command: wall-clock and CPU time (user and
// system, of the process and its threads) and its peak resident memory.
type ProcSample struct {
	Sample
	PeakRSS int64 // bytes, 0 when unknown
	Status  int   // exit status, -1 when it did not run
	Stderr  string
}

// Exec runs prog with args, its output discarded (standard error kept),
// and measures it.
func Exec(prog string, args []string) (ProcSample, error) {
	cmd := exec.Command(prog, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	ps := cmd.ProcessState
	if ps == nil {
		return ProcSample{Status: -1}, err
	}
	return ProcSample{
		Sample:  Sample{Wall: wall, CPU: ps.UserTime() + ps.SystemTime()},
		PeakRSS: PeakRSS(ps),
		Status:  ps.ExitCode(),
		Stderr:  stderr.String(),
	}, nil
}

// Run runs prog with args in dir through the launcher peakrss (see
// corpus/bench/peakrss: a small process, so that the peak resident
// memory is the program's), and returns its measures. An exit status of
// 0 or one in okStatus is success.
func Run(dir, launcher, prog string, args []string, okStatus ...int) (ProcSample, error) {
	cmd := exec.Command(launcher, append([]string{prog}, args...)...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var s ProcSample
	if jerr := json.Unmarshal(out, &s); jerr != nil {
		return s, fmt.Errorf("%s %s: %v: %s", filepath.Base(prog), strings.Join(args, " "), err, stderr.String())
	}
	if s.Status != 0 && !slices.Contains(okStatus, s.Status) {
		return s, fmt.Errorf("%s %s: exit status %d: %s", filepath.Base(prog), strings.Join(args, " "), s.Status, s.Stderr)
	}
	return s, nil
}

// MedianProc is Median over process samples, with the median peak RSS.
func MedianProc(samples []ProcSample) ProcSample {
	s := make([]Sample, len(samples))
	rss := make([]time.Duration, len(samples))
	for i, p := range samples {
		s[i] = p.Sample
		rss[i] = time.Duration(p.PeakRSS)
	}
	return ProcSample{Sample: Median(s), PeakRSS: int64(median(rss))}
}

// Build compiles the main package pkg of the module at root into dir and
// returns the program's path. It builds as .ci/release does, without cgo:
// a static program, as released. With cgo (go build's default where a C
// compiler is found, and the net package linked in) sfmd was a dynamically
// linked program, whose loader and cgo set-up took 1.7 ms of CPU at every
// start (`sfmd version` 4.5 -> 2.8 ms, perf stat -r 30).
func Build(root, dir, pkg string) (string, error) {
	out := filepath.Join(dir, filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build %s: %w", pkg, err)
	}
	return out, nil
}

// ModuleRoot is the directory of the go.mod above the working directory.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Upstream is the directory of real documents beside the module root:
// ../shared/corpus/upstream (never copied into the repository).
func Upstream(root string) string {
	return filepath.Join(root, "..", "shared", "corpus", "upstream")
}
