package rules

import (
	"errors"
	"io/fs"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/lint"
)

// IncludeTargetUnreadable reports includes of a path that exists but is
// no document sfmd can read: a named pipe, a device, a socket or a
// directory, a file it may not read, or a file over the size limit of
// included documents (safeio.DefaultMaxSize), which it reads the head of
// only and so does not check. The String compiler inlines an include with
// fs.readFileSync(blockFile, 'utf-8') (packages/compiler/src/compiler.ts,
// compile): open(2) of a named pipe blocks until a writer comes, a
// directory throws EISDIR, a socket ENXIO, an unreadable file EACCES, and
// a device is read until it ends (never for /dev/zero).
var IncludeTargetUnreadable = &lint.Analyzer{
	Name:     "include-target-unreadable",
	Severity: lint.Error,
	Profile:  lint.Project,
	Doc: lint.Doc{
		Title: "included path is not a readable document",
		Why:   "an include inlines a Markdown file; a named pipe, a device or a directory at its path is no document, and a file over the size limit (10 MiB) is not checked by sfmd, so the mistakes in it pass unseen",
		Bad:   "<!-- parts.md is a directory -->\n[!include:parts](parts.md)\n",
		Good:  "<!-- parts.md is a Markdown file -->\n[!include:parts](parts.md)\n",

		Severity: "compiler.ts compile reads the include with fs.readFileSync, which blocks (a named pipe), throws (a directory, a socket, an unreadable file) or streams a device; a file over the limit is not checked at all",
	},
	Run: func(pass *lint.Pass) (any, error) {
		ws := pass.Workspace
		if ws == nil {
			return nil, nil
		}
		for _, d := range directivesOf(pass.Doc, "include") {
			file, _, ok := includeFile(pass.Doc, d)
			if !ok || !ws.Exists(file) { // a missing file: include-target-not-found
				continue
			}
			_, err := ws.Document(file)
			why := unreadableWhy(err)
			if why == "" {
				continue
			}
			span := d.PathSpan
			if !span.IsValid() || span.Len() == 0 {
				span = d.NameSpan
			}
			pass.Reportf(span, "included path %q %s", file, why)
		}
		return nil, nil
	},
}

// unreadableWhy says why a read of an included path failed, or "" when it
// did not fail for a reason of the file itself (it was read, or could not
// be parsed).
func unreadableWhy(err error) string {
	var nr *safeio.NotRegularError
	var tl *safeio.TooLargeError
	var pe *fs.PathError
	switch {
	case errors.As(err, &nr):
		kind := safeio.Kind(nr.Mode)
		effect := "the compiler's read of it fails"
		switch {
		case nr.Mode.IsDir():
			effect = "the compiler's read of it fails (EISDIR)"
		case nr.Mode&fs.ModeSocket != 0:
			effect = "the compiler's read of it fails (ENXIO)"
		case nr.Mode&fs.ModeNamedPipe != 0:
			effect = "the compiler's read of it blocks until another program writes to the pipe"
		case nr.Mode&fs.ModeDevice != 0:
			effect = "the compiler reads whatever the device yields, for as long as it yields (from /dev/zero until memory runs out)"
		}
		return "is " + kind + ", not a regular file: " + effect + "; include a Markdown file"
	case errors.As(err, &tl):
		return "is " + tl.Detail() + " for included documents, so sfmd did not check it (its blocks, actions and includes); split it into smaller includes"
	case errors.As(err, &pe) && !errors.Is(err, fs.ErrNotExist):
		return "cannot be read (" + pe.Err.Error() + "), nor can the compiler read it if it runs as the same user"
	}
	return ""
}
