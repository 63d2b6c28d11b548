package model

import "strings"

// checkRequired refuses a call that leaves a required field unset.
func (c *call) checkRequired() *Result {
	a, payload, consumed := c.a, c.payload, c.consumed
	var missing []string
	for _, f := range a.Fields {
		if f.Required && !payload.Has(f.Name) && !consumed[f.Name] {
			missing = append(missing, f.Name)
		}
	}
	if len(missing) > 0 {
		usage := make([]string, len(a.Fields))
		for i, f := range a.Fields {
			usage[i] = "  --" + f.Name + " <" + f.Type + ">"
			if f.Required {
				usage[i] += " (required)"
			}
		}
		return stop(errResult(codeInvalidPayload, "Missing required flags: "+strings.Join(missing, ", ")+"\n\nUsage:\n"+strings.Join(usage, "\n")))
	}
	return nil
}
