package testscripts

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// comparePlaygroundView checks that what the page shows as what the agent
// sees is what sfmd view prints for the same document (the page runs
// runner.View in the browser over its file system in memory).
func comparePlaygroundView(t *testing.T, seenFile string) {
	t.Helper()
	var seen struct{ Fixed, View string }
	b, err := os.ReadFile(seenFile)
	if err != nil || json.Unmarshal(b, &seen) != nil {
		t.Fatalf("browser.mjs wrote no fixed document and view: %v %s", err, b)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "playground.md"), []byte(seen.Fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	sfmdBin, err := exec.LookPath("sfmd") // the test binary, installed by TestMain
	if err != nil {
		t.Fatal(err)
	}
	view := exec.Command(sfmdBin, "view", "playground.md")
	view.Dir = dir
	want, err := view.Output()
	if err != nil {
		t.Fatalf("sfmd view: %v", err)
	}
	if got := seen.View + "\n"; got != string(want) {
		t.Errorf("the page shows the agent:\n%s\nsfmd view prints:\n%s", got, want)
	}
}

// chromiumNames are the names Chromium's binary has (Debian's package
// chromium installs /usr/bin/chromium).
var chromiumNames = []string{"chromium", "chromium-browser", "google-chrome"}

// TestPlayground is the playground's browser test: playground/build.sh
// builds the page (sfmd.wasm, wasm_exec.js, index.html), a static server
// on 127.0.0.1 serves it, and playground/test/browser.mjs drives headless
// Chromium with playwright-core: it types a broken document (that of
// TestLSPOverStdio, with an emoji), waits for the finding, clicks its
// position (which must select its span), clicks its fix, sees the
// finding go, checks that what the page shows the agent is what sfmd view
// prints, opens the share link, and one that would inflate past 10 MiB
// (refused). It logs the size of sfmd.wasm
// (raw and gzip) and the page's load time. It needs chromium, node and
// the locked dependencies of playground/test (npm ci there); without
// them it skips, except under CI, where it fails (.ci/run installs them).
func TestPlayground(t *testing.T) {
	chromium, node := "", ""
	for _, n := range chromiumNames {
		if p, err := exec.LookPath(n); err == nil {
			chromium = p
			break
		}
	}
	node, _ = exec.LookPath("node")
	testDir, err := filepath.Abs(filepath.Join("..", "playground", "test"))
	if err != nil {
		t.Fatal(err)
	}
	_, modErr := os.Stat(filepath.Join(testDir, "node_modules", "playwright-core", "package.json"))
	if chromium == "" || node == "" || modErr != nil {
		msg := "the playground's browser test needs chromium (apt-get install chromium), node and playground/test/node_modules (npm ci in playground/test)"
		if os.Getenv("CI") != "" {
			t.Fatalf("%s; CI needs them (.ci/run installs them): chromium %q, node %q, %v", msg, chromium, node, modErr)
		}
		t.Skip(msg + ": skipping")
	}

	out := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, "bash", filepath.Join("..", "playground", "build.sh"), out)
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("playground/build.sh: %v\n%s", err, b)
	}
	wasm, err := os.ReadFile(filepath.Join(out, "sfmd.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(wasm)
	_ = zw.Close()
	t.Logf("sfmd.wasm: %.1f MB, %.1f MB gzipped (gzip -9)", float64(len(wasm))/1e6, float64(gz.Len())/1e6)

	srv := httptest.NewServer(http.FileServer(http.Dir(out))) // 127.0.0.1
	defer srv.Close()
	doc := filepath.Join(t.TempDir(), "weather.md")
	// a character outside the BMP before the finding: two UTF-16 units
	// in the editor, four bytes in Go
	if err := os.WriteFile(doc, []byte(strings.Replace(lspDoc, "# Weather", "# Weather \U0001F326", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	seenFile := filepath.Join(t.TempDir(), "seen.json")
	cmd := exec.CommandContext(ctx, node, "browser.mjs", srv.URL+"/index.html", chromium, doc, seenFile)
	cmd.Dir = testDir
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("browser.mjs: %v\n%s", err, output)
	}
	seen := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(output))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), " "); ok {
			if k == "ok" {
				k, v, _ = strings.Cut(v, ": ")
			}
			seen[k] = v
		}
	}
	for _, step := range []string{"sample", "finding", "select", "view", "fixed", "link", "cap"} {
		if _, ok := seen[step]; !ok {
			t.Errorf("browser.mjs did not report step %q:\n%s", step, output)
		}
	}
	if !strings.Contains(seen["finding"], "error header-syntax-invalid") {
		t.Errorf("the finding shown is not header-syntax-invalid: %q", seen["finding"])
	}
	if want := `-H 'Accept: application/json'`; seen["select"] != want {
		t.Errorf("clicking the finding's position selected %q, want %q", seen["select"], want)
	}
	comparePlaygroundView(t, seenFile)
	t.Logf("page load in headless Chromium, from navigation to the first findings: %s ms", seen["load-ms"])
	t.Logf("one call on the sample, in ms (mean of 50): %s", seen["call-ms"])
	t.Logf("browser.mjs:\n%s", output)
}
