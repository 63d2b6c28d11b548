package lint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// BufferLinter lints documents held in memory, as an editor has them (the
// language server keeps one per session). Each document gets exactly what
// Run would give the same text on disk: the nearest .sfmd.yaml (profiles,
// rule settings, overrides, ignore globs), the selection, severities,
// suppressions, and for cross-file rules the other open buffers over the
// files on disk. Settings are resolved once per directory and kept until
// Reload. Safe for concurrent use.
type BufferLinter struct {
	reg   *Registry
	parse func(string, []byte) *sfmd.Document
	sel   Selection
	cwd   string
	fixed *config // an explicit config file (BufferOptions.Config)
	show  Options // MinSeverity and ShowSelected

	mu     sync.Mutex
	finder *configFinder
	orders map[*settings]kindOrders
}

// BufferOptions configure a BufferLinter (the flags of `sfmd lint` that
// make sense for one buffer).
type BufferOptions struct {
	// Dir is the working directory: paths in messages are shown relative
	// to it, and a relative Config is resolved against it. "" means the
	// process's.
	Dir string
	// Config is an explicit config file used for every document instead
	// of the discovered ones (--config).
	Config string
	// Selection is --enable/--disable.
	Selection Selection
	// Parse parses one document; nil means sfmd.Parse.
	Parse func(path string, src []byte) *sfmd.Document
	// MinSeverity and ShowSelected are those of Options: a finding below
	// MinSeverity (unless ShowSelected and its rule is enabled
	// explicitly) is left out of the Diagnostics, and Fix does not apply
	// its fixes.
	MinSeverity  Severity
	ShowSelected bool
	// ConfigMinSeverity is that of Options: the min-severity of the
	// config that applies to a document takes the place of MinSeverity.
	// (The config's fail-on lowers the minimum to it, as in sfmd lint.)
	ConfigMinSeverity bool
}

// Buffer is one document to lint.
type Buffer struct {
	// Path is where the document lives (absolute, or relative to
	// BufferOptions.Dir); its directory decides the config.
	Path string
	// Src is the text as the editor has it.
	Src []byte
	// Overlay maps the absolute paths of other documents open in the
	// editor to their unsaved text: cross-file rules read them instead of
	// the files on disk.
	Overlay map[string][]byte
}

// BufferResult is what Lint found.
type BufferResult struct {
	// Doc is the parsed document (nil for an install manifest or an
	// ignored file). Its LineIndex is no longer used by the rules.
	Doc *sfmd.Document
	// Diagnostics are sorted by position, like Report.Diagnostics.
	Diagnostics []Diagnostic
	// Ignored is set when the config's ignore globs exclude the file, or
	// when it is JSON and no manifest rule is enabled for it.
	Ignored bool
	// TooLarge is set when the buffer is over the size cap `sfmd lint`
	// applies to the file (the max-size option of rule file-too-large,
	// else safeio.DefaultMaxSize): it was not parsed, and Diagnostics hold
	// file-too-large alone (none when that rule is off).
	TooLarge bool
	// Err holds rule failures; the other rules' diagnostics are still
	// there.
	Err error
}

// NewBufferLinter validates analyzers and the options. It returns a
// *UsageError for an unknown rule in the selection and ConfigErrors for an
// invalid explicit config.
func NewBufferLinter(analyzers []*Analyzer, opts BufferOptions) (*BufferLinter, error) {
	reg, err := NewRegistry(analyzers)
	if err != nil {
		return nil, fmt.Errorf("invalid rule set: %w", err)
	}
	if err := opts.Selection.validate(reg); err != nil {
		return nil, err
	}
	b := &BufferLinter{reg: reg, parse: opts.Parse, sel: opts.Selection,
		show: Options{MinSeverity: opts.MinSeverity, ShowSelected: opts.ShowSelected, ConfigMinSeverity: opts.ConfigMinSeverity,
			NoHiddenCount: true}} // a BufferResult tells no number of findings hidden
	if b.parse == nil {
		b.parse = sfmd.Parse
	}
	if b.cwd = opts.Dir; b.cwd == "" {
		if b.cwd, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	if b.cwd, err = filepath.Abs(b.cwd); err != nil {
		return nil, err
	}
	if opts.Config != "" {
		p := opts.Config
		if !filepath.IsAbs(p) {
			p = filepath.Join(b.cwd, p)
		}
		if b.fixed, err = loadConfig(p, opts.Config, reg); err != nil {
			return nil, err
		}
	}
	b.Reload()
	return b, nil
}

// Registry returns the rules' metadata.
func (b *BufferLinter) Registry() *Registry { return b.reg }

// Reload forgets the resolved configs: the next Lint reads the
// .sfmd.yaml files again (call it when one changed on disk).
func (b *BufferLinter) Reload() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.finder = newConfigFinder(b.reg, b.cwd, b.sel)
	b.finder.th = thresholdsOf(b.show)
	b.finder.fixed = b.fixed
	b.orders = map[*settings]kindOrders{}
}

// ConfigPath returns the config file that applies to the document at
// path ("" for the built-in defaults), or the config's errors.
func (b *BufferLinter) ConfigPath(path string) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c, err := b.finder.forDir(filepath.Dir(b.abs(path)))
	if err != nil || c.Path == "" {
		return "", err
	}
	return b.abs(c.Path), nil
}

func (b *BufferLinter) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(b.cwd, p)
}

// Lint checks one buffer. It returns ConfigErrors when the config that
// applies to the document is invalid (as `sfmd lint` would exit 2), and
// ctx's error when ctx is done before the rules finish.
func (b *BufferLinter) Lint(ctx context.Context, buf Buffer) (*BufferResult, error) {
	l, j, err := b.prepare(buf.Path)
	if err != nil || j == nil {
		return &BufferResult{Ignored: j == nil}, err
	}
	r := l.checkDoc(b.input(ctx, j, buf, FixNone))
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	res := &BufferResult{Doc: r.doc, Diagnostics: r.diags, Err: r.err, TooLarge: r.head != nil}
	if j.json {
		res.Doc = nil
	}
	return res, nil
}

// Fix applies the fixes mode allows to the buffer the way `sfmd lint
// --fix` rewrites a file, through the same checker: lint, fix, lint
// again, up to maxFixRounds (FixNoqa writes the suppression comments, as
// --add-noqa without a reason). It returns the fixed text and the number
// of fixes applied (0 and the buffer's text when there is nothing to fix,
// or when the parser or the checker failed).
func (b *BufferLinter) Fix(ctx context.Context, buf Buffer, mode FixMode) ([]byte, int, error) {
	l, j, err := b.prepare(buf.Path)
	if err != nil || j == nil || mode == FixNone {
		return buf.Src, 0, err
	}
	r := l.checkDoc(b.input(ctx, j, buf, mode))
	if err := ctx.Err(); err != nil {
		return buf.Src, 0, err
	}
	if r.fixed == 0 {
		return buf.Src, 0, nil
	}
	return r.src, r.fixed, nil
}

// input is what checkDoc checks for buf: its text, each round's text
// seen by the rules that read the document back by path, over the other
// buffers and the disk.
func (b *BufferLinter) input(ctx context.Context, j *job, buf Buffer, mode FixMode) checkInput {
	return checkInput{j: j, src: buf.Src, ctx: ctx, mode: mode, keepDoc: mode == FixNone,
		ws: func(src []byte) *Workspace {
			return b.workspace(j, Buffer{Path: buf.Path, Src: src, Overlay: buf.Overlay})
		}}
}

// TooLarge reports whether a buffer of size bytes at path is over the
// size cap of its settings, so that Lint and Fix do not parse it.
func (b *BufferLinter) TooLarge(path string, size int) bool {
	l, j, err := b.prepare(path)
	return err == nil && j != nil && int64(size) > l.maxSize(j)
}

// prepare resolves the settings of the document at path. A nil job means
// the document is not linted (ignored, or JSON without manifest rules).
func (b *BufferLinter) prepare(path string) (*linter, *job, error) {
	abs := b.abs(path)
	b.mu.Lock()
	defer b.mu.Unlock()
	c, err := b.finder.forDir(filepath.Dir(abs))
	if err != nil {
		return nil, nil, err
	}
	if c.Ignored(abs) {
		return nil, nil, nil
	}
	set := b.finder.settingsFor(c, abs)
	ko, ok := b.orders[set]
	if !ok {
		ko = splitOrders(set)
		b.orders[set] = ko
	}
	display := abs
	if rel, err := filepath.Rel(b.cwd, abs); err == nil && filepath.IsLocal(rel) {
		display = rel
	}
	j := &job{display: display, abs: abs, set: set, json: isJSONPath(abs), order: ko.sfmd, skip: ko.sfmdSkip}
	if j.json {
		if j.order, j.skip = ko.json, ko.jsonSkip; len(j.order) == 0 {
			return nil, nil, nil
		}
	}
	return &linter{reg: b.reg, parse: b.parse, opts: b.show}, j, nil
}

// workspace gives the rules the other buffers over the disk, and the
// document's own buffer for the rules that read it back by path.
func (b *BufferLinter) workspace(j *job, buf Buffer) *Workspace {
	shared := newWorkspaceShared(b.parse, b.cwd)
	for p, src := range buf.Overlay {
		shared.overlay[b.abs(p)] = src
	}
	shared.overlay[j.abs] = buf.Src
	return &Workspace{shared: shared, dir: filepath.Dir(j.abs)}
}
