package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The manifest analysis shared by the install manifest rules (spec.md §1.14, §2.15): the JSON file an HTTP
// source returns so that `/install` knows which files make up a package
// (runtime/install-manifest.md). They belong to the opt-in manifest
// profile. The engine runs them on .json files only, and runs no other
// rule there (lint.Options.Paths): pass.Doc is then a Document with Src,
// Path and Index but nothing parsed as SFMD, and the rules read the JSON
// through manifestAnalyzer.
//
// manifest-invalid-json is not in spec.md's catalogue: a file that is not
// JSON at all is no manifest the other rules could check, and the daemon
// would not recognize it.

// manifestRoot is the file name the daemon reads as the package's SFMD
// document.
const manifestRoot = "string.md"

// jkind is the type of a JSON value.
type jkind int

const (
	jObject jkind = iota
	jArray
	jString
	jNumber
	jBool
	jNull
)

// jvalue is a JSON value with its byte offsets in the source.
type jvalue struct {
	kind       jkind
	start, end int        // the whole value, [start, end)
	str        string     // jString: the decoded text
	members    []*jmember // jObject, in source order
	items      []*jvalue  // jArray
}

// jmember is one "key": value pair of an object.
type jmember struct {
	key              string
	keyStart, keyEnd int
	val              *jvalue
}

// get returns the member named key, the last one when the key is repeated
// (as JavaScript's JSON.parse, which the daemon uses, keeps the last), or
// nil.
func (v *jvalue) get(key string) *jmember {
	for i := len(v.members) - 1; i >= 0; i-- {
		if v.members[i].key == key {
			return v.members[i]
		}
	}
	return nil
}

// describe names the kind of v for messages ("a number").
func (v *jvalue) describe() string {
	switch v.kind {
	case jObject:
		return "an object"
	case jArray:
		return "an array"
	case jString:
		return "a string"
	case jNumber:
		return "a number"
	case jBool:
		return "a boolean"
	}
	return "null"
}

// tokenSpan is the span of a scalar, or of the opening delimiter of an
// object or array (which may run over many lines).
func tokenSpan(idx *sfmd.LineIndex, v *jvalue) sfmd.Span {
	if v.kind == jObject || v.kind == jArray {
		return idx.Span(v.start, v.start+1)
	}
	return idx.Span(v.start, v.end)
}

// manifestDoc is the result of manifestAnalyzer.
type manifestDoc struct {
	root *jvalue // nil when the file is not valid JSON
	// err and errOffset describe invalid JSON.
	err       string
	errOffset int
}

// manifestAnalyzer parses the document's text as JSON, keeping the byte
// offsets of every value, for the manifest rules. A leading byte order
// mark is skipped (the daemon decodes the response as text first).
var manifestAnalyzer = &lint.Analyzer{
	Name:    "manifest-json",
	Profile: lint.Manifest,
	Shared:  true,
	Doc:     lint.Doc{Title: "install manifest JSON with positions"},
	Run: func(pass *lint.Pass) (any, error) {
		return parseManifest(pass.Doc.Src), nil
	},
}

func manifestOf(pass *lint.Pass) *manifestDoc {
	m, _ := pass.ResultOf[manifestAnalyzer].(*manifestDoc)
	if m == nil {
		return &manifestDoc{}
	}
	return m
}

func parseManifest(src []byte) *manifestDoc {
	base := 0
	if bytes.HasPrefix(src, []byte("\ufeff")) {
		base = 3
	}
	body := src[base:]
	if !json.Valid(body) {
		var v any
		err := json.Unmarshal(body, &v)
		m := &manifestDoc{err: "unexpected end of JSON input", errOffset: len(src)}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			m.err, m.errOffset = se.Error(), base+int(se.Offset)
		}
		return m
	}
	p := &jparser{src: src, base: base, dec: json.NewDecoder(bytes.NewReader(body))}
	p.dec.UseNumber()
	root, err := p.value()
	if err != nil { // cannot happen after json.Valid; never panic on it
		return &manifestDoc{err: err.Error(), errOffset: p.offset()}
	}
	return &manifestDoc{root: root}
}

// jparser builds jvalues from the tokens of encoding/json's Decoder, whose
// InputOffset gives the end of each token.
type jparser struct {
	src  []byte
	base int
	dec  *json.Decoder
}

func (p *jparser) offset() int { return p.base + int(p.dec.InputOffset()) }

// next returns the next token and its byte offsets.
func (p *jparser) next() (tok json.Token, start, end int, err error) {
	start = p.offset()
	for start < len(p.src) && strings.IndexByte(" \t\r\n,:", p.src[start]) >= 0 {
		start++
	}
	tok, err = p.dec.Token()
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return tok, start, p.offset(), err
}

func (p *jparser) value() (*jvalue, error) {
	tok, start, end, err := p.next()
	if err != nil {
		return nil, err
	}
	v := &jvalue{start: start, end: end}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v.kind = jObject
			for p.dec.More() {
				kt, ks, ke, err := p.next()
				if err != nil {
					return nil, err
				}
				key, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("unexpected %v in object", kt)
				}
				val, err := p.value()
				if err != nil {
					return nil, err
				}
				v.members = append(v.members, &jmember{key: key, keyStart: ks, keyEnd: ke, val: val})
			}
		case '[':
			v.kind = jArray
			for p.dec.More() {
				item, err := p.value()
				if err != nil {
					return nil, err
				}
				v.items = append(v.items, item)
			}
		default:
			return nil, fmt.Errorf("unexpected %v", t)
		}
		if _, _, v.end, err = p.next(); err != nil { // the closing delimiter
			return nil, err
		}
	case string:
		v.kind, v.str = jString, t
	case json.Number:
		v.kind = jNumber
	case bool:
		v.kind = jBool
	default:
		v.kind = jNull
	}
	return v, nil
}

// manifestFiles returns the "files" array of the manifest, or nil.
func manifestFiles(m *manifestDoc) *jvalue {
	if m.root == nil || m.root.kind != jObject {
		return nil
	}
	f := m.root.get("files")
	if f == nil || f.val.kind != jArray {
		return nil
	}
	return f.val
}

// manifestEntry is one object of "files" with the members the daemon
// reads.
type manifestEntry struct {
	obj                *jvalue
	path, url, content *jmember
}

// pathString is the entry's path when it is a string.
func (e *manifestEntry) pathString() (string, bool) {
	if e.path == nil || e.path.val.kind != jString {
		return "", false
	}
	return e.path.val.str, true
}

// anchor is where a finding about the whole entry goes: its path string,
// or its opening brace.
func (e *manifestEntry) anchor(idx *sfmd.LineIndex) sfmd.Span {
	if e.path != nil && e.path.val.kind == jString {
		return tokenSpan(idx, e.path.val)
	}
	return tokenSpan(idx, e.obj)
}

// name describes the entry in messages: `entry "a.md"` or `entry`.
func (e *manifestEntry) name() string {
	if p, ok := e.pathString(); ok {
		return fmt.Sprintf("entry %q", p)
	}
	return "entry"
}

// manifestEntries returns the object entries of "files".
func manifestEntries(m *manifestDoc) []*manifestEntry {
	files := manifestFiles(m)
	if files == nil {
		return nil
	}
	var out []*manifestEntry
	for _, it := range files.items {
		if it.kind != jObject {
			continue
		}
		out = append(out, &manifestEntry{obj: it, path: it.get("path"), url: it.get("url"), content: it.get("content")})
	}
	return out
}

const manifestExampleEntry = `{"path": "string.md", "url": "https://…"}`
