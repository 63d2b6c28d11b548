package sfmd

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
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

// isShortFlagRef is IsShortFlag as it was written first: the UTF-16 units
// of t, built.
func isShortFlagRef(t string) bool {
	return len(t) >= 2 && t[0] == '-' && len(utf16.Encode([]rune(t))) == 2
}

// TestIsShortFlagMatchesUTF16: IsShortFlag, which counts UTF-16 units
// without building them, answers what building them answers, for '-'
// before every character, every pair of bytes and random strings of
// ASCII, astral characters, surrogate encodings and invalid UTF-8.
func TestIsShortFlagMatchesUTF16(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := IsShortFlag(s), isShortFlagRef(s); got != want {
			t.Fatalf("IsShortFlag(%q) = %v, want %v", s, got, want)
		}
	}
	for _, s := range []string{"", "-", "--", "-x", "x", "xy", "-ab", "-😀", "-é", "-\xff", "-\xed\xa0\x80", "-\xf4\x8f\xbf\xbf", "-\xf4\x90\x80\x80", "-\uffff", "-\U00010000"} {
		check(s)
	}
	for r := rune(0); r <= utf8.MaxRune+1; r++ {
		check("-" + string(r))
	}
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			check(string([]byte{'-', byte(a), byte(b)}))
			check(string([]byte{byte(a), byte(b)}))
		}
	}
	pieces := []string{"-", "a", "é", "€", "😀", "\U0010FFFF", "\xff", "\x80", "\xed\xa0\x80", "\xf0\x9f", "\xe2\x82", "\xf4\x90\x80\x80"}
	rng := rand.New(rand.NewPCG(14, 21))
	for range 200000 {
		var sb strings.Builder
		if rng.IntN(4) != 0 {
			sb.WriteByte('-')
		}
		for range rng.IntN(4) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		check(sb.String())
	}
}

// TestIsParamTypeMatchesList: IsParamType's switch answers what a search
// of ParamTypes answers, for every type name, its prefixes, its case
// variants, each of its bytes changed to every other byte, and the
// aliases.
func TestIsParamTypeMatchesList(t *testing.T) {
	inList := func(s string) bool {
		for _, k := range ParamTypes {
			if k.Name == s {
				return true
			}
		}
		return false
	}
	var cands []string
	for _, k := range ParamTypes {
		n := k.Name
		cands = append(cands, n, strings.ToUpper(n), strings.ToUpper(n[:1])+n[1:], n+" ", " "+n, n+n)
		for i := 0; i <= len(n); i++ {
			cands = append(cands, n[:i], n[i:])
		}
		for i := range len(n) {
			for c := 0; c < 256; c++ {
				b := []byte(n)
				b[i] = byte(c)
				cands = append(cands, string(b))
			}
		}
	}
	for a := range paramTypeAliases {
		cands = append(cands, a)
	}
	found := 0
	for _, s := range cands {
		got, want := IsParamType(s), inList(s)
		if got != want {
			t.Errorf("IsParamType(%q) = %v, want %v", s, got, want)
		}
		if got {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no candidate is a parameter type")
	}
}
