package docgen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/rules"
)

const docsDir = "../../docs"

// TestDocsUpToDate regenerates the documentation from the rules' data
// and compares it with the committed files under docs/: a rule whose Doc,
// severity, profile, fix or tags changed without `go generate
// ./internal/docgen` fails here, as does a page left for a rule that no
// longer exists.
func TestDocsUpToDate(t *testing.T) {
	files := Generate(rules.All())
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(docsDir, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("docs/%s is not committed (%v); run go generate ./internal/docgen", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("docs/%s differs from the page generated from the rules' data; run go generate ./internal/docgen and commit the result", name)
		}
	}
	pages, err := filepath.Glob(filepath.Join(docsDir, "rules", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if _, ok := files["rules/"+filepath.Base(p)]; !ok {
			t.Errorf("%s documents no rule; run go generate ./internal/docgen (it removes generated pages of removed rules)", p)
		}
	}
}

// TestPageHoldsTheContract: a rule's page carries every part of its
// contract (title, why, severity and its reason, examples, fix and why,
// editor tags, how to turn it off), and the index lists every rule
// under its family with its severity, profile and fix.
func TestPageHoldsTheContract(t *testing.T) {
	for _, a := range rules.All() {
		page := Page(a)
		for _, want := range []string{
			"# " + a.Name + "\n",
			"- Severity: **" + a.Severity.String() + "**",
			"- Profile: " + string(a.Profile),
			"- Fix: " + a.Doc.Fix.Kind.String(),
			a.Doc.Fix.Reason,
			strings.TrimSuffix(strings.TrimSpace(a.Doc.Severity), "."),
			strings.TrimRight(controlPictures.Replace(a.Doc.Bad), "\n"),
			strings.TrimRight(controlPictures.Replace(a.Doc.Good), "\n"),
			"`rules: {" + a.Name + ": off}`",
		} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: page lacks %q", a.Name, want)
			}
		}
		if strings.ContainsAny(page, "\x00\r") {
			t.Errorf("%s: the page holds a NUL or CR byte", a.Name)
		}
		if len(a.Tags) > 0 && !strings.Contains(page, "- Editor tags: "+JoinTags(a.Tags)) {
			t.Errorf("%s: page lacks its tags", a.Name)
		}
	}
	index := Index(rules.All())
	for _, a := range rules.All() {
		row := "| [" + a.Name + "](" + a.Name + ".md) | " + a.Severity.String() + " | " + string(a.Profile) + " | " + a.Doc.Fix.Kind.String() + " |"
		if !strings.Contains(index, row) {
			t.Errorf("index lacks the row of %s: %s", a.Name, row)
		}
		if !strings.Contains(index, "\n## "+Family(a.Name)+"\n") {
			t.Errorf("index lacks the family of %s", a.Name)
		}
	}
}

// TestPageFixLine: the fix section says which command applies the fix.
func TestPageFixLine(t *testing.T) {
	a := &lint.Analyzer{Name: "x-y", Severity: lint.Warning, Profile: lint.Style, Doc: lint.Doc{Title: "t",
		Fix: lint.FixDoc{Kind: lint.UnsafeFix, Reason: "it may change the request"}}}
	page := Page(a)
	for _, want := range []string{
		"## Fix\n\nUnsafe, applied only by sfmd lint --fix --unsafe-fixes: it may change the request.\n",
		"- Profile: style (off by default, enable with --enable style or in .sfmd.yaml)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
}
