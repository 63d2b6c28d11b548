package rules

import (
	"strconv"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/smallmap"
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The template dry run shared by the dryrun-template-* rules: for each
// action with a response template, the response body its own lines read
// (every {Response.body.…} path, each for: path as an array whose one
// element carries the fields the loop body reads, each save: path) is
// built, and the template is run against it through the model
// (model.Parsed.DryRunTemplate: the code `sfmd test` runs, helpers.ts
// executeResponseTemplate) for the call an agent would make with only the
// required fields. What the template prints, loops over and writes for a
// response shaped as it reads it is then compared with what it says. A
// template is run only when a finding is possible (tmplDryRuns): a path
// one line reads against the shape another gave it, or a to: path with ~
// or a placeholder; otherwise every path it reads is in the body built
// from them, and the run would show nothing.

// shapeKind is what a path makes of a node of the body.
type shapeKind int

const (
	shapeLeaf   shapeKind = iota // read as a whole (a value)
	shapeObject                  // a key is read from it
	shapeArray                   // looped over or indexed
)

// shapeNode is one value of the response body a template reads.
type shapeNode struct {
	kind   shapeKind
	line   int                      // the template line that made it an object or an array
	fields smallmap.Map[*shapeNode] // an object's keys, in the order first read
	elem   *shapeNode               // an array's element (every element alike)
	length int                      // an array's length: the highest index read, plus one
	count  bool                     // made an array by a read of its length
}

// shapeSlab hands out the nodes of one implied body from chunks, not one
// allocation a node (a nil slab allocates each); reset hands them out
// again.
type shapeSlab struct {
	chunks [][]shapeNode // every chunk made, in order
	ci, ni int           // the next node: chunks[ci][ni]
	steps  []pathStep    // walkSteps' scratch
}

func (s *shapeSlab) node() *shapeNode {
	if s == nil {
		return &shapeNode{}
	}
	for s.ci < len(s.chunks) && s.ni == len(s.chunks[s.ci]) {
		s.ci, s.ni = s.ci+1, 0
	}
	if s.ci == len(s.chunks) {
		size := 8
		if k := len(s.chunks); k > 0 {
			size = min(2*len(s.chunks[k-1]), 128)
		}
		s.chunks = append(s.chunks, make([]shapeNode, size))
	}
	n := &s.chunks[s.ci][s.ni]
	s.ni++
	return n
}

// reset makes every node s gave a zero node and hands them out again
// from the first: no node it gave may be read after. A node keeps the
// room of its fields (smallmap.Map.Reset) for the next node handed out
// in its place.
func (s *shapeSlab) reset() {
	for i := 0; i < s.ci; i++ {
		resetNodes(s.chunks[i])
	}
	if s.ci < len(s.chunks) {
		resetNodes(s.chunks[s.ci][:s.ni])
	}
	s.ci, s.ni = 0, 0
}

// resetNodes makes each node of ns a zero node but for its fields' room.
func resetNodes(ns []shapeNode) {
	for i := range ns {
		f := ns[i].fields
		f.Reset()
		ns[i] = shapeNode{fields: f}
	}
}

// pathStep is one step of a path as walkJsonPath reads it (helpers.ts):
// a key or an [N] index.
type pathStep struct {
	key   string
	index int // -1 for a key
}

// walkSteps tokenizes a path as walkJsonPath does (keys
// [a-zA-Z_][\w-]*, indices [N], anything else skipped), after a leading
// "$." or "$"; nil for an index above 16 (no shape is built for it).
func walkSteps(p string) []pathStep { return appendSteps(make([]pathStep, 0, 4), p) }

// appendSteps is walkSteps appending to out (non-nil).
func appendSteps(out []pathStep, p string) []pathStep {
	if rest, ok := strings.CutPrefix(p, "$"); ok {
		p = strings.TrimPrefix(rest, ".")
	}
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z':
			j := i + 1
			for j < len(p) && (isKeyByte(p[j])) {
				j++
			}
			out = append(out, pathStep{key: p[i:j], index: -1})
			i = j
		case c == '[':
			j := i + 1
			for j < len(p) && p[j] >= '0' && p[j] <= '9' {
				j++
			}
			if j == i+1 || j >= len(p) || p[j] != ']' {
				i++
				continue
			}
			n, err := strconv.Atoi(p[i+1 : j])
			if err != nil || n > 16 {
				return nil
			}
			out = append(out, pathStep{index: n})
			i = j + 1
		default:
			i++
		}
	}
	return out
}

func isKeyByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// bodySteps is the steps of a path that starts at body, after it; ok is
// false when walkSteps builds none.
func bodySteps(p string) ([]pathStep, bool) { return bodyStepsOf(walkSteps(p)) }

func bodyStepsOf(steps []pathStep) ([]pathStep, bool) {
	if len(steps) == 0 {
		return nil, false
	}
	return steps[1:], true
}

// walkSteps is the package's walkSteps into the slab's scratch slice,
// valid until its next call (insert keeps no step).
func (s *shapeSlab) walkSteps(p string) []pathStep {
	if s == nil {
		return walkSteps(p)
	}
	if s.steps == nil {
		s.steps = make([]pathStep, 0, 8)
	}
	out := appendSteps(s.steps[:0], p)
	if out != nil {
		s.steps = out[:0] // keeps a grown slice
	}
	return out
}

// insert makes the path steps exist under n, as read by template line
// li; a step that contradicts the shape an earlier line gave (a key of an
// array, an index of an object) stops there. It returns the node reached
// (nil past a length) and false when a step contradicted the shape.
func (n *shapeNode) insert(slab *shapeSlab, steps []pathStep, li int) (*shapeNode, bool) {
	cur := n
	for _, s := range steps {
		if s.key == "length" && cur.kind != shapeObject {
			// an array's length (walkJsonPath reads any property of an
			// object, an array's too): the path reads a count
			if cur.kind == shapeLeaf {
				cur.makeArray(slab, li)
				cur.count = true
			}
			return nil, true
		}
		if s.index < 0 {
			if cur.kind == shapeArray {
				return nil, false
			}
			if cur.kind == shapeLeaf {
				cur.kind, cur.line = shapeObject, li
			}
			next := cur.field(s.key)
			if next == nil {
				next = cur.addField(slab, s.key)
			}
			cur = next
			continue
		}
		if !cur.makeArray(slab, li) {
			return nil, false
		}
		cur.length = max(cur.length, s.index+1)
		cur = cur.elem
	}
	return cur, true
}

// field is the node of an object's key k, nil when it has none.
func (n *shapeNode) field(k string) *shapeNode {
	v, _ := n.fields.Get(k)
	return v
}

// addField gives an object the key k, a leaf.
func (n *shapeNode) addField(slab *shapeSlab, k string) *shapeNode {
	next := slab.node()
	n.fields.Set(k, next)
	return next
}

// makeArray makes a leaf an array of one element; false for an object.
func (n *shapeNode) makeArray(slab *shapeSlab, li int) bool {
	switch n.kind {
	case shapeObject:
		return false
	case shapeLeaf:
		n.kind, n.line, n.elem, n.length = shapeArray, li, slab.node(), 1
	}
	return true
}

// json writes the node as JSON: a leaf is the string "…".
func (n *shapeNode) json(b *strings.Builder) {
	switch n.kind {
	case shapeLeaf:
		b.WriteString(`"…"`)
	case shapeObject:
		b.WriteByte('{')
		for i := range n.fields.Len() {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(n.fields.Key(i)))
			b.WriteByte(':')
			n.fields.Value(i).json(b)
		}
		b.WriteByte('}')
	case shapeArray:
		b.WriteByte('[')
		for i := 0; i < n.length; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			n.elem.json(b)
		}
		b.WriteByte(']')
	}
}

// tmplDry is one action's template run against the body its lines read.
type tmplDry struct {
	Call  *dryCall
	Resp  *sfmd.Response // the template the runtime runs (the last of the id)
	Body  *shapeNode
	JSON  string // the body given to the run
	Args  string // the call's flags
	Run   model.TemplateDry
	Lines []*sfmd.TemplateLine // Resp.Lines, one per model.TemplateDry line
}

// tmplDryAnalyzer runs the templates where a finding is possible; its
// result is []*tmplDry.
var tmplDryAnalyzer = &lint.Analyzer{
	Name:   "dryrun-template",
	Shared: true,
	Doc: lint.Doc{
		Title: "response templates dry-run through the model",
		Why:   "shared analysis: each response template run against the response body its own lines read",
	},
	Requires: []*lint.Analyzer{dryrunAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		return buildTmplDry(pass.Doc, dryTableOf(pass)), nil
	},
}

func tmplDryOf(pass *lint.Pass) []*tmplDry {
	if t, ok := pass.ResultOf[tmplDryAnalyzer].([]*tmplDry); ok {
		return t
	}
	return buildTmplDry(pass.Doc, dryTableOf(pass))
}

func buildTmplDry(doc *sfmd.Document, t *dryTable) []*tmplDry { return tmplDryRuns(doc, t, !dryGates) }

// tmplDryRuns runs the templates of doc; unless every is set, only those
// where a dryrun-template-* finding is possible (a path read against the
// shape another line gave it, a to: path with ~ or a placeholder).
func tmplDryRuns(doc *sfmd.Document, t *dryTable, every bool) []*tmplDry {
	if len(doc.Responses) == 0 || t.Parsed == nil {
		return nil
	}
	last := callTemplates(doc, t)
	// the implied bodies are built from one slab, handed out again after
	// each template that is not kept (most are not: no finding is
	// possible), and left to a candidate's body when one is kept to run
	var cands []*tmplDry
	slab := &shapeSlab{}
	for _, c := range t.Calls {
		r := last(c)
		if r == nil || !c.Info.HasTemplate || len(r.Lines) != len(c.Info.Template) {
			continue
		}
		td := tmplDryCandidate(c, r, slab, every)
		if td == nil {
			if slabReset {
				slab.reset()
			}
			continue
		}
		cands = append(cands, td)
		slab = &shapeSlab{}
	}
	if len(cands) == 0 {
		return nil
	}
	// the session variables the runs read that a template assigns (the
	// stand-ins templateVars gives), looked for among those names only
	vars := assignedVars(doc, t.syms, readVars(cands))
	var out []*tmplDry
	for _, td := range cands {
		run, ok := t.Parsed.DryRunTemplate(td.Call.Info.ID, td.Args, templateVars(td.Resp, vars), t.Store, model.TemplateResponse{Body: td.JSON})
		if !ok || run.Code != "" || len(run.Lines) != len(td.Resp.Lines) {
			continue
		}
		if !every && !mayReport(run) {
			continue
		}
		run.Text, run.Output = "", "" // the rules read the line facts only
		td.Run = run
		out = append(out, td)
	}
	return out
}

// callTemplates finds the template a call runs, the last of its id
// (lastTemplateOf), at the place the model's parse read it when that
// parse read doc's templates (model.Parsed.SameTemplates): no lookup of
// the 17,100 ids of the generated 10 MB document. TestLastTemplateOf
// holds it to lastTemplateOf.
func callTemplates(doc *sfmd.Document, t *dryTable) func(c *dryCall) *sfmd.Response {
	if t.Parsed.SameTemplates(doc.Responses) {
		return func(c *dryCall) *sfmd.Response {
			if i := c.Src.Template(); i >= 0 {
				return doc.Responses[i]
			}
			return nil
		}
	}
	last := lastTemplateOf(doc, t.syms)
	return func(c *dryCall) *sfmd.Response { return last(c.Info.ID) }
}

// lastTemplateOf finds the last template of an id (parser.ts parse keeps
// the templates in a Map by id: the last of an id wins) in the symbol
// table's lists of each id's templates, in document order, when syms is
// doc's, else in the map of lastTemplates (TestLastTemplateOf holds the
// two alike).
func lastTemplateOf(doc *sfmd.Document, syms *symbolTable) func(id string) *sfmd.Response {
	if byID := syms.responsesIfAny(); len(byID) > 0 {
		return func(id string) *sfmd.Response {
			if rs := byID[id]; len(rs) > 0 {
				return rs[len(rs)-1]
			}
			return nil
		}
	}
	last := lastTemplates(doc)
	return func(id string) *sfmd.Response { return last[id] }
}

// slabReset lets tmplDryRuns hand out the nodes of a template it does
// not keep again; TestTmplDrySlabReset turns it off and holds the runs to
// it.
var slabReset = true

// tmplDryCandidate is c's template r with the body it reads (built from
// slab) and the call's flags, to be run; nil when no finding is possible
// (unless every) or the call cannot be typed.
func tmplDryCandidate(c *dryCall, r *sfmd.Response, slab *shapeSlab, every bool) *tmplDry {
	var body *shapeNode
	conflict := false
	if mayConflict(r) {
		body, conflict = impliedBodyIn(slab, r)
	}
	if !every && !conflict && !writesElsewhere(r, c) {
		return nil // no finding is possible: the run would show nothing
	}
	if body == nil {
		body, _ = impliedBodyIn(slab, r)
	}
	args, ok := dryArgs(requiredValues(c))
	if !ok {
		return nil
	}
	td := &tmplDry{Call: c, Resp: r, Lines: r.Lines, Args: args, Body: body}
	var b strings.Builder
	td.Body.json(&b)
	td.JSON = b.String()
	return td
}

// mayReport reports a run with a fact a dryrun-template-* rule reads: a
// loop that never iterated, an assignment or a reference that reached
// nothing, a to: path with ~ or a placeholder left in it.
func mayReport(run model.TemplateDry) bool {
	for _, f := range run.Lines {
		switch {
		case f.Kind == "for" && f.Iterations == 0,
			f.Kind == "assign" && !f.Found,
			len(f.Unresolved) > 0 || len(f.Empty) > 0,
			f.Kind == "to" && (strings.HasPrefix(f.Target, "~") || strings.Contains(f.Target, "{")):
			return true
		}
	}
	return false
}

// writesElsewhere reports a to: line whose path may resolve elsewhere
// than written (dryrun-template-to-elsewhere): one starting with ~ (past
// the white space the runtime trims), or holding a placeholder that can
// leave it so: one that can put a ~ first (the path begins with it) or a
// field of the call that is optional without a default (the only
// placeholder the rule names). A placeholder elsewhere, in a call without
// such a field, resolves to a path that neither starts with ~ nor holds
// one the rule reports.
func writesElsewhere(r *sfmd.Response, c *dryCall) bool {
	for _, l := range r.Lines {
		if l.Kind != sfmd.LineTo {
			continue
		}
		first := trimmedPath(l.Arg)
		if strings.HasPrefix(first, "~") || strings.Contains(l.Arg, "{") && (strings.HasPrefix(first, "{") || hasUnfilledField(c)) {
			return true
		}
	}
	return false
}

// trimmedPath is a to: path as the runtime trims it (helpers.ts
// executeResponseTemplate trims the path with String.prototype.trim,
// whose white space, a BOM among it, is the model's TrimJS; sfmd's Arg
// keeps it): its first character is the resolved path's unless a
// placeholder begins it.
func trimmedPath(p string) string { return model.TrimJS(p) }

// hasUnfilledField reports a field of the call that is optional without a
// default: the call with only the required fields leaves its placeholder.
func hasUnfilledField(c *dryCall) bool {
	for _, f := range c.Info.Fields {
		if !f.Required && !f.HasDefault {
			return true
		}
	}
	return false
}

// requiredValues is the values of the call with only what the runtime
// needs: required fields (a hint's value or a sample) and defaults.
func requiredValues(c *dryCall) []dryValue {
	req := map[string]bool{}
	for _, f := range c.Info.Fields {
		req[f.Name] = f.Required
	}
	var out []dryValue
	for _, v := range c.Values {
		if req[v.Field] || v.From == "default" {
			out = append(out, v)
		}
	}
	return out
}

// readVars is the session variables the templates of tds read
// ({names}: the only ones templateVars looks up).
func readVars(tds []*tmplDry) map[string]bool {
	out := map[string]bool{}
	for _, td := range tds {
		eachVarRead(td.Resp, func(name string) { out[name] = true })
	}
	return out
}

// eachVarRead calls f with the name of each {name} reference of r's
// lines (their templates and right sides), in order.
func eachVarRead(r *sfmd.Response, f func(name string)) {
	for _, l := range r.Lines {
		for _, tpl := range [...]*sfmd.Template{l.Template, l.RHS} {
			if tpl == nil {
				continue
			}
			for _, ref := range tpl.Refs {
				if ref.Kind == sfmd.RefVar {
					f(ref.Name)
				}
			}
		}
	}
}

// assignedVars is the session variables among names that a template of
// the document assigns: another action's template may have set them.
// With doc's symbol table syms, they are the names its Assigned holds
// (the assignments AssignsSessionVar) and the left sides of the other
// assignments among its indexed lines, instead of a walk of every line
// (TestAssignedVarsAmongRead holds the two alike).
func assignedVars(doc *sfmd.Document, syms *symbolTable, names map[string]bool) map[string]bool {
	vars := map[string]bool{}
	if syms != nil {
		for name := range names {
			if _, ok := syms.Assigned[name]; ok {
				vars[name] = true
			}
		}
		for _, at := range syms.lines {
			if at.kind == uint8(sfmd.LineAssign) && at.facts&factAssigns == 0 && at.lhs != "" && names[at.lhs] {
				vars[at.lhs] = true
			}
		}
		return vars
	}
	for _, r := range doc.Responses {
		for _, l := range r.Lines {
			if l.Kind == sfmd.LineAssign && l.LHS != "" && names[l.LHS] {
				vars[l.LHS] = true
			}
		}
	}
	return vars
}

// templateVars gives the variables of assigned that template r reads
// ({names}) a stand-in value, "value-of-" and the name: the session
// variables that can matter to its run.
func templateVars(r *sfmd.Response, assigned map[string]bool) map[string]string {
	out := map[string]string{}
	eachVarRead(r, func(name string) {
		if _, ok := out[name]; !ok && assigned[name] {
			out[name] = "value-of-" + name
		}
	})
	return out
}

// impliedBody is the response body template r reads: its paths in line
// order, an earlier line's shape winning over a later one's. conflict is
// set when a line reads a path against the shape an earlier line gave it
// (a key of an array, an index of an object, a loop over an object): the
// only way a path of the template reaches nothing in the body it reads.
func impliedBody(r *sfmd.Response) (root *shapeNode, conflict bool) {
	return impliedBodyIn(&shapeSlab{}, r)
}

// impliedBodyIn is impliedBody with its nodes from slab.
func impliedBodyIn(slab *shapeSlab, r *sfmd.Response) (root *shapeNode, conflict bool) {
	root = slab.node()
	var room [4]forElem
	loops := room[:0] // each for: line's element (a template has few)
	for li, l := range r.Lines {
		if l.Kind == sfmd.LineFor && l.ForValid {
			if p := loopPath(l.Arg); isBodyPath(p) {
				steps, ok := bodyStepsOf(slab.walkSteps(p))
				if !ok {
					continue
				}
				n, ok := root.insert(slab, steps, li)
				if ok && n != nil && n.makeArray(slab, li) {
					loops = append(loops, forElem{li, n.elem})
				} else {
					conflict = true
				}
			}
			continue
		}
		if l.Kind == sfmd.LineSave {
			if steps := slab.walkSteps(l.Arg); len(steps) > 0 && steps[0].key != "body" && steps[0].key != "Response" { // save-path-prefixed
				if _, ok := root.insert(slab, steps, li); !ok {
					conflict = true
				}
			}
			continue
		}
		tpl := l.Template
		if l.Kind == sfmd.LineAssign || l.Kind == sfmd.LineValueShortcut {
			tpl = l.RHS
		}
		if tpl == nil {
			continue
		}
		for _, ref := range tpl.Refs {
			if !readRef(slab, root, loops, r, l, ref, li) {
				conflict = true
			}
		}
	}
	return root, conflict
}

// mayConflict reports whether impliedBody can find a conflict in r: only
// a node made an array (by a for: line, an [N] index or a read of its
// length) can contradict another path, so a template without a for: line,
// and whose body paths (its save: paths and {Response.body…} references)
// hold neither '[' nor "length", has none (TestMayConflictHoldsImpliedBody).
func mayConflict(r *sfmd.Response) bool {
	arrayish := func(p string) bool { return strings.Contains(p, "[") || strings.Contains(p, "length") }
	for _, l := range r.Lines {
		switch l.Kind {
		case sfmd.LineFor:
			return true
		case sfmd.LineSave:
			if arrayish(l.Arg) {
				return true
			}
			continue
		}
		for _, tpl := range [...]*sfmd.Template{l.Template, l.RHS} {
			if tpl == nil {
				continue
			}
			for _, ref := range tpl.Refs {
				if ref.Kind == sfmd.RefResponse && arrayish(ref.PathText) {
					return true
				}
			}
		}
	}
	return false
}

// forElem is the element of the array a for: line (line, its index in
// the template) loops over.
type forElem struct {
	line int
	elem *shapeNode
}

// forElemAt is the element of the for: line at index line, nil when
// it loops over none (as a map of the lines was, without a map made for
// each of the 17,100 templates of the generated 10 MB document).
func forElemAt(loops []forElem, line int) *shapeNode {
	for _, le := range loops {
		if le.line == line {
			return le.elem
		}
	}
	return nil
}

// readRef inserts the path of one reference of line l; false when it
// contradicts the shape.
func readRef(slab *shapeSlab, root *shapeNode, loops []forElem, r *sfmd.Response, l *sfmd.TemplateLine, ref *sfmd.VarRef, li int) bool {
	if ref.Problem != "" || dotIndexed(ref) {
		return true
	}
	switch {
	case ref.Kind == sfmd.RefResponse && ref.Name == "body":
		if steps, ok := bodyStepsOf(slab.walkSteps(ref.PathText)); ok {
			_, ok = root.insert(slab, steps, li)
			return ok
		}
	case ref.Kind == sfmd.RefVar && l.Loop >= 0 && len(ref.Path) > 0:
		elem := forElemAt(loops, int(l.Loop))
		if steps := slab.walkSteps(ref.PathText); elem != nil && steps != nil && r.Lines[l.Loop].ItemVar == ref.Name {
			_, ok := elem.insert(slab, steps, li)
			return ok
		}
	}
	return true
}

// dotIndexed reports a path with a ".0" index (response-path-dot-index-compat).
func dotIndexed(ref *sfmd.VarRef) bool {
	for _, s := range ref.Path {
		if s.DotIndex {
			return true
		}
	}
	return false
}

// shapeAt walks the shape along steps and returns the node where it
// stops: the last node reached and whether the whole path was.
func (n *shapeNode) shapeAt(steps []pathStep) (*shapeNode, int) {
	cur := n
	for i, s := range steps {
		switch {
		case s.key == "length" && cur.kind == shapeArray:
			return cur, len(steps) // a number
		case s.index < 0 && cur.kind == shapeObject && cur.field(s.key) != nil:
			cur = cur.field(s.key)
		case s.index >= 0 && cur.kind == shapeArray && s.index < cur.length:
			cur = cur.elem
		default:
			return cur, i
		}
	}
	return cur, len(steps)
}

// pathText writes steps[:n] as a path under prefix.
func pathText(prefix string, steps []pathStep, n int) string {
	var b strings.Builder
	b.WriteString(prefix)
	for _, s := range steps[:n] {
		if s.index < 0 {
			b.WriteString("." + s.key)
		} else {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
		}
	}
	return b.String()
}

// why says why a path (prefix, then steps from node root) reaches nothing
// in the shape: which step fails and which line gave the node before it
// its shape; "" when the shape does not say.
func (td *tmplDry) why(root *shapeNode, prefix string, steps []pathStep) string {
	n, i := root.shapeAt(steps)
	if i >= len(steps) {
		return ""
	}
	at := pathText(prefix, steps, i)
	switch {
	case n.kind == shapeArray && steps[i].index < 0:
		return at + " is an array (line " + td.docLine(n.line) + " " + td.verb(n) + "), so it has no key \"" + steps[i].key + "\""
	case n.kind == shapeObject && steps[i].index >= 0:
		return at + " is an object (line " + td.docLine(n.line) + " reads a key of it), so it has no index [" + strconv.Itoa(steps[i].index) + "]"
	}
	return ""
}

func (td *tmplDry) verb(n *shapeNode) string {
	switch li := n.line; {
	case n.count:
		return "reads its length"
	case li >= 0 && li < len(td.Lines) && td.Lines[li].Kind == sfmd.LineFor:
		return "loops over it"
	}
	return "reads it as one"
}

// docLine is the document line number of template line li.
func (td *tmplDry) docLine(li int) string {
	if li < 0 || li >= len(td.Lines) {
		return "?"
	}
	return strconv.Itoa(int(td.Lines[li].Line.Span.Start.Line))
}

// shortJSON is the body for a message, cut to a readable length.
func (td *tmplDry) shortJSON() string {
	const max = 120
	if len(td.JSON) <= max {
		return td.JSON
	}
	return td.JSON[:max-1] + "…"
}

// callLine is the simulated call.
func (td *tmplDry) callLine() string { return dryLine(td.Call.Info.ID, td.Args) }
