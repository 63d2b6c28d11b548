package lint

import (
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestMaxSizeUnderMaxSource: no size cap lets a document of more than
// sfmd.MaxSource bytes (its positions would not fit 32 bits) reach the
// parse: ParseMaxSize (--max-file-size) and SizeOption (the max-size
// option) refuse a larger size, and a larger Options.MaxFileSize is cut
// to it.
func TestMaxSizeUnderMaxSource(t *testing.T) {
	for s, ok := range map[string]bool{"2047M": true, "2147483646": true, "2147483647": false, "2G": false, "3G": false, "10M": true} {
		n, err := ParseMaxSize(s)
		if (err == nil) != ok || ok && n > sfmd.MaxSource {
			t.Errorf("ParseMaxSize(%q) = %d, %v", s, n, err)
		}
		if _, err := SizeOption(s); (err == nil) != ok {
			t.Errorf("SizeOption(%q): %v", s, err)
		}
	}
	if _, err := SizeOption(sfmd.MaxSource + 1); err == nil {
		t.Errorf("SizeOption(%d) accepted", sfmd.MaxSource+1)
	}
	for _, limit := range []int64{sfmd.MaxSource + 1, 4 << 30, 1 << 62} {
		l := &linter{opts: Options{MaxFileSize: limit}}
		if got := l.maxSize(&job{}); got != sfmd.MaxSource {
			t.Errorf("MaxFileSize %d: cap %d, want %d", limit, got, sfmd.MaxSource)
		}
	}
	if got := (&linter{opts: Options{MaxFileSize: 100}}).maxSize(&job{}); got != 100 {
		t.Errorf("MaxFileSize 100: cap %d", got)
	}
}
