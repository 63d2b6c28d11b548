package runtime

import (
	"regexp"
	"strings"
)

// Result codes.
const (
	codeInvalidPayload     = "INVALID_PAYLOAD"
	codeNotFound           = "NOT_FOUND"
	codeLoadError          = "LOAD_ERROR"
	codeInvalidTarget      = "INVALID_TARGET"
	codeFileNotAllowed     = "FILE_NOT_ALLOWED"
	codeCommandUnsupported = "COMMAND_UNSUPPORTED"
)

var (
	reDotAct  = regexp.MustCompile(`^act\.([a-zA-Z0-9_-]+)$`)
	reToolCmd = regexp.MustCompile(`^tool:([a-zA-Z0-9_-]+)(?:\.([a-zA-Z0-9_-]+))?$`)
)

func okResult(content string) Result { return Result{OK: true, Content: content} }

func errResult(code, content string) Result {
	return Result{Code: code, Content: content}
}

// Run executes one line exactly as an agent would type it.
func (rt *Runtime) Run(input string) Result {
	rt.startNav()
	rt.useCurrent()
	res := rt.dispatch(input)
	rt.session().syncView()
	return res
}

func parseCommand(input string) (cmd, args string, body *string) {
	trimmed := jsTrim(input)
	split := func(header string) (string, string) {
		after := header[1:]
		sp := jsSearchSpace(after)
		if sp < 0 {
			return after, ""
		}
		return after[:sp], jsTrimStart(after[sp:])
	}
	if nl := strings.IndexByte(trimmed, '\n'); nl >= 0 {
		header := jsTrim(trimmed[:nl])
		b := trimmed[nl+1:]
		if strings.HasPrefix(header, "/") {
			c, a := split(header)
			return c, a, &b
		}
	}
	if strings.HasPrefix(trimmed, "/") {
		c, a := split(trimmed)
		return c, a, nil
	}
	return "", trimmed, nil
}

var builtinCommands = map[string]bool{
	"help": true, "open": true, "nav": true, "back": true, "close": true, "refresh": true,
	"info": true, "source": true, "ls": true, "write": true, "append": true, "replace": true,
	"edit": true, "verify": true, "undo": true, "set": true, "exec": true, "install": true,
	"uninstall": true, "events": true,
}

func (rt *Runtime) dispatch(input string) Result {
	if ts := jsTrimStart(input); strings.HasPrefix(ts, "//") {
		input = ts[1:]
	}
	rawCmd, args, body := parseCommand(input)
	if rawCmd == "" {
		return errResult(codeCommandUnsupported, "Commands must start with /. Use /help for details.")
	}
	cmd := strings.ToLower(rawCmd)
	actionArgs := args
	if body != nil {
		actionArgs = args + "\n" + *body
	}
	if cmd == "act" {
		return rt.cmdAction(actionArgs)
	}
	switch cmd {
	case "open":
		return rt.cmdOpen(args)
	case "nav":
		return rt.cmdNav(args)
	case "back":
		return rt.cmdBack()
	case "refresh":
		return rt.cmdRefresh()
	case "close":
		return rt.cmdClose()
	case "set":
		return rt.cmdSet(args, body)
	case "info":
		return rt.cmdInfo(args)
	case "help":
		return rt.cmdHelp()
	case "ls":
		return rt.cmdLs(args)
	}
	if builtinCommands[cmd] {
		return errResult(codeCommandUnsupported, "sfmd test does not simulate /"+cmd+": a test runs /open, /nav, /back, /refresh, /close, /set, /info, /help, /ls, /act and /tool; the commands that edit files, run shell commands or install packages (/write, /append, /replace, /edit, /verify, /undo, /exec, /install, /uninstall) and /source, /events are refused")
	}
	if m := reDotAct.FindStringSubmatch(cmd); m != nil {
		dotArgs := m[1]
		if actionArgs != "" {
			dotArgs = m[1] + " " + actionArgs
		}
		return rt.cmdAction(dotArgs)
	}
	if m := reToolCmd.FindStringSubmatch(cmd); m != nil {
		return rt.cmdTool(m[1], m[2], actionArgs)
	}
	return errResult(codeCommandUnsupported, "Unknown command: /"+rawCmd+"\nUse /info to see available commands.")
}
