package format

import (
	"bytes"
	"fmt"
	"io"
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

func writeGitHub(w io.Writer, diags []lint.Diagnostic, ctx *Context) error {
	var b bytes.Buffer
	perKind := map[lint.Severity]int{}
	for _, sev := range []lint.Severity{lint.Error, lint.Warning, lint.Info} {
		for i := range diags {
			d := &diags[i]
			if norm(d.Severity) != sev {
				continue
			}
			perKind[sev]++
			line, col := start(d)
			endLine, endCol := endOf(d.Span)
			oneLine := line == endLine
			if endLine > line && endCol == 1 {
				// The span ends with a line break: the next line is not part of it.
				endLine--
			}
			fmt.Fprintf(&b, "::%s file=%s,line=%d,endLine=%d", githubCommand(sev), ghProperty.Replace(slashPath(d.Path)), line, endLine)
			if oneLine {
				fmt.Fprintf(&b, ",col=%d,endColumn=%d", col, endCol)
			}
			fmt.Fprintf(&b, ",title=%s::%s\n", ghProperty.Replace("sfmd ("+d.Rule+")"), ghMessage.Replace(d.Message))
		}
	}
	var over []string
	for _, k := range []struct {
		sev  lint.Severity
		name string
	}{{lint.Error, "errors"}, {lint.Warning, "warnings"}, {lint.Info, "notices"}} {
		if n := perKind[k.sev]; n > githubPerStepLimit {
			over = append(over, fmt.Sprintf("%d %s", n, k.name))
		}
	}
	if len(over) > 0 {
		fmt.Fprintf(&b, "sfmd: %s reported; GitHub shows at most %d annotations of each kind per step, see the log above or the job summary for all of them\n",
			strings.Join(over, " and "), githubPerStepLimit)
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return err
	}
	if ctx.Summary != nil {
		return writeStepSummary(ctx.Summary, diags)
	}
	return nil
}

// writeStepSummary writes a Markdown report of diags for
// $GITHUB_STEP_SUMMARY.
func writeStepSummary(w io.Writer, diags []lint.Diagnostic) error {
	var b bytes.Buffer
	b.WriteString("### sfmd lint\n\n")
	if len(diags) == 0 {
		b.WriteString("No problems found.\n\n")
	} else {
		b.WriteString(count(diags).String() + "\n\n")
		b.WriteString("| Severity | Location | Rule | Message |\n|---|---|---|---|\n")
		for i := range diags {
			d := &diags[i]
			line, col := start(d)
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", d.Severity,
				mdCell(fmt.Sprintf("%s:%d:%d", slashPath(d.Path), line, col)), mdCell(d.Rule), mdCell(d.Message))
		}
		b.WriteString("\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}

// mdCell escapes s for one GitHub-flavored Markdown table cell.
var mdCellReplacer = strings.NewReplacer(
	"&", "&amp;", "<", "&lt;", ">", "&gt;",
	"\\", "\\\\", "|", "\\|", "`", "\\`", "*", "\\*", "_", "\\_", "[", "\\[", "]", "\\]", "$", "\\$",
	"\r\n", "<br>", "\n", "<br>", "\r", "<br>",
)

func mdCell(s string) string { return mdCellReplacer.Replace(strings.ToValidUTF8(s, "\uFFFD")) }
