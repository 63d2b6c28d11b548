package testscripts

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

// TestLazyPatternsCompile compiles every package-level pattern of the
// packages the CLI links (they compile on first use, so an invalid one
// would otherwise panic only when a run reaches it).
func TestLazyPatternsCompile(t *testing.T) {
	pats := lazyre.All()
	if len(pats) < 100 {
		t.Fatalf("only %d lazy patterns registered: is the CLI linked?", len(pats))
	}
	for _, p := range pats {
		if _, err := regexp.Compile(p.String()); err != nil {
			t.Errorf("pattern %q: %v", p.String(), err)
		}
	}
}

// TestStartupAllocations holds process start cheap: the module's packages
// compile no regular expression and build no large table at init (before
// the patterns were lazy, the model's init alone made 4,788 allocations).
// It counts allocations, which are deterministic, from GODEBUG=inittrace=1
// of this test binary, which links the whole CLI.
func TestStartupAllocations(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	line := regexp.MustCompile(`^init (\S+) @.* (\d+) allocs$`)
	total, seen := 0, 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil || !strings.HasPrefix(m[1], mod) || strings.HasPrefix(m[1], mod+"testscripts") || strings.HasPrefix(m[1], mod+"corpus/") {
			continue
		}
		seen++
		n, _ := strconv.Atoi(m[2])
		total += n
		if n > 200 {
			t.Errorf("init of %s: %d allocations (at most 200)", m[1], n)
		}
	}
	if seen < 5 {
		t.Fatalf("inittrace listed %d of the module's packages:\n%s", seen, stderr.String())
	}
	if total > 1000 {
		t.Errorf("the module's packages allocate %d times at init (at most 1,000)", total)
	}
}
