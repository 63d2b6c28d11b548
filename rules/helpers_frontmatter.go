package rules

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules about the file as a whole, the frontmatter
// fields and its env list (spec.md §1.4, §2.1, §2.2), and tool and app
// documents (§1.13, §2.14).

// yamlIsString reports whether n is a YAML string scalar.
func yamlIsString(n *yaml.Node) bool { return yamlpos.IsString(n) }

// yamlIsNull reports whether n is a YAML null (an empty value).
func yamlIsNull(n *yaml.Node) bool { return n == nil || yamlpos.IsNull(n) }

// yamlType names the YAML type of n for messages.
func yamlType(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.ShortTag() {
	case "!!int":
		return "a number"
	case "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	case "!!null":
		return "empty"
	case "!!str":
		return "a string"
	case "!!timestamp":
		return "a date"
	}
	return "a " + strings.TrimPrefix(n.ShortTag(), "!!")
}

// fmQuoteFix wraps a plain scalar in double quotes when that keeps its text.
func fmQuoteFix(doc *sfmd.Document, n *yaml.Node, span sfmd.Span) []lint.Fix {
	if n.Kind != yaml.ScalarNode || n.Style != 0 || src(doc, span) != n.Value || n.Value == "" || strings.ContainsAny(n.Value, "\"\\") {
		return nil
	}
	return []lint.Fix{{
		Message: "quote the value",
		Safe:    true,
		Edits:   []lint.Edit{{Start: span.Start.Off(), End: span.Start.Off(), New: `"`}, {Start: span.End.Off(), End: span.End.Off(), New: `"`}},
	}}
}

// sfmdSupported is the spec version this linter supports.
const sfmdSupported = "0.1"

var sfmdVersionRe = lazyre.New(`^(\d+)\.(\d+)(?:\.\d+)?$`)

// fmDefaultAction returns the default field and the action ID it names (the
// "act." prefix removed: default-action-prefixed reports that), or nil.
func fmDefaultAction(doc *sfmd.Document) (*sfmd.Field, string) {
	f := doc.Frontmatter.Get("default")
	if f == nil || !yamlIsString(f.Value) {
		return nil, ""
	}
	id := strings.TrimPrefix(strings.TrimSpace(f.Value.Value), "act.")
	if id == "" {
		return nil, ""
	}
	return f, id
}

// fmQuotedNames renders names as "a", "b", "c" (at most 8, then …).
func fmQuotedNames(names []string) string {
	var q []string
	for i, n := range names {
		if i == 8 {
			q = append(q, "…")
			break
		}
		q = append(q, strconv.Quote(n))
	}
	return strings.Join(q, ", ")
}

// envEntryName returns the declared name of an entry for messages.
func envEntryName(e *sfmd.EnvEntry) string {
	if e.Name != "" {
		return e.Name
	}
	return "NAME"
}

// docType returns the frontmatter type ("app", "tool", …) and the span of
// its value.
func docType(doc *sfmd.Document) (string, sfmd.Span) {
	f := doc.Frontmatter.Get("type")
	if f == nil {
		return "", sfmd.Span{}
	}
	v, _ := doc.Frontmatter.String("type")
	span := f.ValueSpan
	if !span.IsValid() || span.End.Offset <= span.Start.Offset {
		span = f.KeySpan
	}
	return v, span
}

// misplacedDefault reports whether env entry i is "- default: x" written
// as a list item of its own after another entry: meant as the previous
// entry's default, it declares a variable named "default" instead
// (env-entry-malformed reports it; the other env rules leave it alone).
func misplacedDefault(env []*sfmd.EnvEntry, i int) bool {
	return i > 0 && env[i].Form == sfmd.EnvCanonical && env[i].Name == "default"
}
