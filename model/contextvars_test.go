package model

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestContextVarNames: the language's list of context variables
// (sfmd.ContextVarNames) is the set the runtime model gives an action:
// ctxVars.get knows each of them, and no other name (the names of the
// list with one letter changed, in another case, cut or extended).
func TestContextVarNames(t *testing.T) {
	rt := &Runtime{Env: Env{Home: "/h", DocPath: "/h/a/doc.md", DocURI: "file:///h/a/doc.md", Topic: "app:x:y"}}
	v := rt.contextVars("--q 1")
	want := map[string]string{"ARGS": "--q 1", "CURRENT_BLOCK": "", "CURRENT_FILE": "/h/a/doc.md", "CURRENT_TARGET": "app:x:y",
		"CURRENT_URI": "file:///h/a/doc.md", "CWD": "/h/a", "HOME": "/h", "STRING_APP_DIR": "/h/a", "STRING_WORK_DIR": "/h/.string-work/x:y"}
	if len(want) != len(sfmd.ContextVarNames) {
		t.Fatalf("the test knows %d context variables, sfmd.ContextVarNames %d", len(want), len(sfmd.ContextVarNames))
	}
	for _, n := range sfmd.ContextVarNames {
		got, ok := v.get(n)
		if !ok || !IsContextVar(n) || got != want[n] {
			t.Errorf("$%s = %q, %v; want %q", n, got, ok, want[n])
		}
	}
	for _, n := range sfmd.ContextVarNames {
		for _, o := range []string{n + "X", n[1:], n[:len(n)-1], "x" + n[1:], "H" + n, n + "_"} {
			if _, ok := v.get(o); ok && !slices.Contains(sfmd.ContextVarNames, o) {
				t.Errorf("ctxVars knows $%s, which is no context variable", o)
			}
		}
	}
	if _, ok := v.get("home"); ok {
		t.Error("ctxVars knows $home")
	}
}

// TestEnvVarEndIsRegexp: resolveEnvVars finds the $NAMEs reEnvVar finds
// (FindAllStringSubmatchIndex), and replaces them as replaceSubmatch
// with the pattern did, on random texts of '$', name characters and
// others.
func TestEnvVarEndIsRegexp(t *testing.T) {
	rt := &Runtime{Env: Env{Topic: "app:t", Home: "/h", Store: map[string]string{"A": "[a]", "_x": "", "B1": "$A"}}}
	extra := rt.contextVars("$ARGS")
	slow := func(s string) string {
		return replaceSubmatch(reEnvVar.Re(), s, func(m []string, _ int) string {
			if v, ok := extra.get(m[1]); ok {
				return v
			}
			if v, ok := rt.storeGet(m[1]); ok {
				return v
			}
			return m[0]
		})
	}
	pieces := []string{"$", "$", "A", "_x", "B1", "HOME", "ARGS", "a", "Z", "_", "0", "9", "-", " ", "é", "{", "}", "$$", "\n", "\u00a0"}
	r := rand.New(rand.NewPCG(7, 11))
	for range 20000 {
		var s string
		for range r.IntN(12) {
			s += pieces[r.IntN(len(pieces))]
		}
		var spans [][]int
		for i := nextDollar(s, 0); i >= 0; {
			if end := envVarEnd(s, i); end >= 0 {
				spans = append(spans, []int{i, end, i + 1, end})
				i = nextDollar(s, end)
			} else {
				i = nextDollar(s, i+1)
			}
		}
		if want := reEnvVar.Re().FindAllStringSubmatchIndex(s, -1); !slices.EqualFunc(spans, want, slices.Equal) {
			t.Fatalf("%q: envVarEnd finds %v, the regexp %v", s, spans, want)
		}
		if got, want := rt.resolveEnvVars(s, extra), slow(s); got != want {
			t.Fatalf("%q: resolveEnvVars = %q, replaceSubmatch %q", s, got, want)
		}
	}
}
