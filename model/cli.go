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
	out.status = er.Exit
	if er.TimedOut {
		out.status = 1
	}
	out.source = jsTrimEnd(er.Combined)
	out.stdout, out.stderr = er.Stdout, er.Stderr
	out.jsonBody = jsonParse(out.source)
	return out
}
