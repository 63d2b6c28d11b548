package docgen

// MarkdownlintFile is the name of the markdownlint settings `sfmd init`
// writes when the repository has none.
const MarkdownlintFile = ".markdownlint.jsonc"

// MarkdownlintConfig keeps markdownlint quiet about two SFMD constructs
// that are not the Markdown mistakes its rules look for: an include
// directive whose path is empty ([!include:id]() reads the block from
// <basename>.source/<id>.md next to the document, spec.md §1.6), which MD042
// (no-empty-links) reports as an empty link, and menu files (nav/*.md),
// which hold only shortcut lines and no heading, which MD041
// (first-line-heading) reports. Both rules are turned off for the whole
// repository, since markdownlint's settings cannot name files.
const MarkdownlintConfig = `// markdownlint settings for a repository of SFMD documents, written by
// sfmd init (https://github.com/DavidAnson/markdownlint).
{
  // [!include:id]() is an SFMD include directive, not an empty link.
  "MD042": false,
  // Menu files (nav/*.md) hold only [@id Label](path) lines, no heading.
  "MD041": false
}
`

// markdownlintPage is docs/markdownlint.md: the settings and why.
func markdownlintPage() string {
	return Generated + `
# markdownlint and SFMD

SFMD documents are Markdown, so a repository may also run
[markdownlint](https://github.com/DavidAnson/markdownlint) on them. Two of
its rules report SFMD constructs that are correct:

- MD042 (no-empty-links) reports ` + "`[!include:id]()`" + `, an include directive
  whose empty path means the block is read from ` + "`<basename>.source/<id>.md`" + `
  next to the document.
- MD041 (first-line-heading) reports menu files (` + "`nav/*.md`" + `), which hold
  only ` + "`[@id Label](path)`" + ` shortcut lines and no heading.

` + "`sfmd init`" + ` writes these settings to ` + "`" + MarkdownlintFile + "`" + ` when the
repository has no markdownlint settings (` + "`.markdownlint.json`" + `,
` + "`.markdownlint.jsonc`" + `, ` + "`.markdownlint.yaml`" + ` or ` + "`.markdownlint.yml`" + `):

` + "```jsonc\n" + MarkdownlintConfig + "```\n" + `
markdownlint's settings cannot name files, so the two rules are off for
the ordinary Markdown the settings cover too.
`
}
