package rules

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestScanShellRuns holds scanShellInto, which passes over the runs of
// bytes that cannot change the quoting (shellSpecial), to the scan it
// replaced, which took every byte through its switch (scanShellByByte,
// below): the same spans, the same span for every byte, the same
// unclosed, on every CLI command and first line of the rule archives,
// corpus/err, upstream and generated documents, and on random commands
// made of quotes, escapes and substitutions.
func TestScanShellRuns(t *testing.T) {
	var cmds []string
	for name, src := range quotedMessageDocs(t) {
		doc := sfmd.Parse(name, src)
		for _, a := range doc.Actions {
			cmds = append(cmds, a.FirstLine.Text)
			if a.Target != nil {
				cmds = append(cmds, a.Target.Text)
			}
		}
	}
	r := rand.New(rand.NewPCG(21, 13))
	alphabet := []string{"a", " ", "'", "\"", "\\", "$", "(", ")", "`", "$(", "{x}", "é", "\t", "|"}
	for range 50000 {
		var b strings.Builder
		for range r.IntN(16) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cmds = append(cmds, b.String())
	}
	var got shellScan
	for _, c := range cmds {
		var want shellScan
		scanShellByByte(c, &want)
		scanShellInto(c, &got)
		if !slices.Equal(got.at, want.at) || !slices.Equal(got.spans, want.spans) || got.unclosed != want.unclosed {
			t.Fatalf("%q: scan %v %v %v, byte by byte %v %v %v", c, got.at, got.spans, got.unclosed, want.at, want.spans, want.unclosed)
		}
	}
}

// scanShellByByte is scanShellInto as it was before the runs: every byte
// through the switch.
func scanShellByByte(cmd string, sc *shellScan) {
	if cap(sc.at) < len(cmd)+1 {
		sc.at = make([]int, len(cmd)+1)
	}
	sc.at, sc.spans = sc.at[:len(cmd)+1], sc.spans[:0]
	type frame struct {
		kind byte // 0 top, '"', '\'', '(' for $( or (, '`'
		span int
	}
	var frames [8]frame // most commands nest less deep
	stack := append(frames[:0], frame{kind: 0, span: -1})
	top := func() frame { return stack[len(stack)-1] }
	push := func(kind byte, open int) {
		f := frame{kind: kind, span: -1}
		if kind == '"' || kind == '\'' {
			f.span = len(sc.spans)
			sc.spans = append(sc.spans, shellSpan{q: kind, open: open, close: -1})
		}
		stack = append(stack, f)
	}
	pop := func(at int) {
		if f := top(); f.span >= 0 {
			sc.spans[f.span].close = at
		}
		if len(stack) > 1 {
			stack = stack[:len(stack)-1]
		}
	}
	for i := 0; i < len(cmd); i++ {
		f := top()
		sc.at[i] = f.span
		c := cmd[i]
		switch f.kind {
		case '\'':
			if c == '\'' {
				pop(i)
			}
			continue
		case '"':
			switch {
			case c == '\\' && i+1 < len(cmd):
				i++
				sc.at[i] = f.span
			case c == '"':
				pop(i)
			case c == '$' && i+1 < len(cmd) && cmd[i+1] == '(':
				i++
				sc.at[i] = f.span
				push('(', i)
			case c == '`':
				push('`', i)
			}
			continue
		}
		// unquoted: top level, $(…), (…) or `…`
		switch {
		case c == '\\' && i+1 < len(cmd):
			i++
			sc.at[i] = -1
		case c == '\'' || c == '"':
			push(c, i)
		case c == '$' && i+1 < len(cmd) && cmd[i+1] == '(':
			i++
			sc.at[i] = -1
			push('(', i)
		case c == '(' && f.kind != '`':
			push('(', i)
		case c == ')' && f.kind == '(':
			pop(i)
		case c == '`' && f.kind == '`':
			pop(i)
		case c == '`':
			push('`', i)
		}
	}
	sc.at[len(cmd)] = top().span
	sc.unclosed = len(stack) > 1
}
