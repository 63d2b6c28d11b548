package lsp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sfmd-dev/sfmd/internal/lsp"
	"github.com/sfmd-dev/sfmd/internal/lsp/lsptest"
	"github.com/sfmd-dev/sfmd/lint"
)

// benchDoc returns a realistic document of at least size bytes: a
// frontmatter, then sections each with prose (a hint, an act: link, a
// shortcut), a block, an action with parameters and its response template
// with a loop; every third section has mistakes (a single-quoted header,
// an unknown hint flag, an unquoted default), so that the rules report
// and build fixes.
func benchDoc(size int) string {
	var b strings.Builder
	b.WriteString("---\nname: bench\ntype: app\ndefault: act_0\nenv:\n  - BENCH_TOKEN: \"API token\"\n---\n\n# Bench\n\n")
	for i := 0; b.Len() < size; i++ {
		id := fmt.Sprintf("act_%d", i)
		fmt.Fprintf(&b, "## Section %d\n\n", i)
		fmt.Fprintf(&b, "<!-- #part-%d -->\nSearch the catalogue with `/act.%s --query dune --limit 3`, or follow\n[the list](act:%s?query=new) and [@s%d Latest](act:%s?query=latest).\n<!-- /part-%d -->\n\n", i, id, id, i, id, i)
		header := `-H "Authorization: Bearer $BENCH_TOKEN"`
		def := `"5"`
		if i%3 == 2 {
			header = `-H 'Accept: application/json'`
			def = `5`
			fmt.Fprintf(&b, "Also `/act.%s --query x --pages 2`.\n\n", id)
		}
		fmt.Fprintf(&b, "```act.%s\nGET https://api.example.com/v2/books?q={query}&limit={limit} %s\n  query, -q: string (required) \"Title, author or ISBN\"\n  limit, -n: string (optional) \"How many results\" = %s\n```\n\n", id, header, def)
		fmt.Fprintf(&b, "```act.%s.response\n{total} = {Response.body.total}\n## {total} books match \"{query}\"\n\nfor: book in Response.body.items\n- **{book.title}** by {book.author} ({book.year})\nend:\n```\n\n", id)
	}
	return b.String()
}

// BenchmarkDiagnosticsLatency measures what an editor waits for: from a
// keystroke (an incremental didChange in the middle of the document) to
// the publishDiagnostics of that version, through the protocol, with
// every rule of sfmd lint. Targets: 5 ms for a 5 KB document, 50 ms for
// 200 KB. ns/op is the mean; p50-ms, p95-ms and max-ms the median, 95th
// percentile and slowest change of the run.
//
//	go test ./lsp -run '^$' -bench DiagnosticsLatency -benchtime 200x
func BenchmarkDiagnosticsLatency(b *testing.B) {
	for _, size := range []int{5 << 10, 200 << 10} {
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			dir := b.TempDir()
			if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
				b.Fatal(err)
			}
			c, wait := lsptest.InProcess(lsp.Options{Analyzers: analyzers(), MinSeverity: lint.Warning, Dir: dir})
			defer func() { _ = c.Notify("exit", nil); wait() }()
			if _, err := c.Initialize(lsptest.URI(dir), map[string]any{}); err != nil {
				b.Fatal(err)
			}
			doc := benchDoc(size)
			uri := lsptest.URI(filepath.Join(dir, "bench.md"))
			if err := c.Open(uri, doc); err != nil {
				b.Fatal(err)
			}
			p, err := c.WaitDiagnostics(uri, 1)
			if err != nil {
				b.Fatal(err)
			}
			// Type into a word of the middle section, then delete it again.
			at := c.Position(uri, "Search the catalogue", strings.Count(doc, "Search the catalogue")/2, len("Search"))
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				change := lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: at, End: at}, Text: "x"}
				if i%2 == 1 {
					change = lsp.TextDocumentContentChangeEvent{Range: &lsp.Range{Start: at, End: lsp.Position{Line: at.Line, Character: at.Character + 1}}}
				}
				v, err := c.Change(uri, change)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := c.WaitDiagnostics(uri, v); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(lat)
			ms := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000 }
			b.ReportMetric(ms(0.5), "p50-ms")
			b.ReportMetric(ms(0.95), "p95-ms")
			b.ReportMetric(ms(1), "max-ms")
			b.ReportMetric(float64(len(p.Diagnostics)), "diagnostics")
		})
	}
}

// The benchmark's document is what it claims: the size, findings.
func TestBenchDoc(t *testing.T) {
	for _, size := range []int{5 << 10, 200 << 10} {
		doc := benchDoc(size)
		if len(doc) < size || len(doc) > size+1024 {
			t.Errorf("benchDoc(%d) is %d bytes", size, len(doc))
		}
	}
	s := newSession(t, nil, lsp.Options{}, nil)
	p := s.open("bench.md", benchDoc(5<<10))
	if got := codes(p); !strings.Contains(got, "header-syntax-invalid") || !strings.Contains(got, "hint-unknown-flag") || !strings.Contains(got, "param-default-unquoted") {
		t.Errorf("diagnostics of the benchmark document: %s", got)
	}
}
