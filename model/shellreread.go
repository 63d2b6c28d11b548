package model

import "strings"

// ShellScript is a text that a command hands to another shell, which
// reads it again as a command line: the -c argument of sh, bash, zsh,
// dash, ksh (also behind docker exec, xargs, sudo, setsid, …), su's -c
// command, eval's arguments, ssh's remote command, watch's command.
type ShellScript struct {
	// Reader names what reads the script: the shell's name, "eval",
	// "su" (the user's login shell), "ssh" (the remote login shell) or
	// "watch" (sh -c).
	Reader string
	// Script is the text the reader reads; for eval, ssh and watch, the
	// arguments joined by a space (as they join them), each space with
	// From -1.
	Script ShellWord
}

// Scripts lists the texts c hands to a shell to read again.
func (c ShellCommand) Scripts() []ShellScript {
	args := c.Args
	var out []ShellScript
	for i := 0; i < len(args); i++ {
		name := args[i].Text
		if k := strings.LastIndexByte(name, '/'); k >= 0 {
			name = name[k+1:]
		}
		if isShellName(name) {
			if s, ok := cFlagScript(args[i+1:], "o"); ok {
				out = append(out, ShellScript{Reader: name, Script: s})
			}
		}
	}
	i := unwrap(args)
	if i >= len(args) {
		return out
	}
	name := args[i].Text
	if k := strings.LastIndexByte(name, '/'); k >= 0 {
		name = name[k+1:]
	}
	rest := args[i+1:]
	switch name {
	case "eval":
		if len(rest) > 0 {
			out = append(out, ShellScript{Reader: "eval", Script: joinWords(rest)})
		}
	case "su", "runuser":
		for j, a := range rest {
			if (a.Text == "-c" || a.Text == "--command") && j+1 < len(rest) {
				out = append(out, ShellScript{Reader: name, Script: rest[j+1]})
				break
			}
		}
	case "ssh":
		if words := sshCommand(rest); len(words) > 0 {
			out = append(out, ShellScript{Reader: "ssh", Script: joinWords(words)})
		}
	case "watch":
		if words, ok := watchCommand(rest); ok {
			out = append(out, ShellScript{Reader: "watch", Script: joinWords(words)})
		}
	}
	return out
}

// isShellName reports whether name is a shell whose -c script Scripts
// reads.
func isShellName(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh":
		return true
	}
	return false
}

// MayReread reports whether command, as written, may hand a script to a
// second shell, so that Scripts can find one: it names a reader (a shell,
// su, runuser, eval, ssh or watch: every name Scripts acts on, as a word
// or the last part of a path) and holds a -c option (-c, -lc, -ce),
// --command, eval, ssh or watch. Without a reader a -c belongs to another
// program (python3 -c, tar -czf). A prefilter in one pass over the bytes,
// for rules that would otherwise read every CLI command as bash does;
// words match only at a byte that follows the start or a byte that is
// neither \w nor '-'. The rest of a run of \w and '-' bytes is passed
// over at once (TestMayRereadRuns holds the scan to one that looks at
// every byte).
func MayReread(command string) bool {
	reader, opt := false, false
	for i := 0; i < len(command) && !(reader && opt); {
		switch c := command[i]; {
		case c == '-':
			opt = opt || cOption(command, i)
		case isWordByte(c):
			j := i + 1
			for j < len(command) && isWordByte(command[j]) {
				j++
			}
			switch w := command[i:j]; {
			case w == "eval" || w == "ssh" || w == "watch":
				reader, opt = true, true
			case isShellName(w) || w == "su" || w == "runuser":
				reader = true
			}
		default:
			i++
			continue
		}
		for i < len(command) && (isWordByte(command[i]) || command[i] == '-') {
			i++ // no word begins inside the run
		}
	}
	return reader && opt
}

// cOption reports whether the '-' at command[i] opens "--command" or a
// run of lower-case letters holding a 'c' (-c, -lc, -ce), each ending
// where a \w byte does not follow.
func cOption(command string, i int) bool {
	if strings.HasPrefix(command[i:], "--command") && (i+9 == len(command) || !isWordByte(command[i+9])) {
		return true
	}
	j, c := i+1, false
	for j < len(command) && command[j] >= 'a' && command[j] <= 'z' {
		c = c || command[j] == 'c'
		j++
	}
	return c && (j == len(command) || !isWordByte(command[j]))
}

// cFlagScript is the script of a shell given the options args: the
// first argument after the options when one of them holds c (-c, -lc,
// -ec); withArg lists the options that take the next word (-o name).
func cFlagScript(args []ShellWord, withArg string) (ShellWord, bool) {
	c := false
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		if a == "--" {
			j++
			if c && j < len(args) {
				return args[j], true
			}
			return ShellWord{}, false
		}
		if len(a) < 2 || (a[0] != '-' && a[0] != '+') || strings.HasPrefix(a, "--") {
			if c {
				return args[j], true
			}
			return ShellWord{}, false
		}
		if strings.ContainsAny(a[1:], withArg) {
			j++
		}
		if a[0] == '-' && strings.IndexByte(a, 'c') > 0 {
			c = true
		}
	}
	return ShellWord{}, false
}

// unwrap is the index of the command a wrapper runs: sudo, env, nohup,
// setsid, nice, exec, command, stdbuf, time, timeout (and its duration),
// each with its options and env's NAME=value words.
func unwrap(args []ShellWord) int {
	i := 0
	for i < len(args) {
		switch args[i].Text {
		case "sudo", "env", "nohup", "setsid", "nice", "exec", "command", "stdbuf", "time":
			i++
		case "timeout":
			i++
			for i < len(args) && strings.HasPrefix(args[i].Text, "-") {
				i++
			}
			i++ // the duration
			continue
		default:
			return i
		}
		for i < len(args) && (strings.HasPrefix(args[i].Text, "-") || isAssignment(args[i].Text)) {
			i++
		}
	}
	return i
}

// sshCommand is the remote command of ssh's arguments: the words after
// the options and the destination.
func sshCommand(args []ShellWord) []ShellWord {
	const withArg = "BbcDEeFIiJLlmOoPpQRSWw"
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		if a == "--" {
			j++
			if j < len(args) {
				return args[j+1:]
			}
			return nil
		}
		if len(a) < 2 || a[0] != '-' {
			return args[j+1:] // a is the destination
		}
		for k := 1; k < len(a); k++ {
			if strings.IndexByte(withArg, a[k]) >= 0 {
				if k == len(a)-1 {
					j++ // the option's argument is the next word
				}
				break
			}
		}
	}
	return nil
}

// watchCommand is the command watch runs with sh -c (its words joined),
// ok false with -x or --exec, which runs it without a shell.
func watchCommand(args []ShellWord) ([]ShellWord, bool) {
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		switch {
		case a == "-x" || a == "--exec":
			return nil, false
		case a == "--":
			return args[j+1:], j+1 < len(args)
		case a == "-n" || a == "--interval" || a == "-q" || a == "--equexit":
			j++
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.IndexByte(a, 'x') > 0 {
				return nil, false
			}
		default:
			return args[j:], true
		}
	}
	return nil, false
}

// joinWords joins words with a space as eval, ssh and watch do.
func joinWords(words []ShellWord) ShellWord {
	var w ShellWord
	var b strings.Builder
	for n, x := range words {
		if n > 0 {
			b.WriteByte(' ')
			w.From = append(w.From, -1)
			w.Live = append(w.Live, false)
		}
		b.WriteString(x.Text)
		w.From = append(w.From, x.From...)
		w.Live = append(w.Live, x.Live...)
	}
	w.Text = b.String()
	return w
}

// Reread is what a shell that reads a script again makes of a value the
// runtime put in a command line.
type Reread struct {
	Reader string // as ShellScript.Reader
	Script string // the script the reader receives
	// Words are the value's bytes in each word the reader makes of them:
	// more than one when the value is split (also when part of it is
	// left out of the script, Outside).
	Words   []string
	Outside bool
	// Live is the part of the value that a shell runs or expands ($(…),
	// `…`, $name); Outer is true when the outer bash does so before the
	// reader gets the script, false when the reader does.
	Live  string
	Outer bool
	// Unread is true when the reader cannot read the script (an
	// unclosed quote): the command it holds does not run.
	Unread bool
}

// Changed reports whether the reader gets something other than v as
// one literal word.
func (r Reread) Changed(v string) bool {
	return r.Unread || r.Live != "" || r.Outside || len(r.Words) != 1 || r.Words[0] != v
}

// RereadValue reports how a shell that reads a script of command again
// reads the bytes [from, to) of command, where the runtime put the value
// v (shellQuote'd): ok is false when no script holds them, or when every
// reader gets v as one literal word.
func RereadValue(command string, from, to int, v string) (Reread, bool) {
	cmds, ok := ShellCommands(command)
	if !ok {
		return Reread{}, false
	}
	in := func(off int) bool { return off >= from && off < to }
	return rereadIn(cmds, nil, in, v, 0)
}

// rereadIn looks for the value in the scripts of cmds; origin maps an
// offset of the text cmds were read from to one of the outer command
// (nil: the outer command itself).
func rereadIn(cmds []ShellCommand, origin []int, in func(int) bool, v string, depth int) (Reread, bool) {
	at := func(off int) int {
		if origin == nil || off < 0 {
			return off
		}
		return origin[off]
	}
	for _, c := range cmds {
		for _, sc := range c.Scripts() {
			from := make([]int, len(sc.Script.From))
			for k, off := range sc.Script.From {
				from[k] = at(off)
			}
			held := false
			subst := authorSubst(sc.Script, func(k int) int { return from[k] }, in)
			for k := range from {
				held = held || (in(from[k]) && !subst[k])
			}
			if !held {
				continue // not in the script, or an argument of a $(…) the author wrote
			}
			r := Reread{Reader: sc.Reader, Script: sc.Script.Text}
			if live := valueLive(sc.Script, func(k int) int { return from[k] }, in); live != "" {
				r.Live, r.Outer = live, true
			}
			r.Outside = heldOutside(c, sc, at, in)
			inner, ok := ShellCommands(sc.Script.Text)
			if !ok {
				r.Unread = true
				return r, true
			}
			for _, ic := range inner {
				for _, w := range ic.Args {
					outer := func(k int) int {
						if w.From[k] < 0 {
							return -1
						}
						return from[w.From[k]]
					}
					part := ""
					ws := authorSubst(w, outer, in)
					for k := range w.From {
						if in(outer(k)) && !ws[k] {
							part += w.Text[k : k+1]
						}
					}
					if part != "" {
						r.Words = append(r.Words, part)
					}
					if live := valueLive(w, outer, in); live != "" && !r.Outer {
						r.Live += live
					}
				}
			}
			if len(r.Words) == 0 && r.Live == "" && !r.Outside {
				continue // the value is an argument of a $(…) the author wrote
			}
			if r.Changed(v) {
				return r, true
			}
			if depth < 3 {
				if deeper, ok := rereadIn(inner, from, in, v, depth+1); ok {
					return deeper, true
				}
			}
		}
	}
	return Reread{}, false
}

// heldOutside reports whether a word of c other than those making the
// script sc holds a byte of the value.
func heldOutside(c ShellCommand, sc ShellScript, at func(int) int, in func(int) bool) bool {
	for _, w := range c.Args {
		if len(w.From) > 0 && len(sc.Script.From) > 0 && containsRun(sc.Script.From, w.From) {
			continue // a word of the script
		}
		for _, off := range w.From {
			if in(at(off)) {
				return true
			}
		}
	}
	return false
}

// containsRun reports whether the offsets part appear in whole as a run
// of all.
func containsRun(all, part []int) bool {
	for i := 0; i+len(part) <= len(all); i++ {
		if all[i] == part[0] && equalInts(all[i:i+len(part)], part) {
			return true
		}
	}
	return false
}

func equalInts(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// valueLive is the part of w that the value (the bytes of the outer
// command in) makes live: the runs of live bytes that begin in the value
// ($(…) in the value itself), not a substitution the author wrote around
// it ("$(basename {x})", whose command gets the value as an argument).
// outer maps an index of w.Text to its offset in the outer command.
func valueLive(w ShellWord, outer func(int) int, in func(int) bool) string {
	var b []byte
	mine := false
	for k := range w.Live {
		if !w.Live[k] {
			continue
		}
		if k == 0 || !w.Live[k-1] {
			mine = in(outer(k))
		}
		if mine && in(outer(k)) {
			b = append(b, w.Text[k])
		}
	}
	return string(b)
}

// authorSubst marks the bytes of w in a live run that begins outside the
// value: a $(…) or `…` the author wrote, whose command gets the value as
// an argument (what it prints is not modelled).
func authorSubst(w ShellWord, outer func(int) int, in func(int) bool) []bool {
	out := make([]bool, len(w.Live))
	theirs := false
	for k := range w.Live {
		if !w.Live[k] {
			continue
		}
		if k == 0 || !w.Live[k-1] {
			theirs = !in(outer(k))
		}
		out[k] = theirs
	}
	return out
}
