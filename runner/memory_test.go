package runner

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// maxFixtureAlloc bounds what a test allocates for its fixture, as a
// multiple of the fixture's size, on the worst shapes found. Allocations
// bound the peak from above; the peak measured is far lower (under 900 MB
// for the worst 10 MiB fixture), which is what maxFixtureBytes is set by.
const maxFixtureAlloc = 300

// TestFixtureMemoryBounded runs one failing test per hostile fixture shape
// of 1 MiB (millions of tiny JSON values, empty lines or links, plain and
// looped over by a template) end to end, reports included, and checks
// what it allocates (runtime.MemStats.TotalAlloc, an upper bound of the
// peak) against maxFixtureAlloc times the fixture. Before the bounds a
// loop over [1,1,…] took 464 times the fixture, empty lines 121 times,
// and links grew quadratically.
func TestFixtureMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a few hundred MB")
	}
	const size = 1 << 20
	shapes := []struct{ name, body string }{
		{"ones", "[" + strings.Repeat("1,", size/2) + "1]"},
		{"objects", "[" + strings.Repeat(`{"a":1},`, size/8) + "1]"},
		{"empty lines", strings.Repeat("\n", size)},
		{"links", strings.Repeat("[a](https://x)\n", size/15)},
	}
	for _, sh := range shapes {
		for _, loop := range []bool{false, true} {
			doc := "---\nname: app\n---\n```act.get\nGET https://x.example/\n```\n"
			if loop {
				doc += "```act.get.response\nfor: it in body\n- {it}\nend:\n```\n"
			}
			dir := t.TempDir()
			for name, data := range map[string]string{
				"app.md":   doc,
				"body.txt": sh.body,
				"a.test.yaml": "version: 1\ndocument: app.md\ntests:\n  - name: big\n    run: /act.get\n    http:\n" +
					"      - request: {method: GET, url: \"https://x.example/\"}\n        response: {body_file: body.txt}\n    expect: {output: x}\n",
			} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			rep := Run([]SuiteRef{{Abs: filepath.Join(dir, "a.test.yaml"), Display: "a.test.yaml"}}, Options{Jobs: 1, TempDir: dir})
			WriteHuman(io.Discard, rep)
			if err := WriteJUnit(io.Discard, rep); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if rep.Failed != 1 {
				t.Fatalf("%s: %d failed, want 1", sh.name, rep.Failed)
			}
			ratio := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(sh.body))
			t.Logf("%s (loop %v): %.0f× the fixture", sh.name, loop, ratio)
			if ratio > maxFixtureAlloc {
				t.Errorf("%s (loop %v): allocated %.0f× the fixture, more than %d×", sh.name, loop, ratio, maxFixtureAlloc)
			}
		}
	}
}
