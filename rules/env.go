package rules

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about the shape of the frontmatter `env` list (spec.md §1.4,
// §2.2). env-name-invalid and env-duplicate live with the identifier and
// duplicate rules.

func init() {
	register(
		EnvNotList,
		EnvEntryMalformed,
		EnvEntryObjectForm,
		EnvNameNotUppercase,
		EnvDefaultNotScalar,
		EnvDescriptionMissing,
	)
}

// EnvNotList reports an `env` value that is not a YAML list.
var EnvNotList = &lint.Analyzer{
	Name:     "env-not-list",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env is not a list",
		Why:   "`env` is a list of `- NAME: \"description\"` entries; as a mapping or a string the runtime declares nothing and never asks for the variables",
		Bad:   "---\nenv:\n  API_KEY: \"Service API key\"\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"Service API key\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		f := doc.Frontmatter.Get("env")
		if f == nil || yamlIsNull(f.Value) || f.Value.Kind == yaml.SequenceNode {
			return nil, nil
		}
		v := f.Value
		d := lint.Diagnostic{Span: f.ValueSpan}
		if v.Kind == yaml.MappingNode {
			d.Span = f.KeySpan
			d.Message = "env is a mapping, not a list, so the runtime declares nothing; write each entry as a list item: - NAME: \"description\""
			d.Fixes = envListFix(doc, v)
		} else {
			d.Message = fmt.Sprintf("env is %s, not a list, so the runtime declares nothing; write each entry as a list item: - NAME: \"description\"", yamlType(v))
		}
		pass.Report(d)
		return nil, nil
	},
}

// envListFix turns a block mapping of scalar values into a list of
// one-key mappings by inserting "- " before each key.
func envListFix(doc *sfmd.Document, m *yaml.Node) []lint.Fix {
	if m.Style&yaml.FlowStyle != 0 || doc.Frontmatter == nil {
		return nil
	}
	li := index(doc)
	first := doc.Frontmatter.RawSpan.Start.Line
	var edits []lint.Edit
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if v.Kind != yaml.ScalarNode || k.Kind != yaml.ScalarNode || k.Line != v.Line || k.Style != 0 {
			return nil
		}
		line := first + k.Line - 1
		ls := li.LineStart(line)
		text := string(li.Line(line))
		col := len(text) - len(strings.TrimLeft(text, " "))
		if col != k.Column-1 || !strings.HasPrefix(text[col:], k.Value) {
			return nil
		}
		edits = append(edits, lint.Edit{Start: ls + col, End: ls + col, New: "- "})
	}
	if len(edits) == 0 {
		return nil
	}
	return []lint.Fix{{Message: "make each env entry a list item", Safe: true, Edits: edits}}
}

// envEntryName returns the declared name of an entry for messages.
func envEntryName(e *sfmd.EnvEntry) string {
	if e.Name != "" {
		return e.Name
	}
	return "NAME"
}

// EnvEntryMalformed reports env entries that are not `- NAME: "description"`
// with an optional sibling `default:`.
var EnvEntryMalformed = &lint.Analyzer{
	Name:     "env-entry-malformed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env entry is not NAME: \"description\" [default: value]",
		Why:   "each env entry is a one-key mapping `NAME: \"description\"` with an optional sibling `default:`; a bare name, a list or extra keys are not declarations the runtime understands",
		Bad:   "---\nenv:\n  - API_KEY\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"Service API key\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if e.Node == nil || yamlIsNull(e.Node) {
				pass.Reportf(widenEmpty(pass.Doc, e.Span), "env entry is empty; write - NAME: \"description\" or remove the dash")
				continue
			}
			switch e.Form {
			case sfmd.EnvBare:
				pass.Reportf(e.NameSpan, "env entry %q has no description; write - %s: \"what it is for\"", e.Name, e.Name)
			case sfmd.EnvOther:
				pass.Reportf(e.Span, "env entry is %s, not NAME: \"description\"; write - NAME: \"description\"", yamlType(e.Node))
			case sfmd.EnvCanonical:
				if len(e.Node.Content) >= 2 {
					if v := e.Node.Content[1]; v.Kind != yaml.ScalarNode {
						pass.Reportf(e.DescriptionSpan, "the description of env entry %q is %s, not a string; write - %s: \"description\" with an optional sibling default:", e.Name, yamlType(v), e.Name)
						continue
					}
				}
				for _, x := range e.Extra {
					msg := fmt.Sprintf("env entry %q has an unknown key %q; only a sibling \"default:\" is allowed", e.Name, x.Key)
					if near := nearest(x.Key, []string{"default"}); near != "" {
						msg += fmt.Sprintf("; did you mean %q?", near)
					} else {
						msg += ", remove it or move it into the description"
					}
					pass.Reportf(x.KeySpan, "%s", msg)
				}
			}
		}
		return nil, nil
	},
}

// EnvEntryObjectForm reports the non-canonical `- name: X / description:`
// form.
var EnvEntryObjectForm = &lint.Analyzer{
	Name:     "env-entry-object-form",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env entry uses the name:/description: object form",
		Why:   "the spec's form is `- NAME: \"description\"`; under that reading `- name: GITHUB_TOKEN` declares a variable called `name`, so runtimes may ask for the wrong variable",
		Bad:   "---\nenv:\n  - name: GITHUB_TOKEN\n    description: GitHub token\n---\n",
		Good:  "---\nenv:\n  - GITHUB_TOKEN: \"GitHub token\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if e.Form != sfmd.EnvObject {
				continue
			}
			desc := "description"
			if e.HasDescription && e.Description != "" {
				desc = e.Description
			}
			span := e.NameSpan
			if !span.IsValid() || span.Len() == 0 {
				span = e.Span
			}
			pass.Reportf(span, "env entry uses the object form (name: %s), which the canonical reading takes as a variable called \"name\"; write - %s: %q", e.Name, envEntryName(e), desc)
		}
		return nil, nil
	},
}

// EnvNameNotUppercase reports env names that are not upper case.
var EnvNameNotUppercase = &lint.Analyzer{
	Name:     "env-name-not-uppercase",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env name is not upper case",
		Why:   "persistent variables are upper case by convention (`$API_KEY`); mixed case is easy to mistype in `$var` references",
		Bad:   "---\nenv:\n  - api_key: \"Service API key\"\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"Service API key\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if (e.Form != sfmd.EnvCanonical && e.Form != sfmd.EnvObject) || !persistentRe.MatchString(e.Name) || e.Name == strings.ToUpper(e.Name) {
				continue
			}
			pass.Reportf(e.NameSpan, "env name %q is not upper case; by convention write %q (and $%s in references)", e.Name, strings.ToUpper(e.Name), strings.ToUpper(e.Name))
		}
		return nil, nil
	},
}

// EnvDefaultNotScalar reports a list or mapping as an env default.
var EnvDefaultNotScalar = &lint.Analyzer{
	Name:     "env-default-not-scalar",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env default is not a single value",
		Why:   "the default is substituted for `$NAME` as text; a list or mapping has no text form the runtime can use",
		Bad:   "---\nenv:\n  - LANG: \"Output language\"\n    default: [en, ko]\n---\n",
		Good:  "---\nenv:\n  - LANG: \"Output language\"\n    default: en\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if e.Default == nil || e.Default.Kind == yaml.ScalarNode {
				continue
			}
			pass.Reportf(e.DefaultSpan, "default of env entry %q is %s, not a single value; write one value, e.g. default: en", envEntryName(e), yamlType(e.Default))
		}
		return nil, nil
	},
}

// EnvDescriptionMissing reports env entries with an empty description.
var EnvDescriptionMissing = &lint.Analyzer{
	Name:     "env-description-missing",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "env entry has an empty description",
		Why:   "the description is the hint the runtime shows in ENV_REQUIRED when the variable is not set; without it the user does not know what to provide",
		Bad:   "---\nenv:\n  - API_KEY: \"\"\n---\n",
		Good:  "---\nenv:\n  - API_KEY: \"OpenWeather API key\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, e := range fm.Env {
			if e.Form != sfmd.EnvCanonical || (e.HasDescription && strings.TrimSpace(e.Description) != "") {
				continue
			}
			if e.Node != nil && len(e.Node.Content) >= 2 && e.Node.Content[1].Kind != yaml.ScalarNode {
				continue // env-entry-malformed
			}
			pass.Reportf(e.NameSpan, "env entry %q has no description, which the runtime shows when %s is missing; describe it: - %s: \"what it is and where to get it\"", e.Name, "$"+e.Name, e.Name)
		}
		return nil, nil
	},
}

// widenEmpty returns span, or when it is empty the non-blank character before
// it on its line (the "-" of an empty list item), so that a finding always
// covers a token.
func widenEmpty(doc *sfmd.Document, span sfmd.Span) sfmd.Span {
	if span.Len() > 0 || !span.IsValid() {
		return span
	}
	i := span.Start.Offset - 1
	for i >= 0 && i < len(doc.Src) && (doc.Src[i] == ' ' || doc.Src[i] == '\t') {
		i--
	}
	if i < 0 || i >= len(doc.Src) || doc.Src[i] == '\n' {
		return span
	}
	return spanAt(doc, i, i+1)
}
