package lint

import (
	"os"
	"path/filepath"
	"slices"
)

// FileSettings are the settings sfmd lint applies to one document, as
// sfmd lint --show-settings prints them.
type FileSettings struct {
	Path string
	// Config is the config file that applies ("" for the built-in
	// defaults); Extends the files it inherits, nearest first.
	Config  string
	Extends []string
	// Ignored: an ignore glob of the config excludes the document.
	Ignored             bool
	Profiles            []Profile // the profiles the config turns on
	MinSeverity, FailOn Severity
	// ShowSelected: findings of the rules enabled explicitly are shown
	// below MinSeverity.
	ShowSelected bool
	Rules        []RuleSettings // every rule, in registry order
}

// RuleSettings is one rule's resolved setting for a document.
type RuleSettings struct {
	Name    string
	Profile Profile
	Enabled bool
	// Severity is the one the config sets (Configured), else the rule's
	// default (a rule may report some findings lower).
	Severity   Severity
	Configured bool
	Options    map[string]any // nil when the config sets none
}

// ResolveSettings resolves the settings of the document at path (relative
// to opts.Dir) as Run would: the nearest config file (or opts.Config),
// the files it extends, its overrides for the path, then opts.Selection,
// opts.MinSeverity and opts.FailOn. The document need not exist. Errors
// are those of Run: a *UsageError or ConfigErrors.
func ResolveSettings(opts Options, analyzers []*Analyzer, path string) (*FileSettings, error) {
	reg, cwd, f, err := configSetup(opts, analyzers)
	if err != nil {
		return nil, err
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, abs)
	}
	dir := filepath.Dir(abs)
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		dir = abs
	}
	c, err := f.forDir(dir)
	if err != nil {
		return nil, err
	}
	set := f.settingsFor(c, abs)
	fs := &FileSettings{Path: path, Config: c.Path, Extends: c.Extends, Ignored: c.Ignored(abs),
		MinSeverity: set.minSeverity, FailOn: set.failOn, ShowSelected: set.showSelected}
	for _, p := range Profiles {
		if c.Profiles == nil && slices.Contains(DefaultProfiles, p) || c.Profiles[p] {
			fs.Profiles = append(fs.Profiles, p)
		}
	}
	for _, a := range reg.all {
		if a.Shared {
			continue
		}
		sev, configured := set.severity[a.Name]
		if !configured {
			sev = a.Severity
		}
		fs.Rules = append(fs.Rules, RuleSettings{Name: a.Name, Profile: a.Profile, Enabled: set.enabled[a.Name],
			Severity: sev, Configured: configured, Options: set.options[a.Name]})
	}
	return fs, nil
}
