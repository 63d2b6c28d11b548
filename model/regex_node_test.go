package model

import (
	"encoding/json"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// jsRegexPairs pairs every regular expression the runtime uses with the
// JavaScript literal it reproduces (from the reference runtime's sources).
var jsRegexPairs = []struct {
	js string
	re interface {
		FindAllStringSubmatchIndex(s string, n int) [][]int
	}
}{
	{`/^\s+(\w+)(?:,\s*-([a-zA-Z]))?\s*:\s+(\w+)(?:\s+\((required|optional)\))?(?:\s+"([^"]*)")?(?:\s*=\s*"([^"]*)")?$/g`, reField},
	{`/^(GET|POST|PUT|PATCH|DELETE|CLI)\s+(.+)$/ig`, reFirstLine},
	{`/-H\s+"([^"]+)"/g`, reHeaderArg},
	{`/-d\s+(?:'([^']*)'|"([^"]*)")/g`, reBodyArg},
	{`/\s-[Hd]\s/g`, reFlagStart},
	{`/^---\r?\n[\s\S]*?\r?\n---\r?\n?/g`, regexp.MustCompile(`^---\r?\n` + jsDotS + `*?\r?\n---\r?\n?`)},
	{"/^(`{3,}|~{3,})(.*)$/g", reFenceLine},
	{`/^\[(@[a-zA-Z0-9_-]+)\s+([^\]]+)\]\(([^)]+)\)/g`, regexp.MustCompile(`^` + reShortcut.String())},
	{`/\[(@[a-zA-Z0-9_-]+)\s+([^\]]+)\]\(([^)]+)\)/g`, reShortcut},
	{`/^\[([^\]]+)\]:\s+<?([^\s>]+)>?/g`, reRefDef},
	{`/^\{([a-zA-Z_]\w*)\}\s*=\s*\{Response\.(.+)\}$/g`, reTplAssign},
	{`/^\{@([a-zA-Z_]\w*)\}\s*=\s*(.+)$/g`, reTplSlugLine},
	{`/^\s*for:\s*([a-zA-Z_]\w*)\s+in\s+(.+)$/g`, reTplFor},
	{`/^\s*end:\s*$/g`, reTplEnd},
	{`/^\s*save:\s*(.+)$/g`, reTplSave},
	{`/^\s*decode:\s*(\S+)\s*$/g`, reTplDecode},
	{`/^\s*to:\s*(.+)$/g`, reTplTo},
	{`/\{Response\.([a-zA-Z_.[\]\d]+)\}/g`, reTplResponse},
	{`/\{([a-zA-Z_]\w*)(?:\[(\d+)\])?\}/g`, reTplVarField},
	{`/\{@([a-zA-Z_]\w*)\}/g`, reTplSlugRef},
	{`/\{([a-zA-Z_]\w*)\.([a-zA-Z_.[\]\d]+)\}/g`, reTplItemPath},
	{`/(")?\{([a-zA-Z_]\w*)(?:\[(\d+)\])?((?:\|[a-zA-Z][a-zA-Z0-9]*)*)\}(")?/g`, reBodyPlace},
	{`/\[(@[a-zA-Z0-9._-]+)\s+([^\]]+)\]\([^)]+\)/g`, reRndShortcut},
	{`/\[([^\]]*)\]\((?![@])([^)]+)\)/g`, reRndPlainLink},
	{`/\[([^\]]+)\]\[([^\]@][^\]]*)\]/g`, reRndRefLink},
	{`/^\[[^\]]+\]:\s+\S/g`, reRndRefDef},
	{`/^\[!(menu|nav|include):[a-zA-Z0-9_-]+[^\]]*\]\(.*\)$|^\[!requirements\]\(.*\)$/g`, reRndDirective},
	{"/```[\\s\\S]*?```|~~~[\\s\\S]*?~~~/g", reRndFenced},
	{"/`[^`\\n]+`/g", reRndInline},
	{`/^[a-zA-Z0-9\s-]+$/g`, reRndSlugOK},
	{`/\$([a-zA-Z_]\w*)/g`, reEnvVar},
	{`/\$([A-Z_][A-Z0-9_]*)/g`, reUpperEnv},
	{`/^[a-zA-Z0-9_\-./=@:+,]+$/g`, reShellSafe},
	{`/^@[a-zA-Z_][\w-]*$/g`, reShortcutRef},
	{`/\{\.\.\.args\}/g`, reSpreadArgs},
}

var regexTokens = []string{" ", "  ", "\t", "\n", "\r", "\u00a0", "\u2028", "\ufeff", "a", "Zq", "_x", "9", "42", "-", "_", "{", "}", "[", "]", "(", ")",
	`"`, "'", ":", "=", "@", "$", "$A", ".", "|", "!", "#", "<", ">", "/", "`", "~", "é", "😀", "Response.", "body", "for:", "in", "end:", "save:",
	"to:", "decode:", "-H", "-d", "GET", "post", "---", "```", "~~~", "act.", "required", "optional", "string", "...args", "base64", "[!nav:m]", "http://", "@id "}

var regexSkeletons = []string{
	`  name, -n: string (required) "City name" = "x"`, "\tdays: number \"d\"", `  q:  string (optional)`,
	`GET https://x.com/{a} -H "K: v" -H 'X: y' -d '{"a":"{b|base64}"}'`, `post /p -d "x"`,
	"---\nname: x\n---\nbody", "---\r\n\r\n---", "```act.x", "~~~~ info",
	"[@id Label](https://x)", "[x]: https://y", "[x]: <a b>", "[@ref]: u",
	"{v} = {Response.body.a[0].b}", "{v}={Response.x} ", "{@s} = ({x}, {y.z})", "{@s}= @a",
	"for: it in Response.body.items", " for:x  in body", "  end:  ", "end:", "save: $.a[0]", "decode: base64 ", "decode:none", "to: out/{name}.txt",
	"x {Response.body.a-b} {Response.status} {Response.body[0].x}", "{a} {b[2]} {c.d} {@e} {...args}", `"{a|file|base64}" {b[1]}" "{c|x1}`,
	"[Label](http://x.com/a) [](act:y) [t][ref] [t][@r] [@a.b L](u)", "[!nav:main](nav.md)", "[!requirements](r.md)", "[!include:b-1 x](p)",
	"`code` ```fenced``` ~~~t~~~", "Go Docs-2", "@id-x", "$A_B $lower ${X} $9", "a-b.c/d=e@f:g+h,i",
}

// TestRegexDifferential runs every regexp pair over generated strings in Go
// and in Node and compares the matches and their groups.
func TestRegexDifferential(t *testing.T) {
	node := lookNode(t)
	rng := rand.New(rand.NewSource(1))
	var inputs []string
	for _, sk := range regexSkeletons {
		inputs = append(inputs, sk)
		for i := 0; i < 60; i++ {
			r := []rune(sk)
			for e := rng.Intn(4); e > 0; e-- {
				at := rng.Intn(len(r) + 1)
				switch rng.Intn(3) {
				case 0:
					tok := []rune(regexTokens[rng.Intn(len(regexTokens))])
					r = append(r[:at:at], append(tok, r[at:]...)...)
				case 1:
					if at < len(r) {
						end := at + 1 + rng.Intn(3)
						if end > len(r) {
							end = len(r)
						}
						r = append(r[:at:at], r[end:]...)
					}
				case 2:
					other := []rune(regexSkeletons[rng.Intn(len(regexSkeletons))])
					r = append(r[:at:at], append(other, r[at:]...)...)
				}
			}
			inputs = append(inputs, string(r))
		}
	}
	var srcs []string
	for _, p := range jsRegexPairs {
		srcs = append(srcs, p.js)
	}
	dir := t.TempDir()
	script := `const fs = require('fs');
const [res, inputs] = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const out = res.map(src => { const re = eval(src); return inputs.map(s => [...s.matchAll(re)].map(m => [...m].map(g => g === undefined ? null : g))); });
fs.writeFileSync(process.argv[3], JSON.stringify(out));`
	in, outPath, js := filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json"), filepath.Join(dir, "re.js")
	data, _ := json.Marshal([]any{srcs, inputs})
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(js, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(node, js, in, outPath).CombinedOutput(); err != nil {
		t.Fatalf("node: %v %s", err, out)
	}
	raw, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var want [][][][]*string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	for i, p := range jsRegexPairs {
		bad, hits := 0, 0
		for j, s := range inputs {
			var got [][]*string
			for _, loc := range p.re.FindAllStringSubmatchIndex(s, -1) {
				var groups []*string
				for g := 0; g < len(loc)/2; g++ {
					if loc[2*g] < 0 {
						groups = append(groups, nil)
						continue
					}
					v := s[loc[2*g]:loc[2*g+1]]
					groups = append(groups, &v)
				}
				got = append(got, groups)
			}
			if len(got) > 0 {
				hits++
			}
			if j == len(inputs)-1 && hits < 20 {
				t.Errorf("%s matched only %d inputs: the generator must exercise it", p.js, hits)
			}
			if !sameMatches(got, want[i][j]) && bad < 3 {
				bad++
				t.Errorf("%s on %q: go %s, node %s", p.js, s, showMatches(got), showMatches(want[i][j]))
			}
		}
	}
}

func sameMatches(a, b [][]*string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for g := range a[i] {
			if (a[i][g] == nil) != (b[i][g] == nil) || (a[i][g] != nil && *a[i][g] != *b[i][g]) {
				return false
			}
		}
	}
	return true
}

func showMatches(m [][]*string) string {
	var parts []string
	for _, groups := range m {
		var gs []string
		for _, g := range groups {
			if g == nil {
				gs = append(gs, "undefined")
			} else {
				gs = append(gs, "\""+*g+"\"")
			}
		}
		parts = append(parts, "["+strings.Join(gs, ",")+"]")
	}
	return "[" + strings.Join(parts, " ") + "]"
}
