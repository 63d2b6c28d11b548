package sfmd

import (
	"regexp"
	"testing"
)

// TestShapesMatchRegexps: each name shape answers what the spec's
// pattern answers.
func TestShapesMatchRegexps(t *testing.T) {
	alphabet := []string{"", "a", "z", "A", "Z", "0", "9", "_", "-", ".", "é", "\xff", "`", "{", "@", "[", "/", ":"}
	var inputs []string
	for _, a := range alphabet {
		for _, b := range alphabet {
			for _, c := range alphabet {
				inputs = append(inputs, a+b+c)
			}
		}
	}
	for _, tc := range []struct {
		s  Shape
		re string
	}{
		{ActionIDShape, `^[a-z][a-z0-9_-]*$`},
		{BlockIDShape, `^[a-z][a-z0-9-]*$`},
		{SessionVarShape, `^[a-z][a-z0-9_]*$`},
		{PersistentShape, `^[A-Za-z][A-Za-z0-9_]*$`},
		{ParamNameShape, `^[A-Za-z_][A-Za-z0-9_]*$`},
	} {
		re := regexp.MustCompile(tc.re)
		for _, s := range inputs {
			if got, want := tc.s.Matches(s), re.MatchString(s); got != want {
				t.Errorf("%s: Matches(%q) = %v, the pattern says %v", tc.re, s, got, want)
			}
		}
	}
}

// TestReadFlag: the flag syntax, as helpers.ts parsePosixFlags reads it.
func TestReadFlag(t *testing.T) {
	for _, tc := range []struct {
		tok  string
		want Flag
		ok   bool
	}{
		{"--city", Flag{Name: "city"}, true},
		{"--city=Paris", Flag{Name: "city", Value: "Paris", HasValue: true}, true},
		{"--city=", Flag{Name: "city", HasValue: true}, true},
		{"--=x", Flag{Name: "=x"}, true}, // '=' right after the dashes is part of the name
		{"-c", Flag{Name: "c", Short: true}, true},
		{"-é", Flag{Name: "é", Short: true}, true}, // one UTF-16 unit
		{"-😀", Flag{}, false},                      // two UTF-16 units: three in all
		{"-cd", Flag{}, false},
		{"--", Flag{}, false},
		{"-", Flag{}, false},
		{"city", Flag{}, false},
	} {
		got, ok := ReadFlag(tc.tok)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ReadFlag(%q) = %+v, %v; want %+v, %v", tc.tok, got, ok, tc.want, tc.ok)
		}
	}
	for tok, want := range map[string]bool{"--": true, "-x": true, "---": true, "-": false, "x": false, "-xy": false} {
		if IsFlagToken(tok) != want {
			t.Errorf("IsFlagToken(%q) = %v", tok, !want)
		}
	}
}

// TestArgsVarIsAContextVar: $ARGS is one of the context variables.
func TestArgsVarIsAContextVar(t *testing.T) {
	if !IsContextVarName(ArgsVar) {
		t.Errorf("%s is not in ContextVarNames %v", ArgsVar, ContextVarNames)
	}
}

// TestMeantParamType checks the one list of type names: the types in any
// case, the names of other languages, and the one type the runtime acts on.
func TestMeantParamType(t *testing.T) {
	for typ, want := range map[string]string{
		"string": "string", "Number": "number", "boolean": "boolean", "PATH": "path",
		"int": "number", "integer": "number", "float": "number", "double": "number", "long": "number", "num": "number", "decimal": "number",
		"bool": "boolean", "Bool": "boolean", "str": "string", "url": "string", "file": "path", "dir": "path",
		"tuple": "", "object": "", "": "",
	} {
		if got := MeantParamType(typ); got != want {
			t.Errorf("MeantParamType(%q) = %q, want %q", typ, got, want)
		}
		if got := ParamTypeAlias(typ); IsParamType(typ) && got != "" {
			t.Errorf("ParamTypeAlias(%q) = %q: a type is no alias", typ, got)
		}
	}
	if !IsParamType(BooleanType) {
		t.Errorf("BooleanType %q is not a parameter type", BooleanType)
	}
}
