package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sfmd-dev/sfmd/lint"
)

// showSettings prints what sfmd lint would apply to the document at path
// (sfmd lint --show-settings PATH): the config files, the profiles, each
// rule's state, severity and options, min-severity and fail-on.
func showSettings(stdio Stdio, opts lint.Options, path string, paths []string) error {
	if len(paths) > 0 {
		return &lint.UsageError{Msg: "--show-settings takes one document and lints nothing; drop the other paths"}
	}
	fs, err := lint.ResolveSettings(opts, analyzers(), path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdio.Stdout)
	fmt.Fprintf(w, "document: %s\n", fs.Path)
	config := fs.Config
	if config == "" {
		config = "none (built-in defaults)"
	}
	if opts.Config != "" {
		config += " (--config)"
	}
	fmt.Fprintf(w, "config: %s\n", config)
	for _, e := range fs.Extends {
		fmt.Fprintf(w, "extends: %s\n", e)
	}
	if fs.Ignored {
		fmt.Fprintln(w, "ignored: yes (an ignore glob of the config matches it: sfmd lint skips it)")
	}
	var profiles []string
	for _, p := range fs.Profiles {
		profiles = append(profiles, string(p))
	}
	fmt.Fprintf(w, "profiles: %s\n", strings.Join(profiles, ", "))
	fmt.Fprintf(w, "min-severity: %s\n", fs.MinSeverity)
	fmt.Fprintf(w, "fail-on: %s\n", fs.FailOn)
	fmt.Fprintln(w, "rules:")
	width := 0
	for _, r := range fs.Rules {
		width = max(width, len(r.Name))
	}
	for _, r := range fs.Rules {
		state := "off"
		if r.Enabled {
			state = "on "
		}
		line := fmt.Sprintf("  %-*s  %s  %-8s  %s", width, r.Name, state, r.Profile, r.Severity)
		if r.Configured {
			line += " (configured)"
		}
		if r.Options != nil {
			b, err := json.Marshal(r.Options)
			if err != nil {
				return err
			}
			line += "  options: " + string(b)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	return w.Flush()
}
