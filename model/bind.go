package model

import (
	"strings"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/sfmd"
)

var (
	reCallerDollar = lazyre.New(`\$[a-zA-Z_]\w*`)
	reSessionRef   = lazyre.New(`\{([a-zA-Z_]\w*)\}`)
)

// bindPositionals binds positionals to the fields no flag or file filled.
func (c *call) bindPositionals() *Result {
	a, parsed, fileValues := c.a, c.parsed, c.fileValues
	if len(parsed.rest) > 0 && len(a.Fields) > 0 {
		var unfilled []string
		for _, f := range a.Fields {
			if !parsed.flags.Has(f.Name) && !fileValues.Has(f.Name) {
				unfilled = append(unfilled, f.Name)
			}
		}
		if len(parsed.rest) > len(unfilled) {
			names := make([]string, len(a.Fields))
			for i, f := range a.Fields {
				names[i] = f.Name
			}
			vs, fs := "s", "s"
			if len(unfilled) == 1 {
				vs = ""
			}
			if len(a.Fields) == 1 {
				fs = ""
			}
			return stop(errResult(codeInvalidPayload, "Too many positional arguments for /act."+a.ID+".\nExpected up to "+
				itoa(len(unfilled))+" positional value"+vs+" (field"+fs+": "+strings.Join(names, ", ")+"), got "+
				itoa(len(parsed.rest))+".\nUse -- to pass values that start with '-'."))
		}
		for i, v := range parsed.rest {
			parsed.flags.Set(unfilled[i], v)
		}
	}
	return nil
}

// checkBareFlags refuses a bare flag for a declared non-boolean field.
func (c *call) checkBareFlags() *Result {
	a := c.a
	fieldByName := map[string]FieldInfo{}
	for _, f := range a.Fields {
		fieldByName[f.Name] = f
	}
	for _, k := range c.parsed.bare {
		if f, ok := fieldByName[k]; ok && f.Type != sfmd.BooleanType {
			return stop(errResult(codeInvalidPayload, "Flag --"+k+" requires a value (declared type: "+f.Type+").\nUsage: /act."+a.ID+" --"+k+" <"+f.Type+">"))
		}
	}
	return nil
}

// bindCallerValues starts the payload with the caller's values: $var
// refusal, then {var} from the session.
func (c *call) bindCallerValues() *Result {
	rt, parsed := c.rt, c.parsed
	payload := newOrdered[pval]()
	c.payload = payload
	for _, k := range parsed.flags.Keys() {
		v, _ := parsed.flags.Get(k)
		if reCallerDollar.MatchString(v) {
			return stop(errResult(codeInvalidPayload, "$var cannot be used in command arguments. Use {var} for session variables, $var in action definitions."))
		}
		v = replaceSubmatch(reSessionRef.Re(), v, func(m []string, _ int) string {
			if sv, ok := rt.sessionVar(m[1]); ok {
				return sv
			}
			return m[0]
		})
		payload.Set(k, strVal(v))
	}
	return nil
}
