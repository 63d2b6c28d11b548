package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Install manifest rules (spec.md §1.14, §2.15): the JSON file an HTTP
// source returns so that `/install` knows which files make up a package
// (runtime/install-manifest.md). They belong to the opt-in manifest
// profile. The engine runs them on .json files only, and runs no other
// rule there (lint.Options.Paths): pass.Doc is then a Document with Src,
// Path and Index but nothing parsed as SFMD, and the rules read the JSON
// through ManifestAnalyzer.
//
// manifest-invalid-json is not in the catalogue (see ManifestExtraRules):
// a file that is not JSON at all is no manifest the other rules could
// check, and the daemon would not recognize it.

func init() {
	register(ManifestInvalidJSON, ManifestFilesMissing, ManifestRootMissing, ManifestPathUnsafe,
		ManifestEntryNoSource, ManifestEntryBothSources, ManifestURLNotHTTPS, ManifestDeliveryInvalid,
		ManifestPathDuplicate, ManifestInstallHintType)
}

// ManifestExtraRules are the manifest rules that are not catalogue rules.
var ManifestExtraRules = []string{"manifest-invalid-json"}

// manifestRoot is the file name the daemon reads as the package's SFMD
// document.
const manifestRoot = "string.md"

// manifestDeliveries are the values of "delivery" the daemon knows.
var manifestDeliveries = []string{"local", "link", "any"}

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

// manifestDoc is the result of ManifestAnalyzer.
type manifestDoc struct {
	root *jvalue // nil when the file is not valid JSON
	// err and errOffset describe invalid JSON.
	err       string
	errOffset int
}

// ManifestAnalyzer parses the document's text as JSON, keeping the byte
// offsets of every value, for the manifest rules. A leading byte order
// mark is skipped (the daemon decodes the response as text first).
var ManifestAnalyzer = &lint.Analyzer{
	Name:    "manifest-json",
	Profile: lint.Manifest,
	Shared:  true,
	Doc:     lint.Doc{Title: "install manifest JSON with positions"},
	Run: func(pass *lint.Pass) (any, error) {
		return parseManifest(pass.Doc.Src), nil
	},
}

func manifestOf(pass *lint.Pass) *manifestDoc {
	m, _ := pass.ResultOf[ManifestAnalyzer].(*manifestDoc)
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

// ManifestInvalidJSON reports a manifest that is not valid JSON.
var ManifestInvalidJSON = &lint.Analyzer{
	Name:     "manifest-invalid-json",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest is not valid JSON",
		Why: "the daemon treats a response as an install manifest only when it parses as JSON; " +
			"otherwise it reads it as a markdown document and fails with a misleading error",
		Bad:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"},]}`,
		Good: `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}]}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		if m.root != nil || m.err == "" {
			return nil, nil
		}
		end := min(m.errOffset, len(pass.Doc.Src))
		start := max(end-1, 0)
		pass.Reportf(pass.Doc.Index.Span(start, end), "not valid JSON: %s; fix the syntax", m.err)
		return nil, nil
	},
}

// ManifestFilesMissing reports a manifest without a non-empty "files"
// array.
var ManifestFilesMissing = &lint.Analyzer{
	Name:     "manifest-files-missing",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest has no files",
		Why: "`files` is REQUIRED and must be a non-empty array: without it the daemon does not treat the JSON " +
			"as a manifest and tries to read it as a markdown document",
		Bad:  `{"delivery": "local"}`,
		Good: `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}], "delivery": "local"}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		root := m.root
		if root == nil {
			return nil, nil
		}
		idx := pass.Doc.Index
		if root.kind != jObject {
			pass.Reportf(tokenSpan(idx, root), "an install manifest is a JSON object, not %s: write {\"files\": [%s]}", root.describe(), manifestExampleEntry)
			return nil, nil
		}
		f := root.get("files")
		switch {
		case f == nil:
			pass.Reportf(tokenSpan(idx, root), "install manifest has no \"files\" array: add \"files\": [%s]", manifestExampleEntry)
		case f.val.kind != jArray:
			pass.Reportf(tokenSpan(idx, f.val), "\"files\" is %s, not an array: list the package files as [%s]", f.val.describe(), manifestExampleEntry)
		case len(f.val.items) == 0:
			pass.Reportf(idx.Span(f.val.start, f.val.end), "\"files\" is empty: list at least the package root %s", manifestExampleEntry)
		}
		return nil, nil
	},
}

// ManifestRootMissing reports a "files" array without the string.md
// entry.
var ManifestRootMissing = &lint.Analyzer{
	Name:     "manifest-root-missing",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest has no string.md entry",
		Why: "the entry whose path is exactly `string.md` is the package root, the SFMD document the daemon " +
			"installs; a manifest without it is rejected",
		Bad:  `{"files": [{"path": "index.md", "url": "https://example.com/index.md"}]}`,
		Good: `{"files": [{"path": "string.md", "url": "https://example.com/index.md"}]}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		files := manifestFiles(m)
		if files == nil || len(files.items) == 0 {
			return nil, nil // manifest-files-missing
		}
		var near *manifestEntry
		for _, e := range manifestEntries(m) {
			p, ok := e.pathString()
			if !ok {
				continue
			}
			if p == manifestRoot {
				return nil, nil
			}
			if near == nil && strings.EqualFold(path.Clean(strings.ReplaceAll(p, "\\", "/")), manifestRoot) {
				near = e
			}
		}
		idx := pass.Doc.Index
		if near != nil {
			p, _ := near.pathString()
			pass.Reportf(tokenSpan(idx, near.path.val), "path %q is not the package root, which the daemon finds only as exactly %q: write %q", p, manifestRoot, manifestRoot)
			return nil, nil
		}
		f := m.root.get("files")
		pass.Reportf(idx.Span(f.keyStart, f.keyEnd), "\"files\" has no %q entry, the package root the daemon installs: add %s", manifestRoot, manifestExampleEntry)
		return nil, nil
	},
}

// ManifestPathUnsafe reports entry paths the daemon rejects: with "..",
// absolute, or containing NUL. A missing, non-string or empty path is
// reported here too: it fails the same validation.
var ManifestPathUnsafe = &lint.Analyzer{
	Name:     "manifest-path-unsafe",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest path escapes the package",
		Why: "paths must not contain `..`, must not be absolute and must not contain NUL; the daemon validates " +
			"every path before fetching anything and aborts the whole install on one bad path",
		Bad:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "../evil.md", "content": "x"}]}`,
		Good: `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "nav/main.md", "content": "x"}]}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		idx := pass.Doc.Index
		for _, e := range manifestEntries(manifestOf(pass)) {
			if e.path == nil {
				pass.Reportf(tokenSpan(idx, e.obj), "entry has no \"path\": add the file's path inside the package, such as %q", manifestRoot)
				continue
			}
			v := e.path.val
			span := tokenSpan(idx, v)
			if v.kind != jString {
				pass.Reportf(span, "\"path\" is %s, not a string: give the file's path inside the package, such as %q", v.describe(), manifestRoot)
				continue
			}
			p := v.str
			switch {
			case p == "":
				pass.Reportf(span, "path is empty: give the file's path inside the package, such as %q", manifestRoot)
			case strings.ContainsRune(p, 0):
				pass.Reportf(span, "path %q contains a NUL character, which the daemon rejects before installing anything: remove it", p)
			case strings.HasPrefix(p, "/") || strings.HasPrefix(p, "\\"):
				rel := strings.TrimLeft(p, "/\\")
				if rel == "" {
					rel = manifestRoot
				}
				pass.Reportf(span, "path %q is absolute, which the daemon rejects before installing anything: make it relative to the package, such as %q", p, rel)
			case strings.Contains(p, ".."):
				pass.Reportf(span, "path %q contains \"..\", which the daemon rejects before installing anything: keep every file inside the package", p)
			}
		}
		return nil, nil
	},
}

// ManifestEntryNoSource reports a "files" entry with neither a url nor
// inline content (or one that is not an object at all).
var ManifestEntryNoSource = &lint.Analyzer{
	Name:     "manifest-entry-no-source",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest entry has neither url nor content",
		Why:   "each `files` entry needs a `url` or an inline `content` string: the daemon has nothing to install otherwise",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "data.md"}]}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "data.md", "content": "# Data"}]}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		idx := pass.Doc.Index
		if files := manifestFiles(m); files != nil {
			for _, it := range files.items {
				if it.kind != jObject {
					pass.Reportf(tokenSpan(idx, it), "\"files\" entry is %s, not an object: write it as %s", it.describe(), manifestExampleEntry)
				}
			}
		}
		for _, e := range manifestEntries(m) {
			url := e.url != nil && e.url.val.kind == jString && e.url.val.str != ""
			content := e.content != nil && e.content.val.kind == jString
			if url || content {
				continue
			}
			switch {
			case e.url != nil && e.url.val.kind == jString:
				pass.Reportf(tokenSpan(idx, e.url.val), "\"url\" of %s is empty: give the file's \"https://…\" URL or inline its \"content\"", e.name())
			case e.url != nil:
				pass.Reportf(tokenSpan(idx, e.url.val), "\"url\" of %s is %s, not a string: give the file's \"https://…\" URL or inline its \"content\"", e.name(), e.url.val.describe())
			case e.content != nil:
				pass.Reportf(tokenSpan(idx, e.content.val), "\"content\" of %s is %s, not a string: inline the file's text as one JSON string", e.name(), e.content.val.describe())
			default:
				pass.Reportf(e.anchor(idx), "%s has neither \"url\" nor \"content\": add the file's \"url\" or inline its \"content\"", e.name())
			}
		}
		return nil, nil
	},
}

// ManifestEntryBothSources reports an entry with both url and content.
var ManifestEntryBothSources = &lint.Analyzer{
	Name:     "manifest-entry-both-sources",
	Severity: lint.Warning,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest entry has both url and content",
		Why:   "an entry takes its text from `url` OR `content`; with both, which one is installed is not obvious to the reader",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md", "content": "# Mail"}]}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}]}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, e := range manifestEntries(manifestOf(pass)) {
			if e.url == nil || e.content == nil {
				continue
			}
			second := e.content
			if e.url.keyStart > second.keyStart {
				second = e.url
			}
			pass.Reportf(pass.Doc.Index.Span(second.keyStart, second.keyEnd), "%s has both \"url\" and \"content\": keep only one, so that it is clear which text is installed", e.name())
		}
		return nil, nil
	},
}

// ManifestURLNotHTTPS reports an entry url that is not an https:// URL.
var ManifestURLNotHTTPS = &lint.Analyzer{
	Name:     "manifest-url-not-https",
	Severity: lint.Warning,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest url is not HTTPS",
		Why:   "`url` is the HTTPS source of the file; over plain HTTP anyone on the path can change the code the agent installs",
		Bad:   `{"files": [{"path": "string.md", "url": "http://example.com/string.md"}]}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}]}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, e := range manifestEntries(manifestOf(pass)) {
			if e.url == nil || e.url.val.kind != jString || e.url.val.str == "" {
				continue // manifest-entry-no-source
			}
			u := e.url.val.str
			lower := strings.ToLower(u)
			span := tokenSpan(pass.Doc.Index, e.url.val)
			switch {
			case strings.HasPrefix(lower, "https://"):
			case strings.HasPrefix(lower, "http://"):
				pass.Reportf(span, "url %q uses plain HTTP: use %q", u, "https://"+u[len("http://"):])
			case strings.Contains(u, "://"):
				pass.Reportf(span, "url %q is not HTTPS: serve the file from an \"https://…\" URL", u)
			default:
				pass.Reportf(span, "url %q is not an absolute HTTPS URL: give the full \"https://…\" address", u)
			}
		}
		return nil, nil
	},
}

// ManifestDeliveryInvalid reports a "delivery" other than local, link or
// any.
var ManifestDeliveryInvalid = &lint.Analyzer{
	Name:     "manifest-delivery-invalid",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest delivery is not local, link or any",
		Why:   "`delivery` is `\"local\"`, `\"link\"`, `\"any\"` or absent (local); the daemon does not know any other mode",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}], "delivery": "copy"}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}], "delivery": "local"}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		if m.root == nil || m.root.kind != jObject {
			return nil, nil
		}
		d := m.root.get("delivery")
		if d == nil {
			return nil, nil
		}
		span := tokenSpan(pass.Doc.Index, d.val)
		expected := "expected one of " + quoteAll(manifestDeliveries) + ", or no \"delivery\" for \"local\""
		if d.val.kind != jString {
			pass.Reportf(span, "delivery is %s, not a string: %s", d.val.describe(), expected)
			return nil, nil
		}
		if hasString(manifestDeliveries, d.val.str) {
			return nil, nil
		}
		if n := nearest(d.val.str, manifestDeliveries); n != "" {
			pass.Reportf(span, "unknown delivery %q: did you mean %q?", d.val.str, n)
			return nil, nil
		}
		pass.Reportf(span, "unknown delivery %q: %s", d.val.str, expected)
		return nil, nil
	},
}

// quoteAll renders names as "a", "b", "c".
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// ManifestPathDuplicate reports two entries installing the same path.
var ManifestPathDuplicate = &lint.Analyzer{
	Name:     "manifest-path-duplicate",
	Severity: lint.Warning,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "two install manifest entries share one path",
		Why:   "both entries write the same file; one of them silently overwrites the other",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "string.md", "content": "# Mail"}]}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}, {"path": "inbox.md", "content": "# Inbox"}]}`,
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		idx := pass.Doc.Index
		seen := dupTracker{}
		firstPath := map[string]string{}
		for _, e := range manifestEntries(manifestOf(pass)) {
			p, ok := e.pathString()
			if !ok || p == "" {
				continue
			}
			key := path.Clean(p)
			span := tokenSpan(idx, e.path.val)
			first, dup := seen.check(key, span)
			if !dup {
				firstPath[key] = p
				continue
			}
			what := fmt.Sprintf("path %q", p)
			if fp := firstPath[key]; fp != p {
				what = fmt.Sprintf("path %q (the same file as %q)", p, fp)
			}
			reportDup(pass, span, first, what, "remove one of the two entries")
		}
		return nil, nil
	},
}

// ManifestInstallHintType reports an install_hint that is not a string.
var ManifestInstallHintType = &lint.Analyzer{
	Name:     "manifest-install-hint-type",
	Severity: lint.Warning,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest install_hint is not a string",
		Why:   "`install_hint` is one markdown string shown when the manifest is browsed before install; any other type is not shown as written",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}], "install_hint": ["Run /install"]}`,
		Good:  "{\"files\": [{\"path\": \"string.md\", \"url\": \"https://example.com/string.md\"}], \"install_hint\": \"Run `/install <url>` to install\"}",
	},
	Requires: []*lint.Analyzer{ManifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		if m.root == nil || m.root.kind != jObject {
			return nil, nil
		}
		h := m.root.get("install_hint")
		if h == nil || h.val.kind == jString {
			return nil, nil
		}
		pass.Reportf(tokenSpan(pass.Doc.Index, h.val), "install_hint is %s, not a string: write the hint as one markdown string", h.val.describe())
		return nil, nil
	},
}
