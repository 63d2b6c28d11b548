package model

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
)

// TestBodyValuesEscaped holds BodyValuesEscaped to what it promises: for
// an action it accepts, the body DryRun sends is JSON for every set of
// values or for none (values with quotes, backslashes, control
// characters, braces and plain words, on the templates below, the
// upstream corpus and a generated document); and it accepts the plain
// "{name}" body and refuses the templates a value can break.
func TestBodyValuesEscaped(t *testing.T) {
	body := func(tmpl string) string {
		return "# D\n\n" + act("a", "POST https://x.com/ -d '"+tmpl+"'", "  q: string", "  n: number", "  s: string = \"x\"")
	}
	for tmpl, want := range map[string]bool{
		`{"q": "{q}"}`:                  true,
		`{"q": "{q}", "n": "{n[0]}"}`:   true,
		`["{q}", "{nope}", "a\"b"]`:     true,
		`{"q": "x {q}"}`:                false, // inside a longer string
		`{"k"{q}"v"}`:                   false, // the quote closes "k
		`{"q": "{q|base64}"}`:           false, // a modifier
		`{"q": "{q}", "a": "$KEY"}`:     false, // a $VAR
		`{"q": "\"{q}\""}`:              false,
		`{"a": "p \"{q}"}`:              false,
		`{"q": {q}}`:                    false,
		`{"q": "{q}", "n": {n}}`:        false,
		`{"q": "{s}", "r": "{q}"} tail`: true,
	} {
		if got := dryParse(body(tmpl)).BodyValuesEscaped("a"); got != want {
			t.Errorf("%s: BodyValuesEscaped %v, want %v", tmpl, got, want)
		}
	}
	docs := []string{
		body(`{"q": "{q}"}`), body(`{"q": "{q}", "n": "{n[0]}", "s": "{s}"}`), body(`["{q}", "{nope}", "a\"b"]`),
		body(`{"k"{q}"v"}`), body(`{"q": "x {q}"}`), body(`{"q": "{q}" , "t": "{q}"}`), body(`"{q}"`),
	}
	_ = filepath.WalkDir(upstreamRoot(t), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				docs = append(docs, string(src))
			}
		}
		return nil
	})
	docs = append(docs, string(benchgen.Document(64<<10)))
	values := []string{"example", `say "hi" in C:\data`, `\`, `"`, `}{`, "a\tb", ":", `","`, "1"}
	accepted := 0
	for _, src := range docs {
		p := dryParse(src)
		for _, a := range p.Actions() {
			if !p.BodyValuesEscaped(a.ID) {
				continue
			}
			accepted++
			first, valid := true, false
			for _, v := range values {
				q, ok := QuoteArg(v)
				if !ok {
					continue
				}
				var args []string
				for _, f := range a.Fields {
					if f.Type == "string" {
						args = append(args, "--"+f.Name+" "+q)
					}
				}
				s, ok := p.DryRun(a.ID, strings.Join(args, " "), nil, nil)
				if !ok || s.Code != "" {
					continue
				}
				if got := json.Valid([]byte(s.Body)); first {
					first, valid = false, got
				} else if got != valid {
					t.Errorf("action %s: the body is JSON for one value and not for %q: %s", a.ID, v, s.Body)
				}
			}
		}
	}
	if accepted < 5 {
		t.Fatalf("only %d actions accepted: the documents test little", accepted)
	}
}
