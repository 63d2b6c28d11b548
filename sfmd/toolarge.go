package sfmd

import (
	"bytes"
	"math"
	"strconv"
)

// CodeFileTooLarge is the problem of input over the size cap, which is
// not parsed (see TooLarge). Parse emits it only for a source longer than
// MaxSource: the caller that reads the file knows the cap.
const CodeFileTooLarge = "file-too-large"

// MaxSource is the most bytes a document may have: its positions are
// 32-bit (Pos), and the end of a one-line source of MaxSource bytes is
// column MaxSource+1, math.MaxInt32. Parse refuses a longer source
// (tooLong), and every reader of documents caps what it reads at or
// below it (lint.Options.MaxFileSize, the size options and flags).
const MaxSource = math.MaxInt32 - 1

// headMax bounds the head TooLarge keeps (safeio.HeadSize).
const headMax = 1 << 10

// TooLarge returns the Document of input that was not parsed because it
// is over the size cap: its Src is the input's first line (from head,
// the start of the input, of which it reads at most 1 KiB), and its one
// problem, file-too-large, spans that line, or the first byte when the
// line is empty. why says how large the input is and what the limit is
// ("12 MiB, larger than the 10 MiB limit").
func TooLarge(path string, head []byte, why string) *Document {
	return notParsed(path, head, "file is "+why+", so it was not checked; split it, or raise the limit (--max-file-size, or the max-size option of rule file-too-large)")
}

// tooLong is the Document of a src longer than MaxSource, which Parse
// does not parse (its positions would not fit).
func tooLong(path string, src []byte) *Document {
	return notParsed(path, src, "file is "+strconv.Itoa(len(src))+" bytes, so it was not checked: a document may have at most "+strconv.Itoa(MaxSource)+" bytes (2 GiB less 2); split it")
}

// notParsed is TooLarge with the problem's message.
func notParsed(path string, head []byte, msg string) *Document {
	src := head[:min(len(head), headMax)]
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		src = src[:i+1]
	}
	doc := &Document{Path: path, Src: src, Index: NewLineIndex(src), names: &namesCache{}}
	p := &docParser{doc: doc, src: src, li: doc.Index}
	start, end := p.li.LineStart(1), p.li.LineEnd(1)
	if end <= start {
		start, end = 0, min(1, len(src))
	}
	p.problem(CodeFileTooLarge, start, end, "%s", msg)
	return doc
}
