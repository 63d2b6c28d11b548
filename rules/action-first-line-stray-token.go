package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ActionFirstLineStrayToken reports words on an HTTP first line that are
// neither the URL nor -H/-d flags.
var ActionFirstLineStrayToken = &lint.Analyzer{
	Name:     "action-first-line-stray-token",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "stray word on the first line of an HTTP action",
		Why:   "the runtime takes everything up to the first ` -H ` or ` -d ` as the URL, so a stray word before the flags becomes part of the URL (a broken request) and one after them is silently dropped",
		Bad:   "```act.search\nGET https://api.example.com/search json\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search?format=json\n```\n",

		Severity: "parser.ts parseHeaderFlags: the runtime glues the word to the URL or drops it, so the request is not the one written",
		Fix:      lint.FixDoc{Kind: lint.SafeFix, Reason: "it writes curl's long flag in the short form the runtime reads, keeping the flag's value"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsHTTP() || len(a.Stray) == 0 {
				continue
			}
			flagsAt := -1 // offset of the first -H/-d flag
			for _, h := range a.Headers {
				if flagsAt < 0 || h.Span.Start.Off() < flagsAt {
					flagsAt = h.Span.Start.Off()
				}
			}
			if b := a.InlineBody; b != nil && (flagsAt < 0 || b.Span.Start.Off() < flagsAt) {
				flagsAt = b.Span.Start.Off()
			}
			// group runs of tokens separated only by blanks; a curl long
			// flag starts a run of its own
			for i := 0; i < len(a.Stray); {
				j := i + 1
				for j < len(a.Stray) && curlLong[a.Stray[j].Text] == "" && strings.TrimSpace(string(doc.Src[a.Stray[j-1].Span.End.Offset:a.Stray[j].Span.Start.Offset])) == "" {
					j++
				}
				first, last := a.Stray[i], a.Stray[j-1]
				span := sfmd.Span{Start: first.Span.Start, End: last.Span.End}
				text := src(doc, span)
				if d, ok := curlFlag(doc, a.Stray[i:j], span); ok {
					pass.Report(d)
				} else if flagsAt < 0 || first.Span.Start.Off() < flagsAt {
					target := ""
					if a.Target != nil {
						target = a.Target.Text
					}
					pass.Reportf(span, "%q after the URL is not a -H or -d flag, so the runtime glues it to the URL (%q); remove it or make it part of the URL, e.g. a query parameter", text, target+" "+text)
				} else {
					pass.Reportf(span, "%q is not a -H or -d flag and the runtime ignores it; remove it or write it as -H \"Name: value\"", text)
				}
				i = j
			}
		}
		return nil, nil
	},
}

// curlLong maps curl's long flags to the short forms the runtime reads.
var curlLong = map[string]string{
	"--header": "-H", "--data": "-d", "--data-raw": "-d", "--data-binary": "-d", "--data-ascii": "-d",
}

// curlFlag reports a stray run that starts with one of curl's long flags
// (--header "…", --data '…'), with a fix to the short form; the run's
// other tokens are the flag's value. ok is false for other runs.
func curlFlag(doc *sfmd.Document, toks []*sfmd.Token, span sfmd.Span) (lint.Diagnostic, bool) {
	flag := toks[0].Text
	short, ok := curlLong[flag]
	if !ok || len(toks) < 2 {
		return lint.Diagnostic{}, false
	}
	value := src(doc, sfmd.Span{Start: toks[1].Span.Start, End: span.End})
	if len(value) < 2 {
		return lint.Diagnostic{}, false // a lone quote: the generic advice
	}
	q := value[0]
	if (q != '"' && q != '\'') || strings.IndexByte(value[1:], q) != len(value)-2 {
		return lint.Diagnostic{}, false // not one quoted value: the generic advice
	}
	inner := value[1 : len(value)-1]
	want := short + " " + value
	edits := []lint.Edit{{Start: toks[0].Span.Start.Off(), End: toks[0].Span.End.Off(), New: short}}
	if short == "-H" && q == '\'' && !strings.Contains(inner, `"`) {
		// a header needs double quotes
		want = short + ` "` + inner + `"`
		edits = append(edits,
			lint.Edit{Start: toks[1].Span.Start.Off(), End: toks[1].Span.Start.Off() + 1, New: `"`},
			lint.Edit{Start: span.End.Off() - 1, End: span.End.Off(), New: `"`})
	} else if short == "-H" && q == '\'' {
		return lint.Diagnostic{}, false
	}
	d := diag(span, "%q is curl's long form of %s, which the runtime does not read, so the flag and its value end up in the URL or are dropped; write %s", flag, short, want)
	d.Fixes = []lint.Fix{{Message: "write " + short, Safe: true, Edits: edits}}
	return d, true
}
