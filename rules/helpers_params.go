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
	s, e := p.TypeSpan.Start.Offset, p.TypeSpan.End.Offset
	if p.ConstraintSpan.IsValid() && p.ConstraintSpan.Start.Offset == e {
		e = p.ConstraintSpan.End.Offset
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
			out.starts = append(out.starts, pr.Span.Start.Offset)
			out.ends = append(out.ends, pr.Span.End.Offset)
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
	start, end := span.Start.Offset, span.End.Offset
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
// worked out once per document for the 20 rules that walk the parameters.
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

// eachRealParam is eachParam for the parameters notAParam does not set
// aside, the ones 17 param-* rules look at: whether each line is one is
// worked out once per document (paramFacts.skip), not once per rule (a
// Param is 552 bytes, sfmd TestNodeSizes, and notAParam reads nine of
// its fields).
func eachRealParam(pass *lint.Pass, f func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic))) {
	ps := paramsOf(pass)
	if !ps.any {
		return
	}
	report := pass.Report
	if len(ps.probs.starts) > 0 {
		report = reportOutside(pass, &ps.probs)
	}
	skip := ps.skips(pass.Doc)
	k := 0
	for _, a := range pass.Doc.Actions {
		for _, p := range a.Params {
			if !skip[k] {
				f(a, p, report)
			}
			k++
		}
	}
}

// paramFacts is the result of paramsAnalyzer: whether an action of the
// document has a parameter, and the spans of the parser's
// param-syntax-invalid problems.
type paramFacts struct {
	any   bool
	probs spanSet
	// skip[k] is notAParam of the k-th parameter of the document (in
	// action order), made by the first eachRealParam
	skip []bool
}

// skips returns paramFacts.skip, made on the first call.
func (ps *paramFacts) skips(doc *sfmd.Document) []bool {
	if ps.skip != nil {
		return ps.skip
	}
	n := 0
	for _, a := range doc.Actions {
		n += len(a.Params)
	}
	skip := make([]bool, 0, n)
	for _, a := range doc.Actions {
		for _, p := range a.Params {
			skip = append(skip, notAParam(p))
		}
	}
	ps.skip = skip
	return skip
}

// noParams is the facts of a document without parameters (most).
var noParams = &paramFacts{}

// paramsAnalyzer finds what eachParam needs of a document.
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
	s, e := sp.Start.Offset, sp.End.Offset
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
