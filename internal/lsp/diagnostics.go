package lsp

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Diagnostics as you type. Every change of a document cancels the lint
// of its previous version (between two rules: lint.BufferLinter checks
// the context) and starts one of the new text, after Options.Debounce.
// A burst of changes therefore costs at most one lint that finishes, of
// the last version; a result is published only when no later change
// superseded it, so the editor never sees stale findings.

// lintJob is one scheduled lint: a version of a document and the open
// buffers at the time.
type lintJob struct {
	d       *document
	gen     int
	version int
	text    *text
	overlay map[string][]byte
}

// scheduleLint starts linting d's current text; s.mu must be held.
func (s *server) scheduleLint(d *document, delay time.Duration) {
	if d.cancel != nil {
		d.cancel()
	}
	ctx, cancel := context.WithCancel(s.ctx)
	d.cancel = cancel
	d.gen++
	s.work.Add(1)
	job := &lintJob{d: d, gen: d.gen, version: d.version, text: d.text, overlay: s.overlay()}
	s.lints.Add(1)
	go s.runLint(ctx, job, delay)
}

func (s *server) runLint(ctx context.Context, job *lintJob, delay time.Duration) {
	defer s.lints.Done()
	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return
		}
	}
	select {
	case s.lintSlots <- struct{}{}:
	case <-ctx.Done():
		return
	}
	defer func() { <-s.lintSlots }()
	res, err := s.linter.Lint(ctx, lint.Buffer{Path: job.d.path, Src: job.text.src, Overlay: job.overlay})
	if ctx.Err() != nil {
		return
	}
	var diags []lint.Diagnostic
	var out []Diagnostic
	var ce lint.ConfigErrors
	switch {
	case errors.As(err, &ce):
		out = []Diagnostic{s.configDiagnostic(ce)}
	case err != nil:
		s.logf(1, "sfmd lsp: linting %s: %v", job.d.path, err)
	default:
		if res.Err != nil {
			s.logf(1, "sfmd lsp: %s could not be checked completely (please report it with the document): %v", job.d.path, res.Err)
		}
		diags = res.Diagnostics // at or above the minimum severity (BufferOptions)
		out = s.toLSP(job.d.uri, job.text, diags)
	}
	s.mu.Lock()
	current := job.gen == job.d.gen
	if current {
		job.d.diags, job.d.diagText = diags, job.text
		if res != nil && res.Doc != nil && job.d.text == job.text && job.d.astText != job.text {
			// requests on this version reuse the lint's parse
			job.d.ast, job.d.astText, job.d.idx = res.Doc, job.text, nil
		}
	}
	s.mu.Unlock()
	if current {
		s.publish(job, out)
	}
}

// publish sends the diagnostics of a job unless a later one was
// published already.
func (s *server) publish(job *lintJob, diags []Diagnostic) {
	job.d.pubMu.Lock()
	defer job.d.pubMu.Unlock()
	if job.gen <= job.d.published {
		return
	}
	job.d.published = job.gen
	v := job.version
	if diags == nil {
		diags = []Diagnostic{}
	}
	_ = s.w.Notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: job.d.uri, Version: &v, Diagnostics: diags})
}

// toLSP converts lint diagnostics on t to LSP diagnostics.
func (s *server) toLSP(uri string, t *text, ds []lint.Diagnostic) []Diagnostic {
	out := make([]Diagnostic, len(ds))
	for i := range ds {
		out[i] = s.toLSPOne(uri, t, &ds[i])
	}
	return out
}

func (s *server) toLSPOne(uri string, t *text, d *lint.Diagnostic) Diagnostic {
	if a := anchor(d); a != nil {
		return s.foreignToLSP(uri, t, d, a)
	}
	desc, tags := s.ruleLinks(d.Rule)
	ld := Diagnostic{
		Range:           t.rng(d.Span.Start.Off(), d.Span.End.Off(), s.enc),
		Severity:        lspSeverity(d.Severity),
		Code:            d.Rule,
		CodeDescription: desc,
		Source:          "sfmd",
		Message:         d.Message,
		Tags:            tags,
	}
	for _, r := range d.Related {
		msg := r.Message
		if msg == "" {
			msg = "related"
		}
		ld.RelatedInformation = append(ld.RelatedInformation, DiagnosticRelatedInformation{
			Location: Location{URI: uri, Range: t.rng(r.Span.Start.Off(), r.Span.End.Off(), s.enc)},
			Message:  msg,
		})
	}
	return ld
}

// anchor returns the position in the linted document of a finding in
// another file (a nav menu): its related position with a path of its own,
// or nil for a finding in the document.
func anchor(d *lint.Diagnostic) *lint.Related {
	for i := range d.Related {
		if r := &d.Related[i]; r.Path != "" && r.Path != d.Path {
			return r
		}
	}
	return nil
}

// foreignToLSP publishes a finding in another file on the document, at
// its anchor (the directive naming that file), with the message saying
// where it is and that place as related information, since an editor
// shows a document's diagnostics on that document only.
func (s *server) foreignToLSP(uri string, t *text, d *lint.Diagnostic, a *lint.Related) Diagnostic {
	rel, err := filepath.Rel(filepath.Dir(a.Path), d.Path)
	if err != nil {
		rel = d.Path
	}
	other := pathToURI(filepath.Join(filepath.Dir(uriToPath(uri)), rel))
	at := func(sp sfmd.Span) Range {
		start := Position{Line: max(int(sp.Start.Line)-1, 0), Character: max(int(sp.Start.Col)-1, 0)}
		end := Position{Line: max(int(sp.End.Line)-1, 0), Character: max(int(sp.End.Col)-1, 0)}
		return Range{Start: start, End: end}
	}
	desc, tags := s.ruleLinks(d.Rule)
	ld := Diagnostic{
		Range:           t.rng(a.Span.Start.Off(), a.Span.End.Off(), s.enc),
		Severity:        lspSeverity(d.Severity),
		Code:            d.Rule,
		CodeDescription: desc,
		Source:          "sfmd",
		Message:         fmt.Sprintf("%s line %d: %s", filepath.ToSlash(rel), d.Span.Start.Line, d.Message),
		Tags:            tags,
		RelatedInformation: []DiagnosticRelatedInformation{{
			Location: Location{URI: other, Range: at(d.Span)}, Message: "the entry to edit"}},
	}
	for _, r := range d.Related {
		if r.Path == "" || r.Path == d.Path {
			ld.RelatedInformation = append(ld.RelatedInformation, DiagnosticRelatedInformation{
				Location: Location{URI: other, Range: at(r.Span)}, Message: r.Message})
		}
	}
	return ld
}

func lspSeverity(s lint.Severity) int {
	switch s {
	case lint.Error:
		return SeverityError
	case lint.Warning:
		return SeverityWarning
	}
	return SeverityInformation
}

// ruleLinks returns what the rule of a finding tells an editor: the
// link to its documentation page (lint.DocURL) and its tags (the
// analyzer's Tags: unnecessary text is faded, deprecated constructs
// struck through). A finding of no known rule gets neither.
func (s *server) ruleLinks(rule string) (*CodeDescription, []int) {
	a := s.linter.Registry().Lookup(rule)
	if a == nil {
		return nil, nil
	}
	var tags []int
	for _, t := range a.Tags {
		switch t {
		case lint.Unnecessary:
			tags = append(tags, TagUnnecessary)
		case lint.Deprecated:
			tags = append(tags, TagDeprecated)
		}
	}
	return &CodeDescription{Href: lint.DocURL(a.Name)}, tags
}

// configDiagnostic reports an invalid .sfmd.yaml on the document it
// keeps from being linted, pointing at each problem in the config.
func (s *server) configDiagnostic(ce lint.ConfigErrors) Diagnostic {
	d := Diagnostic{Severity: SeverityError, Code: "config", Source: "sfmd",
		Message: "not linted: the config is invalid: " + strings.ReplaceAll(ce.Error(), "\n", "; ")}
	for _, e := range ce {
		p := e.Path
		if !filepath.IsAbs(p) {
			p = filepath.Join(s.root, p)
		}
		pos := Position{Line: max(e.Line-1, 0), Character: max(e.Col-1, 0)}
		d.RelatedInformation = append(d.RelatedInformation, DiagnosticRelatedInformation{
			Location: Location{URI: pathToURI(p), Range: Range{Start: pos, End: pos}}, Message: e.Msg})
	}
	return d
}

// logf sends a window/logMessage and writes to the log.
func (s *server) logf(typ int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintln(s.log, msg)
	_ = s.w.Notify("window/logMessage", LogMessageParams{Type: typ, Message: msg})
}

// currentDiagnostics returns the lint diagnostics of the current version
// of d: the published ones when they are current, else a fresh lint.
func (s *server) currentDiagnostics(d *document, t *text) []lint.Diagnostic {
	s.mu.Lock()
	diags, dt := d.diags, d.diagText
	overlay := s.overlay()
	s.mu.Unlock()
	if dt == t {
		return diags
	}
	res, err := s.linter.Lint(s.ctx, lint.Buffer{Path: d.path, Src: t.src, Overlay: overlay})
	if err != nil || res == nil {
		return nil
	}
	return res.Diagnostics
}
