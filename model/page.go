package model

import (
	"errors"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"io/fs"
	"path"
	"strings"
	"syscall"
)

// A page is a document as the runtime holds it once /open loaded it: a
// LoadedDocument (types.ts) built by resolver.ts resolve() from what
// loader.ts load() read. The renderer (pagerender.go) turns it into what
// the agent sees.
type page struct {
	uri  string // file:///…
	path string // its virtual path
	src  string // the loaded source
	// inv are src's [Label][@id] invocations and what each becomes
	// (resolveInvocations); source() is src with them written out
	inv spanEdits
	ref *refDoc
	fm  *frontmatter
	// blockIDs are the closed <!-- #id --> blocks, then the include ids.
	blockIDs []string
	// shortcuts are the page's [@id Label](href) links, then the
	// @-prefixed reference definitions whose id is not taken.
	shortcuts []refShortcut
	menus     []pageMenu
	// requirements is the setup page's doc-relative path: the
	// [!requirements](path) line, else a sibling requirements.md
	// (types.ts @ce162ecd LoadedDocument.requirements), or "".
	requirements string
	// warnings are the parse errors, then the unknown invocations.
	warnings []string
	idx      *pageIndex // built on first lookup (pageindex.go)
	// firstHrefs is the index's map of each shortcut id's first href,
	// when addShortcuts made it (nil: page.index makes it)
	firstHrefs map[string]string

	resolved   string // source(), once made
	sourceMade bool
}

// pageMenu is one menu: its entries come from the shortcuts of the file
// the [!menu:name](path) line names.
type pageMenu struct {
	name    string
	source  string        // the menu file's resolved URI (menuSources)
	entries []refShortcut // ID is name.id; Href is resolved against the menu file
}

// loadError is a StringError: a result code and its message.
type loadError struct{ code, msg string }

func (e *loadError) result() Result { return errResult(e.code, e.msg) }

// escape is a refusal of the FS (a link out of the sandbox, a FIFO …):
// the harness fails the step with it.
type escape struct{ msg string }

func (e *escape) Error() string { return e.msg }

// maxPageBytes bounds a document /open reads (Node has no limit).
const maxPageBytes = 8 << 20

// loadFile is loader.ts load() for a file:// URI (loadFile): the text,
// NOT_FOUND when the file is missing, LOAD_ERROR when it cannot be read.
func (rt *Runtime) loadFile(uri string) (string, *loadError, error) {
	if !strings.HasPrefix(uri, "file://") {
		return "", &loadError{codeCommandUnsupported, "sfmd test does not load remote documents: " + uri + "; give the page as a file of the app"}, nil
	}
	p := pathFromFileURI(uri)
	data, err := rt.Env.FS.ReadFile(p, maxPageBytes)
	if err == nil {
		return decodeUTF8(data, false), nil, nil
	}
	if msg := refusal("open "+p, err); msg != "" {
		return "", nil, &escape{msg}
	}
	var errno syscall.Errno
	if errors.Is(err, fs.ErrNotExist) || errors.As(err, &errno) && errno == syscall.ENOTDIR {
		return "", &loadError{codeNotFound, "File not found: " + p}, nil
	}
	msg := nodeErrorMessage(err, "open", p)
	if errors.Is(err, syscall.EISDIR) {
		msg = "EISDIR: illegal operation on a directory, read"
	}
	return "", &loadError{codeLoadError, "Failed to read " + p + ": " + msg}, nil
}

// resolvePage is resolver.ts resolve(): the page's shortcuts, blocks and
// menus (each menu file loaded; a missing one gives an empty menu), its
// frontmatter, and the source with its [Label][@id] invocations written
// out.
func (rt *Runtime) resolvePage(uri, src string) (*page, *loadError, error) {
	var ref *refDoc
	if p := rt.Parsed; p != nil && p.doc != nil && string(p.doc.Src) == src {
		ref = p.ref // the runtime's own document, parsed once
	} else {
		ref = parseRef(src)
	}
	pg := &page{uri: uri, path: pathFromFileURI(uri), src: src, ref: ref, fm: parseFrontmatter(src)}
	pg.addShortcuts(ref)
	pg.blockIDs = append(append(pg.blockIDs, ref.Blocks...), ref.Includes...)
	var menus map[string][]refShortcut // menuFile's answers by URI (menuCache)
	var lines map[menuLineKey]menuLineRead
	for _, ml := range ref.MenuLines {
		key := menuLineKey{ml.Name, ml.Path}
		if r, ok := lines[key]; ok {
			// a line read before: the same file and entries (menuCache)
			pg.setMenu(ml.Name, r.uri, r.entries)
			continue
		}
		menuURI := rt.loaderResolve(ml.Path, uri)
		if menuURI == uri {
			return nil, &loadError{"CIRCULAR_REFERENCE", "Circular menu/nav reference detected: " + menuURI}, nil
		}
		scs, ok := menus[menuURI]
		if !ok {
			var lerr *loadError
			var err error
			if scs, lerr, err = rt.menuFile(menuURI); err != nil || lerr != nil {
				return nil, lerr, err
			}
			if menuCache {
				if menus == nil {
					menus = map[string][]refShortcut{}
				}
				menus[menuURI] = scs
			}
		}
		var entries []refShortcut
		for _, sc := range scs {
			entries = append(entries, refShortcut{ID: ml.Name + "." + sc.ID, Label: sc.Label, Href: sc.Href})
		}
		pg.setMenu(ml.Name, menuURI, entries)
		if menuCache {
			if lines == nil {
				lines = map[menuLineKey]menuLineRead{}
			}
			lines[key] = menuLineRead{menuURI, entries}
		}
	}
	pg.requirements = rt.requirementsOf(uri, ref)
	pg.inv = pg.resolveInvocations(src)
	warnings := make([]string, 0, len(ref.Errors)+len(pg.warnings))
	for _, e := range ref.Errors {
		warnings = append(warnings, e.String())
	}
	pg.warnings = append(warnings, pg.warnings...)
	return pg, nil, nil
}

// addShortcuts gives pg the page's [@id Label](href) links, then the
// @-prefixed reference definitions whose id is not taken. The ids taken
// are kept, for the first @-named definition, in the map of each id's
// first href that the page's index holds (page.index takes it: its keys
// are the ids taken), and pg.shortcuts is made with room for the
// definitions.
func (pg *page) addShortcuts(ref *refDoc) {
	defs := 0 // the @-named definitions, at most added
	for _, n := range ref.RefNames {
		if strings.HasPrefix(n, "@") {
			defs++
		}
	}
	if len(ref.Shortcuts)+defs > 0 {
		pg.shortcuts = append(make([]refShortcut, 0, len(ref.Shortcuts)+defs), ref.Shortcuts...)
	}
	if defs == 0 {
		return
	}
	first := make(map[string]string, len(ref.Shortcuts)+defs)
	for _, sc := range ref.Shortcuts {
		if _, ok := first[sc.ID]; !ok {
			first[sc.ID] = sc.Href
		}
	}
	for _, n := range ref.RefNames {
		id, ok := strings.CutPrefix(n, "@")
		if !ok {
			continue
		}
		if _, taken := first[id]; !taken {
			first[id] = ref.References[n]
			pg.shortcuts = append(pg.shortcuts, refShortcut{ID: id, Href: ref.References[n]})
		}
	}
	pg.firstHrefs = first
}

// menuCache lets resolvePage read each menu file once, however many
// menu and nav lines name it (a page with 2,850 nav lines of one file
// loaded and parsed it 2,850 times): the runtime (resolver.ts
// resolve(), as resolvePage) reads it again for each line, and finds
// the same text, since nothing writes while a page is resolved. A line
// of the name and path of one read before takes that line's file and
// entries, without resolving its path (loaderResolve reads only the
// path, the page's URI and the String home) or writing its entries'
// ids again. TestMenuCache turns it off and holds the page to it.
var menuCache = true

// menuLineKey is a menu or nav line's name and path.
type menuLineKey struct{ name, path string }

// menuLineRead is what resolvePage made of a menu or nav line: its
// file's URI and its entries.
type menuLineRead struct {
	uri     string
	entries []refShortcut
}

// menuFile is what one menu or nav line reads from the menu file at
// menuURI: its shortcuts, each Href resolved against the file (no
// shortcuts for a missing file: an empty menu), or the load's failure.
func (rt *Runtime) menuFile(menuURI string) ([]refShortcut, *loadError, error) {
	msrc, lerr, err := rt.loadFile(menuURI)
	if err != nil {
		return nil, nil, err
	}
	if lerr != nil {
		if lerr.code != codeNotFound {
			return nil, lerr, nil
		}
		return nil, nil, nil
	}
	var out []refShortcut
	for _, sc := range parseRef(msrc).Shortcuts {
		out = append(out, refShortcut{ID: sc.ID, Label: sc.Label, Href: rt.loaderResolve(sc.Href, menuURI)})
	}
	return out, nil, nil
}

// requirementsOf is a page's setup page: its [!requirements](path) line,
// else, for a file, a sibling requirements.md.
func (rt *Runtime) requirementsOf(uri string, ref *refDoc) string {
	if ref.hasRequirements {
		return ref.Requirements
	}
	p := pathFromFileURI(uri)
	if strings.HasPrefix(uri, "file://") && path.Base(p) != "requirements.md" {
		if fi, err := rt.Env.FS.Stat(path.Join(path.Dir(p), "requirements.md")); err == nil && fi.Mode().IsRegular() {
			return "requirements.md"
		}
	}
	return ""
}

// setMenu is Map.set: a name keeps its first place, the last entries win.
func (pg *page) setMenu(name, source string, entries []refShortcut) {
	for i := range pg.menus {
		if pg.menus[i].name == name {
			pg.menus[i].entries, pg.menus[i].source = entries, source
			return
		}
	}
	pg.menus = append(pg.menus, pageMenu{name: name, source: source, entries: entries})
}

// source is the loaded source with its invocations written out
// (types.ts LoadedDocument.source), made on first use.
func (pg *page) source() string {
	if !pg.sourceMade {
		pg.resolved, pg.sourceMade = pg.inv.apply(pg.src), true
	}
	return pg.resolved
}

func (pg *page) menu(name string) (pageMenu, bool) {
	for _, m := range pg.menus {
		if m.name == name {
			return m, true
		}
	}
	return pageMenu{}, false
}

func (pg *page) shortcut(id string) (string, bool) {
	href, ok := pg.index().shortcuts[id]
	return href, ok
}

var reInvoke = lazyre.New(`\[([^\]]+)\]\[@([a-zA-Z0-9._-]+)\]`)

// resolveInvocations is resolver.ts resolveInvocations: [Label][@id] becomes
// [@id Label](href) for a page shortcut or a menu entry (exact id, else the
// first entry whose id ends in ".id"); an unknown one stays. The
// invocations are found by invokeSpans (reInvoke). It returns the edits;
// the source they make is written when it is read (page.source): the
// whole page's render reads the page through them instead
// (pageStripped).
func (pg *page) resolveInvocations(src string) spanEdits {
	return editSpans(src, invokeSpans(src), func(m []string) string {
		label, id := m[1], m[2]
		if href, ok := pg.shortcut(id); ok {
			return "[@" + id + " " + label + "](" + href + ")"
		}
		if hit := pg.menuEntry(id); hit != nil {
			return "[@" + hit.ID + " " + label + "](" + hit.Href + ")"
		}
		pg.warnings = append(pg.warnings, "Unknown shortcut @"+id+" \u2014 define with: [@"+id+" "+label+"](URI)")
		return m[0]
	})
}

// urlPathname is new URL(uri).pathname for a file URI: the path as the URI
// writes it, percent-encoded, which is how the runtime shows a document's
// path (toWorkspacePath of it).
func urlPathname(uri string) string {
	rest := strings.TrimPrefix(uri, "file://")
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	if !strings.HasPrefix(rest, "/") {
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			rest = rest[i:]
		} else {
			rest = "/"
		}
	}
	return rest
}

// workspacePath is helpers.ts toWorkspacePath: a path under the String
// home is shown relative to it.
func (rt *Runtime) workspacePath(p string) string {
	home := rt.Env.Home
	if !strings.HasPrefix(p, home) {
		return p
	}
	rel := relPath(path.Clean("/"+home), path.Clean(p))
	if rel == "" {
		return "."
	}
	return rel
}

// relPath is Node's path.relative for two clean absolute paths.
func relPath(from, to string) string {
	if from == to {
		return ""
	}
	fs := strings.Split(strings.Trim(from, "/"), "/")
	ts := strings.Split(strings.Trim(to, "/"), "/")
	if from == "/" {
		fs = nil
	}
	if to == "/" {
		ts = nil
	}
	i := 0
	for i < len(fs) && i < len(ts) && fs[i] == ts[i] {
		i++
	}
	var parts []string
	for range fs[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, ts[i:]...)
	return strings.Join(parts, "/")
}

var (
	reExtractHeading = lazyre.New(`^(#{1,6})` + jsS + `+(` + jsDot + `+)$`)
	reExplicitBrace  = lazyre.New(`(?i)\{#([a-z0-9\-_]+)\}`)
	reExplicitAnchor = lazyre.New(`(?i)\[\]\{#([a-z0-9\-_]+)\}`)
)

// extractBlock is core extractor.ts extract(): the lines between
// <!-- #id --> and <!-- /id --> (trimmed), else the section under the
// heading whose {#id} or slug is id, up to the next heading of the same
// or a higher level.
func extractBlock(source, id string) (string, bool) {
	lines := splitLines(source)
	open, closing := "<!-- #"+id+" -->", "<!-- /"+id+" -->"
	capturing := false
	var got []string
	for _, l := range lines {
		t := jsTrim(l)
		if !capturing && t == open {
			capturing = true
			continue
		}
		if capturing && t == closing {
			return jsTrim(strings.Join(got, "\n")), true
		}
		if capturing {
			got = append(got, l)
		}
	}
	capturing, got = false, nil
	level := 0
	for _, l := range lines {
		if m := reExtractHeading.FindStringSubmatch(l); m != nil {
			lv := len(m[1])
			if !capturing {
				explicit := ""
				if e := reExplicitBrace.FindStringSubmatch(m[2]); e != nil {
					explicit = e[1]
				} else if e := reExplicitAnchor.FindStringSubmatch(m[2]); e != nil {
					explicit = e[1]
				}
				if (explicit != "" && explicit == id) || toSlug(m[2]) == id {
					level, capturing = lv, true
					got = append(got, l)
					continue
				}
			} else if lv <= level {
				return jsTrim(strings.Join(got, "\n")), true
			}
		}
		if capturing {
			got = append(got, l)
		}
	}
	if capturing {
		return jsTrim(strings.Join(got, "\n")), true
	}
	return "", false
}
