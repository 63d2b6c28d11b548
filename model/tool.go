package model

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

func (rt *Runtime) cmdTool(name, sub, args string) Result {
	// The tool is the suite's document, installed: navigating to other
	// pages does not change it.
	if n := &rt.session().nav; n.moved && n.suite != nil && rt.Doc != n.suite {
		t := *rt
		t.Doc, t.Parsed, t.Cover = n.suite, nil, nil
		t.Env.DocURI, t.Env.DocPath, t.Env.RequirementsPath = n.home, "", n.suiteReq
		if strings.HasPrefix(n.home, "file://") {
			t.Env.DocPath = pathFromFileURI(n.home)
		}
		return t.cmdTool(name, sub, args)
	}
	doc := rt.refDoc()
	if doc == nil {
		return errResult(codeNotFound, "Tool not found: "+name)
	}
	fm := frontmatterNode(string(rt.Doc.Src))
	if !isToolName(rt.Doc.Path, fm, name) {
		return errResult(codeNotFound, "Tool not found: "+name)
	}
	if msg := rt.validateToolEnv(yamlGet(fm, "env")); msg != "" {
		return errResult(codeInvalidPayload, msg)
	}
	a, fail := toolAction(doc, fm, name, sub)
	if a == nil {
		return fail
	}
	return rt.executeAction(doc, a, args, rt.contextVars(args))
}

// isToolName reports whether /tool:name names the document (its file
// stem or its frontmatter name).
func isToolName(docPath string, fm *yaml.Node, name string) bool {
	stem := strings.TrimSuffix(filepath.Base(docPath), filepath.Ext(docPath))
	fmName := ""
	if n := yamlGet(fm, "name"); n != nil && n.Kind == yaml.ScalarNode {
		fmName = n.Value
	}
	return name == stem || name == fmName
}

// toolAction is the action /tool:name[.sub] runs: sub, else the
// frontmatter's default; nil with the runtime's error when there is none.
func toolAction(doc *refDoc, fm *yaml.Node, name, sub string) (*refAction, Result) {
	ids := make([]string, len(doc.Actions))
	for i, a := range doc.Actions {
		ids[i] = a.ID
	}
	avail := strings.Join(ids, ", ")
	if avail == "" {
		avail = "none"
	}
	id := sub
	if id == "" {
		d := yamlGet(fm, "default")
		if d == nil || d.Kind != yaml.ScalarNode || yamlFalsy(d) {
			return nil, errResult(codeInvalidPayload, "No default action for tool:"+name+". Available: "+avail)
		}
		id = d.Value
		if d.ShortTag() != "!!str" {
			// a non-string default never equals an action id
			return nil, errResult(codeNotFound, "Action \""+id+"\" not found in tool:"+name+". Available: "+avail)
		}
	}
	for _, a := range doc.Actions {
		if a.ID == id {
			return a, Result{}
		}
	}
	return nil, errResult(codeNotFound, "Action \""+id+"\" not found in tool:"+name+". Available: "+avail)
}

// CalledToolAction returns the id of the action a /tool: line runs on
// the document, as cmdTool picks it (the env check aside); ok is false
// for any other line, another tool's name or no such action.
func (p *Parsed) CalledToolAction(line string) (string, bool) {
	if p == nil || p.ref == nil {
		return "", false
	}
	_, cmd, _ := route(line)
	m := reToolCmd.FindStringSubmatch(cmd)
	if m == nil {
		return "", false
	}
	fm := frontmatterNode(string(p.doc.Src))
	if !isToolName(p.doc.Path, fm, m[1]) {
		return "", false
	}
	a, _ := toolAction(p.ref, fm, m[1], m[2])
	if a == nil {
		return "", false
	}
	return a.ID, true
}

// ToolEnv lists the env names a tool document requires of the env store
// (its frontmatter env: entries without a default), which cmdTool checks
// before running any of its actions.
func (p *Parsed) ToolEnv() []string {
	if p == nil {
		return nil
	}
	env := yamlGet(frontmatterNode(string(p.doc.Src)), "env")
	if env == nil || env.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, e := range env.Content {
		switch {
		case yamlpos.IsString(e):
			out = append(out, e.Value)
		case e.Kind == yaml.MappingNode && yamlGet(e, "default") == nil:
			for i := 0; i+1 < len(e.Content); i += 2 {
				out = append(out, e.Content[i].Value)
			}
		}
	}
	return out
}

func yamlFalsy(n *yaml.Node) bool {
	switch n.ShortTag() {
	case "!!null":
		return true
	case "!!str":
		return n.Value == ""
	case "!!bool":
		return n.Value == "false" || n.Value == "False" || n.Value == "FALSE"
	case "!!int", "!!float":
		f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		return err == nil && (f == 0 || f != f)
	}
	return false
}

// validateToolEnv is tool.ts validateEnv.
func (rt *Runtime) validateToolEnv(env *yaml.Node) string {
	if env == nil || env.Kind != yaml.SequenceNode {
		return ""
	}
	set := func(name string) bool {
		v, ok := rt.storeGet(name)
		return ok && v != ""
	}
	for _, e := range env.Content {
		switch {
		case yamlpos.IsString(e):
			if !set(e.Value) {
				return "ERROR(ENV_REQUIRED): tool requires $" + e.Value
			}
		case e.Kind == yaml.MappingNode:
			hasDefault := yamlGet(e, "default") != nil
			for i := 0; i+1 < len(e.Content); i += 2 {
				k, meta := e.Content[i].Value, e.Content[i+1]
				if k == "default" {
					continue
				}
				if !set(k) && !hasDefault {
					desc := k
					if yamlpos.IsString(meta) {
						desc = meta.Value
					}
					return "ERROR(ENV_REQUIRED): tool requires $" + k + " \u2014 \"" + desc + "\""
				}
			}
		}
	}
	return ""
}
