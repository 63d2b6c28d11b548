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

	"github.com/sfmd-dev/sfmd/internal/safeio"
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
			if src, ok := s.readFile(p); ok {
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

// responseSamples returns the recorded values at root+path of the
// responses of action id, at most limit of them.
func (s *server) responseSamples(docPath, id, root string, path []sfmd.PathSeg, limit int) []sample {
	var out []sample
	for _, suite := range s.suitesOf(docPath) {
		src, ok := s.readFile(suite)
		if !ok {
			continue
		}
		var top map[string]any
		if yaml.Unmarshal(src, &top) != nil {
			continue
		}
		tests, _ := top["tests"].([]any)
		for _, t := range tests {
			tm, _ := t.(map[string]any)
			name, _ := tm["name"].(string)
			steps, _ := tm["steps"].([]any)
			if steps == nil {
				steps = []any{tm}
			}
			for _, st := range steps {
				sm, _ := st.(map[string]any)
				run, _ := sm["run"].(string)
				if m := runRE.FindStringSubmatch(run); m == nil || m[1] != id {
					continue
				}
				for _, resp := range recordedResponses(filepath.Dir(suite), sm) {
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

// recordedResponses returns the Response objects a step's fixtures give
// the template: {status, body} per HTTP exchange, {status, exit_code,
// stdout, stderr, body} per CLI command. A stub written by sfmd test
// --init (a todo: line) holds placeholders, not what a server answered:
// it is left out.
func recordedResponses(dir string, step map[string]any) []map[string]any {
	var out []map[string]any
	httpList, _ := step["http"].([]any)
	for _, h := range httpList {
		hm, _ := h.(map[string]any)
		r, _ := hm["response"].(map[string]any)
		if r == nil || r["todo"] != nil {
			continue // none, or a stub of sfmd test --init: nothing recorded yet
		}
		status := any(200)
		if st, ok := r["status"]; ok {
			status = st
		}
		var body any
		switch {
		case r["json"] != nil:
			body = r["json"]
		case r["body_file"] != nil:
			name, _ := r["body_file"].(string)
			if b, ok := readSuiteFile(dir, name); ok {
				body = jsonOrText(string(b))
			}
		default:
			text, _ := r["body"].(string)
			body = jsonOrText(text)
		}
		out = append(out, map[string]any{"status": status, "body": body})
	}
	execList, _ := step["exec"].([]any)
	for _, e := range execList {
		em, _ := e.(map[string]any)
		if em["todo"] != nil {
			continue // a stub of sfmd test --init
		}
		stdout, _ := em["stdout"].(string)
		stderr, _ := em["stderr"].(string)
		code := any(0)
		if c, ok := em["exit"]; ok {
			code = c
		}
		out = append(out, map[string]any{"status": code, "exit_code": code, "stdout": stdout, "stderr": stderr, "body": jsonOrText(stdout + stderr)})
	}
	return out
}

// maxBodyFile bounds a body_file read for a hover (sfmd test's limit for
// a fixture).
const maxBodyFile = 10 << 20

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

// describe renders a recorded value: its JSON type and the value (cut
// short).
func describe(v any) (typ, text string) {
	switch x := v.(type) {
	case nil:
		typ = "null"
	case bool:
		typ = "boolean"
	case float64, int, int64, uint64:
		typ = "number"
	case string:
		typ = "string"
	case []any:
		typ = fmt.Sprintf("array (%d items)", len(x))
		if len(x) > 0 {
			et, _ := describe(x[0])
			typ = fmt.Sprintf("array of %s (%d items)", et, len(x))
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		typ = "object with keys " + strings.Join(keys, ", ")
	default:
		typ = fmt.Sprintf("%T", v)
	}
	b, err := json.MarshalIndent(jsonable(v), "", "  ")
	if err != nil {
		b = []byte(fmt.Sprint(v))
	}
	text = string(b)
	if len(text) > 600 {
		text = text[:600] + "\n…"
	}
	return typ, text
}

// jsonable converts YAML-decoded maps (map[string]any with any keys) so
// that encoding/json accepts them.
func jsonable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = jsonable(e)
		}
		return m
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonable(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonable(e)
		}
		return out
	}
	return v
}
