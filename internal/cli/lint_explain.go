package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/sfmd-dev/sfmd/internal/docgen"
	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/lint"
)

// ruleInfo is one entry of `sfmd rules --format json`.
type ruleInfo struct {
	Name           string `json:"name"`
	Severity       string `json:"severity"`
	Profile        string `json:"profile"`
	Title          string `json:"title"`
	EnabledDefault bool   `json:"enabled_by_default"`
	Fix            string `json:"fix"`           // Doc.Fix: none, safe, unsafe, safe or unsafe
	Docs           string `json:"documentation"` // lint.DocURL
}

func runRules(args []string, stdio Stdio) int {
	fs := newFlagSet("rules", "sfmd rules [--format text|json] [--profile PROFILE]")
	formatName := fs.String("format", "text", "output format: text (an aligned table) or json")
	profile := fs.String("profile", "", "list only the rules of this profile")
	rest, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	if len(rest) > 0 {
		fmt.Fprintf(stdio.Stderr, "sfmd rules: unexpected argument %q, use \"sfmd explain %s\" to read about one rule\n", rest[0], rest[0])
		return ExitUsage
	}
	if *profile != "" && !knownProfile(*profile) {
		fmt.Fprintf(stdio.Stderr, "sfmd rules: unknown profile %q, %s\n", *profile, suggest.DidYouMean(*profile, profileNames(), "expected one of "+quoted(profileNames())))
		return ExitUsage
	}
	reg, err := lint.NewRegistry(analyzers())
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd rules: internal error: %v\n", err)
		return ExitInternal
	}
	infos := []ruleInfo{}
	for _, a := range reg.Rules() {
		if *profile != "" && string(a.Profile) != *profile {
			continue
		}
		infos = append(infos, ruleInfo{a.Name, a.Severity.String(), string(a.Profile), a.Doc.Title, docgen.EnabledByDefault(a.Profile), a.Doc.Fix.Kind.String(), lint.DocURL(a.Name)})
	}
	switch *formatName {
	case "json":
		enc := json.NewEncoder(stdio.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(infos); err != nil {
			return writeFailed(stdio, err)
		}
	case "text":
		tw := tabwriter.NewWriter(stdio.Stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "NAME\tSEVERITY\tPROFILE\tTITLE")
		for _, r := range infos {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Name, r.Severity, r.Profile, r.Title)
		}
		if err := tw.Flush(); err != nil {
			return writeFailed(stdio, err)
		}
	default:
		fmt.Fprintf(stdio.Stderr, "sfmd rules: unknown format %q, expected one of \"text\", \"json\"\n", *formatName)
		return ExitUsage
	}
	return ExitOK
}

func knownProfile(p string) bool {
	for _, x := range lint.Profiles {
		if string(x) == p {
			return true
		}
	}
	return false
}

func profileNames() []string {
	var ns []string
	for _, p := range lint.Profiles {
		ns = append(ns, string(p))
	}
	return ns
}

func runExplain(args []string, stdio Stdio) int {
	fs := newFlagSet("explain", "sfmd explain RULE")
	rest, exit, ok := parseArgs(fs, args, true, stdio)
	if !ok {
		return exit
	}
	if len(rest) != 1 {
		fmt.Fprintln(stdio.Stderr, "sfmd explain: expected exactly one rule name, run \"sfmd rules\" to list them")
		return ExitUsage
	}
	reg, err := lint.NewRegistry(analyzers())
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "sfmd explain: internal error: %v\n", err)
		return ExitInternal
	}
	name := rest[0]
	a := reg.Lookup(name)
	if a == nil {
		fmt.Fprintf(stdio.Stderr, "sfmd explain: unknown rule %q, %s\n", name, suggest.DidYouMean(name, reg.Names(), "run \"sfmd rules\" to list the rules"))
		return ExitUsage
	}
	if err := explain(stdio.Stdout, a); err != nil {
		return writeFailed(stdio, err)
	}
	return ExitOK
}

// explain prints a rule's documentation, Markdown-flavoured so that it
// reads well in a terminal and pastes into docs.
func explain(w io.Writer, a *lint.Analyzer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n\n", a.Name, a.Doc.Title)
	state := docgen.State(a.Profile)
	sev := a.Severity.String()
	if why := strings.TrimSpace(a.Doc.Severity); why != "" {
		sev += " (" + why + ")"
	}
	fmt.Fprintf(&b, "severity: %s\nprofile:  %s (%s)\nfix:      %s\n", sev, a.Profile, state, a.Doc.Fix.Summary())
	if len(a.Tags) > 0 {
		fmt.Fprintf(&b, "tags:     %s\n", docgen.JoinTags(a.Tags))
	}
	if a.Doc.Why != "" {
		fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(a.Doc.Why))
	}
	lang := "md"
	if a.Profile == lint.Manifest {
		lang = "json" // install manifests are JSON files
	}
	example := func(title, text string) {
		if strings.TrimSpace(text) == "" {
			return
		}
		fence := "```"
		for strings.Contains(text, fence) {
			fence += "`"
		}
		fmt.Fprintf(&b, "\n%s:\n\n%s%s\n%s\n%s\n", title, fence, lang, strings.TrimRight(text, "\n"), fence)
	}
	if len(a.OptionDocs) > 0 {
		names := make([]string, 0, len(a.OptionDocs))
		for n := range a.OptionDocs {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(&b, "\nOptions (in .sfmd.yaml: \"rules: {%s: {options: {NAME: VALUE}}}\"):\n\n", a.Name)
		for _, n := range names {
			fmt.Fprintf(&b, "  %s: %s\n", n, a.OptionDocs[n])
		}
	}
	example("Bad", a.Doc.Bad)
	example("Good", a.Doc.Good)
	b.WriteString(docgen.SuppressAdvice(a))
	fmt.Fprintf(&b, "\nDocumentation: %s\n", lint.DocURL(a.Name))
	_, err := io.WriteString(w, b.String())
	return err
}
