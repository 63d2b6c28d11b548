package runner

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sfmd-dev/sfmd/model"
)

// openTest generates the session test that opens the app: /open of the
// document, the requests of its default action (if any) stubbed, and the
// page the agent reads in a golden file that sfmd test --update writes.
func (g *initGen) openTest(docBase string, infos []model.ActionInfo) (string, error) {
	line := "/open " + docBase
	call, err := callOnce(g.doc, g.parsed, g.topic, g.env, g.cwd, g.home, line)
	if err != nil {
		return "", err
	}
	name := "open the app"
	for n := 2; g.names[name]; n++ {
		name = fmt.Sprintf("open the app (%d)", n)
	}
	g.names[name] = true
	g.res.Added = append(g.res.Added, name)
	g.calls = append(g.calls, call)
	var def model.ActionInfo
	if g.doc.Frontmatter != nil {
		id, _ := g.doc.Frontmatter.String("default")
		for _, in := range infos {
			if in.ID == id {
				def = in
			}
		}
	}
	p := strings.Repeat(" ", g.indent)
	var b strings.Builder
	fmt.Fprintf(&b, "%s- name: %s\n", p, yamlScalar(name))
	fmt.Fprintf(&b, "%s  run: %s\n", p, yamlScalar(line))
	if len(call.reqs) > 0 {
		fmt.Fprintf(&b, "%s  http: # the default action runs on /open\n", p)
		for _, r := range call.reqs {
			renderRequest(&b, p+"    ", r, def, g.secrets)
		}
	}
	if len(call.cmds) > 0 {
		writeExecStubs(&b, p, "exec: # the default action runs on /open", call.cmds)
	}
	stem := strings.TrimSuffix(docBase, filepath.Ext(docBase))
	fmt.Fprintf(&b, "%s  expect: # the page as the agent reads it\n%s    output_file: %s\n", p, p, yamlScalar("golden/"+stem+".open.txt"))
	return b.String(), nil
}
