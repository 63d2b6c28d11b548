package testscripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

// BenchmarkMemory runs `sfmd parse` and `sfmd lint` as child processes on
// one 50 MB document (benchgen.Document: about 14,000 generated apps in
// one file, 84,000 actions) and reports each one's peak resident memory
// (VmHWM, garbage collector slack included, see watchRun) as a multiple
// of the input size. A figure, not a test: run it with
//
//	go test ./testscripts -run '^$' -bench Memory -benchtime 1x
func BenchmarkMemory(b *testing.B) {
	src := benchgen.Document(50 << 20)
	dir := b.TempDir()
	doc := filepath.Join(dir, "big.md")
	if err := os.WriteFile(doc, src, 0o644); err != nil {
		b.Fatal(err)
	}
	sfmd := sfmdCommand(b, dir)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"parse-json", []string{"parse", doc}},
		{"parse-text", []string{"parse", "--format", "text", doc}},
		{"lint", []string{"lint", "--format", "line", doc}},
		{"lint-all", []string{"lint", "--format", "line", "--enable", "all", doc}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var peak int64
			for b.Loop() {
				cmd := exec.Command(sfmd, c.args...) // output to /dev/null
				res, err := watchRun(cmd, 0, 0)
				if err != nil || res.exit > 1 {
					b.Fatalf("sfmd %v: exit %d, %v", c.args, res.exit, err)
				}
				peak = max(peak, res.peak)
			}
			b.ReportMetric(float64(peak)/float64(len(src)), "peakRSS/input")
			b.ReportMetric(float64(peak)/(1<<20), "peakRSS-MB")
		})
	}
}

// sfmdCommand returns a path that runs the sfmd command line: a link
// named sfmd to this test binary, which TestMain runs as sfmd.
func sfmdCommand(tb testing.TB, dir string) string {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	link := filepath.Join(dir, "sfmd")
	if err := os.Symlink(exe, link); err != nil {
		tb.Fatal(err)
	}
	return link
}
