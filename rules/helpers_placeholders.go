package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules about {…} placeholders in action definitions: the URL or
// command, header values and bodies (spec.md §2.9; runtime-semantics.md
// §1.5, §1.6, §1.8, §2).

// definitionUses returns the references of the first line and the bodies
// of every action (not parameter defaults), skipping "${X}" (shell or
// unrecognised syntax: the braces are not a placeholder).
func definitionUses(pass *lint.Pass) []use {
	syms := symbols(pass)
	if syms.defUsesDone { // three rules ask; computed once per document
		return syms.defUses
	}
	n := 0
	for _, u := range syms.usesAt(siteTarget, siteBody) {
		if u.Site <= siteBody && u.Action != nil {
			n++
		}
	}
	out := make([]use, 0, n) // one allocation, not append's doublings
	var quotes quoteCursor   // a command's uses come in order: its quotes are scanned once
	for _, u := range syms.usesAt(siteTarget, siteBody) {
		if u.Site > siteBody || u.Action == nil {
			continue
		}
		if u.Kind() != sfmd.RefPersistent && u.followsDollar() {
			continue
		}
		if u.Site == siteTarget && u.Action.IsCLI() && u.Kind() != sfmd.RefPersistent && u.Kind() != sfmd.RefResponse && u.Action.Param(u.Ref.Name) == nil && quotes.inQuotes(u.Action.Target, u.Ref) {
			continue // inline script text (python f-strings, jq, awk): only declared names are placeholders there
		}
		out = append(out, u)
	}
	syms.defUses, syms.defUsesDone = out, true
	return out
}

// followsDollar reports whether the byte before span is '$' or '%'
// ("${X}" is shell syntax, "%{http_code}" a curl format).
func followsDollar(doc *sfmd.Document, span sfmd.Span) bool {
	s := span.Start.Off()
	return s > 0 && s <= len(doc.Src) && (doc.Src[s-1] == '$' || doc.Src[s-1] == '%')
}

// followsDollar is followsDollar of u's reference, from the byte before
// it the uses keep.
func (u *use) followsDollar() bool { return u.prev == '$' || u.prev == '%' }

// quoteCursor tells whether references sit inside shell quotes of their
// command (shellQuoteAt), for the references of a command in source
// order: it goes on with shellQuoteAt's scan from where the previous
// reference left it (the scan's state at a byte does not depend on where
// it stops), rather than scanning the command from its start for each
// (TestQuoteCursor holds it to shellQuoteAt). A reference of another
// command, or before the previous one, starts the scan again.
type quoteCursor struct {
	cmd  string
	k, i int  // shellQuoteAt's loop index, and the byte asked last
	q    byte // the quote open at k
}

// inQuotes reports whether r sits inside shell quotes of the command t.
func (c *quoteCursor) inQuotes(t *sfmd.Template, r *sfmd.VarRef) bool {
	if t == nil {
		return false
	}
	i := r.Span.Start.Off() - t.Span.Start.Off()
	return i >= 0 && i <= len(t.Text) && c.at(t.Text, i) != 0
}

// at is shellQuoteAt(cmd, i).
func (c *quoteCursor) at(cmd string, i int) byte {
	if cmd != c.cmd || i < c.i { // the same command is the same string: compared by its pointer
		*c = quoteCursor{cmd: cmd}
	}
	c.i = i
	c.k, c.q = scanQuotes(cmd, c.k, i, c.q)
	return c.q
}

// defSiteName names a definition site in messages.
func defSiteName(s site, a *sfmd.Action) string {
	switch s {
	case siteTarget:
		if a != nil && a.IsCLI() {
			return "the command"
		}
		return "the URL"
	case siteHeader:
		return "a header"
	case siteInlineBody:
		return "the -d body"
	case siteBody:
		return "the body"
	case siteParamDefault:
		return "a parameter default"
	}
	return "the definition"
}

// actionParamNames returns the parameter names of a.
func actionParamNames(a *sfmd.Action) []string {
	out := make([]string, 0, len(a.Params))
	for _, p := range a.Params {
		if p.Name != "" {
			out = append(out, p.Name)
		}
	}
	return out
}

// shellQuoteAt returns the quote character (double or single) that is open at
// byte i of a shell command, or 0.
func shellQuoteAt(cmd string, i int) byte {
	_, q := scanQuotes(cmd, 0, i, 0)
	return q
}

// scanQuotes goes on with a shell command's quote scan from byte k, with
// quote q open there, to byte i: where the scan stopped (past i after a
// backslash) and the quote open there.
func scanQuotes(cmd string, k, i int, q byte) (int, byte) {
	for ; k < i && k < len(cmd); k++ {
		c := cmd[k]
		switch {
		case q == 0 && c == '\\':
			k++
		case q == '"' && c == '\\':
			k++
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case q != 0 && c == q:
			q = 0
		}
	}
	return k, q
}
