package lint

import (
	"errors"
	"fmt"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// maxSize is the size cap of the job's document: --max-file-size, else
// the max-size option of rule file-too-large, else the default; never
// more than sfmd.MaxSource (Parse's positions are 32-bit), which the
// command line and the option refuse (ParseMaxSize) and Options.MaxFileSize
// is cut to.
func (l *linter) maxSize(j *job) int64 {
	if l.opts.MaxFileSize > 0 {
		return min(l.opts.MaxFileSize, sfmd.MaxSource)
	}
	if v, ok := j.set.options[sfmd.CodeFileTooLarge][MaxSizeOption]; ok {
		if n, err := SizeOption(v); err == nil {
			return n
		}
	}
	return safeio.DefaultMaxSize
}

// MaxSizeOption is the option of rule file-too-large that sets the size
// cap of documents.
const MaxSizeOption = "max-size"

// SizeOption reads a size option of the config: a number of bytes, or a
// string such as "20M" (ParseMaxSize).
func SizeOption(v any) (int64, error) {
	switch x := v.(type) {
	case int:
		return ParseMaxSize(fmt.Sprint(x))
	case string:
		return ParseMaxSize(x)
	}
	return 0, fmt.Errorf("want a size such as 10M or a number of bytes, got %v", v)
}

// ParseMaxSize reads the size cap of documents (--max-file-size, the
// max-size option): safeio.ParseSize, refusing a size over
// sfmd.MaxSource, which no document may exceed.
func ParseMaxSize(s string) (int64, error) {
	n, err := safeio.ParseSize(s)
	if err == nil && n > sfmd.MaxSource {
		return 0, fmt.Errorf("size %q is more than a document may have: at most %d bytes (2 GiB less 2), such as 2047M", s, sfmd.MaxSource)
	}
	return n, err
}

// read returns the job's text and, for a file, the state it was read in,
// or for a text over the size cap tl, its head (checkDoc reports it). An
// unreadable file gets res.ioErr; ok is false then.
func (l *linter) read(j *job, res *fileResult) (src []byte, info *safeio.Info, tl *safeio.TooLargeError, ok bool) {
	if j.stdin {
		return l.stdin, nil, j.tooLarge, true
	}
	read := safeio.ReadFile
	if j.listed {
		read = safeio.ReadListed
	}
	src, info, err := read(j.abs, l.maxSize(j))
	switch {
	case errors.As(err, &tl):
		return nil, nil, tl, true
	case err != nil:
		res.ioErr = fmt.Errorf("cannot read the file: %w", unwrapPathErr(err))
		return nil, nil, nil, false
	}
	l.ws.searchedFile(j.abs)
	return src, info, nil, true
}

// tooLarge reports a document over the size cap with rule
// file-too-large alone (when enabled: turned off, the file is skipped
// silently), on the document sfmd.TooLarge makes of its first line.
func (l *linter) tooLarge(j *job, tl *safeio.TooLargeError, res *fileResult) {
	doc := sfmd.TooLarge(j.display, tl.Head, tl.Detail())
	res.head = doc.Src
	for _, a := range j.order {
		if a.Name != sfmd.CodeFileTooLarge {
			continue
		}
		diags, err := checkOrdered(doc, []*Analyzer{a}, j.set.options, nil)
		for i := range diags {
			if sev, ok := j.set.severity[diags[i].Rule]; ok {
				diags[i].Severity = sev
			}
		}
		res.diags, res.err = diags, err
	}
}

// notFixed explains why the fixes of a file were not written.
func notFixed(err error) error {
	var why string
	switch {
	case errors.Is(err, safeio.ErrChanged):
		why = "the file changed while sfmd was checking it (saved by an editor?); run sfmd lint --fix again"
	case errors.Is(err, safeio.ErrReadOnly):
		why = "the file is read-only (sfmd, like gofmt -w, does not rewrite read-only files); make it writable to apply the fixes"
	case errors.Is(err, safeio.ErrHardLinks):
		why = fmt.Sprintf("%v, and --fix replaces the file, which would split it from its other names; apply the fixes by hand (sfmd lint --diff shows them)", err)
	case errors.Is(err, safeio.ErrOwner):
		why = "sfmd cannot give the fixed file the same owner and group; run it as the file's owner, or apply the fixes by hand (sfmd lint --diff shows them)"
	default:
		why = fmt.Sprintf("cannot write the fixed text: %v", err)
	}
	return fmt.Errorf("fixes not written: %s", why)
}
