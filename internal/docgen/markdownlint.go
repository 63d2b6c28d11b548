package docgen

// MarkdownlintFile is the name of the markdownlint settings `sfmd init`
// writes when the repository has none.
const MarkdownlintFile = ".markdownlint.jsonc"

// MarkdownlintConfig keeps markdownlint quiet about SFMD constructs that
// are not the Markdown mistakes its rules look for (markdownlint-cli2
// 0.18.1, markdownlint 0.38.0, reports each of them):
//   - MD042 (no-empty-links): an include directive whose path is empty
//     ([!include:id]() reads <basename>.source/<id>.md next to the
//     document, spec.md §1.6);
//   - MD041 (first-line-heading): menu files (nav/*.md), which hold only
//     shortcut lines, and documents that open with a directive
//     ([!nav:main](nav/main.md), [!requirements](requirements.md)) or an
//     action block;
//   - MD052 (reference-links-images): [Label][@menu.id], a shortcut
//     defined in a menu file, not in the document (spec.md §1.7).
//
// The rules are turned off for every file the settings cover, since
// markdownlint's settings cannot name files.
const MarkdownlintConfig = `// markdownlint settings for a repository of SFMD documents, written by
// sfmd init (https://github.com/DavidAnson/markdownlint).
{
  // [!include:id]() is an SFMD include directive, not an empty link.
  "MD042": false,
  // Menu files (nav/*.md) hold only [@id Label](path) lines, and a
  // document may open with [!nav:…](…), [!requirements](…) or an action.
  "MD041": false,
  // [Label][@menu.id] uses a shortcut defined in a menu file.
  "MD052": false
}
`

// markdownlintPage is docs/markdownlint.md: the settings and why.
func markdownlintPage() string {
	return Generated + `
# markdownlint and SFMD

SFMD documents are Markdown, so a repository may also run
[markdownlint](https://github.com/DavidAnson/markdownlint) on them. Two of
its rules report SFMD constructs that are correct (checked with
markdownlint-cli2 0.18.1, markdownlint 0.38.0):

- MD042 (no-empty-links) reports ` + "`[!include:id]()`" + `, an include directive
  whose empty path means the block is read from ` + "`<basename>.source/<id>.md`" + `
  next to the document.
- MD041 (first-line-heading) reports menu files (` + "`nav/*.md`" + `), which hold
  only ` + "`[@id Label](path)`" + ` shortcut lines, and documents that open with
  a directive (` + "`[!nav:main](nav/main.md)`" + `, ` + "`[!requirements](requirements.md)`" + `)
  or an action block.
- MD052 (reference-links-images) reports ` + "`[Label][@main.id]`" + `, which uses a
  shortcut defined in the menu file ` + "`[!nav:main]`" + ` names, not in the document.

` + "`sfmd init`" + ` writes these settings to ` + "`" + MarkdownlintFile + "`" + ` when the
repository has no markdownlint settings (` + "`.markdownlint.json`" + `,
` + "`.markdownlint.jsonc`" + `, ` + "`.markdownlint.yaml`" + ` or ` + "`.markdownlint.yml`" + `):

` + "```jsonc\n" + MarkdownlintConfig + "```\n" + `
markdownlint's settings cannot name files, so these rules are off for the
ordinary Markdown the settings cover too.
`
}
