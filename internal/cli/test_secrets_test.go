package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretsFor: --env-file values win, then (with --env-from-os) sfmd's
// environment; an env file inside the repository is refused; neither flag
// works without --record.
func TestSecretsFor(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(base, "keys.env")
	inside := filepath.Join(repo, "keys.env")
	text := "# keys\nexport API_KEY='from-file'\n\nOTHER = \"quoted value\"\n"
	for _, p := range []string{outside, inside} {
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	osEnv := map[string]string{"API_KEY": "from-os", "OS_ONLY": "os-value"}
	stdio := Stdio{Dir: repo, Getenv: func(k string) string { return osEnv[k] }}

	f := &testFlags{record: true, envFile: outside, envFromOS: true}
	get, err := f.secretsFor(stdio)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"API_KEY": "from-file", "OTHER": "quoted value", "OS_ONLY": "os-value", "NONE": ""} {
		if got := get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	f = &testFlags{record: true, envFile: inside}
	if _, err := f.secretsFor(stdio); err == nil || !strings.Contains(err.Error(), "outside the repository") {
		t.Errorf("an env file inside the repository: %v", err)
	}
	f = &testFlags{envFromOS: true}
	if _, err := f.secretsFor(stdio); err == nil || !strings.Contains(err.Error(), "only apply to --record") {
		t.Errorf("without --record: %v", err)
	}
	if err := os.WriteFile(outside, []byte("not a pair\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f = &testFlags{record: true, envFile: outside}
	if _, err := f.secretsFor(stdio); err == nil || !strings.Contains(err.Error(), "keys.env:1: expected NAME=VALUE") {
		t.Errorf("a bad line: %v", err)
	}
}
