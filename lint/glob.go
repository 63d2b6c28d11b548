package lint

import (
	"fmt"
	"path"
	"strings"
)

// glob is a compiled path pattern, matched against slash-separated paths
// relative to the directory of the config file that declared it.
//
// Syntax (gitignore-like, documented in docs of the config):
//   - "*", "?" and "[...]" match within one path segment (path.Match);
//   - "**" as a whole segment matches zero or more segments;
//   - a pattern without "/" matches a file or directory name at any depth
//     ("node_modules", "*.draft.md");
//   - a pattern matches a file when it matches the file's path or any of
//     its parent directories ("drafts" and "drafts/**" both ignore every
//     file under drafts/);
//   - a leading "./" or "/" anchors the pattern at the config directory
//     ("/drafts" is only the top-level drafts); a trailing "/" is dropped.
type glob struct {
	raw  string
	segs []string
	dir  string // the absolute directory of the config file that declared it
}

func compileGlob(p string) (*glob, error) {
	raw := p
	p = strings.TrimSpace(p)
	anchored := strings.HasPrefix(p, "./") || strings.HasPrefix(p, "/")
	p = strings.TrimPrefix(p, "./")
	p = strings.TrimPrefix(p, "/")
	p = strings.TrimSuffix(p, "/")
	if p == "" {
		return nil, fmt.Errorf("empty glob pattern %q, write a path pattern such as \"drafts/**\"", raw)
	}
	if !anchored && !strings.Contains(p, "/") {
		p = "**/" + p
	}
	segs := strings.Split(p, "/")
	for _, s := range segs {
		if s == "" {
			return nil, fmt.Errorf("glob pattern %q has an empty path segment, remove the doubled \"/\"", raw)
		}
		if s == "**" {
			continue
		}
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("bad glob pattern %q: %v, check the brackets and escapes", raw, err)
		}
	}
	return &glob{raw: raw, segs: segs}, nil
}

// match reports whether rel (slash-separated, relative, cleaned) or one of
// its parent directories matches the pattern.
//
// It runs the pattern as a set of states over rel's segments, one pass:
// state j means the first j pattern segments match the segments read so
// far; a "**" state stays on any segment and also stands for the state
// after it (zero segments). A parent matches when the last state is
// reached after its segment. So at most len(segs) comparisons are made
// per segment of rel, whatever the "**" (a backtracking matcher tried
// every split, exponential in the number of "**").
func (g *glob) match(rel string) bool {
	if rel == "" || rel == "." {
		return false
	}
	m := len(g.segs)
	cur, next := make([]bool, m+1), make([]bool, m+1)
	cur[0] = true
	g.skipStars(cur)
	for part := range strings.SplitSeq(rel, "/") {
		clear(next)
		alive := false
		for j, seg := range g.segs {
			if !cur[j] {
				continue
			}
			if seg == "**" {
				next[j], alive = true, true
			} else if ok, err := segMatch(seg, part); err == nil && ok {
				next[j+1], alive = true, true
			}
		}
		if !alive {
			return false
		}
		g.skipStars(next)
		if next[m] {
			return true // this parent (or rel itself) matches
		}
		cur, next = next, cur
	}
	return false
}

// skipStars adds to the states the ones a "**" reaches by matching no
// segment.
func (g *glob) skipStars(states []bool) {
	for j, seg := range g.segs {
		if states[j] && seg == "**" {
			states[j+1] = true
		}
	}
}

// segMatch matches one segment (a variable so that a test counts calls).
var segMatch = path.Match
