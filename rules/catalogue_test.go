package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
)

// specCatalogue is the rule catalogue of spec.md §2 as "N name | severity |
// profile" lines: the rule names are a public contract (configs and
// suppressions use them), so every one of them must be in the catalogue.
const specCatalogue = `
1 file-not-utf8 | error | core
2 file-crlf-line-endings | info (core) / warning (runtime) | core
3 frontmatter-not-at-start | error | core
4 frontmatter-unclosed | error | core
5 frontmatter-delimiter-not-exact | warning | core
6 frontmatter-invalid-yaml | error | core
7 frontmatter-not-mapping | error | core
8 frontmatter-duplicate-key | error | core
9 frontmatter-field-type | warning | core
10 frontmatter-unknown-field | info | core
11 frontmatter-version-not-semver | info | core
12 frontmatter-name-invalid | warning | runtime
13 frontmatter-type-invalid | error | runtime
14 frontmatter-category-deprecated | warning | runtime
15 frontmatter-type-category-conflict | error | runtime
16 frontmatter-requires-nonstandard | info | runtime
17 sfmd-version-unsupported | error | core
18 sfmd-version-format | warning | core
19 default-action-missing | error | core
20 default-action-prefixed | warning | core
21 default-action-needs-args | warning | runtime
22 env-not-list | error | core
23 env-entry-malformed | error | core
24 env-entry-object-form | warning | core
25 env-name-invalid | error | core
26 env-name-not-uppercase | info | core
27 env-duplicate | warning | core
28 env-default-not-scalar | warning | core
29 env-description-missing | info | core
30 env-declares-context-var | warning | runtime
31 env-var-undeclared | warning | runtime
32 env-var-unused | info | runtime
33 block-id-invalid | error | core
34 block-id-duplicate | error | core
35 block-unclosed | error | core
36 block-close-mismatch | error | core
37 block-close-orphan | error | core
38 block-marker-not-own-line | warning | core
39 block-marker-malformed | warning | core
40 block-nested-compat | info | runtime
41 block-id-collides-include | warning | core
42 directive-not-own-line | warning | core
43 directive-missing-identifier | error | core
44 directive-unknown-type | info | core
45 directive-menu-legacy | warning | runtime
46 directive-inside-block | info | runtime
47 nav-name-invalid | error | core
48 nav-name-reserved | error | core
49 nav-name-duplicate | error | core
50 nav-path-missing | error | core
51 nav-path-not-relative-md | error | core
52 nav-target-not-found | error | project
53 path-dot-slash-prefix | info | core
54 menu-file-extra-content | warning | project
55 menu-shortcut-duplicate | error | project
56 menu-entry-target-not-found | error | project
57 include-id-invalid | error | core
58 include-id-duplicate | error | core
59 include-path-not-relative-md | error | core
60 include-target-not-found | error | project
61 include-block-not-found | error | project
62 include-cycle | error | project
63 include-fragment-without-path | warning | core
64 requirements-duplicate | error | core
65 requirements-has-identifier | error | core
66 requirements-target-not-found | warning | project
67 requirements-file-case | info | project
68 shortcut-id-invalid | error | core
69 shortcut-id-reserved-prefix | error | core
70 shortcut-id-duplicate | error | core
71 shortcut-reference-undefined | error | core
72 shortcut-definition-unused | info | core
73 shortcut-label-missing | warning | core
74 shortcut-target-empty | error | core
75 shortcut-explicit-page-namespace | info | core
76 shortcut-menu-namespace-unknown | warning | project
77 act-link-unknown-action | error | core
78 act-link-missing-id | error | core
79 act-link-has-fragment | error | core
80 act-link-unknown-param | warning | core
81 act-link-missing-required | warning | core
82 act-info-string-invalid | error | core
83 action-id-invalid | error | core
84 action-id-duplicate | error | core
85 action-block-empty | error | core
86 action-method-unknown | error | core
87 action-method-lowercase | warning | core
88 action-target-missing | error | core
89 action-url-not-absolute | warning | core
90 action-url-insecure | info | runtime
91 action-first-line-stray-token | error | core
92 action-unrecognized-line | error | core
93 fence-tool-block-nonstandard | warning | core
94 action-requires-capability | info | runtime
95 live-binding-experimental | info | core
96 header-syntax-invalid | error | core
97 header-name-invalid | error | core
98 header-not-on-first-line | error | core
99 header-before-url | error | core
100 header-on-cli | info | core
101 header-duplicate | warning | core
102 header-placeholder-is-param | warning | runtime
103 header-value-empty | warning | core
104 param-not-indented | error | core
105 param-syntax-invalid | error | core
106 param-name-invalid | error | core
107 param-name-duplicate | error | core
108 param-name-reserved | error | runtime
109 param-alias-invalid | error | core
110 param-alias-duplicate | error | core
111 param-alias-reserved | error | runtime
112 param-type-missing | error | core
113 param-type-unknown | error | core
114 param-constraint-unknown | warning | core
115 param-required-and-optional | error | core
116 param-bound-invalid | error | core
117 param-bound-inapplicable | warning | core
118 param-constraint-compat | info | runtime
119 param-noncanonical-order | warning | core
120 param-description-unquoted | warning | core
121 param-default-unquoted | error | core
122 param-default-type-mismatch | warning | core
123 param-default-not-in-hints | warning | core
124 param-required-with-default | info | core
125 param-trailing-whitespace | warning | runtime
126 param-unused | warning | core
127 param-named-body | info | core
128 placeholder-undeclared | warning | core
129 placeholder-invalid | warning | core
130 placeholder-modifier-outside-body | warning | core
131 response-ref-in-definition | error | core
132 cli-placeholder-quoted | warning | core
133 args-passthrough-with-params | info | runtime
134 body-ignored-for-method | warning | core
135 body-empty | error | core
136 body-duplicate | error | core
137 body-inline-unterminated | error | runtime
138 body-invalid-json | warning | core
139 body-placeholder-unquoted-string | warning | core
140 body-modifier-unknown | error | core
141 body-file-modifier-type | info | core
142 response-orphan | error | core
143 response-duplicate | error | core
144 response-on-cli | info | runtime
145 response-empty | info | core
146 assign-lhs-invalid | error | core
147 assign-lhs-persistent | error | core
148 assign-spacing | info | core
149 assign-rhs-invalid | error | core
150 assign-rhs-unsupported | warning | runtime
151 assign-shadows-param | warning | core
152 response-ref-root-invalid | error | core
153 response-path-malformed | error | core
154 response-path-dot-index-compat | info | core
155 persistent-var-in-response | error (assignment line, save:, to:) / warning (output line) | core
156 save-path-missing | error | core
157 save-path-prefixed | warning | core
158 decode-without-save | error | core
159 decode-unknown | error | core
160 to-without-save | error | core
161 to-path-missing | error | core
162 save-without-to | warning | core
163 pipeline-order | warning | core
164 to-without-output | info | core
165 to-path-response-ref | warning | core
166 for-syntax-invalid | error | core
167 for-unclosed | error | core
168 end-without-for | error | core
169 for-nested | error | core
170 for-path-root | warning | core
171 for-item-scalar-compat | info | runtime
172 for-body-non-output | warning | core
173 loop-var-shadows | warning | core
174 loop-ref-outside-loop | warning | core
175 template-var-undefined | warning | core
176 template-var-before-assign | info | core
177 session-var-name-invalid | warning | core
178 persistent-var-outside-action | warning | core
179 persistent-var-in-command | error | core
180 persistent-var-name-invalid | error | core
181 persistent-var-lowercase | info | core
182 context-var-unknown | warning | runtime
183 context-var-in-app-compat | info | runtime
184 hint-unknown-action | warning | core
185 hint-unknown-flag | warning | core
186 hint-flag-missing-value | warning | core
187 hint-too-many-positionals | warning | core
188 hint-missing-required | info | core
189 hint-tool-unknown-action | warning | core
190 action-without-hint | info | core
191 tool-without-actions | error | runtime
192 tool-without-default | info | runtime
193 tool-has-navigation | warning | runtime
194 package-missing-name | info | package
195 package-missing-type | warning | package
196 package-missing-namespace | info | package
197 package-root-not-string-md | warning | package
198 package-subdir-not-copied | warning | package
199 manifest-files-missing | error | manifest
200 manifest-root-missing | error | manifest
201 manifest-path-unsafe | error | manifest
202 manifest-entry-no-source | error | manifest
203 manifest-entry-both-sources | warning | manifest
204 manifest-url-not-https | warning | manifest
205 manifest-delivery-invalid | error | manifest
206 manifest-path-duplicate | warning | manifest
207 manifest-install-hint-type | warning | manifest
`

// specRules parses specCatalogue. A split severity ("info (core) /
// warning (runtime)") yields the first, which is the rule's default.
func specRules(t *testing.T) map[string]entry {
	t.Helper()
	out := map[string]entry{}
	for _, l := range strings.Split(strings.TrimSpace(specCatalogue), "\n") {
		parts := strings.Split(l, "|")
		if len(parts) != 3 {
			t.Fatalf("bad catalogue line %q", l)
		}
		sev, err := lint.ParseSeverity(strings.Fields(parts[1])[0])
		if err != nil {
			t.Fatal(err)
		}
		name := strings.Fields(parts[0])[1]
		out[name] = entry{name: name, severity: sev, profile: lint.Profile(strings.TrimSpace(parts[2]))}
	}
	if len(out) != 207 {
		t.Fatalf("spec catalogue has %d rules, want 207", len(out))
	}
	return out
}

// ruleTree is what the catalogue is checked against: the rule source files
// (their names and contents) and the test archives.
type ruleTree struct {
	sources  map[string]string // "rules/x-y.go" -> content
	archives []string          // rule names with rules/testdata/<name>.txtar
}

// readRuleTree lists the rule files of rules/ and lint/ (non-test Go files
// whose name has a hyphen: helper files have none) and the archives.
func readRuleTree(t *testing.T) ruleTree {
	t.Helper()
	tree := ruleTree{sources: map[string]string{}, archives: archiveNames(t)}
	for dir, pkg := range map[string]string{".": "rules", "../lint": "lint"} {
		paths, err := filepath.Glob(filepath.Join(dir, "*-*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			if strings.HasSuffix(p, "_test.go") {
				continue
			}
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			tree.sources[pkg+"/"+filepath.Base(p)] = string(b)
		}
	}
	return tree
}

var kebab = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)+$`)

// catalogueProblems checks the catalogue both ways: every line has an
// analyzer with its name, severity and profile, exactly one source file
// named after it and a test archive; every rule file and every archive
// has a line; the lines are sorted; and every rule of spec.md §2 has a
// line (spec: name -> the spec's severity and profile; a rule may differ
// from the spec only where deviations lists it).
func catalogueProblems(cat []entry, tree ruleTree, spec map[string]entry, deviations map[string]string) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	names := map[string]bool{}
	for i, e := range cat {
		if i > 0 && cat[i-1].name >= e.name {
			add("catalogue not sorted: %q before %q", cat[i-1].name, e.name)
		}
		if names[e.name] {
			add("%s: two catalogue lines", e.name)
		}
		names[e.name] = true
		if !kebab.MatchString(e.name) {
			add("%s: a rule name is kebab-case with at least one hyphen", e.name)
		}
		a := e.rule
		switch {
		case a == nil:
			add("%s: catalogue line without an analyzer", e.name)
			continue
		case a.Name != e.name:
			add("%s: the analyzer of this line is named %q", e.name, a.Name)
		case a.Severity != e.severity || a.Profile != e.profile:
			add("%s: analyzer says %s/%s, its catalogue line %s/%s", e.name, a.Severity, a.Profile, e.severity, e.profile)
		}
		if a.Shared || a.Run == nil {
			add("%s: a rule has a Run and is not a shared analysis", e.name)
		}
		var files []string
		for p, content := range tree.sources {
			if strings.TrimSuffix(filepath.Base(p), ".go") == e.name {
				files = append(files, p)
				if !strings.Contains(content, strconv.Quote(e.name)) {
					add("%s: %s does not declare the rule %q", e.name, p, e.name)
				}
			}
		}
		if len(files) != 1 {
			add("%s: want exactly one source file named %s.go in rules/ or lint/, found %d", e.name, e.name, len(files))
		}
		if !slices.Contains(tree.archives, e.name) {
			add("%s: no test archive testdata/%s.txtar", e.name, e.name)
		}
		if s, ok := spec[e.name]; ok && (s.severity != e.severity || s.profile != e.profile) && deviations[e.name] == "" {
			add("%s: catalogue says %s/%s, spec.md §2 %s/%s: list the reason in catalogueDeviations", e.name, e.severity, e.profile, s.severity, s.profile)
		}
	}
	for p := range tree.sources {
		if n := strings.TrimSuffix(filepath.Base(p), ".go"); !names[n] {
			add("%s: a rule file (its name has a hyphen) without a catalogue line %q", p, n)
		}
	}
	for _, n := range tree.archives {
		if !names[n] {
			add("testdata/%s.txtar: an archive that names no rule of the catalogue", n)
		}
	}
	for n := range spec {
		if !names[n] {
			add("%s: rule of spec.md §2 with no catalogue line (rule names are a public contract)", n)
		}
	}
	sort.Strings(out)
	return out
}

// catalogueDeviations lists the rules whose severity or profile differs
// from spec.md §2, with the reason (runtime-semantics.md is the truth for
// what a mistake does at run time; docs/linting.md "Severity").
var catalogueDeviations = map[string]string{
	"act-link-missing-required":        "warning -> error: action.ts cmdAction shows the help when a required field has no value and executeAction fails with \"Missing required flags\", so following the link does not run the action (runtime-semantics §1.2, §1.7)",
	"action-method-lowercase":          "warning -> info: parser.ts parseActionBlock matches the method case-insensitively (§1.1); only portability remains",
	"action-requires-capability":       "runtime -> style: spec.md §1.9 advice on documenting opt-ins, one finding per file on real documents; nothing the runtime reads differently",
	"action-without-hint":              "core -> style: spec.md §2.13 guidance for agents; the action works without a hint (renderer.ts renderActions lists its flags for /act.<id> --help)",
	"args-passthrough-with-params":     "info -> warning: action.ts executeAction still puts the raw string in $ARGS, but binds positionals to the declared fields first and fails with \"Too many positional arguments\" when they outnumber the unfilled fields (§1.4 step 4), so the pass-through breaks past that count",
	"assign-rhs-unsupported":           "warning -> error: helpers.ts executeResponseTemplate assigns only `{var} = {Response.…}`, so the line is printed as text and nothing is stored (§3 line 1)",
	"assign-spacing":                   "core -> style: helpers.ts executeResponseTemplate accepts any whitespace around = (§3 line 1)",
	"block-marker-malformed":           "warning -> error: parser.ts parse and extractor.ts extract match only the exact `<!-- #id -->` form, so the block does not exist",
	"block-marker-not-own-line":        "warning -> error: parser.ts parse and extractor.ts extract match a marker only as a whole line, so the block does not exist",
	"default-action-prefixed":          "warning -> error: open.ts cmdOpen and tool.ts cmdTool look up an action named \"act.<id>\", which does not exist, so /open runs nothing and /tool:name fails (§4)",
	"directive-inside-block":           "info -> error: parser.ts parse() registers [!nav:]/[!menu:] only outside blocks, so the menu does not exist; an [!include:] inside a block is still expanded (renderer.ts expandIncludes) and is not reported",
	"directive-menu-legacy":            "warning -> info: parser.ts parse still reads [!menu:…] (MENU_RE); only portability remains",
	"directive-not-own-line":           "warning -> error: parser.ts parse matches directives only as a whole line, so an inline one is an ordinary link and is never registered",
	"env-var-undeclared":               "warning -> info: helpers.ts resolveEnvVars resolves $NAME whether or not env declares it, and action.ts executeAction's pre-flight stops an HTTP call on an unset one (§1.10); env adds an early check only on a tool (tool.ts validateEnv); a near miss of a declared name stays a warning",
	"fence-tool-block-nonstandard":     "warning -> error: parser.ts parse reads only act.<id> fences, so the actions of a tool: block do not exist",
	"for-body-non-output":              "warning -> error: helpers.ts executeResponseTemplate prints every line inside a loop as output text, assignments and save:/decode:/to: included (§3 line 3)",
	"for-path-root":                    "warning -> error: helpers.ts executeResponseTemplate walks the path (after `Response.` and `$.`) from the Response object, so one that does not reach body finds nothing and the loop silently prints nothing (§3 line 3)",
	"live-binding-experimental":        "info -> warning: renderer.ts render has no live-binding step, so the reference runtime does not implement {{fetch:URL}}, so the reader sees the syntax as written",
	"param-constraint-compat":          "info -> error: parser.ts parseActionBlock's field pattern accepts only (required)/(optional), so it drops the whole parameter line (§1.1, §6.4)",
	"param-constraint-unknown":         "warning -> error: parser.ts parseActionBlock's field pattern accepts only (required)/(optional), so it drops the whole line (§1.1)",
	"param-description-unquoted":       "warning -> error: parser.ts parseActionBlock's field pattern needs a quoted description, so it drops the line (§1.1)",
	"param-named-body":                 "core -> style: parser.ts parseActionBlock reads a field named body like any other (it has no body: directive, §1.1); only a reader may confuse them",
	"param-noncanonical-order":         "warning -> error: parser.ts parseActionBlock's field pattern wants the constraint before the description, so it drops the line (§1.1)",
	"param-trailing-whitespace":        "warning -> error: parser.ts parseActionBlock's field pattern is anchored at the end of the line, so it drops the line (§1.1)",
	"param-type-unknown":               "error -> warning: parser.ts parseActionBlock accepts any \\w+ type, types are documentation only (§1.1, §1.4 step 12); a type it cannot read or a header line is still an error",
	"path-dot-slash-prefix":            "core -> style: loader.ts Loader.resolve resolves ./x.md and x.md the same; pure style, 223 findings on the real documents",
	"pipeline-order":                   "warning -> error: helpers.ts executeResponseTemplate runs the lines in order, so the file is written before the decode and holds the undecoded data (§3 lines 4-6)",
	"save-path-prefixed":               "warning -> error: helpers.ts executeResponseTemplate walks save: from the JSON body, so a Response.body. prefix finds nothing and prints an error line (§3 line 4); a body. prefix stays a warning",
	"shortcut-explicit-page-namespace": "info -> error: session.ts Session.resolveShortcut looks up `page.id` as an exact key (document, value and auto shortcuts, menu entry ids), not as `id`, so open.ts cmdOpen fails with \"Shortcut not found\"",
	"template-var-before-assign":       "info -> warning: helpers.ts executeResponseTemplate runs the lines top to bottom, so the line shows the previous value or the literal text, almost certainly not what was meant (§3)",
}

// TestCatalogue checks the catalogue against the rule files, the archives
// and spec.md §2.
func TestCatalogue(t *testing.T) {
	for _, p := range catalogueProblems(catalogue, readRuleTree(t), specRules(t), catalogueDeviations) {
		t.Error(p)
	}
	spec := specRules(t)
	for n := range catalogueDeviations {
		if Lookup(n) == nil {
			t.Errorf("catalogueDeviations names %q, which is no rule", n)
		} else if s, ok := spec[n]; !ok || (s.severity == Lookup(n).Severity && s.profile == Lookup(n).Profile) {
			t.Errorf("catalogueDeviations names %q, which does not deviate from spec.md §2: remove the entry", n)
		}
	}
	for _, e := range catalogue {
		if e.rule == nil {
			continue
		}
		if d := e.rule.Doc; d.Why == "" || d.Bad == "" || d.Good == "" || d.Severity == "" || strings.Contains(d.Severity, "\n") {
			t.Errorf("%s: every rule documents Why, Bad, Good and, in one line, why it has its severity (Doc.Severity)", e.name)
		}
	}
}

// TestCatalogueCheckFails is the test of TestCatalogue: each way the
// catalogue, the rule files and the archives can disagree is reported.
func TestCatalogueCheckFails(t *testing.T) {
	spec := specRules(t)
	for _, tc := range []struct {
		name   string
		change func(cat []entry, tree *ruleTree) []entry
		want   string
	}{{
		name: "a rule file and an archive without a catalogue line",
		change: func(cat []entry, _ *ruleTree) []entry {
			return slices.DeleteFunc(cat, func(e entry) bool { return e.name == "response-orphan" })
		},
		want: "rules/response-orphan.go: a rule file (its name has a hyphen) without a catalogue line",
	}, {
		name: "a catalogue rule without its file",
		change: func(cat []entry, tree *ruleTree) []entry {
			delete(tree.sources, "rules/response-orphan.go")
			return cat
		},
		want: "response-orphan: want exactly one source file named response-orphan.go in rules/ or lint/, found 0",
	}, {
		name: "a catalogue rule without its archive",
		change: func(cat []entry, tree *ruleTree) []entry {
			tree.archives = slices.DeleteFunc(tree.archives, func(n string) bool { return n == "response-orphan" })
			return cat
		},
		want: "response-orphan: no test archive testdata/response-orphan.txtar",
	}, {
		name: "an archive that names no rule",
		change: func(cat []entry, tree *ruleTree) []entry {
			tree.archives = append(tree.archives, "response-orphans")
			return cat
		},
		want: "testdata/response-orphans.txtar: an archive that names no rule of the catalogue",
	}, {
		name: "a severity changed in the rule only",
		change: func(cat []entry, _ *ruleTree) []entry {
			i := slices.IndexFunc(cat, func(e entry) bool { return e.name == "response-orphan" })
			a := *cat[i].rule
			a.Severity = lint.Info
			cat[i].rule = &a
			return cat
		},
		want: "response-orphan: analyzer says info/core, its catalogue line error/core",
	}, {
		name: "a line out of order",
		change: func(cat []entry, _ *ruleTree) []entry {
			cat[0], cat[1] = cat[1], cat[0]
			return cat
		},
		want: "catalogue not sorted",
	}, {
		name: "a file that declares another rule",
		change: func(cat []entry, tree *ruleTree) []entry {
			tree.sources["rules/response-orphan.go"] = "package rules\n"
			return cat
		},
		want: `response-orphan: rules/response-orphan.go does not declare the rule "response-orphan"`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tree := readRuleTree(t)
			cat := tc.change(slices.Clone(catalogue), &tree)
			got := catalogueProblems(cat, tree, spec, catalogueDeviations)
			if !slices.ContainsFunc(got, func(p string) bool { return strings.HasPrefix(p, tc.want) }) {
				t.Errorf("want a problem starting %q, got:\n%s", tc.want, strings.Join(got, "\n"))
			}
		})
	}
}

// runtimeFunctions are the reference runtime's source files (repository
// string-os/string) and the functions in them that severity reasons cite,
// each read there: a citation of anything else is a typo or unchecked.
var runtimeFunctions = map[string][]string{
	"action.ts":    {"cmdAction", "executeAction", "substituteBodyTemplate"},
	"compiler.ts":  {"compile"},
	"extractor.ts": {"extract"},
	"helpers.ts":   {"executeResponseTemplate", "parsePosixFlags", "resolveEnvVars", "substituteVars", "walkJsonPath"},
	"index.ts":     {"dispatch"},
	"installer.ts": {"installPackage"},
	"loader.ts":    {"Loader.action", "Loader.execCli", "Loader.load", "Loader.loadFile", "Loader.loadHttp", "Loader.resolve"},
	"nav.ts":       {"cmdNav"},
	"open.ts":      {"cmdOpen"},
	"parser.ts":    {"parse", "parseActionBlock", "parseHeaderFlags"},
	"renderer.ts":  {"expandIncludes", "render", "renderActions", "renderNav"},
	"session.ts":   {"Session.resolveShortcut"},
	"tool.ts":      {"cmdTool", "resolveTool", "validateEnv"},
}

var (
	runtimeCiteRe = regexp.MustCompile(`\b([a-z][a-z-]*\.ts) ([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)`)
	specCiteRe    = regexp.MustCompile(`\bspec\.md §\d+(\.\d+)*`)
	sfmdCiteRe    = regexp.MustCompile(`\bsfmd: ([a-z][a-z0-9_/]*\.go) ([A-Za-z_][A-Za-z0-9_.]*)`)
)

// severitySourceProblem says what is wrong with the source a severity
// reason names ("" when it names one; lint.Doc.Severity describes the
// three forms): a runtime file and function it cites must be one of
// runtimeFunctions, and an sfmd file must exist and hold the name.
func severitySourceProblem(reason string) string {
	cited := false
	for _, m := range runtimeCiteRe.FindAllStringSubmatch(reason, -1) {
		funcs, ok := runtimeFunctions[m[1]]
		if !ok {
			return fmt.Sprintf("cites %s, which is not a runtime source file the reasons rest on (runtimeFunctions)", m[1])
		}
		if !slices.Contains(funcs, m[2]) {
			return fmt.Sprintf("cites %s %s, which is not a function of %s in runtimeFunctions", m[1], m[2], m[1])
		}
		cited = true
	}
	for _, m := range sfmdCiteRe.FindAllStringSubmatch(reason, -1) {
		b, err := os.ReadFile(filepath.Join("..", m[1]))
		if err != nil {
			return fmt.Sprintf("cites %s, which cannot be read: %v", m[1], err)
		}
		if !strings.Contains(string(b), strings.Split(m[2], ".")[len(strings.Split(m[2], "."))-1]) {
			return fmt.Sprintf("cites %s %s, which %s does not hold", m[1], m[2], m[1])
		}
		cited = true
	}
	if !cited && !specCiteRe.MatchString(reason) {
		return `names no source: cite "file.ts function" (the runtime), "spec.md §N" (the format) or "sfmd: path.go Name" (sfmd itself)`
	}
	return ""
}

// TestSeverityReasonsNameTheirSource checks that every rule's
// Doc.Severity and every reason of catalogueDeviations names what it
// rests on (lint.Doc.Severity).
func TestSeverityReasonsNameTheirSource(t *testing.T) {
	for _, e := range catalogue {
		if e.rule == nil {
			continue
		}
		if p := severitySourceProblem(e.rule.Doc.Severity); p != "" {
			t.Errorf("%s: Doc.Severity %s: %q", e.name, p, e.rule.Doc.Severity)
		}
	}
	for name, reason := range catalogueDeviations {
		if p := severitySourceProblem(reason); p != "" {
			t.Errorf("catalogueDeviations[%s] %s: %q", name, p, reason)
		}
	}
	for _, tc := range []struct{ reason, want string }{
		{"the runtime drops the line", "names no source"},
		{"parsr.ts parse: the runtime drops the line", "cites parsr.ts"},
		{"parser.ts parseLine: the runtime drops the line", "cites parser.ts parseLine"},
		{"sfmd: lint/nothere.go X: too large", "cites lint/nothere.go"},
		{"sfmd: lint/run.go NoSuchName: too large", "cites lint/run.go NoSuchName"},
		{"parser.ts parseActionBlock: the runtime drops the line", ""},
		{"spec.md §2.8: the bound means nothing", ""},
		{"sfmd: lint/run.go Options.MaxFileSize: not checked", ""},
	} {
		if got := severitySourceProblem(tc.reason); !strings.HasPrefix(got, tc.want) || (tc.want == "") != (got == "") {
			t.Errorf("severitySourceProblem(%q) = %q, want %q…", tc.reason, got, tc.want)
		}
	}
}
