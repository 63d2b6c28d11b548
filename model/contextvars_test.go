package model

import (
	"slices"
	"sort"
	"testing"
)

// TestContextVarNames: the exported list of context variables is the set
// the runtime model gives an action.
func TestContextVarNames(t *testing.T) {
	rt := &Runtime{}
	var got []string
	for k := range rt.contextVars("") {
		got = append(got, k)
	}
	sort.Strings(got)
	if !slices.Equal(got, ContextVarNames) {
		t.Errorf("contextVars has %v, ContextVarNames %v", got, ContextVarNames)
	}
}
