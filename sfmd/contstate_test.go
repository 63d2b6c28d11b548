package sfmd

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// contLineRef is contState.line as it was first written: every byte of a
// quoted stretch read one by one.
func contLineRef(s *contState, t string) bool {
	if s.inDoc {
		if strings.TrimLeft(strings.TrimRight(t, " \t\r"), "\t") == s.heredoc {
			s.inDoc, s.heredoc = false, ""
			return false
		}
		return true
	}
	backslash := false
scan:
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch s.quote {
		case '\'':
			if c == '\'' {
				s.quote = 0
			}
			continue
		case '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				s.quote = 0
			}
			continue
		}
		switch {
		case c == '\\':
			if i == len(t)-1 {
				backslash = true
			}
			i++
		case c == '\'' || c == '"':
			s.quote = c
		case s.shell && c == '#' && (i == 0 || t[i-1] == ' ' || t[i-1] == '\t'):
			break scan
		case s.shell && c == '<' && strings.HasPrefix(t[i:], "<<") && !strings.HasPrefix(t[i:], "<<<"):
			d := strings.TrimLeft(t[i+2:], "-")
			d = strings.TrimLeft(d, " \t")
			d = strings.Trim(strings.Fields(d + " x")[0], `'"`)
			if d != "" && d != "x" {
				s.heredoc = d
			}
			i++
		}
	}
	if s.quote != 0 || backslash {
		return true
	}
	if s.heredoc != "" {
		s.inDoc = true
		return true
	}
	trimmed := strings.TrimRight(t, " \t\r")
	return s.shell && (strings.HasSuffix(trimmed, "|") || strings.HasSuffix(trimmed, "&&"))
}

// TestContStateSkipsQuotes: contState.line, which skips to the end of a
// quoted stretch, reads what reading every byte reads (the answer and the
// state after each line), for shell and plain commands, over sequences of
// random lines of quotes, escapes, comments and here-documents and over
// the lines of every document of comparedDocuments read as one command.
func TestContStateSkipsQuotes(t *testing.T) {
	run := func(shell bool, lines []string) {
		t.Helper()
		got, want := contState{shell: shell}, contState{shell: shell}
		for k, l := range lines {
			g, w := got.line(l), contLineRef(&want, l)
			if g != w || got != want {
				t.Fatalf("line %d %q of %q: line = %v %+v, want %v %+v", k, l, lines, g, got, w, want)
			}
		}
	}
	pieces := []string{"'", "\"", "\\", "\\\"", "\\'", "a", "x y", " ", "\t", "#", " #", "<<", "<<<", "<<EOF", "<<-'END'", "EOF", "END", "|", "&&", "{\"k\": 1}", "\r"}
	r := rand.New(rand.NewPCG(14, 7))
	for range 20000 {
		lines := make([]string, 1+r.IntN(4))
		for k := range lines {
			var b strings.Builder
			for range r.IntN(8) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			lines[k] = b.String()
		}
		run(r.IntN(2) == 0, lines)
	}
	for _, src := range comparedDocuments(t) {
		lines := strings.Split(string(src), "\n")
		run(true, lines)
		run(false, lines)
	}
}
