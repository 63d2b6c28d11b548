package testscripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/version"
	"go.yaml.in/yaml/v3"
)

// TestVersionReferences: every version the README, the guide pages
// (docs/*.md), action.yml and the release script name is the one this tree defines (internal/version):
// there are no release tags yet, so "a version that exists" means this one,
// and nothing may point at another.
func TestVersionReferences(t *testing.T) {
	refs := []*regexp.Regexp{
		regexp.MustCompile(`sfmd-dev/sfmd@(v[^\s"'` + "`" + `)]+)`),              // uses:, go install
		regexp.MustCompile(`cmd/sfmd@(v[^\s"'` + "`" + `)]+|latest)`),            // go install
		regexp.MustCompile(`(?m)^\s*rev: (\S+)`),                                 // pre-commit
		regexp.MustCompile(`raw\.githubusercontent\.com/sfmd-dev/sfmd/([^/]+)/`), // schemas
	}
	found := 0
	pages, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"README.md", "action.yml", "integrations/vscode/README.md", "integrations/vscode/package.json"}
	for _, p := range pages {
		names = append(names, "docs/"+filepath.Base(p))
	}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		for _, re := range refs {
			for _, m := range re.FindAllStringSubmatch(string(b), -1) {
				found++
				if m[1] != version.Tag {
					t.Errorf("%s names %q (%s); the version this tree defines is %s", name, m[1], m[0], version.Tag)
				}
			}
		}
	}
	// the Go the README asks for is go.mod's go line
	mod, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	readme, _ := os.ReadFile(filepath.Join("..", "README.md"))
	if m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod); m == nil || !strings.Contains(string(readme), "Requires Go "+string(m[1])+" ") {
		t.Errorf("README: no \"Requires Go %s \" (go.mod's go line)", m[1])
	}
	if found < 8 {
		t.Errorf("found %d version references; the patterns no longer see the examples of the README and docs/", found)
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash for .ci/release")
	}
	out, err := exec.Command(bash, filepath.Join("..", ".ci", "release"), "--print-version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(out)); got != version.Release {
		t.Errorf(".ci/release --print-version = %q, want %q", got, version.Release)
	}
}

// TestCompositeAction runs the shell steps of action.yml the way the
// runner would (inputs at their defaults, GITHUB_ACTION_PATH the
// repository, GITHUB_PATH honoured between steps; actions/setup-go is
// skipped, Go is here): on a clean repository both steps pass and sfmd
// prints its version; on a document with an error the lint step fails with
// an ::error annotation.
func TestCompositeAction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sfmd")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go")
	}
	src, err := os.ReadFile(filepath.Join("..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Inputs map[string]struct {
			Default string `yaml:"default"`
		} `yaml:"inputs"`
		Runs struct {
			Using string `yaml:"using"`
			Steps []struct {
				Uses  string            `yaml:"uses"`
				Name  string            `yaml:"name"`
				If    string            `yaml:"if"`
				Shell string            `yaml:"shell"`
				Env   map[string]string `yaml:"env"`
				Run   string            `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(src, &action); err != nil {
		t.Fatal(err)
	}
	if action.Runs.Using != "composite" {
		t.Fatalf("action.yml runs.using = %q, want composite", action.Runs.Using)
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	expr := regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)
	eval := func(s string) string {
		return expr.ReplaceAllStringFunc(s, func(m string) string {
			e := expr.FindStringSubmatch(m)[1]
			switch {
			case strings.HasPrefix(e, "inputs."):
				return action.Inputs[strings.TrimPrefix(e, "inputs.")].Default
			case e == "github.action_path":
				return repo
			case e == "github.action_ref":
				return "v0.0.0-action-test"
			}
			t.Fatalf("action.yml uses an expression the test does not know: %s", e)
			return ""
		})
	}
	runSteps := func(work string) (map[string]string, map[string]error) {
		temp := t.TempDir()
		ghPath := filepath.Join(temp, "github_path")
		outs, errs := map[string]string{}, map[string]error{}
		path := os.Getenv("PATH")
		for _, st := range action.Runs.Steps {
			if st.Uses != "" {
				continue // actions/setup-go: Go is installed here
			}
			if st.Shell != "bash" {
				t.Fatalf("step %q: shell %q; composite steps need shell: bash", st.Name, st.Shell)
			}
			if cond := strings.TrimSpace(st.If); cond != "" {
				m := regexp.MustCompile(`^inputs\.([\w-]+) == '(\w+)'$`).FindStringSubmatch(cond)
				if m == nil {
					t.Fatalf("step %q: condition %q not understood by the test", st.Name, cond)
				}
				if action.Inputs[m[1]].Default != m[2] {
					continue
				}
			}
			cmd := exec.Command(bash, "-e", "-c", eval(st.Run))
			cmd.Dir = work
			cmd.Env = append(os.Environ(), "GITHUB_ACTION_PATH="+repo, "RUNNER_TEMP="+temp, "GITHUB_PATH="+ghPath, "PATH="+path, "CI=", "GITHUB_STEP_SUMMARY=")
			for k, v := range st.Env {
				cmd.Env = append(cmd.Env, k+"="+eval(v))
			}
			out, err := cmd.CombinedOutput()
			outs[st.Name], errs[st.Name] = string(out), err
			if b, err := os.ReadFile(ghPath); err == nil {
				for _, l := range strings.Fields(string(b)) {
					if !strings.Contains(path, l) {
						path = l + string(os.PathListSeparator) + path
					}
				}
			}
		}
		return outs, errs
	}

	clean := t.TempDir()
	write(t, filepath.Join(clean, "a.md"), "# A\n\n```act.x\nGET https://api.example.com/x\n```\n")
	write(t, filepath.Join(clean, "a.test.yaml"), "version: 1\ntests:\n  - name: x\n    run: /act.x\n    http:\n      - request: {method: GET, url: \"https://api.example.com/x\"}\n        response: {body: hi}\n    expect:\n      output: hi\n")
	outs, errs := runSteps(clean)
	for _, name := range []string{"install sfmd", "sfmd lint", "sfmd test"} {
		if _, ran := outs[name]; !ran || errs[name] != nil {
			t.Errorf("step %q: %v\n%s", name, errs[name], outs[name])
		}
	}
	if !strings.HasPrefix(outs["install sfmd"], "sfmd v0.0.0-action-test\n") {
		t.Errorf("install step output:\n%s", outs["install sfmd"])
	}
	if !strings.Contains(outs["sfmd test"], "1 passed, 0 failed") {
		t.Errorf("test step output:\n%s", outs["sfmd test"])
	}

	broken := t.TempDir()
	write(t, filepath.Join(broken, "b.md"), "# B\n\n```act.x\nGET https://api.example.com/x -H 'Accept: text/plain'\n```\n")
	outs, errs = runSteps(broken)
	if errs["sfmd lint"] == nil || !strings.Contains(outs["sfmd lint"], "::error file=b.md,line=4") {
		t.Errorf("lint step on a broken document: %v\n%s", errs["sfmd lint"], outs["sfmd lint"])
	}
}

// TestReleaseOutKeepsOtherFiles: .ci/release --out DIR replaces only the
// files it builds (its binaries and SHA256SUMS of them); other sfmd_*
// files in DIR, another version's binaries included, are left alone.
func TestReleaseOutKeepsOtherFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sfmd")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash for .ci/release")
	}
	goos, err := exec.Command("go", "env", "GOOS").Output()
	if err != nil {
		t.Skip("no go")
	}
	goarch, _ := exec.Command("go", "env", "GOARCH").Output()
	target := strings.TrimSpace(string(goos)) + "/" + strings.TrimSpace(string(goarch))
	out := t.TempDir()
	keep := map[string]string{"sfmd_notes.txt": "mine\n", "sfmd_v0.0.1_linux_amd64": "an older build\n"}
	for n, c := range keep {
		if err := os.WriteFile(filepath.Join(out, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bash, filepath.Join("..", ".ci", "release"), "--snapshot", "--out", out, "--target", target)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf(".ci/release: %v\n%s", err, b)
	}
	for n, c := range keep {
		if b, err := os.ReadFile(filepath.Join(out, n)); err != nil || string(b) != c {
			t.Errorf("%s: %q, %v: the release build touched it", n, b, err)
		}
	}
	sums, err := os.ReadFile(filepath.Join(out, "SHA256SUMS"))
	if err != nil || strings.Count(string(sums), "\n") != 1 || strings.Contains(string(sums), "v0.0.1") {
		t.Errorf("SHA256SUMS = %q, %v: want the one binary built", sums, err)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != len(keep)+2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("DIR holds %v: want the kept files, one binary and SHA256SUMS (no temporary folder left)", names)
	}
}

// TestBuildsAreStatic: every place that builds sfmd for others to run
// (the release script, the GitHub Action) builds it without cgo, static:
// with cgo, linked dynamically, its loader and cgo set-up took 1.7 ms of
// CPU at every start.
func TestBuildsAreStatic(t *testing.T) {
	for _, name := range []string{".ci/release", "action.yml"} {
		b, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		builds := 0
		for _, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, "go build") && strings.Contains(line, "./cmd/sfmd") {
				builds++
				if !strings.Contains(line, "CGO_ENABLED=0 ") {
					t.Errorf("%s builds sfmd with cgo: %s", name, strings.TrimSpace(line))
				}
			}
		}
		if builds == 0 {
			t.Errorf("%s: no go build of ./cmd/sfmd found", name)
		}
	}
}
