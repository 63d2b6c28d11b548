package lint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/sfmd"
)

func newBufferLinter(t *testing.T, dir string, sel Selection, as ...*Analyzer) *BufferLinter {
	t.Helper()
	if as == nil {
		as = append(append([]*Analyzer(nil), testSet...), includeRule)
	}
	b, err := NewBufferLinter(as, BufferOptions{Dir: dir, Selection: sel, Parse: fakeParse})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A buffer gets what `sfmd lint` gives the same text on disk: config,
// overrides, severities, suppressions, the same paths in messages.
func TestBufferLinterMatchesRun(t *testing.T) {
	files := map[string]string{
		".sfmd.yaml":  "profiles: [core, runtime, project]\nrules:\n  no-todo: error\noverrides:\n  - files: [\"legacy/**\"]\n    rules: {no-bad: off}\n",
		"a.md":        "BAD TODO UGLY PROJ\n<!-- sfmd-disable-next-line no-bad -->\nBAD\n<!-- sfmd-disable-line no-todo -->\ninclude: missing.md#x\n",
		"legacy/b.md": "BAD TODO\n",
	}
	dir := writeTree(t, files)
	b := newBufferLinter(t, dir, Selection{})
	for _, name := range []string{"a.md", "legacy/b.md"} {
		rep := run(t, Options{Dir: dir, Paths: []string{name}}, append(append([]*Analyzer(nil), testSet...), includeRule)...)
		res, err := b.Lint(context.Background(), Buffer{Path: filepath.Join(dir, name), Src: []byte(files[name])})
		if err != nil || res.Err != nil {
			t.Fatal(err, res.Err)
		}
		if got, want := lines(res.Diagnostics), lines(rep.Diagnostics); got != want || got == "" {
			t.Errorf("%s: buffer:\n%s\nsfmd lint:\n%s", name, got, want)
		}
		if res.Doc == nil || string(res.Doc.Src) != files[name] {
			t.Errorf("%s: no parsed document", name)
		}
	}
}

// Cross-file rules read the other open buffers before the disk; the
// selection and ignore globs apply; Reload picks up a changed config.
func TestBufferLinterOverlayIgnoreReload(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"doc.md":    "include: part.md#alpha\n",
		"part.md":   "beta\n",
		"skip/x.md": "BAD\n",
	})
	b := newBufferLinter(t, dir, Selection{Enable: []string{"project"}})
	lintDoc := func(overlay map[string][]byte) string {
		t.Helper()
		res, err := b.Lint(context.Background(), Buffer{Path: "doc.md", Src: []byte("include: part.md#alpha\n"), Overlay: overlay})
		if err != nil {
			t.Fatal(err)
		}
		return lines(res.Diagnostics)
	}
	if got := lintDoc(nil); !strings.Contains(got, `"part.md" has no "alpha"`) {
		t.Errorf("disk: %q", got)
	}
	if got := lintDoc(map[string][]byte{filepath.Join(dir, "part.md"): []byte("alpha\n")}); got != "" {
		t.Errorf("the open buffer of part.md is not used: %q", got)
	}

	res, err := b.Lint(context.Background(), Buffer{Path: filepath.Join(dir, "skip/x.md"), Src: []byte("BAD\n")})
	if err != nil || res.Ignored || len(res.Diagnostics) != 1 {
		t.Fatalf("before the config: %v %+v", err, res)
	}
	if err := os.WriteFile(filepath.Join(dir, ".sfmd.yaml"), []byte("ignore: [\"skip/**\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b.Reload()
	res, err = b.Lint(context.Background(), Buffer{Path: filepath.Join(dir, "skip/x.md"), Src: []byte("BAD\n")})
	if err != nil || !res.Ignored || len(res.Diagnostics) != 0 {
		t.Errorf("ignored after Reload: %v %+v", err, res)
	}
	if p, err := b.ConfigPath(filepath.Join(dir, "doc.md")); err != nil || p != filepath.Join(dir, ".sfmd.yaml") {
		t.Errorf("ConfigPath = %q, %v", p, err)
	}

	if err := os.WriteFile(filepath.Join(dir, ".sfmd.yaml"), []byte("rules: {no-such-rule: off}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b.Reload()
	var ce ConfigErrors
	if _, err := b.Lint(context.Background(), Buffer{Path: filepath.Join(dir, "doc.md"), Src: nil}); !errors.As(err, &ce) {
		t.Errorf("invalid config: %v, want ConfigErrors", err)
	}
}

// Fix applies safe fixes in rounds like --fix; a done context stops Lint.
func TestBufferLinterFixAndCancel(t *testing.T) {
	dir := writeTree(t, map[string]string{})
	b := newBufferLinter(t, dir, Selection{})
	src := []byte("BAD xxxx UGLY\n")
	got, n, err := b.Fix(context.Background(), Buffer{Path: "f.md", Src: src}, FixSafe)
	if err != nil || string(got) != "good x UGLY\n" || n < 2 {
		t.Errorf("Fix = %q, %d, %v", got, n, err)
	}
	if string(src) != "BAD xxxx UGLY\n" {
		t.Errorf("Fix modified its input")
	}
	got, _, _ = b.Fix(context.Background(), Buffer{Path: "f.md", Src: src}, FixUnsafe)
	if string(got) != "good x nice\n" {
		t.Errorf("unsafe Fix = %q", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Lint(ctx, Buffer{Path: "f.md", Src: src}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Lint: %v", err)
	}
	if _, err := NewBufferLinter(testSet, BufferOptions{Dir: dir, Selection: Selection{Enable: []string{"no-such"}}}); err == nil {
		t.Errorf("unknown rule in the selection accepted")
	}
}

// A buffer over the size cap `sfmd lint` applies to the file (the
// max-size option of rule file-too-large, else the default) is not
// parsed: it gets what `sfmd lint` prints for the file, file-too-large
// alone, and Fix leaves it as it is.
func TestBufferLinterSizeCap(t *testing.T) {
	tooLarge := &Analyzer{Name: sfmd.CodeFileTooLarge, Severity: Error, Profile: Core, Doc: Doc{Title: "file is too large"},
		OptionDocs: map[string]string{MaxSizeOption: "the cap"}, CheckOption: func(_ string, v any) error { _, err := SizeOption(v); return err },
		Run: func(p *Pass) (any, error) {
			for _, pr := range p.Doc.Problems {
				p.Report(Diagnostic{Span: pr.Span, Message: pr.Message})
			}
			return nil, nil
		}}
	set := append([]*Analyzer{tooLarge}, testSet...)
	big := "# Big BAD\n" + strings.Repeat("BAD\n", 100)
	dir := writeTree(t, map[string]string{
		"capped/.sfmd.yaml": "rules:\n  file-too-large:\n    options: {max-size: 100}\n",
		"capped/big.md":     big,
	})
	parsed := 0
	parse := func(p string, src []byte) *sfmd.Document { parsed++; return fakeParse(p, src) }
	b, err := NewBufferLinter(set, BufferOptions{Dir: dir, Parse: parse})
	if err != nil {
		t.Fatal(err)
	}
	rep := run(t, Options{Dir: dir, Paths: []string{"capped/big.md"}}, set...)
	res, err := b.Lint(context.Background(), Buffer{Path: "capped/big.md", Src: []byte(big)})
	if err != nil || res.Err != nil {
		t.Fatal(err, res.Err)
	}
	if got, want := lines(res.Diagnostics), lines(rep.Diagnostics); got != want || !strings.Contains(got, "[file-too-large]") || !res.TooLarge || res.Doc != nil || parsed != 0 {
		t.Errorf("buffer (parsed %d times, TooLarge %v):\n%s\nsfmd lint:\n%s", parsed, res.TooLarge, got, want)
	}
	if fixed, n, err := b.Fix(context.Background(), Buffer{Path: "capped/big.md", Src: []byte(big)}, FixSafe); err != nil || n != 0 || string(fixed) != big || parsed != 0 {
		t.Errorf("Fix of a buffer over the cap: %d fixes, %v, parsed %d times", n, err, parsed)
	}
	if !b.TooLarge("capped/big.md", len(big)) || b.TooLarge("capped/big.md", 100) {
		t.Errorf("TooLarge does not follow the config's max-size")
	}
	// Without a config, the default cap.
	huge := make([]byte, safeio.DefaultMaxSize+1)
	for i := range huge {
		huge[i] = 'x'
	}
	if res, err = b.Lint(context.Background(), Buffer{Path: "huge.md", Src: huge}); err != nil || !res.TooLarge || lines(res.Diagnostics) == "" || parsed != 0 {
		t.Errorf("a buffer over the default cap: %v, %+v, parsed %d times", err, res, parsed)
	}
}
