package runner

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/internal/udiff"
)

var update = flag.Bool("update", false, "rewrite runner/testdata goldens")

// sampleReport is a fixed report, with timings (--timings): one suite
// error, a passing, a failing (assertion), an erroring (fixture) and a
// skipped test.
func sampleReport() *Report {
	start := time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC)
	return &Report{
		Passed: 1, Failed: 2, Skipped: 1, Duration: 1500 * time.Millisecond, timings: true,
		Suites: []*SuiteResult{
			{Path: "bad.test.yaml", Started: start, Errors: []*SuiteError{{Path: "bad.test.yaml", Line: 3, Col: 5, Msg: `unknown field "respons" in http entry, expected one of "request", "response", "error"`}}},
			{
				Path: "docs/shop.test.yaml", Document: "shop.md", Started: start, Duration: 250 * time.Millisecond, suite: &suite{},
				Tests: []*TestResult{
					{Name: "price", Line: 4, Col: 5, Status: Passed, Duration: 10 * time.Millisecond},
					{Name: "wrong <output> & more", Line: 9, Col: 5, Status: Failed, Duration: 20 * time.Millisecond, Failures: []*Failure{
						{Step: 1, Run: "/act.price --sku A", Line: 10, Col: 10, Kind: KindAssertion, Message: "output differs from the expected output; run sfmd test --update to accept the new output",
							Diff: udiff.Unified("Lamp: 25 EUR\n", "Lamp: 30 EUR\n", "want", "got")},
					}},
					{Name: "unmatched", Line: 15, Col: 5, Status: Failed, Duration: 30 * time.Millisecond, Failures: []*Failure{
						{Step: 2, Run: "/act.price\n--sku B", Line: 20, Col: 14, Kind: KindFixture, Message: "no http fixture matches the request GET https://shop.example/b", Diff: "--- fixture\n+++ sent\n@@ -1 +1 @@\n-GET https://shop.example/a\n+GET https://shop.example/b\n"},
						{Step: 2, Run: "/act.price\n--sku B", Line: 20, Col: 14, Kind: KindFixture, Message: "http entry at line 22 was never requested: GET https://shop.example/a; remove it or fix the step"},
					}},
					{Name: "later", Line: 25, Col: 5, Status: Skipped, Skip: "not recorded yet"},
				},
			},
		},
	}
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./runner -run %s -update)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n%s", name, udiff.Unified(string(want), string(got), "want", "got"))
	}
}

func TestWriteReports(t *testing.T) {
	rep := sampleReport()
	var human, line, errs, junit, js bytes.Buffer
	WriteHuman(&human, rep)
	WriteLine(&line, rep)
	WriteErrors(&errs, rep)
	if err := WriteJUnit(&junit, rep); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "report.human.golden", human.Bytes())
	checkGolden(t, "report.line.golden", line.Bytes())
	checkGolden(t, "report.errors.golden", errs.Bytes())
	checkGolden(t, "report.junit.golden", junit.Bytes())
	checkGolden(t, "report.json.golden", js.Bytes())

	// The JUnit file is well-formed and keeps the diff text intact.
	var parsed junitSuites
	if err := xml.Unmarshal(junit.Bytes(), &parsed); err != nil {
		t.Fatalf("junit does not parse: %v", err)
	}
	if parsed.Tests != 5 || parsed.Failures != 1 || parsed.Errors != 2 || parsed.Skipped != 1 {
		t.Errorf("junit counts %+v", parsed)
	}
	var failure junitProblem
	for _, s := range parsed.Suites {
		for _, c := range s.Cases {
			if c.Failure != nil {
				failure = *c.Failure
			}
		}
	}
	if want := "docs/shop.test.yaml:10:10: output differs from the expected output; run sfmd test --update to accept the new output\n--- want\n+++ got\n@@ -1 +1 @@\n-Lamp: 25 EUR\n+Lamp: 30 EUR\n"; xmlUnescape(t, failure.Text) != want {
		t.Errorf("failure text %q", failure.Text)
	}
	var back map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("json does not parse: %v", err)
	}
}

// TestReportsWithoutTimings: by default the reports carry no duration and
// no timestamp, so that the same run gives byte-identical reports.
func TestReportsWithoutTimings(t *testing.T) {
	for _, pass := range []int{1, 2} {
		rep := sampleReport()
		rep.timings = false
		rep.Duration = time.Duration(pass) * time.Second
		rep.Suites[1].Started = rep.Suites[1].Started.Add(time.Duration(pass) * time.Hour)
		var junit, js bytes.Buffer
		if err := WriteJUnit(&junit, rep); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&js, rep); err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"time=", "timestamp="} {
			if bytes.Contains(junit.Bytes(), []byte(bad)) {
				t.Errorf("junit has %s:\n%s", bad, junit.String())
			}
		}
		if bytes.Contains(js.Bytes(), []byte("duration_ms")) {
			t.Errorf("json has duration_ms:\n%s", js.String())
		}
	}
}

// xmlUnescape decodes the innerxml text of a parsed element.
func xmlUnescape(t *testing.T, s string) string {
	t.Helper()
	var v struct {
		Text string `xml:",chardata"`
	}
	if err := xml.Unmarshal([]byte("<x>"+s+"</x>"), &v); err != nil {
		t.Fatal(err)
	}
	return v.Text
}
