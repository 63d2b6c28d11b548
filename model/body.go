package model

import (
	"encoding/base64"
	"errors"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"
	"syscall"
)

var reBodyPlace = lazyre.New(`(")?\{([a-zA-Z_]\w*)(?:\[(\d+)\])?((?:\|[a-zA-Z][a-zA-Z0-9]*)*)\}(")?`)

// buildBody substitutes the -d template of an HTTP action; without one,
// the request sends the payload as JSON. A `body:` section is not a body:
// the reference parser does not know it (runtime-semantics.md §6.2).
func (c *call) buildBody() *Result {
	rt, a, extra, res := c.rt, c.a, c.extra, &c.res
	if !c.isCLI {
		if a.HasBody {
			c.bodyTemplate = rt.resolveEnvVars(a.Body, extra)
			c.body = rt.substituteBody(c.bodyTemplate, c.input, res)
			c.hasBody = true
			if res.Escape != "" {
				res.Code, res.Content = codeInvalidPayload, "body template: "+res.Escape
				return res
			}
		}
	}
	return nil
}

// substituteBody is action.ts substituteBodyTemplate.
func (rt *Runtime) substituteBody(tmpl string, input *ordered[pval], res *Result) string {
	ps := &placeScan{body: true} // reBodyPlace
	return replaceFound(ps.find, ps.groups(), tmpl, func(m []string, at int) string {
		// m[1] and m[5] are "" when the quote groups did not participate
		lq, name, idx, mods, rq := m[1] != "", m[2], m[3], m[4], m[5] != ""
		var resolved string
		if v, ok := input.Get(name); ok {
			if idx != "" {
				resolved = v.index(atoiSat(idx))
			} else {
				resolved = v.String()
			}
		} else if sv, ok := rt.sessionVar(name); ok {
			resolved = sv
		} else {
			return m[0]
		}
		for _, mod := range strings.Split(mods, "|") {
			switch mod {
			case "":
			case "base64":
				resolved = base64.StdEncoding.EncodeToString([]byte(resolved))
			case "base64file", "file":
				data, msg := rt.readBodyFile(resolved, res)
				if msg != "" {
					return "__BODY_TEMPLATE_ERROR__: cannot read " + resolved + ": " + msg
				}
				if mod == "file" {
					resolved = decodeUTF8(data, false)
				} else {
					resolved = base64.StdEncoding.EncodeToString(data)
				}
			default:
				return m[0]
			}
		}
		if lq && rq {
			return `"` + jsonEscape(resolved) + `"`
		}
		return resolved
	})
}

// maxBodyFileBytes bounds what a |file or |base64file modifier reads
// (Node has no limit; a larger file is refused).
const maxBodyFileBytes = 64 << 20

// readBodyFile is fs.readFileSync(p) for the file modifiers: p resolves
// against the process's working directory, and Node's error message
// names p as written.
func (rt *Runtime) readBodyFile(p string, res *Result) ([]byte, string) {
	data, err := rt.Env.FS.ReadFile(Resolve(rt.Env.Cwd, p), maxBodyFileBytes)
	if err != nil {
		if msg := refusal("file modifier", err); msg != "" && res.Escape == "" {
			res.Escape = msg
		}
		var errno syscall.Errno
		if errors.As(err, &errno) && errno == syscall.EISDIR {
			return nil, "EISDIR: illegal operation on a directory, read"
		}
		return nil, nodeErrorMessage(err, "open", p)
	}
	return data, ""
}

// payloadJSON is JSON.stringify(payload).
func payloadJSON(p *ordered[pval]) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range p.Keys() {
		if i > 0 {
			b.WriteByte(',')
		}
		v, _ := p.Get(k)
		writeJSONString(&b, k)
		b.WriteByte(':')
		if v.isTuple {
			b.WriteByte('[')
			for j, e := range v.tuple {
				if j > 0 {
					b.WriteByte(',')
				}
				writeJSONString(&b, e)
			}
			b.WriteByte(']')
		} else {
			writeJSONString(&b, v.s)
		}
	}
	b.WriteByte('}')
	return b.String()
}

// BodyValuesEscaped reports that the -d body template of action id
// (substituteBody: action.ts substituteBodyTemplate) gives the same JSON
// tokens whatever the values: it names no $VAR (resolveEnvVars leaves it
// as it is), and each of its placeholders is a whole JSON string
// ("{name}" or "{name[N]}", no modifier) that opens outside any other
// string. Such a placeholder becomes one complete JSON string, the
// value JSON-escaped (or, with no value, "{name}" as written), so two
// calls that differ only in their values send bodies that differ only
// inside strings: both JSON or neither. false says nothing.
func (p *Parsed) BodyValuesEscaped(id string) bool {
	if p == nil || p.ref == nil {
		return false
	}
	a := p.ref.action(id)
	if a == nil || !a.HasBody || strings.IndexByte(a.Body, '$') >= 0 {
		return false
	}
	s := a.Body
	inStr, esc, last := false, false, 0
	lex := func(text string) {
		for i := 0; i < len(text); i++ {
			switch c := text[i]; {
			case !inStr:
				inStr = c == '"'
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		}
	}
	for _, m := range reBodyPlace.FindAllStringSubmatchIndex(s, -1) {
		lq, rq, mods := m[2] >= 0, m[10] >= 0, m[8] < m[9]
		lex(s[last:m[0]])
		if !lq || !rq || mods || inStr {
			return false
		}
		last = m[1] // the whole string: outside a string again
	}
	return true
}
