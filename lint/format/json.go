package format

import (
	"bytes"
	"io"

	"github.com/sfmd-dev/sfmd/lint"
)

// jsonDiag is the json format's object; field order is the contract.
type jsonDiag struct {
	Path      string        `json:"path"`
	Line      int           `json:"line"`
	Column    int           `json:"column"`
	EndLine   int           `json:"endLine"`
	EndColumn int           `json:"endColumn"`
	Severity  string        `json:"severity"`
	Rule      string        `json:"rule"`
	Message   string        `json:"message"`
	Fixes     []jsonFix     `json:"fixes"`
	Related   []jsonRelated `json:"related"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Safe    bool       `json:"safe"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Start   jsonPos `json:"start"`
	End     jsonPos `json:"end"`
	NewText string  `json:"newText"`
}

type jsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

type jsonRelated struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Message   string `json:"message"`
}

// jsonStream writes the json format: the array's elements as they come.
type jsonStream struct {
	w   io.Writer
	src *sources
	n   int
	b   bytes.Buffer
	jw  jsonw
}

func (s *jsonStream) write(diags []lint.Diagnostic) error {
	s.b.Reset()
	for i := range diags {
		if s.n == 0 {
			s.b.WriteString("[\n")
		} else {
			s.b.WriteString(",\n")
		}
		s.n++
		jd := toJSON(&diags[i], s.src)
		s.jw.start(1)
		s.jw.diag(&jd)
		s.b.Write(s.jw.b)
		if err := spill(s.w, &s.b); err != nil {
			return err
		}
	}
	return flush(s.w, &s.b)
}

func (s *jsonStream) close() error {
	end := "\n]\n"
	if s.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(s.w, end)
	return err
}

// toJSON is the json format's object for d.
func toJSON(d *lint.Diagnostic, src *sources) jsonDiag {
	path := slashPath(d.Path)
	jd := jsonDiag{
		Path:     path,
		Severity: d.Severity.String(),
		Rule:     d.Rule,
		Message:  d.Message,
		Fixes:    []jsonFix{},
		Related:  []jsonRelated{},
	}
	jd.Line, jd.Column = startOf(d.Span)
	jd.EndLine, jd.EndColumn = endOf(d.Span)
	for _, f := range d.Fixes {
		jf := jsonFix{Message: f.Message, Safe: f.Safe, Edits: []jsonEdit{}}
		for _, e := range f.Edits {
			s, en := src.pos(d.Path, e.Start), src.pos(d.Path, e.End)
			jf.Edits = append(jf.Edits, jsonEdit{
				Start:   jsonPos{Line: int(s.Line), Column: int(s.Col), Offset: e.Start},
				End:     jsonPos{Line: int(en.Line), Column: int(en.Col), Offset: e.End},
				NewText: e.New,
			})
		}
		jd.Fixes = append(jd.Fixes, jf)
	}
	for _, r := range d.Related {
		jr := jsonRelated{Path: path, Message: r.Message}
		if r.Path != "" {
			jr.Path = slashPath(r.Path)
		}
		jr.Line, jr.Column = startOf(r.Span)
		jr.EndLine, jr.EndColumn = endOf(r.Span)
		jd.Related = append(jd.Related, jr)
	}
	return jd
}
