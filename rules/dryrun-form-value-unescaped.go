package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"net/url"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// DryrunFormValueUnescaped reports a form body (`-d 'a={a}&b=…'`) whose
// values the runtime inserts without form-encoding them: a value with an
// `&`, `=`, `+` or `%` is read by the server as other fields or other
// characters.
var DryrunFormValueUnescaped = &lint.Analyzer{
	Name:     "dryrun-form-value-unescaped",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "a value in a form body is not form-encoded",
		Why: "the runtime escapes a value in a `-d` body only for JSON, and only where the placeholder is a whole JSON string (`substituteBodyTemplate` in `packages/string/src/commands/action.ts`); everywhere else it inserts the value as it is. " +
			"In a form body (`name={name}&list=news`) a value with `&` starts another field (`Tom & Jerry` sends the field `name=Tom ` and a field ` Jerry`), an `=` or `&list=admin` in it overrides the author's fields, a `+` arrives as a space and a `%` starts an escape. " +
			"sfmd builds the call from the document's hints and defaults, gives each field of the form the value `Tom & Jerry`, runs it through its model of the runtime and reads the body sent as the server would",
		Bad:  "```act.subscribe\nPOST https://api.example.com/subscribe -H \"Content-Type: application/x-www-form-urlencoded\" -d 'name={name}&list=news'\n  name: string (required) \"Full name\"\n```\n",
		Good: "```act.subscribe\nPOST https://api.example.com/subscribe -d '{\"name\":\"{name}\",\"list\":\"news\"}'\n  name: string (required) \"Full name\"\n```\n",

		Severity: "the call works for plain values; a value with & or = sends other fields than the author wrote (action.ts substituteBodyTemplate: the value is inserted raw)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			a := c.Action
			if !sendsInlineBody(c) {
				continue
			}
			fields := formFields(a.InlineBody.Template.Text)
			if len(fields) == 0 {
				continue
			}
			checkFormBody(pass, t, c, fields)
		}
		return nil, nil
	},
}

// dryFormValue is the value each form field is tried with.
const dryFormValue = "Tom & Jerry"

var reFormField = lazyre.New(`^([A-Za-z0-9_.\[\]-]+)=\{([a-zA-Z_]\w*)\}$`)

// formFields maps the fields of a form body template (k=v&k=v, no JSON)
// whose whole value is one placeholder to the placeholder's name; nil
// when the template is not a form.
func formFields(body string) map[string]string {
	body = strings.TrimSpace(body)
	if body == "" || body[0] == '{' || body[0] == '[' || !strings.Contains(body, "=") {
		return nil
	}
	out := map[string]string{}
	for _, seg := range strings.Split(body, "&") {
		k, _, ok := strings.Cut(seg, "=")
		if !ok || k == "" || strings.ContainsAny(k, " \t{}") {
			return nil // not a form
		}
		if m := reFormField.FindStringSubmatch(seg); m != nil {
			out[m[2]] = m[1]
		}
	}
	return out
}

// freeText reports a field whose value can be any text, unlike an email
// address, an ID or a URL.
func freeText(name string) bool {
	n := strings.ToLower(name)
	return !strings.Contains(n, "mail") && !strings.Contains(n, "url") && n != "id" && !strings.HasSuffix(n, "_id")
}

func checkFormBody(pass *lint.Pass, t *dryTable, c *dryCall, fields map[string]string) {
	a := c.Action
	for i, f := range c.Info.Fields {
		key, ok := fields[f.Name]
		if !ok || f.Type != "string" || !freeText(f.Name) || !freeText(key) {
			continue
		}
		vals := append([]dryValue(nil), c.Values...)
		vals[i] = dryValue{f.Name, dryFormValue, "adversarial"}
		args, ok := dryArgs(vals)
		if !ok {
			continue
		}
		s, ok := t.dryRun(a.ID, args, nil)
		if !ok || s.Code != "" {
			continue
		}
		q, err := url.ParseQuery(s.Body)
		if err == nil && q.Get(key) == dryFormValue {
			continue
		}
		pass.Report(lint.Diagnostic{
			Span: a.InlineBody.Span,
			Message: fmt.Sprintf("`%s` sends the body %s, which a server reads as %s=%q and more fields: the runtime puts the value of {%s} in the form without encoding it; send the fields as JSON (\"%s\": \"{%s}\") instead",
				dryLine(a.ID, args), clip(s.Body), key, q.Get(key), f.Name, key, f.Name),
		})
		return
	}
}
