package rules

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// paramRules are the rules of params.go.
var paramRules = []*lint.Analyzer{
	ParamNotIndented, ParamNameReserved, ParamAliasInvalid, ParamAliasReserved, ParamTypeMissing,
	ParamTypeUnknown, ParamConstraintUnknown, ParamRequiredAndOptional, ParamBoundInvalid,
	ParamBoundInapplicable, ParamConstraintCompat, ParamNoncanonicalOrder, ParamDescriptionUnquoted,
	ParamDefaultUnquoted, ParamDefaultTypeMismatch, ParamDefaultNotInHints, ParamRequiredWithDefault,
	ParamTrailingWhitespace, ParamUnused, ParamNamedBody,
}

func isParamRule(name string) bool {
	for _, a := range paramRules {
		if a.Name == name {
			return true
		}
	}
	return false
}

// lintAll runs every rule on src.
func lintAll(t *testing.T, src string) []lint.Diagnostic {
	t.Helper()
	diags, err := lint.Check(sfmd.Parse("x.md", []byte(src)), All())
	if err != nil {
		t.Fatal(err)
	}
	return diags
}

// TestParamRulesDeferToParser checks that no parameter rule reports a
// part of a line the parser already reported as param-syntax-invalid or
// action-unrecognized-line (one problem, one report, the specific one).
func TestParamRulesDeferToParser(t *testing.T) {
	lines := []string{
		`  q:strin (required) "x"`,             // no space after ':'
		`  q: string (required "x"`,            // unclosed constraints
		`  q: string (mandatory "x"`,           // unclosed, unknown inside
		`  q: string "x`,                       // unclosed description
		`  q: string "x" "y"`,                  // second description
		`  q: string = "1" junk`,               // text after the default
		`  q: number = "twenty`,                // unclosed default
		`  q: string (max:x, optional "d" = 1`, // several at once
		`  q string (required)`,                // no colon
	}
	for _, l := range lines {
		src := "```act.x\nPOST https://a.example/x\n" + l + "\n  body:\n    {}\n```\n"
		diags := lintAll(t, src)
		var parser []lint.Diagnostic
		for _, d := range diags {
			if d.Rule == sfmd.CodeParamSyntaxInvalid || d.Rule == sfmd.CodeActionUnrecognizedLine {
				parser = append(parser, d)
			}
		}
		if len(parser) == 0 {
			t.Errorf("%q: the parser reports nothing, the test input is stale", l)
			continue
		}
		for _, d := range diags {
			if !isParamRule(d.Rule) {
				continue
			}
			for _, p := range parser {
				if d.Span.Start.Offset < p.Span.End.Offset && p.Span.Start.Offset < d.Span.End.Offset {
					t.Errorf("%q: %s overlaps the parser's %s: %s", l, d.Rule, p.Rule, format(d))
				}
			}
		}
	}
}

// TestParamLineReportedOnce checks lines that are not really parameters:
// each gets exactly one finding from the parameter rules.
func TestParamLineReportedOnce(t *testing.T) {
	cases := []struct{ action, line, rule string }{
		{"GET https://a.example/x", "  Authorization: Bearer {token}", ParamTypeUnknown.Name},
		{"GET https://a.example/x", "  X-Api-Key: $KEY", ParamTypeUnknown.Name},
		{`CLI python3 run.py`, "try:", ParamNotIndented.Name},
		{"GET https://a.example/x", "q: strin (mandatory) Query = 1  ", ParamNotIndented.Name},
	}
	for _, c := range cases {
		src := "```act.x\n" + c.action + "\n" + c.line + "\n```\n"
		var got []string
		for _, d := range lintAll(t, src) {
			if isParamRule(d.Rule) && d.Span.Start.Line == 3 {
				got = append(got, format(d))
			}
		}
		if c.rule == ParamNotIndented.Name && strings.HasPrefix(c.line, "q:") {
			// a real (unindented) parameter: the other rules say what else is
			// wrong with it, but param-not-indented must be there once
			n := 0
			for _, g := range got {
				if strings.HasSuffix(g, "["+c.rule+"]") {
					n++
				}
			}
			if n != 1 || len(got) < 4 {
				t.Errorf("%q: want one %s among several findings, got:\n%s", c.line, c.rule, strings.Join(got, "\n"))
			}
			continue
		}
		if len(got) != 1 || !strings.HasSuffix(got[0], "["+c.rule+"]") {
			t.Errorf("%q: want exactly one %s finding, got:\n%s", c.line, c.rule, strings.Join(got, "\n"))
		}
	}
}

// TestParamDescriptionUnquotedFix checks the (unsafe) fix that quotes a
// description, and that none is offered when the text holds a quote.
func TestParamDescriptionUnquotedFix(t *testing.T) {
	src := "```act.x\nGET https://a.example/x\n  q: string (required) Search query = \"a\"\n  n: number Say \"hi\n```\n"
	diags := check(t, "x.md", []byte(src), ParamDescriptionUnquoted)
	if len(diags) != 2 {
		t.Fatalf("got %d diagnostics, want 2: %v", len(diags), diags)
	}
	f := diags[0].Fixes
	if len(f) != 1 || f[0].Safe || len(f[0].Edits) != 1 {
		t.Fatalf("want one unsafe fix, got %+v", f)
	}
	e := f[0].Edits[0]
	fixed := src[:e.Start] + e.New + src[e.End:]
	if !strings.Contains(fixed, "  q: string (required) \"Search query\" = \"a\"\n") {
		t.Errorf("fixed text:\n%s", fixed)
	}
	if !sfmd.Parse("x.md", []byte(fixed)).Actions[0].Params[0].Strict {
		t.Errorf("the fixed line is still not read by the runtime:\n%s", fixed)
	}
	if len(diags[1].Fixes) != 0 {
		t.Errorf("no fix may be offered for a description with a quote: %+v", diags[1].Fixes)
	}
}

// TestParamFixesMakeLinesStrict checks that the safe fixes of the
// parameter rules turn lines the runtime drops into lines it reads.
func TestParamFixesMakeLinesStrict(t *testing.T) {
	lines := []string{
		`  q: string "Query" (required)`,
		`  n: number "Count" = 20`,
		`  s: string (optional) "Sort"   `,
		`  r: string "Repo" (optional) = 7 `,
	}
	for _, l := range lines {
		src := []byte("```act.x\nGET https://a.example/x\n" + l + "\n```\n")
		for range 3 { // fixes that touch one line apply over several rounds
			diags, err := lint.Check(sfmd.Parse("x.md", src), paramRules)
			if err != nil {
				t.Fatal(err)
			}
			src, _ = lint.ApplyFixes(src, diags, lint.FixSafe)
		}
		p := sfmd.Parse("x.md", src).Actions[0].Params[0]
		if !p.Strict {
			t.Errorf("%q: after the safe fixes %q is still dropped by the runtime", l, p.Line.Text)
		}
	}
}

// TestSpanSetOverlaps holds spanSet to the plain scan it replaces, on
// random spans (empty, nested, equal starts, out of order).
func TestSpanSetOverlaps(t *testing.T) {
	naive := func(span sfmd.Span, spans []sfmd.Span) bool {
		for _, s := range spans {
			if span.Start.Offset < s.End.Offset && s.Start.Offset < span.End.Offset || span.Start.Offset == s.Start.Offset {
				return true
			}
		}
		return false
	}
	mk := func(a, b int) sfmd.Span {
		return sfmd.Span{Start: sfmd.Pos{Offset: int32(a)}, End: sfmd.Pos{Offset: int32(b)}}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var spans []sfmd.Span
		var set spanSet
		for range r.IntN(6) {
			a := r.IntN(30)
			b := a + r.IntN(8)
			spans = append(spans, mk(a, b))
			set.starts, set.ends = append(set.starts, a), append(set.ends, b)
		}
		set.index()
		a := r.IntN(40)
		q := mk(a, a+r.IntN(6))
		if got, want := set.overlaps(q), naive(q, spans); got != want {
			t.Fatalf("overlaps(%v) over %v = %v, want %v", q, spans, got, want)
		}
	}
}
