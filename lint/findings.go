package lint

import (
	"cmp"
	"math"
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// The findings of one document, from the rules' Report (add) to the
// sorted, deduplicated and filtered array checkOrderedContext returns
// (collect).
//
// A finding is kept as a report of 48 bytes (a Diagnostic is 152): its
// message, its span in 32-bit numbers and its rule as the index of a
// name the scratch keeps once for each rule that reports; its path is
// the document's. Related positions and fixes (a finding in five has
// related positions on the 10 MB benchmark document) are kept beside it
// (extras), and a finding that does not fit (another file's path, a
// rule name of its own, a position past 2^31) whole (fulls). Each kind
// is kept in chunks that the scratch keeps for the next document, so
// that no array is grown by doubling. The 10 MB benchmark document's
// 74,779 reports took 11.4 MB of chunks of Diagnostics and 3.6 MB of sort
// keys; they take 3.6 MB of reports, 0.8 MB of extras and 0.6 MB of
// indexes (TestReportsAreSmall holds the size).

// report is one finding as the scratch keeps it.
type report struct {
	msg  string
	span [6]int32 // start offset, line, col; end offset, line, col
	rule uint16   // index + 1 in checkScratch.names
	sev  int8
	_    uint8
	// x > 0: its related positions and fixes are extras[x-1];
	// x < 0: the finding is fulls[-x-1], whole (the fields above unused)
	x int32
}

// extra is what a report keeps beside it: the finding's Related and
// Fixes, either of which may be set.
type extra struct {
	related []Related
	fixes   []Fix
}

// Chunk sizes (powers of two: an index is a shift and a mask) and the
// chunks a scratch keeps between documents: reports 12 KB a chunk,
// extras 12 KB, fulls about 10 KB.
const (
	reportShift = 8
	reportChunk = 1 << reportShift
	extraChunk  = 256
	fullChunk   = 64
	keptChunks  = 8
)

// keptOrder is the most indexes (4 bytes each) a scratch keeps between
// documents: room to sort four times the reports the kept chunks hold.
const keptOrder = 8 * keptChunks * reportChunk

// add is the Report of every pass: Rule, Severity and Path default to
// the running rule's and the document's.
func (s *checkScratch) add(d Diagnostic) {
	if d.Rule == "" {
		d.Rule = s.cur.Name
	}
	if d.Severity == 0 {
		d.Severity = s.cur.Severity
	}
	if d.Path == "" {
		d.Path = s.doc.Path
	} else if d.Path != s.doc.Path {
		d.Fixes = nil // --fix rewrites only the document linted
	}
	if s.cur != s.named {
		s.named = s.cur
		s.names = append(s.names, s.cur.Name)
	}
	k := s.n >> reportShift
	if k == len(s.reports) {
		s.reports = append(s.reports, make([]report, reportChunk))
	}
	s.encode(&s.reports[k][s.n&(reportChunk-1)], &d, len(s.names), 0)
	s.n++
}

// encode writes d into r, compactly when it fits; name is the index + 1
// in s.names of the name its rule most likely has (the running rule's),
// x the index + 1 of an extra r had, to be reused (0: none).
func (s *checkScratch) encode(r *report, d *Diagnostic, name int, x int32) {
	span := d.Span
	if !(is32(span.Start.Offset) && is32(span.Start.Line) && is32(span.Start.Col) &&
		is32(span.End.Offset) && is32(span.End.Line) && is32(span.End.Col) &&
		int(int8(d.Severity)) == int(d.Severity) && name > 0 && name <= math.MaxUint16 &&
		d.Path == s.doc.Path && s.names[name-1] == d.Rule) {
		*r = report{x: -int32(s.appendFull(d)) - 1}
		return
	}
	*r = report{
		msg: d.Message,
		span: [6]int32{int32(span.Start.Offset), int32(span.Start.Line), int32(span.Start.Col),
			int32(span.End.Offset), int32(span.End.Line), int32(span.End.Col)},
		rule: uint16(name),
		sev:  int8(d.Severity),
	}
	if d.Related == nil && d.Fixes == nil {
		return
	}
	if x == 0 {
		k := s.nExtras / extraChunk
		if k == len(s.extras) {
			s.extras = append(s.extras, make([]extra, 0, extraChunk))
		}
		s.extras[k] = append(s.extras[k], extra{})
		s.nExtras++
		x = int32(s.nExtras)
	}
	*s.extra(x) = extra{related: d.Related, fixes: d.Fixes}
	r.x = x
}

// is32 reports whether v fits an int32.
func is32(v int) bool { return int(int32(v)) == v }

// appendFull keeps d whole and returns its index in the fulls.
func (s *checkScratch) appendFull(d *Diagnostic) int {
	k := s.nFulls / fullChunk
	if k == len(s.fulls) {
		s.fulls = append(s.fulls, make([]Diagnostic, 0, fullChunk))
	}
	s.fulls[k] = append(s.fulls[k], *d)
	s.nFulls++
	return s.nFulls - 1
}

// rec is the report at index i.
func (s *checkScratch) rec(i int32) *report {
	return &s.reports[i>>reportShift][i&(reportChunk-1)]
}

// extra is the extra of a report's x (> 0).
func (s *checkScratch) extra(x int32) *extra {
	k := int(x - 1)
	return &s.extras[k/extraChunk][k%extraChunk]
}

// full is the whole finding of a report's x (< 0).
func (s *checkScratch) full(x int32) *Diagnostic {
	k := int(-x - 1)
	return &s.fulls[k/fullChunk][k%fullChunk]
}

// diag is the finding at index i as it was reported (with add's
// defaults).
func (s *checkScratch) diag(i int32) Diagnostic {
	r := s.rec(i)
	if r.x < 0 {
		return *s.full(r.x)
	}
	d := Diagnostic{
		Path: s.doc.Path,
		Span: sfmd.Span{
			Start: sfmd.Pos{Offset: int(r.span[0]), Line: int(r.span[1]), Col: int(r.span[2])},
			End:   sfmd.Pos{Offset: int(r.span[3]), Line: int(r.span[4]), Col: int(r.span[5])},
		},
		Rule:     s.names[r.rule-1],
		Severity: Severity(r.sev),
		Message:  r.msg,
	}
	if r.x > 0 {
		e := s.extra(r.x)
		d.Related, d.Fixes = e.related, e.fixes
	}
	return d
}

// set makes the finding at index i d (what collect's keep changed).
func (s *checkScratch) set(i int32, d *Diagnostic) {
	r := s.rec(i)
	if r.x < 0 {
		*s.full(r.x) = *d
		return
	}
	s.encode(r, d, int(r.rule), r.x)
}

// collect returns the findings reported as sortDiagnostics returns them,
// in a new slice of their number (nil when there is none), and empties
// the chunks. It sorts the indexes of the findings, not the findings,
// and copies each once, in order. The order is compareDiagnostics', the
// index breaking the ties a stable sort would leave in report order: no
// two indexes compare equal. The indexes are sorted by merging the
// ascending runs they come in (a rule reports in the order of the
// document, so that the runs are few and long; sortOrder).
//
// A non-nil keep is called once for each finding left after the
// deduplication, in order, and may change it (the driver sets the
// configured severity, marks the suppressions that cover it and counts
// what is hidden): only the findings it keeps are copied out, into an
// array of their number, counted before it is allocated. The finding it
// is given is collect's, valid until it returns. The deduplication
// compares each finding with the one before it in the order, kept or
// not, as sortDiagnostics does before any filter.
func (s *checkScratch) collect(keep func(*Diagnostic) bool) []Diagnostic {
	n := s.n
	if n == 0 {
		return nil
	}
	idx := s.order[:0]
	if cap(idx) < 2*n { // the second half: sortOrder's room to merge
		idx = make([]int32, 0, 2*n)
	}
	idx = idx[:2*n]
	for i := range n {
		idx[i] = int32(i)
	}
	sorted := s.sortOrder(idx[:n], idx[n:])
	kept := 0
	prev := int32(-1)
	for _, i := range sorted {
		drop := prev >= 0 && s.same(prev, i)
		prev = i
		if !drop && keep != nil {
			// in the scratch: a local given to keep would escape,
			// one allocation a finding
			d := &s.kept
			*d = s.diag(i)
			drop = !keep(d)
			if !drop {
				s.set(i, d)
			}
		}
		if !drop {
			sorted[kept] = i // behind the reads
			kept++
		}
	}
	out := make([]Diagnostic, kept)
	for k, i := range sorted[:kept] {
		out[k] = s.diag(i)
	}
	if cap(idx) <= keptOrder {
		s.order = idx[:0]
	}
	s.kept = Diagnostic{}
	s.dropDiags()
	return out
}

// same is sameDiagnostic of the findings at indexes i and j.
func (s *checkScratch) same(i, j int32) bool {
	a, b := s.rec(i), s.rec(j)
	if a.x >= 0 && b.x >= 0 { // both in the document
		return a.span == b.span && a.msg == b.msg && (a.rule == b.rule || s.names[a.rule-1] == s.names[b.rule-1])
	}
	da, db := s.diag(i), s.diag(j)
	return sameDiagnostic(&da, &db)
}

// less orders the findings at indexes i and j as compareDiagnostics
// does, then by index (the order they were reported in). Two findings
// in the document on different lines or columns (most) are compared by
// their reports.
func (s *checkScratch) less(i, j int32) bool {
	a, b := s.rec(i), s.rec(j)
	if a.x >= 0 && b.x >= 0 {
		if a.span[1] != b.span[1] {
			return a.span[1] < b.span[1]
		}
		if a.span[2] != b.span[2] {
			return a.span[2] < b.span[2]
		}
	}
	da, db := s.diag(i), s.diag(j)
	if c := compareDiagnosticPtrs(&da, &db); c != 0 {
		return c < 0
	}
	return i < j
}

// compareDiagnostics orders findings by path, line, column, rule and
// message.
func compareDiagnostics(a, b Diagnostic) int { return compareDiagnosticPtrs(&a, &b) }

func compareDiagnosticPtrs(a, b *Diagnostic) int {
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Span.Start.Line, b.Span.Start.Line); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Span.Start.Col, b.Span.Start.Col); c != 0 {
		return c
	}
	if c := strings.Compare(a.Rule, b.Rule); c != 0 {
		return c
	}
	return strings.Compare(a.Message, b.Message)
}

// sortOrder sorts the indexes idx, no two of them equal (less), and
// returns them sorted: idx itself or buf (as long as idx), between which
// it merges the ascending runs idx comes in, two by two, until one is
// left: about n comparisons a pass and log2(runs) passes, where a
// comparison sort makes n log2(n) (the 74,779 findings the default
// rules report on the 10 MB benchmark document come in 15 runs).
// Indexes already in order (59 of the 91 upstream documents with
// findings) are compared once each and not moved.
func (s *checkScratch) sortOrder(idx, buf []int32) []int32 {
	n := len(idx)
	runs := 1
	for i := 1; i < n; i++ {
		if !s.less(idx[i-1], idx[i]) {
			runs++
		}
	}
	if runs == 1 {
		return idx
	}
	// ends[r] is where run r ends
	ends := make([]int32, 0, runs)
	for i := 1; i < n; i++ {
		if !s.less(idx[i-1], idx[i]) {
			ends = append(ends, int32(i))
		}
	}
	ends = append(ends, int32(n))
	src, dst := idx, buf
	for len(ends) > 1 {
		start := 0
		merged := ends[:0] // written behind the reads
		for r := 0; r < len(ends); r += 2 {
			if r+1 == len(ends) { // the odd run out
				copy(dst[start:ends[r]], src[start:ends[r]])
				merged = append(merged, ends[r])
				break
			}
			mid, end := int(ends[r]), int(ends[r+1])
			s.merge(dst[start:end], src[start:mid], src[mid:end])
			merged = append(merged, int32(end))
			start = end
		}
		ends = merged
		src, dst = dst, src
	}
	return src
}

// merge merges the ascending a and b into dst (len(a)+len(b) long).
func (s *checkScratch) merge(dst, a, b []int32) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if s.less(a[i], b[j]) {
			dst[k] = a[i]
			i++
		} else {
			dst[k] = b[j]
			j++
		}
		k++
	}
	k += copy(dst[k:], a[i:])
	copy(dst[k:], b[j:])
}

// dropDiags empties the chunks (dropping what the findings point at) and
// keeps at most keptChunks of each kind.
func (s *checkScratch) dropDiags() {
	for k := 0; k*reportChunk < s.n; k++ { // the reports used
		clear(s.reports[k][:min(reportChunk, s.n-k*reportChunk)])
	}
	for k, c := range s.extras {
		clear(c)
		s.extras[k] = c[:0]
	}
	for k, c := range s.fulls {
		clear(c)
		s.fulls[k] = c[:0]
	}
	s.reports = dropChunks(s.reports)
	s.extras = dropChunks(s.extras)
	s.fulls = dropChunks(s.fulls)
	clear(s.names)
	s.names, s.named = s.names[:0], nil
	s.n, s.nExtras, s.nFulls = 0, 0, 0
}

// dropChunks keeps the first keptChunks chunks of cs.
func dropChunks[T any](cs [][]T) [][]T {
	if len(cs) > keptChunks {
		clear(cs[keptChunks:])
		cs = cs[:keptChunks]
	}
	return cs
}
