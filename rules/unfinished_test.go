package rules

import (
	"os/exec"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestUnfinishedCommandMatchesBash checks unfinishedCommand against bash
// itself: a first line it calls unfinished is one bash refuses to parse
// (bash -n: syntax only, nothing runs), and one it calls whole parses.
func TestUnfinishedCommandMatchesBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	for _, cmd := range []string{
		`pdftotext "{file}" - 2>/dev/null || python3 -c "`,
		`echo 'open`,
		`echo $(ls`,
		"echo `ls",
		`ls |`,
		`make &&`,
		`make clean \`,
		`cat <<EOF`,
		`echo "it's one line" 'and "this" too'`,
		`sleep 1 &`,
	} {
		doc := sfmd.Parse("doc.md", []byte("```act.x\nCLI "+cmd+"\n```\n"))
		if len(doc.Actions) != 1 {
			t.Fatalf("%q: no action", cmd)
		}
		unfinished := unfinishedCommand(doc.Actions[0]) != ""
		err := exec.Command("bash", "-n", "-c", cmd).Run()
		if unfinished != (err != nil) {
			t.Errorf("%q: unfinishedCommand says %v, bash -n says %v", cmd, unfinished, err)
		}
	}
}
