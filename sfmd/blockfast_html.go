package sfmd

import (
	"bytes"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/yuin/goldmark/util"
)

// The HTML blocks of goldmark's htmlBlockParser (parser/html_block.go of
// goldmark v1.8.7), as readBlocks reads them: which line opens one of
// which type (Open), and which line ends it (Continue). sfmd reads nothing
// inside an HTML block, so readBlocks only skips its lines; what matters
// is where it starts and ends, and that a line starting with '<' that
// opens none (a tag name that is not ASCII, as in "</𝒞>", or a type 7
// tag that cannot interrupt a paragraph) is paragraph text.

// HTML block types, as goldmark's ast.HTMLBlockType numbers them; 0 is
// none.
const (
	htmlNone = iota
	htmlType1
	htmlType2
	htmlType3
	htmlType4
	htmlType5
	htmlType6
	htmlType7
)

// goldmark's patterns of html_block.go, and attributePattern of
// raw_html.go that type 7 uses.
const htmlAttribute = `(?:[\r\n \t]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[\r\n \t]*=[\r\n \t]*(?:[^\"'=<>` + "`" + `\x00-\x20]+|'[^']*'|"[^"]*"))?)`

// (compiled on first use: most documents have no line they are tried on)
var (
	htmlType1Open  = lazyre.New(`(?i)^[ ]{0,3}<(script|pre|style|textarea)(?:\s.*|>.*|/>.*|)(?:\r\n|\n)?$`)
	htmlType1Close = lazyre.New(`(?i)^.*</(?:script|pre|style|textarea)>.*`)
	htmlType6Open  = lazyre.New(`^[ ]{0,3}<(?:/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)(?:[ ].*|>.*|/>.*|)(?:\r\n|\n)?$`)
	htmlType7Open  = lazyre.New(`^[ ]{0,3}<(/[ ]*)?([a-zA-Z]+[a-zA-Z0-9\-]*)(` + htmlAttribute + `*)[ ]*(?:>|/>)[ ]*(?:\r\n|\n)?$`)
)

// htmlBlockTag reports whether tag, in lower case, is one of goldmark's
// allowedBlockTags: the tag names of type 6.
func htmlBlockTag(tag string) bool {
	switch tag {
	case "address", "article", "aside", "base", "basefont", "blockquote", "body",
		"caption", "center", "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt",
		"fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset",
		"h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe",
		"legend", "li", "link", "main", "menu", "menuitem", "meta", "nav", "noframes",
		"ol", "optgroup", "option", "p", "param", "search", "section", "summary",
		"table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul":
		return true
	}
	return false
}

// htmlStart returns the type of the HTML block that line (up to three
// spaces, then '<') opens, as htmlBlockParser.Open reads it: inPara when
// the block open before it is a paragraph, which a type 7 block cannot
// interrupt. htmlNone when it opens none. The patterns of types 2 to 5
// are prefixes, read here without their regular expressions: "<!--",
// "<?", "<!" and an ASCII capital (type 4's ".*" takes the rest of any
// line), "<![CDATA["; types 1, 6 and 7 need a tag name, an ASCII letter
// after '<' (and for 6 and 7 a '/' and spaces), before their regular
// expressions are tried in goldmark's order.
func htmlStart(line []byte, inPara bool) int {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	if i+1 >= len(line) || line[i] != '<' {
		return htmlNone
	}
	i++
	switch line[i] {
	case '!':
		rest := line[i+1:]
		switch {
		case bytes.HasPrefix(rest, []byte("--")):
			return htmlType2
		case len(rest) > 0 && 'A' <= rest[0] && rest[0] <= 'Z':
			return htmlType4
		case bytes.HasPrefix(rest, []byte("[CDATA[")):
			return htmlType5
		}
		return htmlNone
	case '?':
		return htmlType3
	case '/':
		i++
		for i < len(line) && line[i] == ' ' {
			i++
		}
	}
	if i >= len(line) || !isASCIILetter(line[i]) {
		return htmlNone // no tag name: no pattern of types 1, 6 and 7 can match
	}
	if htmlType1Open.Match(line) {
		return htmlType1
	}
	if m := htmlType7Open.Re().FindSubmatchIndex(line); m != nil {
		closing := m[2] > -1 && bytes.Equal(line[m[2]:m[3]], []byte("/"))
		attrs := m[6] != m[7]
		tag := strings.ToLower(string(line[m[4]:m[5]]))
		if htmlBlockTag(tag) {
			return htmlType6
		}
		if tag != "script" && tag != "style" && tag != "pre" && !inPara && !(closing && attrs) {
			return htmlType7
		}
	}
	if m := htmlType6Open.Re().FindSubmatchIndex(line); m != nil && htmlBlockTag(strings.ToLower(string(line[m[2]:m[3]]))) {
		return htmlType6
	}
	return htmlNone
}

func isASCIILetter(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// htmlBlock skips the HTML block of type typ that starts on the line at
// s.at, as htmlBlockParser.Continue ends it: types 1 to 5 with the line
// that holds their closing pattern (the first line when it does), types
// 6 and 7 before the first blank line.
func (s *blockScan) htmlBlock(typ int) {
	var end []byte
	switch typ {
	case htmlType2:
		end = []byte("-->")
	case htmlType3:
		end = []byte("?>")
	case htmlType4:
		end = []byte(">")
	case htmlType5:
		end = []byte("]]>")
	}
	closes := func(line []byte) bool {
		switch typ {
		case htmlType1:
			return htmlType1Close.Match(line)
		case htmlType6, htmlType7:
			return false
		}
		return bytes.Contains(line, end)
	}
	at := s.lineEnd(s.at)
	if closes(s.src[s.at:at]) {
		s.at = at
		return
	}
	for at < len(s.src) {
		e := s.lineEnd(at)
		line := s.src[at:e]
		if (typ == htmlType6 || typ == htmlType7) && util.IsBlank(line) {
			break
		}
		at = e
		if closes(line) {
			break
		}
	}
	s.at = at
}
