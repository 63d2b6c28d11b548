package runner

import "testing"

// jsonBlock keeps a body as block YAML only where the YAML serves the
// same JSON back.
func TestJSONBlock(t *testing.T) {
	for _, c := range []struct {
		body, served string
		ok           bool
	}{
		{`{"a":1,"b":[true,null,"x"]}`, `{"a":1,"b":[true,null,"x"]}`, true},
		{`{ "z": 1.0, "a": 1e5, "n": -0 }`, `{"z":1.0,"a":1e5,"n":-0}`, true}, // key order and number text kept
		{`{"s":"true","t":"123","u":"","v":"a\nb","w":"<&>","x":"é😀","y":"  lead","k":"- x"}`,
			`{"s":"true","t":"123","u":"","v":"a\nb","w":"\u003c\u0026\u003e","x":"é😀","y":"  lead","k":"- x"}`, true},
		{`[]`, `[]`, true},
		{`{"a":{},"b":[]}`, `{"a":{},"b":[]}`, true},
		{`"text"`, `"text"`, true},
		{`{"a":1,"a":2}`, "", false},        // JSON.parse keeps the last; YAML refuses duplicates
		{`{"a":"\ud800"}`, "", false},       // a lone surrogate Go would turn into U+FFFD
		{`{"a":"\ud83d\ude00"}`, "", false}, // surrogate escapes are left as text
		{`{"a":1} x`, "", false},
		{`not json`, "", false},
	} {
		text, served, ok := jsonBlock([]byte(c.body), 4)
		if ok != c.ok || (ok && string(served) != c.served) {
			t.Errorf("jsonBlock(%s) = %v %s, want %v %s\n%s", c.body, ok, served, c.ok, c.served, text)
		}
	}
}
