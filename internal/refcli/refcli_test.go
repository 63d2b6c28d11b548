package refcli

import (
	"slices"
	"testing"
)

// cli.ts findMdFiles sorts with Array.prototype.sort and no comparator:
// by UTF-16 code units, where a character above U+FFFF (a surrogate pair,
// 0xD800-0xDFFF) sorts before U+E000-U+FFFF, unlike Go's byte order.
func TestSortUTF16(t *testing.T) {
	paths := []string{"d/\uff21.md", "d/\U0001F600.md", "d/a/z.md", "d/a.md", "d/a-b.md", "d/B.md"}
	sortUTF16(paths)
	want := []string{"d/B.md", "d/a-b.md", "d/a.md", "d/a/z.md", "d/\U0001F600.md", "d/\uff21.md"}
	if !slices.Equal(paths, want) {
		t.Errorf("got %q, want %q", paths, want)
	}
}

// validator.ts validate sorts with a stable sort: errors of one line keep
// parse()'s order, the validator's own after them.
func TestValidateSourceOrder(t *testing.T) {
	src := "[!menu:m](a.md)\n[!include:i]()\n[!include:i]()\n[!nav:m](b.md)\n<!-- /x -->\n"
	got := ValidateSource(src)
	want := []Issue{
		{3, "DUPLICATE_INCLUDE_ID: [!include:i] is already declared"},
		{4, "DUPLICATE_MENU_NAME: [!menu:m] is already declared"},
		{5, "UNEXPECTED_BLOCK_CLOSE: <!-- /x --> has no matching open marker"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
