package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// What a {Response.…} placeholder holds, as far as the document's test
// suites know it: the responses recorded for the action in the suites
// next to the document (docs/test-format.md), walked along the
// placeholder's path.

// sample is one recorded value of a response path.
type sample struct {
	suite, test string
	value       any
}

// docSuite is a suite of a document, read as sfmd test reads it.
type docSuite struct {
	path string
	spec *suitespec.Suite
	dec  *suitespec.Decoder // with the problems sfmd test reports
}

// suitesOf returns the suites of the document at docPath: the suites of
// its directory (*.test.yaml, *.test.yml) that test it as sfmd test pairs
// a suite with its document (suitespec.Suite.Document, runner/suite.go
// decoder.document): its document: names the file, or, with no
// document:, its stem is the document's. <stem>.test.yaml (or .yml)
// comes first. Each is decoded once, by suitespec as sfmd test decodes
// it.
func (s *server) suitesOf(docPath string) []docSuite {
	dir, base := filepath.Dir(docPath), filepath.Base(docPath)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	var names []string
	for _, ext := range []string{".test.yaml", ".test.yml"} {
		names = append(names, filepath.Join(dir, stem+ext))
	}
	for _, pat := range []string{"*.test.yaml", "*.test.yml"} {
		others, _ := filepath.Glob(filepath.Join(dir, pat))
		sort.Strings(others)
		names = append(names, others...)
	}
	var out []docSuite
	seen := map[string]bool{}
	for _, p := range names {
		if seen[p] || !fileExists(p) {
			continue
		}
		seen[p] = true
		if su, ok := s.decodeSuite(p); ok && su.spec.Document(filepath.Base(p)) == base {
			out = append(out, su)
		}
	}
	return out
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// readSuite returns the text of the suite at p, the editor's buffer when
// it is open, within the size sfmd test reads a suite to
// (suitespec.SuiteBytes).
func (s *server) readSuite(p string) ([]byte, bool) {
	if src, ok := s.buffer(p); ok {
		return src, len(src) <= suitespec.SuiteBytes
	}
	src, _, err := safeio.ReadFile(p, suitespec.SuiteBytes)
	return src, err == nil
}

// decodeSuite reads and decodes the suite at p; the files it names are
// read through its own directory tree, as sfmd test reads them (a path
// that leads out through "..", an absolute path or a symbolic link is
// not read, nor a FIFO or device, nor a file over suitespec.FixtureBytes).
func (s *server) decodeSuite(p string) (docSuite, bool) {
	src, ok := s.readSuite(p)
	if !ok {
		return docSuite{}, false
	}
	dir := filepath.Dir(p)
	tree, err := os.OpenRoot(dir)
	if err != nil {
		return docSuite{}, false
	}
	defer func() { _ = tree.Close() }()
	dec := suitespec.NewDecoder(filepath.Base(p), dir, tree)
	spec := dec.Decode(src)
	return docSuite{path: p, spec: spec, dec: dec}, spec != nil
}

// responseSamples returns the recorded values at root+path of the
// responses of action id, at most limit of them: of the steps whose run:
// line calls the action as the runner reads it (model.CalledAction).
func (s *server) responseSamples(docPath, id, root string, path []sfmd.PathSeg, limit int) []sample {
	var out []sample
	for _, su := range s.suitesOf(docPath) {
		for _, t := range su.spec.Tests {
			for _, st := range t.Steps {
				if called, ok := model.CalledAction(st.Run); !ok || called != id {
					continue
				}
				for _, resp := range recordedResponses(su.dec, st) {
					if v, ok := walk(resp[root], path); ok {
						out = append(out, sample{suite: filepath.Base(su.path), test: t.Name, value: v})
						if len(out) >= limit {
							return out
						}
					}
				}
			}
		}
	}
	return out
}

// recordedResponses returns the Response objects a step's fixtures give
// the template: {status, body} per HTTP exchange, {status, exit_code,
// stdout, stderr, body} per CLI command. Left out: an entry without a
// response, a stub written by sfmd test --init (a todo: line: it holds
// placeholders, not what a server answered), and an entry sfmd test
// refuses (dec found a problem in it: a json: body over
// suitespec.JSONBytes once its aliases are expanded, a body_file outside
// the suite's tree, …).
func recordedResponses(dec *suitespec.Decoder, st *suitespec.Step) []map[string]any {
	var out []map[string]any
	for _, h := range st.HTTP {
		r := h.Response
		if rn := yamlpos.Get(h.Node, "response"); rn == nil || rn.Kind != yaml.MappingNode || r.TodoNode != nil || !dec.Clean(h.Node) {
			continue
		}
		out = append(out, map[string]any{"status": float64(r.Status), "body": jsonOrText(string(r.Body))})
	}
	for _, e := range st.Exec {
		if e.TodoNode != nil || !dec.Clean(e.Node) {
			continue
		}
		code := float64(e.Exit)
		out = append(out, map[string]any{"status": code, "exit_code": code, "stdout": e.Stdout, "stderr": e.Stderr, "body": jsonOrText(model.Replayed(e.Stdout, e.Stderr, e.Exit).Output())})
	}
	return out
}

// jsonOrText is the body the runtime sees: parsed JSON, else the text.
func jsonOrText(s string) any {
	var v any
	if json.Unmarshal([]byte(s), &v) == nil {
		return v
	}
	return s
}

// walk follows a path of keys and indices into a decoded value.
func walk(v any, path []sfmd.PathSeg) (any, bool) {
	if v == nil {
		return nil, false
	}
	for _, seg := range path {
		switch x := v.(type) {
		case map[string]any:
			if seg.IsIndex {
				var ok bool
				if v, ok = x[strconv.Itoa(seg.Index)]; !ok {
					return nil, false
				}
				continue
			}
			var ok bool
			if v, ok = x[seg.Key]; !ok {
				return nil, false
			}
		case []any:
			i := seg.Index
			if !seg.IsIndex {
				n, err := strconv.Atoi(seg.Key)
				if err != nil {
					return nil, false
				}
				i = n
			}
			if i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// parseResponsePath reads "Response.body.items[0].x" (or "body.items",
// as a for: path after the runtime strips "Response.") into its root and
// segments.
func parseResponsePath(s string) (string, []sfmd.PathSeg, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}"), "Response.")
	var segs []sfmd.PathSeg
	for _, part := range strings.Split(s, ".") {
		key, rest, _ := strings.Cut(part, "[")
		if key != "" {
			if n, err := strconv.Atoi(key); err == nil && len(segs) > 0 {
				segs = append(segs, sfmd.PathSeg{Index: n, IsIndex: true, DotIndex: true})
			} else {
				segs = append(segs, sfmd.PathSeg{Key: key})
			}
		}
		for rest != "" {
			idx, after, ok := strings.Cut(rest, "]")
			n, err := strconv.Atoi(idx)
			if !ok || err != nil {
				return "", nil, false
			}
			segs = append(segs, sfmd.PathSeg{Index: n, IsIndex: true})
			rest = strings.TrimPrefix(after, "[")
		}
	}
	if len(segs) == 0 || segs[0].IsIndex {
		return "", nil, false
	}
	return segs[0].Key, segs[1:], true
}

// describe renders a recorded value: its JSON type and the value, cut
// short after maxSampleText bytes (rendered no further: a value may be
// shared many times over through the suite's aliases).
func describe(v any) (typ, text string) {
	r := &sampleText{max: maxSampleText}
	r.value(v, "")
	text = r.b.String()
	if r.full {
		text += "\n…"
	}
	return jsonType(v), text
}

// maxSampleText bounds the text of a value in a hover.
const maxSampleText = 600

// maxTypeKeys bounds the keys an object's type lists.
const maxTypeKeys = 30

// jsonType names the JSON type of a value: for an array, of its first
// item; for an object, its keys.
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64, int, int64, uint64:
		return "number"
	case string:
		return "string"
	case []any:
		if len(x) > 0 {
			return fmt.Sprintf("array of %s (%d items)", jsonType(x[0]), len(x))
		}
		return "array (0 items)"
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		if len(keys) > maxTypeKeys {
			return fmt.Sprintf("object with keys %s, … (%d keys)", strings.Join(keys[:maxTypeKeys], ", "), len(keys))
		}
		return "object with keys " + strings.Join(keys, ", ")
	}
	return fmt.Sprintf("%T", v)
}

// sampleText writes a value as indented JSON (as json.MarshalIndent
// with two spaces does) and stops once it holds max bytes.
type sampleText struct {
	b    strings.Builder
	max  int
	full bool
}

// write adds s, cut at max bytes (on a character boundary); it reports
// whether there is room for more.
func (r *sampleText) write(s string) bool {
	if r.full {
		return false
	}
	if room := r.max - r.b.Len(); len(s) > room {
		for room > 0 && !utf8.RuneStart(s[room]) {
			room--
		}
		r.b.WriteString(s[:room])
		r.full = true
		return false
	}
	r.b.WriteString(s)
	return true
}

func (r *sampleText) value(v any, indent string) bool {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			return r.write("{}")
		}
		in := indent + "  "
		r.write("{\n")
		for i, k := range slices.Sorted(maps.Keys(x)) {
			if i > 0 && !r.write(",\n") {
				return false
			}
			if !r.write(in) || !r.str(k) || !r.write(": ") || !r.value(x[k], in) {
				return false
			}
		}
		return r.write("\n" + indent + "}")
	case []any:
		if len(x) == 0 {
			return r.write("[]")
		}
		in := indent + "  "
		r.write("[\n")
		for i, e := range x {
			if i > 0 && !r.write(",\n") {
				return false
			}
			if !r.write(in) || !r.value(e, in) {
				return false
			}
		}
		return r.write("\n" + indent + "]")
	case string:
		return r.str(x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return r.write(fmt.Sprint(v))
	}
	return r.write(string(b))
}

// str writes a string as JSON, encoding no more of it than can fit.
func (r *sampleText) str(s string) bool {
	if room := r.max - r.b.Len(); len(s) > room {
		for room > 0 && !utf8.RuneStart(s[room]) {
			room--
		}
		s = s[:room] // quoted, still longer than the room: write cuts it
	}
	b, _ := json.Marshal(s)
	return r.write(string(b))
}
