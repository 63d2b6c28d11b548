package runner

// stubsFilled fails the step while one of its fixtures is still a stub
// written by sfmd test --init (a todo: line), and reports whether it may
// run. With --record, HTTP stubs are what gets recorded over, and exec
// stubs too with --exec=real.
func (r *testRun) stubsFilled(st *testStep) bool {
	ok := true
	for _, f := range st.HTTP {
		if f.Response == nil || f.Response.TodoNode == nil || r.opts.Record {
			continue
		}
		fail := r.failf(st, KindFixture, "the response of the http entry at line %d is a stub (todo:): fill in what the server answers (status, json or body) and delete the todo line, or run sfmd test --record to fetch it", f.Node.Line)
		fail.Line, fail.Col = f.Response.TodoNode.Line, f.Response.TodoNode.Column
		ok = false
	}
	for _, f := range st.Exec {
		if f.TodoNode == nil || r.opts.Record && r.opts.ExecReal {
			continue
		}
		fail := r.failf(st, KindFixture, "the exec entry at line %d is a stub (todo:): fill in what the command prints (stdout, stderr, exit) and delete the todo line, or run sfmd test --record --exec=real to run it", f.Node.Line)
		fail.Line, fail.Col = f.TodoNode.Line, f.TodoNode.Column
		ok = false
	}
	return ok
}
