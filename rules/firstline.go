package rules

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about the first line of an action block (method, target, stray
// tokens), non-standard tool blocks, runtime capabilities and live
// bindings (spec.md §2.6).

func init() {
	register(
		ActionMethodUnknown,
		ActionMethodLowercase,
		ActionTargetMissing,
		ActionURLNotAbsolute,
		ActionURLInsecure,
		ActionFirstLineStrayToken,
		FenceToolBlockNonstandard,
		ActionRequiresCapability,
		LiveBindingExperimental,
	)
}

// actionMethods are the action types of spec.md §1.9.2.
var actionMethods = []string{sfmd.MethodGET, sfmd.MethodPOST, sfmd.MethodPUT, sfmd.MethodPATCH, sfmd.MethodDELETE, sfmd.MethodCLI}

// methodAliases maps method names authors reach for to the action type
// they mean.
var methodAliases = map[string]string{
	"FETCH": sfmd.MethodGET, "READ": sfmd.MethodGET, "HEAD": sfmd.MethodGET, "OPTIONS": sfmd.MethodGET,
	"CREATE": sfmd.MethodPOST, "SEND": sfmd.MethodPOST,
	"UPDATE": sfmd.MethodPATCH,
	"REMOVE": sfmd.MethodDELETE, "DEL": sfmd.MethodDELETE,
	"SHELL": sfmd.MethodCLI, "SH": sfmd.MethodCLI, "BASH": sfmd.MethodCLI, "EXEC": sfmd.MethodCLI, "RUN": sfmd.MethodCLI, "CMD": sfmd.MethodCLI, "COMMAND": sfmd.MethodCLI,
}

func isKnownMethod(m string) bool {
	for _, k := range actionMethods {
		if k == m {
			return true
		}
	}
	return false
}

// hasFirstLine reports whether the action has a non-blank definition line
// (action-block-empty reports the others).
func hasFirstLine(a *sfmd.Action) bool {
	return a.MethodRaw != "" && a.MethodSpan.IsValid()
}

// ActionMethodUnknown reports first lines whose method is not an action type.
var ActionMethodUnknown = &lint.Analyzer{
	Name:     "action-method-unknown",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action method is not GET, POST, PUT, PATCH, DELETE or CLI",
		Why:   "the first word of an action block is its type; the runtime only knows GET, POST, PUT, PATCH, DELETE and CLI and rejects the whole block otherwise (INVALID_ACTION_BLOCK)",
		Bad:   "```act.search\nFETCH https://api.example.com/search\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !hasFirstLine(a) || isKnownMethod(a.Method) {
				continue
			}
			msg := fmt.Sprintf("%q is not an action method, so the runtime rejects action %q", a.MethodRaw, a.ID)
			want := methodAliases[a.Method]
			if want == "" {
				want = nearestName(a.Method, actionMethods)
			}
			if want != "" {
				msg += fmt.Sprintf("; did you mean %q?", want)
			} else {
				msg += "; start the first line with one of GET, POST, PUT, PATCH, DELETE or CLI"
			}
			pass.Reportf(a.MethodSpan, "%s", msg)
		}
		return nil, nil
	},
}

// ActionMethodLowercase reports actionMethods not written in upper case.
var ActionMethodLowercase = &lint.Analyzer{
	Name:     "action-method-lowercase",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action method is not upper case",
		Why:   "the spec writes every method in upper case; the reference runtime accepts any case, but other runtimes and readers may not",
		Bad:   "```act.search\nget https://api.example.com/search\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !hasFirstLine(a) || !isKnownMethod(a.Method) || a.MethodRaw == a.Method {
				continue
			}
			d := lint.Diagnostic{
				Span:    a.MethodSpan,
				Message: fmt.Sprintf("method %q should be written in upper case; write %q", a.MethodRaw, a.Method),
			}
			if src(doc, a.MethodSpan) == a.MethodRaw {
				d.Fixes = []lint.Fix{{
					Message: fmt.Sprintf("upper-case %q", a.MethodRaw),
					Safe:    true,
					Edits:   []lint.Edit{{Start: a.MethodSpan.Start.Offset, End: a.MethodSpan.End.Offset, New: a.Method}},
				}}
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// afterMethod returns the text of the first line after the method and
// the whitespace that follows it.
func afterMethod(doc *sfmd.Document, a *sfmd.Action) string {
	off := lineOffset(doc, a.FirstLine.Text, a.FirstLine.Span)
	if off < 0 {
		return ""
	}
	i := a.MethodSpan.End.Offset - off
	if i < 0 || i > len(a.FirstLine.Text) {
		return ""
	}
	return strings.TrimLeft(a.FirstLine.Text[i:], " \t")
}

// ActionTargetMissing reports first lines with a method and nothing else.
var ActionTargetMissing = &lint.Analyzer{
	Name:     "action-target-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action has a method but no URL or command",
		Why:   "the method must be followed by the endpoint (HTTP) or the command (CLI); without it the runtime rejects the block (INVALID_ACTION_BLOCK)",
		Bad:   "```act.search\nGET\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !hasFirstLine(a) || !isKnownMethod(a.Method) || a.Target != nil {
				continue
			}
			if a.IsHTTP() && isHeaderLine(afterMethod(pass.Doc, a)) {
				continue // header-before-url: the URL is after the header
			}
			what, example := "URL", "https://api.example.com/search"
			if a.IsCLI() {
				what, example = "command", "echo hello"
			}
			pass.Reportf(a.MethodSpan, "action %q has no %s after %q; write it after the method, e.g. %q", a.ID, what, a.MethodRaw, a.Method+" "+example)
		}
		return nil, nil
	},
}

// targetStartsWithVar reports whether a target begins with a placeholder
// or a $VAR (a base URL taken from a variable).
func targetStartsWithVar(t string) bool {
	return strings.HasPrefix(t, "{") || strings.HasPrefix(t, "$")
}

// ActionURLNotAbsolute reports HTTP targets that are not absolute URLs.
var ActionURLNotAbsolute = &lint.Analyzer{
	Name:     "action-url-not-absolute",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "action URL is not absolute",
		Why:   "the runtime resolves a relative URL against the document's own location; a document opened from a local file has no HTTP base, so the call fails (LOAD_ERROR)",
		Bad:   "```act.search\nGET /search\n```\n",
		Good:  "```act.search\nGET https://api.example.com/search\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() || a.Target == nil || a.Target.Text == "" {
				continue
			}
			t := a.Target.Text
			low := strings.ToLower(t)
			if strings.HasPrefix(low, "http://") || strings.HasPrefix(low, "https://") || targetStartsWithVar(t) {
				continue
			}
			msg := fmt.Sprintf("the URL %q is not absolute; the runtime resolves it against the document's location, which fails when the document is a local file; write the full URL", t)
			if q := t[0]; q == '"' || q == '\'' {
				msg = fmt.Sprintf("the URL %s is in quotes, which the runtime keeps as part of the URL; remove the quotes", t)
			} else if strings.Contains(t, "://") {
				msg = fmt.Sprintf("the URL %q is not an http(s) URL and the runtime cannot call it; use an https:// URL", t)
			} else if !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, ".") && strings.Contains(strings.SplitN(t, "/", 2)[0], ".") {
				msg = fmt.Sprintf("the URL %q has no scheme, so the runtime treats it as a path relative to the document; did you mean %q?", t, "https://"+t)
			}
			pass.Reportf(a.Target.Span, "%s", msg)
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
			if s := a.Target.Span.Start.Offset; src(doc, a.Target.Span) == a.Target.Text {
				d.Fixes = []lint.Fix{{Message: "switch to https://", Edits: []lint.Edit{{Start: s, End: s + len("http://"), New: "https://"}}}}
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

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
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsHTTP() || len(a.Stray) == 0 {
				continue
			}
			flagsAt := -1 // offset of the first -H/-d flag
			for _, h := range a.Headers {
				if flagsAt < 0 || h.Span.Start.Offset < flagsAt {
					flagsAt = h.Span.Start.Offset
				}
			}
			if b := a.InlineBody; b != nil && (flagsAt < 0 || b.Span.Start.Offset < flagsAt) {
				flagsAt = b.Span.Start.Offset
			}
			// group runs of tokens separated only by blanks
			for i := 0; i < len(a.Stray); {
				j := i + 1
				for j < len(a.Stray) && strings.TrimSpace(string(doc.Src[a.Stray[j-1].Span.End.Offset:a.Stray[j].Span.Start.Offset])) == "" {
					j++
				}
				first, last := a.Stray[i], a.Stray[j-1]
				span := sfmd.Span{Start: first.Span.Start, End: last.Span.End}
				text := src(doc, span)
				if flagsAt < 0 || first.Span.Start.Offset < flagsAt {
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

// FenceToolBlockNonstandard reports ```tool:<name> fenced blocks.
var FenceToolBlockNonstandard = &lint.Analyzer{
	Name:     "fence-tool-block-nonstandard",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "tool:<name> fenced block is not part of SFMD",
		Why:   "tool blocks with nested actions and a shared `headers:` section appear in one cookbook page only; neither the spec nor the reference parser reads them, so their actions do not exist",
		Bad:   "```tool:weather\nGET https://api.example.com/weather\n  headers:\n    Accept: application/json\n```\n",
		Good:  "```act.current\nGET https://api.example.com/weather -H \"Accept: application/json\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, f := range pass.Doc.Fences {
			info := f.Info
			if !strings.HasPrefix(info, "tool:") {
				continue
			}
			span := f.InfoSpan
			if !span.IsValid() || span.Len() == 0 {
				span = f.OpenSpan
			}
			name := strings.Fields(strings.TrimPrefix(info, "tool:"))
			n := "name"
			if len(name) > 0 {
				n = name[0]
			}
			pass.Reportf(span, "%q blocks are not SFMD and the runtime ignores them; write each action as its own ```act.<id> block (e.g. %q) with -H headers on its first line", "tool:"+n, "act."+n)
		}
		return nil, nil
	},
}

// ActionRequiresCapability reports actions a default-configured runtime
// does not allow without an opt-in.
var ActionRequiresCapability = &lint.Analyzer{
	Name:     "action-requires-capability",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "action needs a capability that is opt-in by default",
		Why:   "a default-configured runtime only enables reading, GET requests and writing to the artifact directory; POST, PUT, PATCH, DELETE, shell commands and other file writes (to:) need the user's opt-in, which the document should explain (in requirements.md)",
		Bad:   "```act.post\nPOST https://api.example.com/posts\n```\n",
		Good:  "```act.posts\nGET https://api.example.com/posts\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		type optIn struct {
			id   string
			span sfmd.Span // the method, or the to: line
			what string
		}
		var found []optIn
		for _, a := range doc.Actions {
			if !hasFirstLine(a) {
				continue
			}
			switch {
			case a.IsCLI():
				found = append(found, optIn{a.ID, a.MethodSpan, "runs a shell command"})
			case a.IsHTTP() && a.Method != sfmd.MethodGET:
				found = append(found, optIn{a.ID, a.MethodSpan, "sends a " + a.Method + " request"})
			}
		}
		// to: lines write files, which is opt-in outside the artifact directory
		for _, r := range doc.Responses {
			for _, l := range r.Lines {
				if l.Kind == sfmd.LineTo && l.Line.Span.IsValid() && l.Line.Span.Len() > 0 {
					span := l.Line.Span
					if off := lineOffset(doc, l.Line.Text, span); off >= 0 {
						t := strings.TrimSpace(l.Line.Text)
						start := off + strings.Index(l.Line.Text, t)
						span = spanAt(doc, start, start+len(t))
					}
					found = append(found, optIn{r.ActionID, span, fmt.Sprintf("writes a file (%s)", strings.TrimSpace(l.Line.Text))})
					break
				}
			}
		}
		if len(found) == 0 || documentsRequirements(pass) {
			return nil, nil
		}
		// one finding per document, on the first thing that needs an opt-in
		sort.SliceStable(found, func(i, j int) bool { return found[i].span.Start.Offset < found[j].span.Start.Offset })
		first := found[0]
		others := ""
		if len(found) > 1 {
			var more []string // the next three, each with what it does
			for _, f := range found[1:] {
				if len(more) == 3 {
					more = append(more, "…")
					break
				}
				more = append(more, strconv.Quote(f.id)+" "+f.what)
			}
			others = " (also: " + strings.Join(more, "; ") + ")"
		}
		pass.Reportf(first.span, "action %q %s, which a default-configured runtime may not allow until the user opts in%s; say so in a requirements.md next to the document", first.id, first.what, others)
		return nil, nil
	},
}

// documentsRequirements reports whether the document has setup notes: a
// [!requirements] directive or a requirements.md next to it.
func documentsRequirements(pass *lint.Pass) bool {
	for _, d := range pass.Doc.Directives {
		if d.Type == "requirements" {
			return true
		}
	}
	if pass.Workspace == nil {
		return false
	}
	// REQUIREMENTS.md too: requirements-file-case
	return pass.Workspace.ExistsFold("requirements.md")
}

// LiveBindingExperimental reports {{fetch:URL}} live bindings.
var LiveBindingExperimental = &lint.Analyzer{
	Name:     "live-binding-experimental",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "{{fetch:URL}} live binding is experimental",
		Why:   "live data binding is the one SFMD construct marked Experimental: its syntax may change, runtimes render it differently and a slow endpoint stalls the page",
		Bad:   "Price: {{fetch:https://api.example.com/price}}\n",
		Good:  "```act.price\nGET https://api.example.com/price\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, r := range pass.Doc.ProseVars {
			if r.Kind != sfmd.RefLiveFetch {
				continue
			}
			pass.Reportf(r.Span, "%s is an experimental live binding whose syntax and rendering may change; prefer an action with a response template", r.Raw)
		}
		return nil, nil
	},
}
