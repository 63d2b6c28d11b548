package model

import (
	"strconv"
	"strings"
)

const maxFieldFileBytes = 1024 * 1024

// readFileValues reads --<field>-file flags into fileValues.
func (c *call) readFileValues() *Result {
	rt, a, parsed, extra := c.rt, c.a, c.parsed, c.extra
	fieldNames := map[string]bool{}
	for _, f := range a.Fields {
		fieldNames[f.Name] = true
	}

	fileValues := newOrdered[string]()
	c.fileValues = fileValues
	for _, key := range parsed.flags.Keys() {
		base, ok := strings.CutSuffix(key, "-file")
		if !ok || base == "" {
			continue
		}
		if fieldNames[base] && fieldNames[key] {
			return stop(errResult(codeInvalidPayload, "Ambiguous flag --"+key+": this action declares both a \""+base+"\" field and a \""+key+"\" field, so --"+key+" could mean \"read a file into "+base+"\" or the literal \""+key+"\" field. Rename one field to disambiguate."))
		}
		if !fieldNames[base] {
			continue
		}
		if parsed.flags.Has(base) {
			return stop(errResult(codeInvalidPayload, "Pass either --"+base+" or --"+key+", not both."))
		}
		for _, b := range parsed.bare {
			if b == key {
				return stop(errResult(codeInvalidPayload, "--"+key+" requires a file path."))
			}
		}
		raw, _ := parsed.flags.Get(key)
		abs := Resolve(extra.cwd, raw)
		cannotRead := func(err error, syscallName string) *Result {
			r := errResult(codeInvalidPayload, "--"+key+": cannot read "+abs+": "+nodeErrorMessage(err, syscallName, abs))
			r.Escape = refusal("--"+key, err)
			return &r
		}
		st, err := rt.Env.FS.Stat(abs)
		if err != nil {
			return cannotRead(err, "stat")
		}
		if !st.Mode().IsRegular() {
			return stop(errResult(codeInvalidPayload, "--"+key+": not a regular file: "+abs))
		}
		if st.Size() > maxFieldFileBytes {
			return stop(errResult(codeInvalidPayload, "--"+key+": file too large \u2014 "+abs+" is "+strconv.FormatInt(st.Size(), 10)+" bytes, limit is 1048576 bytes (1 MiB)."))
		}
		data, err := rt.Env.FS.ReadFile(abs, maxFieldFileBytes)
		if err != nil {
			return cannotRead(err, "open")
		}
		contents := decodeUTF8(data, false)
		if strings.ContainsAny(contents, "$`") {
			return stop(errResult(codeInvalidPayload, "--"+key+": refusing "+abs+" \u2014 its contents contain a shell metacharacter ($ or backtick), which would be interpreted when the value is placed in the action command (command-injection risk). Remove it, or pass the value inline once shell-safe substitution lands."))
		}
		fileValues.Set(base, contents)
		parsed.flags.Delete(key)
	}
	return nil
}

// injectFileValues adds the --<field>-file values to the payload.
func (c *call) injectFileValues() *Result {
	fileValues, payload := c.fileValues, c.payload
	for _, k := range fileValues.Keys() {
		v, _ := fileValues.Get(k)
		payload.Set(k, strVal(v))
	}
	return nil
}
