package sfmd

import (
	"strings"
	"unsafe"
)

// slab hands out pointers into chunks of T so that a document's many small
// AST nodes cost a few allocations instead of one each. Parse sizes the
// first chunk from cheap counts of the source (see docParser.sizeSlabs);
// when that runs out, further chunks grow from 8 to 256 elements. Nodes
// live as long as their document.
// With an Arena the chunks are carved from its memory (from).
type slab[T any] struct {
	buf  []T
	from *arenaPool[T]
}

// reserve makes the next n calls to new share one allocation, capped at
// maxReserve elements so that a pathological count cannot reserve
// gigabytes.
func (s *slab[T]) reserve(n int) {
	n = min(n, maxReserve)
	if n > cap(s.buf)-len(s.buf) {
		s.buf = take(s.from, n)
	}
}

// maxReserve bounds one reserved chunk.
const maxReserve = 4096

// new returns the next element, zero, with its first byte already written
// (see touch).
func (s *slab[T]) new() *T {
	if n := len(s.buf); n < cap(s.buf) {
		s.buf = s.buf[:n+1]
		return touch(&s.buf[n])
	}
	return s.grow()
}

// grow starts a new chunk (twice the last, from 8 to 256 elements) and
// returns its first element as new does.
func (s *slab[T]) grow() *T {
	n := 2 * cap(s.buf)
	if n < 8 {
		n = 8
	} else if n > 256 {
		n = 256
	}
	s.buf = take(s.from, n)[:1]
	return touch(&s.buf[0])
}

// touch writes a zero over the first byte of x, which is zero: the first
// touch of a fresh element is then a write. new is not inlined, so its
// caller tests the pointer it returns for nil with a read of the element's
// first byte; when the element began a page the heap had not touched yet,
// that read mapped the kernel's zero page and the caller's first write
// faulted a second time to replace it (two faults and a TLB flush instead
// of one; one parse of the 10 MB document with the collector off faulted
// 40,030 times before touch, 39,370 after, getrusage around sfmd.Parse). TestSlabFirstTouchWrites
// holds it.
func touch[T any](x *T) *T {
	if unsafe.Sizeof(*x) > 0 {
		*(*byte)(unsafe.Pointer(x)) = 0
	}
	return x
}

// ptrs backs many short []*T slices (a template's references, a param's
// constraints) with a few shared arrays.
type ptrs[T any] struct {
	buf  []*T
	from *arenaPool[*T]
}

func (s *ptrs[T]) reserve(n int) {
	n = min(n, maxReserve)
	if n > cap(s.buf)-len(s.buf) {
		s.buf = take(s.from, n)
	}
}

// slice copies xs into the shared backing array and returns them as a
// slice with no spare capacity (appending to it copies), or nil when xs is
// empty.
func (s *ptrs[T]) slice(xs []*T) []*T {
	if len(xs) == 0 {
		return nil
	}
	if len(s.buf)+len(xs) > cap(s.buf) {
		c := min(max(2*cap(s.buf), 64), 1024)
		s.buf = take(s.from, max(c, len(xs)))
	}
	start := len(s.buf)
	s.buf = append(s.buf, xs...)
	return s.buf[start:len(s.buf):len(s.buf)]
}

// carve returns an empty slice with room for n pointers in shared storage
// (appending beyond n copies).
func (s *ptrs[T]) carve(n int) []*T {
	if n <= 0 {
		return nil
	}
	if len(s.buf)+n > cap(s.buf) {
		c := min(max(2*cap(s.buf), 64), 1024)
		s.buf = take(s.from, max(c, n))
	}
	start := len(s.buf)
	s.buf = s.buf[:start+n]
	return s.buf[start : start : start+n]
}

// nodes holds the slabs of one parse.
type nodes struct {
	refs      slab[VarRef]
	templates slab[Template]
	lines     slab[TemplateLine]
	params    slab[Param]
	cons      slab[Constraint]
	headers   slab[Header]
	fences    slab[Fence]
	markers   slab[Marker]
	actions   slab[Action]
	responses slab[Response]
	hints     slab[Hint]
	links     slab[Link]     // with an Arena only (newLink)
	shortcuts slab[Shortcut] // with an Arena only (newShortcut)
	bodies    slab[Body]
	inlines   slab[InlineBody]

	refPtrs   ptrs[VarRef]
	consPtrs  ptrs[Constraint]
	paramPtrs ptrs[Param]
	linePtrs  ptrs[TemplateLine]
	// every Action.Headers and Action.Bodies
	headerPtrs ptrs[Header]
	bodyPtrs   ptrs[Body]
	// fenceLines backs every Fence.Lines, segs every VarRef.Path, mods
	// every VarRef.Modifiers
	fenceLines []Line
	segs       []PathSeg
	mods       []string
	// texts backs the Text of every multi-line body (finishBody): never
	// from an Arena, as strings in the tree outlive its Release
	texts []byte
	// nRefs counts the references refSlice stored: every one the parse
	// keeps but the prose's (a counter in newRef kept braceRef's found
	// from being inlined: go build -gcflags=-m)
	nRefs int
	// with an Arena, what backs them is carved from its pools
	linePool *arenaPool[Line]
	segPool  *arenaPool[PathSeg]
	modPool  *arenaPool[string]
}

// newLink returns v as a new *Link: from the slab with an arena, else
// alone (most documents have a few links: a slab's first chunk would
// cost more than they do).
func (p *docParser) newLink(v Link) *Link { return slabWithArena(p, &p.links, v) }

// newShortcut is newLink for shortcuts.
func (p *docParser) newShortcut(v Shortcut) *Shortcut { return slabWithArena(p, &p.shortcuts, v) }

// slabWithArena returns v as a new *T: from s when p parses into an
// arena, else allocated alone (see newLink).
func slabWithArena[T any](p *docParser, s *slab[T], v T) *T {
	var x *T
	if p.arena == nil {
		x = new(T) // not &v: v would be moved to the heap on every call
	} else {
		x = s.new()
	}
	*x = v
	return x
}

// newRef returns a reference from the slab, filled with v.
func (n *nodes) newRef(v VarRef) *VarRef {
	r := n.refs.new()
	*r = v
	return r
}

// refSlice returns rs as a slice in shared storage (see ptrs.slice), and
// counts them (nRefs).
func (n *nodes) refSlice(rs []*VarRef) []*VarRef {
	n.nRefs += len(rs)
	return n.refPtrs.slice(rs)
}

// splitMods is strings.Split(s, "|") in shared storage: the slice has no
// spare capacity (appending to it copies), as strings.Split's has none.
// The first chunk holds the first list exactly (a document with one
// modified placeholder costs what strings.Split did), each next one twice
// the last, up to 1024 strings.
func (n *nodes) splitMods(s string) []string {
	c := 1 + strings.Count(s, "|")
	if c > cap(n.mods)-len(n.mods) {
		n.mods = take(n.modPool, max(c, min(2*cap(n.mods), 1024)))
	}
	start := len(n.mods)
	for {
		i := strings.IndexByte(s, '|')
		if i < 0 {
			break
		}
		n.mods = append(n.mods, s[:i])
		s = s[i+1:]
	}
	n.mods = append(n.mods, s)
	return n.mods[start:len(n.mods):len(n.mods)]
}

// textRoom returns an empty byte slice with room for size bytes in a
// shared chunk, whose bytes nothing else writes: the chunks are never
// reused, so a string made from what is appended to it stays as it is.
// The first chunk holds the first text exactly, each next one twice the
// last, up to 64 KB (or the text).
func (n *nodes) textRoom(size int) []byte {
	if size > cap(n.texts)-len(n.texts) {
		n.texts = make([]byte, 0, max(size, min(2*cap(n.texts), 64<<10)))
	}
	start := len(n.texts)
	return n.texts[start : start : start+size]
}

// keepText marks the bytes of buf, which textRoom returned, as used
// and returns them as a string.
func (n *nodes) keepText(buf []byte) string {
	if len(buf) == 0 {
		return ""
	}
	n.texts = n.texts[:len(n.texts)+len(buf)]
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// lineSlice returns a Line slice of length 0 and capacity n carved from
// one shared array (appending beyond n copies).
func (n *nodes) lineSlice(c int) []Line {
	if c > cap(n.fenceLines)-len(n.fenceLines) {
		n.fenceLines = take(n.linePool, max(c, min(2*cap(n.fenceLines), 1024)))
	}
	start := len(n.fenceLines)
	n.fenceLines = n.fenceLines[:start+c]
	return n.fenceLines[start : start : start+c]
}
