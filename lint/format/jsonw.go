package format

import (
	"encoding/binary"
	"sort"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// jsonw writes the json and sarif formats' findings as indentJSON (an
// encoding/json Encoder without HTML escaping, indented by two spaces)
// writes them, byte for byte, without reflection or the Encoder's
// second pass over its output to indent it (under callgrind, two thirds
// of `sfmd lint --format json`'s instructions on the hint document were
// encoding/json's). TestJSONWriterMatchesEncoding and FuzzJSONFindings
// hold it to indentJSON.
type jsonw struct {
	b     []byte
	depth int  // the open objects and arrays, plus the base depth
	first bool // nothing is written yet in the innermost object or array
}

// start begins a value at depth levels of two spaces (the bytes
// indentJSON(b, v, depth) writes begin with that padding).
func (w *jsonw) start(depth int) {
	w.b = w.b[:0]
	w.depth = depth
	w.first = false
	w.pad()
}

func (w *jsonw) pad() {
	for range w.depth {
		w.b = append(w.b, ' ', ' ')
	}
}

// item begins a member or an element: the comma after the one before,
// then a new line at the depth.
func (w *jsonw) item() {
	if !w.first {
		w.b = append(w.b, ',')
	}
	w.first = false
	w.b = append(w.b, '\n')
	w.pad()
}

// key begins the member k (a name that needs no escaping).
func (w *jsonw) key(k string) {
	w.item()
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':', ' ')
}

// open begins an object ('{') or an array ('[').
func (w *jsonw) open(c byte) {
	w.b = append(w.b, c)
	w.depth++
	w.first = true
}

// close ends the innermost object ('}') or array (']'); an empty one is
// written {} or [], as encoding/json indents it.
func (w *jsonw) close(c byte) {
	w.depth--
	if !w.first {
		w.b = append(w.b, '\n')
		w.pad()
	}
	w.b = append(w.b, c)
	w.first = false
}

func (w *jsonw) str(k, v string) {
	w.key(k)
	w.b = appendJSONString(w.b, v)
}

func (w *jsonw) int(k string, v int) {
	w.key(k)
	w.b = strconv.AppendInt(w.b, int64(v), 10)
}

func (w *jsonw) bool(k string, v bool) {
	w.key(k)
	w.b = strconv.AppendBool(w.b, v)
}

const hexDigits = "0123456789abcdef"

// jsonPlain marks the bytes written as they are in a JSON string: ASCII
// but control characters, '"' and '\\'.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plain8 says whether the first 8 bytes of s (it has 8 or more) are all
// jsonPlain. Each test is exact for the word: a byte below n (n <= 0x80)
// borrows, and only such a byte starts a borrow.
func plain8(s string) bool {
	x := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s), 8))
	q, bs := x^(ones*'"'), x^(ones*'\\')
	return (x|(x-ones*0x20)&^x|(q-ones)&^q|(bs-ones)&^bs)&highs == 0
}

// appendJSONString appends s quoted as encoding/json writes a string
// without HTML escaping: ", \ and control characters escaped (\b, \f,
// \n, \r, \t short, the others \u00XX), U+2028 and U+2029 escaped, each
// byte that is not UTF-8 written \ufffd, the rest as it is.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		for i+8 <= len(s) && plain8(s[i:]) {
			i += 8
		}
		for i < len(s) && jsonPlain[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// diag writes the json format's object d.
func (w *jsonw) diag(d *jsonDiag) {
	w.open('{')
	w.str("path", d.Path)
	w.int("line", d.Line)
	w.int("column", d.Column)
	w.int("endLine", d.EndLine)
	w.int("endColumn", d.EndColumn)
	w.str("severity", d.Severity)
	w.str("rule", d.Rule)
	w.str("message", d.Message)
	w.key("fixes")
	jsonArray(w, d.Fixes, w.fix)
	w.key("related")
	jsonArray(w, d.Related, w.related)
	w.close('}')
}

func (w *jsonw) fix(f *jsonFix) {
	w.open('{')
	w.str("message", f.Message)
	w.bool("safe", f.Safe)
	w.key("edits")
	jsonArray(w, f.Edits, w.edit)
	w.close('}')
}

func (w *jsonw) edit(e *jsonEdit) {
	w.open('{')
	w.pos("start", e.Start)
	w.pos("end", e.End)
	w.str("newText", e.NewText)
	w.close('}')
}

func (w *jsonw) related(r *jsonRelated) {
	w.open('{')
	w.str("path", r.Path)
	w.int("line", r.Line)
	w.int("column", r.Column)
	w.int("endLine", r.EndLine)
	w.int("endColumn", r.EndColumn)
	w.str("message", r.Message)
	w.close('}')
}

func (w *jsonw) pos(k string, p jsonPos) {
	w.key(k)
	w.open('{')
	w.int("line", p.Line)
	w.int("column", p.Column)
	w.int("offset", p.Offset)
	w.close('}')
}

// sarifResult writes the SARIF result r.
func (w *jsonw) sarifResult(r *sarifResult) {
	w.open('{')
	w.str("ruleId", r.RuleID)
	w.int("ruleIndex", r.RuleIndex)
	w.str("level", r.Level)
	w.key("message")
	w.text(&r.Message)
	w.locations("locations", r.Locations, false)
	w.locations("relatedLocations", r.RelatedLocations, true)
	w.key("partialFingerprints")
	w.stringMap(r.PartialFingerprints)
	if len(r.Fixes) > 0 {
		w.key("fixes")
		w.open('[')
		for i := range r.Fixes {
			w.item()
			w.sarifFix(&r.Fixes[i])
		}
		w.close(']')
	}
	w.close('}')
}

func (w *jsonw) text(t *sarifText) {
	w.open('{')
	w.str("text", t.Text)
	w.close('}')
}

// locations writes the array of locs named k; omitEmpty leaves out an
// empty one (as ",omitempty" does), otherwise it is null when nil.
func (w *jsonw) locations(k string, locs []sarifLocation, omitEmpty bool) {
	if omitEmpty && len(locs) == 0 {
		return
	}
	w.key(k)
	jsonArray(w, locs, w.location)
}

func (w *jsonw) location(l *sarifLocation) {
	w.open('{')
	if l.ID != nil {
		w.int("id", *l.ID)
	}
	w.key("physicalLocation")
	w.open('{')
	w.artifact(&l.PhysicalLocation.ArtifactLocation)
	w.region("region", &l.PhysicalLocation.Region)
	w.close('}')
	if l.Message != nil {
		w.key("message")
		w.text(l.Message)
	}
	w.close('}')
}

func (w *jsonw) artifact(a *sarifArtifact) {
	w.key("artifactLocation")
	w.open('{')
	w.str("uri", a.URI)
	if a.URIBaseID != "" {
		w.str("uriBaseId", a.URIBaseID)
	}
	w.close('}')
}

func (w *jsonw) region(k string, r *sarifRegion) {
	w.key(k)
	w.open('{')
	for _, f := range [...]struct {
		name string
		v    int
	}{{"startLine", r.StartLine}, {"startColumn", r.StartColumn}, {"endLine", r.EndLine}, {"endColumn", r.EndColumn}} {
		if f.v != 0 {
			w.int(f.name, f.v)
		}
	}
	if r.ByteOffset != nil {
		w.int("byteOffset", *r.ByteOffset)
	}
	if r.ByteLength != nil {
		w.int("byteLength", *r.ByteLength)
	}
	w.close('}')
}

// stringMap writes m with its keys sorted, as encoding/json does; null
// when nil.
func (w *jsonw) stringMap(m map[string]string) {
	if m == nil {
		w.b = append(w.b, "null"...)
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	w.open('{')
	for _, k := range keys {
		w.item()
		w.b = appendJSONString(w.b, k)
		w.b = append(w.b, ':', ' ')
		w.b = appendJSONString(w.b, m[k])
	}
	w.close('}')
}

func (w *jsonw) sarifFix(f *sarifFix) {
	w.open('{')
	w.key("description")
	w.text(&f.Description)
	w.key("artifactChanges")
	jsonArray(w, f.ArtifactChanges, w.artifactChange)
	w.key("properties")
	w.open('{')
	w.bool("safe", f.Properties.Safe)
	w.close('}')
	w.close('}')
}

func (w *jsonw) artifactChange(c *sarifArtifactEdit) {
	w.open('{')
	w.artifact(&c.ArtifactLocation)
	w.key("replacements")
	jsonArray(w, c.Replacements, w.replacement)
	w.close('}')
}

func (w *jsonw) replacement(r *sarifReplacement) {
	w.open('{')
	w.region("deletedRegion", &r.DeletedRegion)
	if r.InsertedContent != nil {
		w.key("insertedContent")
		w.text(r.InsertedContent)
	}
	w.close('}')
}

// jsonArray writes xs as a JSON array, each element by each, or null for
// a nil slice, as encoding/json does.
func jsonArray[T any](w *jsonw, xs []T, each func(*T)) {
	if xs == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.open('[')
	for i := range xs {
		w.item()
		each(&xs[i])
	}
	w.close(']')
}

// sarifLog writes the SARIF log l, then the newline encoding/json's
// Encoder ends it with.
func (w *jsonw) sarifLog(l *sarifLog) {
	w.start(0)
	w.open('{')
	w.str("$schema", l.Schema)
	w.str("version", l.Version)
	w.key("runs")
	jsonArray(w, l.Runs, w.sarifRun)
	w.close('}')
	w.b = append(w.b, '\n')
}

func (w *jsonw) sarifRun(r *sarifRun) {
	d := &r.Tool.Driver
	w.open('{')
	w.key("tool")
	w.open('{')
	w.key("driver")
	w.open('{')
	w.str("name", d.Name)
	if d.Version != "" {
		w.str("version", d.Version)
	}
	w.str("informationUri", d.InformationURI)
	w.key("rules")
	jsonArray(w, d.Rules, w.sarifRule)
	w.close('}')
	w.close('}')
	w.str("columnKind", r.ColumnKind)
	w.key("results")
	jsonArray(w, r.Results, w.sarifResult)
	w.close('}')
}

func (w *jsonw) sarifRule(r *sarifRule) {
	w.open('{')
	w.str("id", r.ID)
	if r.ShortDescription != nil {
		w.key("shortDescription")
		w.text(r.ShortDescription)
	}
	if r.HelpURI != "" {
		w.str("helpUri", r.HelpURI)
	}
	if r.FullDescription != nil {
		w.key("fullDescription")
		w.text(r.FullDescription)
	}
	if r.Help != nil {
		w.key("help")
		w.open('{')
		w.str("text", r.Help.Text)
		if r.Help.Markdown != "" {
			w.str("markdown", r.Help.Markdown)
		}
		w.close('}')
	}
	w.key("defaultConfiguration")
	w.open('{')
	w.str("level", r.DefaultConfiguration.Level)
	w.close('}')
	if p := r.Properties; p != nil {
		w.key("properties")
		w.open('{')
		w.key("tags")
		jsonArray(w, p.Tags, func(t *string) { w.b = appendJSONString(w.b, *t) })
		w.str("fix", p.Fix)
		w.close('}')
	}
	w.close('}')
}
