package model

import "strings"

type flagParse struct {
	flags *ordered[string]
	rest  []string
	bare  []string
}

// Token is one token of an argument string as the runtime's flag
// tokenizer reads it.
type Token struct {
	Text       string // the token with its quotes removed
	Start, End int    // byte offsets of the token as written
	Quoted     bool   // the token contained a quote character
}

// TokenizeSpans splits an argument string as the runtime's flag tokenizer
// does (runtime-semantics.md §1.3, helpers.ts parsePosixFlags): tokens
// split on space and tab only (a newline is an ordinary character), '"'
// and '\” switch quoting anywhere in a token and are removed, there is
// no backslash escaping, and empty tokens (such as "") are dropped. Each
// token keeps where it was written, for the linter's positions.
func TokenizeSpans(args string) []Token {
	var out []Token
	var cur strings.Builder
	var quote byte
	start, quoted, open := 0, false, false
	flush := func(end int) {
		if cur.Len() > 0 {
			out = append(out, Token{Text: cur.String(), Start: start, End: end, Quoted: quoted})
		}
		cur.Reset()
		quoted, open = false, false
	}
	for i := 0; i < len(args); i++ {
		c := args[i]
		if !open && (quote != 0 || (c != ' ' && c != '\t')) {
			start, open = i, true
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote, quoted = c, true
		case c == ' ' || c == '\t':
			flush(i)
		default:
			cur.WriteByte(c)
		}
	}
	flush(len(args))
	return out
}

// Tokenize is TokenizeSpans without the positions.
func Tokenize(args string) []string {
	spans := TokenizeSpans(args)
	tokens := make([]string, len(spans))
	for i, t := range spans {
		tokens[i] = t.Text
	}
	return tokens
}

// parsePosixFlags is helpers.ts parsePosixFlags; nil means help.
func parsePosixFlags(args string, short map[string]string) *flagParse {
	tokens := Tokenize(args)
	for _, t := range tokens {
		if t == "--help" || t == "-h" {
			return nil
		}
	}
	p := &flagParse{flags: newOrdered[string]()}
	bareSeen := map[string]bool{}
	addBare := func(k string) {
		if !bareSeen[k] {
			bareSeen[k] = true
			p.bare = append(p.bare, k)
		}
	}
	// "exactly two characters" counts UTF-16 units, as JS length does
	isShort := func(t string) bool { return len(t) >= 2 && t[0] == '-' && utf16Len(t) == 2 }
	isFlag := func(t string) bool { return strings.HasPrefix(t, "--") || isShort(t) }
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		if tok == "--" {
			p.rest = append(p.rest, tokens[i+1:]...)
			break
		}
		var key string
		switch {
		case strings.HasPrefix(tok, "--") && len(tok) > 2:
			if eq := strings.IndexByte(tok, '='); eq > 2 {
				p.flags.Set(tok[2:eq], tok[eq+1:])
				continue
			}
			key = tok[2:]
		case isShort(tok):
			key = tok[1:]
			if long, ok := short[key]; ok {
				key = long
			}
		default:
			p.rest = append(p.rest, tok)
			continue
		}
		if i+1 < len(tokens) && !isFlag(tokens[i+1]) {
			i++
			p.flags.Set(key, tokens[i])
		} else {
			p.flags.Set(key, "true")
			addBare(key)
		}
	}
	return p
}

// tokenize splits the flags; --help anywhere answers with the help text.
func (c *call) tokenize() *Result {
	a := c.a
	short := map[string]string{}
	for _, f := range a.Fields {
		if f.Short != "" {
			short[f.Short] = f.Name
		}
	}
	c.parsed = parsePosixFlags(c.flagStr, short)
	if c.parsed == nil {
		return stop(okResult("Action: " + a.ID + "\n---\n" + renderActions(c.doc, a.ID, true)))
	}
	return nil
}
