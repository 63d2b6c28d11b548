package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// The runtime's reading of an invocation's argument string
// (runtime-semantics.md §1.3, helpers.ts parsePosixFlags), by the
// language's flag syntax (sfmd/grammar.go), plus the fill-in notation that invocation hints use on
// top of it (spec.md §1.9.7).

// argToken is one token of an argument string.
type argToken struct {
	Text       string // the token with its quotes removed
	Start, End int    // byte offsets of the token as written in the argument string
	Quoted     bool   // the token contained a quote character
	// Optional is set for tokens written inside a [ … ] group of a hint
	// (fill-in notation for optional arguments).
	Optional bool
	group    int  // the [ … ] group the token belongs to (0: none)
	opens    bool // the token opens its [ … ] group
}

// tokenizeArgs splits args exactly as the runtime does: the language's
// tokenizer (sfmd.TokenizeArgs), which the runtime model reads too.
func tokenizeArgs(args string) []argToken {
	spans := sfmd.TokenizeArgs(args)
	out := make([]argToken, len(spans))
	for i, t := range spans {
		out[i] = argToken{Text: t.Text, Start: t.Start, End: t.End, Quoted: t.Quoted}
	}
	return out
}

// flagArg is one flag of an invocation.
type flagArg struct {
	// Key is the flag name without dashes, a short flag mapped through the
	// alias table (or left as the letter when it is not an alias).
	Key   string
	Token argToken // the flag token (for --k=v, the whole token)
	Short bool     // written -x
	// Value is the flag's value; nil when the flag is bare (no value
	// follows, so the runtime sets it to "true").
	Value *argToken
}

// Bare reports whether the flag has no value.
func (f *flagArg) Bare() bool { return f.Value == nil }

// Written returns the flag as written: "--name" or "-n".
func (f *flagArg) Written() string {
	t := f.Token.Text
	if i := strings.IndexByte(t, '='); i > 2 && strings.HasPrefix(t, "--") {
		return t[:i]
	}
	return t
}

// invocation is an argument string read into flags and positionals.
type invocation struct {
	Help        bool // some token is --help or -h: the runtime shows the help
	Flags       []*flagArg
	Positionals []argToken
	// Ellipsis is set when a hint elides arguments ("…", "..."): it does
	// not show every argument it means.
	Ellipsis bool
}

// Flag returns the first flag with key, or nil.
func (inv *invocation) Flag(key string) *flagArg {
	for _, f := range inv.Flags {
		if f.Key == key {
			return f
		}
	}
	return nil
}

// FileFlag is Flag(name + "-file") (the flag that reads name's value
// from a file), found without building the key.
func (inv *invocation) FileFlag(name string) *flagArg {
	for _, f := range inv.Flags {
		if len(f.Key) == len(name)+len("-file") && strings.HasPrefix(f.Key, name) && strings.HasSuffix(f.Key, "-file") {
			return f
		}
	}
	return nil
}

// isFlagLike reports whether the runtime treats t as a flag
// (sfmd.IsFlagToken).
func isFlagLike(t string) bool { return sfmd.IsFlagToken(t) }

// parseArgs reads args exactly as the runtime does. aliases maps a short
// flag letter ("p") to its field name ("prompt").
func parseArgs(args string, aliases map[string]string) *invocation {
	inv := bind(tokenizeArgs(args))
	inv.readAliases(aliases)
	return inv
}

// readAliases reads each short flag (-x) of inv as the field whose alias
// it is (aliases maps the letter to the field's name): what the runtime's
// flag loop (helpers.ts parsePosixFlags) does as it meets the flag, done
// after bind, which never reads a flag's key.
func (inv *invocation) readAliases(aliases map[string]string) {
	for _, f := range inv.Flags {
		if long, ok := aliases[f.Key]; f.Short && ok {
			f.Key = long
		}
	}
}

// hasShort reports whether a flag of inv is short (-x).
func (inv *invocation) hasShort() bool {
	for _, f := range inv.Flags {
		if f.Short {
			return true
		}
	}
	return false
}

// bind runs the runtime's left-to-right flag loop over tokens. A flag
// only takes its value from the same [ … ] group; positionals inside a
// group are optional fill-ins and are dropped.
func bind(tokens []argToken) *invocation {
	inv := &invocation{}
	for _, t := range tokens {
		if sfmd.IsHelpToken(t.Text) {
			inv.Help = true
			return inv
		}
	}
	// the flags and their values in one slab, made at the first flag with
	// room for one a token left (so it never grows: Flags points into it),
	// and Flags and Positionals each made once with the same bound
	var slab []flagSlot
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		if tok.Text == sfmd.EndOfFlags {
			for _, r := range tokens[i+1:] {
				if r.group == 0 {
					inv.Positionals = appendBounded(inv.Positionals, r, len(tokens)-i)
				}
			}
			break
		}
		fl, ok := sfmd.ReadFlag(tok.Text)
		if !ok {
			if tok.group == 0 {
				inv.Positionals = appendBounded(inv.Positionals, tok, len(tokens)-i)
			}
			continue
		}
		if slab == nil {
			slab = make([]flagSlot, 0, len(tokens)-i)
			inv.Flags = make([]*flagArg, 0, len(tokens)-i)
		}
		slab = append(slab, flagSlot{f: flagArg{Token: tok}})
		fv := &slab[len(slab)-1]
		f := &fv.f
		if fl.HasValue {
			f.Key = fl.Name
			fv.v = argToken{Text: fl.Value, Start: tok.End, End: tok.End, Quoted: tok.Quoted, Optional: tok.Optional, group: tok.group}
			f.Value = &fv.v
			inv.Flags = append(inv.Flags, f)
			continue
		}
		f.Key, f.Short = fl.Name, fl.Short // readAliases maps a short one
		// a flag takes its value from its own group, or an optional
		// value "[n]" right after it
		if next := i + 1; next < len(tokens) && !isFlagLike(tokens[next].Text) &&
			(tokens[next].group == tok.group || (tok.group == 0 && tokens[next].opens)) {
			i++
			fv.v = tokens[i]
			f.Value = &fv.v
		}
		inv.Flags = append(inv.Flags, f)
	}
	return inv
}

// flagSlot is a flag and its value, side by side in bind's slab.
type flagSlot struct {
	f flagArg
	v argToken
}

// appendBounded appends t to ts, which it makes with capacity bound
// (the tokens left: no more can be appended) when it is nil.
func appendBounded(ts []argToken, t argToken, bound int) []argToken {
	if ts == nil {
		ts = make([]argToken, 0, bound)
	}
	return append(ts, t)
}

// parseHintArgs reads the arguments of an invocation hint: the runtime's
// reading (parseArgs) of the text a reader would type, where the hint's
// fill-in notation is understood first:
//
//   - "<a b>" and "{City Name}" written with spaces are one value;
//   - "[--limit 10]" is an optional group: its flags count, its other
//     words are fill-ins;
//   - "…" and "..." elide arguments;
//   - "→", "->", "|", "&&", ";" or a following "/act…" or "/tool:…"
//     command end the hint's arguments (a chain of commands).
func parseHintArgs(args string) *invocation {
	raw := tokenizeArgs(args)
	// the tokens kept overwrite raw's front: the i-th kept token is
	// written once raw[i] is read, and raw[j > i] is read after
	toks := raw[:0]
	ellipsis := false
	group, inGroup := 0, false
	for i := 0; i < len(raw); i++ {
		t := raw[i]
		written := args[t.Start:t.End]
		if !inGroup && !t.Quoted && isChainToken(t.Text) {
			break
		}
		// merge a fill-in written with spaces: <a b>, {a b}
		for _, p := range [...][2]byte{{'<', '>'}, {'{', '}'}} {
			if t.Quoted || written[0] != p[0] || strings.ContainsRune(written, rune(p[1])) {
				continue
			}
			for j := i + 1; j < len(raw); j++ {
				if strings.ContainsRune(args[raw[j].Start:raw[j].End], rune(p[1])) {
					t = argToken{Text: args[t.Start:raw[j].End], Start: t.Start, End: raw[j].End, Quoted: t.Quoted}
					i = j
					break
				}
			}
		}
		written = args[t.Start:t.End]
		closes := false
		if !t.Quoted && !inGroup && strings.HasPrefix(written, "[") {
			group++
			inGroup, t.opens = true, true
			t.Text = strings.TrimPrefix(t.Text, "[")
		}
		if inGroup && !t.Quoted && strings.HasSuffix(written, "]") {
			t.Text = strings.TrimSuffix(t.Text, "]")
			closes = true
		}
		if inGroup {
			t.group, t.Optional = group, true
		}
		if closes {
			inGroup = false
		}
		if t.Text == "" {
			continue
		}
		if t.Text == "..." || t.Text == "…" {
			// after a flag it is the flag's (fill-in) value; alone it
			// elides arguments
			if n := len(toks); n == 0 || toks[n-1].group != t.group || !isFlagLike(toks[n-1].Text) || strings.Contains(toks[n-1].Text, "=") {
				ellipsis = true
				continue
			}
		}
		toks = append(toks, t)
	}
	inv := bind(toks)
	inv.Ellipsis = ellipsis
	return inv
}

// isChainToken reports whether t separates two commands in a hint.
func isChainToken(t string) bool {
	switch t {
	case "→", "->", "=>", "|", "||", "&&", ";", "then":
		return true
	}
	return strings.HasPrefix(t, "/act") || strings.HasPrefix(t, "/tool:")
}
