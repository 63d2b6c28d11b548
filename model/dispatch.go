package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
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
	reDotAct  = lazyre.New(`^act\.([a-zA-Z0-9_-]+)$`) // what dotActID finds
	reToolCmd = lazyre.New(`^tool:([a-zA-Z0-9_-]+)(?:\.([a-zA-Z0-9_-]+))?$`)
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
	if !rt.noView {
		rt.session().syncView()
	}
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

// route reads a line the way the dispatcher does: the // prefix, the
// command word as typed and case-folded, and the arguments (a body after
// the first line joined back on).
func route(input string) (rawCmd, cmd, args string) {
	rawCmd, cmd, args, body := routeParts(input)
	if body != nil {
		args = args + "\n" + *body
	}
	return rawCmd, cmd, args
}

// CommandWord is the command a line runs as the dispatcher reads it (the
// // prefix dropped, the word case-folded): "open" for "/Open x.md".
func CommandWord(line string) string {
	_, cmd, _ := route(line)
	return cmd
}

// routeParts is route with the body (the lines after the first, for the
// fenced /set form) kept apart from the first line's arguments.
func routeParts(input string) (rawCmd, cmd, args string, body *string) {
	if ts := jsTrimStart(input); strings.HasPrefix(ts, "//") {
		input = ts[1:]
	}
	rawCmd, args, body = parseCommand(input)
	return rawCmd, strings.ToLower(rawCmd), args, body
}

// actionCall is what an /act line asks cmdAction for: the arguments of
// the /act form, or the dot form's id joined to its arguments. ok is
// false for any other command.
func actionCall(cmd, args string) (string, bool) {
	if cmd == "act" {
		return args, true
	}
	if id, ok := dotActID(cmd); ok {
		if args != "" {
			return id + " " + args, true
		}
		return id, true
	}
	return "", false
}

// dotActID is reDotAct's group of cmd, without a regexp (every /open an
// agent types was matched against it): "act." then an id of
// [a-zA-Z0-9_-] to the end (TestDotActIDIsRegexp).
func dotActID(cmd string) (string, bool) {
	id, ok := strings.CutPrefix(cmd, "act.")
	return id, ok && isActID(id)
}

// CalledAction returns the id of the action a line calls, read exactly as
// the dispatcher and cmdAction read it (the case of /act <Id> kept, the
// dot form's folded, a command word ended by any JavaScript whitespace).
// ok is false for help (/act, /act --help), /tool and other commands.
func CalledAction(line string) (id string, ok bool) {
	_, cmd, args := route(line)
	if a, isAct := actionCall(cmd, args); isAct {
		if help, id, _ := splitActionArgs(a); !help {
			return id, true
		}
	}
	return "", false
}

func (rt *Runtime) dispatch(input string) Result {
	rawCmd, cmd, args, body := routeParts(input)
	if rawCmd == "" {
		return errResult(codeCommandUnsupported, "Commands must start with /. Use /help for details.")
	}
	joined := args
	if body != nil {
		joined = args + "\n" + *body
	}
	if a, ok := actionCall(cmd, joined); ok {
		return rt.cmdAction(a)
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
	case "source":
		return rt.cmdSource()
	}
	if builtinCommands[cmd] {
		return errResult(codeCommandUnsupported, "sfmd test does not simulate /"+cmd+": a test runs /open, /nav, /back, /refresh, /close, /set, /info, /source, /help, /ls, /act and /tool; the commands that edit files, run shell commands or install packages (/write, /append, /replace, /edit, /verify, /undo, /exec, /install, /uninstall) and /events are refused")
	}
	if m := reToolCmd.FindStringSubmatch(cmd); m != nil {
		return rt.cmdTool(m[1], m[2], joined)
	}
	return errResult(codeCommandUnsupported, "Unknown command: /"+rawCmd+"\nUse /info to see available commands.")
}

// CallFlags returns the action a line calls and the names of the flags it
// gives it, as parsePosixFlags reads them (--name, --name=value, a short
// -x as its field's name), in the order the payload takes them. ok is
// false for help and for a line that calls no action of the document.
func (p *Parsed) CallFlags(line string) (ActionInfo, []string, bool) {
	id, ok := CalledAction(line)
	if !ok || p == nil || p.ref == nil {
		return ActionInfo{}, nil, false
	}
	_, cmd, args := route(line)
	a, _ := actionCall(cmd, args)
	_, _, flagStr := splitActionArgs(a)
	ra := p.ref.action(id) // what Actions lists for id: the first action of it
	if ra == nil {
		return ActionInfo{}, nil, false
	}
	info := actionInfo(ra)
	short := map[string]string{}
	for _, f := range info.Fields {
		if f.Short != "" {
			short[f.Short] = f.Name
		}
	}
	parsed := parsePosixFlags(flagStr, short)
	if parsed == nil {
		return ActionInfo{}, nil, false
	}
	return info, parsed.flags.Keys(), true
}
