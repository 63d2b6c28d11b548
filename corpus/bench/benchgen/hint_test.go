package benchgen

import (
	"bytes"
	"testing"
)

// TestHintDocument holds the hint document lintratio measures to its
// shape: one action, n hint lines to n distinct undefined actions, about
// 211 KB for HintDocuments, and the same bytes every time.
func TestHintDocument(t *testing.T) {
	d := HintDocument(HintDocuments)
	if !bytes.Equal(d, HintDocument(HintDocuments)) {
		t.Fatal("HintDocument is not deterministic")
	}
	if n := bytes.Count(d, []byte("```act.")); n != 1 {
		t.Errorf("%d actions, want 1", n)
	}
	if n := bytes.Count(d, []byte("Run `/act.undef")); n != HintDocuments {
		t.Errorf("%d hints, want %d", n, HintDocuments)
	}
	if len(d) < 200_000 || len(d) > 220_000 {
		t.Errorf("%d bytes, want about 211 KB", len(d))
	}
}
