package format

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// githubPerStepLimit is how many annotations of each kind GitHub Actions
// shows per step (actions/toolkit docs/problem-matchers.md).
const githubPerStepLimit = 10

var (
	ghMessage  = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func githubCommand(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	default:
		return "notice"
	}
}

// githubStream writes the github format: errors as they come, warnings
// and notices spooled until the end (errors come first), and the step
// summary's table spooled until its counts are known.
type githubStream struct {
	w       io.Writer
	summary io.Writer
	perKind map[lint.Severity]int
	later   [2]spool // warnings, notices
	table   spool    // the step summary's rows
	n       counts
	b       bytes.Buffer
	line    []byte
}

func (s *githubStream) write(diags []lint.Diagnostic) error {
	if s.perKind == nil {
		s.perKind = map[lint.Severity]int{}
	}
	s.b.Reset()
	for i := range diags {
		d := &diags[i]
		sev := norm(d.Severity)
		s.perKind[sev]++
		var out io.Writer = &s.b
		switch sev {
		case lint.Warning:
			out = &s.later[0]
		case lint.Info:
			out = &s.later[1]
		}
		s.line = appendGitHubLine(s.line[:0], d, sev)
		if _, err := out.Write(s.line); err != nil {
			return err
		}
		if s.summary != nil {
			line, col := start(d)
			if _, err := fmt.Fprintf(&s.table, "| %s | %s | %s | %s |\n", d.Severity,
				mdCell(fmt.Sprintf("%s:%d:%d", slashPath(d.Path), line, col)), mdCell(d.Rule), mdCell(d.Message)); err != nil {
				return err
			}
		}
	}
	s.n.add(diags)
	_, err := s.w.Write(s.b.Bytes())
	return err
}

// appendGitHubLine appends the workflow command of d, of severity sev.
func appendGitHubLine(b []byte, d *lint.Diagnostic, sev lint.Severity) []byte {
	line, col := start(d)
	endLine, endCol := endOf(d.Span)
	oneLine := line == endLine
	if endLine > line && endCol == 1 {
		// The span ends with a line break: the next line is not part of it.
		endLine--
	}
	b = append(b, "::"...)
	b = append(b, githubCommand(sev)...)
	b = append(b, " file="...)
	b = append(b, ghProperty.Replace(slashPath(d.Path))...)
	b = append(b, ",line="...)
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, ",endLine="...)
	b = strconv.AppendInt(b, int64(endLine), 10)
	if oneLine {
		b = append(b, ",col="...)
		b = strconv.AppendInt(b, int64(col), 10)
		b = append(b, ",endColumn="...)
		b = strconv.AppendInt(b, int64(endCol), 10)
	}
	b = append(b, ",title="...)
	b = append(b, ghProperty.Replace("sfmd ("+d.Rule+")")...)
	b = append(b, "::"...)
	b = append(b, ghMessage.Replace(d.Message)...)
	return append(b, '\n')
}

func (s *githubStream) close() error {
	defer func() {
		for i := range s.later {
			s.later[i].release()
		}
		s.table.release()
	}()
	for i := range s.later {
		if err := s.later[i].copyTo(s.w); err != nil {
			return err
		}
	}
	var over []string
	for _, k := range []struct {
		sev  lint.Severity
		name string
	}{{lint.Error, "errors"}, {lint.Warning, "warnings"}, {lint.Info, "notices"}} {
		if n := s.perKind[k.sev]; n > githubPerStepLimit {
			over = append(over, fmt.Sprintf("%d %s", n, k.name))
		}
	}
	if len(over) > 0 {
		if _, err := fmt.Fprintf(s.w, "sfmd: %s reported; GitHub shows at most %d annotations of each kind per step, see the log above or the job summary for all of them\n",
			strings.Join(over, " and "), githubPerStepLimit); err != nil {
			return err
		}
	}
	if s.summary != nil {
		return s.writeStepSummary()
	}
	return nil
}

// writeStepSummary writes a Markdown report of the findings for
// $GITHUB_STEP_SUMMARY.
func (s *githubStream) writeStepSummary() error {
	var b bytes.Buffer
	b.WriteString("### sfmd lint\n\n")
	if s.n.total == 0 {
		b.WriteString("No problems found.\n\n")
		_, err := s.summary.Write(b.Bytes())
		return err
	}
	b.WriteString(s.n.String() + "\n\n")
	b.WriteString("| Severity | Location | Rule | Message |\n|---|---|---|---|\n")
	if _, err := s.summary.Write(b.Bytes()); err != nil {
		return err
	}
	if err := s.table.copyTo(s.summary); err != nil {
		return err
	}
	_, err := io.WriteString(s.summary, "\n")
	return err
}

// mdCell escapes s for one GitHub-flavored Markdown table cell.
var mdCellReplacer = strings.NewReplacer(
	"&", "&amp;", "<", "&lt;", ">", "&gt;",
	"\\", "\\\\", "|", "\\|", "`", "\\`", "*", "\\*", "_", "\\_", "[", "\\[", "]", "\\]", "$", "\\$",
	"\r\n", "<br>", "\n", "<br>", "\r", "<br>",
)

func mdCell(s string) string { return mdCellReplacer.Replace(strings.ToValidUTF8(s, "\uFFFD")) }
