package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
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

// suitesOf returns the suites of the document at docPath: <stem>.test.yaml
// (or .yml) next to it, and the other suites of its directory whose
// `document:` names it.
func (s *server) suitesOf(docPath string) []string {
	dir, base := filepath.Dir(docPath), filepath.Base(docPath)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	var out []string
	seen := map[string]bool{}
	for _, ext := range []string{".test.yaml", ".test.yml"} {
		if p := filepath.Join(dir, stem+ext); fileExists(p) {
			out = append(out, p)
			seen[p] = true
		}
	}
	for _, pat := range []string{"*.test.yaml", "*.test.yml"} {
		others, _ := filepath.Glob(filepath.Join(dir, pat))
		sort.Strings(others)
		for _, p := range others {
			if seen[p] {
				continue
			}
			if src, ok := s.readSuite(p); ok {
				var head struct {
					Document string `yaml:"document"`
				}
				if yaml.Unmarshal(src, &head) == nil && filepath.Clean(head.Document) == base {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

var runRE = regexp.MustCompile(`^\s*/(?:act|action)[. ]\s*([A-Za-z0-9_-]+)`)

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

// responseSamples returns the recorded values at root+path of the
// responses of action id, at most limit of them. A suite is read as a
// YAML node tree, whose aliases are shared, never expanded.
func (s *server) responseSamples(docPath, id, root string, path []sfmd.PathSeg, limit int) []sample {
	var out []sample
	for _, suite := range s.suitesOf(docPath) {
		src, ok := s.readSuite(suite)
		if !ok {
			continue
		}
		var doc yaml.Node
		if yaml.Unmarshal(src, &doc) != nil || len(doc.Content) == 0 {
			continue
		}
		conv := &converter{memo: map[*yaml.Node]any{}}
		for _, t := range yamlpos.Items(yamlpos.Get(doc.Content[0], "tests")) {
			name := scalar(yamlpos.Get(t, "name"))
			steps := yamlpos.Items(yamlpos.Get(t, "steps"))
			if steps == nil {
				steps = []*yaml.Node{t}
			}
			for _, st := range steps {
				if m := runRE.FindStringSubmatch(scalar(yamlpos.Get(st, "run"))); m == nil || m[1] != id {
					continue
				}
				for _, resp := range recordedResponses(filepath.Dir(suite), st, conv) {
					if v, ok := walk(resp[root], path); ok {
						out = append(out, sample{suite: filepath.Base(suite), test: name, value: v})
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

// scalar returns the text of a string scalar, "" for anything else.
func scalar(n *yaml.Node) string {
	if !yamlpos.IsString(n) {
		return ""
	}
	return n.Value
}

// recordedResponses returns the Response objects a step's fixtures give
// the template: {status, body} per HTTP exchange, {status, exit_code,
// stdout, stderr, body} per CLI command. A stub written by sfmd test
// --init (a todo: line) holds placeholders, not what a server answered:
// it is left out, and so is a json: body sfmd test refuses (over
// suitespec.JSONBytes once its aliases are expanded, or not JSON).
func recordedResponses(dir string, step *yaml.Node, conv *converter) []map[string]any {
	var out []map[string]any
	for _, h := range yamlpos.Items(yamlpos.Get(step, "http")) {
		r := yamlpos.Get(h, "response")
		if r == nil || r.Kind != yaml.MappingNode || yamlpos.Get(r, "todo") != nil {
			continue // none, or a stub of sfmd test --init: nothing recorded yet
		}
		status := any(200.0)
		if st := yamlpos.Get(r, "status"); st != nil {
			status = conv.value(st)
		}
		var body any
		switch j, bf := yamlpos.Get(r, "json"), yamlpos.Get(r, "body_file"); {
		case j != nil && j.Tag != "!!null":
			if _, err := suitespec.JSON(j); err != nil {
				continue // sfmd test refuses the suite
			}
			body = conv.value(j)
		case bf != nil && bf.Tag != "!!null":
			if b, ok := readSuiteFile(dir, scalar(bf)); ok {
				body = jsonOrText(string(b))
			}
		default:
			body = jsonOrText(scalar(yamlpos.Get(r, "body")))
		}
		out = append(out, map[string]any{"status": status, "body": body})
	}
	for _, e := range yamlpos.Items(yamlpos.Get(step, "exec")) {
		if e == nil || e.Kind != yaml.MappingNode || yamlpos.Get(e, "todo") != nil {
			continue // a stub of sfmd test --init
		}
		stdout, stderr := scalar(yamlpos.Get(e, "stdout")), scalar(yamlpos.Get(e, "stderr"))
		code := any(0.0)
		if c := yamlpos.Get(e, "exit"); c != nil {
			code = conv.value(c)
		}
		out = append(out, map[string]any{"status": code, "exit_code": code, "stdout": stdout, "stderr": stderr, "body": jsonOrText(stdout + stderr)})
	}
	return out
}

// converter turns YAML nodes into the values of their JSON (what the
// runtime parses), converting each node once: the values of aliases of
// one node are the same map or slice, so that memory follows the suite's
// size, not its expansion.
type converter struct {
	memo map[*yaml.Node]any
}

func (c *converter) value(n *yaml.Node) any { return c.conv(n, 0) }

func (c *converter) conv(n *yaml.Node, depth int) any {
	n = yamlpos.Deref(n)
	if n == nil || depth > 200 {
		return nil
	}
	if v, ok := c.memo[n]; ok {
		return v
	}
	var v any
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) > 0 {
			v = c.conv(n.Content[0], depth+1)
		}
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := yamlpos.Deref(n.Content[i]); k != nil {
				m[k.Value] = c.conv(n.Content[i+1], depth+1)
			}
		}
		v = m
	case yaml.SequenceNode:
		l := make([]any, len(n.Content))
		for i, e := range n.Content {
			l[i] = c.conv(e, depth+1)
		}
		v = l
	case yaml.ScalarNode:
		if b, err := suitespec.ScalarJSON(n); err == nil {
			_ = json.Unmarshal(b, &v)
		}
	}
	c.memo[n] = v
	return v
}

// maxBodyFile bounds a body_file read for a hover: sfmd test's bound for
// a fixture.
const maxBodyFile = suitespec.FixtureBytes

// readSuiteFile reads a file the suite in dir names, under sfmd test's
// rules: only in the suite's own directory tree (a path that leads out
// through "..", an absolute path or a symbolic link is not read), only a
// regular file (a FIFO or device would block the server), at most
// maxBodyFile bytes.
func readSuiteFile(dir, name string) ([]byte, bool) {
	rel := filepath.FromSlash(name)
	if filepath.IsAbs(rel) {
		r, err := filepath.Rel(dir, rel)
		if err != nil {
			return nil, false
		}
		rel = r
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, false
	}
	defer func() { _ = root.Close() }()
	b, _, err := safeio.Read(root, rel, name, maxBodyFile)
	return b, err == nil
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
		keys := sortedKeys(x)
		if len(keys) > maxTypeKeys {
			return fmt.Sprintf("object with keys %s, … (%d keys)", strings.Join(keys[:maxTypeKeys], ", "), len(keys))
		}
		return "object with keys " + strings.Join(keys, ", ")
	}
	return fmt.Sprintf("%T", v)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
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
		for i, k := range sortedKeys(x) {
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
