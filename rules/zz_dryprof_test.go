package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

func BenchmarkZZDry(b *testing.B) {
	var docs []*sfmd.Document
	filepath.Walk("../../shared/corpus/upstream", func(p string, fi os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".md") {
			src, _ := os.ReadFile(p)
			docs = append(docs, sfmd.Parse(p, src))
		}
		return nil
	})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, d := range docs {
			pass := &lint.Pass{Doc: d, Report: func(lint.Diagnostic) {}}
			pass.ResultOf = map[*lint.Analyzer]any{}
			pass.ResultOf[symbolsAnalyzer], _ = symbolsAnalyzer.Run(pass)
			pass.ResultOf[hintsAnalyzer], _ = hintsAnalyzer.Run(pass)
			pass.ResultOf[dryrunAnalyzer], _ = dryrunAnalyzer.Run(pass)
			for _, a := range []*lint.Analyzer{DryrunURLDiffers, DryrunBodyJSONBroken, ParamSessionFallback} {
				a.Run(pass)
			}
		}
	}
}
