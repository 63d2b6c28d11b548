package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DecodeUnknown reports unsupported decode: encodings.
var DecodeUnknown = &lint.Analyzer{
	Name:     "decode-unknown",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "decode: encoding is not base64 or none",
		Why:   "only `decode: base64` and `decode: none` exist (lower case); anything else makes the runtime print an error line and leave the buffer as it was",
		Bad:   "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: hex\nto: out.bin\nSaved out.bin\n```\n",
		Good:  "```act.img\nGET https://api.example.com/image\n```\n\n```act.img.response\nsave: data\ndecode: base64\nto: out.bin\nSaved out.bin\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the runtime prints an error line and leaves the buffer undecoded",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "safe when the encoding only differs in case from a known one; another near miss may not be the encoding meant, so the fix is unsafe"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		doc := pass.Doc
		encs := []string{"base64", "none"}
		for k, r := range doc.Responses {
			if !syms.hasLines(k, sfmd.LineDecode) {
				continue // no decode: line
			}
			for _, l := range r.Lines {
				if l.Kind != sfmd.LineDecode || hasString(encs, l.Arg) {
					continue
				}
				if l.Arg == "" {
					pass.Reportf(directiveSpan(doc, l), "decode: has no encoding; write \"decode: base64\" or \"decode: none\"")
					continue
				}
				d := lint.Diagnostic{Span: l.ArgSpan}
				want := ""
				for _, e := range encs {
					if strings.EqualFold(e, l.Arg) {
						want = e
					}
				}
				if want == "" && (strings.EqualFold(l.Arg, "b64") || strings.EqualFold(l.Arg, "base-64")) {
					want = "base64"
				}
				if want != "" {
					d.Message = fmt.Sprintf("unknown encoding %q in decode:; did you mean %q?", l.Arg, want)
					if src(doc, l.ArgSpan) == l.Arg {
						d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write %q", want), Safe: strings.EqualFold(l.Arg, want), Edits: []lint.Edit{{Start: l.ArgSpan.Start.Off(), End: l.ArgSpan.End.Off(), New: want}}}}
					}
				} else {
					d.Message = fmt.Sprintf("unknown encoding %q in decode:; expected one of \"base64\", \"none\"", l.Arg)
				}
				pass.Report(d)
			}
		}
		return nil, nil
	},
}
