package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// HintMissingRequired reports hints that leave a required parameter out.
var HintMissingRequired = &lint.Analyzer{
	Name:     "hint-missing-required",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "invocation hint leaves out a required parameter",
		Why:   "an agent copying the hint gets \"Missing required flags\"; hints are conventional, so this is only info (a hint without arguments just names the action and is not checked)",
		Bad:   "Post with `/act.post --title \"x\"`.\n\n```act.post\nPOST https://api.example.com/posts\n  submolt: string (required) \"Community\"\n  title: string (required) \"Title\"\n```\n",
		Good:  "Post with `/act.post --submolt general --title \"x\"`.\n\n```act.post\nPOST https://api.example.com/posts\n  submolt: string (required) \"Community\"\n  title: string (required) \"Title\"\n```\n",

		Severity: "action.ts cmdAction and executeAction: hints are conventional; an agent copying this one gets \"Missing required flags\"",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		syms := symbols(pass)
		var missing []*sfmd.Param
		var buf []byte // the messages, written one at a time and copied out
		for _, c := range hints(pass).Calls {
			if c.Action == nil || c.Inv.Help || c.Inv.Ellipsis || strings.TrimSpace(c.Hint.Args) == "" {
				continue
			}
			params := namedParams(c.Action)
			unfilled := unfilledParams(c.Inv, params)
			bound := map[string]bool{}
			for i := range c.Inv.Positionals {
				if i < len(unfilled) {
					bound[unfilled[i]] = true
				}
			}
			missing = missing[:0]
			for _, p := range params {
				if !p.Required || p.HasDefault || bound[p.Name] || c.Inv.Flag(p.Name) != nil || c.Inv.FileFlag(p.Name) != nil {
					continue
				}
				if len(syms.Assigned[p.Name]) > 0 {
					continue // a session variable of that name can fill it
				}
				missing = append(missing, p)
			}
			if len(missing) == 0 {
				continue
			}
			buf = missingFlagsMessage(buf[:0], c, missing)
			pass.Report(lint.Diagnostic{Span: c.IDSpan, Message: string(buf)})
		}
		return nil, nil
	},
}

// missingFlagsMessage appends hint-missing-required's message for the
// required parameters missing from the hint of c, with the flags to add:
// %q as appendQuote, c.call() written in place (TestMissingFlagsMessage
// holds it to the fmt.Sprintf's it replaces).
func missingFlagsMessage(buf []byte, c *hintCall, missing []*sfmd.Param) []byte {
	buf = append(buf, "hint leaves out "...)
	if len(missing) == 1 {
		buf = appendQuote(append(buf, "required parameter "...), missing[0].Name)
	} else {
		buf = appendList(append(buf, "required parameters "...), len(missing), 8, func(buf []byte, i int) []byte { return appendQuote(buf, missing[i].Name) })
	}
	buf = append(buf, " of "...)
	if c.Tool {
		buf = append(buf, "tool "...)
	}
	buf = append(appendQuote(append(buf, "action "...), c.ActionID), "; add "...)
	for i, p := range missing {
		if i > 0 {
			buf = append(buf, ' ')
		}
		t := p.Type
		if t == "" {
			t = "value"
		}
		buf = append(append(append(append(append(buf, "--"...), p.Name...), " <"...), t...), '>')
	}
	return buf
}
