package refcli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sfmd-dev/sfmd/model"
)

// Issue is one error of the reference validator
// (packages/compiler/src/validator.ts validate).
type Issue struct {
	Line    int
	Message string
}

// ValidateSource is validator.ts validate(): the errors of parser.ts
// parse(), then a DUPLICATE_INCLUDE_ID for each include whose id an
// earlier include declared and a DUPLICATE_MENU_NAME for each menu or
// nav line whose name an earlier one declared, sorted by line (a stable
// sort: errors of one line keep that order). The document is valid when
// there are none.
//
// validate() also has a BLOCK_ID_COLLISION check, meant for a block and
// an include of one id, which never fires: it looks for a repeated id
// among the blocks only, and parse() keeps one block per id (a second is
// a DUPLICATE_BLOCK_ID error and no block). A block and an include of one
// id are therefore valid to the reference; sfmd lint reports them.
func ValidateSource(source string) []Issue {
	o := model.ParseOutline(source)
	var issues []Issue
	for _, e := range o.Errors {
		issues = append(issues, Issue(e))
	}
	issues = repeated(issues, o.Includes, "DUPLICATE_INCLUDE_ID: [!include:%s] is already declared")
	issues = repeated(issues, o.Menus, "DUPLICATE_MENU_NAME: [!menu:%s] is already declared")
	slices.SortStableFunc(issues, func(a, b Issue) int { return a.Line - b.Line })
	return issues
}

// repeated adds an issue for each mark whose id an earlier one has.
func repeated(issues []Issue, marks []model.Mark, format string) []Issue {
	seen := map[string]bool{}
	for _, m := range marks {
		if seen[m.ID] {
			issues = append(issues, Issue{Line: m.Line, Message: fmt.Sprintf(format, m.ID)})
		}
		seen[m.ID] = true
	}
	return issues
}

// Validate is cli.ts cmdValidate for topic, a file or a directory, and
// returns the exit status: 1 when a file fails or an orphan check warns,
// else 0. A directory: every .md file under it (not under X.md.source
// directories) in JavaScript's sort order, then the orphan check of the
// whole tree; a file: that file, then, when X.md.source sits beside it,
// the orphan check of its whole directory.
func Validate(topic string, o Out) int {
	if topic == "" {
		o.warn("Usage: sfmd validate <file.md | dir>")
		return 1
	}
	st, err := os.Stat(topic)
	if err != nil {
		o.warn("[err]  Not found: %s", topic)
		return 1
	}
	status := 0
	if st.IsDir() {
		files, err := findMdFiles(topic)
		if err != nil {
			o.fail(err)
			return 1
		}
		for _, f := range files {
			status |= validateFile(f, o)
		}
		return status | checkOrphans(topic, o)
	}
	status = validateFile(topic, o)
	if isTrinity(topic) {
		status |= checkOrphans(filepath.Dir(topic), o)
	}
	return status
}

// validateFile is cli.ts validateFile: "[ok]   PATH", or "[fail] PATH —
// N error(s)" and a line per error. A file that cannot be read (the
// reference crashes) fails with "[err]  why" on stderr.
func validateFile(path string, o Out) int {
	data, _, err := readText(path)
	if err != nil {
		o.fail(err)
		return 1
	}
	issues := ValidateSource(string(data))
	if len(issues) == 0 {
		o.log("[ok]   %s", path)
		return 0
	}
	o.log("[fail] %s \u2014 %d error(s)", path, len(issues))
	for _, e := range issues {
		o.log("       line %d: %s", e.Line, e.Message)
	}
	return 1
}

// isTrinity is compiler.ts isTrinity: path ends in .md and path+".source"
// is a directory (symbolic links followed).
func isTrinity(path string) bool {
	if !strings.HasSuffix(path, ".md") {
		return false
	}
	st, err := os.Stat(path + ".source")
	return err == nil && st.IsDir()
}

// checkOrphans is cli.ts checkOrphans: on stderr, a warning for each
// X.md.source directory without its X.md and for each X.md.source/ID.md
// that X.md does not include ([!include:ID] anywhere in its text).
func checkOrphans(dir string, o Out) int {
	groups, err := sourceGroups(dir)
	if err != nil {
		o.fail(err)
		return 1
	}
	status := 0
	for _, g := range groups {
		switch {
		case g.missing:
			o.warn("[warn] %s/ \u2014 parent %s not found", g.dir, g.parent)
			status = 1
		case g.err != nil:
			o.fail(g.err)
			status = 1
		}
		for _, c := range g.orphans {
			o.warn("[warn] %s \u2014 orphan (not referenced by %s)", filepath.Join(g.dir, c), filepath.Base(g.parent))
			status = 1
		}
	}
	return status
}

// findMdFiles is cli.ts findMdFiles: the regular files named *.md under
// dir, skipping X.md.source directories, sorted as JavaScript sorts.
func findMdFiles(dir string) ([]string, error) {
	var out []string
	var walk func(string) error
	walk = func(d string) error {
		entries, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		for _, e := range entries {
			full := filepath.Join(d, e.Name())
			switch {
			case e.IsDir() && !strings.HasSuffix(e.Name(), ".md.source"):
				if err := walk(full); err != nil {
					return err
				}
			case e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".md"):
				out = append(out, full)
			}
		}
		return nil
	}
	err := walk(dir)
	sortUTF16(out)
	return out, err
}
