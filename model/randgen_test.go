package model

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// The random recipes of the Node differential (node_test.go).
//
// URLs: hosts of every kind the
// WHATWG host parser handles (names in any case, internationalized names,
// IPv4 in its number forms, IPv6 compressed or not, with an embedded IPv4)
// and paths, queries and fragments of hostile characters, built the way a
// document's URI template and an agent's values make them.

var (
	genNames = []string{"api.example.com", "API.Example.COM", "x.com", "bücher.example", "BÜCHER.example", "例え.テスト", "münchen.de", "xn--bcher-kva.example",
		"straße.de", "faß.example", "ﬁ.example", "ａｂｃ.example", "a.b-c.example", "localhost", "über.xn--p1ai", "пример.рф", "ex%41mple.com", "e\u00adx.com", "-x.example", "x_y.example"}
	genV4 = []string{"127.0.0.1", "0x7f.1", "0177.0.0.1", "2130706433", "192.168.1", "10.0.0.0255", "1.2.3.4.", "0x.0x.0", "255.255.255.255"}
	genV6 = []string{"[::1]", "[2001:db8:0:0:0:0:0:1]", "[2001:DB8::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[0:0:0:0:0:0:0:0]", "[1:0:0:2:0:0:0:3]",
		"[fe80::1:0:0:1]", "[::]", "[1::]", "[::1.2.3.4]", "[1:2:3:4:5:6:7:8]", "[1:0:0:0:2::3]", "[0001:0db8::0a]"}
	genChars = []rune{'a', 'Z', '0', '-', '.', '_', '~', ' ', '"', '#', '<', '>', '?', '`', '{', '}', '^', '|', '\\', '\'', '%', '[', ']', '@', ':', ';',
		',', '=', '+', '$', '&', '!', '*', '(', ')', '/', 'é', '😀', '\t', '\u00a0', '\u3000', '\x01', '\x7f'}
	genPcts = []string{"%20", "%2e", "%2E", "%zz", "%", "%41", "%e9", "%C3%A9", "%2F", "%ZZ", "%5"}
)

func genPiece(r *rand.Rand, n int) string {
	var b strings.Builder
	for range r.IntN(n + 1) {
		if r.IntN(6) == 0 {
			b.WriteString(genPcts[r.IntN(len(genPcts))])
			continue
		}
		b.WriteRune(genChars[r.IntN(len(genChars))])
	}
	return b.String()
}

// randomURL is one URL of the recipe.
func randomURL(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString([]string{"https://", "http://", "HTTPS://", "https:/", "https:\\\\"}[r.IntN(5)])
	switch k := r.IntN(10); {
	case k < 5:
		b.WriteString(genNames[r.IntN(len(genNames))])
	case k < 7:
		b.WriteString(genV4[r.IntN(len(genV4))])
	default:
		b.WriteString(genV6[r.IntN(len(genV6))])
	}
	if r.IntN(4) == 0 {
		b.WriteString([]string{":8080", ":443", ":80", ":0099", ":"}[r.IntN(5)])
	}
	for range r.IntN(4) {
		b.WriteString([]string{"/", "/", "\\", "/./", "/../"}[r.IntN(5)])
		b.WriteString(genPiece(r, 6))
	}
	if r.IntN(2) == 0 {
		b.WriteString("?" + genPiece(r, 8))
	}
	if r.IntN(3) == 0 {
		b.WriteString("#" + genPiece(r, 8))
	}
	return b.String()
}

// The random template recipe: JSON documents whose keys include names
// JavaScript's prototypes also have, strings with any code point (lone
// surrogates too), numbers at the edges of String(number); and paths of
// keys and [N] indices into them.

var (
	genKeys = []string{"a", "b", "items", "name", "toString", "__proto__", "constructor", "valueOf", "length", "map", "0", "10", "1",
		"hasOwnProperty", "x-y", "é", "data", "join", "at"}
	genPathKeys = append([]string{"filter", "with", "toSorted", "__lookupGetter__", "missing", "toLocaleString"}, genKeys...)
	genStrs     = []string{"", "plain", "é😀", `\ud800`, `\udfff`, `x\ud83d\ude00y`, `\ude00\ud83d`, `\u0000\u001f`, `\u2028`, "\\\"q\\\"", `\/`}
	genNums     = []string{"0", "-0", "1e21", "1e-7", "123.456", "5e-324", "1.7976931348623157e308", "0.1", "100", "-7.25e3"}
)

// randomJSON is a JSON text of the recipe, depth at most d.
func randomJSON(r *rand.Rand, d int) string {
	k := r.IntN(10)
	if d == 0 && k >= 6 {
		k = r.IntN(6)
	}
	switch {
	case k == 0:
		return []string{"null", "true", "false"}[r.IntN(3)]
	case k < 3:
		return genNums[r.IntN(len(genNums))]
	case k < 6:
		return `"` + genStrs[r.IntN(len(genStrs))] + `"`
	case k < 8:
		parts := make([]string, r.IntN(4))
		for i := range parts {
			parts[i] = randomJSON(r, d-1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	parts := make([]string, r.IntN(5))
	for i := range parts {
		parts[i] = `"` + genKeys[r.IntN(len(genKeys))] + `":` + randomJSON(r, d-1)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// randomPath is a path of the recipe: keys and [N] indices.
func randomPath(r *rand.Rand) string {
	var b strings.Builder
	for i := range 1 + r.IntN(4) {
		if i > 0 && r.IntN(3) == 0 {
			b.WriteString("[" + strconv.Itoa(r.IntN(3)) + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		k := genPathKeys[r.IntN(len(genPathKeys))]
		for k == "0" || k == "10" || k == "1" || k == "é" {
			k = genPathKeys[r.IntN(len(genPathKeys))]
		}
		b.WriteString(k)
	}
	return b.String()
}
