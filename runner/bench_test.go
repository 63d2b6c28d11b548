package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const benchDoc = "---\nname: bench\n---\n# Bench\n\n" +
	"```act.item\nGET https://api.bench.example/items/{id}?lang={lang} -H \"Authorization: Bearer $TOKEN\"\n" +
	"  id: string (required) \"Item id\"\n  lang: string (optional) \"Language\" = \"en\"\n```\n\n" +
	"```act.item.response\n{name} = {Response.body.name}\n## {Response.body.name}\nfor: t in Response.body.tags\n- {t}\nend:\n```\n"

// writeBenchSuites writes suites×perSuite single-step cases.
func writeBenchSuites(tb testing.TB, dir string, suites, perSuite int) {
	tb.Helper()
	for s := range suites {
		var b strings.Builder
		b.WriteString("version: 1\ndocument: bench.md\nenv: {TOKEN: bench-token}\ntests:\n")
		for i := range perSuite {
			id := s*perSuite + i
			fmt.Fprintf(&b, "  - name: item %d\n    run: /act.item --id %d\n    http:\n", id, id)
			fmt.Fprintf(&b, "      - request: {method: GET, url: \"https://api.bench.example/items/%d?lang=en\", headers: {Authorization: Bearer bench-token}}\n", id)
			fmt.Fprintf(&b, "        response: {json: {name: item-%d, tags: [a, b]}}\n", id)
			fmt.Fprintf(&b, "    expect:\n      output: |-\n        ## item-%d\n        - a\n        - b\n      vars: {name: item-%d}\n", id, id)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%02d.test.yaml", s)), []byte(b.String()), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "bench.md"), []byte(benchDoc), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkRun1000 runs 1,000 single-step cases (10 suites of 100) end to
// end: suite loading, sandboxes, fixtures, runtime, comparisons. One op
// is the whole run. Target: under 1 s on 2 cores.
func BenchmarkRun1000(b *testing.B) {
	dir := b.TempDir()
	writeBenchSuites(b, dir, 10, 100)
	refs, err := Discover(dir, []string{"."})
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Jobs: runtime.GOMAXPROCS(0), TempDir: b.TempDir()}
	b.ResetTimer()
	for b.Loop() {
		rep := Run(refs, opts)
		if rep.Passed != 1000 || rep.Failed != 0 || rep.HasSuiteErrors() {
			var sb strings.Builder
			WriteErrors(&sb, rep)
			WriteHuman(&sb, rep)
			b.Fatalf("benchmark suites are not green:\n%.2000s", sb.String())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/case")
}

// TestBenchSuitesGreen keeps the generated benchmark suites honest in
// ordinary test runs (small size).
func TestBenchSuitesGreen(t *testing.T) {
	dir := t.TempDir()
	writeBenchSuites(t, dir, 2, 5)
	refs, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(refs, Options{Jobs: 2})
	if rep.Passed != 10 || rep.Failed != 0 {
		var sb strings.Builder
		WriteHuman(&sb, rep)
		t.Fatalf("got %d passed, %d failed:\n%s", rep.Passed, rep.Failed, sb.String())
	}
}
