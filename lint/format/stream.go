package format

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// Stream renders the findings of a run while it goes: each Write
// formats and writes a batch at once (a document's findings, in the
// order lint.Run reports them), and Close writes what can only come at
// the end (the text summary line, the closing brackets of json and
// sarif, the github annotations of lower severities). Memory does not
// grow with the findings written: what a format must hold back until the
// end (sarif results, which follow the rule descriptors that may name
// rules seen in results; github warnings and notices, which follow the
// errors; the github step summary's table, which follows the counts) is
// spooled to a temporary file. The output is the one Write gives for
// the concatenated batches, provided the findings of one path are
// contiguous (sarif counts repeated fingerprints, and checkstyle groups
// findings, per run of one path).
type Stream struct {
	impl streamer
	// whole is set by Write: the batch is the whole run, so sarif
	// counts fingerprints over all of it.
	whole bool
}

type streamer interface {
	write(diags []lint.Diagnostic) error
	close() error
}

// NewStream starts rendering the named format to w.
func NewStream(w io.Writer, format string, ctx Context) (*Stream, error) {
	c := &ctx
	var s streamer
	switch format {
	case "text":
		s = &textStream{w: w, p: painter(c.Color), src: newSources(c.Source)}
	case "line":
		s = &lineStream{w: w, p: painter(c.Color)}
	case "json":
		s = &jsonStream{w: w, src: newSources(c.Source)}
	case "sarif":
		s = newSARIFStream(w, c)
	case "github":
		s = &githubStream{w: w, summary: c.Summary}
	case "checkstyle":
		s = &checkstyleStream{w: w}
	default:
		quoted := make([]string, len(formats))
		for i, f := range formats {
			quoted[i] = fmt.Sprintf("%q", f.name)
		}
		return nil, fmt.Errorf("unknown output format %q, expected one of %s", format, strings.Join(quoted, ", "))
	}
	st := &Stream{impl: s}
	if ss, ok := s.(*sarifStream); ok {
		ss.whole = &st.whole
	}
	return st, nil
}

// Write formats and writes a batch of findings.
func (s *Stream) Write(diags []lint.Diagnostic) error { return s.impl.write(diags) }

// Close writes the end of the output and releases the spools. It must
// be called once, also after a failed Write.
func (s *Stream) Close() error { return s.impl.close() }

// chunkSize is how much formatted output a stream gathers before it
// writes it out: a batch of many findings (the 6,081 of one document in
// benchgen.HintDocument) is written in pieces of about this size, not
// formatted whole into one buffer grown to the batch's size (the buffer's
// growth, new memory zeroed, was a third of the line format's cost). The
// bytes written are the same. A variable for tests.
var chunkSize = 32 << 10

// spill writes out the formatted output in b once it holds chunkSize
// bytes or more, and empties b.
func spill(w io.Writer, b *bytes.Buffer) error {
	if b.Len() < chunkSize {
		return nil
	}
	return flush(w, b)
}

// flush writes out the formatted output in b and empties b.
func flush(w io.Writer, b *bytes.Buffer) error {
	_, err := w.Write(b.Bytes())
	b.Reset()
	return err
}

// spool holds output that must wait for the end of the run: in memory up
// to spoolMemory bytes, then in a temporary file.
type spool struct {
	mem  bytes.Buffer
	file *os.File
	err  error
}

// spoolMemory is a variable for tests.
var spoolMemory = 1 << 20

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.file == nil && s.mem.Len()+len(p) > spoolMemory {
		f, err := os.CreateTemp("", "sfmd-spool-*")
		if err != nil {
			s.err = fmt.Errorf("spooling output: %w", err)
			return 0, s.err
		}
		s.file = f
		if _, err := f.Write(s.mem.Bytes()); err != nil {
			s.err = err
			return 0, err
		}
		s.mem = bytes.Buffer{}
	}
	if s.file != nil {
		n, err := s.file.Write(p)
		if err != nil {
			s.err = err
		}
		return n, err
	}
	return s.mem.Write(p)
}

// copyTo writes what was spooled to w.
func (s *spool) copyTo(w io.Writer) error {
	if s.err != nil {
		return s.err
	}
	if s.file == nil {
		_, err := w.Write(s.mem.Bytes())
		return err
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.file)
	return err
}

// release removes the temporary file, if any.
func (s *spool) release() {
	if s.file != nil {
		name := s.file.Name()
		_ = s.file.Close()
		_ = os.Remove(name)
		s.file = nil
	}
	s.mem = bytes.Buffer{}
}
