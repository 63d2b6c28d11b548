// Package testscripts holds the black-box CLI contracts of sfmd: one
// .txtar script per user-visible behaviour, run with testscript. Each script
// runs in a fresh $WORK; `exec sfmd …` calls the real command line.
//
// Rewrite the expected files embedded in the archives with
// `go test ./testscripts -update`.
package testscripts

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/sfmd-dev/sfmd/internal/cli"
	"github.com/sfmd-dev/sfmd/runner"
)

var update = flag.Bool("update", false, "rewrite expected output embedded in the scripts")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"sfmd": func() {
			cli.TuneProcess()
			os.Exit(cli.Main(os.Args[1:], cli.OSStdio()))
		},
	})
}

func TestScripts(t *testing.T) {
	upstream, _ := filepath.Abs(filepath.Join("..", "..", "shared", "corpus", "upstream"))
	if st, err := os.Stat(upstream); err != nil || !st.IsDir() {
		upstream = ""
	}
	testscript.Run(t, testscript.Params{
		Dir:           ".",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			// A clean, deterministic environment: no CI detection, no colour.
			env.Setenv("CI", "")
			env.Setenv("GITHUB_ACTIONS", "")
			env.Setenv("NO_COLOR", "")
			// The real documents next to the repository (read, never
			// copied into it); [upstream] says whether they are there.
			env.Setenv("UPSTREAM", upstream)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "userns":
				// --exec=real can run commands in a mount namespace here.
				mode, _, err := runner.CheckIsolation(runner.IsolationNamespace)
				return err == nil && mode == runner.IsolationNamespace, nil
			case "upstream":
				return upstream != "", nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"fill": cmdFill,
		},
	})
}

// cmdFill does what a person filling the stubs of sfmd test --init does:
// "fill SUITE LINE..." replaces, in order, each stub response (its todo
// line and the placeholder body under status) with the status line and
// the given YAML line, at the stub's indentation.
func cmdFill(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: fill SUITE LINE...")
	}
	path := ts.MkAbs(args[0])
	src, err := os.ReadFile(path)
	ts.Check(err)
	stub := regexp.MustCompile(`( *)todo: [^\n]*\n *status: 200\n *(?:json: \{\}|body: "")\n`)
	lines := args[1:]
	n := 0
	out := stub.ReplaceAllStringFunc(string(src), func(m string) string {
		if n >= len(lines) {
			return m
		}
		ind := m[:len(m)-len(strings.TrimLeft(m, " "))]
		n++
		return ind + "status: 200\n" + ind + lines[n-1] + "\n"
	})
	if n != len(lines) {
		ts.Fatalf("fill: %s has %d stubs, got %d lines", args[0], n, len(lines))
	}
	ts.Check(os.WriteFile(path, []byte(out), 0o644))
}
