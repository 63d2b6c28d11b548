package format

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// The fixture: several files with tabs, CJK (wide) characters, an emoji,
// CRLF line endings, a line wider than the snippet window, one file whose
// source is unavailable, and a file-level finding.
var fixtureSources = map[string]string{
	"docs/api.md": "---\n" +
		"name: 検索 API\n" +
		"type: api\n" +
		"---\n" +
		"\n" +
		"```act.search\n" +
		"GET https://api.example.com/search?q={query}\n" +
		"\tlimt: int \"最大件数\" = \"10\"\n" +
		"\tquery: strng\n" +
		"```\n",
	"docs/long.md": "# Long\n\n" + strings.Repeat("word ", 60) + "{unknown_var} " + strings.Repeat("tail ", 20) + "\n",
	"docs/my notes/über.md": "# Über 🚀\r\n" +
		"\r\n" +
		"Deploy 🚀 with {target}\r\n",
}

// fixtureDiags builds the diagnostics with spans computed from the
// sources, so positions are real.
func fixtureDiags(t testing.TB) []lint.Diagnostic {
	t.Helper()
	span := func(path, needle string, n int) sfmd.Span {
		src := fixtureSources[path]
		i := strings.Index(src, needle)
		if i < 0 {
			t.Fatalf("fixture: %q not in %s", needle, path)
		}
		return sfmd.NewLineIndex([]byte(src)).Span(i, i+n)
	}
	off := func(path, needle string) int { return strings.Index(fixtureSources[path], needle) }
	limt := span("docs/api.md", "limt", len("limt"))
	strng := span("docs/api.md", "strng", len("strng"))
	return []lint.Diagnostic{
		{
			Path: "docs/api.md", Rule: "doc-title-missing", Severity: lint.Error,
			Message: "document has no title, add a \"# Title\" heading after the frontmatter",
		},
		{
			Path: "docs/api.md", Rule: "frontmatter-name-invalid", Severity: lint.Info,
			Span:    span("docs/api.md", "検索 API", len("検索 API")),
			Message: "name \"検索 API\" is 50% non-ASCII: agents match names by ASCII slug, use a name like \"search-api\"",
		},
		{
			Path: "docs/api.md", Rule: "action-too-long", Severity: lint.Warning,
			Span:    span("docs/api.md", "```act.search", strings.Index(fixtureSources["docs/api.md"], "\tquery")-off("docs/api.md", "```act.search")+len("\tquery: strng")),
			Message: "action \"search\" spans 4 lines\nsplit it into smaller actions",
		},
		{
			Path: "docs/api.md", Rule: "param-name-unknown", Severity: lint.Error,
			Span:    limt,
			Message: "parameter \"limt\" is not used by the request, did you mean \"limit\"?",
			Related: []lint.Related{{Span: span("docs/api.md", "{query}", len("{query}")), Message: "the request uses \"query\" here"}},
			Fixes: []lint.Fix{{Message: "rename \"limt\" to \"limit\"", Safe: true, Edits: []lint.Edit{
				{Start: limt.Start.Off(), End: limt.End.Off(), New: "limit"},
			}}},
		},
		{
			Path: "docs/api.md", Rule: "param-description-markup", Severity: lint.Warning,
			Span:    span("docs/api.md", "\"最大件数\"", len("\"最大件数\"")),
			Message: "description contains <b>, & and \"quotes\" that render as markup, escape them",
		},
		{
			Path: "docs/api.md", Rule: "param-type-unknown", Severity: lint.Error,
			Span:    strng,
			Message: "unknown type \"strng\", expected one of \"string\", \"int\", \"bool\"",
			Fixes: []lint.Fix{{Message: "replace \"strng\" with \"string\"", Safe: true, Edits: []lint.Edit{
				{Start: strng.Start.Off(), End: strng.End.Off(), New: "string"},
			}}},
		},
		{
			Path: "docs/long.md", Rule: "var-undefined", Severity: lint.Error,
			Span:    span("docs/long.md", "{unknown_var}", len("{unknown_var}")),
			Message: "variable \"unknown_var\" is never assigned, assign it in a response template or declare it as a parameter",
		},
		{
			Path: "docs/my notes/über.md", Rule: "file-crlf-line-endings", Severity: lint.Info,
			Span:    span("docs/my notes/über.md", "\r\n", 2),
			Message: "file uses CRLF line endings, convert it to LF",
			Fixes: []lint.Fix{{Message: "convert line endings to LF", Safe: false, Edits: []lint.Edit{
				{Start: off("docs/my notes/über.md", "\r\n"), End: off("docs/my notes/über.md", "\r\n") + 1, New: ""},
			}}},
		},
		{
			Path: "docs/my notes/über.md", Rule: "var-undefined", Severity: lint.Warning,
			Span:    span("docs/my notes/über.md", "{target}", len("{target}")),
			Message: "variable \"target\" is never assigned, assign it, escape the braces as {{target}} or use $TARGET | $HOME",
		},
		{
			Path: "gone.md", Rule: "param-type-unknown", Severity: lint.Error,
			Span:    sfmd.Span{Start: sfmd.Pos{Offset: 10, Line: 2, Col: 3}, End: sfmd.Pos{Offset: 13, Line: 2, Col: 6}},
			Message: "unknown type \"nt\", expected one of \"string\", \"int\"",
			Fixes: []lint.Fix{{Message: "replace \"nt\" with \"int\"", Safe: true, Edits: []lint.Edit{
				{Start: 10, End: 12, New: "int"},
			}}},
		},
	}
}

func fixtureRules() []*lint.Analyzer {
	return []*lint.Analyzer{
		{
			Name: "param-type-unknown", Severity: lint.Error, Profile: lint.Core,
			Doc: lint.Doc{
				Title: "parameter type is not a known type",
				Why:   "The runtime rejects the whole action when a parameter has an unknown type.",
				Bad:   "```act.search\nGET https://api.example.com/search\n  q: strng\n```\n",
				Good:  "```act.search\nGET https://api.example.com/search\n  q: string\n```\n",
			},
		},
		{
			Name: "param-name-unknown", Severity: lint.Error, Profile: lint.Core,
			Doc:  lint.Doc{Title: "parameter is not used by the request", Why: "An unused parameter is usually a typo."},
			Tags: []lint.Tag{lint.Unnecessary},
		},
		{Name: "shared-analysis", Shared: true},
		{
			Name: "file-crlf-line-endings", Severity: lint.Info, Profile: lint.Core,
			Doc: lint.Doc{Title: "file uses CRLF line endings", Fix: lint.FixDoc{Kind: lint.UnsafeFix, Reason: "every line ending changes"}},
		},
	}
}

func fixtureContext() Context {
	return Context{
		Source: func(path string) []byte {
			if s, ok := fixtureSources[path]; ok {
				return []byte(s)
			}
			return nil
		},
		Rules:       fixtureRules(),
		ToolVersion: "1.2.3",
	}
}

func render1(t *testing.T, format string, diags []lint.Diagnostic, ctx Context) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, format, diags, ctx); err != nil {
		t.Fatalf("Write(%q): %v", format, err)
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./lint/format -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from golden (run go test ./lint/format -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestGolden(t *testing.T) {
	diags := fixtureDiags(t)
	for _, f := range Names() {
		t.Run(f, func(t *testing.T) {
			ctx := fixtureContext()
			var summary bytes.Buffer
			if f == "github" {
				ctx.Summary = &summary
			}
			golden(t, "diags."+f, render1(t, f, diags, ctx))
			if f == "github" {
				golden(t, "diags.github-summary.md", summary.String())
			}
			golden(t, "empty."+f, render1(t, f, nil, fixtureContext()))
		})
	}
	for _, f := range []string{"text", "line"} {
		t.Run(f+"-color", func(t *testing.T) {
			ctx := fixtureContext()
			ctx.Color = true
			golden(t, "diags."+f+"-color", render1(t, f, diags, ctx))
		})
	}
}

func TestNames(t *testing.T) {
	want := []string{"text", "line", "json", "sarif", "github", "checkstyle"}
	if got := Names(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	err := Write(&bytes.Buffer{}, "yaml", nil, Context{})
	if err == nil || !strings.Contains(err.Error(), `unknown output format "yaml", expected one of "text", "line"`) {
		t.Errorf("Write(yaml) error = %v", err)
	}
}

func TestLineOneLinePerDiagnostic(t *testing.T) {
	diags := fixtureDiags(t)
	for _, color := range []bool{false, true} {
		ctx := fixtureContext()
		ctx.Color = color
		out := render1(t, "line", diags, ctx)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(diags) {
			t.Fatalf("color=%v: %d lines for %d diagnostics:\n%s", color, len(lines), len(diags), out)
		}
		re := regexp.MustCompile(`^(.+?):(\d+):(\d+): (error|warning|info): (.*) \[([a-z0-9-]+)\]$`)
		ansi := regexp.MustCompile(`\x1b\[[0-9;]*m`)
		for i, l := range lines {
			plain := ansi.ReplaceAllString(l, "")
			if color == (plain == l) {
				t.Errorf("color=%v but line %d has color codes=%v: %q", color, i, plain != l, l)
			}
			m := re.FindStringSubmatch(plain)
			if m == nil {
				t.Fatalf("line %q does not have the line format", plain)
			}
			if m[1] != diags[i].Path || m[4] != diags[i].Severity.String() || m[6] != diags[i].Rule {
				t.Errorf("line %q does not describe %+v", plain, diags[i])
			}
			if want := strings.ReplaceAll(diags[i].Message, "\n", `\n`); m[5] != want {
				t.Errorf("message %q, want %q", m[5], want)
			}
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	diags := fixtureDiags(t)
	out := render1(t, "json", diags, fixtureContext())
	var got []jsonDiag
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("json output is not valid JSON: %v\n%s", err, out)
	}
	if len(got) != len(diags) {
		t.Fatalf("%d objects for %d diagnostics", len(got), len(diags))
	}
	for i, g := range got {
		d := diags[i]
		if g.Message != d.Message || g.Rule != d.Rule || g.Path != d.Path || len(g.Fixes) != len(d.Fixes) || len(g.Related) != len(d.Related) {
			t.Errorf("object %d = %+v does not match %+v", i, g, d)
		}
		if g.Line < 1 || g.Column < 1 || g.EndLine < g.Line || (g.EndLine == g.Line && g.EndColumn < g.Column) {
			t.Errorf("object %d has an invalid range %d:%d-%d:%d", i, g.Line, g.Column, g.EndLine, g.EndColumn)
		}
	}
	// The edit of param-name-unknown: "limt" on line 8 after a tab.
	e := got[3].Fixes[0].Edits[0]
	if e.Start.Line != 8 || e.Start.Column != 2 || e.End.Column != 6 || e.NewText != "limit" {
		t.Errorf("edit = %+v, want 8:2-8:6 \"limit\"", e)
	}
	if strings.Contains(out, "null") {
		t.Errorf("json output contains null, arrays must be empty instead:\n%s", out)
	}
	if got := render1(t, "json", nil, Context{}); got != "[]\n" {
		t.Errorf("empty json = %q, want \"[]\\n\"", got)
	}
}

// TestSARIFShape parses the SARIF back and checks what the 2.1.0 schema
// requires plus what GitHub code scanning relies on.
func TestSARIFShape(t *testing.T) {
	diags := fixtureDiags(t)
	out := render1(t, "sarif", diags, fixtureContext())
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name           string `json:"name"`
					Version        string `json:"version"`
					InformationURI string `json:"informationUri"`
					Rules          []struct {
						ID                   string          `json:"id"`
						ShortDescription     *sarifText      `json:"shortDescription"`
						Help                 *sarifHelp      `json:"help"`
						DefaultConfiguration json.RawMessage `json:"defaultConfiguration"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			ColumnKind string `json:"columnKind"`
			Results    []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex *int   `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text *string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation sarifArtifact `json:"artifactLocation"`
						Region           sarifRegion   `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
				Fixes               []sarifFix        `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("sarif output is not valid JSON: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q with %d runs, want 2.1.0 with 1 run", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	drv := run.Tool.Driver
	if drv.Name != "sfmd" || drv.Version != "1.2.3" || drv.InformationURI == "" {
		t.Errorf("driver = %+v", drv)
	}
	ids := map[string]bool{}
	for _, r := range drv.Rules {
		if r.ID == "" || ids[r.ID] {
			t.Errorf("rule id %q empty or duplicated", r.ID)
		}
		ids[r.ID] = true
		if len(r.DefaultConfiguration) == 0 {
			t.Errorf("rule %q has no defaultConfiguration", r.ID)
		}
	}
	if ids["shared-analysis"] {
		t.Errorf("shared analysis listed as a rule")
	}
	if !ids["param-name-unknown"] || !ids["file-crlf-line-endings"] {
		t.Errorf("rules from Context.Rules missing: %v", ids)
	}
	if len(run.Results) != len(diags) {
		t.Fatalf("%d results for %d diagnostics", len(run.Results), len(diags))
	}
	fps := map[string]bool{}
	for i, r := range run.Results {
		if r.Message.Text == nil || *r.Message.Text != diags[i].Message {
			t.Errorf("result %d message = %v, want %q", i, r.Message.Text, diags[i].Message)
		}
		if r.RuleIndex == nil || *r.RuleIndex >= len(drv.Rules) || drv.Rules[*r.RuleIndex].ID != r.RuleID || r.RuleID != diags[i].Rule {
			t.Errorf("result %d: ruleId %q, ruleIndex %v do not agree", i, r.RuleID, r.RuleIndex)
		}
		switch r.Level {
		case "error", "warning", "note":
		default:
			t.Errorf("result %d level %q", i, r.Level)
		}
		if len(r.Locations) != 1 {
			t.Fatalf("result %d has %d locations", i, len(r.Locations))
		}
		loc := r.Locations[0].PhysicalLocation
		if strings.Contains(loc.ArtifactLocation.URI, "\\") || strings.Contains(loc.ArtifactLocation.URI, " ") || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
			t.Errorf("result %d artifact %+v", i, loc.ArtifactLocation)
		}
		if loc.Region.StartLine < 1 || loc.Region.StartColumn < 1 {
			t.Errorf("result %d region %+v", i, loc.Region)
		}
		fp := r.PartialFingerprints[fingerprintKey]
		if fp == "" || fps[fp] {
			t.Errorf("result %d fingerprint %q empty or duplicated", i, fp)
		}
		fps[fp] = true
		if len(r.Fixes) != len(diags[i].Fixes) {
			t.Errorf("result %d has %d fixes, want %d", i, len(r.Fixes), len(diags[i].Fixes))
		}
		for j, f := range r.Fixes {
			if j < len(diags[i].Fixes) && (f.Properties.Safe != diags[i].Fixes[j].Safe || len(f.ArtifactChanges) != 1 ||
				len(f.ArtifactChanges[0].Replacements) != len(diags[i].Fixes[j].Edits)) {
				t.Errorf("result %d fix %d = %+v does not match %+v", i, j, f, diags[i].Fixes[j])
			}
		}
	}
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}
}

func TestSARIFFingerprintIgnoresLineMoves(t *testing.T) {
	src := []byte("a\nbad token\n")
	moved := []byte("a\n\n\nbad token\n")
	fp := func(src []byte) string {
		d := lint.Diagnostic{Path: "x.md", Rule: "r", Span: sfmd.NewLineIndex(src).Span(len(src)-10, len(src)-7)}
		return fingerprint(&d, newSources(func(string) []byte { return src }))
	}
	if fp(src) != fp(moved) {
		t.Errorf("fingerprint changed when the line moved")
	}
	if fp(src) == fp([]byte("a\nother token\n")) {
		t.Errorf("fingerprint did not change with the line's text")
	}
}

func TestArtifactURI(t *testing.T) {
	for _, c := range []struct{ path, uri, base string }{
		{"docs/a.md", "docs/a.md", "%SRCROOT%"},
		{"./docs/a b.md", "docs/a%20b.md", "%SRCROOT%"},
		{"docs/über#1.md", "docs/%C3%BCber%231.md", "%SRCROOT%"},
		{"c:x.md", "c%3Ax.md", "%SRCROOT%"},
		{"/abs/x.md", "file:///abs/x.md", ""},
	} {
		got := artifact(c.path)
		if got.URI != c.uri || got.URIBaseID != c.base {
			t.Errorf("artifact(%q) = %+v, want %q %q", c.path, got, c.uri, c.base)
		}
	}
}

func TestCheckstyleRoundTrip(t *testing.T) {
	diags := fixtureDiags(t)
	out := render1(t, "checkstyle", diags, fixtureContext())
	var cs struct {
		XMLName xml.Name `xml:"checkstyle"`
		Files   []struct {
			Name   string `xml:"name,attr"`
			Errors []struct {
				Line     int    `xml:"line,attr"`
				Column   int    `xml:"column,attr"`
				Severity string `xml:"severity,attr"`
				Message  string `xml:"message,attr"`
				Source   string `xml:"source,attr"`
			} `xml:"error"`
		} `xml:"file"`
	}
	if err := xml.Unmarshal([]byte(out), &cs); err != nil {
		t.Fatalf("checkstyle output is not XML: %v\n%s", err, out)
	}
	var names []string
	i := 0
	for _, f := range cs.Files {
		names = append(names, f.Name)
		for _, e := range f.Errors {
			d := diags[i]
			i++
			if f.Name != d.Path || e.Message != d.Message || e.Source != "sfmd."+d.Rule || e.Severity != d.Severity.String() {
				t.Errorf("error %+v in %q does not round-trip %+v", e, f.Name, d)
			}
		}
	}
	if i != len(diags) {
		t.Errorf("%d errors for %d diagnostics", i, len(diags))
	}
	if want := "docs/api.md,docs/long.md,docs/my notes/über.md,gone.md"; strings.Join(names, ",") != want {
		t.Errorf("files %q, want %q", names, want)
	}
}

// unescapeGitHub reverses the actions/toolkit escaping.
var unescapeGitHub = strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%")

func TestGitHubCommands(t *testing.T) {
	diags := fixtureDiags(t)
	out := render1(t, "github", diags, fixtureContext())
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(diags) {
		t.Fatalf("%d lines for %d diagnostics:\n%s", len(lines), len(diags), out)
	}
	re := regexp.MustCompile(`^::(error|warning|notice) ([^:]*)::(.*)$`)
	seenWarning, seenNotice := false, false
	msgs := map[string]bool{}
	for _, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not a workflow command: %q", l)
		}
		switch m[1] {
		case "error":
			if seenWarning || seenNotice {
				t.Errorf("error after a warning or notice: %q", l)
			}
		case "warning":
			seenWarning = true
			if seenNotice {
				t.Errorf("warning after a notice: %q", l)
			}
		case "notice":
			seenNotice = true
		}
		props := map[string]string{}
		for _, kv := range strings.Split(m[2], ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("bad property %q in %q", kv, l)
			}
			props[k] = unescapeGitHub.Replace(v)
		}
		if props["file"] == "" || props["line"] == "" || !strings.HasPrefix(props["title"], "sfmd (") {
			t.Errorf("missing properties in %q", l)
		}
		if props["col"] != "" && props["line"] != props["endLine"] {
			t.Errorf("columns sent for a span over several lines: %q", l)
		}
		msgs[unescapeGitHub.Replace(m[3])] = true
	}
	for _, d := range diags {
		if !msgs[d.Message] {
			t.Errorf("message %q does not round-trip", d.Message)
		}
	}
}

func TestGitHubLimitNotice(t *testing.T) {
	var diags []lint.Diagnostic
	for range 12 {
		diags = append(diags, lint.Diagnostic{Path: "a.md", Rule: "r", Severity: lint.Warning, Message: "m"})
	}
	var summary bytes.Buffer
	ctx := Context{Summary: &summary}
	out := render1(t, "github", diags, ctx)
	if n := strings.Count(out, "::warning "); n != 12 {
		t.Errorf("%d warnings printed, want all 12", n)
	}
	if !strings.Contains(out, "sfmd: 12 warnings reported; GitHub shows at most 10") {
		t.Errorf("no limit notice in:\n%s", out)
	}
	if n := strings.Count(summary.String(), "| warning |"); n != 12 {
		t.Errorf("summary lists %d warnings, want 12", n)
	}
}

func TestRunes(t *testing.T) {
	for _, c := range []struct {
		r rune
		w int
	}{{'a', 1}, {'検', 2}, {'Ａ', 2}, {'🚀', 2}, {'\u0301', 0}, {'é', 1}, {'ｱ', 1}} {
		if got := runeWidth(c.r); got != c.w {
			t.Errorf("runeWidth(%q) = %d, want %d", c.r, got, c.w)
		}
	}
	shown, at, w := render([]byte("a\tb検x"), 2, 5)
	if shown != "a   b検x" || at != 4 || w != 3 {
		t.Errorf("render = %q %d %d, want \"a   b検x\" 4 3", shown, at, w)
	}
	shown, at, w = render([]byte("x\x1by\xffz"), 4, 5)
	if shown != "x\uFFFDy\uFFFDz" || at != 4 || w != 1 {
		t.Errorf("render with control and invalid bytes = %q %d %d", shown, at, w)
	}
	long := strings.Repeat("a", 300) + "XY" + strings.Repeat("b", 300)
	shown, at, w = render([]byte(long), 300, 302)
	if want := "…" + strings.Repeat("a", windowLead) + "XY" + strings.Repeat("b", maxLineWidth-windowLead-2) + "…"; shown != want || at != windowLead+1 || w != 2 {
		t.Errorf("render of a long line = %q %d %d, want %q %d 2", shown, at, w, want, windowLead+1)
	}
	// A huge line is cut before rendering; the marker still sits under the span.
	huge := []byte(strings.Repeat("é", 1<<19) + "TOKEN" + strings.Repeat("z", 1<<19))
	at0 := 2 << 19
	shown, at, w = render(huge, at0, at0+5)
	if !strings.HasPrefix(shown, "…") || !strings.HasSuffix(shown, "…") || w != 5 || string([]rune(shown)[at:at+5]) != "TOKEN" {
		t.Errorf("render of a huge line: marker at %d width %d in %d runes", at, w, len([]rune(shown)))
	}
	if got := flatten("a\r\nb\x1b\xff"); got != `a\r\nb\x1b`+"\uFFFD" {
		t.Errorf("flatten = %q", got)
	}
	if got := flattenPath("caf\xe9\n\xffé.md"); got != "caf\xe9"+`\n`+"\xffé.md" {
		t.Errorf("flattenPath = %q, want the bytes that are not UTF-8 kept", got)
	}
}

// FuzzWrite feeds arbitrary sources and inconsistent positions to every
// format: nothing may panic, json and sarif stay valid JSON, line stays one
// line per diagnostic.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("a\tb\n検索\n"), 2, 7, 1, 3, "msg\nnext", "rule")
	f.Add([]byte(""), 0, 0, 0, 0, "", "")
	f.Add([]byte("\xff\xfe\r\n\x00"), -5, 100, 9, -1, "<&>\"%:,", "a,b:c")
	f.Fuzz(func(t *testing.T, src []byte, startOff, endOff, line, col int, msg, rule string) {
		li := sfmd.NewLineIndex(src)
		span := li.Span(max(0, min(startOff, len(src))), max(0, min(endOff, len(src))))
		if line != 0 {
			span.Start.Line, span.Start.Col = int32(line), int32(col) // inconsistent on purpose
		}
		diags := []lint.Diagnostic{{
			Path: "f.md", Span: span, Rule: rule, Severity: lint.Severity(line % 4), Message: msg,
			Related: []lint.Related{{Span: span, Message: msg}},
			Fixes:   []lint.Fix{{Message: msg, Edits: []lint.Edit{{Start: startOff, End: endOff, New: msg}}}},
		}}
		ctx := Context{Source: func(string) []byte { return src }, Summary: &bytes.Buffer{}}
		for _, name := range Names() {
			var b bytes.Buffer
			if err := Write(&b, name, diags, ctx); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			switch name {
			case "json", "sarif":
				if !json.Valid(b.Bytes()) {
					t.Fatalf("%s output is not valid JSON", name)
				}
			case "line", "github":
				if n := strings.Count(b.String(), "\n"); n != 1 {
					t.Fatalf("%s wrote %d lines for one diagnostic: %q", name, n, b.String())
				}
			case "checkstyle":
				if err := xml.Unmarshal(b.Bytes(), new(struct{})); err != nil {
					t.Fatalf("checkstyle output is not XML: %v", err)
				}
			}
		}
	})
}

// BenchmarkTextHugeLine renders 1000 findings on one 1 MB line (a minified
// document): each snippet must cost a bounded window, not the whole line.
func BenchmarkTextHugeLine(b *testing.B) {
	src := []byte(strings.Repeat("word ", 1<<18) + "\n")
	li := sfmd.NewLineIndex(src)
	diags := make([]lint.Diagnostic, 1000)
	for i := range diags {
		off := i * (len(src) - 10) / len(diags)
		diags[i] = lint.Diagnostic{Path: "min.md", Rule: "r", Message: "m", Span: li.Span(off, off+4)}
	}
	ctx := Context{Source: func(string) []byte { return src }}
	b.ResetTimer()
	for range b.N {
		for _, f := range []string{"text", "sarif"} {
			if err := Write(io.Discard, f, diags, ctx); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestStreamMatchesWrite: the formats written a path at a time, with the
// spools forced onto disk, give the bytes of one Write of the run.
func TestStreamMatchesWrite(t *testing.T) {
	diags := fixtureDiags(t)
	old := spoolMemory
	spoolMemory = 16
	defer func() { spoolMemory = old }()
	for _, f := range Names() {
		t.Run(f, func(t *testing.T) {
			var whole, wholeSum, parts, partsSum bytes.Buffer
			ctx := fixtureContext()
			ctx.Summary = &wholeSum
			if err := Write(&whole, f, diags, ctx); err != nil {
				t.Fatal(err)
			}
			ctx.Summary = &partsSum
			s, err := NewStream(&parts, f, ctx)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(diags); {
				j := i + 1
				for j < len(diags) && diags[j].Path == diags[i].Path {
					j++
				}
				if err := s.Write(diags[i:j]); err != nil {
					t.Fatal(err)
				}
				i = j
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if parts.String() != whole.String() || partsSum.String() != wholeSum.String() {
				t.Errorf("streamed output differs:\n--- stream\n%s%s\n--- write\n%s%s", &parts, &partsSum, &whole, &wholeSum)
			}
		})
	}
}

// writeSizes records the size of each Write.
type writeSizes struct {
	bytes.Buffer
	sizes []int
}

func (w *writeSizes) Write(p []byte) (int, error) {
	w.sizes = append(w.sizes, len(p))
	return w.Buffer.Write(p)
}

// TestStreamWritesInChunks: a batch of many findings (one document's)
// in the line, text, json and checkstyle formats is written out in pieces of about
// chunkSize bytes, not gathered whole, and the bytes are those of the
// batch written a finding at a time.
func TestStreamWritesInChunks(t *testing.T) {
	var batch []lint.Diagnostic
	for _, d := range fixtureDiags(t) {
		if d.Path == "docs/api.md" {
			batch = append(batch, d)
		}
	}
	for len(batch) < 20000 {
		batch = append(batch, batch...)
	}
	for _, f := range []string{"line", "text", "json", "checkstyle"} {
		t.Run(f, func(t *testing.T) {
			var chunked writeSizes
			s, err := NewStream(&chunked, f, fixtureContext())
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Write(batch); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			var one bytes.Buffer
			s, _ = NewStream(&one, f, fixtureContext())
			for i := range batch {
				if err := s.Write(batch[i : i+1]); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if chunked.String() != one.String() {
				t.Fatalf("the batch written in chunks differs from the findings written one at a time")
			}
			if chunked.Len() < 8*chunkSize {
				t.Fatalf("the batch is %d bytes: too small to test chunking", chunked.Len())
			}
			for _, n := range chunked.sizes {
				if n > 2*chunkSize {
					t.Fatalf("a write of %d bytes (of %d in all): the batch was not written in chunks of about %d", n, chunked.Len(), chunkSize)
				}
			}
		})
	}
}

// TestOnlySARIFReadsRules: every format but sarif writes the same bytes
// without Context.Rules (the command line leaves them out for those:
// making them validates the rule set once more).
func TestOnlySARIFReadsRules(t *testing.T) {
	diags := fixtureDiags(t)
	for _, f := range Names() {
		ctx := fixtureContext()
		with := render1(t, f, diags, ctx)
		ctx.Rules = nil
		without := render1(t, f, diags, ctx)
		if (with != without) != (f == "sarif") {
			t.Errorf("%s: output with and without Context.Rules differ: %v (only sarif should)", f, with != without)
		}
	}
}

// TestSARIFSpoolsInChunks: the sarif format spools a batch of many
// findings in pieces of about chunkSize bytes, as the other formats write
// theirs, instead of formatting the whole batch into its buffer first
// (55 MB of results for the 10 MB document, 190 MB of buffer growth).
func TestSARIFSpoolsInChunks(t *testing.T) {
	var batch []lint.Diagnostic
	for _, d := range fixtureDiags(t) {
		if d.Path == "docs/api.md" {
			batch = append(batch, d)
		}
	}
	for len(batch) < 20000 {
		batch = append(batch, batch...)
	}
	var out bytes.Buffer
	s, err := NewStream(&out, "sarif", fixtureContext())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Write(batch); err != nil {
		t.Fatal(err)
	}
	ss := s.impl.(*sarifStream)
	if n := ss.results.mem.Len(); ss.results.file == nil && n < 8*chunkSize {
		t.Fatalf("%d bytes spooled: too few to test chunking", n)
	}
	if c := ss.b.Cap(); c > 4*chunkSize {
		t.Errorf("the sarif buffer grew to %d bytes for a batch, want it spooled in pieces of about %d", c, chunkSize)
	}
}

// render is appendRender into a new string with a scratch of its own (the
// tests' view of one snippet line).
func render(text []byte, from, to int) (shown string, markAt, markWidth int) {
	b, _, markAt, markWidth := appendRender(nil, text, from, to, nil)
	return string(b), markAt, markWidth
}
