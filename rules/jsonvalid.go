package rules

// validJSON is json.Valid([]byte(s)) without the copy and without the
// scanner's step function a byte: the JSON grammar (RFC 8259) as
// encoding/json's scanner reads it, with its limit of 10,000 nested
// arrays and objects, white space ' ', '\t', '\n' and '\r', and any byte
// from 0x20 on inside a string (it does not check UTF-8).
// TestValidJSONIsValid holds it to json.Valid.
func validJSON(s string) bool {
	p := jsonScan{s: s}
	return p.value(0) && p.skipSpace() == len(s)
}

// jsonMaxDepth is encoding/json's maxNestingDepth.
const jsonMaxDepth = 10000

// jsonScan reads s from i; each method returns false at the first byte
// the grammar does not allow there (or at the end of s).
type jsonScan struct {
	s string
	i int
}

func (p *jsonScan) skipSpace() int {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return p.i
		}
	}
	return p.i
}

// value reads white space and one value inside depth containers.
func (p *jsonScan) value(depth int) bool {
	if p.skipSpace() == len(p.s) {
		return false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return depth < jsonMaxDepth && p.object(depth+1)
	case c == '[':
		return depth < jsonMaxDepth && p.array(depth+1)
	case c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't':
		return p.literal("true")
	case c == 'f':
		return p.literal("false")
	case c == 'n':
		return p.literal("null")
	}
	return false
}

func (p *jsonScan) literal(word string) bool {
	if len(p.s)-p.i < len(word) || p.s[p.i:p.i+len(word)] != word {
		return false
	}
	p.i += len(word)
	return true
}

// object reads an object from its '{'.
func (p *jsonScan) object(depth int) bool {
	p.i++
	if p.skipSpace() < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return true
	}
	for {
		if p.skipSpace() == len(p.s) || p.s[p.i] != '"' || !p.str() {
			return false
		}
		if p.skipSpace() == len(p.s) || p.s[p.i] != ':' {
			return false
		}
		p.i++
		if !p.value(depth) || p.skipSpace() == len(p.s) {
			return false
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return true
		default:
			return false
		}
	}
}

// array reads an array from its '['.
func (p *jsonScan) array(depth int) bool {
	p.i++
	if p.skipSpace() < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return true
	}
	for {
		if !p.value(depth) || p.skipSpace() == len(p.s) {
			return false
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return true
		default:
			return false
		}
	}
}

// str reads a string from its opening quote.
func (p *jsonScan) str() bool {
	s := p.s
	for i := p.i + 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			p.i = i + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			i++
			if i == len(s) {
				return false
			}
			switch s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(s)-i <= 4 || !isHex4(s[i+1:i+5]) {
					return false
				}
				i += 4
			default:
				return false
			}
		}
	}
	return false
}

func isHex4(h string) bool {
	for i := range 4 {
		c := h[i]
		if !(c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f') {
			return false
		}
	}
	return true
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *jsonScan) number() bool {
	s, i := p.s, p.i
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = digits(s, i)
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		if j := digits(s, i+1); j > i+1 {
			i = j
		} else {
			return false
		}
	}
	if i < len(s) && s[i]|0x20 == 'e' {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(s, i)
		if j == i {
			return false
		}
		i = j
	}
	p.i = i
	return true
}

// digits returns the end of the run of ASCII digits from i.
func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
