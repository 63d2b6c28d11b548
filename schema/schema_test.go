package schema

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/jsonschema"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
	"github.com/sfmd-dev/sfmd/runner"
	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/txtar"
)

// TestSchemasUpToDate regenerates the schemas from the Go types and
// compares them with the shipped files.
func TestSchemasUpToDate(t *testing.T) {
	files, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%s is not shipped (%v); run go generate ./schema", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the schema generated from the Go types; run go generate ./schema and commit the result", name)
		}
	}
}

func load(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := jsonschema.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// yamlFile is a suite or config found in the repository: a file, or a
// member of a txtar archive (extracted with its archive into a temporary
// directory, so that the suite finds its document).
type yamlFile struct {
	name string // as shown: path, or archive.txtar:member
	abs  string // where it is on disk now
	src  []byte
}

func isSuite(p string) bool {
	return strings.HasSuffix(p, ".test.yaml") || strings.HasSuffix(p, ".test.yml")
}

func isConfig(p string) bool {
	b := filepath.Base(p)
	return b == ".sfmd.yaml" || b == ".sfmd.yml"
}

// repoFiles finds every suite and config of the repository.
func repoFiles(t *testing.T) (suites, configs []yamlFile) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	add := func(name, abs string, src []byte) {
		f := yamlFile{name: name, abs: abs, src: src}
		if isSuite(abs) {
			suites = append(suites, f)
		} else if isConfig(abs) {
			configs = append(configs, f)
		}
	}
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if rel == ".git" || rel == filepath.Join(".ci", "bin") || rel == filepath.Join("corpus", "bench", "generated") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case isSuite(p) || isConfig(p):
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			add(filepath.ToSlash(rel), p, src)
		case strings.HasSuffix(p, ".txtar"):
			ar, err := txtar.ParseFile(p)
			if err != nil {
				return err
			}
			var members []txtar.File
			for _, f := range ar.Files {
				if isSuite(f.Name) || isConfig(f.Name) {
					members = append(members, f)
				}
			}
			if len(members) == 0 {
				return nil
			}
			dir := t.TempDir()
			for _, f := range ar.Files {
				dst := filepath.Join(dir, filepath.FromSlash(f.Name))
				if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
					return err
				}
				if err := os.WriteFile(dst, f.Data, 0o644); err != nil {
					return err
				}
			}
			for _, f := range members {
				add(filepath.ToSlash(rel)+":"+f.Name, filepath.Join(dir, filepath.FromSlash(f.Name)), f.Data)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return suites, configs
}

// loadSuite runs sfmd test's loader on a suite (no test runs) and returns
// its errors.
func loadSuite(abs string) []string {
	rep := runner.Run([]runner.SuiteRef{{Abs: abs, Display: filepath.Base(abs)}}, runner.Options{Run: regexp.MustCompile(`^$`)})
	var out []string
	for _, s := range rep.Suites {
		for _, e := range s.Errors {
			out = append(out, e.Error())
		}
	}
	return out
}

// loadConfig runs sfmd lint's config loader and returns its errors.
func loadConfig(t *testing.T, abs string) []string {
	dir := t.TempDir()
	_, err := lint.Run(lint.Options{Config: abs, Dir: dir, Paths: []string{dir}}, append(rules.All(), lint.UnusedSuppression))
	if err == nil {
		return nil
	}
	return strings.Split(err.Error(), "\n")
}

func validate(s *jsonschema.Schema, src []byte) ([]jsonschema.Error, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, err
	}
	return s.Validate(&doc), nil
}

// TestRepoSuitesAndConfigsValidate validates every suite and config of the
// repository (files and txtar members) against the shipped schemas, and
// checks that the schemas agree with the loaders: what sfmd accepts the
// schema accepts, and what the schema rejects sfmd rejects too, naming an
// unknown field by the same path.
func TestRepoSuitesAndConfigsValidate(t *testing.T) {
	suites, configs := repoFiles(t)
	if len(suites) < 20 || len(configs) < 3 {
		t.Fatalf("found %d suites and %d configs; the walk is broken", len(suites), len(configs))
	}
	suiteSchema, configSchema := load(t, SuiteFile), load(t, ConfigFile)
	accepted := 0
	check := func(f yamlFile, s *jsonschema.Schema, loaderErrs []string) {
		errs, yerr := validate(s, f.src)
		if yerr != nil {
			if len(loaderErrs) == 0 {
				t.Errorf("%s: not YAML (%v) but sfmd accepts it", f.name, yerr)
			}
			return
		}
		switch {
		case len(loaderErrs) == 0 && len(errs) > 0:
			t.Errorf("%s: sfmd accepts it but the schema rejects it:\n%v", f.name, errs)
		case len(loaderErrs) == 0:
			accepted++
		case len(errs) > 0:
			all := strings.Join(loaderErrs, "\n")
			for _, e := range errs {
				if strings.HasPrefix(e.Msg, "unknown field") && !strings.Contains(all, "(at "+jsonschema.FormatPath(e.Path)+")") {
					t.Errorf("%s: the schema reports %v; sfmd does not name the same path:\n%s", f.name, e, all)
				}
			}
		}
	}
	for _, f := range suites {
		check(f, suiteSchema, loadSuite(f.abs))
	}
	for _, f := range configs {
		check(f, configSchema, loadConfig(t, f.abs))
	}
	t.Logf("%d suites, %d configs, %d accepted by sfmd and the schema", len(suites), len(configs), accepted)
	if accepted < 15 {
		t.Errorf("only %d files were accepted by sfmd; expected the repository's valid suites and configs", accepted)
	}
}

// TestTypoSameFieldPath: a suite with a misspelt field is rejected by the
// schema and by sfmd test, both naming the field by the same path.
func TestTypoSameFieldPath(t *testing.T) {
	dir := t.TempDir()
	doc := "# Weather\n\n```act.forecast\nGET https://api.example.com/forecast?city={city}\n  city: string \"City\" = \"Seoul\"\n```\n"
	suite := `version: 1
documnet: weather.md
tests:
  - name: one step
    run: /act.forecast
    expect:
      outptu: x
  - name: steps
    steps:
      - run: /act.forecast
      - run: /act.forecast --city Busan
        http:
          - request: {method: GET, url: "https://api.example.com/forecast?city=Busan"}
            respons: {status: 200}
          - request: {method: GET, url: "https://api.example.com/forecast?city=Busan"}
            response: {stauts: 200, "two words": 1}
`
	for name, data := range map[string]string{"weather.md": doc, "weather.test.yaml": suite} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	errs, err := validate(load(t, SuiteFile), []byte(suite))
	if err != nil {
		t.Fatal(err)
	}
	var schemaPaths []string
	for _, e := range errs {
		schemaPaths = append(schemaPaths, jsonschema.FormatPath(e.Path))
	}
	want := []string{"documnet", "tests[0].expect.outptu", "tests[1].steps[1].http[0].respons", "tests[1].steps[1].http[1].response.stauts", `tests[1].steps[1].http[1].response["two words"]`}
	sort.Strings(schemaPaths)
	sort.Strings(want)
	if strings.Join(schemaPaths, "\n") != strings.Join(want, "\n") {
		t.Fatalf("schema reports paths\n%s\nwant\n%s\n(%v)", strings.Join(schemaPaths, "\n"), strings.Join(want, "\n"), errs)
	}
	loaderErrs := strings.Join(loadSuite(filepath.Join(dir, "weather.test.yaml")), "\n")
	for _, e := range errs {
		p := jsonschema.FormatPath(e.Path)
		re := regexp.MustCompile(`(?m)^weather\.test\.yaml:` + regexp.QuoteMeta(strconv.Itoa(e.Line)+":"+strconv.Itoa(e.Col)) + `: unknown field .* \(at ` + regexp.QuoteMeta(p) + `\)$`)
		if !re.MatchString(loaderErrs) {
			t.Errorf("sfmd test does not report %s at %d:%d:\n%s", p, e.Line, e.Col, loaderErrs)
		}
	}
}
