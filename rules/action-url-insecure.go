package rules

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// ActionURLInsecure reports plain-HTTP targets.
var ActionURLInsecure = &lint.Analyzer{
	Name:     "action-url-insecure",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "action URL uses plain http://",
		Why:   "plain HTTP sends the request, its headers (tokens, API keys) and the response in clear text over the network",
		Bad:   "```act.me\nGET http://api.example.com/me -H \"Authorization: Bearer $TOKEN\"\n```\n",
		Good:  "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer $TOKEN\"\n```\n",

		Severity: "loader.ts Loader.action: the request works; plain HTTP only exposes it on the network",
		Fix:      lint.FixDoc{Kind: lint.UnsafeFix, Reason: "the server may not answer on https://, or answer differently"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsHTTP() || a.Target == nil || len(a.Target.Text) < len("http://") || !strings.EqualFold(a.Target.Text[:7], "http://") {
				continue
			}
			host := a.Target.Text[7:]
			if i := strings.IndexAny(host, "/?#"); i >= 0 {
				host = host[:i]
			}
			if u, err := url.Parse("http://" + host); err == nil && isLoopbackHost(u.Hostname()) {
				continue
			}
			if strings.ContainsAny(host, "{$") {
				continue // the host comes from a variable
			}
			what := "the request and the response travel"
			if len(a.Headers) > 0 {
				what = "the request, its headers and the response travel"
			}
			d := lint.Diagnostic{
				Span:    a.Target.Span,
				Message: fmt.Sprintf("%q uses plain http://, so %s unencrypted; use https:// if the server supports it", a.Target.Text, what),
			}
			if s := a.Target.Span.Start.Off(); src(doc, a.Target.Span) == a.Target.Text {
				d.Fixes = []lint.Fix{{Message: "switch to https://", Edits: []lint.Edit{{Start: s, End: s + len("http://"), New: "https://"}}}}
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// isLoopbackHost reports whether host names this machine (plain HTTP is
// normal there).
func isLoopbackHost(host string) bool {
	h := strings.ToLower(host)
	return h == "localhost" || strings.HasSuffix(h, ".localhost") || strings.HasPrefix(h, "127.") ||
		h == "::1" || h == "0.0.0.0" || strings.HasSuffix(h, ".local") || strings.HasSuffix(h, ".internal")
}
