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
	var ms []*sfmd.Marker
	for _, m := range doc.Markers {
		if m.OwnLine {
			ms = append(ms, m)
		}
	}
	// closesLater reports whether a close marker for id follows index i.
	closesLater := func(id string, i int) bool {
		for _, m := range ms[i+1:] {
			if !m.Open && m.ID == id {
				return true
			}
		}
		return false
	}
	bs := &blocksResult{}
	var stack []*sfmd.Marker
	for i, m := range ms {
		if m.Open {
			if len(stack) > 0 {
				bs.Nested = append(bs.Nested, blockIssue{marker: m, other: stack[len(stack)-1]})
			}
			stack = append(stack, m)
			continue
		}
		at := -1
		for k := len(stack) - 1; k >= 0; k-- {
			if stack[k].ID == m.ID {
				at = k
				break
			}
		}
		switch {
		case at >= 0 && at == len(stack)-1:
			stack = stack[:at]
		case at >= 0:
			// Closes an outer block while inner ones are open: an overlap
			// when an inner block is closed later, otherwise the inner
			// blocks are simply unclosed (reported at the end).
			for _, inner := range stack[at+1:] {
				if closesLater(inner.ID, i) {
					bs.Mismatch = append(bs.Mismatch, blockIssue{marker: m, other: inner})
					break
				}
			}
			stack = append(stack[:at], stack[at+1:]...)
		case len(stack) > 0 && !closesLater(stack[len(stack)-1].ID, i):
			// A close marker naming no open block while the innermost one
			// is never closed: a mistyped closing ID.
			bs.Mismatch = append(bs.Mismatch, blockIssue{marker: m, other: stack[len(stack)-1]})
			stack = stack[:len(stack)-1]
		default:
			bs.Orphan = append(bs.Orphan, blockIssue{marker: m})
		}
	}
	for _, m := range stack {
		bs.Unclosed = append(bs.Unclosed, blockIssue{marker: m})
	}
	return bs
}

func blockStructure(pass *lint.Pass) *blocksResult {
	bs, _ := pass.ResultOf[blocksAnalyzer].(*blocksResult)
	if bs == nil {
		return &blocksResult{}
	}
	return bs
}

// blockOpened reports whether the document opens a block id on its own line.
func blockOpened(doc *sfmd.Document, id string) bool {
	for _, m := range doc.Markers {
		if m.Open && m.OwnLine && m.ID == id {
			return true
		}
	}
	return false
}
