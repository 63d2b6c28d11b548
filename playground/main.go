//go:build js && wasm

// Command playground is sfmd compiled to WebAssembly for the browser page
// in this directory (playground/build.sh builds it). It lints through
// lint.BufferLinter, the driver of the language server, and renders the
// page an agent sees through runner.View, the code of sfmd view. Both read
// files; in the browser they read memfs.js, a file system in memory that
// holds the document alone.
//
// It sets globalThis.sfmd to an object with three functions, each taking
// the document's text and returning a JSON string:
//
//	lint(text)          {diagnostics: [{line, col, endLine, endCol, from, to, rule, severity, message, fixes: [{message, safe}]}], error}
//	fix(text, d, f)     {text, applied, error}: fix f of diagnostic d applied
//	view(text)          {ok, code, content, defaultAction, error}
//
// from and to are UTF-16 offsets (those of a JavaScript string).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"syscall/js"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
	"github.com/sfmd-dev/sfmd/runner"
)

// dir is the directory of the document in memfs; docPath the document.
const (
	dir     = "/playground"
	docPath = dir + "/playground.md"
)

type diagnostic struct {
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	EndLine  int    `json:"endLine"`
	EndCol   int    `json:"endCol"`
	From     int    `json:"from"`
	To       int    `json:"to"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Fixes    []fix  `json:"fixes"`
}

type fix struct {
	Message string `json:"message"`
	Safe    bool   `json:"safe"`
}

var linter *lint.BufferLinter

func main() {
	var err error
	if err = os.MkdirAll(dir, 0o755); err == nil {
		// the rules sfmd lint and sfmd lsp run (internal/cli: analyzers)
		linter, err = lint.NewBufferLinter(append(rules.All(), lint.UnusedSuppression), lint.BufferOptions{Dir: dir})
	}
	api := map[string]any{
		"lint": export(func(args []js.Value) map[string]any { return lintText(args[0].String()) }),
		"fix":  export(func(args []js.Value) map[string]any { return fixText(args[0].String(), args[1].Int(), args[2].Int()) }),
		"view": export(func(args []js.Value) map[string]any { return viewText(args[0].String()) }),
	}
	if err != nil {
		api["error"] = err.Error()
	}
	js.Global().Set("sfmd", js.ValueOf(api))
	select {}
}

// export makes f a JavaScript function returning its result as JSON. A
// panic becomes {"error": ...}: it would end the Go program, and every
// later call would fail.
func export(f func([]js.Value) map[string]any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (res any) {
		defer func() {
			if r := recover(); r != nil {
				res = reply(map[string]any{"error": fmt.Sprintf("internal error: %v", r)})
			}
		}()
		return reply(f(args))
	})
}

func reply(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return string(b)
}

// lintDiagnostics lints text as the language server lints a buffer.
func lintDiagnostics(text string) ([]lint.Diagnostic, error) {
	res, err := linter.Lint(context.Background(), lint.Buffer{Path: docPath, Src: []byte(text)})
	if err != nil {
		return nil, err
	}
	return res.Diagnostics, res.Err
}

func lintText(text string) map[string]any {
	diags, err := lintDiagnostics(text)
	out := []diagnostic{}
	for _, d := range diags {
		o := diagnostic{Line: int(d.Span.Start.Line), Col: int(d.Span.Start.Col), EndLine: int(d.Span.End.Line), EndCol: int(d.Span.End.Col),
			From: utf16Len(text, d.Span.Start.Off()), To: utf16Len(text, d.Span.End.Off()),
			Rule: d.Rule, Severity: d.Severity.String(), Message: d.Message, Fixes: []fix{}}
		for _, f := range d.Fixes {
			o.Fixes = append(o.Fixes, fix{Message: f.Message, Safe: f.Safe})
		}
		out = append(out, o)
	}
	r := map[string]any{"diagnostics": out}
	if err != nil {
		r["error"] = err.Error()
	}
	return r
}

// fixText applies fix f of diagnostic d (as lintText numbered them) with
// lint.ApplyFixes, the code of sfmd lint --fix and of the language
// server's quick fixes: the person chose it, so an unsafe fix is applied
// too.
func fixText(text string, d, f int) map[string]any {
	diags, err := lintDiagnostics(text)
	if err != nil {
		return map[string]any{"text": text, "applied": 0, "error": err.Error()}
	}
	if d < 0 || d >= len(diags) || f < 0 || f >= len(diags[d].Fixes) {
		return map[string]any{"text": text, "applied": 0, "error": "no such fix: the document changed"}
	}
	one := diags[d]
	one.Fixes = []lint.Fix{one.Fixes[f]}
	fixed, n := lint.ApplyFixes([]byte(text), []lint.Diagnostic{one}, lint.FixUnsafe)
	return map[string]any{"text": string(fixed), "applied": n}
}

// viewText writes text to memfs and renders it as sfmd view does.
func viewText(text string) map[string]any {
	if err := os.WriteFile(docPath, []byte(text), 0o644); err != nil {
		return map[string]any{"error": err.Error()}
	}
	res, def, err := runner.View(docPath, "", "/tmp")
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return map[string]any{"ok": res.OK, "code": res.Code, "content": res.Content, "defaultAction": def}
}

// utf16Len is the length in UTF-16 code units of text[:off].
func utf16Len(text string, off int) int {
	off = min(max(off, 0), len(text))
	n := 0
	for _, r := range text[:off] {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
