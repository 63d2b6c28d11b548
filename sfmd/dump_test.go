package sfmd_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestDumpJSONShape builds a Document by hand (independent of the parser)
// and checks the JSON contract: top-level key order, 1-based positions,
// null for absent optional values, [] for empty lists, no HTML escaping.
func TestDumpJSONShape(t *testing.T) {
	src := []byte("```act.a\nGET https://x/?a=1&b=<c>\n  q, -q: string (required) \"Q\"\n```\n")
	li := sfmd.NewLineIndex(src)
	target := &sfmd.Template{Text: "https://x/?a=1&b=<c>", Span: li.Span(13, 33)}
	doc := &sfmd.Document{
		Path: "a.md", Src: src, Index: li,
		Actions: []*sfmd.Action{{
			ID: "a", Span: li.Span(0, len(src)-1), Method: "GET", MethodRaw: "GET", Target: target,
			Params: []*sfmd.Param{{
				Name: "q", Alias: "-q", Type: "string", Required: true, Span: li.Span(36, 66),
				HasDescription: true, Description: "Q",
				Constraints: []*sfmd.Constraint{{Kind: sfmd.ConstraintRequired, Text: "required", Span: li.Span(50, 58)}},
			}},
		}},
		Problems: []sfmd.Problem{{Code: "x-code", Message: "msg", Span: li.Span(9, 12)}},
	}
	out, err := sfmd.DumpJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, m := range regexp.MustCompile(`(?m)^  "([a-z_]+)":`).FindAllStringSubmatch(string(out), -1) {
		keys = append(keys, m[1])
	}
	wantKeys := "path lines bom crlf_lines frontmatter fences actions responses blocks comments directives shortcuts links hints prose_vars problems"
	if got := strings.Join(keys, " "); got != wantKeys {
		t.Errorf("top-level keys:\n got %s\nwant %s", got, wantKeys)
	}
	if !strings.Contains(string(out), `"target": "https://x/?a=1&b=<c>"`) {
		t.Errorf("target is HTML-escaped or missing:\n%s", out)
	}
	var d struct {
		Frontmatter *json.RawMessage
		Fences      []any
		Actions     []struct {
			ID, Method string
			Line       int
			Body       *string
			InlineBody *string `json:"inline_body"`
			Headers    []any
			Params     []struct {
				Name, Alias, Type string
				Required          bool
				Default           *string
				Description       *string
				Line, Column      int
				Constraints       []struct{ Kind string }
			}
		}
	}
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatal(err)
	}
	if d.Frontmatter != nil || d.Fences == nil || len(d.Actions) != 1 {
		t.Fatalf("frontmatter must be null, fences [], one action:\n%s", out)
	}
	a := d.Actions[0]
	if a.ID != "a" || a.Method != "GET" || a.Line != 1 || a.Body != nil || a.InlineBody != nil || a.Headers == nil {
		t.Errorf("action: %+v", a)
	}
	p := a.Params[0]
	if p.Name != "q" || p.Alias != "-q" || !p.Required || p.Default != nil || p.Description == nil || *p.Description != "Q" ||
		p.Line != 3 || p.Column != 3 || len(p.Constraints) != 1 || p.Constraints[0].Kind != "required" {
		t.Errorf("param: %+v", p)
	}
	if !strings.Contains(string(out), `"code": "x-code",
      "message": "msg",
      "line": 2,
      "column": 1,
      "end_line": 2,
      "end_column": 4`) {
		t.Errorf("problem position is not 1-based line/column/end_line/end_column:\n%s", out)
	}
}

// TestWriteJSONFormat: WriteJSON writes the document item by item, in
// exactly the bytes encoding/json's indented encoder writes for the whole
// value (json.Indent of the compact form gives the output back), and
// reports a failing writer.
func TestWriteJSONFormat(t *testing.T) {
	files, err := filepath.Glob("testdata/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out, err := sfmd.DumpJSON(sfmd.Parse(name, src))
		if err != nil {
			t.Fatal(err)
		}
		var compact, indented bytes.Buffer
		if err := json.Compact(&compact, out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := json.Indent(&indented, compact.Bytes(), "", "  "); err != nil {
			t.Fatal(err)
		}
		indented.WriteByte('\n')
		if !bytes.Equal(out, indented.Bytes()) {
			t.Errorf("%s: WriteJSON output is not encoding/json's indentation:\n%s", name, out)
		}
	}
	doc := sfmd.Parse("a.md", []byte("```act.a\nGET https://x\n```\n"))
	if err := sfmd.WriteJSON(failingWriter{}, doc); err == nil {
		t.Error("WriteJSON to a failing writer returned no error")
	}
	if err := sfmd.WriteText(failingWriter{}, doc); err == nil {
		t.Error("WriteText to a failing writer returned no error")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestAliasBomb: a "billion laughs" frontmatter is reported (it read as
// clean, its fields as "") and its unexpandable fields are null in JSON.
func TestAliasBomb(t *testing.T) {
	src, err := os.ReadFile("testdata/frontmatter_billion_laughs.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := sfmd.Parse("b.md", src)
	if len(doc.Problems) != 1 || doc.Problems[0].Code != sfmd.CodeFrontmatterInvalidYAML || doc.Problems[0].Span.Start.Line != 6 {
		t.Fatalf("problems: %+v", doc.Problems)
	}
	out, err := sfmd.DumpJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Frontmatter struct {
			Fields []struct {
				Key   string
				Value any
			}
		}
	}
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatal(err)
	}
	for _, f := range d.Frontmatter.Fields {
		if len(f.Key) == 1 && f.Key >= "d" && f.Value != nil {
			t.Errorf("field %s = %v, want null", f.Key, f.Value)
		}
		if f.Key == "c" && f.Value == nil {
			t.Errorf("field c (729 values) is null")
		}
	}
}
