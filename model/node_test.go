package model

import (
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

type ndCase struct {
	Kind  string      `json:"kind"`
	A     string      `json:"a"`
	B     string      `json:"b,omitempty"`
	Pairs [][2]string `json:"pairs,omitempty"`
}

// nodeScript evaluates the same primitives with Node (the reference
// runtime's platform): WHATWG URL, URLSearchParams, encodeURIComponent,
// JSON, String(number), Buffer base64 and trim.
const nodeScript = `const fs = require('fs');
const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const out = cases.map(c => {
  try {
    switch (c.kind) {
      case 'url': { const u = new URL(c.a); for (const [k, v] of c.pairs || []) u.searchParams.set(k, v); return u.toString(); }
      case 'rel': return new URL(c.a, c.b).toString();
      case 'enc': return encodeURIComponent(c.a);
      case 'json': return JSON.stringify(JSON.parse(c.a));
      case 'num': return String(Number(c.a));
      case 'b64': return Buffer.from(c.a, 'base64').toString('hex');
      case 'trim': return c.a.trim();
      case 'walk': {
        // a path of keys and [N] indices stepped through with cur[key]
        // while typeof cur is "object", then stringified as the template
        // does (null and undefined empty, objects as JSON, else String).
        let cur = JSON.parse(c.a);
        for (const [, key, idx] of c.b.matchAll(/([A-Za-z_][\w-]*)|\[(\d+)\]/g)) {
          if (cur == null) { cur = undefined; break; }
          if (idx !== undefined) { cur = Array.isArray(cur) ? cur[Number(idx)] : undefined; continue; }
          cur = typeof cur === 'object' ? cur[key] : undefined;
        }
        if (cur === undefined) return 'UNDEFINED';
        return cur === null ? '' : typeof cur === 'object' ? JSON.stringify(cur) : String(cur);
      }
    }
  } catch (e) { return 'ERR'; }
});
fs.writeFileSync(process.argv[3], JSON.stringify(out));
`

// lookNode returns the path of node. Without it the test is skipped,
// except under CI=true, where .ci/run has node (it checks the VS Code
// extension with it) and a skip would hide the differential.
func lookNode(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node not installed; CI needs it for the Node differentials")
		}
		t.Skip("node not installed")
	}
	return node
}

// TestNodeDifferential compares the JavaScript primitives reproduced in Go
// with Node itself; it is skipped when node is not installed.
func TestNodeDifferential(t *testing.T) {
	node := lookNode(t)
	dir := t.TempDir()
	script, in, outPath := filepath.Join(dir, "check.js"), filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json")
	if err := os.WriteFile(script, []byte(nodeScript), 0o644); err != nil {
		t.Fatal(err)
	}
	var cs []ndCase
	urls := []string{"https://API.x.com", "http://x.com:80/a/./b/../c/", "https://x.com/p?q=a%20b&flag&x=1+2", "https://x.com/a b/\"q\"/<>/`{}|^'!*()[]?s=a b'<>\"#frag ment",
		"https://user:pa ss@x.com:0443/", "https://x.com/%2e/%2E%2e/x", "https://x.com/?a=%zz&b=%E9", "http://[::1]:8080/x", "https://x.com\\a\\b", "https://x.com/é?é=é#é",
		"http://0x7f.0.0.1/", "http://192.168.1/", "https://x.com/?", "https://x.com/#", "https://x.com/a/..", "https://x.com/a/.", "https://x.com//a//b/", " https://x.com/\t\n ", "https://x.com:99999", "https://x y.com/", "https://x.com:/"}
	vals := []string{"new first", "a~b*c:d", "é/&=+?#", "", "'!()*-._", "$apikey", "\x01\n"}
	for _, u := range urls {
		cs = append(cs, ndCase{Kind: "url", A: u})
		for _, v := range vals {
			cs = append(cs, ndCase{Kind: "url", A: u, Pairs: [][2]string{{"q", v}, {"flag", v}, {"a", v}}})
		}
	}
	// The random recipe (urlgen_test.go), with a fixed seed; every third
	// URL also gets search parameters of hostile text set.
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		c := ndCase{Kind: "url", A: randomURL(r)}
		if i%3 == 0 {
			c.Pairs = [][2]string{{genPiece(r, 4), genPiece(r, 6)}, {"q", genPiece(r, 6)}}
		}
		cs = append(cs, c)
	}
	bases := []string{"https://docs.x.com/app/index.md", "https://docs.x.com", "http://x.com/a/b/?q=1#f"}
	rels := []string{"/api/ping", "ping", "../../x", "./y/./z", "?q=2", "#f", "", "//o.com/p", "http:rel", "https:abs", "HTTPS://UP.com", "\\\\o.com\\p", "a b?c d#e f", "..", "."}
	for _, b := range bases {
		for _, r := range rels {
			cs = append(cs, ndCase{Kind: "rel", A: r, B: b})
		}
	}
	for _, s := range []string{"a b/é😀", "-_.!~*'()", "\u2028", "%"} {
		cs = append(cs, ndCase{Kind: "enc", A: s})
	}
	for _, s := range []string{`{"b":1,"a":[1,2.50,{"x":null}],"2":true,"1":"é<>&\u2028","10":0,"01":1,"-1":2,"4294967295":3,"4294967294":4}`, `[1e21,1e-7,123.456e5,-0,0.1,1.7976931348623157e308,5e-324,1e400]`, `"\u0000\u001f\u007f\ud83d\ude00"`, `{"a":1,"a":2}`,
		`"\ud800"`, `{"a":"x\udfffy","\udc00k":[1,"\ud83d","\ude00"],"p":"\ud83d\ude00","r":"\ude00\ud83d","e":"\ud7ff\ue000"}`} {
		cs = append(cs, ndCase{Kind: "json", A: s})
	}
	for _, s := range []string{"3.0", "1e21", "1e20", "0.000001", "1.5e-7", "123456789012345678901234", "0.1", "100", "2.5e-320", "-7.25"} {
		cs = append(cs, ndCase{Kind: "num", A: s})
	}
	for _, s := range []string{"aGVsbG8=", "aGVsbG8", "a G-V_s!bG8", "AAEC/w==", "YQ=x", "Y", "YW", "YWJ", "=YWJj", "YW=Jj"} {
		cs = append(cs, ndCase{Kind: "b64", A: s})
	}
	for _, s := range []string{" \u00a0x\u3000\ufeff", "\u180ex\u200b"} {
		cs = append(cs, ndCase{Kind: "trim", A: s})
	}
	walkDocs := []string{`{"l":"a\ud800b","o":{"k":"\udbff"},"arr":["\udc00"]}`, `{"a":{"b":[1,{"c":"x"}]},"toString":"own","__proto__":{"p":1}}`, `[1,[2,3],{"map":"own"}]`, `{"s":"str","n":1.5,"t":true,"z":null}`}
	walkPaths := []string{"a.b[1].c", "toString", "a.toString", "a.b.map", "a.b.length", "a.b.__proto__", "a.b.__proto__.__proto__", "a.b.__proto__.__proto__.__proto__",
		"a.__proto__", "a.__proto__.__proto__", "a.__proto__.__proto__.x", "__proto__.p", "a.constructor", "a.b.constructor", "a.constructor.name", "a.valueOf",
		"a.hasOwnProperty", "a.b.toSorted", "a.b.with", "a.b.values", "a.b.__proto__.length", "a.b.__proto__[0]", "a.b.__proto__.map", "a.__proto__.toString",
		"[2].map", "[1].join", "[1].map.name", "length", "s.length", "s.toString", "n.toFixed", "t.valueOf", "z.toString", "a.b[0].toString", "a.__lookupSetter__",
		"a.propertyIsEnumerable", "a.b.toLocaleString", "a.b.at", "a.b.flatMap", "a.b.findLast", "a.missing", "a.b.isPrototypeOf", "a.b.__defineGetter__", "l", "o", "arr", "o.k"}
	for _, d := range walkDocs {
		for _, p := range walkPaths {
			cs = append(cs, ndCase{Kind: "walk", A: d, B: p})
		}
	}
	// The random template recipe (randgen_test.go): a path into a JSON
	// document, what {Response.body.<path>} prints; and the document as
	// {Response.body} prints it (JSON.stringify).
	for range 3000 {
		doc := randomJSON(r, 3)
		cs = append(cs, ndCase{Kind: "walk", A: doc, B: randomPath(r)}, ndCase{Kind: "json", A: doc})
	}
	data, _ := json.Marshal(cs)
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(node, script, in, outPath).CombinedOutput(); err != nil {
		t.Fatalf("node: %v %s", err, out)
	}
	var want []string
	raw, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &want); err != nil || len(want) != len(cs) {
		t.Fatalf("node output: %v (%d of %d)", err, len(want), len(cs))
	}
	agree, total := map[string]int{}, map[string]int{}
	for i, c := range cs {
		var got string
		switch c.Kind {
		case "url":
			u, err := parseURL(c.A, nil)
			if err != nil {
				got = "ERR"
				break
			}
			if len(c.Pairs) > 0 {
				u.searchParamsSet(c.Pairs)
			}
			got = u.String()
		case "rel":
			b, _ := parseURL(c.B, nil)
			u, err := parseURL(c.A, b)
			if err != nil {
				got = "ERR"
			} else {
				got = u.String()
			}
		case "enc":
			got = encodeURIComponent(c.A)
		case "json":
			v := jsonParse(c.A)
			if v == nil {
				got = "ERR"
			} else {
				got = jsonStringify(v)
			}
		case "num":
			f, _ := strconv.ParseFloat(c.A, 64)
			got = jsNumberString(f)
		case "b64":
			got = hex.EncodeToString(nodeBase64Decode(c.A))
		case "trim":
			got = jsTrim(c.A)
		case "walk":
			if v := walkJSONPath(jsonParse(c.A), c.B); v.kind == jsUndefined {
				got = "UNDEFINED"
			} else {
				got = stringifyValue(v)
			}
		}
		total[c.Kind]++
		if got != want[i] {
			t.Errorf("%s %q %q %q: got %q, node %q", c.Kind, c.A, c.B, c.Pairs, got, want[i])
			continue
		}
		agree[c.Kind]++
	}
	for _, k := range []string{"url", "rel", "enc", "json", "num", "b64", "trim", "walk"} {
		t.Logf("%s: %d of %d agree with Node", k, agree[k], total[k])
	}
}
