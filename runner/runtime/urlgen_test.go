package runtime

import (
	"math/rand/v2"
	"strings"
)

// The random URL recipe of the Node differential: hosts of every kind the
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
