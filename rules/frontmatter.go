package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about the file as a whole and the frontmatter fields (spec.md
// §1.4, §2.1). default-action-prefixed lives in default_action.go.

func init() {
	register(
		FileCRLFLineEndings,
		FrontmatterNotAtStart,
		FrontmatterDelimiterNotExact,
		FrontmatterDuplicateKey,
		FrontmatterFieldType,
		FrontmatterUnknownField,
		FrontmatterVersionNotSemver,
		FrontmatterNameInvalid,
		FrontmatterTypeInvalid,
		FrontmatterCategoryDeprecated,
		FrontmatterTypeCategoryConflict,
		FrontmatterRequiresNonstandard,
		SFMDVersionUnsupported,
		SFMDVersionFormat,
		DefaultActionMissing,
		DefaultActionNeedsArgs,
	)
}

// FileCRLFLineEndings reports files with CRLF line endings.
var FileCRLFLineEndings = &lint.Analyzer{
	Name:     "file-crlf-line-endings",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "file uses CRLF line endings",
		Why:   "LF is the recommended line ending; the reference runtime splits lines on \"\\n\" only, so with CRLF every parameter line keeps a \"\\r\" and can be silently dropped",
		Bad:   "---\r\ntitle: Weather\r\n---\r\n",
		Good:  "---\ntitle: Weather\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		if doc.CRLF == 0 {
			return nil, nil
		}
		var edits []lint.Edit
		first := -1
		for i := 0; i+1 < len(doc.Src); i++ {
			if doc.Src[i] == '\r' && doc.Src[i+1] == '\n' {
				if first < 0 {
					// point at the first of a run of '\r's ("\r\r\n")
					first = i
					for first > 0 && doc.Src[first-1] == '\r' {
						first--
					}
				}
				edits = append(edits, lint.Edit{Start: i, End: i + 1})
			}
		}
		if first < 0 {
			return nil, nil
		}
		lines := "every line ends"
		if n := index(doc).LineCount(); len(edits) < n-1 {
			lines = fmt.Sprintf("%d of %d lines end", len(edits), n)
		} else if len(edits) == 1 {
			lines = "the line ends"
		}
		pass.Report(lint.Diagnostic{
			Span:    spanAt(doc, first, first+1),
			Message: fmt.Sprintf("%s in CRLF; convert the file to LF line endings (the reference runtime keeps a \"\\r\" on parameter lines)", lines),
			Fixes:   []lint.Fix{{Message: "convert CRLF line endings to LF", Safe: false, Edits: edits}},
		})
		return nil, nil
	},
}

// fmKeyRe matches a "key: value" (or "key:") YAML line.
var fmKeyRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*:(\s|$)`)

// FrontmatterNotAtStart reports a frontmatter block preceded by blank lines.
var FrontmatterNotAtStart = &lint.Analyzer{
	Name:     "frontmatter-not-at-start",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter does not start on line 1",
		Why:   "frontmatter MUST start on the very first line; after a blank line the runtime sees a thematic break and the fields (name, default, env) as ordinary text",
		Bad:   "\n---\nname: weather\n---\n# Weather\n",
		Good:  "---\nname: weather\n---\n# Weather\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		if doc.Frontmatter != nil {
			return nil, nil
		}
		li := index(doc)
		n := li.LineCount()
		open := 0
		for l := 1; l <= n; l++ {
			t := strings.TrimSpace(string(li.Line(l)))
			if t == "" {
				continue
			}
			if t == "---" && l > 1 {
				open = l
			}
			break
		}
		if open == 0 || open+1 > n || !fmKeyRe.MatchString(string(li.Line(open+1))) {
			return nil, nil
		}
		closeLine := 0
		for l := open + 2; l <= n; l++ {
			if strings.TrimSpace(string(li.Line(l))) == "---" {
				closeLine = l
				break
			}
		}
		if closeLine == 0 || !yamlMapping(doc.Src[li.LineStart(open+1):li.LineStart(closeLine)]) {
			return nil, nil
		}
		s := li.LineStart(open)
		line := li.Line(open)
		k := strings.Index(string(line), "---")
		pass.Report(lint.Diagnostic{
			Span:    spanAt(doc, s+k, s+k+3),
			Message: fmt.Sprintf("frontmatter starts on line %d after blank lines, so the runtime does not read it; remove the blank lines before the opening \"---\"", open),
			Fixes: []lint.Fix{{
				Message: "remove the blank lines before the frontmatter",
				Safe:    true,
				Edits:   []lint.Edit{{Start: li.LineStart(1), End: s + k}},
			}},
		})
		return nil, nil
	},
}

// yamlMapping reports whether text is a YAML mapping (the lines between
// two "---" that would be frontmatter, not a thematic break and prose).
func yamlMapping(text []byte) bool {
	var n yaml.Node
	if err := yaml.Unmarshal(text, &n); err != nil || len(n.Content) == 0 {
		return false
	}
	return n.Content[0].Kind == yaml.MappingNode
}

// FrontmatterDelimiterNotExact reports "---" delimiters with trailing
// whitespace.
var FrontmatterDelimiterNotExact = &lint.Analyzer{
	Name:     "frontmatter-delimiter-not-exact",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter delimiter is not exactly ---",
		Why:   "the delimiters must be lines containing exactly `---`; trailing spaces make stricter parsers miss the frontmatter",
		Bad:   "--- \nname: weather\n---\n",
		Good:  "---\nname: weather\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		fm := doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		li := index(doc)
		lines := []int{1}
		if fm.Closed && fm.Span.IsValid() {
			lines = append(lines, fm.Span.End.Line)
		}
		for i, l := range lines {
			s := li.LineStart(l)
			text := string(li.Line(l))
			if text == "---" || !strings.HasPrefix(text, "---") {
				continue
			}
			which := "opening"
			if i == 1 {
				which = "closing"
			}
			pass.Report(lint.Diagnostic{
				Span:    spanAt(doc, s+3, s+len(text)),
				Message: fmt.Sprintf("%s frontmatter delimiter %q has trailing whitespace; make the line exactly \"---\"", which, text),
				Fixes: []lint.Fix{{
					Message: "remove the trailing whitespace",
					Safe:    true,
					Edits:   []lint.Edit{{Start: s + 3, End: s + len(text)}},
				}},
			})
		}
		return nil, nil
	},
}

// FrontmatterDuplicateKey reports a frontmatter key written twice.
var FrontmatterDuplicateKey = &lint.Analyzer{
	Name:     "frontmatter-duplicate-key",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter key written twice",
		Why:   "YAML mapping keys must be unique; parsers either reject the document or silently keep one of the values",
		Bad:   "---\nname: weather\nname: forecast\n---\n",
		Good:  "---\nname: weather\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		seen := dupTracker{}
		for _, f := range fm.Fields {
			if first, dup := seen.check(f.Key, f.KeySpan); dup {
				reportDup(pass, f.KeySpan, first, fmt.Sprintf("frontmatter key %q", f.Key), "remove one of them or merge the values")
			}
		}
		return nil, nil
	},
}

// fmStringFields are the frontmatter fields whose value is a string.
var fmStringFields = []string{"title", "description", "author", "version", "name", "namespace", "type", "category", "default"}

// fmKnownFields are the frontmatter fields the spec and the runtime define.
var fmKnownFields = []string{"title", "description", "author", "tags", "version", "name", "namespace", "type", "category", "default", "env", "sfmd", "requires"}

// yamlIsString reports whether n is a YAML string scalar.
func yamlIsString(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"
}

// yamlIsNull reports whether n is a YAML null (an empty value).
func yamlIsNull(n *yaml.Node) bool {
	return n == nil || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
}

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

// fmNodeSpan maps a YAML node of the frontmatter to the file: the scalar
// as written, or the first character of a collection. It returns an
// invalid span when the node cannot be located.
func fmNodeSpan(doc *sfmd.Document, n *yaml.Node) sfmd.Span {
	fm := doc.Frontmatter
	if fm == nil || !fm.RawSpan.IsValid() || n.Line <= 0 || n.Column <= 0 {
		return sfmd.Span{}
	}
	li := index(doc)
	line := fm.RawSpan.Start.Line + n.Line - 1
	if line > li.LineCount() {
		return sfmd.Span{}
	}
	text := string(li.Line(line))
	i, col := 0, 1
	for i < len(text) && col < n.Column {
		_, sz := utf8.DecodeRuneInString(text[i:])
		i += sz
		col++
	}
	if col != n.Column || i >= len(text) {
		return sfmd.Span{}
	}
	end := i + 1
	if n.Kind == yaml.ScalarNode {
		switch n.Style {
		case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
			if j := strings.IndexByte(text[i+1:], text[i]); j >= 0 {
				end = i + 1 + j + 1
			}
		default:
			if strings.HasPrefix(text[i:], n.Value) && n.Value != "" {
				end = i + len(n.Value)
			}
		}
	}
	s := li.LineStart(line)
	return spanAt(doc, s+i, s+end)
}

// fmQuoteFix wraps a plain scalar in double quotes when that keeps its text.
func fmQuoteFix(doc *sfmd.Document, n *yaml.Node, span sfmd.Span) []lint.Fix {
	if n.Kind != yaml.ScalarNode || n.Style != 0 || src(doc, span) != n.Value || n.Value == "" || strings.ContainsAny(n.Value, "\"\\") {
		return nil
	}
	return []lint.Fix{{
		Message: "quote the value",
		Safe:    true,
		Edits:   []lint.Edit{{Start: span.Start.Offset, End: span.Start.Offset, New: `"`}, {Start: span.End.Offset, End: span.End.Offset, New: `"`}},
	}}
}

// FrontmatterFieldType reports standard fields of the wrong YAML type.
var FrontmatterFieldType = &lint.Analyzer{
	Name:     "frontmatter-field-type",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "standard frontmatter field has the wrong type",
		Why:   "title, description, author, version, name, namespace, type, category and default are strings and tags is a list of strings; `version: 1.10` is the number 1.1 to YAML and `tags: weather` is not a list",
		Bad:   "---\nversion: 1.10\ntags: weather\n---\n",
		Good:  "---\nversion: \"1.10\"\ntags: [weather]\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		fm := doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, f := range fm.Fields {
			v := f.Value
			if yamlIsNull(v) {
				continue
			}
			switch {
			case hasString(fmStringFields, f.Key):
				if yamlIsString(v) {
					continue
				}
				d := lint.Diagnostic{Span: f.ValueSpan}
				if v.Kind == yaml.ScalarNode {
					d.Message = fmt.Sprintf("frontmatter field %q is %s to YAML, not a string; quote it: %s: \"%s\"", f.Key, yamlType(v), f.Key, v.Value)
					d.Fixes = fmQuoteFix(doc, v, f.ValueSpan)
				} else {
					d.Message = fmt.Sprintf("frontmatter field %q is %s, but it must be a string; write a single value", f.Key, yamlType(v))
				}
				pass.Report(d)
			case f.Key == "tags":
				switch v.Kind {
				case yaml.SequenceNode:
					for _, item := range v.Content {
						if !yamlIsString(item) {
							span := fmNodeSpan(doc, item)
							if !span.IsValid() {
								span = f.ValueSpan
							}
							msg := fmt.Sprintf("tag %q is %s, not a string; quote it: \"%s\"", item.Value, yamlType(item), item.Value)
							if item.Kind != yaml.ScalarNode {
								msg = fmt.Sprintf("a tag is %s, not a string; write tags as a flat list: tags: [a, b]", yamlType(item))
							}
							pass.Reportf(span, "%s", msg)
						}
					}
				case yaml.ScalarNode:
					d := lint.Diagnostic{
						Span:    f.ValueSpan,
						Message: fmt.Sprintf("frontmatter field \"tags\" must be a list of strings, found %s; write tags: [%s]", yamlType(v), v.Value),
					}
					if v.Style == 0 && src(doc, f.ValueSpan) == v.Value {
						d.Fixes = []lint.Fix{{
							Message: "make tags a list",
							Safe:    !strings.Contains(v.Value, ","),
							Edits:   []lint.Edit{{Start: f.ValueSpan.Start.Offset, End: f.ValueSpan.Start.Offset, New: "["}, {Start: f.ValueSpan.End.Offset, End: f.ValueSpan.End.Offset, New: "]"}},
						}}
					}
					pass.Report(d)
				default:
					pass.Reportf(f.ValueSpan, "frontmatter field \"tags\" must be a list of strings, found %s; write tags: [a, b]", yamlType(v))
				}
			}
		}
		return nil, nil
	},
}

// FrontmatterUnknownField reports frontmatter keys the spec does not define.
var FrontmatterUnknownField = &lint.Analyzer{
	Name:     "frontmatter-unknown-field",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "frontmatter field is not a standard field",
		Why:   "unknown fields are preserved but ignored by the runtime, so a typo in a field name silently disables what the field was for (a misspelt `default` runs nothing on open)",
		Bad:   "---\ndefualt: search\n---\n", //nolint:misspell // the typo is the example
		Good:  "---\ndefault: search\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		if fm == nil {
			return nil, nil
		}
		for _, f := range fm.Fields {
			if hasString(fmKnownFields, f.Key) {
				continue
			}
			d := lint.Diagnostic{Span: f.KeySpan}
			if near := nearest(f.Key, fmKnownFields); near != "" {
				d.Message = fmt.Sprintf("frontmatter field %q is not a standard field and is ignored by the runtime; did you mean %q?", f.Key, near)
				if fm.Get(near) == nil && src(pass.Doc, f.KeySpan) == f.Key {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("rename the field to %q", near),
						Edits:   []lint.Edit{{Start: f.KeySpan.Start.Offset, End: f.KeySpan.End.Offset, New: near}},
					}}
				}
			} else {
				d.Message = fmt.Sprintf("frontmatter field %q is not a standard field and is ignored by the runtime; ignore this if your own tooling reads it", f.Key)
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// fmSemverRe is the semantic versioning 2.0.0 pattern.
var fmSemverRe = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$`)

// fmSemverFor suggests a semantic version for v ("v1.2" -> "1.2.0"), or "".
func fmSemverFor(v string) string {
	v = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(v), "v"), "V")
	parts := strings.Split(v, ".")
	if len(parts) == 0 || len(parts) > 3 {
		return ""
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return ""
		}
		parts[i] = strconv.Itoa(n)
	}
	for len(parts) < 3 {
		parts = append(parts, "0")
	}
	return strings.Join(parts, ".")
}

// FrontmatterVersionNotSemver reports a version that is not SemVer.
var FrontmatterVersionNotSemver = &lint.Analyzer{
	Name:     "frontmatter-version-not-semver",
	Severity: lint.Info,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "version is not a semantic version",
		Why:   "the runtime documents `version` as a semantic version (MAJOR.MINOR.PATCH); registries and `/install` compare versions that way",
		Bad:   "---\nversion: \"v1\"\n---\n",
		Good:  "---\nversion: 1.0.0\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("version")
		if f == nil || f.Value == nil || f.Value.Kind != yaml.ScalarNode || yamlIsNull(f.Value) || fmSemverRe.MatchString(f.Value.Value) {
			return nil, nil
		}
		msg := fmt.Sprintf("version %q is not a semantic version; write MAJOR.MINOR.PATCH", f.Value.Value)
		if s := fmSemverFor(f.Value.Value); s != "" {
			msg += fmt.Sprintf(", e.g. %q", s)
		}
		pass.Reportf(f.ValueSpan, "%s", msg)
		return nil, nil
	},
}

var (
	fmNameRe      = idPattern{nameChars, nameChars} // ^[a-zA-Z0-9_-]+$
	fmNameBadRune = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)
)

// FrontmatterNameInvalid reports a name outside [a-zA-Z0-9_-]+.
var FrontmatterNameInvalid = &lint.Analyzer{
	Name:     "frontmatter-name-invalid",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "name does not match [a-zA-Z0-9_-]+",
		Why:   "`name` is what `/tool:<name>` matches and the key `/install` registers; the runtime requires letters, digits, '_' and '-' only",
		Bad:   "---\nname: my app\n---\n",
		Good:  "---\nname: my-app\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("name")
		if f == nil || !yamlIsString(f.Value) || fmNameRe.MatchString(f.Value.Value) {
			return nil, nil
		}
		want := strings.Trim(fmNameBadRune.ReplaceAllString(strings.TrimSpace(f.Value.Value), "-"), "-")
		msg := fmt.Sprintf("name %q does not match [a-zA-Z0-9_-]+, so /tool:%s cannot reach it", f.Value.Value, f.Value.Value)
		if want != "" {
			msg += fmt.Sprintf("; did you mean %q?", want)
		} else {
			msg += "; use letters, digits, '_' and '-'"
		}
		pass.Reportf(f.ValueSpan, "%s", msg)
		return nil, nil
	},
}

var fmPackageTypes = []string{"app", "tool"}

// FrontmatterTypeInvalid reports a type (or category) other than app/tool.
var FrontmatterTypeInvalid = &lint.Analyzer{
	Name:     "frontmatter-type-invalid",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "type is neither app nor tool",
		Why:   "`/install` registers a package under apps or tools according to `type` (formerly `category`); any other value makes the install fail",
		Bad:   "---\ntype: service\n---\n",
		Good:  "---\ntype: tool\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, key := range []string{"type", "category"} {
			f := doc.Frontmatter.Get(key)
			if f == nil || f.Value == nil || f.Value.Kind != yaml.ScalarNode || yamlIsNull(f.Value) || hasString(fmPackageTypes, f.Value.Value) {
				continue
			}
			v := f.Value.Value
			d := lint.Diagnostic{Span: f.ValueSpan}
			lower := strings.ToLower(strings.TrimSpace(v))
			switch {
			case hasString(fmPackageTypes, lower):
				d.Message = fmt.Sprintf("%s %q must be lower case; write %q", key, v, lower)
				if src(doc, f.ValueSpan) == v {
					d.Fixes = []lint.Fix{{Message: fmt.Sprintf("write %q", lower), Safe: true,
						Edits: []lint.Edit{{Start: f.ValueSpan.Start.Offset, End: f.ValueSpan.End.Offset, New: lower}}}}
				}
			case nearest(lower, fmPackageTypes) != "":
				d.Message = fmt.Sprintf("%s %q is not \"app\" or \"tool\"; did you mean %q?", key, v, nearest(lower, fmPackageTypes))
			default:
				d.Message = fmt.Sprintf("%s %q is not a package type; expected one of \"app\", \"tool\"", key, v)
			}
			pass.Report(d)
		}
		return nil, nil
	},
}

// FrontmatterCategoryDeprecated reports the older `category` field.
var FrontmatterCategoryDeprecated = &lint.Analyzer{
	Name:     "frontmatter-category-deprecated",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "category is the deprecated name of type",
		Why:   "`type` replaces the older `category` field; `category` is only a registry classification and does not decide where `/install` registers the package",
		Bad:   "---\ncategory: tool\n---\n",
		Good:  "---\ntype: tool\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		f := fm.Get("category")
		if f == nil {
			return nil, nil
		}
		d := lint.Diagnostic{Span: f.KeySpan}
		if fm.Get("type") != nil {
			d.Message = "\"category\" is replaced by \"type\", which this document already sets; remove \"category\""
		} else {
			d.Message = "\"category\" is replaced by \"type\", which decides where /install registers the package; rename the field to \"type\""
			if src(pass.Doc, f.KeySpan) == "category" {
				d.Fixes = []lint.Fix{{Message: "rename \"category\" to \"type\"",
					Edits: []lint.Edit{{Start: f.KeySpan.Start.Offset, End: f.KeySpan.End.Offset, New: "type"}}}}
			}
		}
		pass.Report(d)
		return nil, nil
	},
}

// FrontmatterTypeCategoryConflict reports type and category disagreeing.
var FrontmatterTypeCategoryConflict = &lint.Analyzer{
	Name:     "frontmatter-type-category-conflict",
	Severity: lint.Error,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "type and category disagree",
		Why:   "`/install` follows `type` while registries read `category`; different values make the package appear as one kind and install as the other",
		Bad:   "---\ntype: app\ncategory: tool\n---\n",
		Good:  "---\ntype: app\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		fm := pass.Doc.Frontmatter
		t, c := fm.Get("type"), fm.Get("category")
		if t == nil || c == nil || !yamlIsString(t.Value) || !yamlIsString(c.Value) || t.Value.Value == c.Value.Value {
			return nil, nil
		}
		pass.Report(lint.Diagnostic{
			Span:    c.ValueSpan,
			Message: fmt.Sprintf("category %q contradicts type %q (line %d); remove \"category\", \"type\" decides", c.Value.Value, t.Value.Value, t.KeySpan.Start.Line),
			Related: []lint.Related{{Span: t.ValueSpan, Message: "type set here"}},
		})
		return nil, nil
	},
}

// FrontmatterRequiresNonstandard reports the undocumented `requires:` list.
var FrontmatterRequiresNonstandard = &lint.Analyzer{
	Name:     "frontmatter-requires-nonstandard",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "requires is not a standard field, env is",
		Why:   "only `env` declares the persistent variables a document needs; the runtime does not check `requires`, so missing keys fail late instead of with ENV_REQUIRED",
		Bad:   "---\nrequires:\n  - MOLTBOOK_API_KEY\n---\n",
		Good:  "---\nenv:\n  - MOLTBOOK_API_KEY: \"Moltbook API key\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("requires")
		if f == nil {
			return nil, nil
		}
		example := "NAME"
		if f.Value != nil && f.Value.Kind == yaml.SequenceNode && len(f.Value.Content) > 0 && f.Value.Content[0].Kind == yaml.ScalarNode {
			example = f.Value.Content[0].Value
		}
		pass.Reportf(f.KeySpan, "\"requires\" is not a standard field and the runtime does not check it; declare the variables under env instead: - %s: \"description\"", example)
		return nil, nil
	},
}

// sfmdSupported is the spec version this linter supports.
const sfmdSupported = "0.1"

var sfmdVersionRe = regexp.MustCompile(`^(\d+)\.(\d+)(?:\.\d+)?$`)

// SFMDVersionUnsupported reports an sfmd version newer than supported.
var SFMDVersionUnsupported = &lint.Analyzer{
	Name:     "sfmd-version-unsupported",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "sfmd version is newer than supported",
		Why:   "runtimes are expected to refuse documents that declare a higher spec version than they support; this linter checks SFMD " + sfmdSupported,
		Bad:   "---\nsfmd: \"0.2\"\n---\n",
		Good:  "---\nsfmd: \"0.1\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		f := pass.Doc.Frontmatter.Get("sfmd")
		if f == nil || f.Value == nil || f.Value.Kind != yaml.ScalarNode {
			return nil, nil
		}
		m := sfmdVersionRe.FindStringSubmatch(strings.TrimSpace(f.Value.Value))
		if m == nil {
			return nil, nil
		}
		major, err1 := strconv.Atoi(m[1])
		minor, err2 := strconv.Atoi(m[2])
		if err1 != nil || err2 != nil || (major == 0 && minor <= 1) {
			return nil, nil
		}
		pass.Reportf(f.ValueSpan, "sfmd version %q is newer than the supported %q, and runtimes refuse such documents; target sfmd %q", f.Value.Value, sfmdSupported, sfmdSupported)
		return nil, nil
	},
}

// SFMDVersionFormat reports an sfmd version that is not a quoted "X.Y".
var SFMDVersionFormat = &lint.Analyzer{
	Name:     "sfmd-version-format",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "sfmd version is not a quoted \"MAJOR.MINOR\" string",
		Why:   "`sfmd: 0.1` is a YAML number (0.10 would become 0.1) and `v0.1` is not a version; write the spec version as a quoted string",
		Bad:   "---\nsfmd: 0.1\n---\n",
		Good:  "---\nsfmd: \"0.1\"\n---\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		f := doc.Frontmatter.Get("sfmd")
		if f == nil || yamlIsNull(f.Value) {
			return nil, nil
		}
		v := f.Value
		switch {
		case v.Kind != yaml.ScalarNode:
			pass.Reportf(f.ValueSpan, "sfmd version is %s; write a quoted version: sfmd: %q", yamlType(v), sfmdSupported)
		case !yamlIsString(v):
			pass.Report(lint.Diagnostic{
				Span:    f.ValueSpan,
				Message: fmt.Sprintf("sfmd version %s is %s to YAML; quote it: sfmd: \"%s\"", v.Value, yamlType(v), v.Value),
				Fixes:   fmQuoteFix(doc, v, f.ValueSpan),
			})
		case !sfmdVersionRe.MatchString(v.Value):
			msg := fmt.Sprintf("sfmd version %q is not MAJOR.MINOR", v.Value)
			if t := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(v.Value), "v"), "V"); sfmdVersionRe.MatchString(t) {
				msg += fmt.Sprintf("; write %q", t)
			} else {
				msg += fmt.Sprintf("; write e.g. %q", sfmdSupported)
			}
			pass.Reportf(f.ValueSpan, "%s", msg)
		}
		return nil, nil
	},
}

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

// DefaultActionMissing reports a default naming no action of the document.
var DefaultActionMissing = &lint.Analyzer{
	Name:     "default-action-missing",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "default names an action the document does not define",
		Why:   "the runtime runs `act.<default>` on /open and for a bare /tool:name; when it does not exist the document fails with ACTION_NOT_FOUND",
		Bad:   "---\ndefault: weather\n---\n\n```act.forecast\nGET https://wttr.in/Seoul\n```\n",
		Good:  "---\ndefault: forecast\n---\n\n```act.forecast\nGET https://wttr.in/Seoul\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		f, id := fmDefaultAction(pass.Doc)
		if f == nil {
			return nil, nil
		}
		syms := symbols(pass)
		if len(syms.Actions[id]) > 0 {
			return nil, nil
		}
		d := lint.Diagnostic{Span: f.ValueSpan}
		switch near := nearest(id, syms.ActionIDs); {
		case near != "":
			d.Message = fmt.Sprintf("default action %q is not defined in this document; did you mean %q?", id, near)
			if src(pass.Doc, f.ValueSpan) == f.Value.Value && f.Value.Value == id {
				d.Fixes = []lint.Fix{{Message: fmt.Sprintf("use %q", near),
					Edits: []lint.Edit{{Start: f.ValueSpan.Start.Offset, End: f.ValueSpan.End.Offset, New: near}}}}
			}
		case len(syms.ActionIDs) == 0:
			d.Message = fmt.Sprintf("default action %q is not defined: the document has no actions; add an act.%s block or remove \"default\"", id, id)
		default:
			d.Message = fmt.Sprintf("default action %q is not defined in this document; expected one of %s", id, fmQuotedNames(syms.ActionIDs))
		}
		pass.Report(d)
		return nil, nil
	},
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

// DefaultActionNeedsArgs reports a default action with required fields
// that have no default value.
var DefaultActionNeedsArgs = &lint.Analyzer{
	Name:     "default-action-needs-args",
	Severity: lint.Warning,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "default action has required fields without defaults",
		Why:   "the default action runs with no flags; a required field without a default makes the runtime show the schema or fail with \"Missing required flags\" instead of running",
		Bad:   "---\ndefault: now\n---\n\n```act.now\nGET https://wttr.in/{city}\n  city: string (required) \"City\"\n```\n",
		Good:  "---\ndefault: now\n---\n\n```act.now\nGET https://wttr.in/{city}\n  city: string \"City\" = \"Seoul\"\n```\n",
	},
	Requires: []*lint.Analyzer{SymbolsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		f, id := fmDefaultAction(pass.Doc)
		if f == nil {
			return nil, nil
		}
		acts := symbols(pass).Actions[id]
		if len(acts) == 0 {
			return nil, nil
		}
		a := acts[0]
		var names []string
		var first *sfmd.Param
		for _, p := range a.Params {
			if p.Required && !p.HasDefault {
				names = append(names, p.Name)
				if first == nil {
					first = p
				}
			}
		}
		if first == nil {
			return nil, nil
		}
		pass.Report(lint.Diagnostic{
			Span:    f.ValueSpan,
			Message: fmt.Sprintf("default action %q runs without flags but requires %s with no default; give them defaults (= \"value\") or choose another default action", id, fmQuotedNames(names)),
			Related: []lint.Related{{Span: first.NameSpan, Message: "required field without a default"}},
		})
		return nil, nil
	},
}
