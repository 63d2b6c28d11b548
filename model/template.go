package model

import (
	"path"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/internal/safeio"
)

// Response template execution (helpers.ts executeResponseTemplate).

var (
	reTplAssign   = lazyre.New(`^\{([a-zA-Z_]\w*)\}` + jsS + `*=` + jsS + `*\{Response\.(` + jsDot + `+)\}$`)
	reTplSlugLine = lazyre.New(`^\{@([a-zA-Z_]\w*)\}` + jsS + `*=` + jsS + `*(` + jsDot + `+)$`)
	reTplFor      = lazyre.New(`^` + jsS + `*for:` + jsS + `*([a-zA-Z_]\w*)` + jsS + `+in` + jsS + `+(` + jsDot + `+)$`)
	reTplEnd      = lazyre.New(`^` + jsS + `*end:` + jsS + `*$`)
	reTplSave     = lazyre.New(`^` + jsS + `*save:` + jsS + `*(` + jsDot + `+)$`)
	reTplDecode   = lazyre.New(`^` + jsS + `*decode:` + jsS + `*(` + jsNS + `+)` + jsS + `*$`)
	reTplTo       = lazyre.New(`^` + jsS + `*to:` + jsS + `*(` + jsDot + `+)$`)
	reTplResponse = lazyre.New(`\{Response\.([a-zA-Z_.\[\]\d]+)\}`)
	reTplVarField = lazyre.New(`\{([a-zA-Z_]\w*)(?:\[(\d+)\])?\}`)
	reTplSlugRef  = lazyre.New(`\{@([a-zA-Z_]\w*)\}`)
	reTplItemPath = lazyre.New(`\{([a-zA-Z_]\w*)\.([a-zA-Z_.\[\]\d]+)\}`)
	reTplBareVar  = lazyre.New(`\{([a-zA-Z_]\w*)\}`)
)

// The line patterns of executeResponseTemplate: for the directives, a
// scan that reads the line as the pattern does (a template line went
// through up to seven regexps to be printed as text); for the catch-all
// reTplLooksDirective, what a line it matches begins with (a line
// without it is not tried).
var (
	tplAssign         = tplPattern{re: reTplAssign, scan: scanTplAssign}
	tplSlugLine       = tplPattern{re: reTplSlugLine, scan: scanTplSlugLine}
	tplFor            = tplPattern{re: reTplFor, scan: scanTplFor}
	tplEnd            = tplPattern{re: reTplEnd, scan: scanTplEnd}
	tplSave           = tplPattern{re: reTplSave, scan: func(l string) []string { return scanTplRest(l, "save:") }}
	tplDecode         = tplPattern{re: reTplDecode, scan: scanTplDecode}
	tplTo             = tplPattern{re: reTplTo, scan: func(l string) []string { return scanTplRest(l, "to:") }}
	tplLooksDirective = tplPattern{re: reTplLooksDirective, may: func(l string) bool {
		// RE2's \s is [\t\n\f\r ]; then "{" or the first letter of a keyword
		t := strings.TrimLeft(l, "\t\n\f\r ")
		return t != "" && strings.IndexByte("{fesdt", t[0]) >= 0
	}}
)

// tplGates lets tplPattern skip the lines a pattern cannot match and read
// the others with its scan; TestTemplateGates holds each gate and scan to
// its pattern and turns them off.
var tplGates = true

// tplPattern is a template line pattern; scan, when set, is
// re.FindStringSubmatch; else may is true for every line the pattern
// matches (and false for most others).
type tplPattern struct {
	re   *lazyre.Regexp
	may  func(line string) bool
	scan func(line string) []string
}

// find is p.re.FindStringSubmatch(line).
func (p tplPattern) find(line string) []string {
	switch {
	case !tplGates:
		return p.re.FindStringSubmatch(line)
	case p.scan != nil:
		return p.scan(line)
	case !p.may(line):
		return nil
	}
	return p.re.FindStringSubmatch(line)
}

// match is p.re.MatchString(line).
func (p tplPattern) match(line string) bool {
	switch {
	case !tplGates:
		return p.re.MatchString(line)
	case p.scan != nil:
		return p.scan(line) != nil
	case !p.may(line):
		return false
	}
	return p.re.MatchString(line)
}

// spacedRest is `\s*(.+)$` (min 0) or `\s+(.+)$` (min 1) matched at the
// start of s (JavaScript's \s and "."): the group. The white space is
// greedy; when it runs to the end, it gives its last character to .+
// (unless that is a line terminator, or the only one \s+ needs).
func spacedRest(s string, min int) (string, bool) {
	rest := strings.TrimLeftFunc(s, isJSSpace)
	ws := s[:len(s)-len(rest)]
	if rest != "" {
		return rest, (min == 0 || ws != "") && !hasLineTerminator(rest)
	}
	r, size := utf8.DecodeLastRuneInString(ws)
	if ws == "" || min == 1 && len(ws) == size || r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' {
		return "", false
	}
	return ws[len(ws)-size:], true
}

// tplIdent is the run [a-zA-Z_]\w* at the start of s, or "".
func tplIdent(s string) string {
	if s == "" || !isIdentStart(s[0]) {
		return ""
	}
	i := 1
	for i < len(s) && isWordByte(s[i]) {
		i++
	}
	return s[:i]
}

// tplBraced reads `\{<sigil>([a-zA-Z_]\w*)\}\s*=` at the start of line:
// the name and what follows the "=".
func tplBraced(line, open string) (name, after string, ok bool) {
	rest, found := strings.CutPrefix(line, open)
	if !found {
		return "", "", false
	}
	name = tplIdent(rest)
	rest, found = strings.CutPrefix(rest[len(name):], "}")
	if name == "" || !found {
		return "", "", false
	}
	rest, found = strings.CutPrefix(strings.TrimLeftFunc(rest, isJSSpace), "=")
	return name, rest, found
}

// scanTplAssign is reTplAssign.FindStringSubmatch(line):
// {name} = {Response.path}, the path (.+) running to the last "}".
func scanTplAssign(line string) []string {
	name, rest, ok := tplBraced(line, "{")
	if !ok {
		return nil
	}
	rest, ok = strings.CutPrefix(strings.TrimLeftFunc(rest, isJSSpace), "{Response.")
	if !ok || len(rest) < 2 || rest[len(rest)-1] != '}' || hasLineTerminator(rest[:len(rest)-1]) {
		return nil
	}
	return []string{line, name, rest[:len(rest)-1]}
}

// scanTplSlugLine is reTplSlugLine.FindStringSubmatch(line): {@name} = value.
func scanTplSlugLine(line string) []string {
	name, rest, ok := tplBraced(line, "{@")
	if !ok {
		return nil
	}
	value, ok := spacedRest(rest, 0)
	if !ok {
		return nil
	}
	return []string{line, name, value}
}

// scanTplFor is reTplFor.FindStringSubmatch(line): for: item in path.
func scanTplFor(line string) []string {
	rest, ok := strings.CutPrefix(strings.TrimLeftFunc(line, isJSSpace), "for:")
	if !ok {
		return nil
	}
	rest = strings.TrimLeftFunc(rest, isJSSpace)
	item := tplIdent(rest)
	rest = rest[len(item):]
	after := strings.TrimLeftFunc(rest, isJSSpace)
	if item == "" || len(after) == len(rest) {
		return nil
	}
	after, ok = strings.CutPrefix(after, "in")
	if !ok {
		return nil
	}
	path, ok := spacedRest(after, 1)
	if !ok {
		return nil
	}
	return []string{line, item, path}
}

// scanTplEnd is reTplEnd.FindStringSubmatch(line): end: alone.
func scanTplEnd(line string) []string {
	rest, ok := strings.CutPrefix(strings.TrimLeftFunc(line, isJSSpace), "end:")
	if !ok || strings.TrimLeftFunc(rest, isJSSpace) != "" {
		return nil
	}
	return []string{line}
}

// scanTplRest is reTplSave or reTplTo .FindStringSubmatch(line): the
// keyword, then `\s*(.+)$`.
func scanTplRest(line, keyword string) []string {
	rest, ok := strings.CutPrefix(strings.TrimLeftFunc(line, isJSSpace), keyword)
	if !ok {
		return nil
	}
	arg, ok := spacedRest(rest, 0)
	if !ok {
		return nil
	}
	return []string{line, arg}
}

// scanTplDecode is reTplDecode.FindStringSubmatch(line): decode: and one
// word without white space, alone.
func scanTplDecode(line string) []string {
	rest, ok := strings.CutPrefix(strings.TrimLeftFunc(line, isJSSpace), "decode:")
	if !ok {
		return nil
	}
	rest = strings.TrimLeftFunc(rest, isJSSpace)
	word := rest
	if i := strings.IndexFunc(rest, isJSSpace); i >= 0 {
		word = rest[:i]
	}
	if word == "" || strings.TrimLeftFunc(rest[len(word):], isJSSpace) != "" {
		return nil
	}
	return []string{line, word}
}

// MaxTemplateOutput bounds what one response template may produce: its
// output lines and the values it stores (session variables, value
// shortcuts, the save: buffer). The reference runtime has no such bound
// (helpers.ts executeResponseTemplate builds whatever a loop asks for), so
// a loop over a large fixture could ask for gigabytes; past the bound the
// template stops and the step fails saying so (Result.Limit). It is what
// a real command may print by default (sfmd test --max-output): the
// render and the comparison of an output take a multiple of its size.
const MaxTemplateOutput = 16 << 20

// templateRun holds what one template execution reads and changes.
type templateRun struct {
	rt       *Runtime
	response *jsValue // the Response object
	jsonBody *jsValue // nil when the body is not JSON
	input    *ordered[pval]
	res      *Result

	buffer    []byte
	hasBuffer bool

	currentSlugs map[string]string
	slugCounters map[string]int
	seenBases    map[string]bool
	unresolved   []string
	unresolvedOK map[string]bool

	// budget is what the template may still produce (MaxTemplateOutput
	// at the start); over is set once it asked for more, and the run
	// stops.
	budget int64
	over   bool

	trace *templateTrace // a dry run's record of each line (templatedry.go), else nil
}

// charge counts n bytes the template produced; it reports false once
// they pass the budget.
func (t *templateRun) charge(n int) bool {
	t.budget -= int64(n)
	if t.budget < 0 {
		t.over = true
	}
	return !t.over
}

// replace is replaceSubmatch that stops, setting over, as soon as its
// result would pass what the template may still produce: a line whose
// substitutions ask for gigabytes is never built.
func (t *templateRun) replace(re *regexp.Regexp, s string, fn func(m []string, at int) string) string {
	if t.over {
		return ""
	}
	out, ok := replaceSubmatchLimit(re, s, fn, t.budget)
	if !ok {
		t.over = true
	}
	return out
}

// over is the message of Result.Limit.
func templateLimitMessage(limit int64) string {
	return "the response template produced more than " + safeio.FormatSize(limit) +
		" (its output lines and the values it stores); it was stopped there"
}

func (t *templateRun) substituteVarsAndFields(s string) string {
	return t.replace(reTplVarField.Re(), s, func(m []string, _ int) string {
		name, idxStr := m[1], m[2]
		if v, ok := t.input.Get(name); ok {
			if idxStr != "" {
				return v.index(atoiSat(idxStr))
			}
			return v.String()
		}
		if v, ok := t.rt.sessionVar(name); ok {
			return v
		}
		return m[0]
	})
}

func (t *templateRun) substituteSlugRefs(s string) string {
	return t.replace(reTplSlugRef.Re(), s, func(m []string, _ int) string {
		if slug, ok := t.currentSlugs[m[1]]; ok {
			return "@" + slug
		}
		return m[0]
	})
}

func (t *templateRun) substituteLine(line string) string {
	out := t.substituteSlugRefs(line)
	out = t.replace(reTplResponse.Re(), out, func(m []string, _ int) string {
		v := walkJSONPath(t.response, m[1])
		t.notePath(m[1], v)
		t.trace.ref(m[0], t.response, "Response", m[1], v)
		if v.kind == jsUndefined {
			ref := "{Response." + m[1] + "}"
			if !t.unresolvedOK[ref] {
				if t.unresolvedOK == nil {
					t.unresolvedOK = map[string]bool{}
				}
				t.unresolvedOK[ref] = true
				t.unresolved = append(t.unresolved, ref)
			}
			return m[0]
		}
		return stringifyValue(v)
	})
	return t.substituteVarsAndFields(out)
}

func (t *templateRun) resolveSlugRHS(rhs string) []string {
	r := t.replace(reTplResponse.Re(), rhs, func(m []string, _ int) string {
		return stringifyValue(walkJSONPath(t.response, m[1]))
	})
	return parseSlugRHS(t.substituteVarsAndFields(r))
}

// parseSlugRHS returns one element for a scalar and any other number of
// elements for a tuple.
func parseSlugRHS(rhs string) []string {
	trimmed := jsTrim(rhs)
	strip := func(s string) string { return strings.TrimPrefix(s, "@") }
	if strings.HasPrefix(trimmed, "(") && strings.HasSuffix(trimmed, ")") && len(trimmed) >= 2 {
		inner := jsTrim(trimmed[1 : len(trimmed)-1])
		if inner == "" {
			return []string{}
		}
		parts := splitTopLevelCommas(inner)
		if len(parts) == 1 {
			return []string{strip(parts[0])}
		}
		for i := range parts {
			parts[i] = strip(parts[i])
		}
		return parts
	}
	return []string{strip(trimmed)}
}

func splitTopLevelCommas(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, jsTrim(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(parts, jsTrim(s[start:]))
}

func (t *templateRun) registerValueShortcut(base string, value []string, inLoop bool) {
	n := 0
	for _, v := range value {
		n += len(v)
	}
	if t.over || !t.charge(n) {
		return
	}
	s := t.rt.session()
	if t.seenBases == nil {
		t.currentSlugs, t.slugCounters, t.seenBases = map[string]string{}, map[string]int{}, map[string]bool{}
	}
	if !t.seenBases[base] {
		t.seenBases[base] = true
		s.deleteValueShortcuts(base)
	}
	slug := base
	if inLoop {
		t.slugCounters[base]++
		slug = base + "-" + itoa(t.slugCounters[base])
	}
	s.setValueShortcut(slug, value)
	t.currentSlugs[base] = slug
}

// execute runs the template and returns its text (before the SFMD render).
// A template that produces more than limit bytes stops there: it returns
// "" and sets Result.Limit.
func (t *templateRun) execute(template string, limit int64) string {
	// the maps are made when first written: most templates set no value
	// shortcut and leave no reference unresolved
	t.currentSlugs, t.slugCounters, t.seenBases, t.unresolvedOK = nil, nil, nil, nil
	t.budget = limit
	var out []string
	emit := func(line string) {
		if t.charge(len(line) + 1) {
			out = append(out, line)
			t.trace.printed(line)
		}
	}
	lines := splitLines(template)
	for li := 0; li < len(lines) && !t.over; li++ {
		line := lines[li]
		t.rt.Cover.line(li)
		if m := tplAssign.find(line); m != nil {
			v := walkJSONPath(t.response, m[2])
			t.notePath(m[2], v)
			t.trace.line(li, "assign", line)
			t.trace.walked(li, t.response, "Response", m[2], v, v.kind != jsUndefined)
			if sv := stringifyValue(v); t.charge(len(sv)) {
				t.rt.setSessionVar(m[1], sv)
			}
			continue
		}
		if m := tplSlugLine.find(line); m != nil {
			t.trace.line(li, "value-shortcut", line)
			t.registerValueShortcut(m[1], t.resolveSlugRHS(m[2]), false)
			continue
		}
		if m := tplFor.find(line); m != nil {
			t.trace.line(li, "for", line)
			li = t.loop(m[1], jsTrim(m[2]), lines, li+1, emit)
			continue
		}
		t.trace.line(li, "text", line) // fileLine sets its own kind
		if msg, ok := t.fileLine(line); ok {
			if msg != "" {
				t.trace.message(msg)
				emit(msg)
			}
			continue
		}
		if line = t.substituteLine(line); !t.over {
			emit(line)
		}
	}
	if t.over {
		t.res.Limit = templateLimitMessage(limit)
		return ""
	}
	if t.trace != nil {
		defer func() { t.trace.text = strings.Join(out, "\n") }()
	}
	for len(out) > 0 && jsTrim(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	if len(t.unresolved) > 0 {
		s := "s"
		if len(t.unresolved) == 1 {
			s = ""
		}
		out = append(out, "",
			"> \u26a0\ufe0f Unresolved template reference"+s+": "+strings.Join(t.unresolved, ", "),
			"> This response exposes: "+strings.Join(t.response.obj.Keys(), ", ")+
				" (with nested JSON reachable under body). Left visible above instead of rendering blank.")
	}
	return strings.Join(out, "\n")
}

// loop runs a for: block whose body starts at lines[start] for each item
// of the array at arrPath; it returns the index of the end: line.
func (t *templateRun) loop(itemVar, arrPath string, lines []string, start int, emit func(string)) int {
	arrPath = strings.TrimPrefix(arrPath, "Response.")
	arr := walkJSONPath(t.response, arrPath)
	t.notePath(arrPath, arr)
	t.trace.walked(start-1, t.response, "Response", arrPath, arr, arr.kind == jsArray)
	li := start
	for li < len(lines) && !tplEnd.match(lines[li]) {
		li++
	}
	body := lines[start:li]
	t.rt.Cover.line(li) // the end: line
	if arr.kind != jsArray {
		t.trace.loop(start-1, start, li, lines, 0)
		return li
	}
	t.trace.loop(start-1, start, li, lines, len(arr.arr))
	for _, item := range arr.arr {
		for bi, bl := range body {
			if t.over {
				return li
			}
			t.rt.Cover.line(start + bi)
			t.trace.run(start + bi)
			sub := t.replace(reTplItemPath.Re(), bl, func(mm []string, _ int) string {
				if mm[1] != itemVar {
					return mm[0]
				}
				v := walkJSONPath(item, mm[2])
				t.trace.ref(mm[0], item, itemVar, mm[2], v)
				return stringifyValue(v)
			})
			sub = t.replace(reTplBareVar.Re(), sub, func(mm []string, _ int) string {
				if mm[1] != itemVar {
					return mm[0]
				}
				return stringifyValue(item)
			})
			if sm := tplSlugLine.find(sub); sm != nil {
				t.registerValueShortcut(sm[1], t.resolveSlugRHS(sm[2]), true)
				continue
			}
			if sub = t.substituteLine(sub); !t.over {
				emit(sub)
			}
		}
	}
	return li
}

// fileLine runs a save:, decode: or to: line; ok is false for any other
// line. msg is the line the template shows instead, or "".
func (t *templateRun) fileLine(line string) (msg string, ok bool) {
	if m := tplSave.find(line); m != nil {
		p := jsTrim(m[1])
		body := t.jsonBody
		if body == nil {
			body = jsNullVal
		}
		v := walkJSONPath(body, p)
		t.trace.line(t.trace.curOr(), "save", line)
		t.trace.walked(t.trace.curOr(), body, "Response.body", p, v, v.kind != jsUndefined)
		if v.kind == jsUndefined {
			t.buffer, t.hasBuffer = nil, false
			return "save: path returned no value: " + p, true
		}
		if s := stringifyValue(v); t.charge(len(s)) {
			t.buffer, t.hasBuffer = []byte(s), true
		}
		return "", true
	}
	if m := tplDecode.find(line); m != nil {
		enc := m[1]
		t.trace.line(t.trace.curOr(), "decode", line)
		if !t.hasBuffer {
			return "decode: no current buffer (was save: skipped or missing?)", true
		}
		switch enc {
		case "base64":
			t.buffer = nodeBase64Decode(decodeUTF8(t.buffer, false))
		case "none":
		default:
			return `decode: unknown encoding "` + enc + `" (supported: base64, none)`, true
		}
		return "", true
	}
	if m := tplTo.find(line); m != nil {
		t.trace.line(t.trace.curOr(), "to", line)
		if !t.hasBuffer {
			return "to: no current buffer (was save: skipped or missing?)", true
		}
		p := t.substituteVarsAndFields(jsTrim(m[1]))
		if t.over {
			return "", true
		}
		if t.trace != nil { // a dry run writes nothing
			t.trace.wrote(p, Resolve(t.rt.Env.Cwd, p))
			return "", true
		}
		if msg := t.writeFile(p); msg != "" {
			return "to: write failed: " + msg, true
		}
		return "", true
	}
	return "", false
}

// writeFile writes the buffer for a to: line: the path resolves against
// the process's working directory, parents are created. It returns the
// Node-style failure message, or "".
func (t *templateRun) writeFile(p string) string {
	fsys := t.rt.Env.FS
	abs := Resolve(t.rt.Env.Cwd, p)
	fail := func(err error, syscallName, at string) string {
		if msg := refusal("to", err); msg != "" && t.res.Escape == "" {
			t.res.Escape = msg
		}
		return nodeErrorMessage(err, syscallName, at)
	}
	parent := path.Dir(abs)
	if err := fsys.MkdirAll(parent); err != nil {
		return fail(err, "mkdir", parent)
	}
	if err := fsys.WriteFile(abs, t.buffer); err != nil {
		return fail(err, "open", abs)
	}
	for _, f := range t.res.files {
		if f == abs {
			return ""
		}
	}
	t.res.files = append(t.res.files, abs)
	return ""
}

// nodeBase64Decode is Buffer.from(s, 'base64'): both alphabets, everything
// else skipped, stop at '='.
func nodeBase64Decode(s string) []byte {
	out := make([]byte, 0, len(s)*3/4)
	var acc uint32
	bits := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var v byte
		switch {
		case c >= 'A' && c <= 'Z':
			v = c - 'A'
		case c >= 'a' && c <= 'z':
			v = c - 'a' + 26
		case c >= '0' && c <= '9':
			v = c - '0' + 52
		case c == '+' || c == '-':
			v = 62
		case c == '/' || c == '_':
			v = 63
		case c == '=':
			return out
		default:
			continue
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>uint(bits)))
			acc &= 1<<uint(bits) - 1
		}
	}
	return out
}

// notePath records a Response path the template read (p without the
// "Response." prefix) in Result.ResponsePaths.
func (t *templateRun) notePath(p string, v *jsValue) {
	if v == nil {
		v = jsUndef
	}
	if t.res.ResponsePaths == nil {
		t.res.ResponsePaths = map[string]bool{}
	}
	k := "Response." + p
	t.res.ResponsePaths[k] = t.res.ResponsePaths[k] || v.kind != jsUndefined
}
