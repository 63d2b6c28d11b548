package cli

import (
	"os"
	"testing"
)

// /dev/null is a character device but no terminal: output discarded there
// (benchmarks, `sfmd lint >/dev/null`) must get the plain format CI gets.
func TestIsTerminalDevNull(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer func() { _ = f.Close() }()
	if isTerminal(f) {
		t.Fatalf("isTerminal(%s) = true, want false", os.DevNull)
	}
}

func TestIsTerminalRegularFile(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	if isTerminal(f) {
		t.Fatal("isTerminal(regular file) = true")
	}
}
