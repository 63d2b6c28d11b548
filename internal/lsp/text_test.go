package lsp

import (
	"math"
	"testing"
)

func TestTextPositions(t *testing.T) {
	src := "a😀b\r\nçd\re\n\xffz\n"
	tx := newText([]byte(src))
	if len(tx.lines) != 5 {
		t.Fatalf("lines %v", tx.lines)
	}
	for _, tc := range []struct {
		off        int
		enc        encoding
		line, char int
	}{
		{0, utf16, 0, 0},
		{1, utf16, 0, 1},
		{5, utf16, 0, 3}, // after the emoji: 2 UTF-16 units
		{5, utf8Enc, 0, 5},
		{5, utf32, 0, 2},
		{6, utf16, 0, 4}, // before "\r\n"
		{7, utf16, 0, 4}, // between "\r" and "\n": the end of the line
		{8, utf16, 1, 0},
		{10, utf16, 1, 1}, // after "ç"
		{10, utf8Enc, 1, 2},
		{12, utf16, 2, 0}, // after a lone "\r"
		{14, utf16, 3, 0},
		{15, utf16, 3, 1}, // an invalid byte is one unit
		{17, utf16, 4, 0},
		{99, utf16, 4, 0}, // past the end: the end
		{-3, utf16, 0, 0},
	} {
		p := tx.position(tc.off, tc.enc)
		if p.Line != tc.line || p.Character != tc.char {
			t.Errorf("position(%d, %v) = %+v, want %d:%d", tc.off, tc.enc, p, tc.line, tc.char)
		}
	}
	for _, tc := range []struct {
		p   Position
		enc encoding
		off int
	}{
		{Position{0, 3}, utf16, 5},
		{Position{0, 2}, utf16, 5},   // inside the surrogate pair: after the character
		{Position{0, 3}, utf8Enc, 5}, // inside the emoji's bytes: after it
		{Position{0, 2}, utf32, 5},
		{Position{0, 99}, utf16, 6}, // past the end of the line: before "\r\n"
		{Position{1, 1}, utf16, 10},
		{Position{2, 5}, utf16, 13},
		{Position{9, 0}, utf16, len(src)},
		{Position{-1, 4}, utf16, 0},
		{Position{1, math.MaxInt}, utf8Enc, 11}, // huge: the end of the line, no overflow
		{Position{1, math.MaxInt}, utf16, 11},
	} {
		if off := tx.offset(tc.p, tc.enc); off != tc.off {
			t.Errorf("offset(%+v, %v) = %d, want %d", tc.p, tc.enc, off, tc.off)
		}
	}
	// A range ending inside "\r\n" covers the line break.
	if r := tx.rng(6, 7, utf16); r.End != (Position{1, 0}) {
		t.Errorf("range over the \\r: %+v", r)
	}
	// Incremental edits, reversed ranges and whole replacements.
	tx = newText([]byte("hello\nworld\n"))
	apply := func(c TextDocumentContentChangeEvent) {
		t.Helper()
		var err error
		if tx, err = tx.apply(c, utf16); err != nil {
			t.Fatal(err)
		}
	}
	apply(TextDocumentContentChangeEvent{Range: &Range{Start: Position{1, 5}, End: Position{1, 0}}, Text: "there"})
	apply(TextDocumentContentChangeEvent{Range: &Range{Start: Position{0, 5}, End: Position{0, 5}}, Text: ","})
	if string(tx.src) != "hello,\nthere\n" {
		t.Errorf("edited: %q", tx.src)
	}
	if apply(TextDocumentContentChangeEvent{Text: "new"}); string(tx.src) != "new" {
		t.Errorf("replaced: %q", tx.src)
	}
}

func TestURIs(t *testing.T) {
	for _, p := range []string{"/a/b c/d#e.md", "/x/ü.md"} {
		if got := uriToPath(pathToURI(p)); got != p {
			t.Errorf("%q -> %q -> %q", p, pathToURI(p), got)
		}
	}
	if uriToPath("untitled:Untitled-1") != "" || uriToPath("::") != "" {
		t.Errorf("non-file URIs have no path")
	}
	if chooseEncoding([]string{"utf-16", "utf-32"}) != utf32 || chooseEncoding(nil) != utf16 || chooseEncoding([]string{"utf-32", "utf-8"}) != utf8Enc {
		t.Errorf("chooseEncoding")
	}
}
