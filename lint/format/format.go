// Package format renders lint diagnostics for people, editors and CI.
//
// One call renders a whole run:
//
//	err := format.Write(os.Stdout, "text", diags, format.Context{
//		Source:      func(path string) []byte { return srcs[path] },
//		Rules:       rules.All(),
//		Color:       stdio.IsTerminal && getenv("NO_COLOR") == "",
//		ToolVersion: cli.Version,
//		Summary:     stepSummary, // $GITHUB_STEP_SUMMARY opened for append, or nil
//	})
//
// Write does not sort or deduplicate: pass the diagnostics in the order
// lint.Run reports them (path, line, column, rule, message). Names
// lists the accepted format names for flag validation and usage text.
//
// A Stream renders a run while it goes (lint.Options.Output): NewStream,
// then Write for each file's findings as lint.Run gives them, then Close;
// the bytes are those of one Write of all the findings.
//
// # Positions
//
// Lines and columns are 1-based; columns count Unicode characters, as
// sfmd.Pos does. End positions are exclusive (the column just past the last
// character), as in SARIF and LSP; this holds for json, sarif and github.
// A diagnostic without a valid start position (a file-level finding) is
// shown at 1:1 so that editors and problem matchers can still place it. A
// diagnostic without a valid end, or with an end before its start, gets an
// empty range at its start.
//
// Fix edits carry byte offsets; formats that show line and column for an
// edit (json, sarif) compute them from Context.Source. When the source is
// unavailable, json reports line and column 0 for edits and sarif gives
// byte offsets only.
//
// # Formats
//
// line: exactly one line per diagnostic and nothing else,
//
//	path:line:col: severity: message [rule]
//
// with severity one of error, warning, info. Carriage returns, line feeds
// and other control characters in paths and messages are written as Go
// escapes (\n, \r, \x1b) so that one diagnostic is always one line; a
// path's bytes that are not UTF-8 are written as they are (an editor then
// opens the file), a message's become U+FFFD. This is
// the format the shipped problem matchers (.github/sfmd-matcher.json,
// integrations/vscode/tasks.json) and vim/Emacs parse. With Context.Color
// the location is bold, the severity colored and the rule dim; the
// matchers tolerate those escape sequences.
//
// text: the line format's line, then the source line under a numbered gutter
// with a ^~~~ marker under the span (display width: tabs expand to stops of
// 4, East-Asian wide and fullwidth characters count 2, combining marks 0;
// a span ending on a later line is marked to the end of its first line;
// lines wider than 200 columns are cut to a window around the span), a
// "= help: <fix message>" line per suggested fix (unsafe ones say they need
// --unsafe-fixes), and a "= note: path:line:col: message" line per related
// position. Diagnostics are separated by a blank line and followed by one
// summary line:
//
//	3 problems (1 error, 1 warning, 1 info), 1 fixable with --fix
//
// (", 1 more with --unsafe-fixes" is added when unsafe fixes exist). When
// there are no diagnostics, text writes nothing.
//
// json: a JSON array (indented, "[]" when clean) of objects with fields in
// this order: path, line, column, endLine, endColumn, severity, rule,
// message, fixes, related. fixes is an array of {message, safe, edits} and
// each edit is {start: {line, column, offset}, end: {…}, newText}; related
// is an array of {path, line, column, endLine, endColumn, message}. Arrays
// are never null. Paths use forward slashes.
//
// sarif: a SARIF 2.1.0 log with one run. tool.driver carries name "sfmd",
// the version, informationUri and rules[]: every non-shared analyzer in
// Context.Rules, sorted by name (so rule metadata is complete whether or
// not a rule fired), followed by a minimal descriptor for any rule that
// appears in a result but not in Context.Rules. A descriptor has id (the
// rule name), shortDescription (Doc.Title), fullDescription (Doc.Why), help
// (why plus bad and good examples, as text and Markdown) and
// defaultConfiguration.level. run.columnKind is "unicodeCodePoints" because
// columns count characters. Each result has ruleId, ruleIndex, level
// (error, warning or note), message.text, a physicalLocation whose
// artifactLocation.uri is the path with forward slashes (relative paths
// get uriBaseId "%SRCROOT%", absolute ones become file:// URIs), a region,
// relatedLocations, partialFingerprints["sfmdLineHash/v1"] (a hash of the
// rule, the path and the trimmed text of the start line, plus an occurrence
// counter, so moving code does not reopen alerts) and fixes[] with
// artifactChanges[].replacements[] and properties.safe for fixable
// diagnostics.
//
// github: GitHub Actions workflow commands, one per diagnostic:
//
//	::error file=path,line=L,endLine=L2,col=C,endColumn=C2,title=sfmd (rule)::message
//
// warning becomes ::warning and info ::notice; col and endColumn are sent
// only when the span starts and ends on the same line, and a span that
// ends just after a line break ends on the line before it. Messages escape %,
// \r and \n; property values also escape : and ,. GitHub turns at most 10
// commands of each kind per step into annotations, so errors are printed
// first, then warnings, then notices (each group in the given order), every
// diagnostic is printed (the rest still appear in the log), and when a
// limit is exceeded a plain closing line says so. When Context.Summary is
// set, a Markdown report listing every diagnostic is written to it.
//
// checkstyle: Checkstyle XML (version 4.3), one <file> per path in order of
// first appearance, <error line column severity message source="sfmd.rule">;
// severity is error, warning or info.
package format

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Context is what a format may need besides the diagnostics. Every field
// is optional.
type Context struct {
	// Source returns the content of the file at path (as named in
	// Diagnostic.Path), or nil when it is not available. Used for text
	// snippets, fix positions and SARIF fingerprints.
	Source func(path string) []byte
	// Rules are the analyzers that were run, for SARIF rules[] metadata.
	// Shared analyses are skipped.
	Rules []*lint.Analyzer
	// Color enables ANSI colors in the line and text formats. The caller
	// decides (terminal, NO_COLOR, --color).
	Color bool
	// ToolVersion is reported in SARIF tool.driver.version.
	ToolVersion string
	// Summary, when non-nil and the format is github, receives a Markdown
	// report of all diagnostics (the engine passes $GITHUB_STEP_SUMMARY
	// opened for append).
	Summary io.Writer
}

// informationURI is the project home reported in SARIF.
const informationURI = "https://github.com/sfmd-dev/sfmd"

var formats = []struct{ name string }{
	{"text"}, {"line"}, {"json"}, {"sarif"}, {"github"}, {"checkstyle"},
}

// Names returns the supported format names, the default ("text") first.
func Names() []string {
	ns := make([]string, len(formats))
	for i, f := range formats {
		ns[i] = f.name
	}
	return ns
}

// Write renders diags in the named format to w: a Stream given them in
// one batch.
func Write(w io.Writer, format string, diags []lint.Diagnostic, ctx Context) error {
	s, err := NewStream(w, format, ctx)
	if err != nil {
		return err
	}
	s.whole = true
	if format == "checkstyle" {
		diags = groupByPath(diags)
	}
	err = s.Write(diags)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return err
}

// start returns the 1-based start line and column of d, 1:1 when unset.
func start(d *lint.Diagnostic) (line, col int) {
	return startOf(d.Span)
}

func startOf(s sfmd.Span) (line, col int) {
	if !s.Start.IsValid() {
		return 1, 1
	}
	col = int(s.Start.Col)
	if col < 1 {
		col = 1
	}
	return int(s.Start.Line), col
}

// end returns the exclusive end line and column of s; the start when the
// end is unset or before the start.
func endOf(s sfmd.Span) (line, col int) {
	sl, sc := startOf(s)
	e := s.End
	if !s.Start.IsValid() || !e.IsValid() || int(e.Line) < sl || (int(e.Line) == sl && int(e.Col) < sc) {
		return sl, sc
	}
	return int(e.Line), int(e.Col)
}

// flatten makes s safe for a single output line: line breaks and other
// control characters become Go escapes, invalid UTF-8 becomes U+FFFD.
func flatten(s string) string {
	if printable(s) {
		return s
	}
	// As writeFlat of every rune of strings.ToValidUTF8(s, "\uFFFD"), with
	// the runs of printable ASCII copied whole (a message with one "…"
	// wrote every rune one at a time); TestFlattenIsRuneByRune.
	var b strings.Builder
	b.Grow(len(s))
	invalid := false // in a run of bytes that are not UTF-8: one U+FFFD for it
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			invalid = false
			j := i
			for j < len(s) && (s[j] >= 0x20 && s[j] < 0x7f || s[j] == '\t') {
				j++
			}
			if j == i {
				writeFlat(&b, rune(s[i]))
				j++
			} else {
				b.WriteString(s[i:j])
			}
			i = j
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if n == 1 {
			if !invalid {
				b.WriteString("\uFFFD")
				invalid = true
			}
			i++
			continue
		}
		invalid = false
		writeFlat(&b, r)
		i += n
	}
	return b.String()
}

// printable reports whether s has only printable ASCII and tabs, what
// flatten leaves as it is. It looks at eight bytes at a time (the message
// of every finding is looked at: 0.7 MB for the hint document); a word
// with a byte that may not be printable (a tab too) is looked at again a
// byte at a time, from where it starts (TestPrintable).
func printable(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		// A byte b is in 0x20..0x7e when b+0x60 has the high bit and
		// b+1 has not (no carry leaves such bytes). The lowest byte of x
		// that is not (no carry comes into it) fails: below 0x20 b+0x60
		// lacks the bit, 0x7f..0xfe give b+1 the bit, 0xff+0x60 is 0x5f.
		if (x+0x60*ones)&^(x+ones)&highs != highs {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c == 0x7f || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// flattenPath is flatten for a file name: bytes that are not UTF-8 are
// written as they are, not as U+FFFD, so that an editor reading the
// output as bytes (Vim's quickfix list) opens the file; control
// characters are escaped as flatten escapes them.
func flattenPath(s string) string {
	if utf8.ValidString(s) {
		return flatten(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteByte(s[i])
		} else {
			writeFlat(&b, r)
		}
		i += n
	}
	return b.String()
}

// writeFlat writes r as flatten writes it.
func writeFlat(b *strings.Builder, r rune) {
	switch {
	case r == '\n':
		b.WriteString(`\n`)
	case r == '\r':
		b.WriteString(`\r`)
	case r == '\t':
		b.WriteRune(r)
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		const hex = "0123456789abcdef" // fmt's \x%02x, without fmt (b would escape)
		b.WriteString(`\x`)
		b.WriteByte(hex[r>>4])
		b.WriteByte(hex[r&0xf])
	default:
		b.WriteRune(r)
	}
}

// slashPath is the path with forward slashes, for machine formats.
func slashPath(p string) string { return filepath.ToSlash(p) }

// sources caches the line index of the last file asked for: findings
// come grouped by file, and a run's memory must not grow with the files.
type sources struct {
	fn   func(string) []byte
	path string
	li   *sfmd.LineIndex
	ok   bool
}

func newSources(fn func(string) []byte) *sources {
	return &sources{fn: fn}
}

// index returns the line index of path, nil when its source is unknown.
func (s *sources) index(path string) *sfmd.LineIndex {
	if s.fn == nil {
		return nil
	}
	if s.ok && s.path == path {
		return s.li
	}
	s.path, s.li, s.ok = path, nil, true
	if src := s.fn(path); src != nil {
		s.li = sfmd.NewLineIndex(src)
	}
	return s.li
}

// pos converts a byte offset of path to a position; Line and Col are 0
// when the source is unknown.
func (s *sources) pos(path string, offset int) sfmd.Pos {
	if li := s.index(path); li != nil {
		return li.Pos(offset)
	}
	return sfmd.Pos{Offset: int32(offset)}
}

// norm maps unknown severities to Info, as lint.Severity.String does.
func norm(s lint.Severity) lint.Severity {
	if s == lint.Error || s == lint.Warning {
		return s
	}
	return lint.Info
}

// counts tallies diagnostics by severity and fixability.
type counts struct {
	total, errors, warnings, infos int
	fixable, unsafe                int
}

// add counts diags.
func (c *counts) add(diags []lint.Diagnostic) {
	for i := range diags {
		d := &diags[i]
		c.total++
		switch d.Severity {
		case lint.Error:
			c.errors++
		case lint.Warning:
			c.warnings++
		default:
			c.infos++
		}
		safe, unsafe := false, false
		for _, f := range d.Fixes {
			if f.Safe {
				safe = true
			} else {
				unsafe = true
			}
		}
		if safe {
			c.fixable++
		} else if unsafe {
			c.unsafe++
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// String is the summary line, "" when there is nothing to report.
func (c counts) String() string {
	if c.total == 0 {
		return ""
	}
	s := fmt.Sprintf("%s (%s, %s, %s)", plural(c.total, "problem", "problems"),
		plural(c.errors, "error", "errors"), plural(c.warnings, "warning", "warnings"),
		plural(c.infos, "info", "infos"))
	if c.fixable > 0 {
		s += fmt.Sprintf(", %d fixable with --fix", c.fixable)
	}
	if c.unsafe > 0 {
		s += fmt.Sprintf(", %d more with --unsafe-fixes", c.unsafe)
	}
	return s
}
