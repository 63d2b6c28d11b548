package sfmd

import (
	"reflect"
	"slices"
	"unsafe"

	"go.yaml.in/yaml/v3"
)

// Arena recycles the memory of parsed documents: the documents Parse
// parses from an arena carve their nodes (references, template lines,
// fences, actions, frontmatter YAML nodes, line starts, …) from memory the
// arena keeps, and Release hands that memory to the next documents parsed
// from it. A document then costs a few allocations of the parse's own
// instead of its nodes' bytes again: `sfmd lint` allocated a third less
// on the upstream corpus with the first arena (11.4 MB to 7.8 MB a pass,
// BenchmarkLintUpstream; SFMD_DEBUG_ARENA=off measures it without).
//
// Release ends the life of every document parsed from the arena since the
// last Release: their nodes are zeroed and then reused, so whatever still
// points into one of them (a *VarRef, a Fence's Lines, a Document's
// Actions) reads another document's nodes, or zeros. Only an owner that
// knows when nothing reads a document any more may release it (lint's
// per-file check, once the findings are collected); a document that is
// kept (the editor's, the workspace's cache of other files) must come
// from Parse. Strings in the tree alias the source, which the arena does
// not own: they stay valid. An Arena is not safe for concurrent use.
type Arena struct {
	refs      arenaPool[VarRef]
	templates arenaPool[Template]
	lines     arenaPool[TemplateLine]
	params    arenaPool[Param]
	cons      arenaPool[Constraint]
	headers   arenaPool[Header]
	fences    arenaPool[Fence]
	markers   arenaPool[Marker]
	actions   arenaPool[Action]
	responses arenaPool[Response]
	hints     arenaPool[Hint]
	bodies    arenaPool[Body]
	inlines   arenaPool[InlineBody]

	refPtrs    arenaPool[*VarRef]
	consPtrs   arenaPool[*Constraint]
	paramPtrs  arenaPool[*Param]
	linePtrs   arenaPool[*TemplateLine]
	headerPtrs arenaPool[*Header]
	bodyPtrs   arenaPool[*Body]

	fenceLines arenaPool[Line]
	segs       arenaPool[PathSeg]
	mods       arenaPool[string]
	starts     arenaPool[int]

	docFences    arenaPool[*Fence]
	docActions   arenaPool[*Action]
	docResponses arenaPool[*Response]
	docMarkers   arenaPool[*Marker]

	yamlNodes arenaPool[yaml.Node]
	yamlPtrs  arenaPool[*yaml.Node]

	docs         arenaPool[Document]
	lineIndexes  arenaPool[LineIndex]
	links        arenaPool[Link]
	shortcuts    arenaPool[Shortcut]
	frontmatters arenaPool[Frontmatter]
	fields       arenaPool[Field]
	fieldPtrs    arenaPool[*Field]
	envs         arenaPool[EnvEntry]
	envPtrs      arenaPool[*EnvEntry]
	placeholders arenaPool[Placeholder]

	// the parser's own state and fastYAML's stack, reused from one parse
	// to the next
	parser    docParser
	yamlStack []*yaml.Node

	all    []releaser
	poison bool
}

// NewArena returns an empty arena.
func NewArena() *Arena {
	a := &Arena{}
	a.all = []releaser{&a.refs, &a.templates, &a.lines, &a.params, &a.cons, &a.headers, &a.fences,
		&a.markers, &a.actions, &a.responses, &a.hints, &a.refPtrs, &a.consPtrs, &a.paramPtrs, &a.linePtrs,
		&a.fenceLines, &a.segs, &a.mods, &a.starts, &a.docFences, &a.docActions, &a.docResponses,
		&a.docMarkers, &a.yamlNodes, &a.yamlPtrs, &a.docs, &a.lineIndexes, &a.links, &a.shortcuts,
		&a.frontmatters, &a.fields, &a.fieldPtrs, &a.envs, &a.envPtrs, &a.placeholders,
		&a.bodies, &a.inlines, &a.headerPtrs, &a.bodyPtrs}
	return a
}

// PoisonOnRelease makes Release overwrite the released memory with
// recognisable garbage (strings that read "\u2620released", numbers
// 0x5A5A5A5A, true, nil pointers and slices) instead of zeros, and zero
// it only when it is reused: a debugging aid that turns a read of a
// released document into a visible difference (SFMD_DEBUG_ARENA=poison
// in `sfmd lint`).
func (a *Arena) PoisonOnRelease() { a.poison = true }

// Parse is the package's Parse with the document's memory carved from a.
func (a *Arena) Parse(path string, src []byte) *Document { return parseIn(path, src, false, a) }

// Release ends the life of every document parsed from a since the last
// Release (see Arena) and keeps their memory for the next ones.
func (a *Arena) Release() {
	for _, p := range a.all {
		p.release(a.poison)
	}
	a.parser = docParser{}
}

// attach makes the slabs of n carve from a (nil: from new allocations).
func (n *nodes) attach(a *Arena) {
	if a == nil {
		return
	}
	n.refs.from, n.templates.from, n.lines.from, n.params.from = &a.refs, &a.templates, &a.lines, &a.params
	n.cons.from, n.headers.from, n.fences.from, n.markers.from = &a.cons, &a.headers, &a.fences, &a.markers
	n.actions.from, n.responses.from, n.hints.from = &a.actions, &a.responses, &a.hints
	n.links.from, n.shortcuts.from = &a.links, &a.shortcuts
	n.bodies.from, n.inlines.from, n.headerPtrs.from, n.bodyPtrs.from = &a.bodies, &a.inlines, &a.headerPtrs, &a.bodyPtrs
	n.refPtrs.from, n.consPtrs.from, n.paramPtrs.from, n.linePtrs.from = &a.refPtrs, &a.consPtrs, &a.paramPtrs, &a.linePtrs
	n.linePool, n.segPool, n.modPool = &a.fenceLines, &a.segs, &a.mods
}

// docPool returns the pool of p's arena that f picks, nil without an
// arena.
func docPool[T any](p *docParser, f func(*Arena) *arenaPool[T]) *arenaPool[T] {
	if p.arena == nil {
		return nil
	}
	return f(p.arena)
}

// keepYAMLStack keeps the stack fastYAML grew in d for the next
// document, empty.
func (a *Arena) keepYAMLStack(d *fastDecoder) {
	clear(d.stack[:cap(d.stack)])
	a.yamlStack = d.stack[:0]
}

// one returns a zero T carved from p (a new one when p is nil).
func one[T any](p *arenaPool[T]) *T {
	s := take(p, 1)[:1]
	return &s[0]
}

type releaser interface{ release(poison bool) }

// arenaPool is an arena's memory for one type: one chunk that take carves from
// the front, and the chunks that ran out while the documents of this
// round were parsed. release zeroes what was carved and, when the round
// carved more than the chunk holds, replaces the chunk by one that holds
// it all, so that documents of about the same size find their memory in
// one chunk from then on.
type arenaPool[T any] struct {
	chunk []T
	off   int
	spent [][]T // earlier chunks of the round, dropped at release
	used  int   // elements carved in the round
	dirty bool  // the chunk holds poison: take zeroes what it carves
}

// maxPoolBytes bounds the chunk a pool keeps after release, so that one
// huge document's memory is not held for the rest of the run.
const maxPoolBytes = 1 << 20

// take returns an empty slice with capacity at least n carved from p (a
// new allocation when p is nil), never nil. What it allocates, it hands
// out whole: the runtime rounds an allocation's size up to a size class,
// or past 32 KB to whole 8 KB pages (a slab's chunk of 256 template lines
// of 200 bytes takes 57,344 bytes, room for 286), and the slice's
// capacity is all of it, so that a slab growing by chunks wastes none of
// its memory.
func take[T any](p *arenaPool[T], n int) []T {
	if n <= 0 {
		return make([]T, 0)
	}
	if p == nil {
		return slices.Grow([]T(nil), n)
	}
	if p.off+n > len(p.chunk) {
		if p.off > 0 {
			p.spent = append(p.spent, p.chunk[:p.off])
		}
		c := slices.Grow([]T(nil), n)
		p.chunk, p.off, p.dirty = c[:cap(c)], 0, false
		n = len(p.chunk)
	}
	s := p.chunk[p.off : p.off : p.off+n]
	if p.dirty {
		clear(s[:n])
	}
	p.off += n
	p.used += n
	return s
}

func (p *arenaPool[T]) release(poison bool) {
	if poison {
		for _, c := range p.spent {
			poisonAll(c)
		}
	}
	clear(p.spent)
	p.spent = p.spent[:0]
	carved := p.chunk[:p.off]
	if poison {
		poisonAll(carved)
		p.dirty = true
	} else {
		clear(carved)
	}
	var zero T
	switch size := int(unsafe.Sizeof(zero)); {
	case p.used*size > maxPoolBytes:
		p.chunk, p.dirty = nil, false
	case p.used > len(p.chunk): // a quarter more for the next ones
		p.chunk, p.dirty = make([]T, p.used+p.used/4), false
	}
	p.off, p.used = 0, 0
}

// poisonAll overwrites xs with garbage (see PoisonOnRelease).
func poisonAll[T any](xs []T) {
	for i := range xs {
		poisonValue(reflect.ValueOf(&xs[i]).Elem())
	}
}

func poisonValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("\u2620released")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(0x5A5A5A5A) // truncated to the type's size
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(0x5A5A5A5A)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(-1e300)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				poisonValue(f)
			} else {
				poisonValue(reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem())
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			poisonValue(v.Index(i))
		}
	default: // pointers, slices, maps, interfaces, funcs, channels
		v.SetZero()
	}
}
