package runner

import (
	"bytes"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// How sfmd test --init builds a test for an action: the invocation (from
// the document's own hints, else from the required parameters), then the
// call made through the runtime against a capturing transport, which
// yields the exact request (or command) the step must send.

var (
	reOptionalGroup = lazyre.New(`\s*\[[^\]]*\]`)
	reExampleInDesc = lazyre.New(`(?i)\b(?:e\.g\.,?|eg\.?|for example,?|such as)\s+["'` + "`" + `]?([^\s,;)"'` + "`" + `]+)`)
	reChoiceInDesc  = lazyre.New(`\(([\w.-]+)\|[\w.|-]+\)`)
	reEnvName       = lazyre.New(`\$([A-Z_][A-Z0-9_]*)`)
)

// quoteArg writes a flag value so that the tokenizer reads it back whole.
func quoteArg(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t\"'") {
		return v
	}
	if !strings.Contains(v, `"`) {
		return `"` + v + `"`
	}
	return "'" + v + "'"
}

// invocation is the flags of a generated run line, in order.
type invocation struct {
	// cmd is the command word, "/tool:<target>" from a tool hint; ""
	// means /act.<id>.
	cmd    string
	flags  [][2]string // name (as written, without dashes) and value
	source string      // "hint" or "parameters"
}

func (inv invocation) String(id string) string {
	var b strings.Builder
	if inv.cmd != "" {
		b.WriteString(inv.cmd)
	} else {
		b.WriteString("/act." + id)
	}
	for _, f := range inv.flags {
		b.WriteString(" --" + f[0])
		if f[1] != "" {
			b.WriteString(" " + quoteArg(f[1]))
		}
	}
	return b.String()
}

// sampler picks values for flags: what the document's hints show for the
// flag, an example from the parameter's description, its default, its
// first allowed value, or a value of its type.
type sampler struct {
	seen map[string]string // flag -> a concrete value a hint shows
}

func newSampler(doc *sfmd.Document) *sampler {
	s := &sampler{seen: map[string]string{}}
	for _, h := range doc.Hints {
		toks := model.Tokenize(reOptionalGroup.ReplaceAllString(h.Args, ""))
		for i := 0; i+1 < len(toks); i++ {
			f, ok := sfmd.ReadFlag(toks[i]) // --name (the language's flag syntax)
			v := toks[i+1]
			if !ok || f.Short || f.HasValue || strings.HasPrefix(v, "-") || !concrete(v) {
				continue
			}
			if _, dup := s.seen[f.Name]; !dup {
				s.seen[f.Name] = v
			}
		}
	}
	return s
}

// concrete reports whether a hint's value is a real value rather than a
// placeholder, a template reference or an ellipsis.
func concrete(v string) bool {
	return v != "" && !strings.ContainsAny(v, "<>{}") && !strings.Contains(v, "...") && !strings.Contains(v, "…") &&
		!strings.HasPrefix(v, "@") && !strings.HasPrefix(v, "-") // a shortcut from an earlier call, a flag
}

func (s *sampler) value(f model.FieldInfo, p *sfmd.Param) string {
	if v, ok := s.seen[f.Name]; ok {
		return v
	}
	if p != nil {
		if m := reExampleInDesc.FindStringSubmatch(p.Description); m != nil && concrete(strings.TrimRight(m[1], ".:")) {
			return strings.TrimRight(m[1], ".:")
		}
		if m := reChoiceInDesc.FindStringSubmatch(p.Description); m != nil {
			return m[1]
		}
	}
	if f.HasDefault && f.Default != "" {
		return f.Default
	}
	if p != nil {
		for _, c := range p.Constraints {
			if c.Kind == sfmd.ConstraintHint {
				if first, _, _ := strings.Cut(c.Text, "|"); strings.TrimSpace(first) != "" {
					return strings.TrimSpace(first)
				}
			}
		}
	}
	switch sfmd.MeantParamType(f.Type) {
	case "number":
		return "1"
	case sfmd.BooleanType:
		return "true"
	}
	return "example"
}

// pickInvocation chooses the flags of the test of one action: the first
// usable hint in the document's prose (then in templates) with its
// placeholders filled in, or the required parameters; required
// parameters without a default a hint leaves out are added.
func pickInvocation(doc *sfmd.Document, parsed *model.Parsed, info model.ActionInfo, smp *sampler) invocation {
	var sa *sfmd.Action
	for _, a := range doc.Actions {
		if a.ID == info.ID {
			sa = a
			break
		}
	}
	param := func(name string) *sfmd.Param {
		if sa == nil {
			return nil
		}
		return sa.Param(name)
	}
	field := func(name string) (model.FieldInfo, bool) {
		for _, f := range info.Fields {
			if f.Name == name || (f.Short != "" && f.Short == name) {
				return f, true
			}
		}
		return model.FieldInfo{}, false
	}
	inv, ok := fromHints(doc, parsed, info, smp, field, param)
	if !ok {
		inv = invocation{source: "parameters"}
	}
	have := map[string]bool{}
	for _, fl := range inv.flags {
		if f, ok := field(fl[0]); ok {
			have[f.Name] = true
		}
	}
	for _, f := range info.Fields {
		if f.Required && !f.HasDefault && !have[f.Name] {
			inv.flags = append(inv.flags, [2]string{f.Name, smp.value(f, param(f.Name))})
		}
	}
	return inv
}

// fromHints builds the invocation from the first usable hint that calls
// the action: /act.<id>, or /tool:<name>[.<act>] where the runtime would
// run this action for it (a tool document's hints), kept in that form.
func fromHints(doc *sfmd.Document, parsed *model.Parsed, info model.ActionInfo, smp *sampler, field func(string) (model.FieldInfo, bool), param func(string) *sfmd.Param) (invocation, bool) {
	calls := func(h *sfmd.Hint) bool {
		if h.Verb == "act" {
			return h.Target == info.ID
		}
		id, ok := parsed.CalledToolAction("/tool:" + h.Target)
		return ok && id == info.ID
	}
	var hints []*sfmd.Hint
	for _, h := range doc.Hints {
		if h.InResponse == "" && calls(h) {
			hints = append(hints, h)
		}
	}
	for _, h := range doc.Hints {
		if h.InResponse != "" && calls(h) {
			hints = append(hints, h)
		}
	}
next:
	for _, h := range hints {
		args := reOptionalGroup.ReplaceAllString(h.Args, "")
		if strings.ContainsAny(args, "{}") || strings.Contains(args, "...") || strings.Contains(args, "…") {
			continue
		}
		toks := model.Tokenize(args)
		inv := invocation{source: "hint"}
		if h.Verb == "tool" {
			inv.cmd = "/tool:" + h.Target
		}
		for i := 0; i < len(toks); i++ {
			name, ok := strings.CutPrefix(toks[i], "--")
			if !ok {
				name, ok = strings.CutPrefix(toks[i], "-")
			}
			f, known := field(name)
			if !ok || !known {
				continue next // a positional or a flag the action lacks: the hint is stale
			}
			v := ""
			if i+1 < len(toks) && !strings.HasPrefix(toks[i+1], "-") {
				i++
				v = toks[i]
				if !concrete(v) {
					v = smp.value(f, param(f.Name))
				}
			}
			inv.flags = append(inv.flags, [2]string{f.Name, v})
		}
		return inv, true
	}
	return invocation{}, false
}

// envNames are the $NAMEs the document's HTTP actions read from the env
// store (a request with one unresolved fails before it is sent), and the
// env a tool document requires when its hints call it as a tool. A CLI
// command's $NAME may as well be a shell variable: it is left alone.
func envNames(doc *sfmd.Document, parsed *model.Parsed) []string {
	seen := map[string]bool{}
	var out []string
	// a tool document's required env, when its hints call it as a tool:
	// cmdTool refuses every /tool: call without it
	for _, h := range doc.Hints {
		if _, ok := parsed.CalledToolAction("/tool:" + h.Target); ok && h.Verb == "tool" {
			for _, name := range parsed.ToolEnv() {
				if !seen[name] {
					seen[name] = true
					out = append(out, name)
				}
			}
			break
		}
	}
	for _, a := range doc.Actions {
		if a.Fence == nil || !a.IsHTTP() {
			continue
		}
		text := string(doc.Src[a.Fence.Span.Start.Offset:a.Fence.Span.End.Offset])
		for _, m := range reEnvName.FindAllStringSubmatch(text, -1) {
			if !seen[m[1]] && !model.IsContextVar(m[1]) {
				seen[m[1]] = true
				out = append(out, m[1])
			}
		}
	}
	sort.Strings(out)
	return out
}

// standIn is the env value a generated suite uses for NAME: long enough
// (minSecretLen) to be written back as $NAME in the requests, as
// --record writes secrets.
func standIn(name string) string {
	v := "test-" + strings.ReplaceAll(strings.ToLower(name), "_", "-")
	if len(v) < minSecretLen {
		v += "-secret"
	}
	return v
}

// captured is what one generated call sent.
type captured struct {
	method, url, body string
	header            http.Header
}

// captureTransport records requests and answers each with an empty JSON
// object, so that the call completes without the network.
type captureTransport struct {
	mu   sync.Mutex
	reqs []captured
}

func (c *captureTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := requestBody(req)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.reqs = append(c.reqs, captured{method: req.Method, url: model.SentURL(req), body: string(body), header: req.Header.Clone()})
	c.mu.Unlock()
	return &http.Response{
		StatusCode: 200,
		Header:     http.Header{"Content-Type": {"application/json"}},
		Body:       io.NopCloser(bytes.NewReader([]byte("{}"))),
		Request:    req,
	}, nil
}

// captureExec records commands and answers them with no output.
type captureExec struct{ cmds []string }

func (c *captureExec) Exec(command, _ string) (model.ExecResult, error) {
	c.cmds = append(c.cmds, command)
	return model.ExecResult{}, nil
}

// generatedCall is the outcome of running one generated invocation.
type generatedCall struct {
	run  string
	reqs []captured
	cmds []string
	res  model.Result
}

// callOnce runs line against the document as a suite would (topic, env
// store with stand-in values, the virtual filesystem of a test with the
// document in cwd) and captures what it sends. The paths a command holds
// ($CWD, $CURRENT_FILE, …) are virtual ones, the same on every run, so
// an exec entry matches them on replay.
func callOnce(doc *sfmd.Document, parsed *model.Parsed, topic string, env []keyValue, cwd, home, line string) (*generatedCall, error) {
	tmp, err := os.MkdirTemp("", "sfmd-init-")
	if err != nil {
		return nil, userErrorf("cannot create a temporary directory to call the actions in: %v; check TMPDIR", err)
	}
	defer func() { _ = removeAll(tmp) }()
	store := map[string]string{}
	for _, kv := range env {
		store[kv.Key] = kv.Value
	}
	docPath := path.Join(cwd, filepath.Base(doc.Path))
	sandbox := filepath.Join(tmp, "root")
	var fsys *model.FS
	fsys = model.NewFS(sandbox, func() error {
		if err := os.Mkdir(sandbox, 0o755); err != nil {
			return err
		}
		for _, d := range []string{cwd, home} {
			if err := os.MkdirAll(fsys.HostPath(d), 0o755); err != nil {
				return err
			}
		}
		return os.WriteFile(fsys.HostPath(docPath), doc.Src, 0o644)
	})
	defer func() { _ = fsys.Close() }()
	tr := &captureTransport{}
	ex := &captureExec{}
	rt := &model.Runtime{
		Doc: doc, Parsed: parsed, Session: model.NewSession(),
		Env:  model.Env{Topic: topic, DocURI: model.FileURI(docPath), DocPath: docPath, Store: store, Home: home, Cwd: cwd, FS: fsys},
		HTTP: &http.Client{Transport: tr},
		Exec: ex,
	}
	g := &generatedCall{run: line}
	g.res, err = call(rt, line)
	if err != nil {
		return nil, err
	}
	g.reqs, g.cmds = tr.reqs, ex.cmds
	return g, nil
}
