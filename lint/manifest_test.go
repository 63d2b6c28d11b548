package lint

import (
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// kindProbe returns a rule of profile p that reports, once per document,
// the first 8 bytes of the text it was given.
func kindProbe(name string, p Profile) *Analyzer {
	return &Analyzer{Name: name, Severity: Error, Profile: p, Doc: Doc{Title: "probe"},
		Run: func(pass *Pass) (any, error) {
			n := min(8, len(pass.Doc.Src))
			pass.Reportf(pass.Doc.Index.Span(0, n), "%s", pass.Doc.Src[:n])
			return nil, nil
		}}
}

var (
	mdProbe   = kindProbe("md-probe", Core)
	jsonProbe = kindProbe("json-probe", Manifest)
)

func TestManifestFiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"app/string.md":                   "# app\n",
		"app/manifest.json":               `{"delivery": "local"}`, // a manifest by name, whatever its content
		"app/mail.manifest.json":          "not json at all",
		"app/String.json":                 "{}",
		"app/registry.json":               `{"files": [{"path": "string.md", "url": "https://x/string.md"}]}`, // by content
		"app/package.json":                `{"name": "x", "files": ["dist"]}`,                                 // npm: strings
		"app/tsconfig.json":               `{"files": []}`,
		"app/broken.json":                 `{"files": [{`,
		"app/node_modules/m/install.json": `{"files": [{"path": "string.md"}]}`,
	})
	var mu sync.Mutex
	var parsed []string
	parse := func(path string, src []byte) *sfmd.Document {
		mu.Lock()
		parsed = append(parsed, filepath.ToSlash(path))
		mu.Unlock()
		return fakeParse(path, src)
	}
	lines := func(rep *Report) []string {
		var out []string
		for _, d := range rep.Diagnostics {
			out = append(out, filepath.ToSlash(d.Path)+" "+d.Rule)
		}
		return out
	}

	// Default profiles: JSON is not linted at all.
	rep := run(t, Options{Dir: dir, Paths: []string{"app"}, Parse: parse}, mdProbe, jsonProbe)
	if want := []string{"app/string.md md-probe"}; !reflect.DeepEqual(lines(rep), want) || rep.Files != 1 {
		t.Errorf("default run: %d files, %q, want 1 file, %q", rep.Files, lines(rep), want)
	}

	// --enable manifest: manifests by name and by content, with the
	// manifest rules only; the SFMD parser and rules never see them.
	parsed = nil
	rep = run(t, Options{Dir: dir, Paths: []string{"app"}, Parse: parse, Selection: Selection{Enable: []string{"manifest"}}}, mdProbe, jsonProbe)
	want := []string{
		"app/String.json json-probe",
		"app/mail.manifest.json json-probe",
		"app/manifest.json json-probe",
		"app/registry.json json-probe",
		"app/string.md md-probe",
	}
	if got := lines(rep); !reflect.DeepEqual(got, want) || rep.Files != 5 {
		t.Errorf("--enable manifest: %d files\n%s\nwant 5 files\n%s", rep.Files, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if want := []string{"app/string.md"}; !reflect.DeepEqual(parsed, want) {
		t.Errorf("SFMD parser saw %q, want only %q", parsed, want)
	}

	// An explicit .json argument is linted whatever its name or content,
	// but only when manifest rules are on.
	rep = run(t, Options{Dir: dir, Paths: []string{"app/package.json"}, Parse: parse}, mdProbe, jsonProbe)
	if rep.Files != 0 || len(rep.Diagnostics) != 0 {
		t.Errorf("package.json without the manifest profile: %d files, %q", rep.Files, lines(rep))
	}
	rep = run(t, Options{Dir: dir, Paths: []string{"app/package.json"}, Parse: parse, Selection: Selection{Enable: []string{"json-probe"}}}, mdProbe, jsonProbe)
	if want := []string{"app/package.json json-probe"}; !reflect.DeepEqual(lines(rep), want) {
		t.Errorf("explicit package.json: %q, want %q", lines(rep), want)
	}
}

// TestManifestConfigProfiles: the profile is enabled per directory by the
// nearest config, like every other profile.
func TestManifestConfigProfiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a/.sfmd.yaml":    "profiles: [core, manifest]\n",
		"a/manifest.json": "{}",
		"b/manifest.json": "{}",
	})
	rep := run(t, Options{Dir: dir, Paths: []string{"."}}, mdProbe, jsonProbe)
	var got []string
	for _, d := range rep.Diagnostics {
		got = append(got, filepath.ToSlash(d.Path))
	}
	sort.Strings(got)
	if want := []string{"a/manifest.json"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestManifestStdin: standard input named *.json is a manifest.
func TestManifestStdin(t *testing.T) {
	rep := run(t, Options{Dir: t.TempDir(), Paths: []string{"-"}, Stdin: strings.NewReader(`{"files": []}`), StdinFilename: "m.json",
		Selection: Selection{Enable: []string{"manifest"}}}, mdProbe, jsonProbe)
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Rule != "json-probe" || rep.Diagnostics[0].Message != `{"files"` {
		t.Errorf("got %+v", rep.Diagnostics)
	}
}

func TestLooksLikeManifest(t *testing.T) {
	for src, want := range map[string]bool{
		`{"files": [{"path": "string.md"}]}`:          true,
		"\ufeff{\"files\": [ {\"path\": \"a.md\"}]}":  true,
		`{"files": ["dist", {"path": "x"}]}`:          true,
		`{"files": ["dist"]}`:                         false,
		`{"files": []}`:                               false,
		`{"files": {"path": "string.md"}}`:            false,
		`[{"files": [{"path": "string.md"}]}]`:        false,
		`{"name": "x"}`:                               false,
		`{"files": [{"path": "string.md"}]`:           false,
		``:                                            false,
		`{"files": [{"path": "string.md"}]} trailing`: false,
	} {
		if got := looksLikeManifest([]byte(src)); got != want {
			t.Errorf("looksLikeManifest(%q) = %v, want %v", src, got, want)
		}
	}
	for name, want := range map[string]bool{
		"manifest.json": true, "install.json": true, "string.json": true, "Mail.Manifest.json": true,
		"package.json": false, "manifest.json5": false, "manifest.yaml": false, "mymanifest.json": false,
	} {
		if got := isManifestName(name); got != want {
			t.Errorf("isManifestName(%q) = %v, want %v", name, got, want)
		}
	}
}
