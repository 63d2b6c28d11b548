package model

import "strings"

// preflight refuses an HTTP request whose URL, headers or body template
// still hold an uppercase $VAR.
func (c *call) preflight() *Result {
	rt, headers, res := c.rt, c.headers, &c.res
	if !c.isCLI {
		var refs upperEnvRefs
		refs.scan(c.uri)
		for _, k := range headers.Keys() {
			v, _ := headers.Get(k)
			refs.scan(v)
		}
		refs.scan(c.bodyTemplate)
		if names := refs.names; len(names) > 0 {
			lines := make([]string, len(names))
			for i, n := range names {
				lines[i] = "  $" + n
			}
			hint, sets := rt.unresolvedHint(names)
			res.Code = codeInvalidPayload
			res.Content = rt.withSetupHint("Unresolved environment variable" + refs.plural() + ":\n" + strings.Join(lines, "\n") + "\n\n" + hint + "\n" + sets)
			return res
		}
	}
	return nil
}
