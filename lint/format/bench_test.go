package format

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
)

// BenchmarkFormatHint writes the hint document's 6,081 findings
// (benchgen.HintDocument, default rules) in each format, as a Stream
// given the document's batch: the cost of writing findings, without
// linting. `go test ./lint/format -run '^$' -bench FormatHint -benchmem`.
func BenchmarkFormatHint(b *testing.B) {
	path := filepath.Join(b.TempDir(), "hints.md")
	if err := os.WriteFile(path, benchgen.HintDocument(benchgen.HintDocuments), 0o644); err != nil {
		b.Fatal(err)
	}
	var diags []lint.Diagnostic
	var src []byte
	if _, err := lint.Run(lint.Options{Paths: []string{path}, Output: func(ds []lint.Diagnostic, source func(string) []byte) {
		diags = append(diags, ds...)
		src = source(path)
	}}, rules.All()); err != nil {
		b.Fatal(err)
	}
	ctx := Context{Source: func(string) []byte { return src }, Rules: rules.All()}
	for _, f := range []string{"json", "sarif", "checkstyle", "github", "line", "text"} {
		b.Run(f, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := NewStream(io.Discard, f, ctx)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.Write(diags); err != nil {
					b.Fatal(err)
				}
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
