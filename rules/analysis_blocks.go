package rules

import (
	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// The block-structure analysis shared by the rules about block markers
// <!-- #id --> / <!-- /id --> (spec.md §1.5, §2.3).

// blockIssue is one structural finding of the block structure.
type blockIssue struct {
	marker *sfmd.Marker
	other  *sfmd.Marker // the block concerned (open marker), when any
}

// blocksResult is the result of blocksAnalyzer: how the own-line
// markers of a document nest.
type blocksResult struct {
	Unclosed []blockIssue // open markers never closed
	Mismatch []blockIssue // close markers that close the wrong block (other: the block left open or overlapped)
	Orphan   []blockIssue // close markers with no open block
	Nested   []blockIssue // open markers inside another block (other: the enclosing block)

	opened map[string]bool // ids some own-line marker opens, made by the first blockOpened
	ms     []*sfmd.Marker  // the own-line markers, which opened is made from
}

// blocksAnalyzer matches the own-line block markers of a document.
// Markers that are not on their own line are not markers to the runtime
// and are left out (block-marker-not-own-line reports them).
var blocksAnalyzer = &lint.Analyzer{
	Name:   "blocks",
	Shared: true,
	Doc: lint.Doc{
		Title: "block marker structure of a document",
		Why:   "shared analysis: which block markers open, close, nest, overlap or are left unmatched",
	},
	Run: func(pass *lint.Pass) (any, error) { return buildBlocks(pass.Doc), nil },
}

func buildBlocks(doc *sfmd.Document) *blocksResult {
	own, opens := 0, 0
	for _, m := range doc.Markers {
		if m.OwnLine {
			own++
			if m.Open {
				opens++
			}
		}
	}
	ms := make([]*sfmd.Marker, 0, own)
	for _, m := range doc.Markers {
		if m.OwnLine {
			ms = append(ms, m)
		}
	}
	bs := &blocksResult{ms: ms}
	// lastClose is the index in ms of the last close marker of each id,
	// made for the first closesLater (most documents close each block
	// where the stack's top is that block, and never ask)
	var lastClose map[string]int
	closesLater := func(id string, i int) bool {
		if lastClose == nil {
			lastClose = make(map[string]int, own-opens)
			for j, m := range ms {
				if !m.Open {
					lastClose[m.ID] = j
				}
			}
		}
		j, ok := lastClose[id]
		return ok && j > i
	}
	s := newMarkerStack(opens)
	for i, m := range ms {
		if m.Open {
			if t := s.top(); t >= 0 {
				bs.Nested = append(bs.Nested, blockIssue{marker: m, other: s.ents[t]})
			}
			s.push(m)
			continue
		}
		top := s.top()
		if symFast && top >= 0 && s.ents[top].ID == m.ID {
			s.remove(top) // closes the innermost block: lastOf(m.ID) is top (TestSymFast)
			continue
		}
		at := s.lastOf(m.ID)
		switch {
		case at >= 0 && at == top:
			s.remove(at)
		case at >= 0:
			// Closes an outer block while inner ones are open: an overlap
			// when an inner block is closed later, otherwise the inner
			// blocks are simply unclosed (reported at the end).
			if k := s.firstAbove(at, func(o *sfmd.Marker) bool { return closesLater(o.ID, i) }); k >= 0 {
				bs.Mismatch = append(bs.Mismatch, blockIssue{marker: m, other: s.ents[k]})
			}
			s.remove(at)
		case top >= 0 && !closesLater(s.ents[top].ID, i):
			// A close marker naming no open block while the innermost one
			// is never closed: a mistyped closing ID.
			bs.Mismatch = append(bs.Mismatch, blockIssue{marker: m, other: s.ents[top]})
			s.remove(top)
		default:
			bs.Orphan = append(bs.Orphan, blockIssue{marker: m})
		}
	}
	for k, m := range s.ents {
		if s.alive[k] {
			bs.Unclosed = append(bs.Unclosed, blockIssue{marker: m})
		}
	}
	return bs
}

// markerStack is the stack of open block markers, from which a close
// marker may also remove a block below the top. Every operation is
// amortized constant time (a document of 70,000 markers took 10 s with
// rescans of the stack): entries stay in push order, removed ones are
// skipped through path-compressed links, and an entry firstAbove has
// rejected is skipped for good (rejection must be permanent).
type markerStack struct {
	ents  []*sfmd.Marker
	alive []bool
	down  []int            // down[k] leads to the nearest live entry at or below k
	up    []int            // up[k] leads to the nearest candidate for firstAbove at or above k
	byID  map[string][]int // the entries of each id, in push order
	first []int            // each id's first entry, a slice of which starts its byID
}

// newMarkerStack is a stack for n pushes.
func newMarkerStack(n int) *markerStack {
	return &markerStack{ents: make([]*sfmd.Marker, 0, n), alive: make([]bool, 0, n), down: make([]int, 0, n), up: make([]int, 0, n)}
}

func (s *markerStack) push(m *sfmd.Marker) {
	k := len(s.ents)
	s.ents = append(s.ents, m)
	s.alive = append(s.alive, true)
	s.down = append(s.down, k)
	s.up = append(s.up, k)
	if s.byID != nil || !symFast {
		s.index(k)
	}
}

// index adds entry k to byID (made by the first lastOf: a close marker
// of the top block never asks).
func (s *markerStack) index(k int) {
	if s.byID == nil {
		s.byID = make(map[string][]int, cap(s.ents))
		s.first = make([]int, 0, cap(s.ents))
	}
	m := s.ents[k]
	if ks, ok := s.byID[m.ID]; ok {
		s.byID[m.ID] = append(ks, k)
		return
	}
	// most ids are opened once: their list is one element of first (of
	// capacity one, so that growing it copies it), not an allocation
	s.first = append(s.first, k)
	n := len(s.first)
	s.byID[m.ID] = s.first[n-1 : n : n]
}

func (s *markerStack) remove(k int) {
	s.alive[k] = false
	s.down[k] = k - 1
	s.up[k] = k + 1
}

// top is the index of the innermost open block, or -1.
func (s *markerStack) top() int { return s.findDown(len(s.ents) - 1) }

// lastOf is the index of the innermost open block with id, or -1.
func (s *markerStack) lastOf(id string) int {
	if s.byID == nil {
		if len(s.ents) == 0 {
			return -1
		}
		for k := range s.ents {
			s.index(k)
		}
	}
	ks := s.byID[id]
	for len(ks) > 0 && !s.alive[ks[len(ks)-1]] {
		ks = ks[:len(ks)-1]
	}
	s.byID[id] = ks
	if len(ks) == 0 {
		return -1
	}
	return ks[len(ks)-1]
}

// firstAbove is the index of the first open block above k that ok
// accepts, or -1.
func (s *markerStack) firstAbove(k int, ok func(*sfmd.Marker) bool) int {
	for j := s.findUp(k + 1); j < len(s.ents); j = s.findUp(j + 1) {
		if ok(s.ents[j]) {
			return j
		}
		s.up[j] = j + 1
	}
	return -1
}

func (s *markerStack) findDown(k int) int {
	r := k
	for r >= 0 && s.down[r] != r {
		r = s.down[r]
	}
	for k >= 0 && s.down[k] != k { // path compression
		k, s.down[k] = s.down[k], r
	}
	return r
}

func (s *markerStack) findUp(k int) int {
	r := k
	for r < len(s.ents) && s.up[r] != r {
		r = s.up[r]
	}
	for k < len(s.ents) && s.up[k] != k {
		k, s.up[k] = s.up[k], r
	}
	return r
}

func blockStructure(pass *lint.Pass) *blocksResult {
	bs, _ := pass.ResultOf[blocksAnalyzer].(*blocksResult)
	if bs == nil {
		return &blocksResult{}
	}
	return bs
}

// blockOpened reports whether the document opens a block id on its own line.
func (bs *blocksResult) blockOpened(id string) bool {
	if bs.opened == nil {
		bs.opened = map[string]bool{}
		for _, m := range bs.ms {
			if m.Open {
				bs.opened[m.ID] = true
			}
		}
	}
	return bs.opened[id]
}
