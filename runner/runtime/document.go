package runtime

import "sync"

// compiled caches the reference parse of recent document sources (a suite
// runs many steps against one document). A parsed refDoc is never mutated.
var compiled = struct {
	sync.Mutex
	m map[string]*refDoc
}{m: map[string]*refDoc{}}

const maxCompiled = 256

func (rt *Runtime) refDoc() *refDoc {
	if rt.Doc == nil {
		return nil
	}
	src := string(rt.Doc.Src)
	compiled.Lock()
	d, ok := compiled.m[src]
	compiled.Unlock()
	if ok {
		return d
	}
	d = parseRef(src)
	compiled.Lock()
	if len(compiled.m) >= maxCompiled {
		compiled.m = map[string]*refDoc{}
	}
	compiled.m[src] = d
	compiled.Unlock()
	return d
}
