package rules

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// TestNestedFencesUpstream lints the real documents that wrap examples
// holding act blocks in a fence of the same kind, as `sfmd lint --enable
// project --min-severity info` does: each nested fence is exactly one
// error (fence-nested), nothing else is an error or a warning, and no
// other finding lies inside a nested fence (no cascade of symptoms).
func TestNestedFencesUpstream(t *testing.T) {
	if _, err := os.Stat(upstreamCorpus); err != nil {
		t.Skipf("upstream corpus not found at %s: %v", upstreamCorpus, err)
	}
	files := map[string]int{ // path -> nested fences
		"string-os__cookbook/03-single-page-app.md":  1,
		"string-os__cookbook/04-multi-page-app.md":   3,
		"string-os__cookbook/05-multi-topic.md":      1,
		"string-os__string/docs/runtime/editing.md":  1,
		"string-os__string/docs/runtime/model.md":    1,
		"string-os__string/docs/runtime/packages.md": 1,
		"string-os__string/docs/runtime/state.md":    1,
		"string-os__string/docs/runtime/tools.md":    1,
	}
	cfg := filepath.Join(t.TempDir(), "empty.yaml")
	if err := os.WriteFile(cfg, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range files {
		rep, err := lint.Run(lint.Options{Paths: []string{path}, Dir: upstreamCorpus, Config: cfg, Jobs: 1,
			// dryrun-page-link-broken: docs/runtime/tools.md links
			// ./05-actions.md, which the repository does not have
			Selection: lint.Selection{Enable: []string{"project"}, Disable: []string{"dryrun-page-link-broken"}}}, All())
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rep.Errors {
			t.Errorf("%s: %v", path, e)
		}
		var nested []lint.Diagnostic
		for _, d := range rep.Diagnostics {
			switch {
			case d.Rule == "fence-nested":
				nested = append(nested, d)
			case d.Severity >= lint.Warning:
				t.Errorf("%s: not a nested fence: %s", path, format(d))
			}
		}
		if len(nested) != want {
			t.Errorf("%s: %d fence-nested findings, want %d", path, len(nested), want)
		}
		for _, n := range nested {
			outer, close := n.Related[0].Span.Start.Offset, n.Related[1].Span.End.Offset
			for _, d := range rep.Diagnostics {
				if d.Rule != "fence-nested" && d.Span.Start.Offset >= outer && d.Span.Start.Offset < close {
					t.Errorf("%s: finding inside the nested fence of line %d: %s", path, n.Related[0].Span.Start.Line, format(d))
				}
			}
		}
	}
}
