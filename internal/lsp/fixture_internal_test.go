package lsp

import (
	"strings"
	"testing"
)

// A recorded value is rendered no further than the hover shows: a value
// shared through aliases (here 10¹² strings once expanded, a few hundred
// bytes in memory) was marshalled whole for a hover.
func TestDescribeRendersIncrementally(t *testing.T) {
	v := any("a string of some length")
	for range 12 {
		v = []any{v, v, v, v, v, v, v, v, v, v}
	}
	typ, text := describe(v)
	if !strings.HasPrefix(typ, "array of array of") || !strings.HasSuffix(typ, "(10 items)") {
		t.Errorf("type %q", typ)
	}
	if len(text) > maxSampleText+len("\n…") || !strings.HasSuffix(text, "\n…") || !strings.Contains(text, `"a string of some length"`) {
		t.Errorf("text (%d bytes):\n%s", len(text), text)
	}
	// Small values are rendered whole, as json.MarshalIndent would.
	if _, text := describe(map[string]any{"b": []any{1.5, "x<"}, "a": map[string]any{}, "c": []any{}}); text != "{\n  \"a\": {},\n  \"b\": [\n    1.5,\n    \"x\\u003c\"\n  ],\n  \"c\": []\n}" {
		t.Errorf("small value:\n%s", text)
	}
	// A long string is cut on a character boundary.
	if _, text := describe(strings.Repeat("é", 1000)); len(text) > maxSampleText+len("\n…") || !strings.HasPrefix(text, `"éé`) || strings.ContainsRune(text, '\uFFFD') {
		t.Errorf("long string: %q", text)
	}
}
