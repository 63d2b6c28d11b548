package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// dryRules are the rules that read the dry-run analysis.
func dryRules() []*lint.Analyzer {
	var out []*lint.Analyzer
	for _, a := range All() {
		if strings.HasPrefix(a.Name, "dryrun-") || a.Name == "param-session-fallback" {
			out = append(out, a)
		}
	}
	return out
}

// gatedDocs are documents made of the parts the gates read: each method,
// header keys that fold to a default's or not, a wide header value, URLs
// with a user part, an '@' or a $VAR, hint values and defaults with an
// '@' or a '$'.
func gatedDocs() map[string][]byte {
	methods := []string{"GET", "DELETE", "POST", "PUT", "get"}
	headers := []string{"", ` -H "accept: text/html"`, ` -H "Accept: text/html"`, ` -H "CONTENT-TYPE: text/plain"`, ` -H "Content-Type: text/plain"`,
		` -H "X-Api-Key: $KEY"`, ` -H "User-Agent: bot — v1"`, ` -H "content-type: application/json" -H "X-A: 1"`}
	urls := []string{"https://api.example.com/items/{q}", "https://user:pw@api.example.com/x?q={q}", "$BASE/items?q={q}", "https://{q}/x", "https://api.example.com/{q}?u=a@b"}
	bodies := []string{"", ` -d '{"q": "{q}"}'`, ` -d 'q={q}&x=1'`}
	hints := []string{"", "/act.a --q 'me@example.com'", "/act.a --q plain", "/act.a --q '$HOME'"}
	defaults := []string{"", ` = "x@y"`, ` = "$BASE"`}
	docs := map[string][]byte{}
	n := 0
	for _, m := range methods {
		for _, h := range headers {
			for _, u := range urls {
				for _, b := range bodies {
					hint, def := hints[n%len(hints)], defaults[(n/len(hints))%len(defaults)]
					n++
					src := fmt.Sprintf("# Doc\n\n```act.a\n%s %s%s%s\n  q: string (optional) \"the query url\"%s\n```\n\n%s\n", m, u, h, b, def, hint)
					docs[fmt.Sprintf("gen%04d.md", n)] = []byte(src)
				}
			}
		}
	}
	return docs
}

// TestDryGates: the dry-run rules find the same with their gates as
// without (dryGates false: every call run), on the rule archives,
// corpus/err, the upstream corpus and documents made of what the gates
// read.
func TestDryGates(t *testing.T) {
	docs := droppedParamDocs(t)
	for k, v := range gatedDocs() {
		docs[k] = v
	}
	rules := dryRules()
	findings := func(name string, src []byte) []string {
		ds, err := lint.Check(sfmd.Parse(name, src), rules)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(ds))
		for i, d := range ds {
			out[i] = fmt.Sprintf("%d:%d %s %s", d.Span.Start.Line, d.Span.Start.Col, d.Rule, d.Message)
		}
		return out
	}
	defer func(old bool) { dryGates = old }(dryGates)
	total := 0
	for name, src := range docs {
		dryGates = true
		gated := findings(name, src)
		dryGates = false
		full := findings(name, src)
		total += len(full)
		if !slices.Equal(gated, full) {
			t.Errorf("%s: with the gates\n%s\nwithout\n%s", name, strings.Join(gated, "\n"), strings.Join(full, "\n"))
		}
	}
	if total == 0 {
		t.Fatal("no dry-run finding at all: the documents test nothing")
	}
}

// TestDryGatesSkipCalls: an action none of whose dry-run rules can report
// (a GET with an ordinary header, a plain URL and values) is not run
// through the model at all.
func TestDryGatesSkipCalls(t *testing.T) {
	src := "# Doc\n\n```act.items\nGET https://api.example.com/items?q={q} -H \"Authorization: Bearer $TOKEN\"\n  q: string (required) \"the query\"\n```\n"
	var calls []*dryCall
	probe := &lint.Analyzer{
		Name:     "probe",
		Requires: append(dryRules(), dryrunAnalyzer),
		Run: func(pass *lint.Pass) (any, error) {
			calls = dryTableOf(pass).Calls
			return nil, nil
		},
	}
	if _, err := lint.Check(sfmd.Parse("doc.md", []byte(src)), []*lint.Analyzer{probe}); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 {
		t.Fatalf("%d calls, want 1", len(calls))
	}
	if c := calls[0]; c.args != "" || c.ok {
		t.Errorf("the call was run (args %q): no dry-run rule can report on it", c.args)
	}
}
