package model

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

// TestSkipFenceLines: parseRef reads the same document with the lines of
// open fences skipped as line by line, on the upstream corpus, a
// generated document and documents made of fences of both kinds and
// lengths, indented, unclosed, with act blocks, response templates and
// block markers inside and after them.
func TestSkipFenceLines(t *testing.T) {
	docs := []string{string(benchgen.Document(256 << 10))}
	_ = filepath.WalkDir(upstreamRoot(t), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			if src, err := os.ReadFile(p); err == nil {
				docs = append(docs, string(src))
			}
		}
		return nil
	})
	pieces := []string{"```", "````", "~~~", "```act.a", "```act.a.response", "  ```", "\u00a0```", "GET https://x.com/{q}", "  q: string",
		"x ` y", "~ ~", "<!-- #b -->", "<!-- /b -->", "[@s label](u)", "[r]: https://x.com", "[!include:i](i.md)", "text", "", "{q}", "`~`"}
	seed := uint32(3)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for n := 0; n < 3000; n++ {
		var lines []string
		for k := next() % 16; k >= 0; k-- {
			lines = append(lines, pieces[next()%len(pieces)])
		}
		docs = append(docs, strings.Join(lines, "\n"))
	}
	for _, src := range docs {
		got, want := parseRefSwitched(&skipFenceLines, src)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.200q: the parse differs with the fence lines skipped", src)
		}
	}
}

// TestScanDirectives: parseRef reads the same document with the block
// markers scanned and the directive patterns tried only on the lines
// with their prefixes as with every pattern tried on every line, on the
// texts of scanDocs (the corpora, generated documents) and on documents
// of lines made of the pieces the patterns turn on.
func TestScanDirectives(t *testing.T) {
	docs := scanDocs(t)
	heads := []string{"<!-- #", "<!-- /", "<!-- ", "<!--", "[!menu:", "[!nav:", "[!include:", "[!requirements](", "[!requirements]", "[!include](", "[!menu](", "[!nav](", "[", "[!x:", "<"}
	mids := []string{"a", "b", "-", "_", ".", "]", "(", ")", ":", " ", "\u00a0", "\r", "é", "x.md", "](", "#", "/", "\t", "@"}
	tails := []string{" -->", "-->", ")", "](x)", "]()", ": x", "", "a", "\u00a0"}
	seed := uint32(5)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 3000 {
		var lines []string
		for k := next() % 12; k >= 0; k-- {
			var b strings.Builder
			if next()%3 == 0 {
				b.WriteString("  ")
			}
			b.WriteString(heads[next()%len(heads)])
			for j := next() % 3; j > 0; j-- {
				b.WriteString(mids[next()%len(mids)])
			}
			b.WriteString(tails[next()%len(tails)])
			lines = append(lines, b.String())
		}
		docs = append(docs, strings.Join(lines, "\n"))
	}
	found := 0
	for _, src := range docs {
		got, want := parseRefSwitched(&scanDirectives, src)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.300q: the parse differs with the directives scanned", src)
		}
		found += len(want.Blocks) + len(want.Includes) + len(want.MenuLines) + len(want.Errors)
	}
	if found < 1000 {
		t.Fatalf("only %d blocks, includes, menus and errors: the texts test little", found)
	}
}

// TestLastResponseTemplateWins: of several response templates of one id,
// before or after its action, the action gets the last (parser.ts keeps
// them in a Map by id), an empty last one leaving it without a template.
func TestLastResponseTemplateWins(t *testing.T) {
	tpl := func(id string, lines ...string) string {
		return "```act." + id + ".response\n" + strings.Join(lines, "\n") + "\n```\n"
	}
	empty := func(id string) string { return "```act." + id + ".response\n```\n" }
	get := "```act.a\nGET https://x.example\n```\n"
	for _, c := range []struct {
		src, want string
	}{
		{tpl("a", "one") + get + tpl("a", "two"), "two"},
		{get + tpl("a", "one") + tpl("b", "b") + tpl("a", "two", "2") + tpl("a", "three"), "three"},
		{tpl("a", "one") + get + empty("a"), ""},
		{empty("a") + get + tpl("a", "x"), "x"},
		{get + tpl("a", "one") + tpl("a", "two") + "```act.a\nPOST https://y.example\n```\n", "two"},
	} {
		a := parseRef(c.src).action("a")
		if a == nil || a.Response != c.want || a.HasResp != (c.want != "") {
			t.Errorf("%q: act.a's template %+v, want %q", c.src, a, c.want)
		}
	}
}

// TestMatchRefDef: the reference-definition scan finds reRefDef's two
// groups, on every line of scanDocs and on random lines made of the
// pieces the pattern turns on (brackets, the colon, white space of
// every kind, angle brackets, invalid UTF-8).
func TestMatchRefDef(t *testing.T) {
	var lines []string
	for _, d := range scanDocs(t) {
		lines = append(lines, splitLines(d)...)
	}
	pieces := []string{"[", "]", ":", "]:", " ", "\t", "\u00a0", "\u3000", "\u2028", "\r", "<", ">", "a", "@x", "https://x.example/", "\xff", "\xe2\x80", "é", "[@"}
	seed := uint32(7)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	ws := []string{" ", "\t", "\u00a0", "\u3000", "\u2028", "\r", "", "  "}
	for range 100000 {
		// "[", a name, "]:", white space, a URL, each part sometimes
		// garbled by a random piece
		parts := []string{"[", "a", "]:", ws[next()%len(ws)], "<", "https://x.example/", ">", " t"}
		var b strings.Builder
		for i, p := range parts {
			switch next() % 5 {
			case 0:
				p = pieces[next()%len(pieces)]
			case 1:
				if i >= 4 {
					p = ""
				}
			}
			b.WriteString(p)
		}
		lines = append(lines, b.String())
	}
	matched := 0
	for _, line := range lines {
		name, url, ok := matchRefDef(line)
		m := reRefDef.FindStringSubmatch(line)
		if ok != (m != nil) || ok && (name != m[1] || url != m[2]) {
			t.Fatalf("%q: got %q %q %v, want %q", line, name, url, ok, m)
		}
		if ok {
			matched++
		}
	}
	if matched < 5000 {
		t.Fatalf("only %d definitions: the lines test little", matched)
	}
}

// TestWordBytes: isWordByte's table is \w, an ASCII letter, digit or
// underscore, at every byte.
func TestWordBytes(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := regexp.MustCompile(`^\w$`).MatchString(string([]byte{byte(c)}))
		if got := isWordByte(byte(c)); got != want {
			t.Errorf("isWordByte(%#x) = %v, want %v", c, got, want)
		}
	}
}

// TestMatchDirective: matchDirective finds reInclude's, reMenu's and reNav's groups,
// on lines made of their parts, right, wrong and missing.
func TestMatchDirective(t *testing.T) {
	heads := []string{"[!include:", "[!menu:", "[!nav:", "[!nav", "[!include", " [!nav:", "[!menu:x"}
	parts := []string{"a", "Z9", "-", "_", "é", ".", "]", "(", ")", "](", "]()", "](x)", "x.md", " ", "\u00a0", "\r", "\n", "\xff", ":", "]]("}
	rnd := rand.New(rand.NewPCG(7, 8))
	matched := 0
	for range 30000 {
		var b strings.Builder
		b.WriteString(heads[rnd.IntN(len(heads))])
		if rnd.IntN(2) == 0 { // an id, "](", a path and ")", each part maybe wrong
			b.WriteString(parts[rnd.IntN(4)])
			b.WriteString([...]string{"](", "]", "](", "]]("}[rnd.IntN(4)])
			for range rnd.IntN(3) {
				b.WriteString(parts[rnd.IntN(len(parts))])
			}
			b.WriteString([...]string{")", ")", "", "))", ") "}[rnd.IntN(5)])
		}
		for range rnd.IntN(6) * rnd.IntN(2) {
			b.WriteString(parts[rnd.IntN(len(parts))])
		}
		line := b.String()
		for _, c := range []struct {
			re        *lazyre.Regexp
			prefix    string
			emptyPath bool
		}{{reInclude, "[!include:", true}, {reMenu, "[!menu:", false}, {reNav, "[!nav:", false}} {
			id, path, ok := matchDirective(c.re, c.prefix, line, c.emptyPath)
			m := c.re.FindStringSubmatch(line)
			if ok != (m != nil) || ok && (id != m[1] || path != m[2]) {
				t.Errorf("%s %q: got %q %q %v, want %q", c.prefix, line, id, path, ok, m)
			}
			if ok {
				matched++
			}
		}
	}
	if matched < 500 {
		t.Errorf("only %d lines matched", matched)
	}
}

// TestParsePlainRuns: parseRef reads the same document passing over the
// runs of lines plainRun finds (and finding "[@" by shortcutFrom) as
// reading each line on its own, on the texts of scanDocs and on
// documents of lines made of pieces around the bytes plainRun tests.
func TestParsePlainRuns(t *testing.T) {
	docs := scanDocs(t)
	pieces := []string{"text", "", " ", "\t", "\r", "x [@s l](u)", "[@s l](u)", "a [@", "[@", "@", "[", "x[@t m](v) [@s n](w)",
		"```", "~~~", "```act.a", "```act.a.response", "  ```", "GET https://x.com/{q}", "  q: string", "<!-- #b -->",
		"<!-- /b -->", "[r]: https://x.com", "[!include:i](i.md)", "[!nav:n](n.md)", "\u00a0[r]: y", "\u00a0```", "\x7f```", "é", "{q}", "`~`", "- [@s l](u)"}
	seed := uint32(17)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for range 5000 {
		var lines []string
		for k := next() % 16; k >= 0; k-- {
			lines = append(lines, pieces[next()%len(pieces)])
		}
		docs = append(docs, strings.Join(lines, "\n"))
	}
	skipped := 0
	for _, src := range docs {
		got := parseRefLines(src, refSizes{}, false)
		want := parseRefLines(src, refSizes{}, true)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%.300q: the parse differs with the plain runs passed over", src)
		}
		p := &refParser{src: src, scAt: -1}
		if size, lines, all := p.plainRun(src, 0); all || size > 0 || lines > 0 {
			skipped++
		}
	}
	if skipped < 1000 {
		t.Fatalf("only %d documents begin with a plain run", skipped)
	}
}

// parseRefSwitched is parseRef(src) with the package switch sw on, then
// with it off; sw is left on.
func parseRefSwitched(sw *bool, src string) (on, off *refDoc) {
	defer func() { *sw = true }()
	*sw = true
	on = parseRef(src)
	*sw = false
	return on, parseRef(src)
}
