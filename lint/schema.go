package lint

import (
	"reflect"

	"github.com/sfmd-dev/sfmd/internal/jsonschema"
)

// The shape of a .sfmd.yaml file. The config parser (config.go) takes the
// keys it accepts from these types, and ConfigSchema generates the JSON
// Schema shipped in schema/ from them, so the two cannot disagree on a key.

// configFile is the whole file.
type configFile struct {
	Profiles    profileList  `yaml:"profiles" doc:"The rule profiles that are on. Default: [core, runtime, project] (project: rules that read the files a document links to). Opt-in: package, manifest, style (pure style)."`
	Rules       ruleMap      `yaml:"rules" doc:"Per-rule settings on top of the profiles: off, on, error, warning, info, or {severity, enabled, options}. Run sfmd rules to list the rules."`
	Ignore      globList     `yaml:"ignore" doc:"Files never linted: globs relative to this file's directory, e.g. drafts/**."`
	Overrides   overrideList `yaml:"overrides" doc:"Rule settings for some files; later entries win over earlier ones and over rules."`
	MinSeverity severityName `yaml:"min-severity" doc:"Lowest severity sfmd lint shows for the files this config applies to (default warning; never above fail-on). The --min-severity flag wins."`
	FailOn      severityName `yaml:"fail-on" doc:"Lowest severity that makes sfmd lint exit 1 for the files this config applies to (default error). The --fail-on flag wins."`
	Extend      string       `yaml:"extend" doc:"A config file to inherit, relative to this file's directory, e.g. ../.sfmd.yaml. What this file sets wins (rule by rule); the inherited ignore globs and overrides stay relative to their own file and come first."`
}

// overrideSpec is one entry of overrides.
type overrideSpec struct {
	Files globList `yaml:"files" schema:"required" doc:"Globs (relative to this file's directory) of the files the settings apply to."`
	Rules ruleMap  `yaml:"rules" doc:"Rule settings for those files."`
}

// overrideList is a list of overrides (or null).
type overrideList []overrideSpec

// JSONSchema says so.
func (overrideList) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
		{Type: jsonschema.Types{"array"}, Items: g.For(reflect.TypeFor[overrideSpec]())},
		{Type: jsonschema.Types{"null"}},
	}}
}

// ruleSetting is the long form of a rule's setting.
type ruleSetting struct {
	Severity severityName   `yaml:"severity" doc:"The severity the rule reports with (turns the rule on)."`
	Enabled  bool           `yaml:"enabled" doc:"Whether the rule runs."`
	Options  map[string]any `yaml:"options" doc:"The rule's options (sfmd explain RULE lists them)."`
}

var (
	topKeys      = jsonschema.Keys[configFile]()
	overrideKeys = jsonschema.Keys[overrideSpec]()
	ruleKeys     = jsonschema.Keys[ruleSetting]()
)

// profileList is a list of profile names, or one name.
type profileList []Profile

// JSONSchema lists the profiles.
func (profileList) JSONSchema(*jsonschema.Generator) *jsonschema.Schema {
	var enum []any
	for _, p := range Profiles {
		enum = append(enum, string(p))
	}
	one := &jsonschema.Schema{Type: jsonschema.Types{"string"}, Enum: enum}
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
		{Type: jsonschema.Types{"array"}, Items: one},
		one,
		{Type: jsonschema.Types{"null"}},
	}}
}

// globList is a list of globs, or one glob.
type globList []string

// JSONSchema says so.
func (globList) JSONSchema(*jsonschema.Generator) *jsonschema.Schema {
	one := &jsonschema.Schema{Type: jsonschema.Types{"string"}}
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
		{Type: jsonschema.Types{"array"}, Items: one},
		one,
		{Type: jsonschema.Types{"null"}},
	}}
}

// severityName is a severity as the config spells it.
type severityName string

var severityNames = []any{"error", "warning", "info", "warn", "note"}

// JSONSchema lists the severities.
func (severityName) JSONSchema(*jsonschema.Generator) *jsonschema.Schema {
	return &jsonschema.Schema{Type: jsonschema.Types{"string"}, Enum: severityNames}
}

// ruleMap maps rule names to settings.
type ruleMap map[string]ruleSpec

// JSONSchema keeps rule names kebab-case. The names themselves are not
// listed: adding a rule must not change the schema (sfmd lint reports an
// unknown name with a did-you-mean).
func (ruleMap) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	return &jsonschema.Schema{
		AnyOf: []*jsonschema.Schema{
			{
				Type:                 jsonschema.Types{"object"},
				PropertyNames:        &jsonschema.Schema{Pattern: "^[a-z0-9]+(-[a-z0-9]+)*$"},
				AdditionalProperties: g.For(reflect.TypeFor[ruleSpec]()),
			},
			{Type: jsonschema.Types{"null"}},
		},
	}
}

// ruleSpec is a rule's setting: a word, a boolean or the long form.
type ruleSpec struct{}

// JSONSchema says so (parseRuleSetting and ruleMapping read it).
func (ruleSpec) JSONSchema(g *jsonschema.Generator) *jsonschema.Schema {
	words := []any{"off", "on", "disable", "disabled", "enable", "enabled"}
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
		{Type: jsonschema.Types{"string"}, Enum: append(words, severityNames...)},
		{Type: jsonschema.Types{"boolean"}},
		g.For(reflect.TypeFor[ruleSetting]()),
	}}
}

// ConfigSchema is the JSON Schema of .sfmd.yaml, generated from the types
// the config parser takes its keys from. id is its $id.
func ConfigSchema(id string) *jsonschema.Schema {
	s := jsonschema.NewGenerator().Document(reflect.TypeFor[configFile](), id,
		"sfmd configuration",
		"The .sfmd.yaml file of sfmd lint: which rule profiles are on, per-rule settings, ignored files and per-file overrides. The nearest file up from a document applies; it is not merged with the files of parent directories unless it names one with extend.")
	// An empty file (null) means the defaults.
	obj := *s
	obj.SchemaURI, obj.ID, obj.Title, obj.Description, obj.Defs = "", "", "", "", nil
	return &jsonschema.Schema{
		SchemaURI: s.SchemaURI, ID: s.ID, Title: s.Title, Description: s.Description, Defs: s.Defs,
		AnyOf: []*jsonschema.Schema{&obj, {Type: jsonschema.Types{"null"}}},
	}
}
