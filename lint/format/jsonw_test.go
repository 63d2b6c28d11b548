package format

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/corpus/bench/benchgen"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// indentJSON encodes v with encoding/json as the json and sarif formats
// did before jsonw: an Encoder without HTML escaping, indented by two
// spaces, as an element nested at depth levels of two spaces, without
// the trailing newline. It is the definition jsonw is held to.
func indentJSON(b *bytes.Buffer, v any, depth int) error {
	pad := strings.Repeat("  ", depth)
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(pad, "  ")
	b.WriteString(pad)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // Encode's newline
	return nil
}

// encodeJSON writes v indented, without HTML escaping, ending in a
// newline: how the sarif format wrote its log before jsonw.
func encodeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// checkJSONWriter fails t when jsonw writes other bytes than indentJSON
// for the json object and the SARIF result of each of diags.
func checkJSONWriter(t testing.TB, diags []lint.Diagnostic, source func(string) []byte) {
	t.Helper()
	src := newSources(source)
	ss := newSARIFStream(&bytes.Buffer{}, &Context{Source: source})
	var w jsonw
	var want bytes.Buffer
	for i := range diags {
		d := &diags[i]
		jd := toJSON(d, src)
		want.Reset()
		if err := indentJSON(&want, jd, 1); err != nil {
			t.Fatal(err)
		}
		w.start(1)
		w.diag(&jd)
		if !bytes.Equal(w.b, want.Bytes()) {
			t.Fatalf("json of %#v:\n--- jsonw\n%s\n--- encoding/json\n%s", d, w.b, want.Bytes())
		}
		r := ss.result(d)
		want.Reset()
		if err := indentJSON(&want, r, 4); err != nil {
			t.Fatal(err)
		}
		w.start(4)
		w.sarifResult(&r)
		if !bytes.Equal(w.b, want.Bytes()) {
			t.Fatalf("sarif result of %#v:\n--- jsonw\n%s\n--- encoding/json\n%s", d, w.b, want.Bytes())
		}
	}
}

// lintFindings is every finding (all rules, every severity) of a run on
// paths, with the run's sources.
func lintFindings(t *testing.T, paths ...string) ([]lint.Diagnostic, func(string) []byte) {
	t.Helper()
	srcs := map[string][]byte{}
	var diags []lint.Diagnostic
	_, err := lint.Run(lint.Options{
		Paths:       paths,
		Selection:   lint.Selection{Enable: []string{"all"}},
		MaxFileSize: 20 << 20,
		Output: func(ds []lint.Diagnostic, source func(string) []byte) {
			for _, d := range ds {
				if _, ok := srcs[d.Path]; !ok {
					srcs[d.Path] = source(d.Path)
				}
			}
			diags = append(diags, ds...)
		},
	}, rules.All())
	if err != nil {
		t.Fatal(err)
	}
	return diags, func(p string) []byte { return srcs[p] }
}

// findingPaths are corpus/err, the hint document
// (benchgen.HintDocument, written to a temporary directory) and the
// upstream corpus when it is there.
func findingPaths(t *testing.T) []string {
	t.Helper()
	hint := filepath.Join(t.TempDir(), "hints.md")
	if err := os.WriteFile(hint, benchgen.HintDocument(benchgen.HintDocuments), 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{"../../corpus/err", hint}
	if _, err := os.Stat(upstreamCorpus); err == nil {
		paths = append(paths, upstreamCorpus)
	} else {
		t.Logf("upstream corpus not found at %s: %v", upstreamCorpus, err)
	}
	return paths
}

// TestJSONWriterMatchesEncoding: jsonw writes the bytes encoding/json
// writes for every finding of the upstream corpus, corpus/err and the
// hint document (benchgen.HintDocument), with and without their sources.
func TestJSONWriterMatchesEncoding(t *testing.T) {
	for _, p := range findingPaths(t) {
		diags, source := lintFindings(t, p)
		if len(diags) == 0 {
			t.Fatalf("%s: no findings", p)
		}
		checkJSONWriter(t, diags, source)
		checkJSONWriter(t, diags, nil)
	}
	checkJSONWriter(t, fixtureDiags(t), fixtureContext().Source)
}

// upstreamCorpus is ../shared/corpus/upstream from the repository's root.
const upstreamCorpus = "../../../shared/corpus/upstream"

// jsonAlphabet is what random strings are made of: every byte JSON
// escapes, <, > and &, U+2028/2029, characters of two to four bytes, and
// bytes and truncated sequences that are not UTF-8.
var jsonAlphabet = []string{"a", " ", "~", "\x7f", "\"", "\\", "/", "<", ">", "&", "\x00", "\x01", "\b", "\f", "\n", "\r", "\t", "\x1b", "\x1f",
	"\u2028", "\u2029", "\u2027", "é", "…", "検", "😀", "\uFFFD", "\xff", "\xfe", "\x80", "\xc3", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80"}

func randomJSONString(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(12) {
		b.WriteString(jsonAlphabet[r.IntN(len(jsonAlphabet))])
	}
	return b.String()
}

// randomFinding is a finding with random strings, positions (some
// invalid, some before their start) and any number of fixes, edits and
// related positions.
func randomFinding(r *rand.Rand, li *sfmd.LineIndex, n int) lint.Diagnostic {
	span := func() sfmd.Span {
		a, b := r.IntN(n+3)-1, r.IntN(n+3)-1
		s := li.Span(max(0, min(a, n)), max(0, min(b, n)))
		if r.IntN(5) == 0 {
			s = sfmd.Span{Start: sfmd.Pos{Line: int32(r.IntN(4) - 1), Col: int32(r.IntN(4) - 1), Offset: int32(a)}, End: sfmd.Pos{Line: int32(r.IntN(4) - 1), Col: int32(r.IntN(4) - 1), Offset: int32(b)}}
		}
		return s
	}
	paths := []string{"a.md", "dir/b c.md", "/abs/x:y.md", `win\path.md`, randomJSONString(r)}
	d := lint.Diagnostic{
		Path: paths[r.IntN(len(paths))], Span: span(), Rule: randomJSONString(r),
		Severity: lint.Severity(r.IntN(4)), Message: randomJSONString(r),
	}
	for range r.IntN(3) {
		f := lint.Fix{Message: randomJSONString(r), Safe: r.IntN(2) == 0}
		for range r.IntN(3) {
			f.Edits = append(f.Edits, lint.Edit{Start: r.IntN(n+4) - 2, End: r.IntN(n+4) - 2, New: randomJSONString(r)})
		}
		d.Fixes = append(d.Fixes, f)
	}
	for range r.IntN(3) {
		rel := lint.Related{Span: span(), Message: randomJSONString(r)}
		if r.IntN(2) == 0 {
			rel.Path = paths[r.IntN(len(paths))]
		}
		d.Related = append(d.Related, rel)
	}
	return d
}

// TestJSONWriterRandomFindings: the same on random findings.
func TestJSONWriterRandomFindings(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 12))
	src := []byte("line one\n\t検索 😀\r\n\xff\xfe end\n\nlast")
	li := sfmd.NewLineIndex(src)
	diags := make([]lint.Diagnostic, 20000)
	for i := range diags {
		diags[i] = randomFinding(r, li, len(src))
	}
	checkJSONWriter(t, diags, func(string) []byte { return src })
	checkJSONWriter(t, diags, nil)
}

// TestAppendJSONString: every string of one or two bytes, each special
// byte at every place of a longer string, and random strings are quoted
// as encoding/json quotes them.
func TestAppendJSONString(t *testing.T) {
	var cases []string
	for a := range 256 {
		cases = append(cases, string([]byte{byte(a)}))
		for b := range 256 {
			cases = append(cases, string([]byte{byte(a), byte(b)}))
		}
	}
	// Each special byte or sequence at every place of words read 8 bytes
	// at a time, and between plain bytes of every value.
	for _, sp := range append(jsonAlphabet, "\x20", "\x21", "\x5b", "\x5d", "\x1f") {
		for at := range 18 {
			for _, fill := range []string{"a", " ", "!", "#", "[", "]", "~", "\x7f"} {
				cases = append(cases, strings.Repeat(fill, at)+sp+strings.Repeat(fill, 17-at))
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		cases = append(cases, randomJSONString(r), strings.Repeat("plain text ", r.IntN(4))+randomJSONString(r)+randomJSONString(r))
	}
	for _, s := range cases {
		want, err := json.Marshal(s) // escapes <, > and &: compare those apart
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := indentJSON(&b, s, 0); err != nil {
			t.Fatal(err)
		}
		got := appendJSONString(nil, s)
		if !bytes.Equal(got, b.Bytes()) {
			t.Fatalf("appendJSONString(%q) = %s, encoding/json %s (Marshal %s)", s, got, b.Bytes(), want)
		}
	}
}

// FuzzJSONFindings: jsonw writes the bytes of encoding/json for a finding
// with any strings, positions and source.
func FuzzJSONFindings(f *testing.F) {
	f.Add([]byte("a\tb\n検索\n"), 2, 7, 1, 3, "msg\nnext", "rule", "new \u2028 text", "p.md")
	f.Add([]byte(""), 0, 0, 0, 0, "", "", "", "")
	f.Add([]byte("\xff\xfe\r\n\x00"), -5, 100, 9, -1, "<&>\"%:,\xff", "a,b:c", "\x00\x1f\u2029", "/abs/ü\\x.md")
	f.Fuzz(func(t *testing.T, src []byte, startOff, endOff, line, col int, msg, rule, newText, path string) {
		li := sfmd.NewLineIndex(src)
		span := li.Span(max(0, min(startOff, len(src))), max(0, min(endOff, len(src))))
		if line != 0 {
			span.Start.Line, span.Start.Col = int32(line), int32(col) // inconsistent on purpose
		}
		diags := []lint.Diagnostic{{
			Path: path, Span: span, Rule: rule, Severity: lint.Severity(line % 4), Message: msg,
			Related: []lint.Related{{Span: span, Message: newText}, {Path: msg, Message: rule}},
			Fixes: []lint.Fix{
				{Message: msg, Safe: col%2 == 0, Edits: []lint.Edit{{Start: startOff, End: endOff, New: newText}, {Start: endOff, End: startOff, New: msg}}},
				{Message: rule},
			},
		}, {Path: path, Rule: rule, Message: newText}}
		checkJSONWriter(t, diags, func(string) []byte { return src })
		checkJSONWriter(t, diags, nil)
	})
}

// checkSARIFLog fails t when jsonw writes other bytes than encodeJSON
// for l.
func checkSARIFLog(t *testing.T, l sarifLog) {
	t.Helper()
	var want bytes.Buffer
	if err := encodeJSON(&want, l); err != nil {
		t.Fatal(err)
	}
	var w jsonw
	w.sarifLog(&l)
	if !bytes.Equal(w.b, want.Bytes()) {
		t.Fatalf("sarif log:\n--- jsonw\n%s\n--- encoding/json\n%s", w.b, want.Bytes())
	}
}

// TestSARIFLogWriterMatchesEncoding: jsonw writes the SARIF log's
// bytes of encoding/json: with the descriptors of every rule, of the
// fixture's rules, of random rules (and strings), with and without
// results, and with the nil slices and pointers the log may hold.
func TestSARIFLogWriterMatchesEncoding(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	src := []byte("one\n\ttwo 検索\n")
	li := sfmd.NewLineIndex(src)
	diags := make([]lint.Diagnostic, 200)
	for i := range diags {
		diags[i] = randomFinding(r, li, len(src))
	}
	analyzers := append(rules.All(), fixtureRules()...)
	for range 200 {
		a := &lint.Analyzer{Name: randomJSONString(r) + "x", Severity: lint.Severity(r.IntN(4)), Doc: lint.Doc{
			Title: randomJSONString(r), Why: randomJSONString(r), Bad: randomJSONString(r), Good: randomJSONString(r),
			Fix: lint.FixDoc{Kind: lint.FixKind(r.IntN(3)), Reason: randomJSONString(r)},
		}}
		if r.IntN(2) == 0 {
			a.Profile = lint.Profile(randomJSONString(r))
		}
		analyzers = append(analyzers, a)
	}
	rs, _ := sarifRules(analyzers, diags)
	ss := newSARIFStream(&bytes.Buffer{}, &Context{Source: func(string) []byte { return src }})
	var results []sarifResult
	for i := range diags {
		results = append(results, ss.result(&diags[i]))
	}
	for _, version := range []string{"", "1.2.3", randomJSONString(r)} {
		for _, res := range [][]sarifResult{nil, {}, results} {
			for _, rules := range [][]sarifRule{nil, {}, rs} {
				checkSARIFLog(t, sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{{
					Tool:       sarifTool{Driver: sarifDriver{Name: "sfmd", Version: version, InformationURI: informationURI, Rules: rules}},
					ColumnKind: "unicodeCodePoints", Results: res,
				}}})
			}
		}
	}
	checkSARIFLog(t, sarifLog{})
	checkSARIFLog(t, sarifLog{Runs: []sarifRun{{}}})
	checkSARIFLog(t, sarifLog{Runs: []sarifRun{{Tool: sarifTool{Driver: sarifDriver{Rules: []sarifRule{{Properties: &sarifRuleProps{}}, {Help: &sarifHelp{}}}}}}}})
}

// BenchmarkAppendJSONString quotes a finding's message of plain ASCII
// with a few characters to escape.
func BenchmarkAppendJSONString(b *testing.B) {
	msg := strings.Repeat("hint \"x\" names no action of this document, its runs fail; ", 4)
	b.SetBytes(int64(len(msg)))
	buf := make([]byte, 0, 4*len(msg))
	for b.Loop() {
		buf = appendJSONString(buf[:0], msg)
	}
}

// xmlAttrByEscapeText is how the checkstyle format escaped attribute
// values before appendXMLAttr: xml.EscapeText of s.
func xmlAttrByEscapeText(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// TestXMLAttrIsEscapeText: appendXMLAttr escapes as xml.EscapeText does
// every string of one or two bytes, each special byte or character at
// every place of a longer string, and random strings, over an alphabet
// with the characters XML cannot carry.
func TestXMLAttrIsEscapeText(t *testing.T) {
	var cases []string
	for a := range 256 {
		cases = append(cases, string([]byte{byte(a)}))
		for b := range 256 {
			cases = append(cases, string([]byte{byte(a), byte(b)}))
		}
	}
	alphabet := slices.Concat(jsonAlphabet, []string{"'", "\x0b", "\ufffe", "\uffff", "\ud7ff", "\ue000", "\U0010ffff", "\xed\xbf\xbf", "\U00010000"})
	for _, sp := range alphabet {
		for at := range 10 {
			cases = append(cases, strings.Repeat("a", at)+sp+strings.Repeat("~", 9-at))
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 30000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := string(appendXMLAttr(nil, s)), xmlAttrByEscapeText(s); got != want {
			t.Fatalf("appendXMLAttr(%q) = %q, xml.EscapeText %q", s, got, want)
		}
	}
}

// checkstyleByFmt is the checkstyle format as it was written with fmt
// and xml.EscapeText, for the findings of one Write.
func checkstyleByFmt(diags []lint.Diagnostic) string {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString("<checkstyle version=\"4.3\">\n")
	open, path := false, ""
	for i := range diags {
		d := &diags[i]
		if p := slashPath(d.Path); !open || p != path {
			if open {
				b.WriteString("  </file>\n")
			}
			open, path = true, p
			fmt.Fprintf(&b, "  <file name=\"%s\">\n", xmlAttrByEscapeText(p))
		}
		line, col := start(d)
		fmt.Fprintf(&b, "    <error line=\"%d\" column=\"%d\" severity=\"%s\" message=\"%s\" source=\"%s\"/>\n",
			line, col, d.Severity, xmlAttrByEscapeText(d.Message), xmlAttrByEscapeText("sfmd."+d.Rule))
	}
	if open {
		b.WriteString("  </file>\n")
	}
	b.WriteString("</checkstyle>\n")
	return b.String()
}

// checkCheckstyle fails t when the checkstyle stream writes other bytes
// than checkstyleByFmt for diags.
func checkCheckstyle(t *testing.T, diags []lint.Diagnostic) {
	t.Helper()
	var b bytes.Buffer
	s, err := NewStream(&b, "checkstyle", Context{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Write(diags); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if want := checkstyleByFmt(diags); b.String() != want {
		t.Fatalf("checkstyle differs:\n--- got\n%s\n--- fmt\n%s", b.String(), want)
	}
}

// TestCheckstyleMatchesFmt: the checkstyle format of random findings,
// of the fixture's and of every finding of corpus/err, the hint document
// and the upstream corpus is the one fmt and xml.EscapeText wrote.
func TestCheckstyleMatchesFmt(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	src := []byte("a\nb")
	li := sfmd.NewLineIndex(src)
	diags := make([]lint.Diagnostic, 5000)
	for i := range diags {
		diags[i] = randomFinding(r, li, len(src))
	}
	checkCheckstyle(t, diags)
	checkCheckstyle(t, fixtureDiags(t))
	for _, p := range findingPaths(t) {
		diags, _ := lintFindings(t, p)
		checkCheckstyle(t, diags)
	}
}

// githubLineByFmt is the github format's workflow command as it was
// written with fmt.
func githubLineByFmt(d *lint.Diagnostic, sev lint.Severity) string {
	var b strings.Builder
	line, col := start(d)
	endLine, endCol := endOf(d.Span)
	oneLine := line == endLine
	if endLine > line && endCol == 1 {
		endLine--
	}
	fmt.Fprintf(&b, "::%s file=%s,line=%d,endLine=%d", githubCommand(sev), ghProperty.Replace(slashPath(d.Path)), line, endLine)
	if oneLine {
		fmt.Fprintf(&b, ",col=%d,endColumn=%d", col, endCol)
	}
	fmt.Fprintf(&b, ",title=%s::%s\n", ghProperty.Replace("sfmd ("+d.Rule+")"), ghMessage.Replace(d.Message))
	return b.String()
}

// TestGitHubLineMatchesFmt: appendGitHubLine writes githubLineByFmt's
// bytes for random findings, the fixture's and every finding of
// corpus/err, the hint document and the upstream corpus.
func TestGitHubLineMatchesFmt(t *testing.T) {
	check := func(diags []lint.Diagnostic) {
		t.Helper()
		for i := range diags {
			d := &diags[i]
			sev := norm(d.Severity)
			if got, want := string(appendGitHubLine(nil, d, sev)), githubLineByFmt(d, sev); got != want {
				t.Fatalf("github line of %#v:\n got %q\nwant %q", d, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	src := []byte("a\nb\n\nc")
	li := sfmd.NewLineIndex(src)
	diags := make([]lint.Diagnostic, 5000)
	for i := range diags {
		diags[i] = randomFinding(r, li, len(src))
	}
	check(diags)
	check(fixtureDiags(t))
	for _, p := range findingPaths(t) {
		diags, _ := lintFindings(t, p)
		check(diags)
	}
}

// fingerprintByJoin is how fingerprint was computed before
// fingerprintBuf: strings.Fields of the line, joined by spaces.
func fingerprintByJoin(d *lint.Diagnostic, src *sources) string {
	what := d.Message
	if li := src.index(d.Path); li != nil && d.Span.Start.IsValid() && int(d.Span.Start.Line) <= li.LineCount() {
		line := li.Line(int(d.Span.Start.Line))
		if len(line) > maxFingerprintBytes {
			line = line[:maxFingerprintBytes]
		}
		what = strings.Join(strings.Fields(string(line)), " ")
	}
	sum := sha256.Sum256([]byte(d.Rule + "\x00" + slashPath(d.Path) + "\x00" + what))
	return hex.EncodeToString(sum[:8])
}

// TestFingerprintMatchesJoin: fingerprintBuf, reusing its buffer, gives
// fingerprintByJoin's fingerprints for every finding of corpus/err, the
// hint document and the upstream corpus, and for random findings on
// random sources of Unicode spaces, long lines and invalid UTF-8.
func TestFingerprintMatchesJoin(t *testing.T) {
	check := func(diags []lint.Diagnostic, source func(string) []byte) {
		t.Helper()
		src, buf := newSources(source), []byte(nil)
		for i := range diags {
			var got string
			got, buf = fingerprintBuf(buf, &diags[i], src)
			if want := fingerprintByJoin(&diags[i], src); got != want {
				t.Fatalf("fingerprint of %#v: %s, by Join %s", &diags[i], got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(13, 14))
	words := []string{"a", "word", " ", "  ", "\t", "\v", "\f", "\r", "\u0085", "\u00a0", "\u3000", "\u2028", "\xff", "\xe3\x80", "検索", strings.Repeat("x", 300)}
	for range 300 {
		var b strings.Builder
		for range r.IntN(60) {
			b.WriteString(words[r.IntN(len(words))])
			if r.IntN(8) == 0 {
				b.WriteByte('\n')
			}
		}
		src := []byte(b.String())
		li := sfmd.NewLineIndex(src)
		diags := make([]lint.Diagnostic, 20)
		for i := range diags {
			diags[i] = randomFinding(r, li, len(src))
		}
		check(diags, func(string) []byte { return src })
		check(diags, nil)
	}
	for _, p := range findingPaths(t) {
		check(lintFindings(t, p))
	}
}

// result is the SARIF result of d in a location and fingerprints of its
// own (fill, as write makes it with the stream's reused ones).
func (s *sarifStream) result(d *lint.Diagnostic) sarifResult {
	return s.fill(d, make([]sarifLocation, 1), map[string]string{})
}
