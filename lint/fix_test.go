package lint

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func fixDiag(safe bool, edits ...Edit) Diagnostic {
	return Diagnostic{Fixes: []Fix{{Message: "fix", Safe: safe, Edits: edits}}}
}

func TestApplyFixes(t *testing.T) {
	src := []byte("0123456789")
	tests := []struct {
		name  string
		diags []Diagnostic
		mode  FixMode
		want  string
		n     int
	}{
		{"disjoint", []Diagnostic{fixDiag(true, Edit{0, 1, "a"}), fixDiag(true, Edit{5, 7, "bc"})}, FixSafe, "a1234bc789", 2},
		{"order of fixes does not matter", []Diagnostic{fixDiag(true, Edit{5, 7, ""}), fixDiag(true, Edit{0, 1, "AAA"})}, FixSafe, "AAA1234789", 2},
		{"overlap: first wins", []Diagnostic{fixDiag(true, Edit{2, 5, "X"}), fixDiag(true, Edit{4, 6, "Y"})}, FixSafe, "01X56789", 1},
		{"containment: first wins", []Diagnostic{fixDiag(true, Edit{4, 5, "Y"}), fixDiag(true, Edit{2, 8, "X"})}, FixSafe, "0123Y56789", 1},
		{"adjacent edits both apply", []Diagnostic{fixDiag(true, Edit{2, 4, "X"}), fixDiag(true, Edit{4, 6, "Y"})}, FixSafe, "01XY6789", 2},
		{"two insertions at one offset conflict", []Diagnostic{fixDiag(true, Edit{3, 3, "a"}), fixDiag(true, Edit{3, 3, "b"})}, FixSafe, "012a3456789", 1},
		{"a fix whose own edits overlap is skipped whole", []Diagnostic{fixDiag(true, Edit{1, 3, "a"}, Edit{2, 4, "b"}), fixDiag(true, Edit{8, 9, "Z"})}, FixSafe, "01234567Z9", 1},
		{"out of range edit skipped", []Diagnostic{fixDiag(true, Edit{8, 20, "a"}), fixDiag(true, Edit{-1, 0, "b"}), fixDiag(true, Edit{5, 4, "c"})}, FixSafe, "0123456789", 0},
		{"a multi-edit fix is all or nothing", []Diagnostic{fixDiag(true, Edit{0, 1, "A"}), fixDiag(true, Edit{0, 1, "B"}, Edit{9, 10, "C"})}, FixSafe, "A123456789", 1},
		{"unsafe skipped by --fix", []Diagnostic{fixDiag(false, Edit{0, 1, "A"})}, FixSafe, "0123456789", 0},
		{"unsafe applied with --unsafe-fixes", []Diagnostic{fixDiag(false, Edit{0, 1, "A"})}, FixUnsafe, "A123456789", 1},
		{"no fix mode", []Diagnostic{fixDiag(true, Edit{0, 1, "A"})}, FixNone, "0123456789", 0},
		{"the first allowed fix of a diagnostic is used", []Diagnostic{{Fixes: []Fix{
			{Safe: false, Edits: []Edit{{0, 1, "U"}}}, {Safe: true, Edits: []Edit{{0, 1, "S"}}}}}}, FixSafe, "S123456789", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := string(src)
			got, n := ApplyFixes(src, tt.diags, tt.mode)
			if string(got) != tt.want || n != tt.n {
				t.Errorf("got %q (%d fixes), want %q (%d)", got, n, tt.want, tt.n)
			}
			if string(src) != before {
				t.Errorf("source modified in place: %q", src)
			}
		})
	}
}

// TestApplyFixesNoByteLost checks with random fixes that every byte
// outside the applied edits survives in order, whatever the conflicts.
func TestApplyFixesNoByteLost(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 2000; iter++ {
		n := 1 + r.Intn(40)
		src := make([]byte, n)
		for i := range src {
			src[i] = byte('a' + i%26)
		}
		var diags []Diagnostic
		for k := r.Intn(6); k > 0; k-- {
			s := r.Intn(n + 1)
			e := s + r.Intn(n+1-s)
			diags = append(diags, fixDiag(true, Edit{s, e, strings.Repeat("#", r.Intn(3))}))
		}
		got, applied := ApplyFixes(src, diags, FixSafe)
		// Rebuild expectation: replay accepted fixes with a naive
		// byte-ownership model.
		owner := make([]int, n+1) // 0 free, else fix index+1
		var acc []Edit
		for i, d := range diags {
			e := d.Fixes[0].Edits[0]
			ok := true
			for _, a := range acc {
				if overlap(a, e) {
					ok = false
				}
			}
			if ok {
				acc = append(acc, e)
				for b := e.Start; b < e.End; b++ {
					owner[b] = i + 1
				}
			}
		}
		if applied != len(acc) {
			t.Fatalf("iter %d: applied %d, want %d", iter, applied, len(acc))
		}
		sortEdits(acc)
		var want bytes.Buffer
		last := 0
		for _, e := range acc {
			want.Write(src[last:e.Start])
			want.WriteString(e.New)
			last = e.End
		}
		want.Write(src[last:])
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("iter %d: got %q want %q (fixes %+v)", iter, got, want.Bytes(), diags)
		}
	}
}

func TestFixRoundsAndIdempotence(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a.md": "xxxxxxxx BAD UGLY\nxx BAD\n",
		"b.md": "nothing to fix TODO\n",
	})
	if err := os.Chmod(filepath.Join(dir, "a.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	rep := run(t, Options{Dir: dir, Fix: FixSafe})
	if got, want := readFile(t, filepath.Join(dir, "a.md")), "x good UGLY\nx good\n"; got != want {
		t.Errorf("a.md after --fix = %q, want %q", got, want)
	}
	if got, want := strings.Join(rep.Changed, ","), "a.md"; got != want {
		t.Errorf("changed = %q, want %q", got, want)
	}
	// 8 x collapse in rounds (4+2+1 fixes... plus the second line) and 2 BAD.
	if rep.Fixed < 5 {
		t.Errorf("fixed = %d, want at least 5", rep.Fixed)
	}
	fi, err := os.Stat(filepath.Join(dir, "a.md"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after fix = %v, want 0600", fi.Mode().Perm())
	}
	want := "a.md:1:8: info: found \"UGLY\" [no-ugly]\nb.md:1:16: warning: found \"TODO\" [no-todo]\n"
	if got := lines(rep.Diagnostics); got != want {
		t.Errorf("remaining after fix:\n%s\nwant:\n%s", got, want)
	}
	// A second run finds nothing safely fixable and changes nothing.
	rep2 := run(t, Options{Dir: dir, Fix: FixSafe})
	if rep2.Fixed != 0 || len(rep2.Changed) != 0 {
		t.Errorf("second --fix run fixed %d in %v", rep2.Fixed, rep2.Changed)
	}
	// Unsafe fixes need FixUnsafe.
	run(t, Options{Dir: dir, Fix: FixUnsafe})
	if got, want := readFile(t, filepath.Join(dir, "a.md")), "x good nice\nx good\n"; got != want {
		t.Errorf("after --unsafe-fixes = %q, want %q", got, want)
	}
	// No temporary files left behind.
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.Contains(e.Name(), ".sfmd-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

func TestDiffDoesNotWrite(t *testing.T) {
	src := "line one\nBAD here\nlast\n"
	dir := writeTree(t, map[string]string{"a.md": src})
	rep := run(t, Options{Dir: dir, Diff: true})
	if got := readFile(t, filepath.Join(dir, "a.md")); got != src {
		t.Errorf("--diff modified the file: %q", got)
	}
	want := "--- a/a.md\n+++ b/a.md\n@@ -1,3 +1,3 @@\n line one\n-BAD here\n+good here\n last\n"
	if len(rep.Diffs) != 1 || rep.Diffs[0].Diff != want {
		t.Errorf("diffs = %+v, want one:\n%s", rep.Diffs, want)
	}
	if rep.Fixed != 1 || strings.Join(rep.Changed, ",") != "a.md" {
		t.Errorf("fixed %d changed %v", rep.Fixed, rep.Changed)
	}
}

func TestFixStdin(t *testing.T) {
	dir := writeTree(t, map[string]string{"docs/.sfmd.yaml": "rules:\n  no-bad: off\n"})
	rep := run(t, Options{Dir: dir, Paths: []string{"-"}, Stdin: strings.NewReader("BAD TODO xx\n"), StdinFilename: "docs/new.md", Fix: FixSafe})
	if got, want := string(rep.Stdout), "BAD TODO x\n"; got != want {
		t.Errorf("stdout = %q, want %q (config in docs/ turns no-bad off)", got, want)
	}
	if got, want := lines(rep.Diagnostics), "docs/new.md:1:5: warning: found \"TODO\" [no-todo]\n"; got != want {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
	}
	if src := rep.Source("docs/new.md"); string(src) != "BAD TODO x\n" {
		t.Errorf("Source(stdin) = %q", src)
	}
}

func TestFixFollowsSymlinks(t *testing.T) {
	dir := writeTree(t, map[string]string{"real/a.md": "BAD\n"})
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(filepath.Join("real", "a.md"), link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	rep := run(t, Options{Dir: dir, Paths: []string{"link.md", "real/a.md", "real"}, Fix: FixSafe})
	if rep.Files != 1 {
		t.Errorf("one file under three names was fixed %d times", rep.Files)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("link.md is no longer a symlink: %v %v", fi.Mode(), err)
	}
	if got := readFile(t, filepath.Join(dir, "real", "a.md")); got != "good\n" {
		t.Errorf("target = %q", got)
	}
}
