// Package jsonschema generates JSON Schemas (draft 2020-12) from the Go
// types that describe sfmd's YAML files, and validates YAML against them
// with the positions and field paths sfmd prints. It covers the subset of
// the specification those files need: $ref/$defs, type, enum, const,
// properties, required, additionalProperties, propertyNames, items,
// anyOf, oneOf, not, minimum, maximum, minItems, pattern. It is a leaf:
// it imports nothing of the module.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Draft is the $schema of every generated schema.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// Schema is one JSON Schema node. A nil *Schema accepts anything; False
// makes the node the boolean schema false (nothing is accepted).
type Schema struct {
	False bool `json:"-"`

	SchemaURI   string `json:"$schema,omitempty"`
	ID          string `json:"$id,omitempty"`
	Ref         string `json:"$ref,omitempty"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	// MarkdownDescription is what VS Code's YAML extension shows on hover.
	MarkdownDescription string `json:"markdownDescription,omitempty"`

	Type    Types  `json:"type,omitempty"`
	Enum    []any  `json:"enum,omitempty"`
	Const   *Value `json:"const,omitempty"`
	Default *Value `json:"default,omitempty"`

	Properties           *Properties `json:"properties,omitempty"`
	Required             []string    `json:"required,omitempty"`
	AdditionalProperties *Schema     `json:"additionalProperties,omitempty"`
	PropertyNames        *Schema     `json:"propertyNames,omitempty"`
	MinProperties        *int        `json:"minProperties,omitempty"`

	Items    *Schema `json:"items,omitempty"`
	MinItems *int    `json:"minItems,omitempty"`

	Minimum *float64 `json:"minimum,omitempty"`
	Maximum *float64 `json:"maximum,omitempty"`
	Pattern string   `json:"pattern,omitempty"`

	AnyOf []*Schema `json:"anyOf,omitempty"`
	OneOf []*Schema `json:"oneOf,omitempty"`
	Not   *Schema   `json:"not,omitempty"`

	Defs map[string]*Schema `json:"$defs,omitempty"`
}

// Value wraps a JSON value so that null can be told from absent.
type Value struct{ V any }

// MarshalJSON writes the wrapped value.
func (v *Value) MarshalJSON() ([]byte, error) { return marshal(v.V) }

// UnmarshalJSON reads any JSON value.
func (v *Value) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &v.V) }

// Types is the "type" keyword: one name or a list.
type Types []string

// MarshalJSON writes a single type as a string.
func (t Types) MarshalJSON() ([]byte, error) {
	if len(t) == 1 {
		return json.Marshal(t[0])
	}
	return json.Marshal([]string(t))
}

// UnmarshalJSON reads a string or a list of strings.
func (t *Types) UnmarshalJSON(b []byte) error {
	var one string
	if json.Unmarshal(b, &one) == nil {
		*t = Types{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*t = many
	return nil
}

// Property is one entry of "properties".
type Property struct {
	Name   string
	Schema *Schema
}

// Properties keeps "properties" in declaration order, so that generated
// files read like the Go types they come from.
type Properties []Property

// Get returns the schema of the named property, or nil.
func (ps *Properties) Get(name string) (*Schema, bool) {
	if ps == nil {
		return nil, false
	}
	for _, p := range *ps {
		if p.Name == name {
			return p.Schema, true
		}
	}
	return nil, false
}

// Names returns the property names in order.
func (ps *Properties) Names() []string {
	if ps == nil {
		return nil
	}
	out := make([]string, len(*ps))
	for i, p := range *ps {
		out[i] = p.Name
	}
	return out
}

// MarshalJSON writes an object in declaration order.
func (ps Properties) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(p.Name)
		if err != nil {
			return nil, err
		}
		v, err := marshal(p.Schema)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads an object keeping its order.
func (ps *Properties) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		var s Schema
		if err := dec.Decode(&s); err != nil {
			return err
		}
		*ps = append(*ps, Property{Name: name, Schema: &s})
	}
	_, err := dec.Token()
	return err
}

// schemaAlias has Schema's fields without its methods.
type schemaAlias Schema

// MarshalJSON writes false for a False schema.
func (s *Schema) MarshalJSON() ([]byte, error) {
	if s.False {
		return []byte("false"), nil
	}
	return marshal((*schemaAlias)(s))
}

// marshal is json.Marshal without HTML escaping (descriptions hold <, >
// and &).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads a schema object or a boolean schema.
func (s *Schema) UnmarshalJSON(b []byte) error {
	switch string(bytes.TrimSpace(b)) {
	case "false":
		*s = Schema{False: true}
		return nil
	case "true":
		*s = Schema{}
		return nil
	}
	return json.Unmarshal(b, (*schemaAlias)(s))
}

// Parse reads a schema document.
func Parse(data []byte) (*Schema, error) {
	var s Schema
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Marshal writes a schema document, indented, ending with a newline.
func Marshal(s *Schema) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Describer is implemented by types whose schema is not their Go shape:
// unions (a string or a mapping), scalars read as text, closed sets.
type Describer interface {
	JSONSchema(g *Generator) *Schema
}

// Generator turns Go types into schemas. Named struct types become
// entries of $defs referenced with $ref; everything else is inlined.
//
// Struct fields are read from their tags:
//
//	yaml:"name"        the key (",inline" merges a struct's keys; "-" skips)
//	doc:"…"            the description
//	schema:"required"  the key must be present
//	schema:"enum=a|b"  the value is one of these strings ("enum=1": numbers)
//	schema:"min=1"     minimum for numbers, minItems for lists
type Generator struct {
	defs  map[string]*Schema
	doing map[reflect.Type]bool
}

// NewGenerator returns an empty generator.
func NewGenerator() *Generator {
	return &Generator{defs: map[string]*Schema{}, doing: map[reflect.Type]bool{}}
}

// Document returns the schema of root as a whole document: $schema, $id,
// title and the $defs collected while generating.
func (g *Generator) Document(root reflect.Type, id, title, description string) *Schema {
	s := g.inline(root)
	s.SchemaURI, s.ID, s.Title, s.Description = Draft, id, title, description
	if len(g.defs) > 0 {
		s.Defs = g.defs
	}
	return s
}

var describer = reflect.TypeFor[Describer]()

// For returns the schema of t: a $ref for named struct types.
func (g *Generator) For(t reflect.Type) *Schema {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Struct && t.Name() != "" {
		name := defName(t)
		if _, ok := g.defs[name]; !ok && !g.doing[t] {
			g.doing[t] = true
			g.defs[name] = g.inline(t)
			delete(g.doing, t)
		}
		return &Schema{Ref: "#/$defs/" + name}
	}
	return g.inline(t)
}

func defName(t reflect.Type) string {
	n := t.Name()
	return strings.ToLower(n[:1]) + n[1:]
}

// inline returns the schema of t itself (a struct's object schema rather
// than a reference to it).
func (g *Generator) inline(t reflect.Type) *Schema {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Implements(describer) {
		return reflect.Zero(t).Interface().(Describer).JSONSchema(g)
	}
	switch t.Kind() {
	case reflect.String:
		return &Schema{Type: Types{"string"}}
	case reflect.Bool:
		return &Schema{Type: Types{"boolean"}}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &Schema{Type: Types{"integer"}}
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: Types{"number"}}
	case reflect.Slice, reflect.Array:
		return &Schema{Type: Types{"array"}, Items: g.For(t.Elem())}
	case reflect.Map:
		return &Schema{Type: Types{"object"}, AdditionalProperties: g.For(t.Elem())}
	case reflect.Interface:
		return &Schema{}
	case reflect.Struct:
		return g.Struct(t)
	}
	panic(fmt.Sprintf("jsonschema: unsupported type %s", t))
}

// Struct returns the object schema of the struct type t from its fields,
// whether or not t is a Describer (a Describer starts from it to add
// constraints between fields).
func (g *Generator) Struct(t reflect.Type) *Schema {
	s := &Schema{Type: Types{"object"}, Properties: &Properties{}, AdditionalProperties: &Schema{False: true}}
	g.fields(t, s)
	return s
}

func (g *Generator) fields(t reflect.Type, s *Schema) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, inline, skip := yamlKey(f)
		if skip {
			continue
		}
		if inline {
			g.fields(f.Type, s)
			continue
		}
		p := g.For(f.Type)
		opts := parseOptions(f.Tag.Get("schema"))
		if doc := f.Tag.Get("doc"); doc != "" {
			if p.Ref != "" {
				// Keywords beside $ref are allowed (2020-12); keep the
				// shared definition untouched.
				p = &Schema{Ref: p.Ref}
			}
			p.Description = doc
		}
		if opts.required {
			s.Required = append(s.Required, name)
		}
		if len(opts.enum) > 0 {
			p.Enum = opts.enum
		}
		if opts.min != nil {
			if p.Type.Has("array") {
				n := int(*opts.min)
				p.MinItems = &n
			} else {
				p.Minimum = opts.min
			}
		}
		if opts.max != nil {
			p.Maximum = opts.max
		}
		*s.Properties = append(*s.Properties, Property{Name: name, Schema: p})
	}
}

// Has reports whether the type list names typ.
func (t Types) Has(typ string) bool {
	for _, x := range t {
		if x == typ {
			return true
		}
	}
	return false
}

type options struct {
	required bool
	enum     []any
	min, max *float64
}

func parseOptions(tag string) options {
	var o options
	for _, part := range strings.Split(tag, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "required":
			o.required = true
		case "enum":
			for _, e := range strings.Split(v, "|") {
				if n, err := strconv.ParseFloat(e, 64); err == nil {
					o.enum = append(o.enum, n)
				} else {
					o.enum = append(o.enum, e)
				}
			}
		case "min", "max":
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				panic(fmt.Sprintf("jsonschema: bad %s in tag %q", k, tag))
			}
			if k == "min" {
				o.min = &n
			} else {
				o.max = &n
			}
		}
	}
	return o
}

// yamlKey reads a field's yaml tag: its key, whether it is inlined, and
// whether it is skipped.
func yamlKey(f reflect.StructField) (name string, inline, skip bool) {
	tag := f.Tag.Get("yaml")
	name, rest, _ := strings.Cut(tag, ",")
	if strings.Contains(","+rest+",", ",inline,") {
		return "", true, false // an embedded struct, exported or not
	}
	if !f.IsExported() || tag == "-" {
		return "", false, true
	}
	if name == "" {
		name = strings.ToLower(f.Name)
	}
	return name, false, false
}

// Keys returns the YAML keys of struct type T in declaration order
// (inlined structs included): the field names a loader accepts.
func Keys[T any]() []string {
	return keysOf(reflect.TypeFor[T]())
}

func keysOf(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, inline, skip := yamlKey(f)
		switch {
		case skip:
		case inline:
			out = append(out, keysOf(f.Type)...)
		default:
			out = append(out, name)
		}
	}
	return out
}
