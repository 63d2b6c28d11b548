package runner

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/udiff"
)

const shopDoc = `---
name: shop
---

# Shop

Search with ` + "`" + `/act.search --q "red shoes" [--limit 5]` + "`" + `, order with
` + "`" + `/act.order --sku <sku> --qty <n>` + "`" + `, or ` + "`" + `/act.search --colour blue` + "`" + ` (old).

` + "`" + `` + "`" + `` + "`" + `act.search
GET https://api.shop.example/search?q={q}&limit={limit} -H "X-Key: $SHOP_KEY"
  q: string (required) "Query"
  limit: number "Max results" = "10"
` + "`" + `` + "`" + `` + "`" + `

` + "`" + `` + "`" + `` + "`" + `act.search.response
for: p in Response.body.items
- {p.name}
end:
` + "`" + `` + "`" + `` + "`" + `

` + "`" + `` + "`" + `` + "`" + `act.order
POST https://api.shop.example/orders -H "X-Key: $SHOP_KEY"
  sku: string (required) "Product code, e.g. SKU-1001"
  qty: number (required) "How many"
  gift: boolean "Gift wrap" = "false"
  message: string "A long message for the card" = "With love from the whole team, see you at the party next week"
` + "`" + `` + "`" + `` + "`" + `

` + "`" + `` + "`" + `` + "`" + `act.stock
CLI stock --warehouse {warehouse}
  warehouse: string (required) "Warehouse (north|south)"
` + "`" + `` + "`" + `` + "`" + `
`

// TestInitSuiteWritesOneTestPerAction checks the suite written for a
// document with hints (a quoted value, an optional group, a placeholder
// filled from the description's example, a stale hint skipped), a secret
// (a stand-in in env, $NAME in the request), a JSON body too long for
// one line, and a CLI action (a choice from the description).
func TestInitSuiteWritesOneTestPerAction(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "shop.md")
	if err := os.WriteFile(doc, []byte(shopDoc), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := InitSuite(doc, "shop.md")
	if err != nil {
		t.Fatal(err)
	}
	if !res.Created || strings.Join(res.Added, ",") != "search,order,stock,open the app" || len(res.Warnings) != 0 {
		t.Errorf("result = %+v", res)
	}
	got, err := os.ReadFile(filepath.Join(dir, "shop.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != shopSuite {
		t.Errorf("suite differs:\n%s", udiff.Unified(shopSuite, string(got), "want", "got"))
	}
	// Again: nothing to add, nothing written.
	res, err = InitSuite(doc, "shop.md")
	if err != nil || res.Created || len(res.Added) != 0 {
		t.Errorf("second run: %+v, %v", res, err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "shop.test.yaml")); string(again) != string(got) {
		t.Error("the second run changed the suite")
	}
	// Stubs fail until filled; the page's golden is missing until --update.
	rep := Run([]SuiteRef{{Abs: filepath.Join(dir, "shop.test.yaml"), Display: "shop.test.yaml"}}, Options{})
	if rep.Failed != 4 || !strings.Contains(rep.Suites[0].Tests[0].Failures[0].Message, "is a stub (todo:)") {
		t.Errorf("stubs: %d failed, %+v", rep.Failed, rep.Suites[0].Tests[0].Failures)
	}
}

const shopSuite = `# Tests of shop.md, written by sfmd test --init: one test per action, and
# one that opens the app (the page it shows goes to a golden file).
# A response marked todo is a stub: write what the server answers in its
# place (or fetch it with sfmd test --record), delete the todo line, then
# run sfmd test --update to fill in the expected outputs.
version: 1
env: # stand-ins for the secrets: requests name them as $NAME
  SHOP_KEY: test-shop-key
tests:
  - name: search
    run: /act.search --q "red shoes"
    http:
      - request:
          method: GET
          url: https://api.shop.example/search?q=red%20shoes&limit=10
          headers:
            X-Key: $SHOP_KEY
        response:
          todo: fill in what the server answers, then delete this line (or run sfmd test --record)
          status: 200
          json: {}
    expect:
      output: ""

  - name: order
    run: /act.order --sku SKU-1001 --qty 1
    http:
      - request:
          method: POST
          url: https://api.shop.example/orders
          headers:
            X-Key: $SHOP_KEY
          json:
            sku: SKU-1001
            qty: "1"
            gift: "false"
            message: With love from the whole team, see you at the party next week
        response:
          todo: fill in what the server answers, then delete this line (or run sfmd test --record)
          status: 200
          body: ""
    expect:
      output: ""

  - name: stock
    run: /act.stock --warehouse north
    exec:
      - command: stock --warehouse north
        todo: fill in what the command prints, then delete this line
        stdout: ""
        exit: 0
    expect:
      output: ""

  - name: open the app
    run: /open shop.md
    expect: # the page as the agent reads it
      output_file: golden/shop.open.txt
`

// TestInitSuiteExtends: an existing suite keeps every byte and gets the
// tests of the actions none of its steps invokes, and the env stand-in
// they need.
func TestInitSuiteExtends(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "shop.md")
	suite := filepath.Join(dir, "shop.test.yaml")
	old := "# mine\nversion: 1\nenv:\n  OTHER: x # keep\n\ntests:\n- name: order\n  steps:\n    - run: /act.order --sku a --qty 2\n      expect: {error: fails}\n# the end\n"
	for p, s := range map[string]string{doc: shopDoc, suite: old} {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := InitSuite(doc, "shop.md")
	if err != nil {
		t.Fatal(err)
	}
	if res.Created || strings.Join(res.Added, ",") != "search,stock,open the app" {
		t.Errorf("result = %+v", res)
	}
	b, _ := os.ReadFile(suite)
	got := string(b)
	for _, want := range []string{
		"# mine\nversion: 1\nenv:\n  OTHER: x # keep\n  SHOP_KEY: test-shop-key\n\ntests:\n- name: order\n",
		"\n- name: search\n  run: /act.search --q \"red shoes\"\n",
		"\n- name: stock\n  run: /act.stock --warehouse north\n",
		"      expect: {error: fails}\n\n- name: search",
		"\n- name: open the app\n  run: /open shop.md\n",
		"\n    output_file: golden/shop.open.txt\n# the end\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("suite lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "e$OTHERample") {
		t.Error("an env value not used by the document was turned into $NAME")
	}
}

func TestInitSuiteErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name, doc, suite, want string
	}{
		{"no actions", "# Notes\n\nprose\n", "", "has no actions"},
		{"invalid suite", shopDoc, "version: 1\ntests:\n  - name: a\n    runn: /act.search\n", "fix the suite before adding tests"},
		{"flow tests", shopDoc, "version: 1\ntests: [{name: a, run: /act.search --q x}]\n", "tests is not a block list"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := write("d.md", c.doc)
			os.Remove(filepath.Join(dir, "d.test.yaml"))
			if c.suite != "" {
				write("d.test.yaml", c.suite)
			}
			_, err := InitSuite(doc, "d.md")
			var ue *UserError
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want a UserError containing %q", err, c.want)
			}
		})
	}
}

// TestInitSuiteReplays is the promise of --init: for every document of
// corpus/ok and of the upstream corpus (when it is next to the
// repository), the generated suite, its stubs filled (here: the todo
// lines deleted, outputs written by --update), passes sfmd test. The
// requests the runtime sends on replay are the ones --init wrote.
func TestInitSuiteReplays(t *testing.T) {
	var docs []string
	for _, root := range []string{filepath.Join("..", "corpus", "ok"), filepath.Join("..", "..", "shared", "corpus", "upstream")} {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") && !strings.Contains(p, "fixtures") {
				docs = append(docs, p)
			}
			return nil
		})
	}
	if testing.Short() && len(docs) > 20 {
		docs = docs[:20]
	}
	todo := regexp.MustCompile(`(?m)^ *todo: .*\n`)
	tmp := t.TempDir()
	generated, tests, warned := 0, 0, 0
	var refs []SuiteRef
	for i, p := range docs {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(tmp, "d"+strconv.Itoa(i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		doc := filepath.Join(dir, filepath.Base(p))
		if err := os.WriteFile(doc, src, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := InitSuite(doc, p)
		var ue *UserError
		if errors.As(err, &ue) && strings.Contains(err.Error(), "has no actions") {
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if len(res.Warnings) > 0 {
			warned++ // its test cannot pass as generated, and --init said so
			continue
		}
		b, err := os.ReadFile(res.Suite)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(res.Suite, todo.ReplaceAll(b, nil), 0o644); err != nil {
			t.Fatal(err)
		}
		generated++
		tests += len(res.Added)
		refs = append(refs, SuiteRef{Abs: res.Suite, Display: p})
	}
	if generated < 3 {
		t.Fatalf("generated only %d suites", generated)
	}
	opts := Options{Jobs: runtime.GOMAXPROCS(0), Update: true}
	Run(refs, opts)
	opts.Update = false
	rep := Run(refs, opts)
	var b strings.Builder
	WriteErrors(&b, rep)
	WriteHuman(&b, rep)
	if rep.HasSuiteErrors() || rep.Failed > 0 || rep.Passed != tests {
		t.Fatalf("generated suites do not pass once filled:\n%s", b.String())
	}
	t.Logf("%d documents: %d suites, %d tests pass once filled; %d documents left out for a warning (a call failing before it sends)", len(docs), generated, tests, warned)
}

// TestInitSuiteVirtualPaths: the calls of --init run in a test's virtual
// filesystem, so a command holding $CURRENT_FILE gets the virtual path
// (the suite's cwd), the same on every run, and its exec entry matches on
// replay; a secret with a short name gets a stand-in long enough to be
// written back as $NAME.
func TestInitSuiteVirtualPaths(t *testing.T) {
	const doc = "---\nname: tool\n---\n\n# Tool\n\n```act.count\nCLI wc -c $CURRENT_FILE\n```\n\n```act.ping\nGET https://api.example.com/ping -H \"X-K: $K\"\n```\n"
	for _, tc := range []struct{ suite, cwd string }{
		{"", "/home/agent/docs"},
		{"version: 1\ncwd: /srv/app\ntests:\n  - name: other\n    run: /act.nope\n    expect: {error: nope}\n", "/srv/app"},
	} {
		dir := t.TempDir()
		docPath := filepath.Join(dir, "tool.md")
		if err := os.WriteFile(docPath, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		if tc.suite != "" {
			if err := os.WriteFile(filepath.Join(dir, "tool.test.yaml"), []byte(tc.suite), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		res, err := InitSuite(docPath, "tool.md")
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Warnings) > 0 || strings.Join(res.Added, ",") != "count,ping,open the app" {
			t.Fatalf("cwd %s: %+v", tc.cwd, res)
		}
		b, err := os.ReadFile(res.Suite)
		if err != nil {
			t.Fatal(err)
		}
		got := string(b)
		for _, want := range []string{
			"- command: wc -c " + tc.cwd + "/tool.md\n",
			"  K: test-k-secret\n",
			"X-K: $K\n",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("cwd %s: the suite lacks %q:\n%s", tc.cwd, want, got)
			}
		}
		// Filled as a person would: the stubs' todo lines deleted.
		filled := regexp.MustCompile(`(?m)^ *todo: .*\n`).ReplaceAllString(got, "")
		if err := os.WriteFile(res.Suite, []byte(filled), 0o644); err != nil {
			t.Fatal(err)
		}
		refs := []SuiteRef{{Abs: res.Suite, Display: "tool.test.yaml"}}
		Run(refs, Options{Update: true})
		rep := Run(refs, Options{})
		var out strings.Builder
		WriteErrors(&out, rep)
		WriteHuman(&out, rep)
		if rep.HasSuiteErrors() || rep.Failed > 0 || rep.Passed != 3+strings.Count(tc.suite, "- name:") {
			t.Errorf("cwd %s: the filled suite does not pass:\n%s\n%s", tc.cwd, out.String(), filled)
		}
	}
}

// TestInitSuiteSamplesTypeAliases checks that a field typed with another
// language's name for a number or a boolean (long, double, num, bool) is
// given the sample of the type it means, as int and float were: the
// sampler reads the type through sfmd.MeantParamType (it listed number,
// int, integer, float and boolean, bool itself, and sampled "example" for
// a long or a double).
func TestInitSuiteSamplesTypeAliases(t *testing.T) {
	const doc = "# Counter\n\n```act.count\nPOST https://api.example.com/count\n" +
		"  n: long (required) \"How many\"\n  ratio: double (required) \"Share\"\n" +
		"  step: Num (required) \"Step\"\n  dry: BOOL (required) \"Dry run\"\n```\n"
	dir := t.TempDir()
	path := filepath.Join(dir, "count.md")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := InitSuite(path, "count.md"); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "count.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "run: /act.count --n 1 --ratio 1 --step 1 --dry true\n"; !strings.Contains(string(got), want) {
		t.Errorf("the suite has no %q:\n%s", want, got)
	}
}
