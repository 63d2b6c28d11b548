package jsonschema

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// Error is one place where a YAML document breaks its schema.
type Error struct {
	Path []any // the route to the offending value: keys and list indexes
	Line int   // 1-based position of the offending key or value
	Col  int
	Msg  string
}

func (e Error) Error() string {
	p := FormatPath(e.Path)
	if p == "" {
		p = "(root)"
	}
	return fmt.Sprintf("%d:%d: %s: %s", e.Line, e.Col, p, e.Msg)
}

// FormatPath writes a route as sfmd shows it: tests[0].http[1].response.
// Keys that are not plain names are quoted: env["API KEY"].
func FormatPath(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch k := p.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", k)
		case string:
			if plainKey.MatchString(k) {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(k)
			} else {
				b.WriteString("[" + strconv.Quote(k) + "]")
			}
		}
	}
	return b.String()
}

var plainKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// maxErrors bounds the errors of one document.
const maxErrors = 50

// Validate checks the YAML document (or node) n against the root schema s
// and returns every problem, in document order.
func (s *Schema) Validate(n *yaml.Node) []Error {
	if n != nil && n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return s.Validate(&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: 1, Column: 1})
		}
		n = n.Content[0]
	}
	v := &validator{root: s, re: map[string]*regexp.Regexp{}}
	errs := v.check(s, n, nil, 0)
	sort.SliceStable(errs, func(i, j int) bool {
		if errs[i].Line != errs[j].Line {
			return errs[i].Line < errs[j].Line
		}
		return errs[i].Col < errs[j].Col
	})
	if len(errs) > maxErrors {
		errs = errs[:maxErrors]
	}
	return errs
}

type validator struct {
	root *Schema
	re   map[string]*regexp.Regexp
}

func (v *validator) resolve(s *Schema) *Schema {
	for i := 0; s != nil && s.Ref != "" && i < 32; i++ {
		name, ok := strings.CutPrefix(s.Ref, "#/$defs/")
		if !ok {
			panic("jsonschema: only #/$defs/ references are supported, got " + s.Ref)
		}
		def := v.root.Defs[name]
		if def == nil {
			panic("jsonschema: undefined reference " + s.Ref)
		}
		s = def
	}
	return s
}

func at(n *yaml.Node, path []any, format string, args ...any) Error {
	return Error{Path: append([]any(nil), path...), Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
}

func (v *validator) check(s *Schema, n *yaml.Node, path []any, depth int) []Error {
	s = v.resolve(s)
	n = yamlpos.Deref(n)
	if s == nil || n == nil {
		return nil
	}
	if depth > 200 {
		return []Error{at(n, path, "value nested too deeply")}
	}
	if s.False {
		return []Error{at(n, path, "no value is allowed here")}
	}
	if len(s.Type) > 0 && !typeMatches(s.Type, n) {
		return []Error{at(n, path, "expected %s, got %s", typeNames(s.Type), describe(n))}
	}
	var errs []Error
	if len(s.Enum) > 0 && !inEnum(s.Enum, n) {
		errs = append(errs, at(n, path, "%s is not allowed, expected one of %s", describe(n), enumList(s.Enum)))
	}
	if s.Const != nil && !equalScalar(s.Const.V, n) {
		errs = append(errs, at(n, path, "expected %s, got %s", enumList([]any{s.Const.V}), describe(n)))
	}
	errs = append(errs, v.checkScalar(s, n, path)...)
	switch n.Kind {
	case yaml.MappingNode:
		errs = append(errs, v.checkObject(s, n, path, depth)...)
	case yaml.SequenceNode:
		if s.MinItems != nil && len(n.Content) < *s.MinItems {
			errs = append(errs, at(n, path, "expected at least %d items, got %d", *s.MinItems, len(n.Content)))
		}
		if s.Items != nil {
			for i, c := range n.Content {
				errs = append(errs, v.check(s.Items, c, append(path, i), depth+1)...)
			}
		}
	}
	if len(s.AnyOf) > 0 {
		errs = append(errs, v.alternatives(s.AnyOf, n, path, depth, false)...)
	}
	if len(s.OneOf) > 0 {
		errs = append(errs, v.alternatives(s.OneOf, n, path, depth, true)...)
	}
	if s.Not != nil && len(v.check(s.Not, n, path, depth+1)) == 0 {
		msg := "value is not allowed here"
		if ns := v.resolve(s.Not); ns != nil && len(ns.Required) > 1 {
			msg = fmt.Sprintf("%s cannot be used together", quoteList(ns.Required))
		}
		if s.Not.Description != "" {
			msg = s.Not.Description
		}
		errs = append(errs, at(n, path, "%s", msg))
	}
	return errs
}

func (v *validator) checkScalar(s *Schema, n *yaml.Node, path []any) []Error {
	if n.Kind != yaml.ScalarNode {
		return nil
	}
	var errs []Error
	if s.Minimum != nil || s.Maximum != nil {
		if f, ok := number(n); ok {
			if s.Minimum != nil && f < *s.Minimum {
				errs = append(errs, at(n, path, "%s is less than the minimum %v", n.Value, *s.Minimum))
			}
			if s.Maximum != nil && f > *s.Maximum {
				errs = append(errs, at(n, path, "%s is greater than the maximum %v", n.Value, *s.Maximum))
			}
		}
	}
	if s.Pattern != "" && n.Tag == "!!str" {
		re, ok := v.re[s.Pattern]
		if !ok {
			re = regexp.MustCompile(s.Pattern)
			v.re[s.Pattern] = re
		}
		if !re.MatchString(n.Value) {
			errs = append(errs, at(n, path, "%q does not match the pattern %s", n.Value, s.Pattern))
		}
	}
	return errs
}

func (v *validator) checkObject(s *Schema, n *yaml.Node, path []any, depth int) []Error {
	var errs []Error
	present := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := yamlpos.Deref(n.Content[i]), n.Content[i+1]
		key := k.Value
		present[key] = true
		kpath := make([]any, len(path)+1)
		copy(kpath, path)
		kpath[len(path)] = key
		if s.PropertyNames != nil {
			errs = append(errs, v.check(s.PropertyNames, k, kpath, depth+1)...)
		}
		if ps, ok := s.Properties.Get(key); ok {
			errs = append(errs, v.check(ps, val, kpath, depth+1)...)
			continue
		}
		if s.AdditionalProperties != nil {
			ap := v.resolve(s.AdditionalProperties)
			if ap.False {
				errs = append(errs, at(k, kpath, "unknown field %q, expected one of %s", key, quoteList(s.Properties.Names())))
				continue
			}
			errs = append(errs, v.check(ap, val, kpath, depth+1)...)
		}
	}
	for _, r := range s.Required {
		if !present[r] {
			errs = append(errs, at(n, path, "missing required field %q", r))
		}
	}
	if s.MinProperties != nil && len(n.Content)/2 < *s.MinProperties {
		errs = append(errs, at(n, path, "expected at least %d fields, got %d", *s.MinProperties, len(n.Content)/2))
	}
	return errs
}

// alternatives checks anyOf (one) or oneOf (exactly one). When none
// matches, the errors of the alternative whose type fits the value are
// the most useful; without one, the message lists the expected types.
func (v *validator) alternatives(alts []*Schema, n *yaml.Node, path []any, depth int, exactlyOne bool) []Error {
	matched := 0
	var best []Error
	bestFits := false
	for _, a := range alts {
		errs := v.check(a, n, path, depth+1)
		if len(errs) == 0 {
			matched++
			continue
		}
		r := v.resolve(a)
		fits := len(r.Type) > 0 && typeMatches(r.Type, n)
		if best == nil || (fits && !bestFits) {
			best, bestFits = errs, fits
		}
	}
	switch {
	case matched == 0 && bestFits:
		return best
	case matched == 0:
		var names []string
		for _, a := range alts {
			if r := v.resolve(a); len(r.Type) > 0 {
				names = append(names, typeNames(r.Type))
			} else if len(r.Enum) > 0 {
				names = append(names, enumList(r.Enum))
			}
		}
		if len(names) == 0 {
			return best
		}
		return []Error{at(n, path, "expected %s, got %s", strings.Join(dedupe(names), " or "), describe(n))}
	case exactlyOne && matched > 1:
		return []Error{at(n, path, "value matches more than one of the allowed forms")}
	}
	return nil
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// typeMatches reports whether the node is one of the JSON types, reading
// YAML scalars by their resolved tag.
func typeMatches(types Types, n *yaml.Node) bool {
	for _, t := range types {
		switch t {
		case "object":
			if n.Kind == yaml.MappingNode {
				return true
			}
		case "array":
			if n.Kind == yaml.SequenceNode {
				return true
			}
		case "string":
			if n.Kind == yaml.ScalarNode && n.Tag != "!!null" && n.Tag != "!!bool" && n.Tag != "!!int" && n.Tag != "!!float" {
				return true
			}
		case "integer":
			if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
				return true
			}
			if f, ok := number(n); ok && n.Tag == "!!float" && f == math.Trunc(f) {
				return true
			}
		case "number":
			if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float") {
				return true
			}
		case "boolean":
			if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
				return true
			}
		case "null":
			if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
				return true
			}
		}
	}
	return false
}

func number(n *yaml.Node) (float64, bool) {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		return 0, false
	}
	var f float64
	if err := n.Decode(&f); err != nil {
		return 0, false
	}
	return f, true
}

func typeNames(ts Types) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		switch t {
		case "object":
			names[i] = "a mapping"
		case "array":
			names[i] = "a list"
		case "integer":
			names[i] = "an integer"
		case "null":
			names[i] = "null"
		default:
			names[i] = "a " + t
		}
	}
	return strings.Join(names, " or ")
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	switch n.Tag {
	case "!!null":
		return "null"
	case "!!bool":
		return "the boolean " + n.Value
	case "!!int", "!!float":
		return "the number " + n.Value
	}
	return strconv.Quote(n.Value)
}

func inEnum(enum []any, n *yaml.Node) bool {
	for _, e := range enum {
		if equalScalar(e, n) {
			return true
		}
	}
	return false
}

func equalScalar(want any, n *yaml.Node) bool {
	if n.Kind != yaml.ScalarNode {
		return false
	}
	switch w := want.(type) {
	case string:
		return typeMatches(Types{"string"}, n) && n.Value == w
	case float64:
		f, ok := number(n)
		return ok && f == w
	case int:
		f, ok := number(n)
		return ok && f == float64(w)
	case bool:
		var b bool
		return n.Tag == "!!bool" && n.Decode(&b) == nil && b == w
	case nil:
		return n.Tag == "!!null"
	}
	return false
}

func enumList(enum []any) string {
	q := make([]string, len(enum))
	for i, e := range enum {
		switch x := e.(type) {
		case string:
			q[i] = strconv.Quote(x)
		default:
			q[i] = fmt.Sprint(x)
		}
	}
	return strings.Join(q, ", ")
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}
