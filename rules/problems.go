package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Syntax problems found by the parser (sfmd.Document.Problems) are
// reported by one analyzer per problem code, named after the code, so each
// can be configured and suppressed like any rule and has its own doc and
// catalogue severity. The analyzers are generated from problemTable.
//
// Codes that are not in the catalogue (spec.md §2) and exist only as
// parser problems: see ParserOnlyCodes.

// problemRule describes the analyzer of one problem code.
type problemRule struct {
	code     string
	severity lint.Severity
	profile  lint.Profile
	doc      lint.Doc
	// custom is the hand-written analyzer that reports this code (it
	// merges the parser's problems with its own AST checks so that each
	// finding is reported once).
	custom *lint.Analyzer
}

// ParserOnlyCodes are the problem codes that are not catalogue rules.
var ParserOnlyCodes = []string{sfmd.CodeFileContainsNUL, sfmd.CodeFenceUnclosed}

var problemTable = []problemRule{
	{code: sfmd.CodeFileNotUTF8, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "file is not valid UTF-8",
		Why:   "SFMD files are UTF-8; other encodings turn non-ASCII text into garbage for the runtime and the agent",
		Bad:   "# Caf\xe9 menu\n",
		Good:  "# Café menu\n",
	}},
	{code: sfmd.CodeFileContainsNUL, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "file contains a NUL byte",
		Why:   "a NUL byte means the file is binary or corrupted; Markdown tools and the runtime truncate or reject it",
		Bad:   "# Notes\x00\n",
		Good:  "# Notes\n",
	}},
	{code: sfmd.CodeFrontmatterUnclosed, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "frontmatter has no closing ---",
		Why:   "the closing `---` MUST be on its own line; without it the whole document is read as YAML or the frontmatter is shown as content",
		Bad:   "---\nname: weather\n# Weather\n",
		Good:  "---\nname: weather\n---\n# Weather\n",
	}},
	{code: sfmd.CodeFrontmatterInvalidYAML, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "frontmatter is not valid YAML",
		Why:   "frontmatter MUST be valid YAML; the runtime ignores all of it (name, default, env) when it does not parse",
		Bad:   "---\ntags: [a, b\n---\n",
		Good:  "---\ntags: [a, b]\n---\n",
	}},
	{code: sfmd.CodeFrontmatterNotMapping, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "frontmatter is not a key: value mapping",
		Why:   "frontmatter fields are `key: value` pairs; a list or a scalar defines no field at all",
		Bad:   "---\n- a\n- b\n---\n",
		Good:  "---\ntags: [a, b]\n---\n",
	}},
	{code: sfmd.CodeFenceUnclosed, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "code fence is never closed",
		Why:   "an unclosed fence swallows the rest of the document: every later action, block and link becomes code",
		Bad:   "```act.search\nGET https://api.example.com/search\n\n# More\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n\n# More\n",
	}},
	{code: sfmd.CodeActionBlockEmpty, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "action block has no definition line",
		Why:   "the first line of an action block is its `METHOD url-or-command` definition; the runtime takes the first line even when it is blank and rejects the block (INVALID_ACTION_BLOCK)",
		Bad:   "```act.search\n\nGET https://api.example.com/search\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",
	}},
	{code: sfmd.CodeActionUnrecognizedLine, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "line in an action block is not a parameter or body",
		Why:   "after the first line an action block holds only indented parameter lines and a `body:` section; the runtime silently drops anything else",
		Bad:   "```act.search\nGET https://api.example.com/search\n  ??? junk\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	}},
	{code: sfmd.CodeParamSyntaxInvalid, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "parameter line does not follow name: type (constraints) \"description\"",
		Why:   "the runtime only reads parameter lines of the form `name: type (constraints) \"description\" = \"default\"`; a malformed line is dropped and the flag does not exist",
		Bad:   "```act.search\nGET https://api.example.com/search\n  q:string (required) \"Query\"\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n  q: string (required) \"Query\"\n```\n",
	}},
	{code: sfmd.CodeHeaderSyntaxInvalid, custom: HeaderSyntaxInvalid},
	{code: sfmd.CodeBodyInlineUnterminated, severity: lint.Error, profile: lint.Runtime, doc: lint.Doc{
		Title: "inline -d body is unterminated or cut short",
		Why:   "the runtime reads `-d '…'` up to the next quote of the same kind, so an unquoted body, a missing closing quote or a quote inside the body sends a truncated request",
		Bad:   "```act.post\nPOST https://api.example.com/post -d '{\"t\":\"it's\"}'\n```\n",
		Good:  "```act.post\nPOST https://api.example.com/post\n  t: string (required) \"Text\"\n  body:\n    {\"t\": \"{t}\"}\n```\n",
	}},
	{code: sfmd.CodeForUnclosed, severity: lint.Error, profile: lint.Core, doc: lint.Doc{
		Title: "for: loop has no end: line",
		Why:   "`end:` closes the nearest open loop; without it the loop body runs to the end of the template and the lines meant to follow it repeat",
		Bad:   "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n\n```act.posts.response\nfor: p in Response.body.posts\n- {p.title}\nend:\n```\n",
	}},
}

// The generated parser-problem analyzers, one exported value per code.
var (
	FileNotUTF8            = problemAnalyzer(sfmd.CodeFileNotUTF8)
	FileContainsNUL        = problemAnalyzer(sfmd.CodeFileContainsNUL)
	FrontmatterUnclosed    = problemAnalyzer(sfmd.CodeFrontmatterUnclosed)
	FrontmatterInvalidYAML = problemAnalyzer(sfmd.CodeFrontmatterInvalidYAML)
	FrontmatterNotMapping  = problemAnalyzer(sfmd.CodeFrontmatterNotMapping)
	FenceUnclosed          = problemAnalyzer(sfmd.CodeFenceUnclosed)
	ActionBlockEmpty       = problemAnalyzer(sfmd.CodeActionBlockEmpty)
	ActionUnrecognizedLine = problemAnalyzer(sfmd.CodeActionUnrecognizedLine)
	ParamSyntaxInvalid     = problemAnalyzer(sfmd.CodeParamSyntaxInvalid)
	BodyInlineUnterminated = problemAnalyzer(sfmd.CodeBodyInlineUnterminated)
	ForUnclosed            = problemAnalyzer(sfmd.CodeForUnclosed)
)

// problemAnalyzer builds the analyzer of a code from its problemTable
// entry (the custom analyzer when the entry names one).
func problemAnalyzer(code string) *lint.Analyzer {
	for _, pr := range problemTable {
		if pr.code != code {
			continue
		}
		if pr.custom != nil {
			return pr.custom
		}
		return &lint.Analyzer{
			Name:     code,
			Severity: pr.severity,
			Profile:  pr.profile,
			Doc:      pr.doc,
			Run: func(pass *lint.Pass) (any, error) {
				reportProblems(pass, code, nil)
				return nil, nil
			},
		}
	}
	panic("rules: no problemTable entry for " + code) // programming error, caught by the tests at init
}

// reportProblems reports the parser problems with the given code, except
// those overlapping a span in skip (already reported by a rule).
func reportProblems(pass *lint.Pass, code string, skip []sfmd.Span) {
next:
	for _, p := range pass.Doc.Problems {
		if p.Code != code {
			continue
		}
		for _, s := range skip {
			if p.Span.Start.Offset < s.End.Offset && s.Start.Offset < p.Span.End.Offset || p.Span.Start.Offset == s.Start.Offset {
				continue next
			}
		}
		pass.Report(lint.Diagnostic{Span: p.Span, Message: p.Message})
	}
}
