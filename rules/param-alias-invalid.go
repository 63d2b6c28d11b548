package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ParamAliasInvalid reports short aliases that are not "-" plus one letter.
var ParamAliasInvalid = &lint.Analyzer{
	Name:     "param-alias-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Requires: []*lint.Analyzer{paramsAnalyzer},
	Doc: lint.Doc{
		Title: "parameter alias is not a dash and one letter",
		Why:   "a short alias is written `name, -n`: one dash and one ASCII letter; the runtime does not match anything else and drops the whole parameter line",
		Bad:   "```act.greet\nGET https://api.example.com/greet\n  name, -nm: string (required) \"Name\"\n```\n",
		Good:  "```act.greet\nGET https://api.example.com/greet\n  name, -n: string (required) \"Name\"\n```\n",

		Severity: "parser.ts parseActionBlock (field pattern): the runtime drops the whole parameter line, so the field does not exist",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		eachGatedParam(pass, aliasInvalidGate, func(a *sfmd.Action, p *sfmd.Param, report func(lint.Diagnostic)) {
			if p.Alias == "" {
				// "name, : type": point at the comma
				text := src(doc, sfmd.Span{Start: p.NameSpan.End, End: p.AliasSpan.End})
				if i := strings.IndexByte(text, ','); i >= 0 {
					s := p.NameSpan.End.Off() + i
					report(diag(spanAt(doc, s, s+1), "parameter %q has a comma but no alias after it; write %q or remove the comma", p.Name, p.Name+", -"+firstLetter(p.Name)))
				}
				return
			}
			msg := fmt.Sprintf("alias %q of parameter %q is not a dash and one letter, so the runtime drops the whole line", p.Alias, p.Name)
			if l := firstLetter(strings.TrimLeft(p.Alias, "-")); l != "" {
				msg += fmt.Sprintf("; did you mean %q?", "-"+l)
			} else {
				msg += fmt.Sprintf("; write it as %q", "-"+firstLetter(p.Name))
			}
			report(diag(p.AliasSpan, "%s", msg))
		})
		return nil, nil
	},
}

// aliasRe is the alias the runtime accepts (parser.ts parseActionBlock,
// field pattern); isShortAlias matches it without a regexp
// (TestIsShortAliasIsRegexp).
var aliasRe = lazyre.New(`^-[A-Za-z]$`)

// isShortAlias reports whether s is a dash and one ASCII letter:
// aliasRe.MatchString(s), read on every alias of a document.
func isShortAlias(s string) bool { return len(s) == 2 && s[0] == '-' && isLetterByte(s[1]) }

// firstLetter returns the first ASCII letter of s, or "".
func firstLetter(s string) string {
	for i := 0; i < len(s); i++ {
		if isLetterByte(s[i]) {
			return s[i : i+1]
		}
	}
	return ""
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// aliasInvalidGate is the test param-alias-invalid makes first of a parameter (see paramGate).
var aliasInvalidGate = newParamGate(true, aliasInvalidTest)

// aliasInvalidTest is aliasInvalidGate's test of a parameter.
func aliasInvalidTest(_ *sfmd.Document, p *sfmd.Param) bool {
	return p.AliasSpan.IsValid() && !isShortAlias(p.Alias)
}
