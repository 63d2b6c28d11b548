package rules

import (
	"bytes"
	"strings"
	"sync"

	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The dry-run analysis shared by the dryrun-* rules: for each action the
// runtime reads, the call an agent would make, built from the document's
// own hints, the defaults, and the fields' names, descriptions and types,
// and run through the model (model.Parsed.DryRun: the runtime's binding
// and request construction, no network, no process). The rules compare
// what would be sent with what the document evidently means.

// dryValue is one field's value in a synthesized call.
type dryValue struct {
	Field string
	Value string
	// From says where the value comes from: "hint" (an invocation hint of
	// the document), "default" or "sample" (made up from the type).
	From string
}

// dryCall is one action with the call an agent would make.
type dryCall struct {
	Action *sfmd.Action      // the linter's action (spans); first of its ID
	Info   *model.ActionInfo // in dryTable.Infos
	// Src is what the model read of the action (Parsed.Sources, at the
	// place of Info): its URI, body and headers without a lookup of the id
	Src    model.ActionSource
	Values []dryValue // every field the call gives, in field order

	once sync.Once // base, computed once for every dryrun-* rule
	base *dryBase  // nil until base runs (most calls are gated off: no room for a Sent)
}

// dryBase is the call with a dryCall's values, once base ran it.
type dryBase struct {
	args string
	sent model.Sent
	ok   bool
}

// dryArgs is the argument string giving vals (each quoted for the
// runtime's tokenizer; a default is left to the runtime); ok is false when a value cannot be carried.
func dryArgs(vals []dryValue) (string, bool) {
	var b strings.Builder
	for _, v := range vals {
		if v.From == "default" {
			continue // the runtime applies it
		}
		q, ok := model.QuoteArg(v.Value)
		if !ok {
			return "", false
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("--" + v.Field + " " + q)
	}
	return b.String(), true
}

// argsWithout is the argument line of c's call with every field's
// value but name's (the call an agent makes when it leaves name out),
// and whether one could be written (dryArgs).
func argsWithout(c *dryCall, name string) (string, bool) {
	vals := make([]dryValue, 0, len(c.Values))
	for _, v := range c.Values {
		if v.Field != name {
			vals = append(vals, v)
		}
	}
	return dryArgs(vals)
}

// dryLine is the call as an agent types it.
func dryLine(id, args string) string {
	if args == "" {
		return "/act." + id
	}
	return "/act." + id + " " + args
}

// base is the call with c's values (args its argument string) and what
// the model says it sends, computed once and shared by the rules; ok is
// false when the values cannot be typed or the model does not run it.
func (t *dryTable) base(c *dryCall) (string, model.Sent, bool) {
	c.once.Do(func() {
		b := &dryBase{}
		if b.args, b.ok = dryArgs(c.Values); b.ok {
			b.sent, b.ok = t.dryRun(c.Action.ID, b.args, nil)
		}
		c.base = b
	})
	return c.base.args, c.base.sent, c.base.ok
}

// dryGates lets a dry-run rule skip an action's call when what it reads
// of the action alone shows the call cannot give it a finding (the call
// is the dry-run rules' main cost). TestDryGates turns them off and holds
// the findings to the ungated ones.
var dryGates = true

// dryFirstActions lets buildDryTable take each call's action from
// model.Parsed.FirstActions; TestDryCallsFirstOfID runs with it off too.
var dryFirstActions = true

// dryTable is the result of dryrunAnalyzer.
type dryTable struct {
	// Meant is asMeant(doc), which Parsed was parsed from (nil for a
	// document without an action); the page dry run reads it too
	Meant  *sfmd.Document
	Parsed *model.Parsed
	// Infos is Parsed.Actions(), listed once for every analysis that
	// reads it (the fixture runs' newFixtureRunner too)
	Infos []model.ActionInfo
	Calls []*dryCall
	// Store holds a value for every uppercase $VAR an action reads (the
	// user has set them): a URL for one that begins a URL, else a word.
	Store map[string]string
	// syms is the symbol table the calls were found in (the template
	// dry run finds each id's last template there)
	syms *symbolTable
}

// dryRun runs args against action id with the session variables vars:
// every call a dry-run rule simulates goes through it. ok is false for a
// call that sends nothing (model.Parsed.DryRun: help, or the action's
// usage printed instead).
func (t *dryTable) dryRun(id, args string, vars map[string]string) (model.Sent, bool) {
	s, ok := t.Parsed.DryRun(id, args, vars, t.Store)
	if dryRunTrace != nil {
		dryRunTrace(t.Parsed, id, args, s, ok)
	}
	return s, ok
}

// dryRunTrace, when set (by a test), sees every call dryRun simulates.
var dryRunTrace func(p *model.Parsed, id, args string, s model.Sent, ok bool)

var dryrunAnalyzer = &lint.Analyzer{
	Name:   "dryrun",
	Shared: true,
	Doc: lint.Doc{
		Title: "actions dry-run through the model",
		Why:   "shared analysis: each action with the call an agent would make, from the document's hints, defaults and field types",
	},
	Requires: []*lint.Analyzer{symbolsAnalyzer, hintsAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		return buildDryTable(pass.Doc, symbols(pass), hints(pass)), nil
	},
}

func dryTableOf(pass *lint.Pass) *dryTable {
	if t, ok := pass.ResultOf[dryrunAnalyzer].(*dryTable); ok {
		return t
	}
	return buildDryTable(pass.Doc, symbols(pass), hints(pass))
}

func buildDryTable(doc *sfmd.Document, syms *symbolTable, ht *hintTable) *dryTable {
	t := &dryTable{syms: syms}
	if len(doc.Actions) == 0 {
		return t
	}
	t.Meant = asMeant(doc)
	t.Parsed = model.Parse(t.Meant)
	t.Store = dryStore(doc)
	hinted := hintValues(ht)
	t.Infos = t.Parsed.Actions()
	infos := t.Infos
	// the calls and their values in two slabs, not two allocations a call
	nv := 0
	for _, info := range infos {
		nv += len(info.Fields)
	}
	calls, values := make([]dryCall, 0, len(infos)), make([]dryValue, 0, nv)
	t.Calls = make([]*dryCall, 0, len(infos))
	// the first action of each id, as the model lists them when it read
	// the linter's actions (no lookup), else as the symbol table lists
	// them (no map of its own: TestDryCallsFirstOfID)
	var firsts []*sfmd.Action
	if dryFirstActions {
		firsts = t.Parsed.FirstActions(doc.Actions)
	}
	srcs := t.Parsed.Sources()
	for i := range infos {
		info := &infos[i]
		var a *sfmd.Action
		if firsts != nil {
			a = firsts[i]
		} else if as := syms.Actions[info.ID]; len(as) > 0 {
			a = as[0]
		} else {
			continue
		}
		calls = append(calls, dryCall{Action: a, Info: info, Src: srcs[i]})
		c := &calls[len(calls)-1]
		if len(info.Fields) > 0 {
			c.Values = values[len(values) : len(values) : len(values)+len(info.Fields)]
			values = values[:len(values)+len(info.Fields)]
		}
		for _, f := range info.Fields {
			v, ok := "", false
			if len(hinted) > 0 { // most documents' hints give no value: no key to write
				v, ok = hinted[info.ID+"\x00"+f.Name]
			}
			if ok {
				c.Values = append(c.Values, dryValue{f.Name, v, "hint"})
			} else if f.HasDefault {
				c.Values = append(c.Values, dryValue{f.Name, f.Default, "default"})
			} else {
				c.Values = append(c.Values, dryValue{f.Name, sampleValue(a, f), "sample"})
			}
		}
		t.Calls = append(t.Calls, c)
	}
	return t
}

// hintValues maps "id\x00field" to the first concrete value a hint of the
// document gives the field (fill-ins such as <name>, {City} or … are not
// values).
func hintValues(ht *hintTable) map[string]string {
	out := map[string]string{}
	for _, hc := range ht.Calls {
		if hc.Action == nil || hc.Tool || hc.Inv == nil || hc.Inv.Help {
			continue
		}
		for _, f := range hc.Inv.Flags {
			if f.Value == nil || isFillIn(f.Value.Text) || f.Value.Optional {
				continue
			}
			k := hc.ActionID + "\x00" + f.Key
			if _, ok := out[k]; !ok {
				out[k] = f.Value.Text
			}
		}
	}
	return out
}

// isFillIn reports a hint value that stands for one: <name>, {name},
// [x], "...", or a text with an ellipsis.
func isFillIn(v string) bool {
	if v == "" || strings.ContainsAny(v, "<>{}[]") {
		return true
	}
	return strings.Contains(v, "...") || strings.Contains(v, "…")
}

// sampleValue is the value an agent would give a field with neither a
// hint nor a default: by type, and a URL for a field its name or
// description calls one.
func sampleValue(a *sfmd.Action, f model.FieldInfo) string {
	switch meantType(f.Type) {
	case "number":
		return "1"
	case sfmd.BooleanType:
		return "true"
	}
	desc := ""
	for _, p := range a.Params {
		if p.Name == f.Name {
			desc = p.Description
			break
		}
	}
	// a field name is ASCII (\w+), so EqualFold is ToLower's comparison;
	// the description is lower-cased only when it holds "url" in some
	// case, since only the ASCII letters lower-case to u, r and l
	// (TestOnlyASCIILowersToURL)
	n := f.Name
	if strings.EqualFold(n, "url") || len(n) >= 4 && strings.EqualFold(n[len(n)-4:], "_url") || strings.EqualFold(n, "base") ||
		(containsFoldASCII(desc, "url") && reDryURLWord.MatchString(strings.ToLower(desc))) {
		return "https://api.example.com"
	}
	return "example"
}

// meantType is sfmd.MeantParamType(t), which lower-cases t, answered
// for a type written as one of the four in lower case (most are) as
// that type itself (TestMeantTypeIsMeantParamType).
func meantType(t string) string {
	switch t {
	case "string", "number", sfmd.BooleanType, "path":
		return t
	}
	return sfmd.MeantParamType(t)
}

// containsFoldASCII reports whether s holds sub (lower-case ASCII
// letters) with its letters in any case.
func containsFoldASCII(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i]|0x20 == sub[0] && strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// reDryURLWord finds "url" as a word of a description ("API base URL",
// not "URL-safe name").
var reDryURLWord = lazyre.New(`(^|[^a-z])urls?($|[^a-z-])`)

// reDryEnv is what appendUpperEnvNames finds (TestUpperEnvNamesIsRegexp).
var reDryEnv = lazyre.New(`\$([A-Z_][A-Z0-9_]*)`)

// appendUpperEnvNames appends to out the names of reDryEnv's matches in
// text, in order, found without a regexp: a '$' (strings.IndexByte from
// one to the next), then a byte of [A-Z_] and all the bytes of [A-Z0-9_]
// after it.
func appendUpperEnvNames(out []string, text string) []string {
	for i := 0; ; {
		k := strings.IndexByte(text[i:], '$')
		if k < 0 {
			return out
		}
		i += k + 1 // past the '$'
		if i == len(text) || !isUpperEnvStart(text[i]) {
			continue
		}
		j := i + 1
		for j < len(text) && (isUpperEnvStart(text[j]) || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		out = append(out, text[i:j])
		i = j
	}
}

func isUpperEnvStart(b byte) bool { return b >= 'A' && b <= 'Z' || b == '_' }

// dryStore gives every uppercase $VAR of the actions' first lines a value.
func dryStore(doc *sfmd.Document) map[string]string {
	store := map[string]string{}
	for _, a := range doc.Actions {
		text := a.FirstLine.Text
		if strings.IndexByte(text, '$') < 0 {
			continue // no match without a $
		}
		var buf [8]string // most first lines name fewer
		for _, name := range appendUpperEnvNames(buf[:0], text) {
			if _, ok := store[name]; ok {
				continue
			}
			store[name] = "sample-value"
			if a.Target != nil && strings.HasPrefix(a.Target.Text, "$"+name) {
				store[name] = "https://api.example.com"
			}
		}
	}
	return store
}

// asMeant is doc with CRLF line endings read as LF: the runtime drops
// every field line of a CRLF file (file-crlf-line-endings reports it), and
// the dry run, like the other rules, reads the file as its author meant it.
func asMeant(doc *sfmd.Document) *sfmd.Document {
	if !bytes.Contains(doc.Src, []byte("\r\n")) {
		return doc
	}
	cp := *doc
	cp.Src = bytes.ReplaceAll(doc.Src, []byte("\r\n"), []byte("\n"))
	return &cp
}
