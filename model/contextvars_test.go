package model

import (
	"slices"
	"sort"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestContextVarNames: the language's list of context variables
// (sfmd.ContextVarNames) is the set the runtime model gives an action.
func TestContextVarNames(t *testing.T) {
	rt := &Runtime{}
	var got []string
	for k := range rt.contextVars("") {
		got = append(got, k)
	}
	sort.Strings(got)
	if !slices.Equal(got, sfmd.ContextVarNames) {
		t.Errorf("contextVars has %v, sfmd.ContextVarNames %v", got, sfmd.ContextVarNames)
	}
}
