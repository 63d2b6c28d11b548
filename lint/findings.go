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
// A finding is kept as a report of 48 bytes (a Diagnostic is 128): its
// message, its span and its rule as the index of a name the scratch
// keeps once for each rule that reports; its path is the document's.
// Related positions and fixes (a finding in five has related positions
// on the 10 MB benchmark document) are kept beside it (extras), and a
// finding that does not fit (another file's path, a rule name of its
// own) whole (fulls). Each kind
// is kept in chunks that the scratch keeps for the next document, so
// that no array is grown by doubling. The 10 MB benchmark document's
// 74,779 reports took 11.4 MB of chunks of Diagnostics and 3.6 MB of sort
// keys; they take 3.6 MB of reports, 0.8 MB of extras and 1.8 MB of
// 12-byte keys (TestReportsAreSmall holds the size).

// report is one finding as the scratch keeps it.
type report struct {
	msg  string
	span sfmd.Span
	rule uint16 // index + 1 in checkScratch.names
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

// keptKeys is the most sort keys (12 bytes each) a scratch keeps
// between documents: room to sort four times the reports the kept
// chunks hold.
const keptKeys = 8 * keptChunks * reportChunk

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
	if !(int(int8(d.Severity)) == int(d.Severity) && name > 0 && name <= math.MaxUint16 &&
		d.Path == s.doc.Path && s.names[name-1] == d.Rule) {
		*r = report{x: -int32(s.appendFull(d)) - 1}
		return
	}
	*r = report{msg: d.Message, span: d.Span, rule: uint16(name), sev: int8(d.Severity)}
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
		Path:     s.doc.Path,
		Span:     r.span,
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
// the chunks. It sorts keys of the findings, not the findings (a key
// holds a report's line and column, so that most comparisons read the
// keys only, in order, not the reports, all over the chunks), and copies
// each finding once, in order. The order is compareDiagnostics', the
// index breaking the ties a stable sort would leave in report order: no
// two keys compare equal. The keys are sorted by merging the ascending
// runs they come in (a rule reports in the order of the document, so
// that the runs are few and long; sortKeys).
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
	keys := s.keys[:0]
	if cap(keys) < 2*n { // the second half: sortKeys' room to merge
		keys = make([]sortKey, 0, 2*n)
	}
	keys = keys[:2*n]
	for i := range int32(n) {
		r := s.rec(i)
		keys[i] = sortKey{line: r.span.Start.Line, col: r.span.Start.Col, i: i}
		if r.x < 0 {
			d := s.full(r.x)
			keys[i] = sortKey{line: d.Span.Start.Line, col: d.Span.Start.Col, i: i}
			if d.Path != s.doc.Path {
				keys[i] = sortKey{i: -i - 1} // compared by its fields
			}
		}
	}
	sorted := s.sortKeys(keys[:n], keys[n:])
	kept := 0
	prev := int32(-1)
	for _, k := range sorted {
		i := k.index()
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
			sorted[kept].i = i // behind the reads
			kept++
		}
	}
	out := make([]Diagnostic, kept)
	for k := range out {
		out[k] = s.diag(sorted[k].i)
	}
	if cap(keys) <= keptKeys {
		s.keys = keys[:0]
	}
	s.kept = Diagnostic{}
	s.dropDiags()
	return out
}

// sortKey is what collect sorts for one finding: line and col are the
// start of a finding in the document, compared without reading it; i is
// its index, or -(index+1) for a finding compared by its fields (its
// path, its start, its rule and message: a finding in another file).
type sortKey struct {
	line, col int32
	i         int32
}

// index is the index of the finding of k.
func (k sortKey) index() int32 {
	if k.i < 0 {
		return -k.i - 1
	}
	return k.i
}

// same is sameDiagnostic of the findings at indexes i and j.
func (s *checkScratch) same(i, j int32) bool {
	a, b := s.rec(i), s.rec(j)
	if a.x >= 0 && b.x >= 0 { // both in the document
		return a.span == b.span && a.msg == b.msg && (a.rule == b.rule || s.names[a.rule-1] == s.names[b.rule-1])
	}
	pa, sa, ra, ma := s.fields(a)
	pb, sb, rb, mb := s.fields(b)
	return pa == pb && sa == sb && ra == rb && ma == mb
}

// fields are the path, span, rule and message of the finding of r (what
// the order and the deduplication compare), read in place.
func (s *checkScratch) fields(r *report) (path string, span sfmd.Span, rule, msg string) {
	if r.x < 0 {
		d := s.full(r.x)
		return d.Path, d.Span, d.Rule, d.Message
	}
	return s.doc.Path, r.span, s.names[r.rule-1], r.msg
}

// less orders the findings of keys a and b as compareDiagnostics does,
// then by index (the order they were reported in). Two findings in the
// document on different lines or columns (most) are compared by their
// keys alone.
func (s *checkScratch) less(a, b *sortKey) bool {
	if a.i >= 0 && b.i >= 0 {
		if a.line != b.line {
			return a.line < b.line
		}
		if a.col != b.col {
			return a.col < b.col
		}
	}
	i, j := a.index(), b.index()
	pa, sa, ra, ma := s.fields(s.rec(i))
	pb, sb, rb, mb := s.fields(s.rec(j))
	if c := compareFields(pa, ra, ma, sa.Start, pb, rb, mb, sb.Start); c != 0 {
		return c < 0
	}
	return i < j
}

// compareFields is compareDiagnosticPtrs of two findings given by their
// fields.
func compareFields(pa, ra, ma string, a sfmd.Pos, pb, rb, mb string, b sfmd.Pos) int {
	if c := strings.Compare(pa, pb); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Line, b.Line); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Col, b.Col); c != 0 {
		return c
	}
	if c := strings.Compare(ra, rb); c != 0 {
		return c
	}
	return strings.Compare(ma, mb)
}

// compareDiagnostics orders findings by path, line, column, rule and
// message.
func compareDiagnostics(a, b Diagnostic) int { return compareDiagnosticPtrs(&a, &b) }

func compareDiagnosticPtrs(a, b *Diagnostic) int {
	return compareFields(a.Path, a.Rule, a.Message, a.Span.Start, b.Path, b.Rule, b.Message, b.Span.Start)
}

// sortKeys sorts keys, no two of them equal (less), and returns them
// sorted: keys itself or buf (as long as keys), between which it merges
// the ascending runs keys come in, two by two, until one is left: about
// n comparisons a pass and log2(runs) passes, where a comparison sort
// makes n log2(n) (the 74,779 findings the default rules report on the
// 10 MB benchmark document come in 15 runs). Keys already in order (59
// of the 91 upstream documents with findings) are compared once each
// and not moved.
func (s *checkScratch) sortKeys(keys, buf []sortKey) []sortKey {
	n := len(keys)
	runs := 1
	for i := 1; i < n; i++ {
		if !s.less(&keys[i-1], &keys[i]) {
			runs++
		}
	}
	if runs == 1 {
		return keys
	}
	// ends[r] is where run r ends
	ends := make([]int32, 0, runs)
	for i := 1; i < n; i++ {
		if !s.less(&keys[i-1], &keys[i]) {
			ends = append(ends, int32(i))
		}
	}
	ends = append(ends, int32(n))
	src, dst := keys, buf
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
func (s *checkScratch) merge(dst, a, b []sortKey) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if s.less(&a[i], &b[j]) {
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
