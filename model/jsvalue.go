package model

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/smallmap"
)

// This file reproduces the JavaScript value semantics the reference runtime
// relies on: object key order, JSON.parse, JSON.stringify, String(number),
// String.prototype.trim and UTF-8 decoding with replacement characters.

// ordered is a JavaScript plain object: keys keep their first insertion
// position, except that integer-like keys ("0", "5", "42") enumerate first in
// ascending numeric order, as in every JS engine. Its storage is a
// smallmap.Map (most objects, a call's payload and a response's JSON
// objects, have a handful of keys, and a Go map for each was a third of a
// dry run's allocations); TestMapIsMap holds that to a map, and
// TestOrderedKeysJSOrder the enumeration order here.
type ordered[V any] struct {
	smallmap.Map[V]
}

func newOrdered[V any]() *ordered[V] { return &ordered[V]{} }

// Keys returns the keys in JavaScript enumeration order.
func (o *ordered[V]) Keys() []string {
	keys := o.InOrder()
	var ints []string
	for _, k := range keys {
		if isArrayIndex(k) {
			ints = append(ints, k)
		}
	}
	if len(ints) == 0 {
		return append([]string(nil), keys...)
	}
	sort.Slice(ints, func(i, j int) bool {
		a, _ := strconv.ParseUint(ints[i], 10, 64)
		b, _ := strconv.ParseUint(ints[j], 10, 64)
		return a < b
	})
	out := ints
	for _, k := range keys {
		if !isArrayIndex(k) {
			out = append(out, k)
		}
	}
	return out
}

func (o *ordered[V]) clone() *ordered[V] { return &ordered[V]{o.Clone()} }

// isArrayIndex reports whether k is a canonical array index (0 .. 2^32-2).
func isArrayIndex(k string) bool {
	if k == "" || len(k) > 10 {
		return false
	}
	if k[0] == '0' {
		return k == "0"
	}
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
	}
	n, err := strconv.ParseUint(k, 10, 64)
	return err == nil && n < 1<<32-1
}

// ---------------------------------------------------------------------------
// JSON values

type jsKind uint8

const (
	jsUndefined jsKind = iota
	jsNull
	jsBool
	jsNumber
	jsString
	jsArray
	jsObject
	// jsFunction is a built-in function reached through a prototype
	// (jsproto.go); s is its name.
	jsFunction
)

type jsValue struct {
	kind jsKind
	b    bool
	n    float64
	s    string
	arr  []*jsValue
	obj  *ordered[*jsValue]
	// proto marks Object.prototype and Array.prototype (jsproto.go).
	proto protoKind
}

var (
	jsUndef   = &jsValue{kind: jsUndefined}
	jsNullVal = &jsValue{kind: jsNull}
)

func jsStr(s string) *jsValue      { return &jsValue{kind: jsString, s: s} }
func jsNum(n float64) *jsValue     { return &jsValue{kind: jsNumber, n: n} }
func (v *jsValue) isNullish() bool { return v == nil || v.kind == jsUndefined || v.kind == jsNull }

// jsonParse is JSON.parse: nil when the text is not valid JSON.
func jsonParse(text string) *jsValue {
	p := jsonParser{s: text}
	p.ws()
	v := p.value(0)
	if v == nil {
		return nil
	}
	p.ws()
	if p.i != len(p.s) {
		return nil
	}
	return v
}

type jsonParser struct {
	s string
	i int
}

func (p *jsonParser) ws() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

const maxJSONDepth = 10000

// members reads an object's or array's members from its opening bracket
// to close, each with member (false: not JSON), and reports whether they
// are well formed.
func (p *jsonParser) members(close byte, member func() bool) bool {
	p.i++
	p.ws()
	if p.i < len(p.s) && p.s[p.i] == close {
		p.i++
		return true
	}
	for {
		p.ws()
		if !member() {
			return false
		}
		p.ws()
		if p.i >= len(p.s) {
			return false
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case close:
			p.i++
			return true
		default:
			return false
		}
	}
}

func (p *jsonParser) value(depth int) *jsValue {
	if p.i >= len(p.s) || depth > maxJSONDepth {
		return nil
	}
	switch c := p.s[p.i]; {
	case c == '{':
		obj := newOrdered[*jsValue]()
		if !p.members('}', func() bool {
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return false
			}
			k, ok := p.str()
			if !ok {
				return false
			}
			p.ws()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return false
			}
			p.i++
			p.ws()
			v := p.value(depth + 1)
			if v == nil {
				return false
			}
			obj.Set(k, v)
			return true
		}) {
			return nil
		}
		return &jsValue{kind: jsObject, obj: obj}
	case c == '[':
		arr := []*jsValue{}
		if !p.members(']', func() bool {
			v := p.value(depth + 1)
			arr = append(arr, v)
			return v != nil
		}) {
			return nil
		}
		return &jsValue{kind: jsArray, arr: arr}
	case c == '"':
		s, ok := p.str()
		if !ok {
			return nil
		}
		return jsStr(s)
	case c == 't':
		if strings.HasPrefix(p.s[p.i:], "true") {
			p.i += 4
			return jsTrueVal
		}
	case c == 'f':
		if strings.HasPrefix(p.s[p.i:], "false") {
			p.i += 5
			return jsFalseVal
		}
	case c == 'n':
		if strings.HasPrefix(p.s[p.i:], "null") {
			p.i += 4
			return jsNullVal
		}
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return nil
}

func (p *jsonParser) number() *jsValue {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i >= len(p.s) {
		return nil
	}
	if p.s[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return nil
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil
		}
	}
	f, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil && !math.IsInf(f, 0) {
		return nil
	}
	if i := int(f); float64(i) == f && i >= 0 && i < len(jsSmallInts) && !math.Signbit(f) {
		return &jsSmallInts[i]
	}
	return jsNum(f)
}

// Parsed values are never changed, so the parser shares one value for
// true, false and each small whole number: a body of millions of them
// (a JSON array of 0s and 1s) costs a pointer each, not a value each.
var (
	jsTrueVal   = &jsValue{kind: jsBool, b: true}
	jsFalseVal  = &jsValue{kind: jsBool}
	jsSmallInts = func() (t [1024]jsValue) {
		for i := range t {
			t[i] = jsValue{kind: jsNumber, n: float64(i)}
		}
		return t
	}()
)

func (p *jsonParser) str() (string, bool) {
	p.i++ // opening quote
	var b strings.Builder
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			b.WriteString(p.s[start:p.i])
			p.i++
			return b.String(), true
		case c < 0x20:
			return "", false
		case c == '\\':
			b.WriteString(p.s[start:p.i])
			p.i++
			if p.i >= len(p.s) {
				return "", false
			}
			e := p.s[p.i]
			p.i++
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", false
				}
				if r >= 0xD800 && r < 0xDC00 && strings.HasPrefix(p.s[p.i:], "\\u") {
					save := p.i
					p.i += 2
					r2, ok2 := p.hex4()
					if ok2 && r2 >= 0xDC00 && r2 < 0xE000 {
						r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
					} else {
						p.i = save
					}
				}
				if r >= 0xD800 && r < 0xE000 {
					writeLoneSurrogate(&b, r)
				} else {
					b.WriteRune(r)
				}
			default:
				return "", false
			}
			start = p.i
		default:
			p.i++
		}
	}
	return "", false
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(n), true
}

// jsonStringify is JSON.stringify for parsed values (compact).
func jsonStringify(v *jsValue) string {
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

func writeJSON(b *strings.Builder, v *jsValue) {
	switch v.kind {
	case jsUndefined, jsNull:
		b.WriteString("null")
	case jsBool:
		if v.b {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case jsNumber:
		if math.IsInf(v.n, 0) || math.IsNaN(v.n) {
			b.WriteString("null")
		} else {
			b.WriteString(jsNumberString(v.n))
		}
	case jsString:
		writeJSONString(b, v.s)
	case jsArray:
		b.WriteByte('[')
		for i, x := range v.arr {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, x)
		}
		b.WriteByte(']')
	case jsObject:
		b.WriteByte('{')
		first := true
		for _, k := range v.obj.Keys() {
			x, _ := v.obj.Get(k)
			if x.kind == jsUndefined {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			writeJSONString(b, k)
			b.WriteByte(':')
			writeJSON(b, x)
		}
		b.WriteByte('}')
	}
}

const hexLower = "0123456789abcdef"

// writeJSONString quotes s the way JSON.stringify does: only '"', '\\' and
// control characters are escaped; non-ASCII, '<', '>', '&', U+2028 and
// U+2029 are written as they are.
func writeJSONString(b *strings.Builder, s string) {
	b.WriteByte('"')
	b.WriteString(jsonEscape(s))
	b.WriteByte('"')
}

func jsonEscape(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c == 0xED {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r, ok := loneSurrogateAt(s, i); ok {
				// JSON.stringify escapes a lone surrogate (well-formed
				// JSON.stringify, ES2019)
				b.WriteString(`\u` + strconv.FormatInt(int64(r), 16))
				i += 2
			} else if c < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte(hexLower[c>>4])
				b.WriteByte(hexLower[c&15])
			} else {
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}

// jsNumberString is Number.prototype.toString() (radix 10).
func jsNumberString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	sign := ""
	if f < 0 {
		sign = "-"
		f = -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	n := x + 1 // position of the decimal point
	k := len(digits)
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	es := "+"
	if n-1 < 0 {
		es = "-"
	}
	ev := n - 1
	if ev < 0 {
		ev = -ev
	}
	if k == 1 {
		return sign + digits + "e" + es + strconv.Itoa(ev)
	}
	return sign + digits[:1] + "." + digits[1:] + "e" + es + strconv.Itoa(ev)
}

// stringifyValue is the helpers' stringifyValue: nullish → "", objects and
// arrays → compact JSON, anything else → String(v).
func stringifyValue(v *jsValue) string {
	if v.isNullish() {
		return ""
	}
	switch v.kind {
	case jsObject, jsArray:
		return jsonStringify(v)
	case jsBool:
		if v.b {
			return "true"
		}
		return "false"
	case jsNumber:
		return jsNumberString(v.n)
	case jsFunction:
		return "function " + v.s + "() { [native code] }" // String(fn) of a built-in
	}
	return replaceLoneSurrogates(v.s)
}

// A JSON string may hold a lone surrogate ("\ud800"), which a JavaScript
// string keeps but UTF-8 cannot encode. jsonParse keeps it in the Go
// string as its three-byte generalized UTF-8 form (WTF-8: ED A0 80 to
// ED BF BF, bytes valid UTF-8 never has), so that JSON.stringify can write
// it back as the escape "\ud800" it is in JavaScript; as text (String(v),
// which Node writes to stdout and to files as UTF-8) it becomes U+FFFD.

func writeLoneSurrogate(b *strings.Builder, r rune) {
	b.WriteByte(byte(0xE0 | r>>12))
	b.WriteByte(byte(0x80 | (r>>6)&0x3F))
	b.WriteByte(byte(0x80 | r&0x3F))
}

// loneSurrogateAt reports the lone surrogate whose WTF-8 form starts at
// s[i].
func loneSurrogateAt(s string, i int) (rune, bool) {
	if i+2 >= len(s) || s[i] != 0xED || s[i+1] < 0xA0 || s[i+1] > 0xBF || s[i+2]&0xC0 != 0x80 {
		return 0, false
	}
	return 0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), true
}

// replaceLoneSurrogates is s as UTF-8 text: each lone surrogate U+FFFD.
func replaceLoneSurrogates(s string) string {
	if !strings.Contains(s, "\xED") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if _, ok := loneSurrogateAt(s, i); ok {
			b.WriteString("\uFFFD")
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// walkJSONPath is the helpers' walkJsonPath: a key step is current[key]
// on anything whose typeof is "object" (member, through the prototypes).
func walkJSONPath(obj *jsValue, path string) *jsValue {
	if strings.HasPrefix(path, "$") {
		path = strings.TrimPrefix(path[1:], ".")
	}
	cur := obj
	i := 0
	for i < len(path) {
		c := path[i]
		var key string
		idx := -1
		isIdx := false
		switch {
		case isIdentStart(c):
			j := i + 1
			for j < len(path) && (isWordByte(path[j]) || path[j] == '-') {
				j++
			}
			key = path[i:j]
			i = j
		case c == '[' && i+1 < len(path) && isDigit(path[i+1]):
			j := i + 1
			for j < len(path) && isDigit(path[j]) {
				j++
			}
			if j < len(path) && path[j] == ']' {
				idx = atoiSat(path[i+1 : j])
				isIdx = true
				i = j + 1
			} else {
				i++ // '[' is skipped; the digits become a bare index next
				continue
			}
		case isDigit(c):
			j := i
			for j < len(path) && isDigit(path[j]) {
				j++
			}
			idx = atoiSat(path[i:j])
			isIdx = true
			i = j
		default:
			i++
			continue
		}
		if cur.isNullish() {
			return jsUndef
		}
		if isIdx {
			if cur.kind != jsArray || idx < 0 || idx >= len(cur.arr) {
				return jsUndef
			}
			cur = cur.arr[idx]
			continue
		}
		cur = member(cur, key) // undefined unless cur is an object or array
	}
	return cur
}

func atoiSat(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') }

// ---------------------------------------------------------------------------
// Strings

// isJSSpace reports whether r is white space for JS String.prototype.trim
// and the regexp class \s.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

func jsTrim(s string) string {
	// no JavaScript white space is ASCII above the space: most lines need no trim
	if s == "" || (s[0] > 0x20 && s[0] < utf8.RuneSelf && s[len(s)-1] > 0x20 && s[len(s)-1] < utf8.RuneSelf) {
		return s
	}
	return jsTrimASCII(s)
}

// jsTrimASCII is strings.TrimFunc(s, isJSSpace) by byte loops over ASCII
// white space at both ends (TrimFunc calls isJSSpace a rune: an indented
// line or a header's value went through it): a byte past ASCII where
// either loop stops may be white space, and TrimFunc reads on from there.
// TestByteScans holds jsTrim to TrimFunc.
func jsTrimASCII(s string) string {
	i := 0
	for i < len(s) && asciiJSSpace(s[i]) {
		i++
	}
	if i < len(s) && s[i] >= utf8.RuneSelf {
		return strings.TrimFunc(s, isJSSpace)
	}
	j := len(s)
	for j > i && asciiJSSpace(s[j-1]) {
		j--
	}
	if j > i && s[j-1] >= utf8.RuneSelf {
		return strings.TrimRightFunc(s[i:], isJSSpace)
	}
	return s[i:j]
}

// asciiJSSpace reports whether c is ASCII JavaScript white space: \t,
// \n, \v, \f, \r or the space.
func asciiJSSpace(c byte) bool { return c == ' ' || c-'\t' <= '\r'-'\t' }

func jsTrimStart(s string) string { return strings.TrimLeftFunc(s, isJSSpace) }
func jsTrimEnd(s string) string   { return strings.TrimRightFunc(s, isJSSpace) }

// jsSearchSpace is s.search(/\s/).
func jsSearchSpace(s string) int { return strings.IndexFunc(s, isJSSpace) }

// utf16Len is a JS string's length.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// utf16Prefix is s.slice(0, n); a surrogate pair cut in half becomes U+FFFD.
func utf16Prefix(s string, n int) string {
	units := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > n {
			if units < n {
				return s[:i] + "\uFFFD"
			}
			return s[:i]
		}
		units += w
	}
	return s
}

// decodeUTF8 decodes bytes as the WHATWG UTF-8 decoder does: every maximal
// invalid subpart becomes one U+FFFD. stripBOM removes a leading BOM (fetch's
// text()); Node's buffer.toString keeps it.
func decodeUTF8(b []byte, stripBOM bool) string {
	if stripBOM && len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		b = b[3:]
	}
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b) + 8)
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			sb.Write(b[i : i+size])
			i += size
			continue
		}
		sb.WriteRune(utf8.RuneError)
		i += invalidSubpart(b[i:])
	}
	return sb.String()
}

// invalidSubpart is the length of the maximal subpart of an ill-formed
// sequence at the start of b (at least 1).
func invalidSubpart(b []byte) int {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for k := 0; k < need && n < len(b); k++ {
		x := b[n]
		if x < lo || x > hi {
			break
		}
		lo, hi = 0x80, 0xBF
		n++
	}
	return n
}
