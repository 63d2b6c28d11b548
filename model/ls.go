package model

import (
	"path"
	"sort"
	"strings"
)

// /ls and the listing /open shows for a directory: commands/info.ts cmdLs
// @9c9bb3f1.

// resolveFilePath is helpers.ts resolveFilePath: an absolute path as is,
// else against the directory /open last listed, the current document's
// directory, or the String home.
func (rt *Runtime) resolveFilePath(p string) string {
	if path.IsAbs(p) {
		return p
	}
	s := rt.session()
	cwd := rt.Env.Home
	switch {
	case s.nav.cwdOverride != "":
		cwd = s.nav.cwdOverride
	case s.nav.cur != nil && strings.HasPrefix(s.nav.cur.uri, "file://"):
		cwd = path.Dir(s.nav.cur.path)
	}
	return Resolve(cwd, p)
}

func (rt *Runtime) cmdLs(args string) Result {
	topic := jsTrim(args)
	if topic == "" {
		topic = "."
	}
	resolved := rt.resolveFilePath(topic)
	fi, err := rt.Env.FS.Stat(resolved)
	if msg := refusal("ls "+resolved, err); msg != "" {
		return Result{Escape: msg}
	}
	if err != nil {
		return errResult(codeNotFound, "Not found: "+topic)
	}
	if !fi.IsDir() {
		return errResult(codeInvalidTarget, "Not a directory: "+topic)
	}
	entries, err := rt.Env.FS.ReadDir(resolved)
	if msg := refusal("ls "+resolved, err); msg != "" {
		return Result{Escape: msg}
	}
	if err != nil {
		return errResult(codeLoadError, nodeErrorMessage(err, "scandir", resolved))
	}
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if a.IsDir() != b.IsDir() {
			return a.IsDir()
		}
		return localeLess(a.Name(), b.Name())
	})
	var lines []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if e.IsDir() {
			lines = append(lines, "  "+e.Name()+"/")
		} else {
			lines = append(lines, "  "+e.Name())
		}
	}
	if len(lines) == 0 {
		lines = append(lines, "  (empty)")
	}
	rel := relPath(path.Clean("/"+rt.Env.Home), path.Clean(resolved))
	if rel == "" {
		rel = "."
	}
	return okResult("Listing " + rel + "/\n---\n" + strings.Join(lines, "\n"))
}

// asciiPunct is the order of ASCII punctuation and symbols in ICU's root
// collation (CLDR), which String.prototype.localeCompare follows.
const asciiPunct = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"

// collationKey is a character's primary weight: spaces, then punctuation
// in CLDR order, then digits, then letters (case folded); anything else
// after them, by code point.
func collationKey(r rune) (int, rune) {
	switch {
	case r == ' ' || r == '\t':
		return 0, r
	case strings.ContainsRune(asciiPunct, r):
		return 1, rune(strings.IndexRune(asciiPunct, r))
	case r >= '0' && r <= '9':
		return 2, r
	case r >= 'a' && r <= 'z':
		return 3, r
	case r >= 'A' && r <= 'Z':
		return 3, r + ('a' - 'A')
	}
	return 4, r
}

// localeLess approximates a.localeCompare(b) < 0 for file names: compared
// first without case (primary weights), then lower case before upper case,
// as ICU's root collation orders ASCII names; other characters go by code
// point after them (an approximation).
func localeLess(a, b string) bool {
	ar, br := []rune(a), []rune(b)
	for i := 0; i < len(ar) && i < len(br); i++ {
		ca, va := collationKey(ar[i])
		cb, vb := collationKey(br[i])
		if ca != cb {
			return ca < cb
		}
		if va != vb {
			return va < vb
		}
	}
	if len(ar) != len(br) {
		return len(ar) < len(br)
	}
	for i := range ar {
		la, lb := ar[i] >= 'a' && ar[i] <= 'z', br[i] >= 'a' && br[i] <= 'z'
		if la != lb {
			return la
		}
	}
	return false
}
