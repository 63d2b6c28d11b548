// Package schema holds the JSON Schemas of sfmd's YAML files, generated
// from the Go types their loaders take their field names from (lint's
// config, internal/suitespec's suites). `go generate ./schema` writes them next to
// this file; TestSchemasUpToDate fails when the shipped files drift from
// the types. Editors use them through yaml-language-server (docs/editors.md,
// "Editor support for .sfmd.yaml and suites").
package schema

//go:generate go run ./gen

import (
	"github.com/sfmd-dev/sfmd/internal/jsonschema"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/internal/version"
	"github.com/sfmd-dev/sfmd/lint"
)

// The shipped file names.
const (
	ConfigFile = "sfmd.schema.json"      // .sfmd.yaml
	SuiteFile  = "sfmd-test.schema.json" // *.test.yaml
)

// URL is where a shipped schema is published for the release this tree
// defines.
func URL(name string) string {
	return "https://raw.githubusercontent.com/sfmd-dev/sfmd/" + version.Tag + "/schema/" + name
}

// Generate returns the content of every shipped schema file by name.
func Generate() (map[string][]byte, error) {
	out := map[string][]byte{}
	for name, s := range map[string]*jsonschema.Schema{
		ConfigFile: lint.ConfigSchema(URL(ConfigFile)),
		SuiteFile:  suitespec.Schema(URL(SuiteFile)),
	} {
		b, err := jsonschema.Marshal(s)
		if err != nil {
			return nil, err
		}
		out[name] = b
	}
	return out, nil
}
