// Package rules holds the sfmd lint rules: one lint.Analyzer per rule of
// the catalogue (spec.md §2), named exactly as there, plus one analyzer per
// parser problem code and the shared analyses the rules consume (the
// symbol table). Rules never print or read files; they report through
// their Pass.
package rules

import (
	"sort"

	"github.com/sfmd-dev/sfmd/lint"
)

// rules lists every rule.
var rules = []*lint.Analyzer{
	// identifiers
	ActInfoStringInvalid,
	ActionIDInvalid,
	BlockIDInvalid,
	NavNameInvalid,
	IncludeIDInvalid,
	ShortcutIDInvalid,
	ShortcutIDReservedPrefix,
	ParamNameInvalid,
	AssignLHSInvalid,
	SessionVarNameInvalid,
	PersistentVarNameInvalid,
	EnvNameInvalid,
	// $VAR placement
	PersistentVarInResponse,
	AssignLHSPersistent,
	PersistentVarOutsideAction,
	PersistentVarInCommand,
	EnvVarUndeclared,
	EnvVarUnused,
	EnvDeclaresContextVar,
	ContextVarUnknown,
	// duplicates
	ActionIDDuplicate,
	ResponseDuplicate,
	BlockIDDuplicate,
	ParamNameDuplicate,
	ParamAliasDuplicate,
	ShortcutIDDuplicate,
	NavNameDuplicate,
	IncludeIDDuplicate,
	EnvDuplicate,
	HeaderDuplicate,
	// headers
	HeaderSyntaxInvalid,
	HeaderNameInvalid,
	HeaderNotOnFirstLine,
	HeaderBeforeURL,
	HeaderOnCLI,
	HeaderValueEmpty,
	HeaderPlaceholderIsParam,
	// frontmatter
	DefaultActionPrefixed,
	// parser problems
	FileNotUTF8,
	FileContainsNUL,
	FrontmatterUnclosed,
	FrontmatterInvalidYAML,
	FrontmatterNotMapping,
	FenceUnclosed,
	ActionBlockEmpty,
	ActionUnrecognizedLine,
	ParamSyntaxInvalid,
	BodyInlineUnterminated,
	ForUnclosed,
}

// registered holds the rules that family files add from their init
// functions with register.
var registered []*lint.Analyzer

// register adds rules to All. Each family file calls it from init.
func register(as ...*lint.Analyzer) { registered = append(registered, as...) }

// All returns every rule, sorted by name. Shared analyses are not listed:
// lint.Check runs them because rules require them.
func All() []*lint.Analyzer {
	out := append([]*lint.Analyzer(nil), rules...)
	out = append(out, registered...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the rule named name, or nil.
func Lookup(name string) *lint.Analyzer {
	for _, a := range All() {
		if a.Name == name {
			return a
		}
	}
	return nil
}
