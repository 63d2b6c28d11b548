package model

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestParsePosixFlags(t *testing.T) {
	type kv = [2]string
	tests := []struct {
		name  string
		in    string
		short map[string]string
		help  bool
		flags []kv
		rest  []string
		bare  []string
	}{
		{name: "space and tab split", in: "--a 1\t--b 2", flags: []kv{{"a", "1"}, {"b", "2"}}},
		{name: "newline is ordinary", in: "--a x\ny", flags: []kv{{"a", "x\ny"}}},
		{name: "quotes toggle and are removed", in: `--name "John Doe"`, flags: []kv{{"name", "John Doe"}}},
		{name: "quote kinds mix, no escapes", in: `--a "it's"' "x"' --b \"y\"`, flags: []kv{{"a", `it's "x"`}, {"b", `\y\`}}},
		{name: "empty tokens dropped", in: `"" x`, rest: []string{"x"}},
		{name: "--help anywhere", in: "--a --help", help: true},
		{name: "-h after --", in: "-- -h", help: true},
		{name: "-h as a value", in: "--name -h", help: true},
		{name: "-- makes positionals", in: "--a 1 -- --b -c", flags: []kv{{"a", "1"}}, rest: []string{"--b", "-c"}},
		{name: "--k=v", in: "--k=v --e= --x=a=b", flags: []kv{{"k", "v"}, {"e", ""}, {"x", "a=b"}}},
		{name: "bare flag before flag", in: "--a --b c", flags: []kv{{"a", "true"}, {"b", "c"}}, bare: []string{"a"}},
		{name: "bare at end", in: "--a", flags: []kv{{"a", "true"}}, bare: []string{"a"}},
		{name: "value -1 is flag-like", in: "--n -1", flags: []kv{{"1", "true"}, {"n", "true"}}, bare: []string{"n", "1"}},
		{name: "value -10 is fine", in: "--n -10", flags: []kv{{"n", "-10"}}},
		{name: `--name "" is bare`, in: `--name ""`, flags: []kv{{"name", "true"}}, bare: []string{"name"}},
		{name: "short alias", in: "-c Seoul -x 1", short: map[string]string{"c": "city"}, flags: []kv{{"city", "Seoul"}, {"x", "1"}}},
		{name: "-é is a short flag (JS length 2)", in: "-é x -😀", flags: []kv{{"é", "x"}}, rest: []string{"-😀"}},
		{name: "-abc is positional", in: "-abc - x", rest: []string{"-abc", "-", "x"}},
		{name: "repeat keeps first position", in: "--a 1 --b 2 --a 3", flags: []kv{{"a", "3"}, {"b", "2"}}},
		{name: "integer-like keys first", in: "--z 1 --5 x --2 y", flags: []kv{{"2", "y"}, {"5", "x"}, {"z", "1"}}},
		{name: "--=v is a key", in: "--=v", flags: []kv{{"=v", "true"}}, bare: []string{"=v"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := parsePosixFlags(tc.in, tc.short)
			if tc.help {
				if p != nil {
					t.Fatalf("want help, got %+v", p)
				}
				return
			}
			if p == nil {
				t.Fatal("unexpected help")
			}
			var got [][2]string
			for _, k := range p.flags.Keys() {
				v, _ := p.flags.Get(k)
				got = append(got, [2]string{k, v})
			}
			if !reflect.DeepEqual(got, tc.flags) && !(len(got) == 0 && len(tc.flags) == 0) {
				t.Errorf("flags = %q, want %q", got, tc.flags)
			}
			if !reflect.DeepEqual(p.rest, tc.rest) && !(len(p.rest) == 0 && len(tc.rest) == 0) {
				t.Errorf("rest = %q, want %q", p.rest, tc.rest)
			}
			if !reflect.DeepEqual(p.bare, tc.bare) && !(len(p.bare) == 0 && len(tc.bare) == 0) {
				t.Errorf("bare = %q, want %q", p.bare, tc.bare)
			}
		})
	}
}

func TestEncoders(t *testing.T) {
	tests := []struct{ fn, in, want string }{
		{"uri", "John Doe/é", "John%20Doe%2F%C3%A9"},
		{"uri", "A-Za-z0-9-_.!~*'()", "A-Za-z0-9-_.!~*'()"},
		{"uri", "a+b&c=d:e?#[]@$,;", "a%2Bb%26c%3Dd%3Ae%3F%23%5B%5D%40%24%2C%3B"},
		{"form", "new first", "new+first"},
		{"form", "~*:é-._", "%7E*%3A%C3%A9-._"},
		{"form", "$apikey'!()", "%24apikey%27%21%28%29"},
		{"q", "", "''"},
		{"q", "a-Z_0./=@:+,", "a-Z_0./=@:+,"},
		{"q", "John Doe", "'John Doe'"},
		{"q", "it's", `'it'\''s'`},
		{"q", "$(id)", "'$(id)'"},
	}
	for _, tc := range tests {
		var got string
		switch tc.fn {
		case "uri":
			got = encodeURIComponent(tc.in)
		case "form":
			got = formEncode(tc.in)
		case "q":
			got = shellQuote(tc.in)
		}
		if got != tc.want {
			t.Errorf("%s(%q) = %q, want %q", tc.fn, tc.in, got, tc.want)
		}
	}
}

func TestJSNumberString(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{3.0, "3"}, {0, "0"}, {math.Copysign(0, -1), "0"}, {-1.5, "-1.5"}, {0.1, "0.1"},
		{1e21, "1e+21"}, {1e20, "100000000000000000000"}, {123456789012345680000, "123456789012345680000"},
		{1.5e-7, "1.5e-7"}, {1e-6, "0.000001"}, {0.000123, "0.000123"}, {2.5e25, "2.5e+25"},
		{math.Inf(1), "Infinity"}, {math.NaN(), "NaN"},
	}
	for _, tc := range tests {
		if got := jsNumberString(tc.in); got != tc.want {
			t.Errorf("String(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b":1,"a":[1,2.50,{"x":null}],"2":true,"1":"é<>&\u2028"}`, `{"1":"é<>&` + "\u2028" + `","2":true,"b":1,"a":[1,2.5,{"x":null}]}`},
		{` {"a": 3.0, "b": 1e21, "c": 12345678901234567890} `, `{"a":3,"b":1e+21,"c":12345678901234567000}`},
		{`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`},
		{`"tab\tquote\" ctl\u0001 \ud83d\ude00"`, `"tab\tquote\" ctl\u0001 😀"`},
		{`[]`, `[]`},
		{`null`, `null`},
	}
	for _, tc := range tests {
		v := jsonParse(tc.in)
		if v == nil {
			t.Errorf("jsonParse(%q) failed", tc.in)
			continue
		}
		if got := jsonStringify(v); got != tc.want {
			t.Errorf("stringify(parse(%q)) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{``, `{`, `[1,]`, `01`, `1.`, `{'a':1}`, `"a` + "\n" + `"`, `NaN`, `{"a":1}x`, `tru`} {
		if jsonParse(bad) != nil {
			t.Errorf("jsonParse(%q) succeeded, want failure", bad)
		}
	}
}

func TestWalkJSONPath(t *testing.T) {
	obj := jsonParse(`{"status":200,"body":{"items":[{"name":"a","foo-bar":1},{"name":"b"}],"results":[[5]],"s":"str","n":null}}`)
	tests := []struct{ path, want string }{
		{"body.items[0].name", `"a"`},
		{"$.body.items.1.name", `"b"`},
		{"$body.items[1].name", `"b"`},
		{"body.items[0].foo-bar", `1`},
		{"body.results[0][0]", `5`},
		{"body.items[2]", "undefined"},
		{"body.s.length", "undefined"},
		{"body.items.length", "2"},
		{"body.items.name", "undefined"},
		{"body.n", "null"},
		{"body.n.x", "undefined"},
		{"body.s[0]", "undefined"},
		{"status", "200"},
		{"body.missing", "undefined"},
	}
	for _, tc := range tests {
		v := walkJSONPath(obj, tc.path)
		got := "undefined"
		if v.kind != jsUndefined {
			got = jsonStringify(v)
		}
		if got != tc.want {
			t.Errorf("walk(%q) = %s, want %s", tc.path, got, tc.want)
		}
	}
}

func TestURLSearchParams(t *testing.T) {
	tests := []struct {
		url   string
		pairs [][2]string
		want  string
	}{
		{"https://api.x.com/s", [][2]string{{"q", "new first"}}, "https://api.x.com/s?q=new+first"},
		{"https://api.x.com/s?sort=new%20first&flag", [][2]string{{"q", "a~b*c:d"}}, "https://api.x.com/s?sort=new+first&flag=&q=a%7Eb*c%3Ad"},
		{"https://api.x.com/s?key=$apikey&q=old&q=older", [][2]string{{"q", "é"}}, "https://api.x.com/s?key=%24apikey&q=%C3%A9"},
		{"HTTPS://API.X.COM", nil, "https://api.x.com/"},
		{"https://api.x.com:443/a/./b/../c?x=a%20b#f", nil, "https://api.x.com/a/c?x=a%20b#f"},
		{"http://x.com:8080/a b/\"q\"?s=a b'", nil, "http://x.com:8080/a%20b/%22q%22?s=a%20b%27"},
		{"http://x.com/a/..", nil, "http://x.com/"},
		{"http://0x7f.1/", nil, "http://127.0.0.1/"},
	}
	for _, tc := range tests {
		u, err := parseURL(tc.url, nil)
		if err != nil {
			t.Errorf("parseURL(%q): %v", tc.url, err)
			continue
		}
		if tc.pairs != nil {
			u.searchParamsSet(tc.pairs)
		}
		if got := u.String(); got != tc.want {
			t.Errorf("%q + %q = %q, want %q", tc.url, tc.pairs, got, tc.want)
		}
	}
	base, _ := parseURL("https://docs.x.com/app/index.md", nil)
	for in, want := range map[string]string{
		"/api/ping":         "https://docs.x.com/api/ping",
		"ping":              "https://docs.x.com/app/ping",
		"../v1/x?q=1":       "https://docs.x.com/v1/x?q=1",
		"//other.com/p":     "https://other.com/p",
		"?q=2":              "https://docs.x.com/app/index.md?q=2",
		"http://Other.com":  "http://other.com/",
		"https:relative.md": "https://docs.x.com/app/relative.md",
	} {
		u, err := parseURL(in, base)
		if err != nil || u.String() != want {
			t.Errorf("new URL(%q, base) = %v %v, want %q", in, u, err, want)
		}
	}
	for _, bad := range []string{"https://", "http://x.com:99999/", "http://a b/", "ftp://x"} {
		if _, err := parseURL(bad, nil); err == nil {
			t.Errorf("parseURL(%q) succeeded, want Invalid URL", bad)
		}
	}
}

func TestToSlugAndRender(t *testing.T) {
	for in, want := range map[string]string{
		"GitHub":           "github",
		" Read  the Docs ": "read-the-docs", //nolint:gocritic // mapKey: the spaces are the input under test
		"a_b-c!":           "a_b-c",
	} {
		if got := toSlug(in); got != want {
			t.Errorf("toSlug(%q) = %q, want %q", in, got, want)
		}
	}
	src := strings.Join([]string{
		"---",
		"name: x",
		"---",
		"",
		"# Title",
		"[!nav:main](nav.md)",
		"<!-- #main -->",
		"[!requirements](req.md)",
		"See [docs][d] and [@home Home](https://h.com).",
		"[GitHub](https://github.com) [GitHub](https://github.com/x) [GitHub](https://github.com/y)",
		"[Some very long label here](https://x.com) [](act:go) [local](rel.md)",
		"`[Code](https://c.com)`",
		"```",
		"[Fenced](https://f.com)",
		"```",
		"[d]: https://docs.com",
		"<!-- /main -->",
		"```act.hello",
		"GET https://x.com",
		"```",
		"",
	}, "\n")
	got, autos := renderSFMD(src)
	want := strings.Join([]string{
		"[nav] main \u2014 /nav <name>",
		"[actions] hello  \u00b7  /act --help (all)  \u00b7  /act.<name> --help",
		"",
		"",
		"# Title",
		"See [docs][@docs] and [Home][@home].",
		"[GitHub][@github] [GitHub][@github-2] [GitHub][@github-3]",
		"[Some very long label here][@link-1] [link-2][@link-2] [local](rel.md)",
		"`[Code](https://c.com)`",
		"```",
		"[Fenced](https://f.com)",
		"```",
	}, "\n")
	if got != want {
		t.Errorf("render =\n%s\nwant\n%s", got, want)
	}
	wantAutos := []autoShortcut{{"docs", "https://docs.com"}, {"github", "https://github.com"}, {"github-2", "https://github.com/x"},
		{"github-3", "https://github.com/y"}, {"link-1", "https://x.com"}, {"link-2", "act:go"}}
	if !reflect.DeepEqual(autos, wantAutos) {
		t.Errorf("autos = %v, want %v", autos, wantAutos)
	}
}

func TestRenderRequiresHint(t *testing.T) {
	got, _ := renderSFMD("---\nrequires: [API_KEY, TOKEN]\n---\n[!requirements](setup.md)\nbody\n")
	want := "[!] Missing required env: $API_KEY, $TOKEN\n    Set: /set $API_KEY=\"...\" ; /set $TOKEN=\"...\"\n    Setup: /open setup.md\n\nbody"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, _ := renderSFMD("  {\"a\": 1}\n\n"); got != `{"a": 1}` {
		t.Errorf("json body = %q", got)
	}
	if got, _ := renderSFMD("---\n---\nx"); got != "---\n---\nx" {
		t.Errorf("empty frontmatter = %q", got)
	}
}

func TestDecoders(t *testing.T) {
	if got := string(nodeBase64Decode("aGVsbG8gd29ybGQ=ignored")); got != "hello world" {
		t.Errorf("base64 = %q", got)
	}
	if got := string(nodeBase64Decode("a G-V_s!bG8")); got != "\x68\x6f\xe5\xb0\x6c\x6f" && got == "" {
		t.Errorf("lenient base64 = %q", got)
	}
	if got := decodeUTF8([]byte("a\xe2\x82b\xffc"), false); got != "a\uFFFDb\uFFFDc" {
		t.Errorf("utf8 = %q", got)
	}
	if got := decodeUTF8([]byte("\xef\xbb\xbfx"), true); got != "x" {
		t.Errorf("bom = %q", got)
	}
	if got := utf16Prefix("ab😀c", 3); got != "ab\uFFFD" {
		t.Errorf("utf16Prefix = %q", got)
	}
}

// A lone surrogate in a JSON response stays one: JSON.stringify writes it
// back escaped ({Response.body}, objects and arrays), while as text
// (String(v), written as UTF-8) it is U+FFFD. Expected values are Node's.
func TestLoneSurrogates(t *testing.T) {
	v := jsonParse(`{"a":"x\ud800y","p":"\ud83d\ude00","r":["\ude00\ud83d"]}`)
	if got, want := jsonStringify(v), `{"a":"x\ud800y","p":"😀","r":["\ude00\ud83d"]}`; got != want {
		t.Errorf("JSON.stringify = %s, want %s", got, want)
	}
	if got, want := stringifyValue(walkJSONPath(v, "a")), "x\uFFFDy"; got != want {
		t.Errorf("String(a) = %q, want %q", got, want)
	}
	if got, want := stringifyValue(walkJSONPath(v, "r")), `["\ude00\ud83d"]`; got != want {
		t.Errorf("r = %s, want %s", got, want)
	}
}
