// Command drycost measures what the dry-run rules cost (issue 16's speed
// constraint: at most 15% of `sfmd lint`'s CPU on ten copies of the
// upstream corpus). It builds sfmd once, copies the real documents
// -copies times into a temporary directory, and alternates whole
// processes of
//
//	sfmd lint --jobs 1 DIR                   (every default rule)
//	sfmd lint --jobs 1 --disable LIST DIR    (without the dry-run rules)
//
// where LIST is every rule `sfmd rules --format json` names dryrun-*
// plus param-session-fallback. It prints the median CPU time (user+sys,
// every thread) and wall time of each side over -rounds rounds, and the
// dry-run share of the CPU: (with - without) / with, from the medians,
// as the median of the rounds' own shares (a round runs both sides back
// to back, so a noisy neighbour slows both), and from each side's lowest
// CPU time.
//
//	go run ./corpus/bench/drycost [-rounds 15] [-copies 10] [-max 0.15]
//
// The real documents are never copied into the repository: the copies
// live in a temporary directory removed afterwards.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/sfmd-dev/sfmd/corpus/bench/measure"
)

type config struct {
	rounds   int
	copies   int
	upstream string
	max      float64
}

func main() {
	var c config
	flag.IntVar(&c.rounds, "rounds", 15, "alternating rounds (medians are reported)")
	flag.IntVar(&c.copies, "copies", 10, "copies of the real documents linted in one run")
	flag.StringVar(&c.upstream, "upstream", "", "directory of real documents (default: ../shared/corpus/upstream next to the module)")
	flag.Float64Var(&c.max, "max", 0, "exit 1 when the dry-run share of the CPU (median of the rounds) exceeds this (0: never)")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "drycost:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	root, err := measure.ModuleRoot()
	if err != nil {
		return err
	}
	if c.upstream == "" {
		c.upstream = measure.Upstream(root)
	}
	if fi, err := os.Stat(c.upstream); err != nil || !fi.IsDir() {
		return fmt.Errorf("no directory of real documents at %s (-upstream)", c.upstream)
	}
	tmp, err := os.MkdirTemp("", "sfmd-drycost-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	bin, err := measure.Build(root, filepath.Join(tmp, "bin"), "./cmd/sfmd")
	if err != nil {
		return err
	}
	dry, err := dryRules(bin)
	if err != nil {
		return err
	}
	dir := filepath.Join(tmp, "corpus")
	for i := range c.copies {
		if err := measure.CopyTree(c.upstream, filepath.Join(dir, fmt.Sprintf("copy%02d", i))); err != nil {
			return err
		}
	}
	fmt.Printf("GOMAXPROCS=%d, %d rounds, medians; %s\n", runtime.GOMAXPROCS(0), c.rounds, measure.LoadAverage())
	fmt.Printf("dry-run rules disabled (%d): %s\n", len(dry), strings.Join(dry, ","))
	share, err := rounds(c, bin, dir, dry)
	if err != nil {
		return err
	}
	if c.max > 0 && share > c.max {
		return fmt.Errorf("dry-run share %.1f%% exceeds %.1f%%", 100*share, 100*c.max)
	}
	return nil
}

// rounds alternates the two sides and prints the medians; it returns the
// median of the rounds' shares.
func rounds(c config, bin, dir string, dry []string) (float64, error) {
	with := []string{"lint", "--jobs", "1", "--format", "line", dir}
	without := []string{"lint", "--jobs", "1", "--format", "line", "--disable", strings.Join(dry, ","), dir}
	var ws, wos []measure.Sample
	var shares []float64
	for r := range c.rounds {
		// alternate which side goes first, so neither always follows the other
		a, b := with, without
		if r%2 == 1 {
			a, b = without, with
		}
		sa, err := lint(bin, a)
		if err != nil {
			return 0, err
		}
		sb, err := lint(bin, b)
		if err != nil {
			return 0, err
		}
		w, o := sa, sb
		if r%2 == 1 {
			w, o = sb, sa
		}
		ws, wos = append(ws, w), append(wos, o)
		shares = append(shares, share(w.CPU, o.CPU))
	}
	w, o := measure.Median(ws), measure.Median(wos)
	slices.Sort(shares)
	med := shares[len(shares)/2]
	if len(shares)%2 == 0 {
		med = (shares[len(shares)/2-1] + shares[len(shares)/2]) / 2
	}
	fmt.Printf("sfmd lint --jobs 1, every default rule   CPU %8.1f ms  wall %8.1f ms\n", measure.MS(w.CPU), measure.MS(w.Wall))
	fmt.Printf("sfmd lint --jobs 1, without the dry runs CPU %8.1f ms  wall %8.1f ms\n", measure.MS(o.CPU), measure.MS(o.Wall))
	fmt.Printf("dry-run share of CPU: %.1f%% (of the medians), %.1f%% (median of the rounds; range %.1f%% to %.1f%%), %.1f%% (of each side's lowest CPU); of wall %.1f%%\n",
		100*share(w.CPU, o.CPU), 100*med, 100*shares[0], 100*shares[len(shares)-1], 100*share(lowest(ws), lowest(wos)), 100*share(w.Wall, o.Wall))
	return med, nil
}

// lowest is the least CPU time of samples: a neighbour only ever adds to
// a run's CPU time, so the lowest is the run least disturbed.
func lowest(samples []measure.Sample) time.Duration {
	low := samples[0].CPU
	for _, s := range samples[1:] {
		low = min(low, s.CPU)
	}
	return low
}

func share(with, without time.Duration) float64 {
	if with <= 0 {
		return 0
	}
	return float64(with-without) / float64(with)
}

// lint runs sfmd with args; exit status 1 (findings) is success.
func lint(bin string, args []string) (measure.Sample, error) {
	s, err := measure.Exec(bin, args)
	if err != nil && s.Status < 0 {
		return s.Sample, err
	}
	if s.Status != 0 && s.Status != 1 {
		return s.Sample, fmt.Errorf("sfmd %s: exit status %d: %s", strings.Join(args[:len(args)-1], " "), s.Status, s.Stderr)
	}
	return s.Sample, nil
}

// dryRules lists the rules the dry runs make: every dryrun-* rule of the
// catalogue and param-session-fallback.
func dryRules(bin string) ([]string, error) {
	out, err := exec.Command(bin, "rules", "--format", "json").Output()
	if err != nil {
		return nil, fmt.Errorf("sfmd rules --format json: %w", err)
	}
	var rules []struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(out, &rules); err != nil {
		return nil, err
	}
	var names []string
	for _, r := range rules {
		if strings.HasPrefix(r.Name, "dryrun-") || r.Name == "param-session-fallback" {
			names = append(names, r.Name)
		}
	}
	if !slices.Contains(names, "param-session-fallback") {
		return nil, fmt.Errorf("sfmd rules lists no param-session-fallback")
	}
	return names, nil
}
