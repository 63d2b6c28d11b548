package model

import (
	"maps"
	"slices"
	"strings"
)

// DrySession is the session of the dry runs of one test's calls: what a
// call's template sets (session variables, value shortcuts, the
// shortcuts of the links it renders) and what a /set line sets (session
// variables, the env store) is there for the calls after it, as `sfmd
// test` runs a test's steps in one session (runner/run.go testRun.setup:
// one model.Session per test). No network, no process, no file system.
type DrySession struct {
	rt *Runtime
}

// NewDrySession starts a dry session on p's document with the session
// variables vars and the env store store (the session writes to a copy
// of it). nil when p has no document.
func (p *Parsed) NewDrySession(vars, store map[string]string) *DrySession {
	if p == nil || p.ref == nil {
		return nil
	}
	own := make(map[string]string, len(store))
	for k, v := range store {
		own[k] = v
	}
	return &DrySession{rt: p.dryRuntime(vars, own)}
}

// call is the call `/act.<id> <args>` in the session.
func (s *DrySession) call(id, args string) (*call, bool) {
	rt := s.rt
	a := rt.Parsed.ref.action(id)
	if a == nil || asksHelp(args) {
		return nil, false
	}
	return &call{rt: rt, doc: rt.Parsed.ref, a: a, flagStr: args, extra: rt.contextVars(args), isCLI: a.Method == "cli"}, true
}

// Set runs line in the session when it is a /set command, as the
// dispatcher runs it (set.go cmdSet); ok is false for another line.
func (s *DrySession) Set(line string) (res Result, ok bool) {
	_, cmd, args, body := routeParts(line)
	if cmd != "set" {
		return Result{}, false
	}
	res = s.rt.cmdSet(args, body)
	s.rt.session().syncView()
	return res, true
}

// State is what the session holds that a later call reads (its
// variables, shortcuts and env store), as one string: two sessions of
// one document with the same State run a call alike.
func (s *DrySession) State() string {
	sess := s.rt.session()
	var b strings.Builder
	pairs := func(tag string, keys []string, value func(string) string) {
		b.WriteString(tag)
		for _, k := range keys {
			b.WriteString(k)
			b.WriteByte(0)
			b.WriteString(value(k))
			b.WriteByte(0)
		}
	}
	pairs("vars\x00", slices.Sorted(maps.Keys(sess.Vars)), func(k string) string { return sess.Vars[k] })
	pairs("shortcuts\x00", sess.viewOrder, func(k string) string { return strings.Join(sess.viewShortcuts[k], "\x01") })
	pairs("store\x00", slices.Sorted(maps.Keys(s.rt.Env.Store)), func(k string) string { return s.rt.Env.Store[k] })
	return b.String()
}
