package sfmd

import (
	"bytes"
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// isDelimiter reports whether a line is a frontmatter delimiter "---"
// (trailing whitespace tolerated; rules check exactness).
func isDelimiter(line []byte) bool {
	return string(bytes.TrimRight(line, " \t\r")) == "---"
}

// parseFrontmatter reads the frontmatter when line 1 is "---" and returns
// the byte offset where the Markdown body starts.
func (p *docParser) parseFrontmatter() int {
	li := p.li
	if li.LineCount() == 0 || !isDelimiter(li.Line(1)) {
		return li.bom
	}
	fm := one(docPool(p, func(a *Arena) *arenaPool[Frontmatter] { return &a.frontmatters }))
	p.doc.Frontmatter = fm
	closeLine := 0
	for n := 2; n <= li.LineCount(); n++ {
		if isDelimiter(li.Line(n)) {
			closeLine = n
			break
		}
	}
	openStart, openEnd := li.LineStart(1), li.LineEnd(1)
	if closeLine == 0 {
		// Without a closing delimiter the runtime sees no frontmatter; the
		// whole file is Markdown. Parse recovers: the fields up to the
		// first line that is not one are read as meant (so that what they
		// declare is not reported missing as well).
		if last := p.frontmatterEnd(); last > 1 && !p.asRuntime {
			fm.LastLine = last
			rawStart, rawEnd := li.LineStart(2), li.LineStart(last+1)
			if last+1 > li.LineCount() {
				rawEnd = len(p.src)
			}
			fm.Raw, fm.RawSpan = p.str(rawStart, rawEnd), p.span(rawStart, rawEnd)
			fm.Span = p.span(openStart, li.LineEnd(last))
			p.skip = append(p.skip, lineRange{1, last})
			p.problem(CodeFrontmatterUnclosed, openStart, openEnd,
				"frontmatter opened on line 1 is never closed, so the runtime reads no frontmatter and shows its fields as text; add a line \"---\" after line %d", last)
			p.decodeFrontmatter(fm, rawStart)
			return rawEnd
		}
		fm.Span = p.span(openStart, openEnd)
		p.problem(CodeFrontmatterUnclosed, openStart, openEnd,
			"frontmatter opened on line 1 is never closed, add a line \"---\" after the last field")
		return li.bom
	}
	fm.Closed = true
	rawStart := li.LineStart(2)
	rawEnd := li.LineStart(closeLine)
	fm.Raw = p.str(rawStart, rawEnd)
	fm.RawSpan = p.span(rawStart, rawEnd)
	fm.Span = p.span(openStart, li.LineEnd(closeLine))
	p.skip = append(p.skip, lineRange{1, closeLine})
	p.decodeFrontmatter(fm, rawStart)
	next := li.LineStart(closeLine + 1)
	if closeLine+1 > li.LineCount() {
		next = len(p.src)
	}
	return next
}

// frontmatterEnd returns the last line of an unclosed frontmatter as its
// author meant it: the run of lines after line 1 that read as YAML fields
// ("key: value", indented lines, "- " items) up to the first that does
// not, when that run parses as a YAML mapping and something follows it;
// 0 otherwise.
func (p *docParser) frontmatterEnd() int {
	li := p.li
	last := 1
	for n := 2; n <= li.LineCount(); n++ {
		line := li.Line(n)
		if !frontmatterLineRe.Match(line) {
			break
		}
		last = n
	}
	if last < 2 || last == li.LineCount() {
		return 0
	}
	raw := p.src[li.LineStart(2):li.LineEnd(last)]
	root, err := decodeYAML(raw, nil)
	if err != nil || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return 0
	}
	return last
}

// frontmatterLineRe matches a line that reads as part of YAML fields.
var frontmatterLineRe = lazyre.New(`^(?:[A-Za-z_][\w.-]*[ \t]*:(?:[ \t].*)?|[ \t]+\S.*|-[ \t].*|-)\r?$`)

func (p *docParser) decodeFrontmatter(fm *Frontmatter, rawStart int) {
	if strings.TrimSpace(fm.Raw) == "" {
		return
	}
	raw := p.src[rawStart : rawStart+len(fm.Raw)]
	if bytes.IndexByte(raw, '\r') >= 0 {
		raw = bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n"))
	}
	root, err := decodeYAML(raw, p.arena)
	if err != nil {
		line, msg := yamlpos.SyntaxError(err)
		line = max(line, 1)
		fileLine := p.li.LineOf(rawStart) + line - 1
		s, e := p.li.LineStart(fileLine), p.li.LineEnd(fileLine)
		fm.YAMLError = msg
		p.problem(CodeFrontmatterInvalidYAML, s, e, "frontmatter is not valid YAML: %s, fix the YAML syntax", msg)
		return
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
		return
	}
	doc := root.Content[0]
	fm.Root = doc
	if doc.Kind != yaml.MappingNode {
		s := p.nodeSpan(doc, rawStart)
		p.problem(CodeFrontmatterNotMapping, s.Start.Off(), s.End.Off(),
			"frontmatter must be a mapping of \"key: value\" fields, found a %s", kindName(doc.Kind))
		return
	}
	n := len(doc.Content) / 2
	if n > 0 {
		fm.Fields = take(docPool(p, func(a *Arena) *arenaPool[*Field] { return &a.fieldPtrs }), n)
	}
	fields := take(docPool(p, func(a *Arena) *arenaPool[Field] { return &a.fields }), n)[:n]
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		f := &fields[i/2]
		*f = Field{Key: k.Value, KeySpan: p.nodeSpan(k, rawStart), Value: v, ValueSpan: p.nodeSpan(v, rawStart)}
		fm.Fields = append(fm.Fields, f)
		if k.Value == "env" && fm.Env == nil {
			fm.EnvSpan = f.ValueSpan
			p.decodeEnv(fm, v, rawStart)
		}
	}
	p.checkAliases(fm, doc)
}

// checkAliases reports a frontmatter whose aliases expand to more values
// than yaml.v3 decodes (a "billion laughs" document: nine aliases of nine
// aliases of … expand to a billion strings from a few lines). yaml.v3
// stops with "excessive aliasing" after a bounded amount of work; without
// this check the fields read as empty and nothing said why. It is
// reported at the first field that is too large alone, else on the
// frontmatter, as frontmatter-invalid-yaml (and YAMLError), keeping the
// fields.
func (p *docParser) checkAliases(fm *Frontmatter, doc *yaml.Node) {
	if !hasAlias(doc) {
		return
	}
	if !excessiveAliasing(doc) {
		return
	}
	s, e := fm.Span.Start.Off(), p.li.LineEnd(1)
	what := "its YAML aliases expand"
	for _, f := range fm.Fields {
		if excessiveAliasing(f.Value) {
			s, e = f.KeySpan.Start.Off(), f.KeySpan.End.Off()
			what = fmt.Sprintf("the aliases of field %q expand", f.Key)
			break
		}
	}
	fm.YAMLError = what + " to too many values (a \"billion laughs\" document)"
	p.problem(CodeFrontmatterInvalidYAML, s, e,
		"frontmatter cannot be read: %s, which YAML decoders refuse; write the values out or remove the aliases", fm.YAMLError)
}

// hasAlias reports whether n or a node below it is an alias (without
// following aliases).
func hasAlias(n *yaml.Node) bool {
	if n.Kind == yaml.AliasNode {
		return true
	}
	for _, c := range n.Content {
		if hasAlias(c) {
			return true
		}
	}
	return false
}

// excessiveAliasing reports whether yaml.v3 refuses to decode n for its
// aliases (it gives up after a bounded amount of expansion).
func excessiveAliasing(n *yaml.Node) bool {
	var v any
	err := n.Decode(&v)
	return err != nil && strings.Contains(err.Error(), "excessive aliasing")
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.SequenceNode:
		return "list"
	case yaml.ScalarNode:
		return "scalar"
	case yaml.AliasNode:
		return "alias"
	}
	return "mapping"
}

func (p *docParser) decodeEnv(fm *Frontmatter, v *yaml.Node, rawStart int) {
	if v.Kind != yaml.SequenceNode {
		return
	}
	fm.Env = take(docPool(p, func(a *Arena) *arenaPool[*EnvEntry] { return &a.envPtrs }), len(v.Content))
	entries := take(docPool(p, func(a *Arena) *arenaPool[EnvEntry] { return &a.envs }), len(v.Content))[:len(v.Content)]
	for i, item := range v.Content {
		e := &entries[i]
		e.Node, e.Span = item, p.nodeSpan(item, rawStart)
		switch item.Kind {
		case yaml.ScalarNode:
			e.Form = EnvBare
			if item.Tag != "!!str" {
				e.Form = EnvOther // - 42, - true, - null
			}
			e.Name = item.Value
			e.NameSpan = e.Span
		case yaml.MappingNode:
			p.decodeEnvMapping(e, item, rawStart)
		default:
			e.Form = EnvOther
			e.NameSpan = e.Span
		}
		fm.Env = append(fm.Env, e)
	}
}

func (p *docParser) decodeEnvMapping(e *EnvEntry, item *yaml.Node, rawStart int) {
	get := func(key string) (*yaml.Node, *yaml.Node) { return yamlpos.Pair(item, key) }
	if len(item.Content) < 2 { // no key
		e.Form = EnvOther
		e.NameSpan = e.Span
		return
	}
	if nk, nv := get("name"); nk != nil && item.Content[0].Value == "name" {
		// non-canonical object form: - name: X / description: …
		e.Form = EnvObject
		e.Name = nv.Value
		e.NameSpan = p.nodeSpan(nv, rawStart)
		if _, dv := get("description"); dv != nil {
			e.Description, e.HasDescription = dv.Value, true
			e.DescriptionSpan = p.nodeSpan(dv, rawStart)
		}
		if _, dv := get("default"); dv != nil {
			e.Default, e.DefaultSpan = dv, p.nodeSpan(dv, rawStart)
		}
		return
	}
	e.Form = EnvCanonical
	for i := 0; i+1 < len(item.Content); i += 2 {
		k, v := item.Content[i], item.Content[i+1]
		switch {
		case i == 0:
			e.Name = k.Value
			e.NameSpan = p.nodeSpan(k, rawStart)
			if v.Kind == yaml.ScalarNode && v.Tag != "!!null" {
				e.Description, e.HasDescription = v.Value, true
			}
			e.DescriptionSpan = p.nodeSpan(v, rawStart)
		case k.Value == "default" && e.Default == nil:
			e.Default, e.DefaultSpan = v, p.nodeSpan(v, rawStart)
		default:
			e.Extra = append(e.Extra, &Field{Key: k.Value, KeySpan: p.nodeSpan(k, rawStart), Value: v, ValueSpan: p.nodeSpan(v, rawStart)})
		}
	}
}

// nodeSpan maps a YAML node to a file span. yaml.v3 gives 1-based line and
// column (in characters) relative to the frontmatter text; the end is the
// end of the scalar as written, or the end of a collection's last
// descendant.
func (p *docParser) nodeSpan(n *yaml.Node, rawStart int) Span {
	sp := p.scalarSpan(n, rawStart)
	if (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && len(n.Content) > 0 {
		last := n.Content[len(n.Content)-1]
		if end := p.nodeSpan(last, rawStart).End; end.Offset > sp.End.Offset {
			sp.End = end
		}
	}
	return sp
}

// scalarSpan is nodeSpan without descending into collections.
func (p *docParser) scalarSpan(n *yaml.Node, rawStart int) Span {
	line := p.li.LineOf(rawStart) + n.Line - 1
	if n.Line <= 0 {
		line = p.li.LineOf(rawStart)
	}
	ls, le := p.li.LineStart(line), p.li.LineEnd(line)
	start := ls
	text := p.src[ls:le]
	col := 1
	for i := 0; i < len(text) && col < n.Column; {
		_, sz := decodeRune(text[i:])
		i += sz
		col++
		start = ls + i
	}
	end := le
	if n.Kind == yaml.ScalarNode {
		switch n.Style {
		case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
			q := byte('"')
			if n.Style == yaml.SingleQuotedStyle {
				q = '\''
			}
			// start < le: yaml.v3 breaks lines at a lone '\r' too, so its
			// line numbers can point past the line we index
			if start < le {
				if j := bytes.IndexByte(p.src[start+1:le], q); j >= 0 {
					end = start + 1 + j + 1
				}
			}
		case yaml.LiteralStyle, yaml.FoldedStyle:
			// block scalars: to the end of their last content line
			lines := strings.Count(strings.TrimRight(n.Value, "\n"), "\n") + 1
			if l := line + lines; l <= p.li.LineCount() && p.li.LineStart(l) < p.li.LineStart(p.li.LineOf(rawStart)+strings.Count(p.doc.Frontmatter.Raw, "\n")) {
				end = p.li.LineEnd(l)
			}
		default:
			if start+len(n.Value) <= le && string(p.src[start:start+len(n.Value)]) == n.Value {
				end = start + len(n.Value)
			} else {
				end = start + len(bytes.TrimRight(p.src[start:le], " \t"))
				if k := bytes.Index(p.src[start:end], []byte(" #")); k >= 0 {
					end = start + k
				}
			}
		}
	}
	if end < start {
		end = start
	}
	return p.span(start, end)
}
