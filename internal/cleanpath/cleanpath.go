// Package cleanpath answers, without cleaning, whether a slash-separated
// path is one filepath.Clean would give back, and cuts the directory off
// such a path: the walk, the workspace and the ignore files ask it of every
// file, where a second Clean of a long absolute path would be wasted work.
package cleanpath

import (
	"path/filepath"
	"strings"
)

// Abs reports whether p is an absolute slash-separated path that
// filepath.Clean leaves as it is: "/", or non-empty elements after the
// leading slash, none of them "." or "..", and no trailing slash. It is
// false where the separator is not '/'.
func Abs(p string) bool {
	return filepath.Separator == '/' && (p == "/" || (len(p) > 1 && p[0] == '/' && Rel(p[1:])))
}

// Rel reports whether s is a relative slash-separated path that
// filepath.Clean leaves as it is and that no "." or ".." element starts:
// non-empty elements, none of them "." or "..", no leading or trailing
// slash.
func Rel(s string) bool {
	if s == "" || s[0] == '/' || s[len(s)-1] == '/' {
		return false
	}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '/' {
			continue
		}
		switch e := s[start:i]; e {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}

// Dir is filepath.Dir(p), cutting a path Abs accepts at its last slash
// rather than cleaning what is left; any other path goes to filepath.Dir.
func Dir(p string) string {
	if !Abs(p) {
		return filepath.Dir(p)
	}
	return AbsDir(p)
}

// AbsDir is filepath.Dir of a path Abs accepts, for a caller that has
// already asked Abs.
func AbsDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i > 0 {
		return p[:i]
	}
	return "/"
}
