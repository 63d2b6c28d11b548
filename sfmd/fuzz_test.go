package sfmd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/sfmd"
	"go.yaml.in/yaml/v3"
)

// FuzzParse feeds arbitrary bytes to Parse and checks the invariants every
// consumer relies on (see checkDocument). Seeds: ../corpus/fuzz/*.md and
// testdata/*.md. Run it with
//
//	go test ./sfmd -run '^$' -fuzz FuzzParse -fuzztime 30s
//
// Without -fuzz, `go test` runs the seeds only.
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"../corpus/fuzz/*.md", "testdata/*.md"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := sfmd.Parse("fuzz.md", src)
		if errs := checkDocument(doc, src); len(errs) > 0 {
			t.Fatalf("input %q:\n%s", src, strings.Join(errs, "\n"))
		}
		js, err := sfmd.DumpJSON(doc)
		if err != nil {
			t.Fatalf("DumpJSON: %v", err)
		}
		if !json.Valid(js) {
			t.Fatalf("DumpJSON wrote invalid JSON for %q", src)
		}
		_ = sfmd.DumpText(doc)
	})
}

// checkDocument returns every broken invariant of doc parsed from src:
//   - Path, Src and Index are set;
//   - every set Span lies within the file, Start <= End, and the Line/Col
//     of both ends are what an independently built LineIndex says for
//     their offsets (found by walking the whole AST with reflection, so
//     fields added later are covered too);
//   - Line.Text holds no line terminator and, when its span is as long as
//     the text, equals the source bytes under the span;
//   - lists documented "in order" (fences, actions, responses, markers,
//     problems) are sorted by start offset.
func checkDocument(doc *sfmd.Document, src []byte) []string {
	if doc == nil {
		return []string{"Parse returned nil"}
	}
	var errs []string
	if doc.Index == nil {
		errs = append(errs, "Document.Index is nil")
	}
	if !reflect.DeepEqual(doc.Src, src) {
		errs = append(errs, "Document.Src is not the input")
	}
	c := &checker{src: src, li: sfmd.NewLineIndex(src), seen: map[uintptr]bool{}}
	c.walk("doc", reflect.ValueOf(doc).Elem())
	errs = append(errs, c.errs...)

	ordered := func(name string, n int, at func(i int) sfmd.Span) {
		prev := -1
		for i := range n {
			s := at(i)
			if !s.IsValid() {
				continue
			}
			if s.Start.Off() < prev {
				errs = append(errs, fmt.Sprintf("%s[%d] starts at offset %d, before the previous one (%d): the list is not in source order", name, i, s.Start.Offset, prev))
			}
			prev = s.Start.Off()
		}
	}
	ordered("Fences", len(doc.Fences), func(i int) sfmd.Span { return doc.Fences[i].Span })
	ordered("Actions", len(doc.Actions), func(i int) sfmd.Span { return doc.Actions[i].Span })
	ordered("Responses", len(doc.Responses), func(i int) sfmd.Span { return doc.Responses[i].Span })
	ordered("Markers", len(doc.Markers), func(i int) sfmd.Span { return doc.Markers[i].Span })
	ordered("Hints", len(doc.Hints), func(i int) sfmd.Span { return doc.Hints[i].Span })
	ordered("Problems", len(doc.Problems), func(i int) sfmd.Span { return doc.Problems[i].Span })
	errs = append(errs, checkNames(doc)...)
	if len(errs) > 20 {
		errs = append(errs[:20], fmt.Sprintf("… and %d more", len(errs)-20))
	}
	return errs
}

// checkNames checks the index of names: each occurrence's bytes are its
// name, inside its construct, in document order; its definition is a
// definition of the same name (a placeholder's: of a kind it resolves
// to), and its group holds it.
func checkNames(doc *sfmd.Document) []string {
	var errs []string
	names := doc.Names()
	prev := -1
	for i, o := range names.All() {
		switch {
		case o.Start < prev:
			errs = append(errs, fmt.Sprintf("Names[%d] at %d: not in document order", i, o.Start))
		case o.Start < 0 || o.End > len(doc.Src) || o.Start > o.End || string(doc.Src[o.Start:o.End]) != o.Name:
			errs = append(errs, fmt.Sprintf("Names[%d] %s %q: [%d,%d) is not its name", i, o.Kind, o.Name, o.Start, o.End))
		case o.Span.Start.Off() > o.Start || o.Span.End.Off() < o.End:
			errs = append(errs, fmt.Sprintf("Names[%d] %s %q: its span %v does not hold its name", i, o.Kind, o.Name, o.Span))
		}
		prev = o.Start
		d := names.Decl(&o)
		switch {
		case o.Def && (d == nil || d.Start != o.Start):
			errs = append(errs, fmt.Sprintf("Names[%d] %s %q: a definition that is not its own", i, o.Kind, o.Name))
		case d != nil && (!d.Def || d.Name != o.Name || d.Kind != o.Kind && !(o.Kind == sfmd.NameAlias && d.Kind == sfmd.NameAlias)):
			errs = append(errs, fmt.Sprintf("Names[%d] %s %q resolves to %s %q (def %v)", i, o.Kind, o.Name, d.Kind, d.Name, d.Def))
		}
		found := false
		for _, g := range names.Group(&o) {
			found = found || g.Start == o.Start && g.Kind == o.Kind
		}
		if !found {
			errs = append(errs, fmt.Sprintf("Names[%d] %s %q: not in its own group", i, o.Kind, o.Name))
		}
	}
	return errs
}

type checker struct {
	src  []byte
	li   *sfmd.LineIndex
	seen map[uintptr]bool
	errs []string
}

var (
	spanType = reflect.TypeFor[sfmd.Span]()
	lineType = reflect.TypeFor[sfmd.Line]()
	yamlType = reflect.TypeFor[yaml.Node]()
	liType   = reflect.TypeFor[sfmd.LineIndex]()
)

func (c *checker) errorf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}

func (c *checker) walk(path string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Pointer {
			if v.Type().Elem() == yamlType || v.Type().Elem() == liType {
				return // yaml positions are checked through the Spans next to them
			}
			if c.seen[v.Pointer()] {
				return
			}
			c.seen[v.Pointer()] = true
		}
		c.walk(path, v.Elem())
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // Src
		}
		for i := range v.Len() {
			c.walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i))
		}
	case reflect.Struct:
		switch v.Type() {
		case spanType:
			c.span(path, v.Interface().(sfmd.Span))
			return
		case lineType:
			c.line(path, v.Interface().(sfmd.Line))
		}
		t := v.Type()
		for i := range v.NumField() {
			if !t.Field(i).IsExported() {
				continue
			}
			c.walk(path+"."+t.Field(i).Name, v.Field(i))
		}
	}
}

func (c *checker) span(path string, s sfmd.Span) {
	if !s.IsValid() {
		if s != (sfmd.Span{}) && s.End.IsValid() {
			c.errorf("%s: end %v set without a start", path, s.End)
		}
		return
	}
	n := len(c.src)
	if s.Start.Off() < 0 || s.End.Off() > n || s.Start.Off() > s.End.Off() {
		c.errorf("%s: offsets [%d, %d) outside the file (0..%d) or reversed", path, s.Start.Offset, s.End.Offset, n)
		return
	}
	for _, p := range []struct {
		name string
		pos  sfmd.Pos
	}{{"start", s.Start}, {"end", s.End}} {
		want := c.li.Pos(p.pos.Off())
		if p.pos != want {
			c.errorf("%s: %s is %d:%d at offset %d, the line index says %d:%d", path, p.name, p.pos.Line, p.pos.Col, p.pos.Offset, want.Line, want.Col)
		}
	}
}

func (c *checker) line(path string, l sfmd.Line) {
	if strings.ContainsAny(l.Text, "\n") {
		c.errorf("%s: line text %q contains a newline", path, l.Text)
	}
	s := l.Span
	if !s.IsValid() || s.Start.Off() < 0 || s.End.Off() > len(c.src) || s.Start.Off() > s.End.Off() {
		return // reported by span
	}
	if s.Len() == len(l.Text) && string(c.src[s.Start.Offset:s.End.Offset]) != l.Text {
		c.errorf("%s: text %q is not the source under its span %q", path, l.Text, c.src[s.Start.Offset:s.End.Offset])
	}
	if utf8.ValidString(string(c.src)) && !utf8.ValidString(l.Text) {
		c.errorf("%s: text %q is not valid UTF-8 although the file is", path, l.Text)
	}
}
