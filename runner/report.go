package runner

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sfmd-dev/sfmd/internal/ansi"
)

// WriteErrors prints suite errors, one "path:line:col: message" per line.
func WriteErrors(w io.Writer, rep *Report) {
	for _, s := range rep.Suites {
		for _, e := range s.Errors {
			fmt.Fprintln(w, e.Error())
		}
	}
}

// WriteHuman prints a block per failing test (each failure with its
// position in the suite and its diff) and the closing summary line.
func WriteHuman(w io.Writer, rep *Report) { WriteHumanColor(w, rep, false) }

// WriteHumanColor is WriteHuman with ANSI colours when color is set, in
// the styles of sfmd lint's text format: FAIL and the failed count red,
// positions bold, diff lines red (-) and green (+), hunk headers cyan.
func WriteHumanColor(w io.Writer, rep *Report, color bool) {
	p := painter(color)
	for _, s := range rep.Suites {
		for _, t := range s.Tests {
			if t.Status != Failed {
				continue
			}
			fmt.Fprintf(w, "%s %s: %s\n", p.paint(ansi.Red, "--- FAIL:"), s.Path, t.Name)
			for _, f := range t.Failures {
				where := p.paint(ansi.Bold, fmt.Sprintf("%s:%d:%d:", s.Path, f.Line, f.Col))
				if f.Step > 0 {
					fmt.Fprintf(w, "%s step %d (%s): %s\n", where, f.Step, oneLine(f.Run), f.Message)
				} else {
					fmt.Fprintf(w, "%s %s\n", where, f.Message)
				}
				if f.Diff != "" {
					fmt.Fprint(w, p.diff(indentBlock(f.Diff, "    ")))
				}
			}
			fmt.Fprintln(w)
		}
	}
	writeSummary(w, rep, p)
}

// WriteLine prints each suite error and each failure as one
// problem-matcher line (path:line:col: error: message [suite-error] or
// [test-failed]), then the summary line.
func WriteLine(w io.Writer, rep *Report) { WriteLineColor(w, rep, false) }

// WriteLineColor is WriteLine with ANSI colours when color is set, as
// sfmd lint's line format colours: the position bold, "error" red, the
// kind dim. Problem matchers read the uncoloured form (color off).
func WriteLineColor(w io.Writer, rep *Report, color bool) {
	p := painter(color)
	line := func(pos, msg, kind string) {
		fmt.Fprintf(w, "%s %s: %s %s\n", p.paint(ansi.Bold, pos), p.paint(ansi.Red, "error"), msg, p.paint(ansi.Dim, kind))
	}
	for _, s := range rep.Suites {
		for _, e := range s.Errors {
			line(fmt.Sprintf("%s:%d:%d:", e.Path, max(e.Line, 1), max(e.Col, 1)), oneLine(e.Msg), "[suite-error]")
		}
		for _, t := range s.Tests {
			for _, f := range t.Failures {
				line(fmt.Sprintf("%s:%d:%d:", s.Path, f.Line, f.Col), oneLine(t.Name)+": "+oneLine(f.Message), "[test-failed]")
			}
		}
	}
	writeSummary(w, rep, p)
}

// writeSummary prints "N passed, N failed[, N skipped]", the counts that
// are not zero coloured (passed green, failed red, skipped yellow).
func writeSummary(w io.Writer, rep *Report, p painter) {
	count := func(n int, word, style string) string {
		s := fmt.Sprintf("%d %s", n, word)
		if n == 0 {
			return s
		}
		return p.paint(style, s)
	}
	fmt.Fprintf(w, "%s, %s", count(rep.Passed, "passed", ansi.Green), count(rep.Failed, "failed", ansi.Red))
	if rep.Skipped > 0 {
		fmt.Fprintf(w, ", %s", count(rep.Skipped, "skipped", ansi.Yellow))
	}
	fmt.Fprintln(w)
}

// painter colours text when true.
type painter bool

func (p painter) paint(style, s string) string {
	if !p || s == "" {
		return s
	}
	return style + s + ansi.Reset
}

// diff colours the lines of an indented unified diff: the file headers
// bold, hunk headers cyan, removed lines red, added lines green; other
// lines (the runtime's output quoted after a diff) are left as they are.
func (p painter) diff(block string) string {
	if !p {
		return block
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(block, "\n") {
		body := strings.TrimPrefix(l, "    ")
		text := strings.TrimSuffix(body, "\n")
		style := ""
		switch {
		case strings.HasPrefix(text, "--- "), strings.HasPrefix(text, "+++ "):
			style = ansi.Bold
		case strings.HasPrefix(text, "@@"):
			style = ansi.Cyan
		case strings.HasPrefix(text, "-"):
			style = ansi.Red
		case strings.HasPrefix(text, "+"):
			style = ansi.Green
		}
		if style == "" || len(body) == len(l) {
			b.WriteString(l)
			continue
		}
		b.WriteString("    " + p.paint(style, text) + body[len(text):])
	}
	return b.String()
}

// oneLine keeps the first line of s (the rest is in the diff).
func oneLine(s string) string {
	first, rest, found := strings.Cut(s, "\n")
	first = strings.TrimSuffix(first, ":")
	if found && strings.TrimSpace(rest) != "" {
		return first + " (…)"
	}
	return first
}

func indentBlock(s, pad string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if l == "" {
			continue
		}
		b.WriteString(pad)
		b.WriteString(l)
	}
	if !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}

// JUnit XML (integrations.md §C.5).

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr,omitempty"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name      string      `xml:"name,attr"`
	Tests     int         `xml:"tests,attr"`
	Failures  int         `xml:"failures,attr"`
	Errors    int         `xml:"errors,attr"`
	Skipped   int         `xml:"skipped,attr"`
	Time      string      `xml:"time,attr,omitempty"`
	Timestamp string      `xml:"timestamp,attr,omitempty"`
	Cases     []junitCase `xml:"testcase"`
}

type junitCase struct {
	Classname string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Time      string        `xml:"time,attr,omitempty"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",innerxml"` // escaped by xmlText, newlines kept
}

// xmlText escapes s as XML character data, keeping newlines and tabs
// readable (encoding/xml would write them as &#xA;) and replacing
// characters XML cannot hold.
func xmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '\n' || r == '\t' || r == '\r':
			b.WriteRune(r)
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r <= 0xDFFF):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

type junitSkipped struct {
	Message string `xml:"message,attr,omitempty"`
}

// Reports carry durations and timestamps only with Options.Timings:
// without them the same run gives byte-identical reports.

func (rep *Report) seconds(d time.Duration) string {
	if !rep.timings {
		return ""
	}
	return fmt.Sprintf("%.3f", d.Seconds())
}

func (rep *Report) timestamp(t time.Time) string {
	if !rep.timings {
		return ""
	}
	return t.UTC().Format("2006-01-02T15:04:05")
}

func (rep *Report) ms(d time.Duration) *float64 {
	if !rep.timings {
		return nil
	}
	v := float64(d.Microseconds()) / 1000
	return &v
}

// WriteJUnit writes the report as JUnit XML: one <testsuite> per suite,
// one <testcase> per test; fixture problems are <error>, mismatches
// <failure>. A suite that failed to load is one errored test case.
func WriteJUnit(w io.Writer, rep *Report) error {
	out := junitSuites{Name: "sfmd", Time: rep.seconds(rep.Duration)}
	for _, s := range rep.Suites {
		js := junitSuite{Name: s.Path, Time: rep.seconds(s.Duration), Timestamp: rep.timestamp(s.Started)}
		for _, e := range s.Errors {
			js.Cases = append(js.Cases, junitCase{
				Classname: s.Path, Name: "(suite)", Time: rep.seconds(0), File: s.Path, Line: e.Line,
				Error: &junitProblem{Message: e.Msg, Type: "suite", Text: xmlText(e.Error())},
			})
			js.Errors++
		}
		for _, t := range s.Tests {
			c := junitCase{Classname: s.Path, Name: t.Name, Time: rep.seconds(t.Duration), File: s.Path, Line: t.Line}
			switch t.Status {
			case Skipped:
				c.Skipped = &junitSkipped{Message: t.Skip}
				js.Skipped++
			case Failed:
				var text strings.Builder
				kind := KindAssertion
				for _, f := range t.Failures {
					if f.Kind != KindAssertion {
						kind = f.Kind
					}
					fmt.Fprintf(&text, "%s:%d:%d: %s\n", s.Path, f.Line, f.Col, f.Message)
					if f.Diff != "" {
						text.WriteString(f.Diff)
						if !strings.HasSuffix(f.Diff, "\n") {
							text.WriteString("\n")
						}
					}
				}
				p := &junitProblem{Message: oneLine(t.Failures[0].Message), Type: kind, Text: xmlText(text.String())}
				if kind == KindAssertion {
					c.Failure = p
					js.Failures++
				} else {
					c.Error = p
					js.Errors++
				}
			}
			js.Cases = append(js.Cases, c)
		}
		js.Tests = len(js.Cases)
		out.Tests += js.Tests
		out.Failures += js.Failures
		out.Errors += js.Errors
		out.Skipped += js.Skipped
		out.Suites = append(out.Suites, js)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

type jsonReport struct {
	Passed  int         `json:"passed"`
	Failed  int         `json:"failed"`
	Skipped int         `json:"skipped"`
	Errors  []jsonError `json:"errors"`
	Suites  []jsonSuite `json:"suites"`
}

type jsonError struct {
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

type jsonSuite struct {
	Path       string     `json:"path"`
	Document   string     `json:"document,omitempty"`
	DurationMS *float64   `json:"duration_ms,omitempty"`
	Tests      []jsonTest `json:"tests"`
}

type jsonTest struct {
	*TestResult
	DurationMS *float64 `json:"duration_ms,omitempty"`
}

// WriteJSON writes the report as one JSON object.
func WriteJSON(w io.Writer, rep *Report) error {
	out := jsonReport{Passed: rep.Passed, Failed: rep.Failed, Skipped: rep.Skipped, Errors: []jsonError{}, Suites: []jsonSuite{}}
	for _, s := range rep.Suites {
		for _, e := range s.Errors {
			out.Errors = append(out.Errors, jsonError{Path: e.Path, Line: e.Line, Col: e.Col, Message: e.Msg})
		}
		if len(s.Errors) > 0 && s.suite == nil {
			continue
		}
		js := jsonSuite{Path: s.Path, Document: s.Document, DurationMS: rep.ms(s.Duration), Tests: []jsonTest{}}
		for _, t := range s.Tests {
			js.Tests = append(js.Tests, jsonTest{TestResult: t, DurationMS: rep.ms(t.Duration)})
		}
		out.Suites = append(out.Suites, js)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
