package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/lint"
)

// ActInfoStringInvalid reports ```act… fences that are not `act.<id>` or
// `act.<id>.response`.
var ActInfoStringInvalid = &lint.Analyzer{
	Name:     "act-info-string-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "fenced block looks like an action but its info string is malformed",
		Why:   "only `act.<id>` and `act.<id>.response` info strings define actions and response templates; anything else (`act:search`, `act.search.resp`, `act.a.b`, trailing words) is treated as plain code and silently ignored by the runtime",
		Bad:   "```act:search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",

		Severity: "parser.ts parse reads only `act.<id>` and `act.<id>.response` info strings: the runtime reads the block as plain code, so the action or template does not exist",
	},
	Run: runActInfoStringInvalid,
}

var actInfoRe actInfoPattern

// actInfoPattern matches `^act\.[^.\s]+(\.response)?$` (\s is
// [\t\n\f\r ]) without a regexp: every fence of every document.
type actInfoPattern struct{}

// MatchString reports whether s is a valid action or response info
// string.
func (actInfoPattern) MatchString(s string) bool {
	rest, ok := strings.CutPrefix(s, "act.")
	if !ok {
		return false
	}
	id := func(s string) bool { // [^.\s]+, a byte at a time (strings.ContainsAny made its set a call)
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '.', '\t', '\n', '\f', '\r', ' ':
				return false
			}
		}
		return s != ""
	}
	if r, ok := strings.CutSuffix(rest, ".response"); ok && id(r) {
		return true
	}
	return id(rest)
}

func runActInfoStringInvalid(pass *lint.Pass) (any, error) {
	for _, f := range pass.Doc.Fences {
		info := f.Info
		if !(strings.HasPrefix(info, "act.") || strings.HasPrefix(info, "act:")) || actInfoRe.MatchString(info) {
			continue
		}
		msg := fmt.Sprintf("info string %q does not define an action or a response template, so the block is plain code", info)
		if s := suggestInfo(info); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += "; expected \"act.<id>\" or \"act.<id>.response\""
		}
		span := f.InfoSpan
		if !span.IsValid() {
			span = f.OpenSpan
		}
		pass.Reportf(span, "%s", msg)
	}
	return nil, nil
}

// suggestInfo guesses the intended info string, or "".
func suggestInfo(info string) string {
	word := info
	if i := strings.IndexAny(word, " \t"); i >= 0 {
		word = word[:i]
	}
	rest := word[len("act."):]
	parts := strings.Split(rest, ".")
	if len(parts) == 0 || parts[0] == "" {
		return ""
	}
	id := parts[0]
	switch {
	case len(parts) == 1:
		return "act." + id
	// "act.x.resp": the suffix written is a prefix of "response"
	case len(parts) == 2 && parts[1] != "" && (strings.HasPrefix("response", strings.ToLower(parts[1])) || //nolint:gocritic // argOrder: the written suffix abbreviates "response"
		suggest.EditDistance(strings.ToLower(parts[1]), "response") <= 2):
		return "act." + id + ".response"
	}
	return ""
}
