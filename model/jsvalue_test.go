package model

import (
	"bytes"
	"encoding/json"
	"testing"
)

// jsonParse accepts the JSON texts encoding/json accepts, objects and
// arrays nested or empty, and re-stringifies them compactly in order.
func TestJSONParseContainers(t *testing.T) {
	for _, text := range []string{
		`{}`, `[]`, ` [ 1 , 2 ] `, `{"a":[1,{"b":2}],"c":"d"}`, `[[],{},[{}]]`, `{"b":1,"a":2}`,
		`[1,]`, `{"a":1,}`, `{"a" 1}`, `[1 2]`, `{,}`, `[`, `{"a":1`, `{1:2}`, `[,1]`, `{"a":}`,
	} {
		v := jsonParse(text)
		if valid := json.Valid([]byte(text)); (v != nil) != valid {
			t.Errorf("jsonParse(%q) = %v, want valid %v", text, v, valid)
			continue
		}
		if v == nil {
			continue
		}
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(text)); err != nil {
			t.Fatal(err)
		}
		if got := jsonStringify(v); got != want.String() {
			t.Errorf("jsonStringify(jsonParse(%q)) = %s, want %s", text, got, want.String())
		}
	}
}
