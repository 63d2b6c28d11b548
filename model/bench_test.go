package model

import (
	"strings"
	"testing"
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
