package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/internal/safeio"
	"github.com/sfmd-dev/sfmd/internal/suitespec"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// View is what an agent sees when it opens the document docPath (a host
// path), or its block, in a fresh app session: the runtime's /open output,
// computed in a sandbox laid out as for sfmd test (the document and the
// .md files of its directory tree in /home/agent/docs, topic app:<name>,
// an empty env store). The page's default action is not run; its name is
// returned so that the caller can say so.
func View(docPath, block, tempDir string) (res model.Result, defaultAction string, err error) {
	return ViewSource(docPath, nil, block, tempDir)
}

// ViewSource is View with the document's text given (an editor's buffer,
// which may differ from the file on disk); src nil reads the file. The
// app's other pages are still read from the document's directory tree.
func ViewSource(docPath string, src []byte, block, tempDir string) (res model.Result, defaultAction string, err error) {
	abs, err := filepath.Abs(docPath)
	if err != nil {
		return res, "", err
	}
	tree, err := os.OpenRoot(filepath.Dir(abs))
	if err != nil {
		return res, "", err
	}
	defer func() { _ = tree.Close() }()
	name := filepath.Base(abs)
	if src == nil {
		src, _, err = safeio.Read(tree, name, docPath, maxDocumentBytes)
		if errors.Is(err, fs.ErrNotExist) {
			return res, "", fmt.Errorf("%s: no such file", docPath)
		} else if err != nil {
			return res, "", fmt.Errorf("%s", suitespec.TreeError("document", docPath, err))
		}
	} else if len(src) > maxDocumentBytes {
		return res, "", fmt.Errorf("%s: larger than %s, not rendered", docPath, safeio.FormatSize(maxDocumentBytes))
	}
	sandbox, err := os.MkdirTemp(tempDir, "sfmd-view-")
	if err != nil {
		return res, "", err
	}
	defer func() { _ = os.RemoveAll(sandbox) }()
	s := &suite{Suite: suitespec.Suite{DocPath: name, Cwd: DefaultCwd, Home: DefaultHome}, Tree: tree, DocName: name}
	s.Doc = sfmd.ParseAsRuntime(abs, src)
	topic := ""
	if s.Doc.Frontmatter != nil {
		topic, _ = s.Doc.Frontmatter.String("name")
	}
	if topic == "" {
		topic = strings.TrimSuffix(name, filepath.Ext(name))
	}
	r := &testRun{s: s, sandbox: filepath.Join(sandbox, "root")}
	r.fs = model.NewFS(r.sandbox, r.populate)
	defer func() { _ = r.fs.Close() }()
	docV := path.Join(s.Cwd, name)
	r.env.DocPath = docV // populate writes the document there
	rt := &model.Runtime{
		Doc:     s.Doc,
		Session: model.NewSession(),
		Env: model.Env{Topic: "app:" + topic, DocURI: model.FileURI(docV), DocPath: docV,
			Store: map[string]string{}, Home: s.Home, Cwd: s.Cwd, FS: r.fs},
		NoDefault: true,
	}
	target := name
	if block != "" {
		target += "#" + block
	}
	res = rt.Run("/open " + target)
	if res.Escape != "" {
		return res, "", fmt.Errorf("%s", res.Escape)
	}
	if err := r.fs.Err(); err != nil {
		return res, "", err
	}
	return res, rt.DefaultAction(), nil
}
