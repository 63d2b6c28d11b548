package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// BenchmarkRunStep measures one typical suite step: a GET with a query, a
// JSON response and a template with a loop (the 1,000-case target is one
// b.N of 1000).
func BenchmarkRunStep(b *testing.B) {
	doc := "# Weather\n\n" + act("search",
		"GET https://api.weather.com/search/{city} -H \"Authorization: Bearer $API_KEY\"",
		`  city, -c: string (required) "City"`,
		`  days: number "Days" = "3"`,
	) + resp("search",
		"{temp} = {Response.body.current.temp}",
		"## Weather in {Response.body.city}",
		"for: d in body.days",
		"- {d.date}: {d.min}..{d.max} [details](https://weather.example/{d.date})",
		"end:",
	)
	body := `{"city":"Seoul","current":{"temp":24.5},"days":[` +
		strings.Repeat(`{"date":"2026-01-01","min":1,"max":9},`, 6) + `{"date":"2026-01-07","min":2,"max":8}]}`
	tr := &fakeTransport{body: body}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		h := &harness{tr: tr}
		tr.reqs, tr.bodies = tr.reqs[:0], tr.bodies[:0]
		rt := newBenchRuntime(doc, tr)
		h.rt = rt
		res := rt.Run("/act.search --city Seoul")
		if !res.OK {
			b.Fatal(res.Content)
		}
	}
}

// BenchmarkSlugLinks renders bodies of 2,000 and 16,000 links (each link
// was compared with every auto-shortcut before it, which made a body of
// links quadratic). CPU time of two ops (-cpuprofile, on a shared 2-core
// machine whose wall clock is not reliable): 40 ms and 210 ms, where it
// was 50 ms and 890 ms. Run it with
//
//	go test ./model -run '^$' -bench SlugLinks
func BenchmarkSlugLinks(b *testing.B) {
	for _, n := range []int{2000, 16000} {
		var body strings.Builder
		for i := range n {
			body.WriteString("[l" + itoa(i) + "](https://x.example/" + itoa(i) + ")\n")
		}
		src := body.String()
		b.Run(itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, autos := renderSFMD(src); len(autos) != n {
					b.Fatalf("%d auto-shortcuts, want %d", len(autos), n)
				}
			}
		})
	}
}

// BenchmarkParseUpstream is model.Parse (the reference parser's reading)
// of every upstream document, once per op: the parse the dry-run rules
// make of each document with actions.
func BenchmarkParseUpstream(b *testing.B) {
	root := upstreamRoot(b)
	var docs []*sfmd.Document
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				docs = append(docs, &sfmd.Document{Path: p, Src: src})
			}
		}
		return nil
	})
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			Parse(d)
		}
	}
}

// BenchmarkParseBig is model.Parse of the generated 10 MB document
// (benchgen.Document), the reference parse the dry-run rules make of it.
func BenchmarkParseBig(b *testing.B) {
	doc := &sfmd.Document{Path: "big.md", Src: benchgen.Document(10 << 20)}
	b.ReportAllocs()
	for b.Loop() {
		Parse(doc)
	}
}

// BenchmarkParseBigSized is BenchmarkParseBig of the document as the
// dry-run table hands it over, read by sfmd.Parse (outside the loop):
// the reference parse's lists made for the linter's counts.
func BenchmarkParseBigSized(b *testing.B) {
	doc := sfmd.Parse("big.md", benchgen.Document(10<<20))
	b.ReportAllocs()
	for b.Loop() {
		Parse(doc)
	}
}

// BenchmarkPageViewBig is the view of the generated 10 MB document opened
// as a page (PageRun.View: resolvePage, then renderPage), the render
// dryrun-page-shortcut-shadowed asks for; the reference parse is made
// once, outside the loop, as the dry-run table makes it.
func BenchmarkPageViewBig(b *testing.B) {
	src := mapSource{"app/big.md": {Data: benchgen.Document(10 << 20)}}
	pd := Parse(&sfmd.Document{Path: "/app/big.md", Src: src.data("/app/big.md")})
	b.ReportAllocs()
	for b.Loop() {
		if pd.OpenPage(NewSourceFS(src), "/app/big.md", "app:app", "/app").View() == nil {
			b.Fatal("no view")
		}
	}
}
