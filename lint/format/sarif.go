package format

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	// fingerprintKey names sfmd's entry in result.partialFingerprints.
	fingerprintKey = "sfmdLineHash/v1"
	// maxFingerprintBytes bounds the part of a line hashed into a fingerprint.
	maxFingerprintBytes = 1024
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	ShortDescription     *sarifText      `json:"shortDescription,omitempty"`
	HelpURI              string          `json:"helpUri,omitempty"`
	FullDescription      *sarifText      `json:"fullDescription,omitempty"`
	Help                 *sarifHelp      `json:"help,omitempty"`
	DefaultConfiguration sarifConfig     `json:"defaultConfiguration"`
	Properties           *sarifRuleProps `json:"properties,omitempty"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

// sarifRuleProps holds the rule's profile and editor tags (tags) and
// what its fix is (fix: none, safe, unsafe, safe or unsafe; Doc.Fix).
type sarifRuleProps struct {
	Tags []string `json:"tags"`
	Fix  string   `json:"fix"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int  `json:"startLine,omitempty"`
	StartColumn int  `json:"startColumn,omitempty"`
	EndLine     int  `json:"endLine,omitempty"`
	EndColumn   int  `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  *int `json:"byteLength,omitempty"`
}

type sarifFix struct {
	Description     sarifText           `json:"description"`
	ArtifactChanges []sarifArtifactEdit `json:"artifactChanges"`
	Properties      sarifFixProps       `json:"properties"`
}

// sarifFixProps says whether sfmd lint --fix applies the fix without
// --unsafe-fixes.
type sarifFixProps struct {
	Safe bool `json:"safe"`
}

type sarifArtifactEdit struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent *sarifText  `json:"insertedContent,omitempty"`
}

func sarifLevel(s lint.Severity) string {
	switch norm(s) {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	default:
		return "note"
	}
}

// sarifStream writes the sarif format. The results are spooled: they
// follow the rule descriptors, which include the rules seen only in
// results.
type sarifStream struct {
	w       io.Writer
	ctx     *Context
	rules   []sarifRule
	index   map[string]int
	src     *sources
	seen    map[string]int // fingerprint occurrences (of the current path)
	path    string
	whole   *bool // the Stream's: count fingerprints over every path
	results spool
	n       int
	b       bytes.Buffer
	jw      jsonw
	// art is the artifact of artPath, the path of the last result.
	artPath string
	art     sarifArtifact
	fp      []byte // the text a fingerprint hashes
	// loc and fps hold the location and the fingerprints of the result
	// being written (fill)
	loc [1]sarifLocation
	fps map[string]string
}

func newSARIFStream(w io.Writer, ctx *Context) *sarifStream {
	rules, index := sarifRules(ctx.Rules, nil)
	return &sarifStream{w: w, ctx: ctx, rules: rules, index: index, src: newSources(ctx.Source), seen: map[string]int{},
		fps: map[string]string{}}
}

func (s *sarifStream) write(diags []lint.Diagnostic) error {
	s.b.Reset()
	for i := range diags {
		d := &diags[i]
		if _, ok := s.index[d.Rule]; !ok {
			s.index[d.Rule] = len(s.rules)
			s.rules = append(s.rules, sarifRule{ID: d.Rule, DefaultConfiguration: sarifConfig{Level: sarifLevel(d.Severity)}})
		}
		if d.Path != s.path && !*s.whole {
			// The counter is per path: a finding's fingerprint hashes its path.
			clear(s.seen)
		}
		s.path = d.Path
		if s.n > 0 {
			s.b.WriteString(",\n")
		}
		s.n++
		r := s.fill(d, s.loc[:], s.fps)
		s.jw.start(4)
		s.jw.sarifResult(&r)
		s.b.Write(s.jw.b)
		if err := spill(&s.results, &s.b); err != nil {
			return err
		}
	}
	return flush(&s.results, &s.b)
}

// fill is the SARIF result of d, with loc (one location) and fps (an
// empty map) for the result's location and fingerprints: write passes
// the stream's own, reused from one finding to the next (each result is
// written before the next is made).
func (s *sarifStream) fill(d *lint.Diagnostic, loc []sarifLocation, fps map[string]string) sarifResult {
	src := s.src
	if s.artPath != d.Path || s.art.URI == "" {
		s.artPath, s.art = d.Path, artifact(d.Path)
	}
	art := s.art
	loc[0] = sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: art, Region: region(d)}}
	r := sarifResult{
		RuleID:    d.Rule,
		RuleIndex: s.index[d.Rule],
		Level:     sarifLevel(d.Severity),
		Message:   sarifText{Text: d.Message},
		Locations: loc[:1:1],
	}
	for j, rel := range d.Related {
		id := j + 1
		sl, sc := startOf(rel.Span)
		el, ec := endOf(rel.Span)
		rart := art
		if rel.Path != "" {
			rart = artifact(rel.Path)
		}
		r.RelatedLocations = append(r.RelatedLocations, sarifLocation{
			ID:               &id,
			PhysicalLocation: sarifPhysical{ArtifactLocation: rart, Region: sarifRegion{StartLine: sl, StartColumn: sc, EndLine: el, EndColumn: ec}},
			Message:          &sarifText{Text: rel.Message},
		})
	}
	var key string
	key, s.fp = fingerprintBuf(s.fp, d, src)
	s.seen[key]++
	fps[fingerprintKey] = key + ":" + strconv.Itoa(s.seen[key])
	r.PartialFingerprints = fps
	for _, f := range d.Fixes {
		fix := sarifFix{Description: sarifText{Text: f.Message}, ArtifactChanges: []sarifArtifactEdit{{ArtifactLocation: art}}, Properties: sarifFixProps{Safe: f.Safe}}
		for _, e := range f.Edits {
			fix.ArtifactChanges[0].Replacements = append(fix.ArtifactChanges[0].Replacements, sarifReplacement{
				DeletedRegion:   editRegion(src, d.Path, e),
				InsertedContent: &sarifText{Text: e.New},
			})
		}
		if len(fix.ArtifactChanges[0].Replacements) > 0 {
			r.Fixes = append(r.Fixes, fix)
		}
	}
	return r
}

// close writes the log: the rule descriptors, then the spooled results.
func (s *sarifStream) close() error {
	defer s.results.release()
	log := sarifLog{
		Schema:  sarifSchema,
		Version: sarifVersion,
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           "sfmd",
				Version:        s.ctx.ToolVersion,
				InformationURI: informationURI,
				Rules:          s.rules,
			}},
			ColumnKind: "unicodeCodePoints",
			Results:    []sarifResult{},
		}},
	}
	s.jw.sarifLog(&log)
	b := s.jw.b
	if s.n == 0 {
		_, err := s.w.Write(b)
		return err
	}
	// results is the run's last field, and the run the log's only one.
	const empty = `"results": []`
	at := bytes.LastIndex(b, []byte(empty))
	head, tail := b[:at], b[at+len(empty):]
	if _, err := fmt.Fprintf(s.w, "%s\"results\": [\n", head); err != nil {
		return err
	}
	if err := s.results.copyTo(s.w); err != nil {
		return err
	}
	_, err := fmt.Fprintf(s.w, "\n      ]%s", tail)
	return err
}

func region(d *lint.Diagnostic) sarifRegion {
	sl, sc := start(d)
	el, ec := endOf(d.Span)
	return sarifRegion{StartLine: sl, StartColumn: sc, EndLine: el, EndColumn: ec}
}

// editRegion is the region an edit deletes: lines and columns when the
// source is known, byte offset and length otherwise.
func editRegion(src *sources, path string, e lint.Edit) sarifRegion {
	if li := src.index(path); li != nil {
		s, en := li.Pos(e.Start), li.Pos(e.End)
		if en.Offset < s.Offset {
			en = s
		}
		return sarifRegion{StartLine: int(s.Line), StartColumn: int(s.Col), EndLine: int(en.Line), EndColumn: int(en.Col)}
	}
	off, n := max(e.Start, 0), max(e.End-e.Start, 0)
	return sarifRegion{ByteOffset: &off, ByteLength: &n}
}

// artifact is the artifactLocation of path: relative paths are URI
// references against %SRCROOT%, absolute ones file:// URIs.
func artifact(path string) sarifArtifact {
	p := slashPath(path)
	abs := filepath.IsAbs(path) || strings.HasPrefix(p, "/")
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
		if !abs {
			// A colon in a relative reference could read as a scheme.
			segs[i] = strings.ReplaceAll(segs[i], ":", "%3A")
		}
	}
	u := strings.Join(segs, "/")
	if abs {
		if !strings.HasPrefix(u, "/") {
			u = "/" + u // Windows drive letter paths
		}
		return sarifArtifact{URI: "file://" + u}
	}
	return sarifArtifact{URI: strings.TrimPrefix(u, "./"), URIBaseID: "%SRCROOT%"}
}

// fingerprint hashes what identifies a finding independently of its line
// number: the rule, the path and the trimmed text of its start line (its
// fields joined by one space; the message when the source is unknown).
func fingerprint(d *lint.Diagnostic, src *sources) string {
	key, _ := fingerprintBuf(nil, d, src)
	return key
}

// fingerprintBuf is fingerprint, with b (returned grown) the buffer the
// hashed text is made in.
func fingerprintBuf(b []byte, d *lint.Diagnostic, src *sources) (string, []byte) {
	b = append(b[:0], d.Rule...)
	b = append(b, 0)
	b = append(b, slashPath(d.Path)...)
	b = append(b, 0)
	if li := src.index(d.Path); li != nil && d.Span.Start.IsValid() && int(d.Span.Start.Line) <= li.LineCount() {
		line := li.Line(int(d.Span.Start.Line))
		if len(line) > maxFingerprintBytes {
			line = line[:maxFingerprintBytes] // keep huge lines linear
		}
		sep := false
		for f := range bytes.FieldsSeq(line) {
			if sep {
				b = append(b, ' ')
			}
			b = append(b, f...)
			sep = true
		}
	} else {
		b = append(b, d.Message...)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8]), b
}

// sarifRules returns the rule descriptors (every non-shared analyzer, by
// name, then any rule only seen in diags) and each rule's index.
func sarifRules(analyzers []*lint.Analyzer, diags []lint.Diagnostic) ([]sarifRule, map[string]int) {
	byName := map[string]*lint.Analyzer{}
	var names []string
	for _, a := range analyzers {
		if a == nil || a.Shared || a.Name == "" {
			continue
		}
		if _, dup := byName[a.Name]; !dup {
			names = append(names, a.Name)
		}
		byName[a.Name] = a
	}
	sort.Strings(names)
	index := map[string]int{}
	rules := make([]sarifRule, 0, len(names))
	for _, n := range names {
		index[n] = len(rules)
		rules = append(rules, describe(byName[n]))
	}
	for i := range diags {
		d := &diags[i]
		if _, ok := index[d.Rule]; !ok {
			index[d.Rule] = len(rules)
			rules = append(rules, sarifRule{ID: d.Rule, DefaultConfiguration: sarifConfig{Level: sarifLevel(d.Severity)}})
		}
	}
	return rules, index
}

func describe(a *lint.Analyzer) sarifRule {
	r := sarifRule{ID: a.Name, HelpURI: lint.DocURL(a.Name), DefaultConfiguration: sarifConfig{Level: sarifLevel(a.Severity)}}
	if a.Doc.Title != "" {
		r.ShortDescription = &sarifText{Text: a.Doc.Title}
	}
	if a.Doc.Why != "" {
		r.FullDescription = &sarifText{Text: a.Doc.Why}
	}
	if text, md := ruleHelp(a.Doc); text != "" {
		r.Help = &sarifHelp{Text: text, Markdown: md}
	}
	if a.Profile != "" {
		r.Properties = &sarifRuleProps{Tags: []string{string(a.Profile)}, Fix: a.Doc.Fix.Kind.String()}
		for _, t := range a.Tags {
			r.Properties.Tags = append(r.Properties.Tags, t.String())
		}
	}
	return r
}

// ruleHelp renders a rule's documentation as plain text and Markdown.
func ruleHelp(doc lint.Doc) (text, md string) {
	var t, m strings.Builder
	if doc.Why != "" {
		t.WriteString(doc.Why)
		m.WriteString(doc.Why)
	}
	for _, ex := range []struct{ label, code string }{{"Bad", doc.Bad}, {"Good", doc.Good}} {
		if ex.code == "" {
			continue
		}
		code := strings.TrimRight(ex.code, "\n")
		if t.Len() > 0 {
			t.WriteString("\n\n")
			m.WriteString("\n\n")
		}
		fmt.Fprintf(&t, "%s:\n\n%s", ex.label, indent(code, "    "))
		fence := strings.Repeat("`", max(3, longestRun(code, '`')+1))
		fmt.Fprintf(&m, "%s:\n\n%smarkdown\n%s\n%s", ex.label, fence, code, fence)
	}
	if doc.Fix.Kind != lint.NoFix {
		if t.Len() > 0 {
			t.WriteString("\n\n")
			m.WriteString("\n\n")
		}
		t.WriteString("Fix: " + doc.Fix.Summary())
		m.WriteString("Fix: " + doc.Fix.Summary())
	}
	return t.String(), m.String()
}

func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := range len(s) {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
