package rules

import (
	"strconv"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules reporting a name defined twice (*-duplicate).
// Each reports the second and later definitions, with the first as the
// related position.

// dupTracker remembers the first span of each key.
type dupTracker map[string]sfmd.Span

// check returns the first span of key and true when key was seen before;
// otherwise it records span.
func (t dupTracker) check(key string, span sfmd.Span) (sfmd.Span, bool) {
	if first, ok := t[key]; ok {
		return first, true
	}
	t[key] = span
	return sfmd.Span{}, false
}

// smallDupMax is the most parameters eachDupParam compares pairwise
// instead of with a dupTracker.
const smallDupMax = 16

// eachDupParam calls dup for each parameter of params whose key is not ""
// and is the key of an earlier one, with the span key gives the first of
// them: what a dupTracker checked with each parameter in order answers
// (TestEachDupParamIsTracker), without making one for a list of up to
// smallDupMax parameters (a map an action, in two rules).
func eachDupParam(params []*sfmd.Param, key func(*sfmd.Param) (string, sfmd.Span), dup func(p *sfmd.Param, first sfmd.Span)) {
	if len(params) > smallDupMax {
		seen := dupTracker{}
		for _, p := range params {
			if k, span := key(p); k != "" {
				if first, ok := seen.check(k, span); ok {
					dup(p, first)
				}
			}
		}
		return
	}
	for i, p := range params {
		k, _ := key(p)
		if k == "" {
			continue
		}
		for _, q := range params[:i] {
			if qk, first := key(q); qk == k {
				dup(p, first)
				break
			}
		}
	}
}

// dupKeys returns the keys (dupName, dupAlias) that two of params share:
// the keys for which eachDupParam with paramName and paramAlias calls dup
// (TestDupKeysIsEachDupParam), found in one pass over the pairs of a list
// of up to smallDupMax, without the key and dup functions.
func dupKeys(params []*sfmd.Param) uint8 {
	var m uint8
	if len(params) > smallDupMax {
		eachDupParam(params, paramName, func(*sfmd.Param, sfmd.Span) { m |= dupName })
		eachDupParam(params, paramAlias, func(*sfmd.Param, sfmd.Span) { m |= dupAlias })
		return m
	}
	for i := 1; i < len(params); i++ {
		p := params[i]
		for _, q := range params[:i] {
			if p.Name != "" && p.Name == q.Name {
				m |= dupName
			}
			if p.Alias != "" && p.Alias == q.Alias {
				m |= dupAlias
			}
		}
	}
	return m
}

// paramName is a parameter's name and its span, the key of
// param-name-duplicate.
func paramName(p *sfmd.Param) (string, sfmd.Span) { return p.Name, p.NameSpan }

// paramAlias is a parameter's alias and its span, the key of
// param-alias-duplicate.
func paramAlias(p *sfmd.Param) (string, sfmd.Span) { return p.Alias, p.AliasSpan }

// eachOnce reports whether named ids, whose set (with "" for those
// without one) is ids, are each written once: no duplicate to look for.
func eachOnce(ids map[string]bool, named int) bool {
	n := len(ids)
	if ids[""] {
		n--
	}
	return n == named
}

func reportDup(pass *lint.Pass, span, first sfmd.Span, what, todo string) {
	pass.Report(lint.Diagnostic{
		Span:    span,
		Message: what + " already defined at line " + strconv.Itoa(int(first.Start.Line)) + "; " + todo, // thousands on a large document: no Sprintf
		Related: related(first),
	})
}

// appendDupTail appends what reportDup writes after what: " already
// defined at line N; " and todo.
func appendDupTail(buf []byte, line int, todo string) []byte {
	buf = strconv.AppendInt(append(buf, " already defined at line "...), int64(line), 10)
	return append(append(buf, "; "...), todo...)
}

// freeName returns base2, base3, … (joined with sep) not in taken.
func freeName(base, sep string, taken func(string) bool) string {
	for i := 2; ; i++ {
		n := base + sep + strconv.Itoa(i)
		if !taken(n) {
			return n
		}
	}
}

// directiveDupRun is the Run of nav-name-duplicate and include-id-duplicate:
// it reports a directive name of the given types registered twice.
func directiveDupRun(kind string, types []string) func(*lint.Pass) (any, error) {
	return func(pass *lint.Pass) (any, error) {
		seen := dupTracker{}
		var buf []byte // the messages, written one at a time and copied out
		for _, d := range pass.Doc.Directives {
			if !hasString(types, d.Type) || d.Name == "" || !d.OwnLine {
				continue
			}
			if first, dup := seen.check(d.Name, d.NameSpan); dup {
				buf = directiveDupMessage(buf[:0], kind, d.Name, int(first.Start.Line))
				pass.Report(lint.Diagnostic{Span: d.NameSpan, Message: string(buf), Related: related(first)})
			}
		}
		return nil, nil
	}
}

// directiveDupMessage appends directiveDupRun's message: reportDup's for
// the kind and "name" (%q as appendQuote), first defined at line
// (TestDirectiveDupMessage holds it to the Sprintf and concatenation it
// replaces).
func directiveDupMessage(buf []byte, kind, name string, line int) []byte {
	buf = appendQuote(append(append(buf, kind...), ' '), name)
	return appendDupTail(buf, line, "rename or remove this directive")
}
