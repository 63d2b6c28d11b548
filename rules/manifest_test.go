package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// lintManifest lints src as the install manifest m.json with every rule
// and the manifest profile on, and returns "line:col rule: message" lines.
func lintManifest(t *testing.T, src string) []string {
	t.Helper()
	rep, err := lint.Run(lint.Options{Paths: []string{"-"}, Dir: t.TempDir(), Stdin: strings.NewReader(src), StdinFilename: "m.json",
		Selection: lint.Selection{Enable: []string{"manifest"}}}, All())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range rep.Errors {
		t.Errorf("lint: %v", e)
	}
	var out []string
	for _, d := range rep.Diagnostics {
		out = append(out, fmt.Sprintf("%d:%d %s: %s", d.Span.Start.Line, d.Span.Start.Col, d.Rule, d.Message))
	}
	return out
}

const rootEntry = `{"path": "string.md", "url": "https://example.com/string.md"}`

func TestManifestCases(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{{
		name: "empty files",
		src:  `{"files": []}`,
		want: []string{`1:11 manifest-files-missing: "files" is empty: list at least the package root {"path": "string.md", "url": "https://…"}`},
	}, {
		name: "files not an array",
		src:  `{"files": "string.md"}`,
		want: []string{`1:11 manifest-files-missing: "files" is a string, not an array: list the package files as [{"path": "string.md", "url": "https://…"}]`},
	}, {
		name: "top-level array",
		src:  "[" + rootEntry + "]",
		want: []string{`1:1 manifest-files-missing: an install manifest is a JSON object, not an array: write {"files": [{"path": "string.md", "url": "https://…"}]}`},
	}, {
		name: "root spelled ./string.md",
		src:  `{"files": [{"path": "./string.md", "url": "https://example.com/string.md"}]}`,
		want: []string{`1:21 manifest-root-missing: path "./string.md" is not the package root, which the daemon finds only as exactly "string.md": write "string.md"`},
	}, {
		name: "delivery typo",
		src:  `{"files": [` + rootEntry + `], "delivery": "Link"}`,
		want: []string{`1:88 manifest-delivery-invalid: unknown delivery "Link": did you mean "link"?`},
	}, {
		name: "delivery not a string",
		src:  `{"files": [` + rootEntry + `], "delivery": null}`,
		want: []string{`1:88 manifest-delivery-invalid: delivery is null, not a string: expected one of "local", "link", "any", or no "delivery" for "local"`},
	}, {
		name: "install_hint null",
		src:  `{"files": [` + rootEntry + `], "install_hint": null}`,
		want: []string{`1:92 manifest-install-hint-type: install_hint is null, not a string: write the hint as one markdown string`},
	}, {
		name: "repeated key: the last one counts, as in JSON.parse",
		src:  `{"files": [], "files": [` + rootEntry + `]}`,
	}, {
		name: "escaped slashes and surrogate pairs are JSON",
		src:  `{"files": [{"path": "string.md", "url": "https:\/\/example.com\/string.md"}], "install_hint": "\ud83d\ude00 Run /install"}`,
	}, {
		name: "escaped slash does not hide http",
		src:  `{"files": [{"path": "string.md", "url": "http:\/\/example.com\/string.md"}]}`,
		want: []string{`1:41 manifest-url-not-https: url "http://example.com/string.md" uses plain HTTP: use "https://example.com/string.md"`},
	}, {
		name: "BOM and CRLF keep positions",
		src:  "\ufeff{\r\n  \"files\": [\r\n    {\"path\": \"string.md\", \"url\": \"http://example.com/string.md\"}\r\n  ]\r\n}\r\n",
		want: []string{`3:34 manifest-url-not-https: url "http://example.com/string.md" uses plain HTTP: use "https://example.com/string.md"`},
	}, {
		name: "non-ASCII columns count characters",
		src:  `{"files": [` + rootEntry + `, {"path": "é/../x.md", "content": ""}]}`,
		want: []string{`1:84 manifest-path-unsafe: path "é/../x.md" contains "..", which the daemon rejects before installing anything: keep every file inside the package`},
	}, {
		name: "empty file",
		src:  "",
		want: []string{`1:1 manifest-invalid-json: not valid JSON: unexpected end of JSON input; fix the syntax`},
	}, {
		name: "trailing text",
		src:  `{"files": [` + rootEntry + `]} x`,
		want: []string{`1:76 manifest-invalid-json: not valid JSON: invalid character 'x' after top-level value; fix the syntax`},
	}, {
		name: "a comment is not JSON",
		src:  "// manifest\n{\"files\": [" + rootEntry + "]}",
		want: []string{`1:1 manifest-invalid-json: not valid JSON: invalid character '/' looking for beginning of value; fix the syntax`},
	}, {
		name: "SFMD in a .json file gets no SFMD rule",
		src:  "```act.x\nget https://a.example\n```\n",
		want: []string{`1:1 manifest-invalid-json: not valid JSON: invalid character '` + "`" + `' looking for beginning of value; fix the syntax`},
	}, {
		name: "binary",
		src:  "\x00\xff{",
		want: []string{`1:1 manifest-invalid-json: not valid JSON: invalid character '\x00' looking for beginning of value; fix the syntax`},
	}, {
		name: "deep nesting does not crash",
		src:  `{"files": [` + rootEntry + `], "x": ` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lintManifest(t, tc.src); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestManifestProfileSplit lints a package directory with every rule and
// every profile: the .json manifest gets only manifest rules, the .md
// documents none, and package.json is not linted.
func TestManifestProfileSplit(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		".git/HEAD":     "",
		"string.md":     "---\nname: mail\nnamespace: acme\ntype: app\n---\n\n```act.x\nget https://a.example\n```\n",
		"manifest.json": `{"files": [{"path": "index.md", "url": "http://example.com/index.md"}]}`,
		"package.json":  `{"name": "mail", "files": ["string.md"]}`,
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := lint.Run(lint.Options{Paths: []string{"."}, Dir: dir, Selection: lint.Selection{Enable: []string{"all"}}}, All())
	if err != nil {
		t.Fatal(err)
	}
	byFile := map[string][]string{}
	for _, d := range rep.Diagnostics {
		byFile[d.Path] = append(byFile[d.Path], d.Rule)
	}
	if rep.Files != 2 {
		t.Errorf("linted %d files, want 2 (string.md, manifest.json)", rep.Files)
	}
	got := byFile["manifest.json"]
	sort.Strings(got)
	if want := []string{"manifest-root-missing", "manifest-url-not-https"}; !reflect.DeepEqual(got, want) {
		t.Errorf("manifest.json: %q, want %q", got, want)
	}
	md := byFile["string.md"]
	if len(md) == 0 {
		t.Error("string.md: no SFMD findings, want some (the action method is lower case)")
	}
	for _, r := range md {
		if strings.HasPrefix(r, "manifest-") {
			t.Errorf("string.md: manifest rule %s ran on an SFMD document", r)
		}
	}
}

// FuzzParseManifest: any input is either invalid JSON (with an offset in
// range) or a tree whose every offset lies in the source, in order.
func FuzzParseManifest(f *testing.F) {
	for _, s := range []string{"", "{}", "[]", `"x"`, "5", "\ufeff{\"files\": []}", `{"files": [` + rootEntry + `]}`,
		`{"a": [1, 2.5e3, true, false, null, {"b": "\u00e9\/"}]}`, `{"files": [{`, "{\"a\":\"\xff\"}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := parseManifest(src)
		if m.root == nil {
			if m.err == "" || m.errOffset < 0 || m.errOffset > len(src) {
				t.Fatalf("invalid JSON without an error in range: %+v", m)
			}
			return
		}
		var walk func(v *jvalue)
		walk = func(v *jvalue) {
			if v.start < 0 || v.start >= v.end || v.end > len(src) {
				t.Fatalf("value offsets [%d, %d) out of range (len %d)", v.start, v.end, len(src))
			}
			for _, mb := range v.members {
				if mb.keyStart < v.start || mb.keyEnd > mb.val.start || src[mb.keyStart] != '"' {
					t.Fatalf("key %q at [%d, %d) misplaced", mb.key, mb.keyStart, mb.keyEnd)
				}
				walk(mb.val)
			}
			for _, it := range v.items {
				walk(it)
			}
		}
		walk(m.root)
	})
}
