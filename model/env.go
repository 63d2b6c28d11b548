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
	_, ok := (&Runtime{}).contextVars("")[name]
	return ok
}

func (rt *Runtime) contextVars(rawArgs string) map[string]string {
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
	return map[string]string{
		"HOME":            rt.Env.Home,
		"CWD":             cwd,
		"CURRENT_FILE":    rt.Env.DocPath,
		"CURRENT_URI":     rt.Env.DocURI,
		"CURRENT_TARGET":  rt.Env.Topic,
		"CURRENT_BLOCK":   "",
		"ARGS":            rawArgs,
		"STRING_APP_DIR":  appDir,
		"STRING_WORK_DIR": work,
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

// resolveEnvVars is helpers.ts resolveEnvVars.
func (rt *Runtime) resolveEnvVars(s string, extra map[string]string) string {
	if strings.IndexByte(s, '$') < 0 {
		return s
	}
	return replaceSubmatch(reEnvVar.Re(), s, func(m []string, _ int) string {
		if v, ok := extra[m[1]]; ok {
			return v
		}
		if v, ok := rt.storeGet(m[1]); ok {
			return v
		}
		return m[0]
	})
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
