package sfmd

// slab hands out pointers into chunks of T so that a document's many small
// AST nodes cost a few allocations instead of one each. Chunks grow from 8
// to 256 elements; nodes live as long as their document.
type slab[T any] struct{ buf []T }

func (s *slab[T]) new() *T {
	if len(s.buf) == cap(s.buf) {
		n := 2 * cap(s.buf)
		if n < 8 {
			n = 8
		} else if n > 256 {
			n = 256
		}
		s.buf = make([]T, 0, n)
	}
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// nodes holds the slabs of one parse.
type nodes struct {
	refs      slab[VarRef]
	templates slab[Template]
	lines     slab[TemplateLine]
	params    slab[Param]
	cons      slab[Constraint]
	headers   slab[Header]
	// refPtrs backs the []*VarRef slices of templates
	refPtrs []*VarRef
}

// newRef returns a zeroed reference from the slab, filled with v.
func (n *nodes) newRef(v VarRef) *VarRef {
	r := n.refs.new()
	*r = v
	return r
}

// refSlice appends rs to the shared backing array and returns them as a
// slice with no spare capacity (appending to it copies).
func (n *nodes) refSlice(rs ...*VarRef) []*VarRef {
	if len(rs) == 0 {
		return nil
	}
	if len(n.refPtrs)+len(rs) > cap(n.refPtrs) {
		c := 2 * cap(n.refPtrs)
		if c < 64 {
			c = 64
		}
		if c > 1024 {
			c = 1024
		}
		if c < len(rs) {
			c = len(rs)
		}
		n.refPtrs = make([]*VarRef, 0, c)
	}
	start := len(n.refPtrs)
	n.refPtrs = append(n.refPtrs, rs...)
	return n.refPtrs[start:len(n.refPtrs):len(n.refPtrs)]
}
