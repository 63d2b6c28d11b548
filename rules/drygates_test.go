package rules

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
	"golang.org/x/tools/txtar"
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
	urls := []string{"https://api.example.com/items/{q}", "https://user:pw@api.example.com/x?q={q}", "$BASE/items?q={q}", "https://{q}/x", "https://api.example.com/{q}?u=a@b",
		"https://$HOST/x?q={q}", "https://api.example.com/x?q={q}&lang=$LANG", "https://$USER:pw@api.example.com/{q}", "http://api.example.com?q={q}#a@b", "HTTPS://u@api.example.com/{q}"}
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
	// the bodies and Content-Type headers the body gates read
	// (BodyValuesEscaped, labelledJSONOpening): a whole-string
	// placeholder, one in a longer string, after a quote that closes a
	// string, with a modifier or an index, beside a $VAR; a body that
	// begins with a placeholder, a $VAR after its '{', white space, a
	// form; a JSON or other label, one that a $VAR or a placeholder
	// writes; with hint values that keep a broken template JSON
	jsonBodies := []string{`{"q": "{q}"}`, `{"q": "x {q}"}`, `{"q": "x {q} y"}`, `{"k"{q}"v"}`, `{"q": "{q|base64}"}`, `{"q": "{q[0]}"}`,
		`{"a": "$KEY", "q": "{q}"}`, `{"a": "p \"{q}"}`, `["{q}", "{q}"]`, `{"q": "{q}", "r": "{nope}"}`,
		`{q}`, `{$KEY}`, `  [1, "{q}"]`, `q={q}&x=1`, `{}`, `{`}
	ctHeaders := []string{"", ` -H "Content-Type: text/plain"`, ` -H "content-type: application/json"`, ` -H "Content-Type: $CT"`,
		` -H "Content-Type: application/{q}"`, ` -H "Content-Type: $JSON_TYPE"`, ` -H "CONTENT-TYPE: application/JSON" -H "Content-Type: text/plain"`}
	for i, b := range jsonBodies {
		for k, h := range ctHeaders {
			for j, hint := range []string{"", "Run `/act.a --q :`.", "Run `/act.a --q json`."} {
				src := fmt.Sprintf("# Doc\n\n```act.a\nPOST https://api.example.com/x%s -d '%s'\n  q: string (required) \"the query\"\n```\n\n%s\n", h, b, hint)
				docs[fmt.Sprintf("body%02d-%d-%d.md", i, k, j)] = []byte(src)
			}
		}
	}
	// the commands the reread gate reads (mayReread): each reader, behind
	// a path, a wrapper or quotes, and -c options of other programs
	clis := []string{`sh -c 'echo {q}'`, `/bin/bash -lc "echo {q}"`, `docker exec box sh -c 'ls {q}'`, `eval echo {q}`, `ssh host ls {q}`,
		`watch ls {q}`, `su - bob -c 'ls {q}'`, `runuser -u bob --command "ls {q}"`, `"bash" -c 'echo {q}'`, `env zsh -c "echo {q}"`,
		`python3 -c "print('{q}')"`, `tar -czf {q}.tgz .`, `grep -c {q} notes.txt`, `bash ./run.sh {q}`, `setsid dash -ec 'x {q}' &`}
	for i, c := range clis {
		for j, hint := range []string{"", "Run `/act.a --q 'a b'`."} {
			src := fmt.Sprintf("# Doc\n\n```act.a\nCLI %s\n  q: string (required) \"the query\"\n```\n\n%s\n", c, hint)
			docs[fmt.Sprintf("cli%02d-%d.md", i, j)] = []byte(src)
		}
	}
	return docs
}

// gatedTemplateDocs are documents made of what the template gate reads
// (writesElsewhere): to: paths with a ~ first, a placeholder first (past
// spaces or a BOM), one later, of a required field, of an optional one
// with and without a default, of a session variable a line assigns;
// with hint values and defaults that start with ~ or hold a placeholder.
func gatedTemplateDocs() map[string][]byte {
	paths := []string{"~/out/{id}.bin", "out/{id}.bin", "{dir}/x.bin", "  {dir}/x.bin", "\uFEFF{dir}/x.bin", "\uFEFF~/x.bin", "out/{opt}.bin", "out/{id}-{opt}.bin",
		"{d}/x.bin", "out/{d}.bin", "{Response.body.name}/x.bin", "out/x.bin", "{id}{opt}.bin", "x~/{id}"}
	dirs := []string{"", "'~/d'", "'{opt}'", "plain"}
	opts := []string{`  opt: string "Optional"`, `  opt: string = "~/o" "Optional"`, `  opt: string (required) "Required"`, ""}
	assigns := []string{"", "{d} = ~/home\n", "{d} = {Response.body.dir}\n", "{d} = {opt}\n"}
	docs := map[string][]byte{}
	for i, p := range paths {
		for j, dir := range dirs {
			for k, opt := range opts {
				for m, as := range assigns {
					hint := "/act.a --id 1"
					if dir != "" {
						hint += " --dir " + dir
					}
					if k == 2 {
						hint += " --opt v"
					}
					src := fmt.Sprintf("# Doc\n\nRun `%s`.\n\n```act.a\nGET https://api.example.com/a/{id}?d={dir}&o={opt}\n  id: string (required) \"Id\"\n  dir: string (required) \"Dir\"\n%s\n```\n\n```act.a.response\n%ssave: data\nto: %s\nSaved.\n```\n", hint, opt, as, p)
					docs[fmt.Sprintf("tmpl%02d-%d-%d-%d.md", i, j, k, m)] = []byte(src)
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
	for k, v := range gatedTemplateDocs() {
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
// is not run through the model at all: a GET with an ordinary header, a
// plain URL and values; a POST whose -d body is JSON with each value a
// whole JSON string, under the runtime's JSON Content-Type
// (BodyValuesEscaped, labelledJSONOpening).
func TestDryGatesSkipCalls(t *testing.T) {
	for _, src := range []string{
		"# Doc\n\n```act.items\nGET https://api.example.com/items?q={q} -H \"Authorization: Bearer $TOKEN\"\n  q: string (required) \"the query\"\n```\n",
		"# Doc\n\n```act.items\nPOST https://api.example.com/items -H \"Authorization: Bearer $TOKEN\" -d '{\"q\": \"{q}\", \"n\": \"{n}\"}'\n  q: string (required) \"the query\"\n  n: string (required) \"a note\"\n```\n",
	} {
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
		if c := calls[0]; c.base != nil {
			t.Errorf("%s: the call was run (args %q): no dry-run rule can report on it", src, c.base.args)
		}
	}
}

// pageGateTree is a tree of pages made of what the page gates read:
// links to files that exist, that do not, to directories (with and
// without a string.md), with fragments, in another case, through "..";
// reference links with their definition on the page, in an include, or
// nowhere.
var pageGateTree = map[string]string{
	"a.md":                "# A\n\n## Setup\n\nText.\n",
	"sub/b.md":            "# B\n\n<!-- @block:x -->\nx\n<!-- @end -->\n",
	"dir.md/string.md":    "# Dir\n",
	"bare.md/note.txt":    "x\n",
	"parts.md":            "See [the API][api2].\n\n[api2]: https://example.com/api\n",
	"plain.md":            "Nothing here.\n",
	"page.md":             "# Page\n\n[a](a.md) [b](sub/b.md) [m](missing.md) [f](a.md#nope) [s](a.md#setup) [x](sub/b.md#x)\n[c](A.md) [d](dir.md) [e](bare.md) [u](sub/../a.md) [v](./a.md) [w](../a.md) [p](sub/)\n",
	"refs.md":             "# Refs\n\nSee the [API reference][API], [Docs][], [Docs] and [ok][docs].\n\n[api]: https://example.com/api\n[docs]: https://example.com/docs\n",
	"norefs.md":           "# No refs\n\nSee [a][b] and `x]: y`.\n\n```\n[b]: https://example.com\n```\n",
	"otherdefs.md":        "# Other\n\nSee [a][b].\n\n[c]: https://example.com/c\n",
	"inc.md":              "# Inc\n\n[!include:usage](parts.md)\n",
	"incplain.md":         "# Inc\n\n[!include:usage](plain.md)\n\n[z]: https://example.com/z\n",
	"sub/up.md":           "# Up\n\n[a](../a.md) [b](b.md) [n](../nope.md) [r](../sub/b.md#x)\n",
	"sub/sub.source/1.md": "[a](a.md)\n",
	// shortcuts shadowed by an auto-shortcut of an http(s), act: or long
	// link, and one a relative link cannot shadow
	"shadow.md":     "# S\n\n[@docs Local docs](a.md)\n\nFull reference: [Docs](https://docs.example.com) and [Run](act:run).\n\n[@run Runner](plain.md)\n",
	"shadowlong.md": "# L\n\n[@guide Guide](a.md)\n\nRead the [Guide](sub/../sub/../sub/../sub/../sub/../sub/../a.md) first.\n",
	"shadowrel.md":  "# R\n\n[@guide Guide](a.md)\n\nRead the [Guide](plain.md) first.\n",
}

// pageGateDirs are directories to lint with the page rules: the rule
// archives (each in a directory of its own), corpus/err, the upstream
// corpus and pageGateTree.
func pageGateDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	write := func(dir, name string, data []byte) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range archiveNames(t) {
		ar, err := txtar.ParseFile(archivePath(n))
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), n)
		for _, f := range ar.Files {
			write(dir, f.Name, f.Data)
		}
		dirs = append(dirs, dir)
	}
	tree := filepath.Join(t.TempDir(), "tree")
	for name, src := range pageGateTree {
		write(tree, name, []byte(src))
	}
	dirs = append(dirs, tree, "../corpus/err")
	if _, err := os.Stat(upstreamCorpus); err == nil {
		dirs = append(dirs, upstreamCorpus)
	}
	return dirs
}

// lintPages lints dir with the dry-run rules of the project profile as
// the CLI would, with an empty config.
func lintPages(t *testing.T, dir string, analyzers []*lint.Analyzer) []string {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "empty.yaml")
	if err := os.WriteFile(cfg, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := lint.Run(lint.Options{Paths: []string{"."}, Dir: dir, Config: cfg, Jobs: 1,
		Selection: lint.Selection{Enable: []string{"project"}}}, analyzers)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(rep.Diagnostics))
	for i, d := range rep.Diagnostics {
		out[i] = fmt.Sprintf("%s:%d:%d %s %s", d.Path, d.Span.Start.Line, d.Span.Start.Col, d.Rule, d.Message)
	}
	return out
}

// TestPageDryGates: the page rules find the same with their gates as
// without (every render and /open run), on the archives, corpus/err,
// the upstream corpus and pageGateTree.
func TestPageDryGates(t *testing.T) {
	defer func(old bool) { dryGates = old }(dryGates)
	rules := dryRules()
	total := 0
	for _, dir := range pageGateDirs(t) {
		dryGates = true
		gated := lintPages(t, dir, rules)
		dryGates = false
		full := lintPages(t, dir, rules)
		total += len(full)
		if !slices.Equal(gated, full) {
			t.Errorf("%s: with the gates\n%s\nwithout\n%s", dir, strings.Join(gated, "\n"), strings.Join(full, "\n"))
		}
	}
	if total == 0 {
		t.Fatal("no dry-run finding at all: the documents test nothing")
	}
}

// TestPageDryGatesSkipCalls: a page whose links all name existing files
// without a fragment, and whose reference links have no definition, is
// neither opened nor rendered by the page rules.
func TestPageDryGatesSkipCalls(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a.md":     "# A\n",
		"sub/b.md": "# B\n",
		"page.md":  "# Page\n\n[a](a.md) [b](sub/b.md) [c](./sub/../a.md) and [x][y].\n\n```\n[y]: https://example.com\n```\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opened := map[string]bool{}
	probe := &lint.Analyzer{
		Name:     "probe",
		Doc:      lint.Doc{Title: "probe"},
		Profile:  lint.Project,
		Requires: append(dryRules(), pagedryAnalyzer),
		Run: func(pass *lint.Pass) (any, error) {
			p := pageDryOf(pass)
			opened[filepath.Base(pass.Doc.Path)] = p.opened
			return nil, nil
		},
	}
	defer func(old bool) { dryGates = old }(dryGates)
	for _, gates := range []bool{true, false} {
		dryGates = gates
		clear(opened)
		if got := lintPages(t, dir, append(dryRules(), probe)); len(got) != 0 {
			t.Errorf("findings: %q", got)
		}
		if opened["page.md"] == gates {
			t.Errorf("gates %v: page.md opened %v", gates, opened["page.md"])
		}
	}
}

// TestDryCallSmall: the dry table's slab of calls (one per action of
// every document with actions) holds no model.Sent nor copy of the
// action's model.ActionInfo per call: a call's base is made when a rule
// runs it, and most calls are gated off (on the upstream corpus the
// slab was 178 KB a pass at 376 bytes a call).
func TestDryCallSmall(t *testing.T) {
	if n := unsafe.Sizeof(dryCall{}); n > 80 {
		t.Errorf("a dryCall is %d bytes", n)
	}
}

// TestWsSourceUnlisted: the page's tree answers Stat of a name its
// directory's listing lacks in every case without a system call
// (wsSource.unlisted), and leaves to Stat a listed name, one in another
// case, a non-ASCII one and one in a directory it cannot list.
func TestWsSourceUnlisted(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"page.md", "a.md", "sub/b.md"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("# X\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := hostToVirtual(dir)
	got := map[string]bool{}
	probe := &lint.Analyzer{
		Name: "probe", Doc: lint.Doc{Title: "probe"}, Profile: lint.Project,
		Run: func(pass *lint.Pass) (any, error) {
			if filepath.Base(pass.Doc.Path) != "page.md" {
				return nil, nil
			}
			src := &wsSource{ws: pass.Workspace}
			for _, p := range []string{"/missing.md", "/a.md", "/A.md", "/sub", "/sub/b.md", "/sub/nope.md", "/nodir/x.md", "/a.md/x.md", "/é.md"} {
				got[p] = src.unlisted(root + p)
				if _, err := src.Stat(root + p); got[p] && !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("Stat(%s) = %v, not ENOENT", p, err)
				}
			}
			return nil, nil
		},
	}
	lintPages(t, dir, []*lint.Analyzer{probe})
	want := map[string]bool{"/missing.md": true, "/sub/nope.md": true}
	for p, g := range got {
		if g != want[p] {
			t.Errorf("unlisted(%s) = %v", p, g)
		}
	}
	if len(got) != 9 {
		t.Fatalf("probed %d paths", len(got))
	}
}

// TestPageDrySharesMeantText: the page dry run reads the text the dry-run
// table parsed (a CRLF document read as LF once, not converted again).
func TestPageDrySharesMeantText(t *testing.T) {
	dir := t.TempDir()
	src := "# App\r\n\r\nSee [a](a.md).\r\n\r\n```act.list\r\nGET https://example.com/items\r\n```\r\n"
	if err := os.WriteFile(filepath.Join(dir, "app.md"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ran := false
	probe := &lint.Analyzer{
		Name: "probe", Doc: lint.Doc{Title: "probe"}, Profile: lint.Project,
		Requires: []*lint.Analyzer{dryrunAnalyzer, pagedryAnalyzer},
		Run: func(pass *lint.Pass) (any, error) {
			ran = true
			tb := dryTableOf(pass)
			_, _, text, ok := pageDryOf(pass).source()
			if !ok || tb.Meant == nil || len(text) == 0 || bytes.Contains(text, []byte("\r\n")) {
				t.Fatalf("source %v, table %v, text %q", ok, tb.Meant != nil, text)
			}
			if &text[0] != &tb.Meant.Src[0] {
				t.Error("the page dry run converted the CRLF document again")
			}
			return nil, nil
		},
	}
	lintPages(t, dir, []*lint.Analyzer{probe})
	if !ran {
		t.Fatal("the probe did not run")
	}
}
