package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"os"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// maxEnvFile bounds an --env-file.
const maxEnvFile = 1 << 20

var envNameRE = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// secretsFor returns the Options.Secrets of --env-file and --env-from-os:
// a suite env name takes its value from the env file, else (with
// --env-from-os) from sfmd's environment; nil when neither is given.
func (f *testFlags) secretsFor(stdio Stdio) (func(string) string, error) {
	if f.envFile == "" && !f.envFromOS {
		return nil, nil
	}
	if !f.record {
		return nil, fmt.Errorf("--env-file and --env-from-os only apply to --record (replay uses the suites' own env values)")
	}
	file := map[string]string{}
	if f.envFile != "" {
		var err error
		if file, err = readEnvFile(f.envFile, stdio.Dir); err != nil {
			return nil, fmt.Errorf("--env-file: %v", err)
		}
	}
	fromOS := f.envFromOS
	return func(name string) string {
		if v, ok := file[name]; ok {
			return v
		}
		if fromOS {
			return stdio.Getenv(name)
		}
		return ""
	}, nil
}

// readEnvFile reads NAME=VALUE lines ("export " before the name, blank
// lines and # comments allowed, a value may be in single or double
// quotes). The file must be outside the repository (the git work tree
// around dir, or dir itself outside one): it holds real secrets.
func readEnvFile(path, dir string) (map[string]string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if dir == "" {
		if dir, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	root := repoRoot(dir)
	if root == "" {
		root = absDir(dir)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("%s is inside %s: a file of real secrets belongs outside the repository (for example in ~/.config), where it cannot be committed", path, root)
	}
	data, _, err := safeio.ReadFile(abs, maxEnvFile)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), maxEnvFile)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(strings.TrimPrefix(line, "export "), "=")
		name = strings.TrimSpace(name)
		if !ok || !envNameRE.MatchString(name) {
			return nil, fmt.Errorf("%s:%d: expected NAME=VALUE", path, n)
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] {
			value = value[1 : len(value)-1]
		}
		out[name] = value
	}
	return out, sc.Err()
}
