package rules

import (
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// familyCase is one document and the findings one rule must give for it,
// as "line:col" plus a message fragment each ("" : none).
type familyCase struct {
	rule *lint.Analyzer
	src  string
	want []string // "line:col fragment"
}

func runFamilyCases(t *testing.T, cases []familyCase) {
	t.Helper()
	for _, tc := range cases {
		ds := check(t, "x.md", []byte(tc.src), tc.rule)
		if len(ds) != len(tc.want) {
			t.Errorf("%s on %q: got %d findings, want %d:\n%s", tc.rule.Name, tc.src, len(ds), len(tc.want), messages(ds))
			continue
		}
		for i, w := range tc.want {
			pos, frag, _ := strings.Cut(w, " ")
			got := ds[i].Span.Start.String()
			if got != pos || !strings.Contains(ds[i].Message, frag) {
				t.Errorf("%s on %q: finding %d is %s %q, want %s containing %q", tc.rule.Name, tc.src, i, got, ds[i].Message, pos, frag)
			}
			checkMessage(t, ds[i])
		}
	}
}

func TestFrontmatterCases(t *testing.T) {
	runFamilyCases(t, []familyCase{
		// each non-string tag is reported at the tag itself
		{FrontmatterFieldType, "---\ntags: [ai, 2024, \"ok\", true]\n---\n", []string{
			`2:12 tag "2024" is a number`, `2:24 tag "true" is a boolean`}},
		{FrontmatterFieldType, "---\ntags:\n  - ai\n  - [nested]\n---\n", []string{`4:5 a tag is a list`}},
		// empty values are not type errors; block scalars are strings
		{FrontmatterFieldType, "---\ntitle:\ndescription: >\n  folded\n---\n", nil},
		// sfmd is sfmd-version-format's business
		{FrontmatterFieldType, "---\nsfmd: 0.1\n---\n", nil},
		// a thematic break followed by prose is not misplaced frontmatter
		{FrontmatterNotAtStart, "\n---\nNote: this is prose, not YAML: really\n\n---\n", nil},
		{FrontmatterNotAtStart, "\n---\nNote: a\n- b\n---\n", nil},
		{FrontmatterNotAtStart, "# Title\n\n---\nname: x\n---\n", nil},
		{FrontmatterNotAtStart, "\ufeff\n---\nname: x\n---\n", []string{`2:1 starts on line 2`}},
		{FrontmatterDelimiterNotExact, "---\t \nname: x\n", []string{`1:4 opening frontmatter delimiter`}},
		{FrontmatterDelimiterNotExact, "---\nname: x\n---\n\n--- \n", nil},
		{FrontmatterVersionNotSemver, "---\nversion: 1.2.3\n---\n", nil},
		{FrontmatterVersionNotSemver, "---\nversion: 1.2\n---\n", []string{`2:10 e.g. "1.2.0"`}},
		{FrontmatterVersionNotSemver, "---\nversion: latest\n---\n", []string{`2:10 write MAJOR.MINOR.PATCH`}},
		{FrontmatterNameInvalid, "---\nname: 天気\n---\n", []string{`2:7 use letters, digits`}},
		{FrontmatterTypeInvalid, "---\ntype: App\n---\n", []string{`2:7 must be lower case`}},
		{FrontmatterCategoryDeprecated, "---\ntype: tool\ncategory: tool\n---\n", []string{`3:1 already sets`}},
		{FrontmatterTypeCategoryConflict, "---\ncategory: tool\n---\n", nil},
		{SFMDVersionUnsupported, "---\nsfmd: \"0.1.4\"\n---\n", nil},
		{SFMDVersionUnsupported, "---\nsfmd: \"1.0\"\n---\n", []string{`2:7 newer than the supported`}},
		{SFMDVersionFormat, "---\nsfmd: [0.1]\n---\n", []string{`2:7 is a list`}},
		{SFMDVersionFormat, "---\nsfmd: \"v0.1\"\n---\n", []string{`2:7 write "0.1"`}},
		{DefaultActionMissing, "---\ndefault: act.search\n---\n\n```act.search\nGET https://a.example\n```\n", nil},
		{DefaultActionMissing, "---\ndefault: act.find\n---\n\n```act.search\nGET https://a.example\n```\n", []string{`2:10 "find" is not defined`}},
		{DefaultActionMissing, "---\ndefault: go\n---\n", []string{`2:10 the document has no actions`}},
		{DefaultActionNeedsArgs, "---\ndefault: missing\n---\n", nil},
		{DefaultActionNeedsArgs, "---\ndefault: s\n---\n\n```act.s\nGET https://a.example/{q}\n  q: string (required) \"Query\" = \"x\"\n```\n", nil},
		{EnvNotList, "---\nenv:\n---\n", nil},
		{EnvNotList, "---\nenv: {A: \"a\"}\n---\n", []string{`2:1 env is a mapping`}},
		{EnvEntryMalformed, "---\nenv:\n  - A: \"a\"\n    default: x\n  - B: \"b\"\n---\n", nil},
		{EnvDescriptionMissing, "---\nenv:\n  - name: A\n---\n", nil},
		{EnvNameNotUppercase, "---\nenv:\n  - name: api_key\n    description: key\n---\n", []string{`3:11 "API_KEY"`}},
	})
}

// TestFamilyRulesOnHandBuiltDocuments runs the family's rules on
// documents whose optional parts are missing or inconsistent, as a parser
// bug or a hand-built AST could leave them: nothing may fail or panic.
func TestFamilyRulesOnHandBuiltDocuments(t *testing.T) {
	docs := []*sfmd.Document{
		{Path: "empty.md"},
		{Path: "fm.md", Src: []byte("---\n"), Frontmatter: &sfmd.Frontmatter{Fields: []*sfmd.Field{{Key: "default"}, {Key: "tags"}, {Key: "env"}}, Env: []*sfmd.EnvEntry{{Form: sfmd.EnvCanonical}, {Form: sfmd.EnvBare}, {Form: sfmd.EnvOther}}}},
		{Path: "m.md", Src: []byte("x"), Markers: []*sfmd.Marker{{ID: "a", Open: false, OwnLine: true}, {ID: "b", Open: true, OwnLine: true}, {ID: "c", Open: true}}},
		{Path: "d.md", Src: []byte("x"), Directives: []*sfmd.Directive{{Type: "requirements", HasColon: true, OwnLine: true}, {Type: "include", OwnLine: true, Path: "./"}, {Type: "nav", OwnLine: true}, {OwnLine: true}}},
	}
	var family []*lint.Analyzer
	for _, a := range All() {
		if strings.HasPrefix(a.Name, "frontmatter-") || strings.HasPrefix(a.Name, "env-") || strings.HasPrefix(a.Name, "block-") ||
			strings.HasPrefix(a.Name, "directive-") || strings.HasPrefix(a.Name, "nav-") || strings.HasPrefix(a.Name, "include-") ||
			strings.HasPrefix(a.Name, "requirements-") || strings.HasPrefix(a.Name, "menu-") || strings.HasPrefix(a.Name, "sfmd-version") ||
			strings.HasPrefix(a.Name, "default-action") || a.Name == "path-dot-slash-prefix" || a.Name == "file-crlf-line-endings" {
			family = append(family, a)
		}
	}
	if len(family) < 50 {
		t.Fatalf("only %d family rules found", len(family))
	}
	for _, doc := range docs {
		if _, err := lint.Check(doc, family); err != nil {
			t.Errorf("%s: %v", doc.Path, err)
		}
	}
}

func TestBlockAndDirectiveCases(t *testing.T) {
	runFamilyCases(t, []familyCase{
		// an inner block left open when the outer one closes is unclosed,
		// not an overlap
		{BlockCloseMismatch, "<!-- #a -->\n<!-- #b -->\n<!-- /a -->\n", nil},
		{BlockUnclosed, "<!-- #a -->\n<!-- #b -->\n<!-- /a -->\n", []string{`2:7 block "b"`}},
		// a mistyped closing ID is one mismatch, not an orphan plus an unclosed block
		{BlockCloseMismatch, "<!-- #intro -->\n<!-- /intro2 -->\n", []string{`2:7 did you mean <!-- /intro -->?`}},
		{BlockCloseOrphan, "<!-- #intro -->\n<!-- /intro2 -->\n", nil},
		{BlockUnclosed, "<!-- #intro -->\n<!-- /intro2 -->\n", nil},
		// the innermost block is closed later: the stray closer is an orphan
		{BlockCloseOrphan, "<!-- #a -->\n<!-- /x -->\n<!-- /a -->\n", []string{`2:1 closes no open block`}},
		{BlockNestedCompat, "<!-- #a -->\n<!-- #b -->\n<!-- #c -->\n<!-- /c -->\n<!-- /b -->\n<!-- /a -->\n", []string{`2:7 inside block "a"`, `3:7 inside block "b"`}},
		// markers in code are examples
		{BlockMarkerMalformed, "```\n<!--#x-->\n```\n", nil},
		{BlockUnclosed, "~~~markdown\n<!-- #x -->\n~~~\n", nil},
		{BlockMarkerNotOwnLine, "> <!-- #quoted -->\n> text\n> <!-- /quoted -->\n", nil},
		{DirectiveInsideBlock, "<!-- #side -->\nSee [!nav:main](nav/main.md) inline.\n<!-- /side -->\n", nil},
		// a list item is not a line of its own to the runtime
		{DirectiveNotOwnLine, "- [!nav:main](nav/main.md)\n", []string{`1:3 shares its line`}},
		{DirectiveMissingIdentifier, "[!include:  ](x.md)\n", []string{`1:3 has no identifier`}},
		{PathDotSlashPrefix, "[here](./)\n[up](../x.md)\n[run](act:search)\n[web](https://x.example/./y)\n", nil},
		{PathDotSlashPrefix, "[@docs]: ./docs.md\n", []string{`1:10 "docs.md"`}},
		{NavPathNotRelativeMD, "[!nav:main](nav/main.md#top)\n[!nav:b](nav/B.MD)\n", nil},
		{IncludePathNotRelativeMD, "[!include:x](app:weather)\n", []string{`1:14 is a URL`}},
		{RequirementsDuplicate, "[!requirements](a.md)\n[!requirements](b.md)\n[!requirements](c.md)\n", []string{`2:1 already defined at line 1`, `3:1 already defined at line 1`}},
		{RequirementsHasIdentifier, "[!requirements:](setup.md)\n", []string{`1:15 takes no identifier`}},
		{BlockIDCollidesInclude, "[!include:x]()\n<!-- #x -->\nx\n<!-- /x -->\n", []string{`2:7 same ID as the include on line 1`}},
	})
}
