package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunHeaderMerged reports a header of an action that fetch combines
// with one of the runtime's default headers because its name differs from
// the default's only in case: the server gets both values in one header.
var DryrunHeaderMerged = &lint.Analyzer{
	Name:     "dryrun-header-merged",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a header is combined with the runtime's default header of the same name",
		Why: "the runtime puts its own `Accept: text/markdown, text/plain` in every request, and `Content-Type: application/json` in POST, PUT and PATCH, then spreads the action's headers over them, which replaces a default only under exactly the same name (`Loader.action` in `packages/string/src/loader.ts`, given the headers `executeAction` in `packages/string/src/commands/action.ts` resolved). " +
			"A header spelled in another case (`content-type`, `accept`) does not replace the default: both keys reach fetch, which joins names that differ only in case into one header (`Content-Type: application/json, text/plain`). " +
			"sfmd builds the call from the document's hints and defaults and reads the headers its model of the runtime says fetch sends",
		Bad:  "```act.note\nPOST https://api.example.com/notes -H \"content-type: text/plain\" -d '{text}'\n  text: string (required) \"Note text\"\n```\n",
		Good: "```act.note\nPOST https://api.example.com/notes -H \"Content-Type: text/plain\" -d '{text}'\n  text: string (required) \"Note text\"\n```\n",

		Severity: "the request is sent with a header value the author did not write: the default's value and the author's joined by \", \" (loader.ts Loader.action: the default headers under the action's; fetch's Headers combine names that differ in case)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			if c.Info.CLI() || len(c.Action.Headers) == 0 {
				continue // fetch combines a header of the action with another
			}
			if dryGates && !mayMergeDefault(c.Info) {
				continue // no key can join a default: the call is not run
			}
			args, s, ok := t.base(c)
			if !ok || s.Code != "" {
				continue
			}
			for _, w := range s.Wire {
				checkMerged(pass, c.Action, dryLine(c.Action.ID, args), w, s.Replaced)
			}
		}
		return nil, nil
	},
}

// checkMerged reports w when fetch made it of a runtime default and a
// header of a (two headers of a differing in case: header-duplicate),
// naming the values of the same key a later -H replaced (replaced: the
// call's): the finding is the header's only one.
func checkMerged(pass *lint.Pass, a *sfmd.Action, line string, w model.WireHeader, replaced []model.HeaderKey) {
	if !w.Merged() {
		return
	}
	var def, own *model.HeaderKey
	for i := range w.Keys {
		k := &w.Keys[i]
		switch {
		case k.Runtime && def == nil:
			def = k
		case !k.Runtime && own == nil:
			own = k
		}
	}
	if def == nil || own == nil {
		return
	}
	h := actionHeader(a, own.Key)
	if h == nil {
		return
	}
	lost := ""
	for _, r := range replaced {
		if strings.EqualFold(r.Key, w.Name) {
			lost += fmt.Sprintf(" (and \"%s: %s\", set again by a later -H, is not sent)", r.Key, r.Value)
		}
	}
	pass.Reportf(h.NameSpan, "`%s` sends \"%s: %s\"%s: the runtime adds its default \"%s: %s\", and fetch combines it with this header because the names differ only in case; spell the name %q so that it replaces the default",
		line, w.Name, w.Value, lost, def.Key, def.Value, def.Key)
}

// actionHeader is a's header that the runtime reads under the name key.
func actionHeader(a *sfmd.Action, key string) *sfmd.Header {
	var found *sfmd.Header
	for _, h := range a.Headers {
		if h.Valid && h.Name == key {
			found = h // the last one sets the key
		}
	}
	return found
}

// mayMergeDefault reports whether one of the action's header keys could
// be combined with a default the runtime adds (planHTTP: Accept, and
// Content-Type for a body): fetch combines keys equal but for case
// (HTTP token names, ASCII), so a key that folds to neither cannot be,
// and checkMerged reports only a default combined with a key of the
// action. False means the dry run need not be made for this rule.
func mayMergeDefault(info *model.ActionInfo) bool {
	for _, k := range info.Headers {
		if strings.EqualFold(k, "Accept") || strings.EqualFold(k, "Content-Type") {
			return true
		}
	}
	return false
}
