package rules

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"net/url"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
)

// DryrunURLDiffers reports an HTTP action whose URL, for the call the
// document itself suggests, is not the URL its template spells out with
// the values put in: the runtime percent-encodes every value it puts in
// the URL, so a value that carries a scheme, a host or path separators
// does not become one.
var DryrunURLDiffers = &lint.Analyzer{
	Name:     "dryrun-url-differs",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "the URL sent is not the URL the template spells out",
		Why: "the runtime puts every value into the URL with encodeURIComponent (`executeAction` in `packages/string/src/commands/action.ts`): `:`, `/`, `?` and `#` in a value become `%3A`, `%2F`, `%3F`, `%23`. " +
			"A placeholder meant to hold a base URL or a host (`GET {base}/items`) therefore yields no scheme: the URI resolves against the document's own directory (`Loader.resolve` in `packages/string/src/loader.ts`) and the call fails with \"Actions can only topic HTTP endpoints\"; " +
			"a value the document itself gives with a `/` in a path segment (`--repo octo/hello`) is sent as one segment `octo%2Fhello`, which most servers do not route. " +
			"sfmd builds the call from the document's hints and defaults (a field named or described as a URL gets one) and runs it through its model of the runtime",
		Bad:  "Call `/act.items --base https://api.example.com`.\n\n```act.items\nGET {base}/items\n  base: string (required) \"API base URL\"\n```\n",
		Good: "Call `/act.items`.\n\n```act.items\nGET https://api.example.com/items\n```\n",

		Severity: "error when the call fails or goes to another host (action.ts executeAction: encodeURIComponent; loader.ts Loader.resolve); warning when only the path's segments change: the request is sent, almost certainly not where meant",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			checkDryURL(pass, t, c)
		}
		return nil, nil
	},
}

var reDryURLPlace = lazyre.New(`\{([a-zA-Z_]\w*)\}`)

func checkDryURL(pass *lint.Pass, t *dryTable, c *dryCall) {
	a := c.Action
	if c.Info.CLI() || a.Target == nil || strings.Contains(a.Target.Text, "$") || !strings.Contains(a.Target.Text, "{") {
		return
	}
	vals := map[string]dryValue{}
	for _, v := range c.Values {
		vals[v.Field] = v
	}
	// the URL as the template spells it, the values put in as they are
	var used []dryValue
	intended := reDryURLPlace.ReplaceAllStringFunc(a.Target.Text, func(m string) string {
		v, ok := vals[m[1:len(m)-1]]
		if !ok {
			return m
		}
		if strings.ContainsAny(v.Value, ":/?#") {
			used = append(used, v)
		}
		return v.Value
	})
	if len(used) == 0 || strings.ContainsAny(intended, "{}") {
		return
	}
	iu, err := url.Parse(intended)
	if err != nil || (iu.Scheme != "http" && iu.Scheme != "https") || iu.Host == "" {
		return
	}
	args, sent, ok := t.base(c)
	if !ok {
		return
	}
	v := used[0]
	line := dryLine(a.ID, args)
	if sent.Code != "" {
		if sent.Code != "LOAD_ERROR" {
			return
		}
		what := "the value"
		if v.From == "default" {
			what = "the default"
		}
		msg, _, _ := strings.Cut(firstLine(sent.Message), " (got:")
		pass.Reportf(a.Target.Span, "`%s` fails: the runtime percent-encodes the value of {%s} (%s %q becomes %q), so the URL is not %s: %q; write the scheme and host in the template",
			line, v.Field, what, v.Value, model.EncodeURIComponent(v.Value), intended, msg)
		return
	}
	su, err := url.Parse(sent.URL)
	if err != nil {
		return
	}
	if su.Host != iu.Host || su.Scheme != iu.Scheme {
		pass.Reportf(a.Target.Span, "`%s` sends the request to %s, not %s: the runtime percent-encodes the value of {%s}, so it cannot hold a scheme or host; write them in the template",
			line, sent.URL, intended, v.Field)
		return
	}
	if v.From == "sample" || segments(su.EscapedPath()) == segments(iu.EscapedPath()) {
		return
	}
	pass.Report(lint.Diagnostic{
		Span: a.Target.Span, Severity: lint.Warning,
		Message: fmt.Sprintf("`%s` (%s) sends %s, not %s: the runtime percent-encodes the value of {%s}, so its \"/\" does not separate path segments; split the path into one placeholder per segment",
			line, fromWord(v.From), sent.URL, intended, v.Field),
	})
}

func segments(p string) int { return strings.Count(strings.TrimSuffix(p, "/"), "/") }

func fromWord(from string) string {
	if from == "hint" {
		return "a value a hint of the document gives"
	}
	return "the field's default"
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
