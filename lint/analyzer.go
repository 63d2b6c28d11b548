// Package lint is the sfmd lint engine, modeled on
// golang.org/x/tools/go/analysis: rules are declarative Analyzer values
// that receive a Pass (one parsed document plus the results of the shared
// analyses they require) and report Diagnostics through it. Rules never
// print, read files or know about the command line.
package lint

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/internal/version"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Severity of a diagnostic. The zero value is no severity: a rule that
// leaves a Diagnostic's Severity unset reports at its own (Analyzer.
// Severity), one that sets it grades that finding.
type Severity int

const (
	Info Severity = iota + 1
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	default:
		return "info"
	}
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	switch s {
	case "error":
		return Error, nil
	case "warning", "warn":
		return Warning, nil
	case "info", "note":
		return Info, nil
	}
	return Info, fmt.Errorf("unknown severity %q, expected one of \"error\", \"warning\", \"info\"", s)
}

// Profile groups rules by what they need to know (spec.md §0.3).
type Profile string

const (
	Core     Profile = "core"     // the format only, one file
	Runtime  Profile = "runtime"  // String-runtime semantics
	Project  Profile = "project"  // needs other files
	Package  Profile = "package"  // publish/install checks
	Manifest Profile = "manifest" // install manifest JSON
	Style    Profile = "style"    // pure style: the runtime reads both forms alike
)

// Doc is the structured documentation of a rule (staticcheck style).
type Doc struct {
	Title string // lower case, no trailing period, about 60 characters
	Why   string // why it matters
	Bad   string // an SFMD snippet that triggers the rule
	Good  string // the same snippet, fixed

	// Severity says in one line why the rule has its severity: what the
	// String runtime does with the mistake (error: it fails, drops or
	// silently changes what was written; warning: it works but almost
	// certainly not as meant; info: portability and style).
	//
	// It names what it rests on, so that a reviewer can check it in a
	// minute, in one of three forms (rules.TestSeverityReasonsNameTheirSource
	// checks every rule, and the reasons of rules/catalogue_test.go's
	// catalogueDeviations):
	//   - "file.ts function": a source file of the reference runtime
	//     (repository string-os/string) and a function in it, e.g.
	//     "parser.ts parseActionBlock", "session.ts Session.resolveShortcut";
	//   - "spec.md §N": for a rule about the format itself, the section of
	//     ../shared/docs/spec.md that defines it (no runtime effect claimed
	//     beyond the documentation it digests);
	//   - "sfmd: path.go Name": a reason internal to sfmd (its own limits),
	//     the file of this module and the name in it.
	Severity string

	// Fix says whether the rule's findings carry a suggested fix and
	// whether `sfmd lint --fix` applies it (rules.TestFixDocs checks it
	// against the fixes each rule's test archive makes it emit).
	Fix FixDoc
}

// FixKind is what a rule's findings offer to fix.
type FixKind int

const (
	NoFix         FixKind = iota // no suggested fix
	SafeFix                      // every fix is safe: --fix applies it
	UnsafeFix                    // every fix is unsafe: only --fix --unsafe-fixes applies it
	SometimesSafe                // safe in some cases, unsafe in others (the Reason says which)
)

func (k FixKind) String() string {
	switch k {
	case SafeFix:
		return "safe"
	case UnsafeFix:
		return "unsafe"
	case SometimesSafe:
		return "safe or unsafe"
	}
	return "none"
}

// FixDoc is the fix part of a rule's contract: its kind and, for a rule
// with a fix, why the fix keeps (safe) or may change (unsafe) what the
// document does.
type FixDoc struct {
	Kind   FixKind
	Reason string
}

// Summary says in one line whether the rule's findings carry a fix,
// which command applies it and why (what explain and the rule's page
// print).
func (f FixDoc) Summary() string {
	switch f.Kind {
	case SafeFix:
		return "safe, applied by sfmd lint --fix: " + f.Reason
	case UnsafeFix:
		return "unsafe, applied only by sfmd lint --fix --unsafe-fixes: " + f.Reason
	case SometimesSafe:
		return "safe or unsafe (sfmd lint --fix applies the safe ones, --unsafe-fixes the others): " + f.Reason
	}
	return "none"
}

// Tag marks findings that editors render specially (the language
// server's DiagnosticTag).
type Tag int

const (
	// Unnecessary marks a finding about text that does nothing (editors
	// fade it out).
	Unnecessary Tag = iota + 1
	// Deprecated marks a finding about a deprecated construct (editors
	// strike it through).
	Deprecated
)

func (t Tag) String() string {
	switch t {
	case Unnecessary:
		return "unnecessary"
	case Deprecated:
		return "deprecated"
	}
	return fmt.Sprintf("Tag(%d)", int(t))
}

// DocURL is where the documentation page of rule (docs/rules/<rule>.md,
// generated from its Doc) is published for the release this tree
// defines.
func DocURL(rule string) string {
	return "https://" + version.Repo + "/blob/" + version.Tag + "/docs/rules/" + rule + ".md"
}

// Analyzer is a lint rule or a shared analysis. A shared analysis has no
// Name's worth of diagnostics: it computes a Result other analyzers
// Require (like x/tools' inspect pass).
type Analyzer struct {
	Name     string // kebab-case, the public contract (spec.md §2)
	Severity Severity
	// MaxSeverity is the highest severity Run grades a finding (a
	// Diagnostic's Severity); zero means Severity. The engine does not
	// run a rule in a document where no finding up to it could be shown
	// (see hiddenRules), so a rule that grades a finding above Severity
	// must say so here (rules.TestMaxSeverity checks the code).
	MaxSeverity Severity
	// SpendsWork says that Run draws from the document's budget of
	// optional work (Pass.Spend): such a rule is run even where none of
	// its findings could be shown, since what it draws changes what the
	// rules after it may do.
	SpendsWork bool
	Profile    Profile
	Doc        Doc
	// Tags mark the rule's findings for editors (unnecessary text,
	// deprecated constructs).
	Tags []Tag
	// Requires lists analyses whose results Run reads through
	// Pass.ResultOf. Must be acyclic.
	Requires []*Analyzer
	// Run inspects pass.Doc and reports through pass. Its return value is
	// stored in ResultOf for dependents.
	Run func(pass *Pass) (any, error)
	// Shared marks analyses that only compute a result and are never listed
	// as rules.
	Shared bool
	// OptionDocs lists the options the rule reads from Pass.Options (name
	// -> one-line description). A config setting an option not listed
	// here is an error.
	OptionDocs map[string]string
	// CheckOption, when set, validates the value of an option found in a
	// config (a bad value is a config error, exit status 2).
	CheckOption func(name string, value any) error
}

func (a *Analyzer) String() string { return a.Name }

// Ceiling is the highest severity a finding of a may have as its Run
// reports it: the higher of MaxSeverity and Severity (a zero
// MaxSeverity: Severity).
func (a *Analyzer) Ceiling() Severity { return max(a.MaxSeverity, a.Severity) }

// Pass is everything a rule may touch while checking one document. It is
// the rule's while its Run runs: the engine recycles it for the next rule,
// except the pass of an analysis that a later rule requires, which stays
// as it was (a result may refer to it) until the document is checked.
type Pass struct {
	Analyzer *Analyzer
	Doc      *sfmd.Document
	// ResultOf holds the results of the analyzers in Analyzer.Requires.
	ResultOf map[*Analyzer]any
	// Report delivers a diagnostic. Rule and Severity are filled in by the
	// engine when left zero.
	Report func(Diagnostic)
	// Options is the rule's options from the config (may be nil).
	Options map[string]any
	// Workspace reads the files around the document (nav and include
	// targets, manifests) for project, package and manifest rules. Nil
	// when the document has no location on disk.
	Workspace *Workspace

	budget *int // the document's optional work left (see Spend)
	// hides, when set, answers Hides
	hides func(a *Analyzer, sev Severity) bool
}

// Hides reports whether a finding the rule running grades sev is hidden
// in the document: below its shown severity once its config grades it.
// Of a hidden finding the driver reads only its place, rule and severity
// (the suppression comments it uses, the number hidden): a rule may
// report it without its message, unless it can report two findings at
// one span (the deduplication compares their messages). A Pass made
// outside the driver hides nothing.
func (p *Pass) Hides(sev Severity) bool {
	return p.hides != nil && p.hides(p.Analyzer, sev)
}

// OptionalWork is the budget of optional work (see Pass.Spend) of a
// document of size bytes, shared by all its rules: 250,000 units (some
// milliseconds of did-you-mean comparisons) plus 2 per byte, so that the
// optional work of a document grows with it linearly, never with the
// square of its names (730,000 units for a 240 KB document).
func OptionalWork(size int) int {
	return 250_000 + 2*size
}

// Spend draws n units from the document's budget of optional work and
// reports whether there was enough. Optional work is what a rule may
// leave out without losing a finding, and whose cost grows with the
// document twice over: comparing each unknown name with every known one
// for a did-you-mean. Once the budget is spent the rule says nothing
// rather than take minutes on a document with 80,000 actions. The budget
// is used up in the (fixed) order rules run, so output stays
// deterministic. A Pass made outside Check has no budget limit.
func (p *Pass) Spend(n int) bool {
	if p.budget == nil {
		return true
	}
	if *p.budget < n {
		*p.budget = 0
		return false
	}
	*p.budget -= n
	return true
}

// Reportf reports a diagnostic at span.
func (p *Pass) Reportf(span sfmd.Span, format string, args ...any) {
	p.Report(Diagnostic{Span: span, Message: fmt.Sprintf(format, args...)})
}

// Diagnostic is one finding.
type Diagnostic struct {
	// Path is the file the finding is in: the document linted, or, set
	// by the rule, a file it reads (a nav menu: the path joined to the
	// document's directory). A finding in another file carries no fixes
	// (the engine drops them: --fix rewrites only the file it lints) and
	// is suppressed by the document's comments at its first Related
	// position in the document.
	Path     string
	Span     sfmd.Span
	Rule     string
	Severity Severity
	Message  string
	Related  []Related
	Fixes    []Fix
}

// Related is a secondary position ("previously defined here").
type Related struct {
	Path    string // "": the diagnostic's file
	Span    sfmd.Span
	Message string
}

// anchorLine is the line of d in the document at path: its own line,
// or, for a finding in another file, the line of its first related
// position in the document (-1 when it has none).
func (d *Diagnostic) anchorLine(path string) int {
	if d.Path == "" || d.Path == path {
		return int(d.Span.Start.Line)
	}
	for _, r := range d.Related {
		if r.Path == path {
			return int(r.Span.Start.Line)
		}
	}
	return -1
}

// Fix is a suggested fix: a set of non-overlapping edits.
type Fix struct {
	Message string // a verb phrase: "replace single quotes with double quotes"
	Safe    bool   // applied by --fix; unsafe ones need --unsafe-fixes
	Edits   []Edit
}

// Edit replaces the bytes [Start, End) with New.
type Edit struct {
	Start, End int
	New        string
}
