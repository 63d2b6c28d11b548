package model

import "strings"

// applyDefaults gives each missing declared field its default.
func (c *call) applyDefaults() *Result {
	payload := c.payload
	defaulted := map[string]bool{}
	c.defaulted = defaulted
	for _, f := range c.a.Fields {
		if f.HasDefault && !payload.Has(f.Name) {
			payload.Set(f.Name, strVal(f.Default))
			defaulted[f.Name] = true
		}
	}
	return nil
}

// resolveDefaultEnvVars resolves $VAR in the defaults and refuses an
// uppercase one left unresolved.
func (c *call) resolveDefaultEnvVars() *Result {
	rt, a, payload, defaulted, extra := c.rt, c.a, c.payload, c.defaulted, c.extra
	var early upperEnvRefs
	for _, k := range payload.Keys() {
		if !defaulted[k] {
			continue
		}
		v, _ := payload.Get(k)
		if v.isTuple || !strings.Contains(v.s, "$") {
			continue
		}
		r := rt.resolveEnvVars(v.s, extra)
		payload.Set(k, strVal(r))
		early.scan(r)
	}
	if len(early.names) > 0 {
		names := make([]string, len(early.names))
		for i, n := range early.names {
			names[i] = "$" + n
		}
		hint, sets := rt.unresolvedHint(early.names)
		return stop(errResult(codeInvalidPayload, "Unresolved environment variable"+early.plural()+" in field default:\n  "+strings.Join(names, ", ")+
			"\n\n"+hint+"\n"+sets+"\nOr pass the field explicitly: /act."+a.ID+" --<field> <value>"))
	}
	return nil
}

// snapshotInput keeps the payload as the input fields, which templates and
// bodies read even after the URI consumed some of them.
func (c *call) snapshotInput() *Result {
	c.input = c.payload.clone()
	return nil
}
