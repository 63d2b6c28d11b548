package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/lint/format"
)

// outputFileFlag is one --output-file FORMAT=PATH.
type outputFileFlag struct{ format, path string }

// outputFiles collects the repeatable --output-file flag.
type outputFiles []outputFileFlag

func (o *outputFiles) String() string {
	s := make([]string, len(*o))
	for i, f := range *o {
		s[i] = f.format + "=" + f.path
	}
	return strings.Join(s, ",")
}

func (o *outputFiles) Set(v string) error {
	name, path, ok := strings.Cut(v, "=")
	if !ok || path == "" {
		return fmt.Errorf("want FORMAT=PATH, such as sarif=sfmd.sarif")
	}
	if !validFormat(name) {
		return fmt.Errorf("unknown format %q, %s", name, suggest.DidYouMean(name, format.Names(), "expected one of "+quoted(format.Names())))
	}
	for _, f := range *o {
		if filepath.Clean(f.path) == filepath.Clean(path) {
			return fmt.Errorf("%s is named twice", path)
		}
	}
	*o = append(*o, outputFileFlag{name, path})
	return nil
}

// lintOutputs renders the findings of a run while it goes (lint.Options
// Output): in the --format format on the standard output, and in each
// --output-file, first into a temporary file, which replaces the named
// one atomically once the run is over.
type lintOutputs struct {
	main    *format.Stream // nil: the run's output is not findings (--diff), or waits (--fix on stdin)
	held    []lint.Diagnostic
	hold    bool // --fix on stdin: the findings follow the fixed document
	heldSrc map[string]func(string) []byte
	files   []*outputFile
	source  func(string) []byte // the current batch's
	err     error               // the first write that failed
}

type outputFile struct {
	path   string
	tmp    *os.File
	stream *format.Stream
}

// newOutputs opens the outputs of r; ctx is the --format output's context.
func (r *lintRun) newOutputs(out io.Writer, ctx format.Context) (*lintOutputs, error) {
	o := &lintOutputs{hold: r.stdinMode && r.fix}
	ctx.Source = func(p string) []byte { return o.source(p) }
	if !r.diff && !o.hold {
		s, err := format.NewStream(out, r.format, ctx)
		if err != nil {
			return nil, err
		}
		o.main = s
	}
	fctx := ctx
	fctx.Color, fctx.Summary = false, nil
	for _, f := range r.outputFiles {
		tmp, err := os.CreateTemp("", "sfmd-output-*")
		if err != nil {
			o.discard()
			return nil, fmt.Errorf("--output-file %s: %w", f.path, err)
		}
		s, err := format.NewStream(tmp, f.format, fctx)
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
			o.discard()
			return nil, err
		}
		o.files = append(o.files, &outputFile{path: r.abs(f.path), tmp: tmp, stream: s})
	}
	return o, nil
}

// write is lint.Options.Output.
func (o *lintOutputs) write(diags []lint.Diagnostic, source func(string) []byte) {
	o.source = source
	if o.hold {
		o.held = append(o.held, diags...)
		if o.heldSrc == nil {
			o.heldSrc = map[string]func(string) []byte{}
		}
		for _, d := range diags {
			o.heldSrc[d.Path] = source
		}
	}
	if o.main != nil {
		o.keep(o.main.Write(diags))
	}
	for _, f := range o.files {
		o.keep(f.stream.Write(diags))
	}
}

func (o *lintOutputs) keep(err error) {
	if err != nil && o.err == nil {
		o.err = err
	}
}

// heldSource is the source of a held finding's file.
func (o *lintOutputs) heldSource(p string) []byte {
	if src := o.heldSrc[p]; src != nil {
		return src(p)
	}
	return nil
}

// closeMain ends the --format output.
func (o *lintOutputs) closeMain() error {
	if o.main != nil {
		o.keep(o.main.Close())
	}
	return o.err
}

// finishFiles ends each --output-file and puts it in place.
func (o *lintOutputs) finishFiles() error {
	var errs []error
	for _, f := range o.files {
		err := f.stream.Close()
		if err == nil {
			_, err = f.tmp.Seek(0, io.SeekStart)
		}
		if err == nil {
			err = safeio.WriteFileFrom(f.path, f.tmp, 0o644)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("--output-file %s: %w", f.path, err))
		}
	}
	o.discard()
	return errors.Join(errs...)
}

// discard removes the temporary files.
func (o *lintOutputs) discard() {
	for _, f := range o.files {
		name := f.tmp.Name()
		_ = f.tmp.Close()
		_ = os.Remove(name)
	}
	o.files = nil
}

// abs resolves an --output-file path against the run's directory.
func (r *lintRun) abs(p string) string {
	if filepath.IsAbs(p) || r.opts.Dir == "" {
		return p
	}
	return filepath.Join(r.opts.Dir, p)
}
