package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules about parameter lines (spec.md §1.9.5,
// §2.8). The parser reads parameter lines leniently and records what it
// finds; the param-* rules say precisely what is off. Where the parser already reported a
// param-syntax-invalid problem on a part of the line, the rules stay
// silent on that part (the more specific report wins).

// paramTypes are the parameter types of the spec (sfmd.ParamTypes).
var paramTypes = sfmd.ParamTypeNames

func isParamType(t string) bool { return sfmd.IsParamType(t) }

// commonHeaders are HTTP header names authors write as parameter lines
// by mistake ("  Authorization: Bearer {token}").
var commonHeaders = map[string]bool{
	"accept": true, "accept-language": true, "authorization": true, "content-type": true, "cookie": true,
	"user-agent": true, "api-key": true, "apikey": true, "origin": true, "referer": true, "cache-control": true,
}

// headerLike reports whether a parameter line is really an HTTP header
// written below the first line.
func headerLike(p *sfmd.Param) bool {
	if isParamType(p.Type) {
		return false // most lines: no need to lower-case the name
	}
	n := strings.ToLower(p.Name)
	return commonHeaders[n] || strings.HasPrefix(n, "x-")
}

// bareHead reports whether the line is only "name:" (nothing after the
// colon): at column 0 this is not a parameter at all (e.g. "try:" of a
// multi-line command).
func bareHead(p *sfmd.Param) bool {
	return p.Type == "" && len(p.Constraints) == 0 && !p.HasDescription && !p.HasDefault
}

// notAParam reports lines the parameter rules leave alone: "name:" at
// column 0 (param-not-indented says what is wrong), headers written as
// parameters (param-type-unknown says it) and types glued to what follows
// them (param-syntax-invalid says it).
func notAParam(p *sfmd.Param) bool {
	return (p.Indent == 0 && bareHead(p)) || headerLike(p) || typeGlued(p)
}

// typeGlued reports whether the type runs into the next part of the line
// without a space ("string[]", "int?", "string(optional)",
// "enum(a,b)"): the reference runtime reads the type as one word followed
// by a space or the end of the line, so it drops such a line, and the
// parser's reading of the rest (an unquoted description, unknown
// constraints) is not what the author wrote.
func typeGlued(p *sfmd.Param) bool {
	if p.Type == "" || !p.TypeSpan.IsValid() {
		return false
	}
	end := p.TypeSpan.End.Offset
	for _, sp := range []sfmd.Span{p.ConstraintSpan, p.DescriptionSpan} {
		if sp.IsValid() && sp.Start.Offset == end && sp.Len() > 0 {
			return true
		}
	}
	return false
}

// gluedTypeText returns the glued type as written: the type and what
// follows it up to the next space outside parentheses ("string[]",
// "enum(metric, imperial)").
func gluedTypeText(doc *sfmd.Document, p *sfmd.Param) string {
	s, e := p.TypeSpan.Start.Off(), p.TypeSpan.End.Off()
	if p.ConstraintSpan.IsValid() && p.ConstraintSpan.Start.Off() == e {
		e = p.ConstraintSpan.End.Off()
	}
	for e < len(doc.Src) && doc.Src[e] != ' ' && doc.Src[e] != '\t' && doc.Src[e] != '\n' && doc.Src[e] != '\r' {
		e++
	}
	return string(doc.Src[s:e])
}

// paramProblems returns the spans of the parser's param-syntax-invalid
// problems, which take precedence over the rules of this file.
func paramProblems(doc *sfmd.Document) spanSet {
	var out spanSet
	for _, pr := range doc.Problems {
		if pr.Code == sfmd.CodeParamSyntaxInvalid {
			out.starts = append(out.starts, pr.Span.Start.Off())
			out.ends = append(out.ends, pr.Span.End.Off())
		}
	}
	out.index()
	return out
}

// spanSet answers "does this span overlap one of the set, or start where
// one starts" in logarithmic time: starts sorted, and maxEnd[k] the
// largest end among the first k+1 spans in that order.
type spanSet struct {
	starts, ends []int
	maxEnd       []int
}

func (s *spanSet) index() {
	if len(s.starts) == 0 {
		return // most documents: nothing to sort, nor to allocate
	}
	idx := make([]int, len(s.starts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return s.starts[idx[a]] < s.starts[idx[b]] })
	starts, ends := make([]int, len(idx)), make([]int, len(idx))
	s.maxEnd = make([]int, len(idx))
	for k, i := range idx {
		starts[k], ends[k] = s.starts[i], s.ends[i]
		s.maxEnd[k] = ends[k]
		if k > 0 {
			s.maxEnd[k] = max(s.maxEnd[k], s.maxEnd[k-1])
		}
	}
	s.starts, s.ends = starts, ends
}

// overlaps reports whether span overlaps a span of the set (shares a
// byte with it) or starts where one starts.
func (s *spanSet) overlaps(span sfmd.Span) bool {
	start, end := span.Start.Off(), span.End.Off()
	k := sort.SearchInts(s.starts, start)
	if k < len(s.starts) && s.starts[k] == start {
		return true
	}
	// the spans starting before end; one of them must end after start
	n := sort.SearchInts(s.starts, end)
	return n > 0 && s.maxEnd[n-1] > start
}

// eachParam calls f for every parameter of every action, with a report
// function that drops findings overlapping a parser problem. Whether
// there are parameters and the problems' spans are the params analysis's,
// worked out once per document. The rules walk the parameters with
// eachGatedParam, which is eachParam when paramGates is false.
func eachParam(pass *lint.Pass, f func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic))) {
	ps := paramsOf(pass)
	if !ps.any {
		return // most documents: nothing to call f for, nor to allocate
	}
	report := pass.Report
	if len(ps.probs.starts) > 0 {
		report = reportOutside(pass, &ps.probs)
	}
	for _, a := range pass.Doc.Actions {
		for _, p := range a.Params {
			f(a, p, report)
		}
	}
}

// A paramGate is the first test a param-* rule makes of a parameter:
// the rule looks no further at one that fails it. Every gate is tested
// once a parameter, in one walk of the document's parameters
// (paramFacts.masks), and each rule then visits only the parameters its
// gate passes, instead of each of 20 rules reading every parameter (a
// Param is 552 bytes, sfmd TestNodeSizes). TestParamGates holds the rules'
// findings with the masks to those with each gate tested in the rule's
// own walk (paramGates false).
type paramGate struct {
	bit uint32
	// real: only the parameters notAParam does not set aside, else
	// every parameter
	real bool
	test func(doc *sfmd.Document, p *sfmd.Param) bool
}

// paramGateList is every paramGate made, in the order made.
var paramGateList []*paramGate

// paramGates is false in tests only: eachGatedParam then walks the
// parameters with eachParam and tests the gate on each, without the masks.
var paramGates = true

// newParamGate makes the gate of a rule (at package initialisation).
func newParamGate(real bool, test func(doc *sfmd.Document, p *sfmd.Param) bool) *paramGate {
	if len(paramGateList) == 32 {
		panic("rules: more than 32 parameter gates for the uint32 masks")
	}
	g := &paramGate{bit: 1 << len(paramGateList), real: real, test: test}
	paramGateList = append(paramGateList, g)
	return g
}

// eachGatedParam is eachParam, restricted to the parameters notAParam
// does not set aside when g.real, for the parameters g passes: in the
// same order, with the same report function.
func eachGatedParam(pass *lint.Pass, g *paramGate, f func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic))) {
	doc := pass.Doc
	if !paramGates {
		eachParam(pass, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if (!g.real || !notAParam(p)) && g.test(doc, p) {
				f(a, p, report)
			}
		})
		return
	}
	ps := paramsOf(pass)
	if !ps.any {
		return
	}
	report := pass.Report
	if len(ps.probs.starts) > 0 {
		report = reportOutside(pass, &ps.probs)
	}
	refs, masks := ps.gated(doc)
	for k, m := range masks {
		if m&g.bit != 0 {
			f(refs[k].a, refs[k].p, report)
		}
	}
}

// paramRef is a parameter and its action.
type paramRef struct {
	a *sfmd.Action
	p *sfmd.Param
}

// paramFacts is the result of paramsAnalyzer: whether an action of the
// document has a parameter, and the spans of the parser's
// param-syntax-invalid problems.
type paramFacts struct {
	any   bool
	probs spanSet
	// refs[k] is the k-th parameter of the document (in action order),
	// masks[k] the bits of the gates it passes; made by the first
	// eachGatedParam
	refs  []paramRef
	masks []uint32
	// dups[i] says which keys (dupName, dupAlias) two parameters of the
	// i-th action share: eachDupParam's answer, made with the masks
	dups []uint8
}

// The keys of paramFacts.dups.
const (
	dupName uint8 = 1 << iota
	dupAlias
)

// mayHaveDup reports whether two parameters of the i-th action of the
// pass's document may share the key (dupName, dupAlias): false when
// eachDupParam finds no duplicate there, so that the duplicate rules
// visit only the actions that have one (always true when paramGates is
// false).
func mayHaveDup(pass *lint.Pass, i int, key uint8) bool {
	if !paramGates {
		return true
	}
	ps := paramsOf(pass)
	if !ps.any {
		return false // no parameter at all
	}
	ps.gated(pass.Doc)
	return ps.dups[i]&key != 0
}

// gated returns paramFacts.refs and masks, made on the first call with
// dups (dupKeys).
func (ps *paramFacts) gated(doc *sfmd.Document) ([]paramRef, []uint32) {
	if ps.masks != nil {
		return ps.refs, ps.masks
	}
	n := 0
	for _, a := range doc.Actions {
		n += len(a.Params)
	}
	refs, masks := make([]paramRef, 0, n), make([]uint32, 0, n)
	ps.dups = make([]uint8, len(doc.Actions))
	for i, a := range doc.Actions {
		ps.dups[i] = dupKeys(a.Params)
		for _, p := range a.Params {
			refs, masks = append(refs, paramRef{a, p}), append(masks, gateMask(doc, p, !notAParam(p)))
		}
	}
	ps.refs, ps.masks = refs, masks
	return refs, masks
}

// listMask is the bits of the gates of paramGateList that p passes, the
// g.real ones only when real (notAParam does not set p aside).
func listMask(doc *sfmd.Document, p *sfmd.Param, real bool) uint32 {
	var m uint32
	for _, g := range paramGateList {
		if (real || !g.real) && g.test(doc, p) {
			m |= g.bit
		}
	}
	return m
}

// gateMask is listMask with each gate's test called by name instead of
// through the list's function values (the compiler can inline them): the
// one walk of every parameter calls it (TestGateMaskIsList holds it to
// listMask, and fails for a gate made and not called here).
func gateMask(doc *sfmd.Document, p *sfmd.Param, real bool) uint32 {
	var m uint32
	if notIndentedTest(doc, p) {
		m |= notIndentedGate.bit
	}
	if syntaxInvalidTest(doc, p) {
		m |= syntaxInvalidGate.bit
	}
	if typeUnknownTest(doc, p) {
		m |= typeUnknownGate.bit
	}
	if !real {
		return m
	}
	if aliasInvalidTest(doc, p) {
		m |= aliasInvalidGate.bit
	}
	if aliasReservedTest(doc, p) {
		m |= aliasReservedGate.bit
	}
	if constraintClosed(doc, p) {
		m |= boundInvalidGate.bit | constraintUnknownGate.bit
		if boundInapplicableTest(doc, p) {
			m |= boundInapplicableGate.bit
		}
		if constraintCompatTest(doc, p) {
			m |= constraintCompatGate.bit
		}
	}
	if defaultNotInHintsTest(doc, p) {
		m |= defaultNotInHintsGate.bit
	}
	if defaultTypeMismatchTest(doc, p) {
		m |= defaultTypeMismatchGate.bit
	}
	if defaultUnquotedTest(doc, p) {
		m |= defaultUnquotedGate.bit
	}
	if descriptionUnquotedTest(doc, p) {
		m |= descriptionUnquotedGate.bit
	}
	if nameReservedTest(doc, p) {
		m |= nameReservedGate.bit
	}
	if namedBodyTest(doc, p) {
		m |= namedBodyGate.bit
	}
	if noncanonicalOrderTest(doc, p) {
		m |= noncanonicalOrderGate.bit
	}
	if requiredAndOptionalTest(doc, p) {
		m |= requiredAndOptionalGate.bit
	}
	if requiredWithDefaultTest(doc, p) {
		m |= requiredWithDefaultGate.bit
	}
	if trailingWhitespaceTest(doc, p) {
		m |= trailingWhitespaceGate.bit
	}
	if typeMissingTest(doc, p) {
		m |= typeMissingGate.bit
	}
	return m
}

// noParams is the facts of a document without parameters (most).
var noParams = &paramFacts{}

// paramsAnalyzer finds what eachParam and eachGatedParam need of a
// document (the gates' masks on their first call).
var paramsAnalyzer = &lint.Analyzer{
	Name:   "params",
	Shared: true,
	Doc: lint.Doc{
		Title: "parameters of a document",
		Why:   "shared analysis: whether the document has parameters, and the parser's problems on parameter lines, found once per document",
	},
	Run: func(pass *lint.Pass) (any, error) { return buildParams(pass.Doc), nil },
}

// paramsOf returns the paramsAnalyzer result of a pass that requires it
// (else works it out).
func paramsOf(pass *lint.Pass) *paramFacts {
	if ps, ok := pass.ResultOf[paramsAnalyzer].(*paramFacts); ok {
		return ps
	}
	return buildParams(pass.Doc)
}

func buildParams(doc *sfmd.Document) *paramFacts {
	for _, a := range doc.Actions {
		if len(a.Params) > 0 {
			return &paramFacts{any: true, probs: paramProblems(doc)}
		}
	}
	return noParams
}

// reportOutside is pass.Report for the findings that overlap none of
// probs. A function of its own so that only a document with a parameter
// problem makes the closure (TestEachParamAllocations).
func reportOutside(pass *lint.Pass, probs *spanSet) func(lint.Diagnostic) {
	return func(d lint.Diagnostic) {
		if !probs.overlaps(d.Span) {
			pass.Report(d)
		}
	}
}

func diag(span sfmd.Span, format string, args ...any) lint.Diagnostic {
	return lint.Diagnostic{Span: span, Message: fmt.Sprintf(format, args...)}
}

// constraintClosed reports whether the parameter's constraint group has
// its closing parenthesis (the parser reports it otherwise).
func constraintClosed(doc *sfmd.Document, p *sfmd.Param) bool {
	sp := p.ConstraintSpan
	s, e := sp.Start.Off(), sp.End.Off()
	// strings.HasSuffix(src(doc, sp), ")") without copying the group
	return sp.IsValid() && s >= 0 && e <= len(doc.Src) && s < e && doc.Src[e-1] == ')'

}

var numberShape numberPattern

// numberPattern matches `^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$` with a
// byte scan.
type numberPattern struct{}

// Matches reports whether all of s is a decimal number.
func (numberPattern) Matches(s string) bool {
	digits := func(i int) int {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j - i
	}
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	n := digits(i)
	i += n
	switch {
	case n > 0 && i < len(s) && s[i] == '.':
		i++
		i += digits(i)
	case n == 0:
		if i >= len(s) || s[i] != '.' {
			return false
		}
		i++
		f := digits(i)
		if f == 0 {
			return false
		}
		i += f
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		x := digits(i)
		if x == 0 {
			return false
		}
		i += x
	}
	return i == len(s)
}

// dynamicDefault reports whether a default is filled in at run time
// ($VAR or {var}).
func dynamicDefault(v string) bool { return strings.ContainsAny(v, "${") }

// droppedParam reports whether name is a parameter of a whose line the
// reference runtime drops (sfmd.Param.Strict is false). A did-you-mean
// toward it would point at a field that does not exist at run time: the
// rules that would suggest it stay silent, and the error on the dropped
// line (TestDroppedParamIsAnError) is the one finding until it is fixed.
func droppedParam(a *sfmd.Action, name string) bool {
	if a == nil {
		return false
	}
	p := a.Param(name)
	return p != nil && !p.Strict
}
