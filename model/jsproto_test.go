package model

import "testing"

// Template paths through JavaScript's prototypes resolve as in Node
// (expected values are Node's; TestNodeDifferential checks more of them).
func TestWalkThroughPrototypes(t *testing.T) {
	body := jsonParse(`{"items":[1,2],"toString":"own","o":{}}`)
	for path, want := range map[string]string{
		"toString":                    "own", // an own property wins
		"o.toString":                  "function toString() { [native code] }",
		"o.constructor":               "function Object() { [native code] }",
		"o.__proto__":                 "{}",
		"o.__proto__.__proto__":       "",
		"items.map":                   "function map() { [native code] }",
		"items.constructor":           "function Array() { [native code] }",
		"items.__proto__":             "[]",
		"items.__proto__.length":      "0",
		"items.__proto__.__proto__":   "{}",
		"items.valueOf":               "function valueOf() { [native code] }",
		"o.constructor.name":          "undefined", // typeof a function is not "object"
		"items.length":                "2",
		"items.map.length":            "undefined",
		"o.__proto__.__proto__.x":     "undefined",
		"o.missing":                   "undefined",
		"items.__proto__.__proto__.a": "undefined",
	} {
		v := walkJSONPath(body, path)
		got := stringifyValue(v)
		if v.kind == jsUndefined {
			got = "undefined"
		}
		if got != want {
			t.Errorf("%s = %q, want %q", path, got, want)
		}
	}
}
