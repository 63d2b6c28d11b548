package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// renderActions is renderer.ts renderActions (the help text).
func renderActions(doc *refDoc, single string, filter bool) string {
	var list []*refAction
	for _, a := range doc.Actions {
		if !filter || a.ID == single {
			list = append(list, a)
		}
	}
	if len(list) == 0 {
		if filter {
			return "Action not found: " + single
		}
		return "No actions defined on this page."
	}
	parts := make([]string, len(list))
	for i, a := range list {
		var b strings.Builder
		b.WriteString("/act." + a.ID)
		if len(a.Fields) == 0 {
			b.WriteString("\n   (no flags)")
		}
		for i, f := range a.Fields {
			b.WriteString("\n   ")
			if f.Short != "" {
				b.WriteString("-" + f.Short + ", ")
			}
			b.WriteString("--" + f.Name + " <" + f.Type + ">")
			if f.Required {
				b.WriteString(" (required)")
			} else {
				b.WriteString(" (optional)")
			}
			if d := a.Descs[i]; d != "" {
				b.WriteString(" \u2014 " + d)
			}
		}
		parts[i] = b.String()
	}
	return strings.Join(parts, "\n\n")
}

func (rt *Runtime) cmdAction(args string) Result {
	if r := rt.hydrate(); r != nil {
		return *r
	}
	doc := rt.refDoc()
	if doc == nil {
		return errResult(codeInvalidTarget, "No document open. Use /open <uri> first.")
	}
	help, id, flagStr := splitActionArgs(args)
	if help {
		return okResult("Actions\n---\n" + renderActions(doc, "", false))
	}
	action := doc.action(id) // the first action of id
	if action == nil {
		ids := make([]string, len(doc.Actions))
		for i, a := range doc.Actions {
			ids[i] = a.ID
		}
		avail := strings.Join(ids, ", ")
		hint := "\nUse /act.<name> --help to inspect an action."
		if len(ids) == 0 {
			avail = "none"
			hint = "\nNo actions defined on current document."
		}
		return errResult(codeNotFound, "Action not found: \""+id+"\"\nAvailable: "+avail+hint)
	}
	if showsUsage(action, flagStr) {
		return okResult("Action: " + id + "\n---\n" + renderActions(doc, id, true))
	}
	return rt.executeAction(doc, action, flagStr, rt.contextVars(flagStr))
}

// showsUsage reports a call that prints the action's usage instead of
// running it: no flags, and a required field without a default.
func showsUsage(a *refAction, flagStr string) bool {
	if flagStr != "" {
		return false
	}
	for _, f := range a.Fields {
		if f.Required && !f.HasDefault {
			return true
		}
	}
	return false
}

// showsUsage reports a call that cmdAction answers with the action's
// usage: its flags, trimmed as cmdAction trims them, are none and a
// required field has no default (showsUsage). A dry run asks it first.
func (c *call) showsUsage() bool { return showsUsage(c.a, jsTrim(c.flagStr)) }

// splitActionArgs splits /act's arguments as cmdAction does: help (none,
// --help or -h), else the id up to the first space and the flags after it.
func splitActionArgs(args string) (help bool, id, flagStr string) {
	trimmed := jsTrim(args)
	if trimmed == "" || sfmd.IsHelpToken(trimmed) {
		return true, "", ""
	}
	sp := strings.IndexByte(args, ' ')
	if sp < 0 {
		return false, jsTrim(args), ""
	}
	return false, jsTrim(args[:sp]), jsTrim(args[sp+1:])
}
