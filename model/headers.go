package model

// substituteHeaders fills header values from session variables, then $VAR,
// into a record by name (action.ts executeAction): of two -H with the
// same key the later one's value is kept, the earlier one's recorded in
// c.replaced.
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
		v = rt.resolveEnvVars(v, extra)
		if prev, ok := headers.Get(h.Key); ok {
			// a record by name: the later -H replaces the earlier one
			c.replaced = append(c.replaced, HeaderKey{Key: h.Key, Value: prev})
		}
		headers.Set(h.Key, v)
	}
	return nil
}
