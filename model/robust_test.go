package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// FuzzRun checks that no document and no input line makes the runtime panic.
func FuzzRun(f *testing.F) {
	f.Add(weatherDoc, "/act.search_city --name Seoul", `{"a":[1,{"b":null}]}`)
	f.Add(act("a", `POST https://x.com/{q} -H "A: {v} $K" -d '"{q|file|base64}" {q[9]}'`, "  q: string")+
		resp("a", "for: x in body", "{@s} = ({x}, {x.y})", "{@s} {x.y} {Response.body[0]}", "end:", "save: $", "decode: base64", "to: o/{q}"),
		"/act.a --q \"x y\" '@s-1' -- -1", `[{"y":"\u0000"},2.5e300]`)
	f.Add("```act.c\nCLI echo {...args} $ARGS\n  v, -v: boolean\n```\n", "//ACT.c -v --v=\"'\" \"\"", "null")
	f.Add("---\ndefault: a\nenv: [X, {Y: 1, default: 2}]\n---\n"+act("a", "GET ../x?y#z", "  a: string = \"$A$B\""), "/tool:app.a", "")
	f.Fuzz(func(t *testing.T, doc, input, body string) {
		h := newHarness(t, doc)
		h.tr.body = body
		h.exec.res = ExecResult{Combined: body, Stdout: body}
		res := h.rt.Run(input)
		if !res.OK && res.Code == "" {
			t.Fatalf("failure without a code: %q", res.Content)
		}
	})
}

// TestUpstreamCorpus runs every action of the upstream documents (parsed by
// the linter's parser, read by the runtime's own reader) with help, no
// arguments and a forced run, against a canned response.
func TestUpstreamCorpus(t *testing.T) {
	root := upstreamRoot(t)
	var files []string
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	runs := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		h := newHarness(t, "")
		h.rt.Doc = sfmd.Parse(p, src)
		h.tr.body = `{"items":[{"name":"a"}],"data":"aGk="}`
		h.exec.res = ExecResult{Combined: "out"}
		for _, a := range parseRef(string(src)).Actions {
			for _, in := range []string{"/act." + a.ID + " --help", "/act." + a.ID, "/act." + a.ID + " -- x"} {
				res := h.rt.Run(in)
				if !res.OK && res.Code == "" {
					t.Errorf("%s: %s: failure without a code: %q", p, in, res.Content)
				}
				runs++
			}
		}
	}
	if runs == 0 {
		t.Error("no action found in the corpus")
	}
}
