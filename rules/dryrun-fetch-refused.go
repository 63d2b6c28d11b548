package rules

import (
	"strings"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DryrunFetchRefused reports an action whose request fetch refuses to
// build, so nothing is sent: a header value with a character above U+00FF,
// or a URL with a user name or password.
var DryrunFetchRefused = &lint.Analyzer{
	Name:     "dryrun-fetch-refused",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "fetch refuses the request before sending it",
		Why: "the runtime hands the URL and headers to Node's fetch (`Loader.action` in `packages/string/src/loader.ts`), which throws before sending when a header value holds a character above U+00FF (an em dash, a curly quote, an emoji: header values are Latin-1 bytes) or when the URL carries a user name or password (`https://user:pass@host/…`); the runtime turns the throw into LOAD_ERROR \"Network error: …\". " +
			"sfmd builds the call from the document's hints and defaults and runs it through its model of the runtime, which checks the request as fetch does",
		Bad:  "```act.status\nGET https://api.example.com/status -H \"User-Agent: status-bot — v1\"\n```\n",
		Good: "```act.status\nGET https://api.example.com/status -H \"User-Agent: status-bot - v1\"\n```\n",

		Severity: "every call fails with LOAD_ERROR \"Network error\" and sends nothing (loader.ts Loader.action: fetch throws)",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		t := dryTableOf(pass)
		for _, c := range t.Calls {
			if c.Info.CLI() || c.Action.Target == nil || (len(c.Action.Headers) == 0 && !strings.Contains(c.Action.Target.Text, "@")) {
				continue // the refusals come from a header or the URL's user part
			}
			if dryGates && wideHeader(c.Action) == nil && !mayHaveUserinfo(t, c) {
				continue // neither refusal reported can happen: the call is not run
			}
			args, s, ok := t.base(c)
			if !ok || s.Code != "LOAD_ERROR" {
				continue
			}
			msg, isFetch := strings.CutPrefix(firstLine(s.Message), "Network error: ")
			if !isFetch {
				continue
			}
			span := c.Action.Target.Span
			switch {
			case strings.Contains(msg, "ByteString"):
				h := wideHeader(c.Action)
				if h == nil {
					continue // the character came from a $VAR or session value
				}
				span = h.Span
				msg = "\"Network error: " + msg + "\": a header value can hold only characters up to U+00FF; replace the character"
			case strings.Contains(msg, "includes credentials"):
				msg = "\"Network error: Request cannot be constructed from a URL that includes credentials\"; send them in an Authorization header (-H \"Authorization: Basic $TOKEN\")"
			default:
				continue // header names: header-name-invalid; encoded values: dryrun-url-differs
			}
			pass.Reportf(span, "`%s` fails before anything is sent: fetch throws %s", dryLine(c.Action.ID, args), msg)
		}
		return nil, nil
	},
}

// wideHeader is a's first header whose text holds a character above U+00FF.
func wideHeader(a *sfmd.Action) *sfmd.Header {
	for _, h := range a.Headers {
		if !h.Valid || h.Value == nil {
			continue
		}
		for _, r := range h.Value.Text {
			if r > 0xFF && r != utf8.RuneError {
				return h
			}
		}
	}
	return nil
}

// mayHaveUserinfo reports whether the URL the dry run of c sends could
// hold a user part: only with an '@' in it, which comes from the action's
// URI as the model reads it, a value of the call (a hint, a default, a
// sample; "@name" shortcuts and @file values begin with one), or a $VAR
// (of the URI or of a value; the env store's samples hold none, $ARGS
// holds the values). False means fetch cannot throw for credentials, and
// with no wide header (wideHeader) the rule reports nothing: the dry run
// need not be made for it. Of a URI that begins with http:// or https://
// only the authority counts (up to the first '/', '?' or '#'): an '@' or a
// $VAR's value after it lands in the path, query or fragment, which hold
// no user part (the big generated document's ?lang=$LANG ran every call).
func mayHaveUserinfo(t *dryTable, c *dryCall) bool {
	if strings.ContainsAny(uriAuthority(c.Src.URI()), "@$") {
		return true
	}
	for _, v := range c.Values {
		if strings.ContainsAny(v.Value, "@$") {
			return true
		}
	}
	return false
}

// uriAuthority is the authority of an http:// or https:// URI as written
// (after the "//", up to the first '/', '?' or '#'), or the whole URI for
// any other.
func uriAuthority(uri string) string {
	for _, scheme := range []string{"http://", "https://"} {
		if rest, ok := strings.CutPrefix(uri, scheme); ok {
			if i := strings.IndexAny(rest, "/?#"); i >= 0 {
				return rest[:i]
			}
			return rest
		}
	}
	return uri
}
