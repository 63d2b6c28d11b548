package model

import "strings"

// preflight refuses an HTTP request whose URL, headers or body template
// still hold an uppercase $VAR.
func (c *call) preflight() *Result {
	rt, headers, res := c.rt, c.headers, &c.res
	if !c.isCLI {
		var names []string
		seen := map[string]bool{}
		scan := func(s string) {
			for _, m := range reUpperEnv.FindAllStringSubmatch(s, -1) {
				if !seen[m[1]] {
					seen[m[1]] = true
					names = append(names, m[1])
				}
			}
		}
		scan(c.uri)
		for _, k := range headers.Keys() {
			v, _ := headers.Get(k)
			scan(v)
		}
		scan(c.bodyTemplate)
		if len(names) > 0 {
			lines := make([]string, len(names))
			for i, n := range names {
				lines[i] = "  $" + n
			}
			s := ""
			if len(names) > 1 {
				s = "s"
			}
			hint, sets := rt.unresolvedHint(names)
			res.Code = codeInvalidPayload
			res.Content = rt.withSetupHint("Unresolved environment variable" + s + ":\n" + strings.Join(lines, "\n") + "\n\n" + hint + "\n" + sets)
			return res
		}
	}
	return nil
}
