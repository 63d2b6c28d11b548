package sfmd

import "bytes"

// CodeFileTooLarge is the problem of input over the size cap, which is
// not parsed (see TooLarge). Parse never emits it: the caller that reads
// the file knows the cap.
const CodeFileTooLarge = "file-too-large"

// TooLarge returns the Document of input that was not parsed because it
// is over the size cap: its Src is the input's first line (from head,
// the start of the input), and its one problem, file-too-large, spans
// that line, or the first byte when the line is empty. why says how
// large the input is and what the limit is ("12 MiB, larger than the
// 10 MiB limit").
func TooLarge(path string, head []byte, why string) *Document {
	src := head
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		src = src[:i+1]
	}
	doc := &Document{Path: path, Src: src, Index: NewLineIndex(src), names: &namesCache{}}
	p := &docParser{doc: doc, src: src, li: doc.Index}
	start, end := p.li.LineStart(1), p.li.LineEnd(1)
	if end <= start {
		start, end = 0, min(1, len(src))
	}
	p.problem(CodeFileTooLarge, start, end,
		"file is %s, so it was not checked; split it, or raise the limit (--max-file-size, or the max-size option of rule file-too-large)", why)
	return doc
}
