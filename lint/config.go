package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/cleanpath"
	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suggest"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// configNames are the file names looked up, in order, in every directory
// from a linted file up to the repository root (a directory holding .git).
var configNames = []string{".sfmd.yaml", ".sfmd.yml"}

// config is one .sfmd.yaml file. The nearest config file applies to a
// document; config files are not merged with the ones of parent
// directories (like ruff): what a file says is the whole story, on top of
// the built-in defaults, unless it names a file to inherit with extend.
//
//	# inherit this config (a path relative to this file); what this file
//	# sets wins, rule by rule; its ignore and overrides come after the parent's
//	extend: ../.sfmd.yaml
//	# lowest severity shown and lowest that fails sfmd lint (flags win)
//	min-severity: warning
//	fail-on: error
//	# which profiles are on; default [core, runtime, project]; also package, manifest, style
//	profiles: [core, runtime, project]
//	# per-rule: off | on | error | warning | info, or a mapping
//	rules:
//	  env-name-not-uppercase: off
//	  param-unused: error
//	  some-rule: {severity: warning, options: {max: 3}}
//	# files never linted (globs relative to this file's directory)
//	ignore: ["drafts/**", "*.generated.md"]
//	# later entries win over earlier ones and over `rules`
//	overrides:
//	  - files: ["legacy/**"]
//	    rules:
//	      param-unused: off
type config struct {
	Path      string           // the file read, "" for the built-in defaults
	Dir       string           // absolute directory globs are relative to
	Profiles  map[Profile]bool // nil: DefaultProfiles
	Rules     map[string]ruleConfig
	Ignore    []*glob
	Overrides []*override
	// MinSeverity and FailOn are the min-severity and fail-on keys.
	MinSeverity, FailOn optSeverity
	// Extends are the files this one inherits (extend), nearest first.
	Extends []string

	extend     string // the extend key as written
	extendLine int    // its position, for messages
	extendCol  int
}

// optSeverity is a severity a config may leave unset.
type optSeverity struct {
	Set bool
	Sev Severity
}

// ruleConfig is a rule setting: on/off and/or a severity.
type ruleConfig struct {
	HasEnabled  bool
	Enabled     bool
	HasSeverity bool
	Severity    Severity
	Options     map[string]any // nil when not set
}

// override applies Rules to files matching any of Files.
type override struct {
	Files []*glob
	Rules map[string]ruleConfig
}

// ConfigError is a problem in a config file, at a position.
type ConfigError struct {
	Path      string
	Line, Col int
	Msg       string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// ConfigErrors is every problem of one config file.
type ConfigErrors []*ConfigError

func (es ConfigErrors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// defaultConfig is the configuration used when no file is found.
func defaultConfig(dir string) *config { return &config{Dir: dir} }

// loadConfig reads the config at the absolute path abs, naming it display
// in messages, with the files it extends.
func loadConfig(abs, display string, reg *Registry) (*config, error) {
	src, _, err := safeio.ReadFile(abs, safeio.DefaultMaxSize)
	if err != nil {
		return nil, ConfigErrors{{Path: display, Msg: fmt.Sprintf("cannot read config: %v, check the path", unwrapPathErr(err))}}
	}
	c, err := parseConfig(display, filepath.Dir(abs), src, reg)
	if err != nil {
		return nil, err
	}
	return c, c.loadExtends(abs, reg, nil)
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// parseConfig parses config text. path is used in messages, dir is the
// base of relative globs.
func parseConfig(path, dir string, src []byte, reg *Registry) (*config, error) {
	c := &config{Path: path, Dir: dir}
	p := &configParser{path: path, dir: dir, reg: reg}
	top, err := yamlpos.Root(src)
	if err != nil {
		return nil, ConfigErrors{yamlError(path, err)}
	}
	if top == nil {
		return c, nil // empty file: defaults
	}
	if top.Kind == yaml.ScalarNode && top.Tag == "!!null" {
		return c, nil
	}
	if top.Kind != yaml.MappingNode {
		p.errf(top, "the config must be a mapping with keys %s", suggest.QuoteList(topKeys))
		return nil, p.errs
	}
	p.eachKey(top, topKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "profiles":
			c.Profiles = p.profiles(v)
		case "rules":
			c.Rules = p.rules(v)
		case "ignore":
			c.Ignore = p.globs(v)
		case "overrides":
			c.Overrides = p.overrides(v)
		case "min-severity":
			c.MinSeverity = p.severity(key, v)
		case "fail-on":
			c.FailOn = p.severity(key, v)
		case "extend":
			if !yamlpos.IsString(v) || strings.TrimSpace(v.Value) == "" {
				p.errf(v, "extend must be the path of a config file, such as \"../.sfmd.yaml\"")
				return
			}
			c.extend, c.extendLine, c.extendCol = v.Value, v.Line, v.Column
		}
	})
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return c, nil
}

// yamlError turns a yaml.v3 error ("yaml: line 3: …") into a positioned
// config error.
func yamlError(path string, err error) *ConfigError {
	line, msg := yamlpos.SyntaxError(err)
	e := &ConfigError{Path: path, Msg: "invalid YAML: " + msg + ", fix the syntax"}
	if line > 0 {
		e.Line, e.Col = line, 1
	}
	return e
}

type configParser struct {
	path string
	dir  string // the directory globs are relative to
	reg  *Registry
	errs ConfigErrors
}

func (p *configParser) errf(n *yaml.Node, format string, args ...any) {
	p.errs = append(p.errs, &ConfigError{Path: p.path, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)})
}

// eachKey walks a mapping, rejecting unknown and duplicate keys.
func (p *configParser) eachKey(m *yaml.Node, known []string, fn func(key string, k, v *yaml.Node)) {
	for _, e := range yamlpos.Entries(m) {
		k, v := e.Key, e.Value
		if k.Kind != yaml.ScalarNode {
			p.errf(k, "keys must be plain names, expected one of %s", suggest.QuoteList(known))
			continue
		}
		if e.Dup {
			p.errf(k, "duplicate key %q, keep only one", k.Value)
			continue
		}
		ok := false
		for _, x := range known {
			if x == k.Value {
				ok = true
			}
		}
		if !ok {
			p.errf(k, "unknown key %q, %s", k.Value, suggest.DidYouMean(k.Value, known, "expected one of "+suggest.QuoteList(known)))
			continue
		}
		fn(k.Value, k, v)
	}
}

func (p *configParser) seq(v *yaml.Node, what string) []*yaml.Node {
	switch v.Kind {
	case yaml.SequenceNode:
		return v.Content
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return nil
		}
		return []*yaml.Node{v} // a single item is a one-item list
	}
	p.errf(v, "%s must be a list", what)
	return nil
}

func (p *configParser) profiles(v *yaml.Node) map[Profile]bool {
	out := map[Profile]bool{}
	names := make([]string, len(Profiles))
	for i, x := range Profiles {
		names[i] = string(x)
	}
	for _, n := range p.seq(v, "profiles") {
		if n.Kind != yaml.ScalarNode || !profileSet[Profile(n.Value)] {
			p.errf(n, "unknown profile %q, %s", n.Value, suggest.DidYouMean(n.Value, names, "expected one of "+suggest.QuoteList(names)))
			continue
		}
		out[Profile(n.Value)] = true
	}
	return out
}

func (p *configParser) rules(v *yaml.Node) map[string]ruleConfig {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		p.errf(v, "rules must be a mapping of rule name to off, on, error, warning or info")
		return nil
	}
	out := map[string]ruleConfig{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		name := k.Value
		if p.reg != nil && p.reg.Lookup(name) == nil {
			p.errf(k, "unknown rule %q, %s", name, suggest.DidYouMean(name, p.reg.Names(), "run \"sfmd rules\" to list the rules"))
			continue
		}
		if _, dup := out[name]; dup {
			p.errf(k, "rule %q is configured twice, keep only one", name)
			continue
		}
		if val.Kind == yaml.MappingNode {
			out[name] = p.ruleMapping(name, val)
			continue
		}
		rc, ok := parseRuleSetting(val)
		if !ok {
			p.errf(val, "bad setting %q for rule %q, expected one of \"off\", \"on\", \"error\", \"warning\", \"info\" or a mapping with %s", val.Value, name, suggest.QuoteList(ruleKeys))
			continue
		}
		out[name] = rc
	}
	return out
}

// ruleMapping reads the long form {severity, enabled, options} of a rule
// setting.
func (p *configParser) ruleMapping(name string, m *yaml.Node) ruleConfig {
	rc := ruleConfig{}
	var a *Analyzer
	if p.reg != nil {
		a = p.reg.Lookup(name)
	}
	p.eachKey(m, ruleKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "severity":
			sev, err := ParseSeverity(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil {
				p.errf(v, "bad severity %q for rule %q, expected one of \"error\", \"warning\", \"info\"", v.Value, name)
				return
			}
			rc.HasSeverity, rc.Severity = true, sev
			if !rc.HasEnabled {
				rc.HasEnabled, rc.Enabled = true, true
			}
		case "enabled":
			var on bool
			if v.Kind != yaml.ScalarNode || v.Decode(&on) != nil {
				p.errf(v, "\"enabled\" of rule %q must be true or false", name)
				return
			}
			rc.HasEnabled, rc.Enabled = true, on
		case "options":
			if v.Kind != yaml.MappingNode {
				p.errf(v, "\"options\" of rule %q must be a mapping", name)
				return
			}
			var known []string
			if a != nil {
				for o := range a.OptionDocs {
					known = append(known, o)
				}
			}
			sort.Strings(known)
			opts := map[string]any{}
			for i := 0; i+1 < len(v.Content); i += 2 {
				ok, ov := v.Content[i], v.Content[i+1]
				if a != nil && a.OptionDocs[ok.Value] == "" {
					if len(known) == 0 {
						p.errf(ok, "rule %q takes no options, remove %q", name, ok.Value)
					} else {
						p.errf(ok, "unknown option %q of rule %q, %s", ok.Value, name, suggest.DidYouMean(ok.Value, known, "expected one of "+suggest.QuoteList(known)))
					}
					continue
				}
				var val any
				if err := ov.Decode(&val); err != nil {
					p.errf(ov, "bad value for option %q of rule %q: %v", ok.Value, name, err)
					continue
				}
				if a != nil && a.CheckOption != nil {
					if err := a.CheckOption(ok.Value, val); err != nil {
						p.errf(ov, "bad value for option %q of rule %q: %v", ok.Value, name, err)
						continue
					}
				}
				opts[ok.Value] = val
			}
			rc.Options = opts
		}
	})
	return rc
}

func parseRuleSetting(v *yaml.Node) (ruleConfig, bool) {
	if v.Kind != yaml.ScalarNode {
		return ruleConfig{}, false
	}
	switch strings.ToLower(v.Value) {
	case "off", "false", "disable", "disabled":
		return ruleConfig{HasEnabled: true, Enabled: false}, true
	case "on", "true", "enable", "enabled":
		return ruleConfig{HasEnabled: true, Enabled: true}, true
	}
	sev, err := ParseSeverity(v.Value)
	if err != nil {
		return ruleConfig{}, false
	}
	return ruleConfig{HasEnabled: true, Enabled: true, HasSeverity: true, Severity: sev}, true
}

func (p *configParser) globs(v *yaml.Node) []*glob {
	var out []*glob
	for _, n := range p.seq(v, "a list of globs") {
		if n.Kind != yaml.ScalarNode {
			p.errf(n, "a glob must be a string such as \"drafts/**\"")
			continue
		}
		g, err := compileGlob(n.Value)
		if err != nil {
			p.errf(n, "%v", err)
			continue
		}
		g.dir = p.dir
		out = append(out, g)
	}
	return out
}

func (p *configParser) overrides(v *yaml.Node) []*override {
	var out []*override
	for _, n := range p.seq(v, "overrides") {
		if n.Kind != yaml.MappingNode {
			p.errf(n, "each override must be a mapping with \"files\" and \"rules\"")
			continue
		}
		o := &override{}
		hasFiles := false
		p.eachKey(n, overrideKeys, func(key string, k, v *yaml.Node) {
			switch key {
			case "files":
				hasFiles = true
				o.Files = p.globs(v)
			case "rules":
				o.Rules = p.rules(v)
			}
		})
		if !hasFiles {
			p.errf(n, "override has no \"files\" list, add the globs it applies to")
		}
		out = append(out, o)
	}
	return out
}

// relTo returns abs relative to dir, slash-separated, or "" when abs
// lies outside it.
func relTo(dir, abs string) string {
	rel, err := filepath.Rel(dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// matchAny reports whether abs matches one of gs, each relative to the
// directory of the config file that declared it (an extended file's
// globs keep their own directory).
func matchAny(gs []*glob, abs string) bool {
	rel, relDir, done := "", "", false
	for _, g := range gs {
		if !done || g.dir != relDir {
			rel, relDir, done = relTo(g.dir, abs), g.dir, true
		}
		if g.match(rel) {
			return true
		}
	}
	return false
}

// Ignored reports whether the file or directory at abs matches an ignore
// glob of c.
func (c *config) Ignored(abs string) bool {
	return matchAny(c.Ignore, abs)
}

// Selection is the command-line rule selection (--enable/--disable): rule
// names, profile names or "all". It wins over every config file.
type Selection struct {
	Enable, Disable []string
}

// validate rejects unknown names with a did-you-mean.
func (s Selection) validate(reg *Registry) error {
	cands := append([]string{"all"}, reg.Names()...)
	for _, p := range Profiles {
		cands = append(cands, string(p))
	}
	for _, list := range [][]string{s.Enable, s.Disable} {
		for _, n := range list {
			if n == "all" || profileSet[Profile(n)] || reg.Lookup(n) != nil {
				continue
			}
			return &UsageError{Msg: fmt.Sprintf("unknown rule %q, %s", n, suggest.DidYouMean(n, cands, "run \"sfmd rules\" to list the rules"))}
		}
	}
	return nil
}

// apply turns the selected rules on and off in s. The more specific name
// wins, as in ruff: a rule named alone over its profile, a profile over
// "all" (--disable core --enable param-unused runs param-unused only);
// between an --enable and a --disable of the same name, --disable wins.
func (s Selection) apply(reg *Registry, set *settings) {
	// specificity: 0 "all", 1 a profile, 2 a rule
	level := func(n string) int {
		switch {
		case n == "all":
			return 0
		case profileSet[Profile(n)]:
			return 1
		}
		return 2
	}
	turn := func(n string, on bool) {
		for _, r := range reg.Names() {
			if n == "all" || n == r || Profile(n) == reg.Lookup(r).Profile {
				set.enabled[r], set.selected[r] = on, on
			}
		}
	}
	for lv := 0; lv <= 2; lv++ {
		for _, n := range s.Enable {
			if level(n) == lv {
				turn(n, true)
			}
		}
		for _, n := range s.Disable {
			if level(n) == lv {
				turn(n, false)
			}
		}
	}
}

// settings is the resolved rule set for one file.
type settings struct {
	analyzers []*Analyzer // enabled rules, in registry order
	order     []*Analyzer // analyzers and their requirements, dependencies first
	enabled   map[string]bool
	selected  map[string]bool     // enabled explicitly: Selection.Enable, a profile the config adds
	severity  map[string]Severity // config overrides of the default severity
	options   map[string]map[string]any
	// minSeverity hides findings below it, but those of the rules in
	// selected when showSelected; failOn is the lowest severity that
	// fails the run (thresholds.apply).
	minSeverity, failOn Severity
	showSelected        bool
}

// resolve computes the rule settings for the file at abs.
func (c *config) resolve(abs string, reg *Registry, sel Selection, th thresholds) *settings {
	profiles := c.Profiles
	if profiles == nil {
		profiles = map[Profile]bool{}
		for _, p := range DefaultProfiles {
			profiles[p] = true
		}
	}
	n := len(reg.Names())
	s := &settings{enabled: make(map[string]bool, n), selected: make(map[string]bool, n), severity: map[string]Severity{}, options: map[string]map[string]any{}}
	for _, a := range reg.all { // the rules of reg.Names(), and the shared analyses
		if a.Shared {
			continue
		}
		s.enabled[a.Name] = profiles[a.Profile]
		s.selected[a.Name] = profiles[a.Profile] && !slices.Contains(DefaultProfiles, a.Profile)
	}
	apply := func(rules map[string]ruleConfig) {
		for n, rc := range rules {
			if rc.HasEnabled {
				s.enabled[n] = rc.Enabled
			}
			if rc.HasSeverity {
				s.severity[n] = rc.Severity
			}
			if rc.Options != nil {
				s.options[n] = rc.Options
			}
		}
	}
	apply(c.Rules)
	for _, o := range c.Overrides {
		if matchAny(o.Files, abs) {
			apply(o.Rules)
		}
	}
	sel.apply(reg, s)
	th.apply(c, s)
	for _, a := range reg.all {
		if !a.Shared && s.enabled[a.Name] {
			s.analyzers = append(s.analyzers, a)
		}
	}
	s.order, _ = topo(s.analyzers) // the registry was validated: no cycles
	return s
}

// key identifies the settings resolve would return for abs, so that files
// sharing a config and the same matching overrides share one settings
// value.
func (c *config) key(abs string) string {
	if len(c.Overrides) == 0 {
		return ""
	}
	var b strings.Builder
	for i, o := range c.Overrides {
		if matchAny(o.Files, abs) {
			fmt.Fprintf(&b, "%d,", i)
		}
	}
	return b.String()
}

// configFinder finds and caches the config of each directory.
type configFinder struct {
	reg   *Registry
	fixed *config // --config: one config for everything
	cwd   string
	byDir map[string]*config
	// settings cache: config -> key -> settings
	settings map[*config]map[string]*settings
	sel      Selection
	th       thresholds // --min-severity and --fail-on
	// listed returns a directory's listing when the run has made one
	// (workspaceShared.listed): names are then looked up in it instead
	// of statted. Nil: always stat.
	listed func(dir string) ([]fs.DirEntry, bool)
}

func newConfigFinder(reg *Registry, cwd string, sel Selection) *configFinder {
	return &configFinder{reg: reg, cwd: cwd, sel: sel, byDir: map[string]*config{}, settings: map[*config]map[string]*settings{}}
}

// forDir returns the config that applies to files in the absolute
// directory dir.
func (f *configFinder) forDir(dir string) (*config, error) {
	if f.fixed != nil {
		return f.fixed, nil
	}
	var visited []string
	d := dir
	var found *config
	for {
		if c, ok := f.byDir[d]; ok {
			found = c
			break
		}
		visited = append(visited, d)
		c, err := f.lookIn(d)
		if err != nil {
			return nil, err
		}
		if c != nil {
			found = c
			break
		}
		if f.has(d, ".git", func(m fs.FileMode) bool { return m.IsDir() || m.IsRegular() }) {
			found = defaultConfig(d)
			break
		}
		parent := cleanpath.Dir(d)
		if parent == d {
			found = defaultConfig(f.cwd)
			break
		}
		d = parent
	}
	for _, v := range visited {
		f.byDir[v] = found
	}
	return found, nil
}

func (f *configFinder) lookIn(dir string) (*config, error) {
	for _, n := range configNames {
		p := filepath.Join(dir, n)
		if !f.has(dir, n, fs.FileMode.IsRegular) {
			continue
		}
		return loadConfig(p, f.display(p), f.reg)
	}
	return nil, nil
}

// display shortens an absolute path relative to the working directory for
// messages.
func (f *configFinder) display(p string) string {
	if rel, err := filepath.Rel(f.cwd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

func (f *configFinder) settingsFor(c *config, abs string) *settings {
	k := c.key(abs)
	m := f.settings[c]
	if m == nil {
		m = map[string]*settings{}
		f.settings[c] = m
	}
	s := m[k]
	if s == nil {
		s = c.resolve(abs, f.reg, f.sel, f.th)
		m[k] = s
	}
	return s
}

// has reports whether the directory dir has an entry name whose type
// ok accepts (symbolic links followed, as os.Stat does). It reads the
// run's listing of dir when there is one: a name that is not in it is
// not statted, and one that is and is no link is judged by the type the
// listing gives.
func (f *configFinder) has(dir, name string, ok func(fs.FileMode) bool) bool {
	if f.listed != nil {
		if entries, listed := f.listed(dir); listed {
			i, found := slices.BinarySearchFunc(entries, name, func(e fs.DirEntry, n string) int { return strings.Compare(e.Name(), n) })
			if !found {
				return false
			}
			if t := entries[i].Type(); t&fs.ModeSymlink == 0 {
				return ok(t)
			}
		}
	}
	fi, err := os.Stat(filepath.Join(dir, name))
	return err == nil && ok(fi.Mode())
}

// configSetup is what Run and ResolveSettings start from: the rule set
// (checked against opts.Selection), the directory relative paths are read
// against (opts.Dir, else the working directory, made absolute) and the
// finder of config files, with opts.Config loaded when given.
func configSetup(opts Options, analyzers []*Analyzer) (*Registry, string, *configFinder, error) {
	reg, err := NewRegistry(analyzers)
	if err != nil {
		return nil, "", nil, fmt.Errorf("invalid rule set: %w", err)
	}
	if err := opts.Selection.validate(reg); err != nil {
		return nil, "", nil, err
	}
	cwd := opts.Dir
	if cwd == "" {
		if cwd, err = os.Getwd(); err != nil {
			return nil, "", nil, err
		}
	}
	if cwd, err = filepath.Abs(cwd); err != nil {
		return nil, "", nil, err
	}
	f := newConfigFinder(reg, cwd, opts.Selection)
	f.th = thresholdsOf(opts)
	if opts.Config != "" {
		p := opts.Config
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		if f.fixed, err = loadConfig(p, opts.Config, reg); err != nil {
			return nil, "", nil, err
		}
	}
	return reg, cwd, f, nil
}
