package lint

import (
	"path/filepath"
	"slices"
	"sort"
	"sync"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// emitter runs the jobs of a run on a few workers and takes their
// results in the order the jobs come (the walk streams them in the order
// of their display paths, the order of Report.Diagnostics): a result is
// taken once it and every one before it are done, and then released.
// The walk runs ahead of the workers into a queue of a few jobs per
// worker, so that a worker that finishes a job takes the next at once
// instead of waiting for the walk to find it (the walk lists directories
// and looks up configs, on a core the workers want too); neither the walk nor the
// workers run ahead of the oldest unfinished job by more than the window,
// so that the jobs and results waiting stay few whatever the number of
// files: windowPerWorker jobs per worker, or minWindowPerWorker while the
// results waiting hold more than maxHeldFindings findings.
type emitter struct {
	l   *linter
	rep *Report

	mu   sync.Mutex
	more *sync.Cond          // next moved on
	jobs map[int]*job        // by position, released once taken
	done map[int]*fileResult // finished and not yet taken, by position
	next int                 // the position taken next
	held int                 // the weight of the results in done
	// taking: a worker is taking results (finish); what take touches
	// is that worker's alone
	taking bool

	errs, ioErrs []jobError   // by position, sorted at the end
	foreign      []Diagnostic // Output: findings in files after the last written
	foreignSrc   map[string]foreignSource
	written      map[diagKey]bool // Output: foreign findings written
}

type jobError struct {
	index int
	err   error
}

// foreignSource is where the file of a finding reported by another
// document's rule (a nav menu) is, for its source.
type foreignSource struct {
	abs   string
	limit int64
}

type diagKey struct {
	path, rule, message string
	span                sfmd.Span
}

func key(d *Diagnostic) diagKey {
	return diagKey{d.Path, d.Rule, d.Message, d.Span}
}

// windowPerWorker bounds how far the workers run ahead of the oldest
// unfinished job: far enough that the others go on when one document is
// long, or when the system leaves one worker's thread waiting for a core
// (a machine busy with other processes), instead of stopping a few
// documents later (with 4 jobs per worker, `sfmd lint` of ten upstream
// copies on two cores shared with other builds had each worker waiting
// for a quarter of the run or more, go tool trace).
const windowPerWorker = 16

// minWindowPerWorker is the window while the results waiting weigh more
// than maxHeldFindings: a document of many findings (a 10 MB document
// has 70,000) does not keep the findings of the window's other
// documents (32 on two workers) waiting with it.
const (
	minWindowPerWorker = 4
	maxHeldFindings    = 50_000
)

// weight is what the result r holds, in findings (a diff counts one for
// every 256 bytes).
func weight(r *fileResult) int {
	return len(r.diags) + len(r.diff)/256
}

func newEmitter(l *linter, rep *Report) *emitter {
	e := &emitter{l: l, rep: rep, jobs: map[int]*job{}, done: map[int]*fileResult{},
		foreignSrc: map[string]foreignSource{}, written: map[diagKey]bool{}}
	e.more = sync.NewCond(&e.mu)
	return e
}

// run lints every job next gives on n workers and takes the results. An
// error of next stops the run (after the jobs already given).
func (e *emitter) run(n int, next nextJob) error {
	n = max(n, 1)
	window, minWindow := windowPerWorker*n, minWindowPerWorker*n
	type task struct {
		k int
		j *job
	}
	tasks := make(chan task, minWindow) // the walk's lead: see emitter
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			arena := e.l.newArena() // the worker's: lintFile releases it per file
			for t := range tasks {
				e.finish(t.k, e.l.lintFile(t.j, arena))
			}
		}()
	}
	var err error
	k := 0
	for ; ; k++ {
		var j *job
		if j, err = next(); j == nil || err != nil {
			break
		}
		e.mu.Lock()
		for k >= e.next+window || e.held > maxHeldFindings && k >= e.next+minWindow {
			e.more.Wait()
		}
		e.jobs[k] = j
		e.mu.Unlock()
		tasks <- task{k, j}
	}
	close(tasks)
	wg.Wait()
	e.rep.Files = k
	e.flushForeign("", true)
	e.rep.Errors = append(e.rep.Errors, sortedErrors(e.errs)...)
	e.rep.IOErrors = append(e.rep.IOErrors, sortedErrors(e.ioErrs)...)
	return err
}

func sortedErrors(es []jobError) []error {
	sort.Slice(es, func(a, b int) bool { return es[a].index < es[b].index })
	out := make([]error, len(es))
	for i, x := range es {
		out[i] = x.err
	}
	return out
}

// finish records the result at position k and takes every result that
// is now next, unless another worker is taking results: it takes this one
// too. Results are taken, and their findings written, outside the lock,
// so that a slow output (a pipe read slowly, a worker's thread the system
// leaves waiting while it writes) does not stop the other workers or the
// walk before the window is full; one worker takes at a time, in order.
func (e *emitter) finish(k int, r *fileResult) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.done[k] = r
	e.held += weight(r)
	if e.taking {
		return
	}
	e.taking = true
	for {
		r, ok := e.done[e.next]
		if !ok {
			break
		}
		i, j := e.next, e.jobs[e.next]
		delete(e.done, i)
		delete(e.jobs, i)
		e.held -= weight(r)
		e.mu.Unlock()
		e.take(j, i, r)
		e.mu.Lock()
		e.next++
		e.more.Broadcast()
	}
	e.taking = false
}

// take adds the result of job j, at position i, to the report, or with
// Options.Output writes its findings (one worker at a time: finish).
func (e *emitter) take(j *job, i int, r *fileResult) {
	if r.release != nil {
		defer r.release()
	}
	rep := e.rep
	if r.err != nil {
		e.errs = append(e.errs, jobError{i, &fileError{Path: j.display, Err: r.err}})
	}
	if r.ioErr != nil {
		e.ioErrs = append(e.ioErrs, jobError{i, &fileError{Path: j.display, Err: r.ioErr}})
	}
	rep.Failing += j.set.failing(r.diags)
	if e.l.opts.Output != nil {
		e.output(j, r)
	} else {
		rep.Diagnostics = append(rep.Diagnostics, r.diags...)
		switch {
		case r.head != nil:
			rep.heads[j.display] = r.head
		case j.stdin:
			rep.stdinPath, rep.stdinSrc = j.display, r.src
		case len(r.diags) > 0:
			rep.abs[j.display] = j.abs
			rep.limits[j.display] = r.limit
			rep.addForeign(j, r.diags)
		}
	}
	rep.Fixed += r.fixed
	rep.Hidden += r.hidden
	if r.changed {
		rep.Changed = append(rep.Changed, j.display)
	}
	if r.diff != "" {
		rep.Diffs = append(rep.Diffs, FileDiff{Path: j.display, Diff: r.diff})
	}
	if r.stdout != nil {
		rep.Stdout = r.stdout
		if j.tooLarge != nil {
			rep.StdoutRest = e.l.opts.Stdin
		}
	}
}

// output writes the findings of job j with Options.Output. The findings a
// rule of j reports in another file (a nav menu) wait until the files
// before that one are written, and are merged with that file's own; one
// in a file already written (its path sorts before j's) is written now,
// after j's, unless the same finding was written already.
func (e *emitter) output(j *job, r *fileResult) {
	var own, late []Diagnostic
	allOwn := true
	for i := range r.diags {
		if r.diags[i].Path != j.display {
			allOwn = false
			break
		}
	}
	if allOwn {
		// the usual case: the file's findings as they are, not copied
		// one by one (a 10 MB document has 70,000)
		own = r.diags[:len(r.diags):len(r.diags)]
	} else {
		own, late = e.split(j, r)
	}
	own = append(own, e.flushForeign(j.display, false)...)
	if len(own) > 0 {
		own = sortDiagnostics(own)
		e.l.opts.Output(own, jobSource(j, r))
	}
	if len(late) > 0 {
		e.writeForeign(sortDiagnostics(late))
	}
}

// split sorts the findings of a file into its own, the late ones (written
// now, after them) and the foreign ones in a file whose path sorts after
// it (e.foreign, written when that file's turn comes).
func (e *emitter) split(j *job, r *fileResult) (own, late []Diagnostic) {
	for _, d := range r.diags {
		switch {
		case d.Path == j.display:
			own = append(own, d)
		case j.abs == "":
			late = append(late, d) // no file to read it from
		default:
			if _, ok := e.foreignSrc[d.Path]; !ok {
				if rel, err := filepath.Rel(filepath.Dir(j.display), d.Path); err == nil {
					e.foreignSrc[d.Path] = foreignSource{abs: filepath.Join(filepath.Dir(j.abs), rel), limit: r.limit}
				}
			}
			if d.Path > j.display {
				e.foreign = append(e.foreign, d)
			} else {
				late = append(late, d)
			}
		}
	}
	return own, late
}

// flushForeign writes the waiting foreign findings in files before path
// (all of them with all) and returns those in path itself.
func (e *emitter) flushForeign(path string, all bool) []Diagnostic {
	if len(e.foreign) == 0 {
		return nil
	}
	var now, same, keep []Diagnostic
	for _, d := range e.foreign {
		switch {
		case all || d.Path < path:
			now = append(now, d)
		case d.Path == path:
			same = append(same, d)
		default:
			keep = append(keep, d)
		}
	}
	e.foreign = keep
	if len(now) > 0 {
		e.writeForeign(sortDiagnostics(now))
	}
	for i := range same {
		e.written[key(&same[i])] = true
	}
	return same
}

// writeForeign writes sorted foreign findings, a path at a time, but for
// those already written.
func (e *emitter) writeForeign(diags []Diagnostic) {
	diags = slices.DeleteFunc(diags, func(d Diagnostic) bool { return e.written[key(&d)] })
	for len(diags) > 0 {
		n := 1
		for n < len(diags) && diags[n].Path == diags[0].Path {
			n++
		}
		for i := range n {
			e.written[key(&diags[i])] = true
		}
		src := e.foreignSrc[diags[0].Path]
		e.l.opts.Output(diags[:n], func(p string) []byte { return readSource(src.abs, p, diags[0].Path, src.limit) })
		diags = diags[n:]
	}
}

// jobSource is Report.Source for the findings of job j.
func jobSource(j *job, r *fileResult) func(string) []byte {
	return func(p string) []byte {
		switch {
		case p != j.display:
			return nil
		case r.head != nil:
			return r.head
		case j.stdin:
			return r.src
		case r.text != nil:
			// what reading the file again gives, within the size cap
			if int64(len(r.text)) > r.limit {
				return nil
			}
			return r.text
		}
		return readSource(j.abs, p, j.display, r.limit)
	}
}

// readSource reads the file abs, shown as path, when p names it.
func readSource(abs, p, path string, limit int64) []byte {
	if p != path || abs == "" {
		return nil
	}
	src, _, err := safeio.ReadFile(abs, limit)
	if err != nil {
		return nil
	}
	return src
}
