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
func (g *glob) match(rel string) bool {
	if rel == "" || rel == "." {
		return false
	}
	parts := strings.Split(rel, "/")
	for n := len(parts); n >= 1; n-- {
		if matchSegs(g.segs, parts[:n]) {
			return true
		}
	}
	return false
}

func matchSegs(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			for i := 0; i <= len(name); i++ {
				if matchSegs(rest, name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		ok, err := path.Match(pat[0], name[0])
		if err != nil || !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}
