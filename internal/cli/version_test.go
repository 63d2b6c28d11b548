package cli

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionFromBuildInfo(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/sfmd-dev/sfmd", Version: "v0.1.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	plat := runtime.GOOS + "/" + runtime.GOARCH
	for _, c := range []struct {
		name    string
		info    *debug.BuildInfo
		stamped string
		want    string
	}{
		{"go install …@v0.1.0", info, "", "sfmd v0.1.0\ncommit 0123456789abcdef (modified, 2026-01-02T03:04:05Z)\nbuilt with go1.26.8 for " + plat + "\n"},
		{"-ldflags wins", info, "v0.2.0-snapshot", "sfmd v0.2.0-snapshot\nmodule v0.1.0\ncommit 0123456789abcdef (modified, 2026-01-02T03:04:05Z)\nbuilt with go1.26.8 for " + plat + "\n"},
		{"local build", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, "", "sfmd devel\nbuilt with go1.26.8 for " + plat + "\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			writeVersion(&b, fromBuildInfo(c.info, c.stamped))
			if b.String() != c.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), c.want)
			}
		})
	}
}

// TestVersionLdflags builds sfmd with the -ldflags override the release
// script uses and runs sfmd version and the SARIF output.
func TestVersionLdflags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	bin := filepath.Join(t.TempDir(), "sfmd")
	build := exec.Command(goCmd, "build", "-ldflags", "-X github.com/sfmd-dev/sfmd/internal/cli.Version=v7.7.7-test", "-o", bin, "../../cmd/sfmd")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(string(out), "\n"); first != "sfmd v7.7.7-test" {
		t.Errorf("sfmd version prints %q", out)
	}
	out, _ = exec.Command(bin, "--help").Output()
	if !strings.HasPrefix(string(out), "sfmd v7.7.7-test:") {
		t.Errorf("usage does not show the version: %q", out)
	}
}
