package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// HeaderDuplicate reports two -H headers of one action that set one
// header of the request: the model's dry run of the action
// (model.Parsed.DryRun) says which header values the runtime drops and
// which fetch combines.
var HeaderDuplicate = &lint.Analyzer{
	Name:     "header-duplicate",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header set twice on one action",
		Why: "header names are case-insensitive; sending one twice usually means a copy-paste mistake: of two -H with the same name the runtime sends only the last, and two whose names differ only in case both reach fetch, which joins them into one header (`Accept: text/plain, application/json`). " +
			"sfmd reads the headers from the dry run of the action (what its model of the runtime says is sent), so a header the runtime does not read (single quotes, not on the first line) is not counted, and a header combined with one of the runtime's defaults is left to dryrun-header-merged",
		Bad:  "```act.data\nGET https://api.example.com/data -H \"Accept: text/plain\" -H \"accept: application/json\"\n```\n",
		Good: "```act.data\nGET https://api.example.com/data -H \"Accept: application/json\"\n```\n",

		Severity: "action.ts executeAction keeps headers in a record by name, so of two equal names only the last is sent (names differing in case are both sent, and fetch joins them into one comma-separated value)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			if c.Info.CLI() || !foldedTwice(c.Info.Headers) {
				continue // no two keys the runtime reads can set one header
			}
			_, s, ok := t.base(c)
			if !ok || s.Code != "" {
				continue // nothing is sent
			}
			reportDupHeaders(pass, c.Action, s)
		}
		return nil, nil
	},
}

// reportDupHeaders reports, for each header the call sends that the
// action's own -H set more than once, the later -H: a key the runtime
// replaced, or keys fetch combined. A header holding one of the
// runtime's defaults is dryrun-header-merged's (one finding).
func reportDupHeaders(pass *lint.Pass, a *sfmd.Action, s model.Sent) {
	for _, w := range s.Wire {
		own, def := 0, false
		for _, k := range w.Keys {
			if k.Runtime {
				def = true
			} else {
				own++
			}
		}
		if def {
			continue
		}
		replaced := 0
		for _, r := range s.Replaced {
			if strings.EqualFold(r.Key, w.Name) {
				replaced++
			}
		}
		if own+replaced < 2 {
			continue
		}
		var hs []*sfmd.Header
		for _, h := range a.Headers {
			if h.Valid && strings.EqualFold(h.Name, w.Name) {
				hs = append(hs, h)
			}
		}
		for i := 1; i < len(hs); i++ {
			reportDup(pass, hs[i].NameSpan, hs[0].NameSpan, fmt.Sprintf("header %q", hs[i].Name), "keep one of the two")
		}
	}
}

// foldedTwice reports whether two of keys are equal but for ASCII case:
// only then can two -H set one header (fetch combines names that differ
// only in case). False means the dry run need not be made for this rule.
func foldedTwice(keys []string) bool {
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if strings.EqualFold(keys[i], keys[j]) {
				return true
			}
		}
	}
	return false
}
