package model

import (
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

// The frontmatter as resolver.ts parseFrontmatter reads it: not YAML, a
// line scanner. "key: value" lines, lists of "  - item" lines under an
// empty value, and parseYamlScalar for every value.

type fmKind uint8

const (
	fmString fmKind = iota
	fmBool
	fmNumber
	fmList
	fmObject // a "- key: value" list item
)

type fmValue struct {
	kind fmKind
	s    string // the string, "true"/"false", or the number's text
	list []fmValue
}

type frontmatter struct {
	keys []string
	vals map[string]fmValue
}

var (
	reFMBlock    = lazyre.New(`^---\r?\n(` + jsDotS + `*?)\r?\n---`)
	reFMItem     = lazyre.New(`^` + jsS + `+-` + jsS)
	reFMItemHead = lazyre.New(`^` + jsS + `+-` + jsS + `*`)
	reFMIndented = lazyre.New(`^` + jsS + `{4,}\w`)
	reJSNumber   = lazyre.New(`^[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)$|^0[xX][0-9a-fA-F]+$|^0[oO][0-7]+$|^0[bB][01]+$`)
)

func (f *frontmatter) set(k string, v fmValue) {
	if _, ok := f.vals[k]; !ok {
		f.keys = append(f.keys, k)
	}
	f.vals[k] = v
}

// str is `frontmatter[k] as string` where a string is what the code needs.
func (f *frontmatter) str(k string) (string, bool) {
	v, ok := f.vals[k]
	if !ok || v.kind != fmString {
		return "", false
	}
	return v.s, true
}

// strings lists the string items of a list value (requires:).
func (f *frontmatter) strings(k string) []string {
	v, ok := f.vals[k]
	if !ok || v.kind != fmList {
		return nil
	}
	var out []string
	for _, it := range v.list {
		if it.kind == fmString {
			out = append(out, it.s)
		}
	}
	return out
}

func parseFrontmatter(source string) *frontmatter {
	f := &frontmatter{vals: map[string]fmValue{}}
	m := reFMBlock.FindStringSubmatch(source)
	if m == nil {
		return f
	}
	lines := strings.Split(m[1], "\n")
	curKey := ""
	var curList *[]fmValue
	for i, line := range lines {
		if curList != nil && reFMItem.MatchString(line) {
			item := reFMItemHead.ReplaceAllString(line, "")
			if strings.Contains(item, ":") {
				*curList = append(*curList, fmValue{kind: fmObject})
			} else {
				*curList = append(*curList, fmScalar(jsTrim(item)))
			}
			continue
		}
		if curList != nil && reFMIndented.MatchString(line) {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		k, v = jsTrim(k), jsTrim(v)
		if k == "" || strings.HasPrefix(k, "-") {
			continue
		}
		if curList != nil {
			f.set(curKey, fmValue{kind: fmList, list: *curList})
			curList = nil
		}
		if v == "" && i+1 < len(lines) && reFMItem.MatchString(lines[i+1]) {
			curKey, curList = k, &[]fmValue{}
			continue
		}
		f.set(k, fmScalar(v))
	}
	if curList != nil {
		f.set(curKey, fmValue{kind: fmList, list: *curList})
	}
	return f
}

// fmScalar is parseYamlScalar.
func fmScalar(v string) fmValue {
	if strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]") && len(v) >= 2 {
		var list []fmValue
		for _, p := range strings.Split(v[1:len(v)-1], ",") {
			list = append(list, fmValue{kind: fmString, s: unquoteEnds(jsTrim(p))})
		}
		return fmValue{kind: fmList, list: list}
	}
	if v == "true" || v == "false" {
		return fmValue{kind: fmBool, s: v}
	}
	if v != "" && reJSNumber.MatchString(v) {
		return fmValue{kind: fmNumber, s: jsNumberText(v)}
	}
	return fmValue{kind: fmString, s: unquoteEnds(v)}
}

// jsNumberText is String(Number(v)) for a numeric literal.
func jsNumberText(v string) string {
	switch v {
	case "Infinity", "+Infinity":
		return "Infinity"
	case "-Infinity":
		return "-Infinity"
	}
	if len(v) > 2 && v[0] == '0' {
		base := map[byte]int{'x': 16, 'X': 16, 'o': 8, 'O': 8, 'b': 2, 'B': 2}[v[1]]
		if base != 0 {
			n, err := strconv.ParseUint(v[2:], base, 64)
			if err == nil {
				return jsNumberString(float64(n))
			}
		}
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return v
	}
	return jsNumberString(n)
}

// unquoteEnds is .replace(/^['"]|['"]$/g, ”).
func unquoteEnds(s string) string {
	if s != "" && (s[0] == '"' || s[0] == '\'') {
		s = s[1:]
	}
	if s != "" && (s[len(s)-1] == '"' || s[len(s)-1] == '\'') {
		s = s[:len(s)-1]
	}
	return s
}
