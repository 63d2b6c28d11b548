package rules

import (
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// A CRLF file without parameter lines keeps its one info finding: the
// runtime drops nothing there (LF is only recommended).
func TestCRLFWithoutParametersIsInfo(t *testing.T) {
	doc := sfmd.Parse("a.md", []byte("# T\r\n\r\n```act.list\r\nGET https://api.example.com/list\r\n```\r\n"))
	diags, err := lint.Check(doc, []*lint.Analyzer{FileCRLFLineEndings})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || diags[0].Severity != lint.Info || !strings.Contains(diags[0].Message, "no parameter or template line is affected") {
		t.Errorf("want one info finding, got %+v", diags)
	}
}
