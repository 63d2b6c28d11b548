package rules

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

const hintActions = "```act.search\nGET https://api.example.com/search\n  q, -q: string (required) \"Query\"\n  limit: number \"Max\" = \"10\"\n```\n\n" +
	"```act.now\nGET https://api.example.com/now?city={city}\n  city: string (required) \"City\"\n```\n"

// TestHintRules checks the hint rules on small documents: the number of
// findings of one rule, and a substring of the first message.
func TestHintRules(t *testing.T) {
	for _, tc := range []struct {
		name, path, src string
		rule            *lint.Analyzer
		want            int
		msg             string
	}{
		{"dot form is case-insensitive", "x.md", "`/act.SEARCH --q x`\n\n" + hintActions, HintUnknownAction, 0, ""},
		{"unknown action", "x.md", "`/act.serch --q x`\n\n" + hintActions, HintUnknownAction, 1, `did you mean "search"?`},
		{"space form", "x.md", "`/act serch --q x`\n\n" + hintActions, HintUnknownAction, 1, `"serch"`},
		{"include may bring the action", "x.md", "[!include:more](more.md)\n\n`/act.serch --q x`\n\n" + hintActions, HintUnknownAction, 0, ""},
		{"no actions: documentation", "x.md", "`/act.serch --q x`\n", HintUnknownAction, 0, ""},
		{"help hides flag problems", "x.md", "`/act.search --query x --help`\n\n" + hintActions, HintUnknownFlag, 0, ""},
		{"file variant", "x.md", "`/act.search --q-file q.txt`\n\n" + hintActions, HintUnknownFlag, 0, ""},
		{"--x-file of an undeclared field", "x.md", "`/act.search --query-file q.txt`\n\n" + hintActions, HintUnknownFlag, 1, `"--query-file"`},
		{"spread forwards flags", "x.md", "`/act.run --any 1`\n\n```act.run\nCLI ./run {...args}\n  a: string \"A\"\n```\n", HintUnknownFlag, 0, ""},
		{"tool hint to this tool", "translate.md", "---\ntype: tool\ndefault: tr\n---\n\n`/tool:translate --txt x`\n\n```act.tr\nPOST https://a.example/tr\n  text: string (required) \"T\"\n```\n", HintUnknownFlag, 1, `not a parameter of tool action "tr"; did you mean "--text"?`},
		{"tool hint to another tool", "translate.md", "---\ntype: tool\ndefault: tr\n---\n\n`/tool:weather --txt x`\n\n```act.tr\nPOST https://a.example/tr\n  text: string (required) \"T\"\n```\n", HintUnknownFlag, 0, ""},
		{"tool named by its file", "translate.md", "`/tool:translate.nope`\n\n```act.tr\nPOST https://a.example/tr\n```\n", HintToolUnknownAction, 1, `tool "translate" has no action "nope"`},
		{"tool named in frontmatter", "x.md", "---\nname: tr\n---\n\n`/tool:x.nope`\n\n```act.tr\nPOST https://a.example/tr\n```\n", HintToolUnknownAction, 0, ""},
		{"-- makes values positional", "x.md", "`/act.now -- --city x`\n\n" + hintActions, HintTooManyPositionals, 1, `passes 2 positional values`},
		{"flags fill fields first", "x.md", "`/act.search --q x 5`\n\n" + hintActions, HintTooManyPositionals, 0, ""},
		{"positional fills the required field", "x.md", "`/act.now Seoul`\n\n" + hintActions, HintMissingRequired, 0, ""},
		{"positional binds in declaration order", "x.md", "`/act.search --limit 5`\n\n" + hintActions, HintMissingRequired, 1, `"q"`},
		{"a session variable may fill it", "x.md", "`/act.now --x 1`\n\n" + hintActions + "\n```act.search.response\n{city} = {Response.body.city}\n```\n", HintMissingRequired, 0, ""},
		{"boolean flag", "x.md", "`/act.v --verbose`\n\n```act.v\nGET https://a.example/v\n  verbose: boolean \"V\"\n```\n", HintFlagMissingValue, 0, ""},
		{"value -1 turns the flag bare", "x.md", "`/act.now --city -1`\n\n" + hintActions, HintFlagMissingValue, 1, `flag "--city" needs a value`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			diags := check(t, tc.path, []byte(tc.src), tc.rule)
			if len(diags) != tc.want {
				var got []string
				for _, d := range diags {
					got = append(got, format(d))
				}
				t.Fatalf("%s: got %d findings, want %d:\n%s", tc.rule.Name, len(diags), tc.want, strings.Join(got, "\n"))
			}
			if tc.msg != "" && !strings.Contains(diags[0].Message, tc.msg) {
				t.Errorf("message %q does not contain %q", diags[0].Message, tc.msg)
			}
		})
	}
}

// TestShowsDefinitionMatchesRegexp holds the byte scan to the pattern it
// replaces.
func TestShowsDefinitionMatchesRegexp(t *testing.T) {
	srcs := []string{
		"```act.search\n", "``act.search", "~~~act.search", "~~act.search", "``` \tact.search.response",
		"`act.searchx`", "`act.search-2`", "act.search", "x act.search ```", "```act.search", "`act.search`",
		"~~~~ act.search)", "```act.sear", "```act.search.other", "a```b act.search ``` act.search",
	}
	for _, src := range srcs {
		for _, id := range []string{"search", "search-2", "sear", "search.other", "", "se arch"} {
			re := regexp.MustCompile("(?:`+|~~~+)[ \t]*act\\." + regexp.QuoteMeta(id) + `(?:\.response)?(?:[^A-Za-z0-9_-]|$)`)
			want := re.MatchString(src)
			if got := newShownIDs([]byte(src)).has(id); got != want {
				t.Errorf("shownIDs(%q).has(%q) = %v, regexp says %v", src, id, got, want)
			}
		}
	}
}
