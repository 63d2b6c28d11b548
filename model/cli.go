package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

var reShellSafe = lazyre.New(`^[a-zA-Z0-9_\-./=@:+,]+$`)

// checkCLIGate refuses CLI actions from documents that are not local files.
func (c *call) checkCLIGate() *Result {
	if c.isCLI && !strings.HasPrefix(c.rt.Env.DocURI, "file://") {
		return stop(errResult(codeFileNotAllowed, "CLI actions are only allowed from local file:// documents or locally installed apps. Remote SFMD can only run HTTP actions because remote content may change after review."))
	}
	return nil
}

func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	if reShellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func (rt *Runtime) execCLI(command string, res *Result) actionOutput {
	res.commands = append(res.commands, command)
	out := actionOutput{cli: true}
	if rt.Exec == nil {
		out.source, out.status = "no executor configured", 1
		return out
	}
	er, err := rt.Exec.Exec(command, rt.commandDir())
	if err != nil {
		out.source, out.status = err.Error(), 1
		return out
	}
	return cliOutput(er)
}

// cliOutput is what the runtime makes of a command's result (loader.ts
// Loader.execCli): the source is stdout and stderr as they arrived, its
// end trimmed, parsed as JSON when it is; the status is the exit status,
// 1 for a command stopped by the timeout. The template also reads stdout
// and stderr apart (helpers.ts, the Response's stdout and stderr).
func cliOutput(er ExecResult) actionOutput {
	out := actionOutput{cli: true, status: er.Exit}
	if er.TimedOut {
		out.status = 1
	}
	out.source = er.Output()
	out.stdout, out.stderr = er.Stdout, er.Stderr
	out.jsonBody = jsonParse(out.source)
	return out
}

// Output is the text the runtime reads a command's result as (loader.ts
// Loader.execCli): stdout and stderr as they arrived, the end trimmed. A
// template's Response.body is it, parsed as JSON when it is JSON.
func (er ExecResult) Output() string { return jsTrimEnd(er.Combined) }
