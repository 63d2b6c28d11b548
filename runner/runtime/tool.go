package runtime

import (
	"path/filepath"
	"strconv"
	"strings"

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
	src := string(rt.Doc.Src)
	fm := frontmatterNode(src)
	stem := strings.TrimSuffix(filepath.Base(rt.Doc.Path), filepath.Ext(rt.Doc.Path))
	fmName := ""
	if n := yamlGet(fm, "name"); n != nil && n.Kind == yaml.ScalarNode {
		fmName = n.Value
	}
	if name != stem && name != fmName {
		return errResult(codeNotFound, "Tool not found: "+name)
	}
	if msg := rt.validateToolEnv(yamlGet(fm, "env")); msg != "" {
		return errResult(codeInvalidPayload, msg)
	}
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
			return errResult(codeInvalidPayload, "No default action for tool:"+name+". Available: "+avail)
		}
		id = d.Value
		if d.ShortTag() != "!!str" {
			// a non-string default never equals an action id
			return errResult(codeNotFound, "Action \""+id+"\" not found in tool:"+name+". Available: "+avail)
		}
	}
	for _, a := range doc.Actions {
		if a.ID == id {
			return rt.executeAction(doc, a, args, rt.contextVars(args))
		}
	}
	return errResult(codeNotFound, "Action \""+id+"\" not found in tool:"+name+". Available: "+avail)
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
		case e.Kind == yaml.ScalarNode && e.ShortTag() == "!!str":
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
					if meta.Kind == yaml.ScalarNode && meta.ShortTag() == "!!str" {
						desc = meta.Value
					}
					return "ERROR(ENV_REQUIRED): tool requires $" + k + " \u2014 \"" + desc + "\""
				}
			}
		}
	}
	return ""
}
