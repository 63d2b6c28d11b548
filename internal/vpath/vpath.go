// Package vpath resolves paths of the virtual tree a test runs in (the
// runtime model's filesystem, whose "/" is a host directory): the model
// resolves every path it reads or writes with it, and the suite format
// (internal/suitespec) the files a suite puts in that tree.
package vpath

import "path"

// Resolve is path.resolve(cwd, p) on the virtual tree: a clean absolute
// path; ".." never climbs above "/".
func Resolve(cwd, p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join("/", cwd, p)
}
