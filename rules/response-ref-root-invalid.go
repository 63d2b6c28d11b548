package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// ResponseRefRootInvalid reports {Response.x} with an unknown root.
var ResponseRefRootInvalid = &lint.Analyzer{
	Name:     "response-ref-root-invalid",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "response reference does not start with Response.body or Response.status",
		Why:   "the Response object has `body` and `status` (plus `exit_code`, `stdout` and `stderr` for CLI); any other root (`Response.data`, `Response.headers`, lower-case `response`) is never resolved",
		Bad:   "```act.item\nGET https://api.example.com/item\n```\n\n```act.item.response\nID: {Response.data.id}\n```\n",
		Good:  "```act.item\nGET https://api.example.com/item\n```\n\n```act.item.response\nID: {Response.body.data.id}\n```\n",

		Severity: "helpers.ts executeResponseTemplate: the reference never resolves: the output keeps it literally with a warning",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "capitalizing `Response` is safe; inserting `body.` changes which field the reference reads, so that fix is unsafe"},
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		syms := symbols(pass)
		syms.eachTemplateRef(doc, varOrResponseRef, func(r *sfmd.Response, a *sfmd.Action, _ *sfmd.TemplateLine, ref *sfmd.VarRef) {
			switch {
			case ref.Kind == sfmd.RefVar && strings.EqualFold(ref.Name, "response") && ref.Name != "Response" && ref.PathText != "" && !responseParam(syms, r, ref.Name):
				want := "{Response" + strings.TrimPrefix(ref.Raw[1:], ref.Name)
				d := lint.Diagnostic{Span: ref.Span, Message: fmt.Sprintf("%s is not a response reference: the root is spelled \"Response\"; write %s", ref.Raw, want)}
				if src(doc, ref.Span) == ref.Raw {
					d.Fixes = []lint.Fix{{Message: "capitalize \"Response\"", Safe: true, Edits: []lint.Edit{{Start: ref.Span.Start.Off() + 1, End: ref.Span.Start.Off() + 1 + len(ref.Name), New: "Response"}}}}
				}
				pass.Report(d)
			case ref.Kind == sfmd.RefResponse:
				if roots := responseRoots(a); !hasString(roots, ref.Name) {
					pass.Report(rootDiag(doc, ref, roots))
				}
			}
		})
		return nil, nil
	},
}

// varOrResponseRef reports whether k is sfmd.RefVar or sfmd.RefResponse,
// the references response-ref-root-invalid reads.
func varOrResponseRef(k sfmd.RefKind) bool { return k == sfmd.RefVar || k == sfmd.RefResponse }

// responseRoots returns the Response keys of an action's template: one
// of two lists, shared and read-only (a list made at each call was an
// allocation for each {Response.…} of the document's templates;
// TestResponseRootsShared).
func responseRoots(a *sfmd.Action) []string {
	if a != nil && a.IsCLI() {
		return cliResponseRoots
	}
	return httpResponseRoots
}

// The Response keys of a CLI action's template and of an HTTP one's.
var (
	cliResponseRoots  = []string{"body", "status", "exit_code", "stdout", "stderr"}
	httpResponseRoots = []string{"body", "status"}
)

func rootDiag(doc *sfmd.Document, ref *sfmd.VarRef, roots []string) lint.Diagnostic {
	d := lint.Diagnostic{Span: ref.Span}
	keys := andList(roots)
	switch n := nearest(ref.Name, roots); {
	case ref.Name == "":
		d.Message = fmt.Sprintf("%s has no root; write {Response.body} or {Response.status} (the response has %s)", ref.Raw, keys)
	case ref.Name == "exit_code" || ref.Name == "stdout" || ref.Name == "stderr":
		d.Message = fmt.Sprintf("%s is never resolved: %q only exists for CLI actions (this response has %s); use {Response.body} or {Response.status}", ref.Raw, ref.Name, keys)
	case ref.Name == "headers":
		d.Message = fmt.Sprintf("%s is never resolved: responses expose no headers (only %s); read the value from the body instead", ref.Raw, keys)
	case n != "" || rootFor(ref.Name, roots) != "":
		if n == "" {
			n = rootFor(ref.Name, roots)
		}
		want := "{Response." + n + strings.TrimPrefix(ref.PathText, ref.Name) + "}"
		d.Message = fmt.Sprintf("%s has the unknown root %q (the response has %s); did you mean %q?", ref.Raw, ref.Name, keys, want)
		if src(doc, ref.Span) == ref.Raw && strings.HasPrefix(ref.Raw, "{Response."+ref.Name) {
			at := ref.Span.Start.Off() + len("{Response.")
			d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write %s", want), Edits: []lint.Edit{{Start: at, End: at + len(ref.Name), New: n}}}}
		}
	default:
		want := "{Response.body." + ref.PathText + "}"
		d.Message = fmt.Sprintf("%s has the unknown root %q (the response has %s); JSON fields live under body: write %s", ref.Raw, ref.Name, keys, want)
		if src(doc, ref.Span) == ref.Raw && strings.HasPrefix(ref.Raw, "{Response.") {
			at := ref.Span.Start.Off() + len("{Response.")
			d.Fixes = []lint.Fix{{Message: "read it from the body", Edits: []lint.Edit{{Start: at, End: at, New: "body."}}}}
		}
	}
	return d
}

// rootFor returns the root a name that is not a typo of one most likely
// means: "statusCode", "status_code" and "StatusText" mean status,
// "exitCode" exit_code, "output" stdout; "" when none.
func rootFor(name string, roots []string) string {
	norm := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(name))
	for _, r := range roots {
		if strings.HasPrefix(norm, strings.ReplaceAll(r, "_", "")) {
			return r
		}
	}
	switch norm {
	case "code", "statuscode", "httpstatus":
		return "status"
	case "exit", "exitstatus", "returncode", "rc":
		if hasString(roots, "exit_code") {
			return "exit_code"
		}
		return "status"
	case "out", "output":
		if hasString(roots, "stdout") {
			return "stdout"
		}
	case "err", "error", "errors":
		if hasString(roots, "stderr") {
			return "stderr"
		}
	}
	return ""
}

// andList renders names as "a", "b" and "c".
func andList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) <= 1 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
