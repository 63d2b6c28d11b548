package lint

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"go.yaml.in/yaml/v3"
)

// maxExtendDepth bounds a chain of config files that extend one another.
const maxExtendDepth = 8

// chainLink is a config file of an extend chain.
type chainLink struct{ abs, display string }

// loadExtends reads the file c extends (c was read from abs; chain holds
// the files that extend c, outermost first) and puts c on top of it.
// A file extending one of the chain, or a chain longer than
// maxExtendDepth, is refused at the extend key.
func (c *config) loadExtends(abs string, reg *Registry, chain []chainLink) error {
	if c.extend == "" {
		return nil
	}
	fail := func(format string, args ...any) error {
		return ConfigErrors{{Path: c.Path, Line: c.extendLine, Col: c.extendCol, Msg: fmt.Sprintf(format, args...)}}
	}
	chain = append(slices.Clone(chain), chainLink{abs, c.Path})
	pAbs, pDisplay := filepath.Clean(c.extend), filepath.Clean(c.extend)
	if !filepath.IsAbs(pAbs) {
		pAbs = filepath.Join(filepath.Dir(abs), pAbs)
		pDisplay = filepath.Join(filepath.Dir(c.Path), pDisplay)
	}
	if i := slices.IndexFunc(chain, func(l chainLink) bool { return l.abs == pAbs }); i >= 0 {
		var names []string
		for _, l := range chain[i:] {
			names = append(names, l.display)
		}
		return fail("extend makes a cycle: %s -> %s; remove one of the extend keys", strings.Join(names, " -> "), chain[i].display)
	}
	if len(chain) >= maxExtendDepth {
		return fail("extend: more than %d config files extend one another; inherit from fewer files", maxExtendDepth)
	}
	src, _, err := safeio.ReadFile(pAbs, safeio.DefaultMaxSize)
	if err != nil {
		return fail("extend: cannot read %s: %v, check the path (relative to this file's directory)", pDisplay, unwrapPathErr(err))
	}
	parent, err := parseConfig(pDisplay, filepath.Dir(pAbs), src, reg)
	if err != nil {
		return err
	}
	if err := parent.loadExtends(pAbs, reg, chain); err != nil {
		return err
	}
	c.inherit(parent)
	return nil
}

// inherit puts c on top of the config p it extends: what c sets wins
// (profiles as a whole, each rule's enabled, severity and options on
// their own, min-severity, fail-on); the ignore globs are both files',
// and p's overrides come before c's, so that c's win. Globs keep the
// directory of the file that wrote them.
func (c *config) inherit(p *config) {
	if c.Profiles == nil {
		c.Profiles = p.Profiles
	}
	rules := make(map[string]ruleConfig, len(p.Rules)+len(c.Rules))
	for n, rc := range p.Rules {
		rules[n] = rc
	}
	for n, rc := range c.Rules {
		rules[n] = rc.over(p.Rules[n])
	}
	c.Rules = rules
	c.Ignore = append(slices.Clone(p.Ignore), c.Ignore...)
	c.Overrides = append(slices.Clone(p.Overrides), c.Overrides...)
	if !c.MinSeverity.Set {
		c.MinSeverity = p.MinSeverity
	}
	if !c.FailOn.Set {
		c.FailOn = p.FailOn
	}
	c.Extends = append([]string{p.Path}, p.Extends...)
}

// over returns rc with what it leaves unset taken from base.
func (rc ruleConfig) over(base ruleConfig) ruleConfig {
	if rc.HasEnabled {
		base.HasEnabled, base.Enabled = true, rc.Enabled
	}
	if rc.HasSeverity {
		base.HasSeverity, base.Severity = true, rc.Severity
	}
	if rc.Options != nil {
		base.Options = rc.Options
	}
	return base
}

// severity reads min-severity or fail-on.
func (p *configParser) severity(key string, v *yaml.Node) optSeverity {
	sev, err := ParseSeverity(v.Value)
	if v.Kind != yaml.ScalarNode || err != nil {
		p.errf(v, "bad %s %q, expected one of \"error\", \"warning\", \"info\"", key, v.Value)
		return optSeverity{}
	}
	return optSeverity{Set: true, Sev: sev}
}

// thresholds are a run's --min-severity and --fail-on and how they meet
// the min-severity and fail-on of the config that applies to a file.
type thresholds struct {
	minSeverity  Severity
	showSelected bool
	// configMin lets the config's min-severity take the place of
	// minSeverity and showSelected (--min-severity was not given).
	configMin bool
	// failOn is --fail-on; nil: the config's fail-on, else Error.
	failOn *Severity
}

// failing counts the diagnostics at or above s's fail-on.
func (s *settings) failing(diags []Diagnostic) int {
	n := 0
	for _, d := range diags {
		if d.Severity >= s.failOn {
			n++
		}
	}
	return n
}

func thresholdsOf(o Options) thresholds {
	return thresholds{minSeverity: o.MinSeverity, showSelected: o.ShowSelected, configMin: o.ConfigMinSeverity, failOn: o.FailOn}
}

// apply sets the thresholds of the file c applies to in s. Whatever
// fails the run is shown: the minimum is lowered to fail-on when above.
func (th thresholds) apply(c *config, s *settings) {
	s.minSeverity, s.showSelected = th.minSeverity, th.showSelected
	if th.configMin && c.MinSeverity.Set {
		s.minSeverity, s.showSelected = c.MinSeverity.Sev, false
	}
	s.failOn = Error
	switch {
	case th.failOn != nil:
		s.failOn = *th.failOn
	case c.FailOn.Set:
		s.failOn = c.FailOn.Sev
	}
	s.minSeverity = min(s.minSeverity, s.failOn)
}
