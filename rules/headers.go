package rules

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about -H "Name: value" headers (spec.md §1.9.3, §2.7).

// HeaderSyntaxInvalid reports headers the runtime does not recognise.
var HeaderSyntaxInvalid = &lint.Analyzer{
	Name:     "header-syntax-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header flag is not -H \"Name: value\"",
		Why:   "the runtime only recognises double-quoted, closed `-H \"Name: value\"` flags with a colon; single quotes, missing quotes, a missing colon or a missing closing quote make it drop the header or glue it to the URL",
		Bad:   "```act.data\nGET https://api.example.com/data -H 'Accept: application/json'\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Accept: application/json\"\n```\n",
	},
	Run: runHeaderSyntaxInvalid,
}

func runHeaderSyntaxInvalid(pass *lint.Pass) (any, error) {
	doc := pass.Doc
	var reported []sfmd.Span
	for _, a := range doc.Actions {
		if !a.IsHTTP() {
			continue
		}
		for _, h := range a.Headers {
			if h.Valid {
				continue
			}
			d := lint.Diagnostic{Span: h.Span}
			shown := src(doc, h.Span)
			switch {
			case h.Quote == '\'' && h.Closed:
				d.Message = fmt.Sprintf("header %s uses single quotes, which the runtime does not recognise; use double quotes: -H \"%s\"", shown, h.Raw)
				if strings.Contains(h.Raw, `"`) || !h.HasColon {
					d.Message = fmt.Sprintf("header %s uses single quotes, which the runtime does not recognise; use -H \"Name: value\" with double quotes and no '\"' in the value", shown)
					break
				}
				open, end := h.RawSpan.Start.Offset-1, h.RawSpan.End.Offset
				if open >= 0 && end < len(doc.Src) && doc.Src[open] == '\'' && doc.Src[end] == '\'' {
					d.Fixes = []lint.Fix{{
						Message: "replace the single quotes with double quotes",
						Safe:    true,
						Edits:   []lint.Edit{{Start: open, End: open + 1, New: `"`}, {Start: end, End: end + 1, New: `"`}},
					}}
				}
			case h.Quote == 0 && (strings.TrimSpace(h.Raw) == "" || strings.HasPrefix(h.Raw, "-")):
				d.Message = "-H has no header after it; write -H \"Name: value\" or remove the flag"
			case h.Quote == 0:
				d.Message = fmt.Sprintf("header %s is not quoted, so the runtime does not recognise it; write -H \"%s\"", shown, strings.TrimSpace(h.Raw))
			case !h.Closed:
				d.Message = fmt.Sprintf("header %s has no closing quote; add a closing %s quote", shown, quoteName(h.Quote))
			case h.Quote == '"' && strings.Contains(h.Raw, `"`):
				d.Message = fmt.Sprintf("header %s contains a double quote, which ends the header early; remove it or move the value to a $VAR", shown)
			case !h.HasColon:
				d.Message = fmt.Sprintf("header %s has no colon, so the runtime drops it; write it as -H \"Name: value\"", shown)
			default:
				d.Message = fmt.Sprintf("header %s is not recognised by the runtime; write it as -H \"Name: value\"", shown)
			}
			reported = append(reported, h.Span)
			pass.Report(d)
		}
	}
	reportProblems(pass, pass.Analyzer.Name, reported)
	return nil, nil
}

func quoteName(q byte) string {
	if q == '\'' {
		return "single"
	}
	return "double"
}

// HeaderNameInvalid reports header names that are not HTTP tokens.
var HeaderNameInvalid = &lint.Analyzer{
	Name:     "header-name-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header name is empty or not an HTTP token",
		Why:   "HTTP header names cannot contain spaces or separators; the request fails or the header is dropped",
		Bad:   "```act.data\nGET https://api.example.com/data -H \"Auth Token: $TOKEN\"\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"X-Auth-Token: $TOKEN\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			for _, h := range a.Headers {
				if !h.HasColon || headerNameRe.MatchString(h.Name) {
					continue
				}
				if h.Name == "" {
					pass.Reportf(h.Span, "header %s has an empty name; write it as -H \"Name: value\"", src(pass.Doc, h.Span))
					continue
				}
				want := strings.Join(strings.FieldsFunc(h.Name, func(r rune) bool { return !headerNameRe.MatchString(string(r)) }), "-")
				msg := fmt.Sprintf("header name %q is not a valid HTTP header name", h.Name)
				if want != "" && !strings.ContainsFunc(h.Name, func(r rune) bool { return r > unicode.MaxASCII }) {
					msg += fmt.Sprintf("; did you mean %q?", want)
				} else {
					msg += "; use ASCII letters, digits and '-'"
				}
				span := h.NameSpan
				if !span.IsValid() {
					span = h.Span
				}
				pass.Reportf(span, "%s", msg)
			}
		}
		return nil, nil
	},
}

// HeaderNotOnFirstLine reports -H lines below the first line.
var HeaderNotOnFirstLine = &lint.Analyzer{
	Name:     "header-not-on-first-line",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header on its own line instead of the first line",
		Why:   "headers belong on the first line, after the URL; a `-H` line below it is not a parameter and the runtime drops it",
		Bad:   "```act.data\nGET https://api.example.com/data\n-H \"Accept: application/json\"\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Accept: application/json\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			for _, l := range a.Unrecognized {
				if !isHeaderLine(l.Text) {
					continue
				}
				trimmed := strings.TrimSpace(l.Text)
				span := l.Span
				if off := lineOffset(pass.Doc, l.Text, l.Span); off >= 0 {
					start := off + strings.Index(l.Text, trimmed)
					span = spanAt(pass.Doc, start, start+len(trimmed))
				}
				pass.Reportf(span, "header %s is not on the first line and is ignored; move it to the end of the first line of %q", trimmed, "act."+a.ID)
			}
		}
		return nil, nil
	},
}

// isHeaderLine reports whether an action line is a -H flag.
func isHeaderLine(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasPrefix(t, "-H ") || strings.HasPrefix(t, `-H"`) || strings.HasPrefix(t, "-H'") || t == "-H"
}

// HeaderBeforeURL reports -H flags written before the URL.
var HeaderBeforeURL = &lint.Analyzer{
	Name:     "header-before-url",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header flag before the URL",
		Why:   "the runtime takes the first word after the method as the URL; a `-H` before it becomes the URL and the real URL is lost",
		Bad:   "```act.data\nGET -H \"Accept: application/json\" https://api.example.com/data\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Accept: application/json\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			text := a.FirstLine.Text
			off := lineOffset(doc, text, a.FirstLine.Span)
			if off < 0 {
				continue
			}
			i := len(text) - len(strings.TrimLeft(text, " \t"))
			i += len(a.MethodRaw)
			if !strings.HasPrefix(text[i:], " ") && !strings.HasPrefix(text[i:], "\t") {
				continue
			}
			rest := strings.TrimLeft(text[i:], " \t")
			if !isHeaderLine(rest) {
				continue
			}
			start := off + len(text) - len(rest)
			end := start + 2
			for _, h := range a.Headers {
				if h.Span.Start.Offset == start {
					end = h.Span.End.Offset
				}
			}
			pass.Reportf(spanAt(doc, start, end), "header %s comes before the URL; move it after the URL", string(doc.Src[start:end]))
		}
		return nil, nil
	},
}

// HeaderOnCLI reports -H "…" flags in CLI commands.
var HeaderOnCLI = &lint.Analyzer{
	Name:     "header-on-cli",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "-H flag in a CLI command is not an HTTP header",
		Why:   "headers are an HTTP-action feature; in a CLI command `-H \"…\"` is passed to the program, which is only right if the program expects it",
		Bad:   "```act.data\nCLI mytool -H \"Accept: application/json\"\n```\n",
		Good:  "```act.data\nCLI curl -s -H \"Accept: application/json\" https://api.example.com/data\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, a := range doc.Actions {
			if !a.IsCLI() {
				continue
			}
			text := a.FirstLine.Text
			off := lineOffset(doc, text, a.FirstLine.Span)
			if off < 0 {
				continue
			}
			fields := strings.Fields(text)
			if len(fields) < 2 {
				continue
			}
			for i := 1; i < len(fields); i++ {
				if httpClientSuffix(fields[i]) && httpClientRe.MatchString(fields[i]) {
					break // curl -H …: intentional
				}
				if fields[i] != "-H" || i+1 >= len(fields) || (fields[i+1][0] != '"' && fields[i+1][0] != '\'') {
					continue
				}
				start := off + nthField(text, i)
				pass.Reportf(spanAt(doc, start, start+2), "-H in a CLI command is passed to %q, not sent as an HTTP header; ignore this if the program expects it, or make %q an HTTP action", fields[1], "act."+a.ID)
				break
			}
		}
		return nil, nil
	},
}

// httpClientSuffix reports whether s ends with a name httpClientRe
// accepts, which it must to match: most fields do not, and skip the
// regexp.
func httpClientSuffix(s string) bool {
	for _, n := range [...]string{"curl", "wget", "http", "https", "xh", "curlie", "httpie"} {
		if strings.HasSuffix(s, n) {
			return true
		}
	}
	return false
}

// httpClientRe matches a shell word that runs an HTTP client ("curl",
// "/usr/bin/curl", "HTTP=$(curl", "|wget").
var httpClientRe = regexp.MustCompile(`(?:^|[/=(|;&])(?:curl|wget|http|https|xh|curlie|httpie)$`)

// nthField returns the byte offset of the n-th (0-based) whitespace
// separated field of text.
func nthField(text string, n int) int {
	i, k := 0, -1
	for i < len(text) {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if i >= len(text) {
			break
		}
		k++
		if k == n {
			return i
		}
		for i < len(text) && text[i] != ' ' && text[i] != '\t' {
			i++
		}
	}
	return len(text)
}

// HeaderValueEmpty reports headers with an empty value.
var HeaderValueEmpty = &lint.Analyzer{
	Name:     "header-value-empty",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "header has an empty value",
		Why:   "an empty header value is almost always a missing variable (`Authorization: ` without the token)",
		Bad:   "```act.data\nGET https://api.example.com/data -H \"Authorization: \"\n```\n",
		Good:  "```act.data\nGET https://api.example.com/data -H \"Authorization: Bearer $TOKEN\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			for _, h := range a.Headers {
				if !h.Valid || h.Name == "" || (h.Value != nil && strings.TrimSpace(h.Value.Text) != "") {
					continue
				}
				pass.Reportf(h.Span, "header %q has an empty value; give it a value (e.g. a $VAR) or remove it", h.Name)
			}
		}
		return nil, nil
	},
}

// HeaderPlaceholderIsParam reports header placeholders naming a parameter.
var HeaderPlaceholderIsParam = &lint.Analyzer{
	Name:     "header-placeholder-is-param",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "header placeholder names a parameter",
		Why:   "the runtime fills header placeholders from session variables only, never from the action's own parameters, so the header is sent with a literal or empty value",
		Bad:   "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer {token}\"\n  token: string (required) \"API token\"\n```\n",
		Good:  "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer $API_TOKEN\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, a := range pass.Doc.Actions {
			if !a.IsHTTP() {
				continue
			}
			for _, h := range a.Headers {
				if h.Value == nil {
					continue
				}
				for _, r := range h.Value.Refs {
					if r.Kind == sfmd.RefVar && a.Param(r.Name) != nil {
						pass.Reportf(r.Span, "header placeholder %s names parameter %q, but headers are filled from session variables only; use a $VAR or pass the value in the URL or body", r.Raw, r.Name)
					}
				}
			}
		}
		return nil, nil
	},
}
