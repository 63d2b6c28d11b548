package runner

import (
	"sort"
	"strings"
)

// redactor replaces the values of the suite's env with *** in everything
// the harness prints.
type redactor struct {
	r *strings.Replacer
}

func newRedactor(env []keyValue) *redactor {
	var vals []string
	seen := map[string]bool{}
	for _, kv := range env {
		if kv.Value != "" && !seen[kv.Value] {
			seen[kv.Value] = true
			vals = append(vals, kv.Value)
		}
	}
	if len(vals) == 0 {
		return &redactor{}
	}
	// Longest first, so that a value containing another is hidden whole.
	sort.Slice(vals, func(i, j int) bool { return len(vals[i]) > len(vals[j]) })
	var pairs []string
	for _, v := range vals {
		pairs = append(pairs, v, "***")
	}
	return &redactor{r: strings.NewReplacer(pairs...)}
}

func (r *redactor) apply(s string) string {
	if r == nil || r.r == nil {
		return s
	}
	return r.r.Replace(s)
}
