package sfmd_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// upstreamCorpus holds real SFMD documents written by others, next to the
// repository (../shared/corpus/upstream from the repository root). They
// are never copied into the repository.
const upstreamCorpus = "../../shared/corpus/upstream"

// TestUpstreamCorpus parses every upstream document and checks that it
// does not panic, that the AST invariants hold (checkDocument) and that
// the parser finds exactly the act.<id> fences an independent fence
// scanner (actFenceLines, below) finds.
func TestUpstreamCorpus(t *testing.T) {
	if _, err := os.Stat(upstreamCorpus); err != nil {
		t.Skipf("upstream corpus not found at %s (expected next to the repository as ../shared/corpus/upstream): %v", upstreamCorpus, err)
	}
	var files []string
	err := filepath.WalkDir(upstreamCorpus, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".sfmd")) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no .md files under %s", upstreamCorpus)
	}
	total := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(upstreamCorpus, path)
		doc, perr := parseNoPanic(rel, src)
		if perr != nil {
			t.Errorf("%s: %v", rel, perr)
			continue
		}
		for _, e := range checkDocument(doc, src) {
			t.Errorf("%s: %s", rel, e)
		}
		// where the parser recovered from a fence mistake it reads the
		// document as meant, not as CommonMark (and the scanner) do
		recovered := recoveredLines(doc)
		want := slices.DeleteFunc(actFenceLines(src), recovered)
		var got []int
		for _, a := range doc.Actions {
			got = append(got, int(a.Span.Start.Line))
		}
		got = slices.DeleteFunc(got, recovered)
		total += len(want)
		if len(got) != len(want) {
			t.Errorf("%s: parser found %d actions (at lines %v), the independent fence scanner %d (at lines %v)", rel, len(got), got, len(want), want)
		}
	}
	t.Logf("%d documents, %d act blocks", len(files), total)
}

// recoveredLines reports whether a line lies where the parser recovered
// from a fence mistake: inside a nested fence, or after the last line of
// an act block whose closing line is missing, up to where CommonMark
// ends it.
func recoveredLines(doc *sfmd.Document) func(int) bool {
	type lines struct{ from, to int }
	var rs []lines
	for _, f := range doc.Fences {
		if f.Nested != nil {
			rs = append(rs, lines{int(f.Span.Start.Line), int(f.Span.End.Line)})
		}
		if m := f.MissingClose; m != nil {
			rs = append(rs, lines{int(m.Last.Start.Line) + 1, int(m.Until.Start.Line)})
		}
	}
	return func(n int) bool {
		return slices.ContainsFunc(rs, func(r lines) bool { return r.from <= n && n <= r.to })
	}
}

func parseNoPanic(path string, src []byte) (doc *sfmd.Document, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("Parse panicked: %v", r)
		}
	}()
	return sfmd.Parse(path, src), nil
}

// actFenceLines returns the 1-based lines of the opening fences of act.<id>
// blocks (not act.<id>.response) in src. It is a small CommonMark-ish fence
// scanner written independently of the parser: it strips blockquote
// markers and list-item indentation, accepts an opener indented by at most
// three columns inside its container, closes a fence only with the same
// character, at least as long and without an info string, and ends a fence
// when its container (blockquote or list item) ends. So act fences inside
// a longer ````markdown example fence are not counted, and neither is an
// indented code block. Frontmatter (line 1 exactly "---" up to the next
// "---") is skipped.
func actFenceLines(src []byte) []int {
	text := strings.TrimPrefix(string(src), "\ufeff")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	first := 0
	if len(lines) > 0 && lines[0] == "---" {
		for i := 1; i < len(lines); i++ {
			if lines[i] == "---" {
				first = i + 1
				break
			}
		}
	}
	type fence struct {
		char   byte
		length int
		indent int // content column of the container
		quotes int // blockquote depth
	}
	var (
		open  *fence
		lists []int // content columns of the open list items, innermost last
		found []int
	)
	for n := first; n < len(lines); n++ {
		quotes, rest := stripQuotes(lines[n])
		col, body := indentOf(rest)
		blank := strings.TrimSpace(body) == ""
		if open != nil {
			switch {
			case blank && quotes >= open.quotes:
				continue
			case quotes < open.quotes || (!blank && col < open.indent):
				open = nil // the container ended, and the fence with it
			default:
				if col-open.indent <= 3 && isCloser(body, open.char, open.length) {
					open = nil
				}
				continue
			}
		}
		if blank {
			continue
		}
		for len(lists) > 0 && col < lists[len(lists)-1] {
			lists = lists[:len(lists)-1]
		}
		base := 0
		if len(lists) > 0 {
			base = lists[len(lists)-1]
		}
		// list item markers (possibly several: "- 1. ```")
		for col-base <= 3 {
			w, ok := listMarker(body)
			if !ok {
				break
			}
			after := body[w:]
			sp, content := indentOf(after)
			if strings.TrimSpace(content) == "" || sp > 4 {
				sp = 1
				content = strings.TrimPrefix(after, " ")
			}
			base = col + w + sp
			lists = append(lists, base)
			col, body = base, content
		}
		if col-base > 3 {
			continue // indented code or a paragraph continuation
		}
		char, length, info, ok := opener(body)
		if !ok {
			continue
		}
		open = &fence{char: char, length: length, indent: base, quotes: quotes}
		// the whole info string must be act.<id> with an ID of
		// [A-Za-z0-9_-]+ (what the reference parser accepts): with trailing
		// words ("act.x json") or a dotted ID the block is plain code (spec
		// rule 82), and act.<id>.response is a response template
		if id, ok := strings.CutPrefix(info, "act."); ok && isActionID(id) {
			found = append(found, n+1)
		}
	}
	return found
}

func isActionID(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// stripQuotes removes blockquote markers ("> ", up to three spaces before
// each) and returns how many there were.
func stripQuotes(s string) (int, string) {
	depth := 0
	for {
		t := strings.TrimLeft(s, " ")
		if len(s)-len(t) > 3 || !strings.HasPrefix(t, ">") {
			return depth, s
		}
		s = strings.TrimPrefix(t[1:], " ")
		depth++
	}
}

// indentOf returns the indentation width of s in columns (tabs to the
// next multiple of four) and s without it.
func indentOf(s string) (int, string) {
	col := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col, s[i:]
		}
	}
	return col, ""
}

// listMarker reports the width of a bullet or ordered list marker at the
// start of s, when it is followed by a space, a tab or the end of the line.
func listMarker(s string) (int, bool) {
	w := 0
	switch {
	case s != "" && strings.ContainsRune("-*+", rune(s[0])):
		w = 1
		if strings.HasPrefix(s, "---") || strings.HasPrefix(s, "***") || strings.HasPrefix(s, "* * *") || strings.HasPrefix(s, "- - -") {
			return 0, false // thematic break
		}
	default:
		for w < len(s) && w < 9 && s[w] >= '0' && s[w] <= '9' {
			w++
		}
		if w == 0 || w == len(s) || (s[w] != '.' && s[w] != ')') {
			return 0, false
		}
		w++
	}
	if w < len(s) && s[w] != ' ' && s[w] != '\t' {
		return 0, false
	}
	return w, true
}

// opener parses a fence opener (indentation already removed).
func opener(s string) (byte, int, string, bool) {
	if len(s) < 3 || (s[0] != '`' && s[0] != '~') {
		return 0, 0, "", false
	}
	c := s[0]
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	if n < 3 {
		return 0, 0, "", false
	}
	info := strings.TrimSpace(s[n:])
	if c == '`' && strings.Contains(info, "`") {
		return 0, 0, "", false
	}
	return c, n, info, true
}

func isCloser(s string, c byte, length int) bool {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n >= length && strings.TrimSpace(s[n:]) == ""
}

func TestActFenceScanner(t *testing.T) {
	cases := []struct {
		name, src string
		want      []int
	}{
		{"plain", "```act.a\nGET x\n```\n", []int{1}},
		{"response is not an action", "```act.a.response\nx\n```\n", nil},
		{"other info", "```bash\nx\n```\n```act\n```\n```act.\n```\n", nil},
		{"example fence", "````markdown\n```act.a\nGET x\n```\n````\n```act.b\n```\n", []int{6}},
		{"tilde outer", "~~~\n```act.a\n```\n~~~\n", nil},
		{"tilde act", "~~~act.t\nGET x\n~~~\n", []int{1}},
		{"backtick closer cannot close tildes", "~~~act.a\n```\n```act.b\n~~~\n", []int{1}},
		{"shorter closer", "````act.a\n```\nGET\n````\n", []int{1}},
		{"indented code", "para\n\n    ```act.a\n    x\n    ```\n", nil},
		{"three spaces", "   ```act.a\nGET x\n   ```\n", []int{1}},
		{"list item", "- item\n\n  ```act.a\n  GET x\n  ```\n", []int{3}},
		{"list marker line", "1. ```act.a\n   GET x\n   ```\n", []int{1}},
		{"nested list", "- a\n  - b\n\n    ```act.a\n    x\n    ```\n", []int{4}},
		{"blockquote", "> ```act.a\n> GET x\n> ```\n", []int{1}},
		{"blockquote ends fence", "> ```text\n> x\n\n```act.a\n```\n", []int{4}},
		{"list item ends fence", "- ```text\n  x\nend\n```act.a\n```\n", []int{4}},
		{"unclosed", "```act.a\nGET x\n", []int{1}},
		{"info after closer is content", "```text\n``` act.x\n```\n", nil},
		{"frontmatter", "---\nx: \"```act.a\"\n---\n```act.b\n```\n", []int{4}},
		{"crlf and bom", "\ufeff```act.a\r\nGET x\r\n```\r\n```act.b\r\n```\r\n", []int{1, 4}},
		{"trailing spaces in info", "```act.a   \nGET\n```\n", []int{1}},
		{"trailing word in info", "```act.a json\nGET\n```\n", nil},
		{"space before info", "``` act.a\nGET\n```\n", []int{1}},
		{"dotted id", "```act.a.b\nGET\n```\n", nil},
		{"response of dotted id", "```act.a.b.response\nx\n```\n", nil},
	}
	for _, c := range cases {
		if got := actFenceLines([]byte(c.src)); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
