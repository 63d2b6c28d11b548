package rules

import (
	"strings"
	"sync"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// CLIPlaceholderQuoted reports placeholders wrapped in quotes in CLI
// commands: one finding per command, the other placeholders as related
// positions, and one safe fix that takes them all out of their quotes.
var CLIPlaceholderQuoted = &lint.Analyzer{
	Name:     "cli-placeholder-quoted",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "placeholder inside quotes in a CLI command",
		Why:   "the runtime shell-quotes every substituted value itself (`shellQuote` in `executeAction`, `packages/string/src/commands/action.ts`: `''` when empty, a plain value as is, anything else in single quotes); inside your own double quotes those quotes are literal, so `\"Hello, {name}!\"` passes `Hello, 'John Doe'!`, an empty value arrives as the two characters `''`, and a value with `$(…)` or backticks runs as a command (the runtime refuses only `$NAME` in a caller's value); inside single quotes the quotes cancel out, so the shell splits and expands the value",
		Bad:   "```act.greet\nCLI echo \"Hello, {name}!\"\n  name: string (required) \"who to greet\"\n```\n",
		Good:  "```act.greet\nCLI echo Hello, {name}!\n  name: string (required) \"who to greet\"\n```\n",

		Severity: "action.ts executeAction substitutes shellQuote of the value and runs the line with bash -c (loader.ts Loader.execCli): plain values pass unchanged, but others arrive with quote characters (or split), and inside double quotes a $(…) in a value runs as a command",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "the runtime's own quoting of the value replaces the quotes: a value of plain characters gives the same word, any other the word that was meant (a placeholder in a text a second shell reads again, sh -c '…', eval, ssh, is left to dryrun-cli-value-reparsed and not reported here)"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		for _, a := range pass.Doc.Actions {
			if !a.IsCLI() || a.Target == nil {
				continue
			}
			if d, ok := quotedPlaceholders(pass.Doc, a, syms); ok {
				pass.Report(d)
			}
		}
		return nil, nil
	},
}

// A placeholder inside the author's quotes gets the runtime's shellQuote quoting
// inside them (runtime-semantics.md §2): "{name}" runs as "'John Doe'" and
// the program receives the quote characters; '{name}' splits the value
// into words. The fix closes the author's quotes around each placeholder
// ("Hello, {name}!" becomes "Hello, "{name}"!", '{id}' becomes {id}):
// shellQuote makes the value exactly one word, made of literal characters, so
// the fix never changes what a value of plain characters gives and turns
// every other value into what was meant. A placeholder in a text that a
// second shell reads again (model.ShellCommand.Scripts: sh -c '…',
// eval, ssh, …) is dryrun-cli-value-reparsed's, which dry-runs it
// through both shells: one mistake, one finding.

// quotedPlaceholders builds the finding of one CLI command, if any of its
// placeholders is quoted.
func quotedPlaceholders(doc *sfmd.Document, a *sfmd.Action, syms *symbolTable) (lint.Diagnostic, bool) {
	t := a.Target
	off := lineOffset(doc, t.Text, t.Span)
	if off < 0 {
		return lint.Diagnostic{}, false
	}
	hits, sc := quotedHits(a, syms, off)
	if sc != nil {
		defer func() {
			if cap(sc.at) <= maxScanBuf {
				scanBufs.Put(sc)
			}
		}()
	}
	if len(hits) == 0 {
		return lint.Diagnostic{}, false
	}
	edits := make([]lint.Edit, 0, 2*len(hits)) // at most two a placeholder
	fixable := true
	for n, h := range hits {
		sp := sc.spans[h.sp]
		if sp.close < 0 {
			fixable = false
			break
		}
		e := h.i + len(h.ref.Raw)
		prevEnd := -1
		if n > 0 && hits[n-1].sp == h.sp {
			prevEnd = hits[n-1].i + len(hits[n-1].ref.Raw)
		}
		switch {
		case h.i-1 == sp.open:
			edits = append(edits, lint.Edit{Start: off + sp.open, End: off + sp.open + 1})
		case prevEnd == h.i:
			// {a}{b}: the previous placeholder left the quote closed
		default:
			edits = append(edits, lint.Edit{Start: off + h.i, End: off + h.i, New: quoteString(sp.q)})
		}
		nextStart := -1
		if n+1 < len(hits) && hits[n+1].sp == h.sp {
			nextStart = hits[n+1].i
		}
		switch {
		case e == sp.close:
			edits = append(edits, lint.Edit{Start: off + sp.close, End: off + sp.close + 1})
		case nextStart == e:
		default:
			edits = append(edits, lint.Edit{Start: off + e, End: off + e, New: quoteString(sp.q)})
		}
	}
	first := hits[0]
	msg := quotedMessage(a.ID, t.Text, sc, hits)
	d := lint.Diagnostic{Span: first.ref.Span, Message: msg}
	if len(hits) > 1 {
		d.Related = make([]lint.Related, 0, len(hits)-1)
	}
	for _, h := range hits[1:] {
		d.Related = append(d.Related, lint.Related{Span: h.ref.Span, Message: "also quoted here"})
	}
	if fixable && len(edits) > 0 {
		m := "take the placeholder out of its quotes"
		if len(hits) > 1 {
			m = "take the placeholders out of their quotes"
		}
		d.Fixes = []lint.Fix{{Message: m, Safe: true, Edits: edits}}
	}
	return d, true
}

// quotedMessage writes the message of the finding of the command cmd
// of action id, whose quoted placeholders are hits: the names (each
// once, in order), the kind of quotes, what a value does there
// (appendQuotedEffect) and, when the first placeholder's quotes close,
// the command with it taken out of them (appendClosedExample). It
// appends to one buffer, not through fmt and a string a part
// (TestQuotedMessageIsFmt holds it to the fmt.Sprintf it replaces).
func quotedMessage(id, cmd string, sc *shellScan, hits []quotedHit) string {
	b := make([]byte, 0, 512) // most messages are 300 to 500 bytes
	var firstBuf [16]bool
	first := firstOfName(hits, firstBuf[:0])
	names := 0 // the distinct names, joined as "a, b and c"
	for _, f := range first {
		if f {
			names++
		}
	}
	written := 0
	for k, h := range hits {
		if !first[k] {
			continue
		}
		switch {
		case written == 0:
		case written == names-1:
			b = append(b, " and "...)
		default:
			b = append(b, ", "...)
		}
		b = append(b, h.ref.Raw...)
		written++
	}
	if names > 1 {
		b = append(b, " are inside "...)
	} else {
		b = append(b, " is inside "...)
	}
	h0 := hits[0]
	fsp := sc.spans[h0.sp]
	mixed := false
	for _, h := range hits {
		if sc.spans[h.sp].q != fsp.q {
			mixed = true
		}
	}
	if !mixed {
		b = append(b, quoteName(fsp.q)...)
		b = append(b, ' ')
	}
	b = append(b, "quotes in the command of "...)
	b = appendQuotedAfter(b, "act.", id) // what %q writes of "act."+id
	b = append(b, ", but the runtime already shell-quotes every value, so "...)
	b = appendQuotedEffect(b, cmd, sc, h0.sp, h0.i, len(h0.ref.Raw))
	b = append(b, "; close the quotes around the placeholder"...)
	if len(hits) > 1 {
		b = append(b, 's')
	}
	if fsp.close >= 0 {
		b = append(b, ", e.g. "...)
		b = appendClosedExample(b, cmd, fsp, h0.i, len(h0.ref.Raw))
	}
	return string(b)
}

// firstOfName appends to out, for each hit, whether it is the first of
// its placeholder (by comparison for a few hits, a set past 16).
func firstOfName(hits []quotedHit, out []bool) []bool {
	var seen map[string]bool
	if len(hits) > 16 {
		seen = make(map[string]bool, len(hits))
	}
	for k, h := range hits {
		f := true
		if seen != nil {
			f = !seen[h.ref.Raw]
			seen[h.ref.Raw] = true
		} else {
			for _, e := range hits[:k] {
				if e.ref.Raw == h.ref.Raw {
					f = false
					break
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// quoteString is the one-character string of quote q (' or ").
func quoteString(q byte) string {
	if q == '\'' {
		return "'"
	}
	return `"`
}

// quotedHit is a placeholder inside the author's quotes: at offset i of
// the command, in the quoted string sp of its scan.
type quotedHit struct {
	ref *sfmd.VarRef
	i   int // offset in the command (a.Target.Text)
	sp  int // index into the scan's spans
}

// quotedHits finds the substituted placeholders of a's command (at off
// in the document) that stand inside the author's quotes and that no
// second shell reads again, with the scan of the command's quoting: nil
// when no placeholder needed it, else taken from scanBufs (the caller
// puts it back).
func quotedHits(a *sfmd.Action, syms *symbolTable, off int) ([]quotedHit, *shellScan) {
	t := a.Target
	var sc *shellScan // scanned at the first placeholder that needs it
	var reread map[int]bool
	rereadDone := false // reread is looked up at the first quoted placeholder
	var hits []quotedHit
	for _, r := range t.Refs {
		if r.Kind != sfmd.RefVar && r.Kind != sfmd.RefSpread {
			continue
		}
		if r.Kind == sfmd.RefVar {
			if _, assigned := syms.Assigned[r.Name]; a.Param(r.Name) == nil && !assigned {
				continue // not substituted: jq/awk braces or an undeclared name
			}
		}
		i := r.Span.Start.Off() - off
		if i < 0 || i+len(r.Raw) > len(t.Text) || t.Text[i:i+len(r.Raw)] != r.Raw {
			continue
		}
		if sc == nil {
			sc = scanBufs.Get().(*shellScan)
			scanShellInto(t.Text, sc)
		}
		k := sc.at[i]
		if k < 0 {
			continue // unquoted
		}
		if !rereadDone {
			// the scripts a second shell reads again are looked for
			// only in a command with a quoted placeholder: most have none
			reread, rereadDone = rereadOffsets(t.Text), true
		}
		if reread[i] {
			continue // read again by a second shell (dryrun-cli-value-reparsed)
		}
		hits = append(hits, quotedHit{r, i, k})
	}
	return hits, sc
}

// appendQuotedEffect appends what a value substituted at [i, i+n) of
// cmd, inside the quoted string sc.spans[k], does at run time, with the
// argv the runtime's quoting gives for an example value
// (model.ShellQuote) (simulated by simulatedArgs, checked against bash by
// TestQuotedEffectArgv).
func appendQuotedEffect(b []byte, cmd string, sc *shellScan, k, i, n int) []byte {
	if sc.spans[k].q == '"' {
		// inside "…", shellQuote's single quotes are literal and $(…) and `…`
		// still run; the caller check (action.ts executeAction) refuses
		// only $NAME in a value
		b = append(b, `the quotes nest: "John Doe" arrives as `...)
		b = appendQuoteArgs(b, simulatedArgs(cmd, sc, i, n, "John Doe"))
		b = append(b, ", an empty value as "...)
		b = appendQuoteArgs(b, simulatedArgs(cmd, sc, i, n, ""))
		return append(b, ", and a value with $(…) or backticks in it runs as a command (the runtime refuses only $NAME in a value)"...)
	}
	// inside '…', shellQuote's quotes close the author's: the value is unquoted
	b = append(b, `the quotes cancel out: "John Doe" arrives as `...)
	b = appendQuoteArgs(b, simulatedArgs(cmd, sc, i, n, "John Doe"))
	return append(b, ", and the shell expands $(…), backticks and * in a value (a $(…) runs as a command)"...)
}

// appendQuoteArgs appends args as fmt's %q writes them (["a" "b"]: each
// as strconv.Quote, between brackets, separated by spaces) without fmt's
// reflection (TestQuoteArgsIsFmt).
func appendQuoteArgs(b []byte, args []string) []byte {
	b = append(b, '[')
	for k, a := range args {
		if k > 0 {
			b = append(b, ' ')
		}
		b = appendQuote(b, a)
	}
	return append(b, ']')
}

// simulatedArgs returns the arguments bash makes of the shell word of
// cmd that holds [i, i+n) once q(v) stands there: the word is cut at
// unquoted blanks and operators, and its quotes removed, without any
// expansion (other placeholders stay as written).
func simulatedArgs(cmd string, sc *shellScan, i, n int, v string) []string {
	escaped := func(j int) bool { return j > 0 && cmd[j-1] == '\\' && sc.at[j-1] < 0 }
	isBreak := func(j int) bool {
		return sc.at[j] < 0 && strings.IndexByte(" \t;&|<>()", cmd[j]) >= 0 && !escaped(j)
	}
	start, end := i, i+n
	for start > 0 && !isBreak(start-1) {
		start--
	}
	for end < len(cmd) && !isBreak(end) {
		end++
	}
	return shellFields(cmd[start:i] + model.ShellQuote(v) + cmd[i+n:end])
}

// shellFields splits s into words at unquoted blanks and removes the
// quotes as bash does ('…' literal, "…" with \ \" \$ \` escapes, a
// backslash outside quotes), without expanding anything. An empty quoted
// string is a word of its own.
func shellFields(s string) []string {
	var out []string
	var b strings.Builder
	word := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if word {
				out = append(out, b.String())
				b.Reset()
				word = false
			}
			continue
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\\"$`", s[i+1]) >= 0 {
					i++
				}
				b.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		default:
			b.WriteByte(c)
		}
		word = true
	}
	if word {
		out = append(out, b.String())
	}
	return out
}

// appendClosedExample appends the quoted string sp of cmd rewritten
// with the placeholder at [i, i+n) taken out of the quotes.
func appendClosedExample(b []byte, cmd string, sp shellSpan, i, n int) []byte {
	before, ph, after := cmd[sp.open+1:i], cmd[i:i+n], cmd[i+n:sp.close]
	if before != "" {
		b = append(append(append(b, sp.q), before...), sp.q)
	}
	b = append(b, ph...)
	if after != "" {
		b = append(append(append(b, sp.q), after...), sp.q)
	}
	return b
}

// joinAnd joins names as "a, b and c".
func joinAnd(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// shellSpan is one quoted string of a shell command: its quote
// character and the offsets of its opening and closing quote (close is
// -1 when it is never closed).
type shellSpan struct {
	q           byte
	open, close int
}

// shellScan is the quoting structure of a command: at[i] is the index in
// spans of the innermost quoted string holding byte i, or -1 when byte i
// is unquoted (at the top level or inside a $(…) or `…` substitution,
// where quoting starts afresh).
type shellScan struct {
	at    []int
	spans []shellSpan
	// unclosed is true when the command ends inside a quoted string, a
	// $(…), (…) or `…`: bash rejects it ("unexpected EOF while looking
	// for matching …") and runs nothing.
	unclosed bool
}

// scanShell reads the quoting of a bash command: '…', "…" with
// backslash escapes, and $(…) and `…` substitutions, which start a new
// quoting context even inside double quotes.
func scanShell(cmd string) shellScan {
	var sc shellScan
	scanShellInto(cmd, &sc)
	return sc
}

// scanBufs recycles the scans of cli-placeholder-quoted (at is one int
// per byte of a command: the rule's largest allocation).
var scanBufs = sync.Pool{New: func() any { return new(shellScan) }}

// maxScanBuf is the largest at slice kept in scanBufs (512 KB): a
// longer command's is left to the garbage collector.
const maxScanBuf = 1 << 16

// scanShellInto is scanShell that writes the scan of cmd to sc, reusing
// the arrays of its at and spans when they are large enough.
func scanShellInto(cmd string, sc *shellScan) {
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
		// the bytes before the next one that can change the quoting
		// (shellSpecial) keep f's span: a run, not the switch a byte
		special := shellSpecial[shellState(f.kind)]
		for i < len(cmd) && !special[cmd[i]] {
			sc.at[i] = f.span
			i++
		}
		if i == len(cmd) {
			break
		}
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

// shellSpecial holds, for each quoting state of scanShellInto (unquoted,
// '…', "…"), the bytes its switch acts on; every other byte only takes
// the span of the string it is in (TestScanShellRuns holds the runs to
// the byte-by-byte scan).
var shellSpecial = [3]*[256]bool{
	sfmd.Chars("\\'\"$()`"),
	sfmd.Chars("'"),
	sfmd.Chars("\\\"$`"),
}

// shellState is the index in shellSpecial of a frame kind of
// scanShellInto.
func shellState(kind byte) int {
	switch kind {
	case '\'':
		return 1
	case '"':
		return 2
	}
	return 0
}

// rereadOffsets is the set of offsets of cmd (a command as written,
// placeholders and all) that a second shell reads again: the bytes of
// the scripts model.ShellCommand.Scripts finds (none when the model does
// not read the line).
func rereadOffsets(cmd string) map[int]bool {
	if !model.MayReread(cmd) {
		return nil // as dryrun-cli-value-reparsed skips it: the placeholders stay this rule's
	}
	cmds, ok := model.ShellCommands(cmd)
	if !ok {
		return nil
	}
	var out map[int]bool
	for _, c := range cmds {
		for _, sc := range c.Scripts() {
			for _, off := range sc.Script.From {
				if off < 0 {
					continue
				}
				if out == nil {
					out = map[int]bool{}
				}
				out[off] = true
			}
		}
	}
	return out
}
