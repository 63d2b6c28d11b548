package model

// substituteHeaders fills header values from session variables, then $VAR.
func (c *call) substituteHeaders() *Result {
	rt, extra := c.rt, c.extra
	headers := newOrdered[string]()
	c.headers = headers
	for _, h := range c.a.Headers {
		v := replaceSubmatch(reSessionRef.Re(), h.Value, func(m []string, _ int) string {
			if sv, ok := rt.sessionVar(m[1]); ok {
				return sv
			}
			return m[0]
		})
		headers.Set(h.Key, rt.resolveEnvVars(v, extra))
	}
	return nil
}
