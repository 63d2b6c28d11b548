package model

import (
	"path"
	"strings"
)

// /info and /help: commands/info.ts cmdInfo and cmdHelp @9c9bb3f1.

// topicParts is types.ts parseTopic for the topics a suite can name:
// "app" with the namespace after "app:", else "tab".
func (rt *Runtime) topicParts() (kind, namespace string) {
	if rest, ok := strings.CutPrefix(rt.Env.Topic, "app:"); ok && rest != "" {
		return "app", rest
	}
	return "tab", rt.Env.Topic
}

// homeDir is a directory as /info shows it: "~/rel/" under the String home.
func (rt *Runtime) homeDir(dir string) string {
	if strings.HasPrefix(dir, rt.Env.Home) {
		rel := relPath(path.Clean("/"+rt.Env.Home), path.Clean(dir))
		if rel != "" {
			rel += "/"
		}
		return "~/" + rel
	}
	return dir + "/"
}

func (rt *Runtime) cmdInfo(args string) Result {
	s := rt.session()
	if t := jsTrim(args); strings.HasPrefix(t, "@") {
		v, ok := rt.navShortcut(t[1:])
		if !ok || (!v.isTuple && v.s == "") {
			return errResult(codeNotFound, "Shortcut not found: "+t)
		}
		return okResult("@" + t[1:] + " \u2192 " + v.String())
	}
	var lines []string
	if s.nav.cur == nil {
		cwd := "~/"
		if s.nav.cwdOverride != "" {
			cwd = rt.homeDir(s.nav.cwdOverride)
		}
		lines = append(lines, "cwd:       "+cwd, "file:      (none open)")
		return okResult("Session info\n---\n" + strings.Join(lines, "\n"))
	}
	pg, lerr, err := rt.currentPage()
	if err != nil {
		return Result{Escape: err.Error()}
	}
	if lerr != nil {
		return lerr.result()
	}
	kind, ns := rt.topicParts()
	uri := pg.uri
	switch {
	case kind == "app":
		lines = append(lines, "app:       "+ns)
		if v, ok := pg.fm.str("name"); ok && v != "" {
			lines = append(lines, "name:      "+v)
		}
		if v, ok := pg.fm.str("version"); ok && v != "" {
			lines = append(lines, "version:   "+v)
		}
	case strings.HasPrefix(uri, "https://") || strings.HasPrefix(uri, "http://"):
		lines = append(lines, "url:       "+uri)
	case strings.HasPrefix(uri, "file://"):
		p := urlPathname(uri) // new URL(uri).pathname: percent-encoded
		rel := p
		if strings.HasPrefix(p, rt.Env.Home) {
			rel = relPath(path.Clean("/"+rt.Env.Home), p)
		}
		dir := path.Dir(p)
		if s.nav.cwdOverride != "" {
			dir = s.nav.cwdOverride
		}
		lines = append(lines, "file:      "+rel, "cwd:       "+rt.homeDir(dir))
	default:
		lines = append(lines, "uri:       "+uri)
	}
	if v, ok := pg.fm.str("title"); ok && v != "" {
		lines = append(lines, "title:     "+v)
	}
	if b := s.nav.cur.block; b != "" {
		lines = append(lines, "block:     #"+b)
	}
	if len(pg.blockIDs) > 0 {
		lines = append(lines, "blocks:    "+strings.Join(pg.blockIDs, ", "))
	}
	if len(pg.menus) > 0 {
		names := make([]string, len(pg.menus))
		for i, m := range pg.menus {
			names[i] = m.name
		}
		lines = append(lines, "menus:     "+strings.Join(names, ", "))
	}
	if len(pg.shortcuts)+len(s.autoOrder) > 0 {
		var parts []string
		for _, sc := range pg.shortcuts {
			parts = append(parts, "@"+sc.ID)
		}
		if len(s.autoOrder) > 0 {
			parts = append(parts, "+"+itoa(len(s.autoOrder))+" auto")
		}
		lines = append(lines, "shortcuts: "+strings.Join(parts, ", "))
	}
	if len(pg.ref.Actions) > 0 {
		var parts []string
		for _, a := range pg.ref.Actions {
			parts = append(parts, a.ID+"("+strings.ToUpper(a.Method)+")")
		}
		lines = append(lines, "actions:   "+strings.Join(parts, ", "))
	}
	lines = append(lines, "history:   "+itoa(len(s.nav.history))+" entries")
	if keys := s.varOrder(); len(keys) > 0 {
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = "{" + k + "}=\"" + s.Vars[k] + "\""
		}
		lines = append(lines, "vars:      "+strings.Join(parts, ", "))
	}
	if len(pg.warnings) > 0 {
		lines = append(lines, "", "Warnings:")
		for _, w := range pg.warnings {
			lines = append(lines, "  "+w)
		}
	}
	return okResult("Session info\n---\n" + strings.Join(lines, "\n"))
}

const helpText = "## String Commands\n\nAll input must start with /.\n\n" +
	"### Navigation\n" +
	"/open <path|url|@shortcut>   Open document, URL, or shortcut\n" +
	"/open <path>#<block>         Open a specific block\n" +
	"/back                        Go back in history\n" +
	"/refresh                     Reload current document\n" +
	"/close                       Close current document\n" +
	"/nav [menu]                  Show navigation menus\n" +
	"/info                        Document state, variables, actions\n" +
	"/ls [path]                   List files in workspace\n" +
	"/help                        Show this help\n\n" +
	"### Actions\n" +
	"/act                         List actions on current document\n" +
	"/act.<name> --help           Show action schema and flags\n" +
	"/act.<name> --flag value     Execute action with POSIX flags\n\n" +
	"### State\n" +
	"/set                         List session variables\n" +
	"/set {var} = \"value\"         Set a session variable\n" +
	"/set {var} = 'value'         Single quotes also work\n" +
	"/set with ```{var} block     Multiline value via code block\n\n" +
	"### Editing\n" +
	"/edit <path>[#block]         View raw source with line numbers\n" +
	"/edit <path>[#block]         Edit with body: replace content\n" +
	"/write <path>[#block]        Create or overwrite file/block\n" +
	"/append <path>               Append to file\n" +
	"/verify <path>#block         Verify block exists and show content\n\n" +
	"### Sessions\n" +
	"/session                     List sessions in current scheme\n" +
	"/session close [name]        Close a session\n\n" +
	"### Tools\n" +
	"/tool:<name>                  Run tool (default action)\n" +
	"/tool:<name>.<act>            Run specific tool action\n" +
	"/tool:<name> --flag value     Pass flags to tool\n\n" +
	"### Shell\n" +
	"/exec <command>               Run shell command (stateless)\n\n" +
	"### Packages\n" +
	"/install <source>             Install app/tool from file or URL\n" +
	"/install --app <source>       Install as app\n" +
	"/install --tool <source>      Install as tool\n" +
	"/uninstall <name>             Uninstall a package"

func (rt *Runtime) cmdHelp() Result {
	out := helpText
	if doc := rt.refDoc(); doc != nil && len(doc.Actions) > 0 {
		out += "\n\n## Actions on this page"
		for _, a := range doc.Actions {
			line := "/act." + a.ID
			for _, f := range a.Fields {
				if f.Required {
					line += " --" + f.Name + " <" + f.Type + ">"
				}
			}
			out += "\n" + line
		}
	}
	return okResult("String Commands\n---\n" + out)
}

// cmdSource is info.ts cmdSource @9c9bb3f1: the current document's source
// as the session loaded it (LoadedDocument.source, the invocations
// written out), headed by its URI; no document open is INVALID_TARGET.
func (rt *Runtime) cmdSource() Result {
	if rt.session().nav.cur == nil {
		return errResult(codeInvalidTarget, "No document open.")
	}
	pg, lerr, err := rt.currentPage()
	if err != nil {
		return Result{Escape: err.Error()}
	}
	if lerr != nil {
		return lerr.result()
	}
	return okResult("[source: " + pg.uri + "]\n---\n" + pg.source())
}
