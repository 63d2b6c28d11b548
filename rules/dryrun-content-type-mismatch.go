package rules

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunContentTypeMismatch reports a request whose Content-Type does not
// describe the body sent with it: a JSON body labelled as something else
// by the action's header, or a body that is not JSON labelled JSON.
var DryrunContentTypeMismatch = &lint.Analyzer{
	Name:     "dryrun-content-type-mismatch",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "the Content-Type sent does not describe the body sent",
		Why: "for POST, PUT and PATCH the runtime sends `Content-Type: application/json` unless the action's own `Content-Type` header replaces it, and sends as the body the `-d` template with the values put in, or, without `-d`, the JSON of the fields (`Loader.action` in `packages/string/src/loader.ts`, `executeAction` in `packages/string/src/commands/action.ts`). " +
			"So a form body (`-d 'name={name}&email={email}'`) goes out labelled JSON, and a `Content-Type: application/x-www-form-urlencoded` or `text/plain` header does not turn the fields into a form or text: the body is still the JSON the runtime builds. " +
			"sfmd builds the call from the document's hints and defaults and compares the body its model of the runtime sends with the Content-Type sent with it",
		Bad:  "```act.subscribe\nPOST https://api.example.com/subscribe -d 'email={email}&list=news'\n  email: string (required) \"Email address\"\n```\n",
		Good: "```act.subscribe\nPOST https://api.example.com/subscribe -H \"Content-Type: application/x-www-form-urlencoded\" -d 'email={email}&list=news'\n  email: string (required) \"Email address\"\n```\n",

		Severity: "the request is sent, but the server reads the body by a Content-Type that does not describe it (loader.ts Loader.action: the JSON default, or the action's header over it)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			if c.Info.CLI() || (c.Action.InlineBody == nil && len(c.Action.Headers) == 0) {
				continue // the JSON of the fields under the JSON default
			}
			if dryGates && (c.Info.Method == "GET" || c.Info.Method == "DELETE" || labelledJSONOpening(c.Src)) {
				continue // planHTTP sends no body for GET and DELETE: nothing to label, no call needed
			}
			args, s, ok := t.base(c)
			if !ok || s.Code != "" || !s.HasBody {
				continue
			}
			checkContentType(pass, c.Action, dryLine(c.Action.ID, args), s)
		}
		return nil, nil
	},
}

// labelledJSONOpening reports that the call of the action src cannot give
// checkContentType a finding, read from the action alone: every header
// of its own named Content-Type (any case) says json in a value that
// nothing is put into (no {placeholder}, no $VAR), so the Content-Type
// sent, the runtime's application/json or such a value, says JSON; and
// the body sent is the JSON of the fields (no -d: planHTTP's
// payloadJSON) or begins, after white space, with a '[' or a '{' the
// template writes itself (not a placeholder's: no letter, digit, '_' or
// '$' after it), which neither resolveEnvVars nor substituteBody
// changes. A JSON label on a body that begins with '{' or '[' is no
// finding.
func labelledJSONOpening(src model.ActionSource) bool {
	for i := range src.NumHeaders() {
		k, v := src.Header(i)
		if strings.EqualFold(k, "Content-Type") && (strings.ContainsAny(v, "{$") || !strings.Contains(strings.ToLower(v), "json")) {
			return false
		}
	}
	body, ok := src.Body()
	if !ok {
		return true
	}
	rest := strings.TrimLeftFunc(body, unicode.IsSpace)
	switch {
	case strings.HasPrefix(rest, "["):
		return true
	case strings.HasPrefix(rest, "{"):
		return len(rest) == 1 || !isWordByte(rest[1]) && rest[1] != '$'
	}
	return false
}

func checkContentType(pass *lint.Pass, a *sfmd.Action, line string, s model.Sent) {
	ct, ok := s.Header("Content-Type")
	body := strings.TrimSpace(s.Body)
	if !ok || ct.Merged() || body == "" || strings.Contains(body, "__BODY_TEMPLATE_ERROR__") {
		return // merged: dryrun-header-merged; empty: body-empty
	}
	labelJSON := strings.Contains(strings.ToLower(ct.Value), "json")
	isJSON := (body[0] == '{' || body[0] == '[') && json.Valid([]byte(body))
	switch {
	case isJSON && !labelJSON:
		h := actionHeader(a, ct.Keys[0].Key)
		if h == nil {
			return
		}
		what := "the -d body"
		if a.InlineBody == nil {
			what = "the JSON of the fields (there is no -d)"
		}
		pass.Reportf(h.Span, "`%s` sends the JSON body %s labelled \"Content-Type: %s\": the runtime sends %s as it is, whatever this header says; send the JSON as application/json, or write the body in the format of the header with -d",
			line, clip(body), ct.Value, what)
	case !isJSON && labelJSON && !strings.HasPrefix(body, "{") && !strings.HasPrefix(body, "["):
		if a.InlineBody == nil {
			return
		}
		who := "the runtime's default"
		if !ct.Keys[0].Runtime {
			who = "this action's header"
		}
		pass.Report(lint.Diagnostic{
			Span: a.InlineBody.Span,
			Message: fmt.Sprintf("`%s` sends the body %s, which is not JSON, labelled \"Content-Type: %s\" (%s); add the header that describes it, e.g. -H \"Content-Type: application/x-www-form-urlencoded\" for a form",
				line, clip(body), ct.Value, who),
		})
	}
}

// clip quotes a body for a message, cut to 80 bytes.
func clip(s string) string {
	if len(s) > 80 {
		cut := 80
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return "`" + s + "`"
}
