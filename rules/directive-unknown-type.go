package rules

import (
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// DirectiveUnknownType reports directive types no runtime knows.
var DirectiveUnknownType = &lint.Analyzer{
	Name:        "directive-unknown-type",
	Severity:    lint.Info,
	MaxSeverity: lint.Warning,
	Profile:     lint.Core,
	Doc: lint.Doc{
		Title: "directive type is not nav, include or requirements",
		Why:   "parsers ignore unknown directive types, so a typo like `[!nva:main]` silently drops the menu",
		Bad:   "[!nva:main](nav/main.md)\n",
		Good:  "[!nav:main](nav/main.md)\n",

		Severity: "spec.md §1.6: parsers ignore unknown types, which may be another runtime's extension (a near miss of nav, include or requirements is a warning: almost certainly a typo that drops the directive)",
		Fix:      lint.FixDoc{Kind: lint.SometimesSafe, Reason: "safe when the type only differs in case from a known one; another near miss may be another runtime's extension, so the fix is unsafe"},
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, d := range pass.Doc.Directives {
			if !d.OwnLine || hasString(knownDirectives, d.Type) {
				continue
			}
			if d.Type == "" {
				pass.Reportf(d.Span, "directive has no type and is ignored; expected one of \"nav\", \"include\", \"requirements\"")
				continue
			}
			msg := fmt.Sprintf("directive type %q is unknown and ignored", d.Type)
			d2 := lint.Diagnostic{Span: d.TypeSpan}
			if near := nearest(strings.ToLower(d.Type), knownDirectives[:3]); near != "" || hasString(knownDirectives[:3], strings.ToLower(d.Type)) {
				if near == "" {
					near = strings.ToLower(d.Type)
				}
				msg += fmt.Sprintf("; did you mean %q?", near)
				d2.Severity = lint.Warning // almost certainly a typo that drops the directive
				if missing := directiveTargetMissing(pass, d, near); missing != "" {
					// the fix would make the runtime read a file that is not there
					msg += fmt.Sprintf(" (%q does not exist yet)", missing)
				} else {
					d2.Fixes = []lint.Fix{{Message: fmt.Sprintf("use %q", near), Safe: near == strings.ToLower(d.Type),
						Edits: []lint.Edit{{Start: d.TypeSpan.Start.Off(), End: d.TypeSpan.End.Off(), New: near}}}}
				}
			} else {
				msg += "; expected one of \"nav\", \"include\", \"requirements\""
			}
			d2.Message = msg
			pass.Report(d2)
		}
		return nil, nil
	},
}

// directiveTargetMissing returns the file a directive would read as type
// typ when the workspace shows it does not exist, or "".
func directiveTargetMissing(pass *lint.Pass, d *sfmd.Directive, typ string) string {
	ws := pass.Workspace
	if ws == nil {
		return ""
	}
	file, ok := "", false
	if typ == "include" {
		file, _, ok = includeFile(pass.Doc, d)
	} else {
		file, ok = localTarget(d.Path)
	}
	if !ok || ws.Exists(file) {
		return ""
	}
	return file
}
