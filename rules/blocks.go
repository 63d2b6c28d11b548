package rules

import (
	"fmt"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// Rules about block markers <!-- #id --> / <!-- /id --> (spec.md §1.5,
// §2.3). block-id-invalid and block-id-duplicate live with the identifier
// and duplicate rules.

func init() {
	register(
		BlockUnclosed,
		BlockCloseMismatch,
		BlockCloseOrphan,
		BlockMarkerNotOwnLine,
		BlockMarkerMalformed,
		BlockNestedCompat,
		BlockIDCollidesInclude,
	)
}

// blockIssue is one structural finding of the block structure.
type blockIssue struct {
	marker *sfmd.Marker
	other  *sfmd.Marker // the block concerned (open marker), when any
}

// BlockStructure is the result of BlocksAnalyzer: how the own-line
// markers of a document nest.
type BlockStructure struct {
	Unclosed []blockIssue // open markers never closed
	Mismatch []blockIssue // close markers that close the wrong block (other: the block left open or overlapped)
	Orphan   []blockIssue // close markers with no open block
	Nested   []blockIssue // open markers inside another block (other: the enclosing block)
}

// BlocksAnalyzer matches the own-line block markers of a document.
// Markers that are not on their own line are not markers to the runtime
// and are left out (block-marker-not-own-line reports them).
var BlocksAnalyzer = &lint.Analyzer{
	Name:   "blocks",
	Shared: true,
	Doc: lint.Doc{
		Title: "block marker structure of a document",
		Why:   "shared analysis: which block markers open, close, nest, overlap or are left unmatched",
	},
	Run: func(pass *lint.Pass) (any, error) { return buildBlocks(pass.Doc), nil },
}

func buildBlocks(doc *sfmd.Document) *BlockStructure {
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
	bs := &BlockStructure{}
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

func blockStructure(pass *lint.Pass) *BlockStructure {
	bs, _ := pass.ResultOf[BlocksAnalyzer].(*BlockStructure)
	if bs == nil {
		return &BlockStructure{}
	}
	return bs
}

// BlockUnclosed reports block markers that are never closed.
var BlockUnclosed = &lint.Analyzer{
	Name:     "block-unclosed",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block is never closed",
		Why:   "a block needs its closing marker; without it `document.md#id` cannot be extracted and the runtime reports the block as missing",
		Bad:   "<!-- #summary -->\nText\n",
		Good:  "<!-- #summary -->\nText\n<!-- /summary -->\n",
	},
	Requires: []*lint.Analyzer{BlocksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, b := range blockStructure(pass).Unclosed {
			pass.Reportf(b.marker.IDSpan, "block %q opened here is never closed; add <!-- /%s --> on its own line where the block ends", b.marker.ID, b.marker.ID)
		}
		return nil, nil
	},
}

// BlockCloseMismatch reports closing markers that close the wrong block.
var BlockCloseMismatch = &lint.Analyzer{
	Name:     "block-close-mismatch",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "closing marker does not match the open block",
		Why:   "the IDs of the opening and closing markers MUST match and blocks may nest but not overlap; otherwise the extracted content is not what the author meant",
		Bad:   "<!-- #a -->\n<!-- #b -->\nText\n<!-- /a -->\n<!-- /b -->\n",
		Good:  "<!-- #a -->\n<!-- #b -->\nText\n<!-- /b -->\n<!-- /a -->\n",
	},
	Requires: []*lint.Analyzer{BlocksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		doc := pass.Doc
		for _, b := range blockStructure(pass).Mismatch {
			m, o := b.marker, b.other
			d := lint.Diagnostic{Span: m.IDSpan, Related: []lint.Related{{Span: o.IDSpan, Message: "block opened here"}}}
			if blockOpened(doc, m.ID) {
				d.Message = fmt.Sprintf("<!-- /%s --> closes block %q while block %q (opened on line %d inside it) is still open, so the blocks overlap; close %q first", m.ID, m.ID, o.ID, o.IDSpan.Start.Line, o.ID)
			} else {
				d.Message = fmt.Sprintf("<!-- /%s --> does not match the open block %q (line %d); did you mean <!-- /%s -->?", m.ID, o.ID, o.IDSpan.Start.Line, o.ID)
				if src(doc, m.IDSpan) == m.ID {
					d.Fixes = []lint.Fix{{
						Message: fmt.Sprintf("close block %q", o.ID),
						Safe:    levenshtein(m.ID, o.ID) <= 2,
						Edits:   []lint.Edit{{Start: m.IDSpan.Start.Offset, End: m.IDSpan.End.Offset, New: o.ID}},
					}}
				}
			}
			pass.Report(d)
		}
		return nil, nil
	},
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

// BlockCloseOrphan reports closing markers without an open block.
var BlockCloseOrphan = &lint.Analyzer{
	Name:     "block-close-orphan",
	Severity: lint.Error,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "closing marker without an open block",
		Why:   "a closing marker that closes nothing is left over from a removed or renamed block; the reference parser rejects the document with UNEXPECTED_BLOCK_CLOSE",
		Bad:   "Text\n<!-- /notes -->\n",
		Good:  "<!-- #notes -->\nText\n<!-- /notes -->\n",
	},
	Requires: []*lint.Analyzer{BlocksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, b := range blockStructure(pass).Orphan {
			m := b.marker
			msg := fmt.Sprintf("<!-- /%s --> closes no open block", m.ID)
			if blockOpened(pass.Doc, m.ID) {
				msg += fmt.Sprintf(" (block %q is already closed); remove this marker", m.ID)
			} else {
				msg += fmt.Sprintf("; add <!-- #%s --> where the block starts or remove this marker", m.ID)
			}
			pass.Reportf(m.Span, "%s", msg)
		}
		return nil, nil
	},
}

// BlockMarkerNotOwnLine reports markers sharing their line with text.
var BlockMarkerNotOwnLine = &lint.Analyzer{
	Name:     "block-marker-not-own-line",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block marker is not on its own line",
		Why:   "markers MUST each be on their own line; a marker inside a line of text is not recognised at all, so the block does not exist",
		Bad:   "Intro <!-- #intro --> text\n",
		Good:  "<!-- #intro -->\nIntro text\n<!-- /intro -->\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, m := range pass.Doc.Markers {
			if m.OwnLine {
				continue
			}
			kind := "opening"
			if !m.Open {
				kind = "closing"
			}
			pass.Reportf(m.Span, "%s marker of block %q shares its line with other text, so it is not recognised; put it on a line of its own", kind, m.ID)
		}
		return nil, nil
	},
}

// BlockMarkerMalformed reports markers without the exact spacing.
var BlockMarkerMalformed = &lint.Analyzer{
	Name:     "block-marker-malformed",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block marker is not exactly <!-- #id -->",
		Why:   "the reference parser only recognises the exact spacing `<!-- #id -->` / `<!-- /id -->`; `<!--#intro-->` or `<!-- # intro -->` is an ordinary comment to it",
		Bad:   "<!--#intro-->\nHello.\n<!-- /intro -->\n",
		Good:  "<!-- #intro -->\nHello.\n<!-- /intro -->\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		for _, m := range pass.Doc.Markers {
			if m.Exact || !m.OwnLine {
				continue
			}
			sigil := "#"
			if !m.Open {
				sigil = "/"
			}
			want := fmt.Sprintf("<!-- %s%s -->", sigil, m.ID)
			pass.Report(lint.Diagnostic{
				Span:    m.Span,
				Message: fmt.Sprintf("block marker %s is not written exactly, so the reference runtime ignores it; write %s", src(pass.Doc, m.Span), want),
				Fixes: []lint.Fix{{
					Message: "write " + want,
					Safe:    true,
					Edits:   []lint.Edit{{Start: m.Span.Start.Offset, End: m.Span.End.Offset, New: want}},
				}},
			})
		}
		return nil, nil
	},
}

// BlockNestedCompat reports nested blocks, which the reference runtime
// rejects.
var BlockNestedCompat = &lint.Analyzer{
	Name:     "block-nested-compat",
	Severity: lint.Info,
	Profile:  lint.Runtime,
	Doc: lint.Doc{
		Title: "nested block is rejected by the reference runtime",
		Why:   "the spec allows nested blocks, but the reference parser fails with NESTED_BLOCK; flat sibling blocks work everywhere",
		Bad:   "<!-- #report -->\n<!-- #summary -->\nText\n<!-- /summary -->\n<!-- /report -->\n",
		Good:  "<!-- #report -->\nText\n<!-- /report -->\n\n<!-- #summary -->\nText\n<!-- /summary -->\n",
	},
	Requires: []*lint.Analyzer{BlocksAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		for _, b := range blockStructure(pass).Nested {
			pass.Report(lint.Diagnostic{
				Span:    b.marker.IDSpan,
				Message: fmt.Sprintf("block %q is nested inside block %q (line %d), which the reference runtime rejects with NESTED_BLOCK; make them sibling blocks", b.marker.ID, b.other.ID, b.other.IDSpan.Start.Line),
				Related: []lint.Related{{Span: b.other.IDSpan, Message: "enclosing block opened here"}},
			})
		}
		return nil, nil
	},
}

// BlockIDCollidesInclude reports a block ID equal to an include ID.
var BlockIDCollidesInclude = &lint.Analyzer{
	Name:     "block-id-collides-include",
	Severity: lint.Warning,
	Profile:  lint.Core,
	Doc: lint.Doc{
		Title: "block ID is also an include ID",
		Why:   "included content is addressed as `document.md#id` like a block, so a block and an include with the same ID make the address ambiguous (BLOCK_ID_COLLISION)",
		Bad:   "<!-- #pricing -->\nPrices.\n<!-- /pricing -->\n\n[!include:pricing]()\n",
		Good:  "<!-- #prices -->\nPrices.\n<!-- /prices -->\n\n[!include:pricing]()\n",
	},
	Run: func(pass *lint.Pass) (any, error) {
		includes := map[string]*sfmd.Directive{}
		for _, d := range pass.Doc.Directives {
			if d.Type == "include" && d.OwnLine && d.Name != "" && includes[d.Name] == nil {
				includes[d.Name] = d
			}
		}
		if len(includes) == 0 {
			return nil, nil
		}
		for _, m := range pass.Doc.Markers {
			if !m.Open || !m.OwnLine {
				continue
			}
			d := includes[m.ID]
			if d == nil {
				continue
			}
			pass.Report(lint.Diagnostic{
				Span:    m.IDSpan,
				Message: fmt.Sprintf("block %q has the same ID as the include on line %d, so %q addresses both; rename the block or the include", m.ID, d.Span.Start.Line, "#"+m.ID),
				Related: []lint.Related{{Span: d.NameSpan, Message: "include defined here"}},
			})
		}
		return nil, nil
	},
}
