package model

import (
	"path"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

var (
	reEnvVar   = lazyre.New(`\$([a-zA-Z_]\w*)`)
	reUpperEnv = lazyre.New(`\$([A-Z_][A-Z0-9_]*)`)
)

// upperEnvRefs collects the uppercase $NAME references of texts (the
// ones the runtime refuses to leave unresolved), each once, in the order
// they first occur.
type upperEnvRefs struct {
	names []string
	seen  map[string]bool
}

func (u *upperEnvRefs) scan(s string) {
	for _, m := range reUpperEnv.FindAllStringSubmatch(s, -1) {
		if u.seen == nil {
			u.seen = map[string]bool{}
		}
		if !u.seen[m[1]] {
			u.seen[m[1]] = true
			u.names = append(u.names, m[1])
		}
	}
}

// plural is the "s" of "variables" when there are several.
func (u *upperEnvRefs) plural() string {
	if len(u.names) > 1 {
		return "s"
	}
	return ""
}

// appScope returns the app scope of the topic ("" outside app topics).
func (rt *Runtime) appScope() string {
	rest, ok := strings.CutPrefix(rt.Env.Topic, "app:")
	if !ok {
		return ""
	}
	app, _, _ := strings.Cut(rest, ":")
	return app
}

func (rt *Runtime) storeGet(name string) (string, bool) {
	if rt.appScope() == "" {
		return "", false
	}
	v, ok := rt.Env.Store[name]
	return v, ok
}

// IsContextVar reports whether $name is one of the context variables the
// runtime computes per call (runtime-semantics.md §1.10), which outrank the
// topic's env store.
func IsContextVar(name string) bool {
	_, ok := (&ctxVars{}).get(name)
	return ok
}

// ctxVars are the context variables of one call (context-vars.ts
// buildContextVars), looked up first for $VAR: fields, not a map made
// for every call (a dry run of each of 17,000 actions made one).
// TestContextVarNames holds get to the names of sfmd.ContextVarNames.
type ctxVars struct {
	home, cwd, currentFile, currentURI, currentTarget, args, appDir, workDir string
}

// get is the value of the context variable name, ok false when name is
// none.
func (v *ctxVars) get(name string) (string, bool) {
	switch name {
	case "HOME":
		return v.home, true
	case "CWD":
		return v.cwd, true
	case "CURRENT_FILE":
		return v.currentFile, true
	case "CURRENT_URI":
		return v.currentURI, true
	case "CURRENT_TARGET":
		return v.currentTarget, true
	case "CURRENT_BLOCK":
		return "", true
	case "ARGS":
		return v.args, true
	case "STRING_APP_DIR":
		return v.appDir, true
	case "STRING_WORK_DIR":
		return v.workDir, true
	}
	return "", false
}

func (rt *Runtime) contextVars(rawArgs string) *ctxVars {
	appDir := rt.appDir()
	cwd := appDir
	if cwd == "" {
		cwd = rt.Env.Home
	}
	work := ""
	if rest, ok := strings.CutPrefix(rt.Env.Topic, "app:"); ok && rt.appScope() != "" {
		app, config, _ := strings.Cut(rest, ":")
		key := app
		if config != "" {
			key = app + ":" + config
		}
		work = path.Join(rt.Env.Home, ".string-work", key)
	}
	return &ctxVars{
		home:          rt.Env.Home,
		cwd:           cwd,
		currentFile:   rt.Env.DocPath,
		currentURI:    rt.Env.DocURI,
		currentTarget: rt.Env.Topic,
		args:          rawArgs,
		appDir:        appDir,
		workDir:       work,
	}
}

// appDir is the current document's directory, or "" for a remote one.
func (rt *Runtime) appDir() string {
	if rt.Env.DocPath != "" && strings.HasPrefix(rt.Env.DocURI, "file://") {
		return path.Dir(rt.Env.DocPath)
	}
	return ""
}

// commandDir is where a CLI command runs: the document's directory, else
// the String home (runtime-semantics.md §2).
func (rt *Runtime) commandDir() string {
	if d := rt.appDir(); d != "" {
		return d
	}
	return rt.Env.Home
}

// resolveEnvVars is helpers.ts resolveEnvVars: each $NAME (reEnvVar,
// found by envVarEnd) becomes its context variable, else its value in the
// env store, else stays.
func (rt *Runtime) resolveEnvVars(s string, extra *ctxVars) string {
	i := strings.IndexByte(s, '$')
	if i < 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for i >= 0 {
		end := envVarEnd(s, i)
		if end < 0 {
			i = nextDollar(s, i+1)
			continue
		}
		name := s[i+1 : end]
		v, ok := extra.get(name)
		if !ok {
			v, ok = rt.storeGet(name)
		}
		if ok {
			if b.Len() == 0 {
				b.Grow(len(s))
			}
			b.WriteString(s[last:i])
			b.WriteString(v)
			last = end
		}
		i = nextDollar(s, end)
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// envVarEnd is the end of the match of reEnvVar, \$([a-zA-Z_]\w*), at the
// '$' at i, or -1 when none begins there. '$' is no \w, so the matches
// FindAll finds are those that begin at each '$' in turn after the last
// one's end (TestEnvVarEndIsRegexp).
func envVarEnd(s string, i int) int {
	if i+1 >= len(s) || !isIdentStart(s[i+1]) {
		return -1
	}
	end := i + 2
	for end < len(s) && isWordByte(s[end]) {
		end++
	}
	return end
}

// nextDollar is the index of the first '$' at or after i, or -1.
func nextDollar(s string, i int) int {
	if k := strings.IndexByte(s[i:], '$'); k >= 0 {
		return i + k
	}
	return -1
}

// unresolvedHint builds the hint and set lines of the §1.4 step 10 / §1.10 texts.
func (rt *Runtime) unresolvedHint(names []string) (string, string) {
	if rt.appScope() != "" {
		them := "it"
		if len(names) > 1 {
			them = "them"
		}
		lines := make([]string, len(names))
		for i, n := range names {
			lines[i] = "  /set $" + n + " = \"...\""
		}
		return "Set " + them + " from this app session:", strings.Join(lines, "\n")
	}
	return "Persistent env vars are app-scoped. Open an app session first:",
		"  string app:<name> '/set $" + names[0] + " = \"...\"'"
}
