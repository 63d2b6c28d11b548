package model

import (
	"slices"

	"github.com/sfmd-dev/sfmd/sfmd"
)

type flagParse struct {
	flags *ordered[string]
	rest  []string
	bare  []string
}

// Tokenize splits an argument string as the runtime's flag tokenizer
// does: the language's tokenizer (sfmd.TokenizeArgs) without the
// positions.
func Tokenize(args string) []string {
	spans := sfmd.TokenizeArgs(args)
	tokens := make([]string, len(spans))
	for i, t := range spans {
		tokens[i] = t.Text
	}
	return tokens
}

// parsePosixFlags is helpers.ts parsePosixFlags; nil means help.
func parsePosixFlags(args string, short map[string]string) *flagParse {
	tokens := Tokenize(args)
	if slices.ContainsFunc(tokens, sfmd.IsHelpToken) {
		return nil
	}
	p := &flagParse{flags: newOrdered[string]()}
	bareSeen := map[string]bool{}
	addBare := func(k string) {
		if !bareSeen[k] {
			bareSeen[k] = true
			p.bare = append(p.bare, k)
		}
	}
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		if tok == sfmd.EndOfFlags {
			p.rest = append(p.rest, tokens[i+1:]...)
			break
		}
		f, ok := sfmd.ReadFlag(tok)
		switch {
		case !ok:
			p.rest = append(p.rest, tok)
			continue
		case f.HasValue:
			p.flags.Set(f.Name, f.Value)
			continue
		}
		key := f.Name
		if long, ok := short[key]; f.Short && ok {
			key = long
		}
		if i+1 < len(tokens) && !sfmd.IsFlagToken(tokens[i+1]) {
			i++
			p.flags.Set(key, tokens[i])
		} else {
			p.flags.Set(key, "true")
			addBare(key)
		}
	}
	return p
}

// asksHelp reports whether args hold a help token: whether
// parsePosixFlags(args, …) is nil, without building the flags.
func asksHelp(args string) bool {
	for _, t := range sfmd.TokenizeArgs(args) {
		if sfmd.IsHelpToken(t.Text) {
			return true
		}
	}
	return false
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
