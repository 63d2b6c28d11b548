package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

// /set: commands/set.ts cmdSet @da3e524b. {var} (or a bare name) is a
// session variable; $VAR goes to the topic's env store, which exists only
// in an app topic (env-store.ts: app-scoped).

var (
	reSetFence    = lazyre.New("^(`{3,})(?:\\{([a-zA-Z_]\\w*)\\}|\\$([a-zA-Z_]\\w*))" + jsS + "*$")
	reSetFenceEnd = lazyre.New("^`{3,}" + jsS + "*$")
	reSetSession  = lazyre.New(`^\{?([a-zA-Z_]\w*)\}?` + jsS + `*=` + jsS + `*(?:"([^"]*)"|'([^']*)'|(` + jsDot + `+))$`)
	reSetEnv      = lazyre.New(`^\$([a-zA-Z_]\w*)` + jsS + `*=` + jsS + `*(?:"([^"]*)"|'([^']*)'|(` + jsDot + `+))$`)
)

type fencedSet struct {
	name, value string
	persistent  bool
}

// setLines splits the arguments and the body into plain assignment lines
// and fenced multi-line ones.
func setLines(args string, body *string) ([]string, []fencedSet) {
	var plain []string
	var fenced []fencedSet
	if t := jsTrim(args); t != "" {
		plain = append(plain, t)
	}
	if body == nil {
		return plain, nil
	}
	lines := strings.Split(*body, "\n")
	for i := 0; i < len(lines); {
		m := reSetFence.FindStringSubmatch(lines[i])
		if m == nil {
			if t := jsTrim(lines[i]); t != "" {
				plain = append(plain, t)
			}
			i++
			continue
		}
		f := fencedSet{name: m[2], persistent: m[3] != ""}
		if f.persistent {
			f.name = m[3]
		}
		var content []string
		for i++; i < len(lines); i++ {
			if reSetFenceEnd.MatchString(lines[i]) && len(jsTrim(lines[i])) >= len(m[1]) {
				break
			}
			content = append(content, lines[i])
		}
		i++
		f.value = strings.Join(content, "\n")
		fenced = append(fenced, f)
	}
	return plain, fenced
}

// setValue is (m[2] ?? m[3] ?? m[4]).trim().
func setValue(line string, loc []int) string {
	for g := 2; g <= 4; g++ {
		if loc[2*g] >= 0 {
			return jsTrim(line[loc[2*g]:loc[2*g+1]])
		}
	}
	return ""
}

func (rt *Runtime) envScopeLabel() string {
	rest := strings.TrimPrefix(rt.Env.Topic, "app:")
	app, config, _ := strings.Cut(rest, ":")
	if config != "" {
		return " (" + app + ":" + config + ")"
	}
	return " (" + app + ")"
}

func (rt *Runtime) storeSet(name, value string) {
	if rt.Env.Store == nil {
		rt.Env.Store = map[string]string{}
	}
	s := rt.session()
	if _, ok := rt.Env.Store[name]; !ok && !containsStr(rt.Env.StoreKeys, name) && !containsStr(s.storeAdded, name) {
		s.storeAdded = append(s.storeAdded, name)
	}
	rt.Env.Store[name] = value
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (rt *Runtime) cmdSet(args string, body *string) Result {
	s := rt.session()
	plain, fenced := setLines(args, body)
	if len(plain) == 0 && len(fenced) == 0 {
		return rt.listVars()
	}
	var out []string
	for _, line := range plain {
		if loc := reSetEnv.FindStringSubmatchIndex(line); loc != nil {
			name, value := line[loc[2]:loc[3]], setValue(line, loc)
			if rt.appScope() == "" {
				return errResult(codeInvalidTarget, "$"+name+": persistent env vars are app-scoped. Run /set from an app session:\n  string app:<name> '/set $"+name+" = \""+value+"\"'")
			}
			rt.storeSet(name, value)
			out = append(out, "$"+name+" = \""+value+"\""+rt.envScopeLabel())
			continue
		}
		if loc := reSetSession.FindStringSubmatchIndex(line); loc != nil {
			name, value := line[loc[2]:loc[3]], setValue(line, loc)
			rt.setSessionVar(name, value)
			out = append(out, "{"+name+"} = \""+value+"\"")
			continue
		}
		return errResult(codeInvalidPayload, "Invalid assignment: "+line+"\nUsage: /set {var} = \"value\" or /set $VAR = \"value\"")
	}
	for _, f := range fenced {
		display := "\"" + f.value + "\""
		if strings.Contains(f.value, "\n") {
			display = "(" + itoa(strings.Count(f.value, "\n")+1) + " lines)"
		}
		if f.persistent {
			if rt.appScope() == "" {
				return errResult(codeInvalidTarget, "$"+f.name+": persistent env vars are app-scoped. Run /set from an app session.")
			}
			rt.storeSet(f.name, f.value)
			out = append(out, "$"+f.name+" = "+display)
			continue
		}
		s.Vars[f.name] = f.value
		s.noteVar(f.name)
		out = append(out, "{"+f.name+"} = "+display)
	}
	return okResult(strings.Join(out, "\n"))
}

// listVars is /set with nothing to set: the session variables, then the
// topic's env store, in the order they were set.
func (rt *Runtime) listVars() Result {
	s := rt.session()
	var out []string
	for _, k := range s.varOrder() {
		out = append(out, "{"+k+"} = \""+s.Vars[k]+"\"")
	}
	if rt.appScope() != "" {
		for _, k := range append(append([]string(nil), rt.Env.StoreKeys...), s.storeAdded...) {
			if v, ok := rt.Env.Store[k]; ok {
				out = append(out, "$"+k+" = \""+v+"\"")
			}
		}
	}
	if len(out) == 0 {
		return okResult("No variables set.")
	}
	return okResult("Variables\n---\n" + strings.Join(out, "\n"))
}
