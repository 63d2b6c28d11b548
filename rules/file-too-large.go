package rules

import "github.com/sfmd-dev/sfmd/lint"

// FileTooLarge reports documents over the size cap, which sfmd does not
// check: the engine reads no more than their head, and runs this rule
// alone on it (lint.Options.MaxFileSize). Turned off, such files are
// skipped silently.
var FileTooLarge = &lint.Analyzer{
	Name:     "file-too-large",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file is too large to check",
		Why:   "sfmd reads at most a size limit per document (10 MiB unless configured), so that a huge or endless file cannot exhaust memory or time; a larger document is not checked at all, which must not pass silently",
		Bad:   "# Generated reference\n(12 MiB of text)\n",
		Good:  "# Reference\n(split into documents under the limit)\n",

		Severity: "sfmd: lint/run.go Options.MaxFileSize: the document is not checked at all: every mistake in it passes unseen",
	},
	OptionDocs: map[string]string{lint.MaxSizeOption: "the largest document checked: a number of bytes or a size such as 20M (default 10M; --max-file-size wins)"},
	CheckOption: func(_ string, v any) error {
		_, err := lint.SizeOption(v)
		return err
	},
	Run: reportParserProblems,
}
