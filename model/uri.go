package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
)

var (
	reSpreadArgs = lazyre.New(`\{\.\.\.args\}`)
	reURIPlace   = lazyre.New(`\{([a-zA-Z_]\w*)(?:\[(\d+)\])?\}`)
)

// substituteURI fills the URI template (the command, for CLI): $VAR from
// the author's text, {...args}, then {name} and {name[N]}, consuming the
// payload keys it uses.
func (c *call) substituteURI() *Result {
	rt, a, payload, extra, isCLI := c.rt, c.a, c.payload, c.extra, c.isCLI
	consumed := map[string]bool{}
	c.consumed = consumed
	sub := func(v string) string {
		if isCLI {
			return shellQuote(v)
		}
		return encodeURIComponent(v)
	}
	uri := rt.resolveEnvVars(a.URI, extra)
	uri = replaceSubmatch(reSpreadArgs.Re(), uri, func(_ []string, _ int) string {
		var parts []string
		for _, k := range payload.Keys() {
			v, _ := payload.Get(k)
			parts = append(parts, "--"+k+" "+sub(v.String()))
		}
		for _, k := range payload.Keys() {
			consumed[k] = true
			payload.Delete(k)
		}
		return strings.Join(parts, " ")
	})
	var fromPayload []string
	ps := &placeScan{} // reURIPlace
	uri = replaceFound(ps.find, ps.groups(), uri, func(m []string, _ int) string {
		name, idx := m[1], m[2]
		if v, ok := payload.Get(name); ok {
			consumed[name] = true
			fromPayload = append(fromPayload, name)
			if idx != "" {
				return sub(v.index(atoiSat(idx)))
			}
			return sub(v.String())
		}
		if sv, ok := rt.sessionVar(name); ok {
			consumed[name] = true
			return sub(sv)
		}
		return m[0]
	})
	for _, k := range fromPayload {
		payload.Delete(k)
	}
	c.uri = uri
	return nil
}
