package cli

import (
	"strings"
	"testing"
)

// colorSuite is a document and a suite with one passing and one failing
// test (a wrong output, so the failure has a diff).
var colorSuite = map[string]string{
	"shop.md": "---\nname: shop\n---\n# Shop\n\n```act.price\nGET https://shop.example/api/items/{sku}\n" +
		"  sku: string (required) \"Item number\"\n```\n\n```act.price.response\n{Response.body.name}: {Response.body.price} EUR\n```\n",
	"shop.test.yaml": "version: 1\ntests:\n" +
		"  - name: right output\n    run: /act.price --sku A-100\n    http:\n" +
		"      - request: {method: GET, url: \"https://shop.example/api/items/A-100\"}\n        response: {json: {name: Lamp, price: 30}}\n" +
		"    expect:\n      output: \"Lamp: 30 EUR\"\n" +
		"  - name: wrong output\n    run: /act.price --sku A-100\n    http:\n" +
		"      - request: {method: GET, url: \"https://shop.example/api/items/A-100\"}\n        response: {json: {name: Lamp, price: 30}}\n" +
		"    expect:\n      output: \"Lamp: 25 EUR\"\n",
}

// sfmd test colours on a terminal as sfmd lint does: --color auto colours
// a terminal unless NO_COLOR is set or TERM=dumb; always and never win.
func TestTestColor(t *testing.T) {
	dir := tree(t, colorSuite)
	for _, tc := range []struct {
		name  string
		env   map[string]string
		tty   bool
		args  []string
		color bool
	}{
		{"terminal", nil, true, nil, true},
		{"pipe", nil, false, nil, false},
		{"NO_COLOR", map[string]string{"NO_COLOR": "1"}, true, nil, false},
		{"TERM=dumb", map[string]string{"TERM": "dumb"}, true, nil, false},
		{"never", nil, true, []string{"--color", "never"}, false},
		{"always", nil, false, []string{"--color", "always"}, true},
		{"line format", nil, true, []string{"--format", "line"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, out, errs := runCLI(t, dir, tc.env, tc.tty, append([]string{"test"}, tc.args...)...)
			if st != ExitFindings {
				t.Fatalf("status %d, want %d; stderr:\n%s", st, ExitFindings, errs)
			}
			if got := strings.Contains(out, "\x1b["); got != tc.color {
				t.Fatalf("coloured = %v, want %v; stdout:\n%q", got, tc.color, out)
			}
			plain := stripANSI(out)
			if !strings.Contains(plain, "1 passed, 1 failed\n") {
				t.Fatalf("without its colours the output differs: %q", plain)
			}
		})
	}
	_, out, _ := runCLI(t, dir, nil, true, "test")
	for _, want := range []string{
		"\x1b[1;31m--- FAIL:\x1b[0m shop.test.yaml: wrong output\n",
		"    \x1b[1;31m-Lamp: 25 EUR\x1b[0m\n",
		"    \x1b[1;32m+Lamp: 30 EUR\x1b[0m\n",
		"\x1b[1;32m1 passed\x1b[0m, \x1b[1;31m1 failed\x1b[0m\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("coloured output lacks %q:\n%q", want, out)
		}
	}
	if st, _, errs := runCLI(t, dir, nil, true, "test", "--color", "sometimes"); st != ExitUsage || !strings.Contains(errs, `--color: unknown mode "sometimes"`) {
		t.Errorf("--color sometimes: status %d, stderr %q; want a usage error", st, errs)
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			return b.String() + s
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], 'm')
		if j < 0 {
			return b.String() + s[i:]
		}
		s = s[i+j+1:]
	}
}
