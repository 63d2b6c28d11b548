package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about tool and app documents (spec.md §1.13, §2.14) and the two
// $VAR conventions that depend on them (§2.12: persistent-var-lowercase,
// context-var-in-app-compat).

func init() {
	register(PersistentVarLowercase, ContextVarInAppCompat, ToolWithoutActions, ToolWithoutDefault, ToolHasNavigation)
}

// docType returns the frontmatter type ("app", "tool", …) and the span of
// its value.
func docType(doc *sfmd.Document) (string, sfmd.Span) {
	f := doc.Frontmatter.Get("type")
	if f == nil {
		return "", sfmd.Span{}
	}
	v, _ := doc.Frontmatter.String("type")
	span := f.ValueSpan
	if !span.IsValid() || span.End.Offset <= span.Start.Offset {
		span = f.KeySpan
	}
	return v, span
}

// PersistentVarLowercase reports $vars with lower-case letters in HTTP
// action definitions.
var PersistentVarLowercase = &lint.Analyzer{
	Name:     "persistent-var-lowercase",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "persistent $VAR name is not upper case",
		Why:   "by convention $VAR names are upper case, and the runtime's check for unset variables only knows upper-case names: an unset `$api_key` is sent literally instead of failing with a clear message (CLI commands are not checked: lower-case names there are shell variables)",
		Bad:   "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer $api_key\"\n```\n",
		Good:  "```act.me\nGET https://api.example.com/me -H \"Authorization: Bearer $API_KEY\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, u := range symbols(pass).Uses {
			if !u.Site.inDefinition() || u.Ref.Kind != sfmd.RefPersistent || u.Action == nil || u.Action.IsCLI() {
				continue
			}
			name := u.Ref.Name
			if name == "" || !persistentRe.MatchString(name) || name == strings.ToUpper(name) {
				continue
			}
			want := strings.ToUpper(snakeCase(name))
			if want == "" {
				want = strings.ToUpper(name)
			}
			pass.Reportf(u.Ref.Span, "%q is not upper case, so the runtime does not report it when it is unset; rename it %q here, in env and where it is set", u.Ref.Raw, "$"+want)
		}
		return nil, nil
	},
}

// ContextVarInAppCompat reports context variables used by app actions.
var ContextVarInAppCompat = &lint.Analyzer{
	Name:     "context-var-in-app-compat",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "context variable used in an app document",
		Why:   "the docs give context variables ($CWD, $CURRENT_FILE, …) to tools only; the reference runtime also gives them to app actions, but a runtime that follows the docs leaves them literal",
		Bad:   "---\ntype: app\n---\n\n```act.files\nCLI ls $CWD\n```\n",
		Good:  "---\ntype: tool\ndefault: files\n---\n\n```act.files\nCLI ls $CWD\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		typ, _ := docType(pass.Doc)
		if typ != "app" {
			return nil, nil
		}
		seen := map[string]bool{}
		for _, u := range symbols(pass).Uses {
			if !u.Site.inDefinition() || u.Ref.Kind != sfmd.RefPersistent || u.Action == nil || !isContextVar(u.Ref.Name) || seen[u.Ref.Name] {
				continue
			}
			if u.Ref.Name == "HOME" && u.Action.IsCLI() {
				continue // the shell expands $HOME itself when the runtime does not
			}
			seen[u.Ref.Name] = true
			pass.Reportf(u.Ref.Span, "context variable %q is documented for tools only and this document is \"type: app\"; runtimes that follow the docs leave it literal: make the document a tool or do not rely on it", u.Ref.Raw)
		}
		return nil, nil
	},
}

// ToolWithoutActions reports tool documents with no action.
var ToolWithoutActions = &lint.Analyzer{
	Name:     "tool-without-actions",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "tool document defines no action",
		Why:   "a tool is one or more act.* blocks called with /tool:name; without any, every call fails",
		Bad:   "---\nname: translate\ntype: tool\n---\n\n# Translate\n\nTranslates text.\n",
		Good:  "---\nname: translate\ntype: tool\ndefault: translate\n---\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		typ, span := docType(pass.Doc)
		if typ == "tool" && len(pass.Doc.Actions) == 0 {
			pass.Reportf(span, "this document is \"type: tool\" but defines no action, so every /tool: call fails; add an act.<id> block or make it \"type: app\"")
		}
		return nil, nil
	},
}

// ToolWithoutDefault reports tools without a default action.
var ToolWithoutDefault = &lint.Analyzer{
	Name:     "tool-without-default",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "tool document has no default action",
		Why:   "a bare /tool:name runs the default action; without `default:` it fails with \"No default action for tool\" and callers must always name the action",
		Bad:   "---\nname: translate\ntype: tool\n---\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",
		Good:  "---\nname: translate\ntype: tool\ndefault: translate\n---\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		typ, span := docType(doc)
		if typ != "tool" || len(doc.Actions) == 0 {
			return nil, nil
		}
		if doc.Frontmatter.Get("default") != nil {
			return nil, nil // a present but bad default is default-action-missing's
		}
		ids := symbols(pass).ActionIDs
		d := lint.Diagnostic{Span: span}
		if len(ids) == 1 {
			d.Message = fmt.Sprintf("tool has no default action, so a bare /tool: call fails; add \"default: %s\" to the frontmatter", ids[0])
			if f := doc.Frontmatter.Get("type"); f != nil && f.KeySpan.IsValid() {
				ls := index(doc).LineStart(f.KeySpan.Start.Line)
				indent := string(doc.Src[ls:f.KeySpan.Start.Offset])
				if strings.Trim(indent, " ") == "" {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("add \"default: %s\"", ids[0]),
						Safe:    false, // a bare /tool: call starts running it
						Edits:   []lint.Edit{{Start: ls, End: ls, New: indent + "default: " + ids[0] + "\n"}},
					}}
				}
			}
		} else {
			d.Message = fmt.Sprintf("tool has no default action, so a bare /tool: call fails; add \"default: <id>\" naming one of %s", quoteList(ids, 8))
		}
		pass.Report(d)
		return nil, nil
	},
}

// ToolHasNavigation reports nav and menu directives in tools.
var ToolHasNavigation = &lint.Analyzer{
	Name:     "tool-has-navigation",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "tool document has navigation",
		Why:   "a tool is a single document that runs in the caller's context and cannot open an app or another page; its navigation is dead",
		Bad:   "---\nname: translate\ntype: tool\ndefault: translate\n---\n\n[!nav:main](nav/main.md)\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",
		Good:  "---\nname: translate\ntype: tool\ndefault: translate\n---\n\n```act.translate\nPOST https://api.example.com/translate\n  text: string (required) \"Text\"\n```\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		if typ, _ := docType(pass.Doc); typ != "tool" {
			return nil, nil
		}
		for _, d := range pass.Doc.Directives {
			if d.Type == "nav" || d.Type == "menu" {
				pass.Reportf(d.Span, "a tool cannot navigate, so the %s directive is dead; remove it or make the document \"type: app\"", d.Type)
			}
		}
		return nil, nil
	},
}
