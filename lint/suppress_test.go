package lint

import (
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/sfmd"
)

func TestSuppressions(t *testing.T) {
	tests := []struct {
		name, src, want string
		opts            Options
	}{
		{
			name: "next-line covers only the next line",
			src:  "<!-- sfmd-disable-next-line no-bad -- legacy -->\nBAD\nBAD\n",
			want: "a.md:3:1: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "next-line with several rules, comma or space separated",
			src:  "<!-- sfmd-disable-next-line no-bad, no-todo -->\nBAD TODO\n<!-- sfmd-disable-next-line no-bad no-todo -->\nTODO BAD\n",
			want: "",
		},
		{
			name: "next-block covers a whole fenced block",
			src:  "<!-- sfmd-disable-next-block no-bad -->\n\n```act.x\nBAD\nBAD\n```\nBAD\n",
			want: "a.md:7:1: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "next-block covers a paragraph up to the blank line",
			src:  "<!-- sfmd-disable-next-block no-bad -->\nBAD\nBAD\n\nBAD\n",
			want: "a.md:5:1: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "disable-line covers its own line",
			src:  "BAD <!-- sfmd-disable-line no-bad -->\nBAD\n",
			want: "a.md:2:1: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "disable and enable delimit a range",
			src:  "BAD\n<!-- sfmd-disable no-bad -->\nBAD\nBAD\n<!-- sfmd-enable no-bad -->\nBAD\n",
			want: "a.md:1:1: error: found \"BAD\" [no-bad]\na.md:6:1: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "disable without enable runs to the end",
			src:  "BAD\n<!-- sfmd-disable no-bad -->\nBAD\n\n\nBAD\n",
			want: "a.md:1:1: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "disable-file anywhere covers the whole file",
			src:  "BAD\nTODO\n<!-- sfmd-disable-file no-bad -->\nBAD\n",
			want: "a.md:2:1: warning: found \"TODO\" [no-todo]\n",
		},
		{
			name: "all and the empty list suppress every rule",
			src:  "<!-- sfmd-disable-next-line all -->\nBAD TODO\n<!-- sfmd-disable-next-line -->\nTODO BAD\n",
			want: "",
		},
		{
			name: "unused suppression is reported with the rule name",
			src:  "<!-- sfmd-disable-next-line no-bad -->\nfine\n",
			want: "a.md:1:1: warning: suppression of \"no-bad\" suppresses nothing, remove it [unused-suppression]\n",
		},
		{
			name: "partly used suppression names the unused rule",
			src:  "<!-- sfmd-disable-next-line no-bad,no-todo -->\nBAD\n",
			want: "a.md:1:1: warning: suppression of \"no-todo\" suppresses nothing, remove it from the comment [unused-suppression]\n",
		},
		{
			name: "unknown rule with did-you-mean",
			src:  "<!-- sfmd-disable-next-line no-bda -->\nBAD\n",
			want: "a.md:1:1: warning: unknown rule \"no-bda\" in suppression, did you mean \"no-bad\"? [unused-suppression]\n" +
				"a.md:2:1: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "misspelt directive",
			src:  "<!-- sfmd-disable-nextline no-bad -->\nBAD\n",
			want: "a.md:1:1: warning: unknown suppression directive \"sfmd-disable-nextline\", did you mean \"sfmd-disable-next-line\"? [unused-suppression]\n" +
				"a.md:2:1: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "enable without disable",
			src:  "<!-- sfmd-enable no-bad -->\n",
			want: "a.md:1:1: warning: \"sfmd-enable\" of \"no-bad\" has no matching \"sfmd-disable\" above, remove it [unused-suppression]\n",
		},
		{
			name: "other comments are ignored",
			src:  "<!-- just a note about BAD things -->\n",
			want: "a.md:1:24: error: found \"BAD\" [no-bad]\n",
		},
		{
			name: "a suppression of a rule that is off is not reported",
			src:  "<!-- sfmd-disable-next-line style-only -->\nfine\n",
			want: "",
		},
		{
			name: "unused-suppression can itself be disabled for the file",
			src:  "<!-- sfmd-disable-file unused-suppression -->\n<!-- sfmd-disable-next-line no-bad -->\nfine\n",
			want: "",
		},
		{
			name: "unused-suppression turned off by --disable",
			src:  "<!-- sfmd-disable-next-line no-bad -->\nfine\n",
			opts: Options{Selection: Selection{Disable: []string{"unused-suppression"}}},
			want: "",
		},
		{
			name: "a malformed directive can be suppressed, and that counts as a use",
			src:  "<!-- sfmd-disable-next-line unused-suppression -->\n<!-- sfmd-frobnicate -->\n",
			want: "",
		},
		{
			name: "a stale disable-next-line all is reported",
			src:  "<!-- sfmd-disable-next-line all -->\nfine\n",
			want: "a.md:1:1: warning: suppression of all rules suppresses nothing, remove it [unused-suppression]\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"a.md": tt.src})
			opts := tt.opts
			opts.Dir = dir
			rep := run(t, opts)
			if got := lines(rep.Diagnostics); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestUnusedSuppressionFix(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"own line removed whole", "a\n<!-- sfmd-disable-next-line no-bad -->\nfine\n", "a\nfine\n"},
		{"inline comment removed with its blanks", "fine  <!-- sfmd-disable-line no-bad -->\nb\n", "fine\nb\n"},
		{"last line without newline", "a\n<!-- sfmd-disable-file no-bad -->", "a"},
		{"unused rule dropped from the list, reason kept", "<!-- sfmd-disable-next-line no-bad,no-todo -- why -->\nBAD\n",
			"<!-- sfmd-disable-next-line no-bad -- why -->\nBAD\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"a.md": tt.src})
			rep := run(t, Options{Dir: dir, Fix: FixSafe}, noBad, noTodo, UnusedSuppression)
			if got := readFile(t, dir+"/a.md"); got != tt.want {
				t.Errorf("fixed file:\n%q\nwant:\n%q", got, tt.want)
			}
			for _, d := range rep.Diagnostics {
				if d.Rule == unusedSuppressionName {
					t.Errorf("after --fix: %s", strings.TrimSpace(lines([]Diagnostic{d})))
				}
			}
		})
	}
}

// FuzzSuppressions feeds arbitrary comment texts and spans (including
// nonsense offsets a buggy parser could produce) through the suppression
// table and the fixes: nothing may panic and applying the fixes never
// corrupts the rest of the text.
func FuzzSuppressions(f *testing.F) {
	f.Add("sfmd-disable-next-line no-bad -- x", 0, 10, true, "BAD\nBAD\n")
	f.Add("sfmd-enable", 3, 2, false, "x")
	f.Add("sfmd-disable all,no-todo", -5, 500, true, "")
	f.Add("sfmd-disable-file ,,", 1, 1, false, "TODO\r\nBAD")
	reg, err := NewRegistry(testSet)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string, start, end int, own bool, src string) {
		doc := fakeParse("f.md", []byte(src))
		doc.Comments = append(doc.Comments, &sfmd.Comment{Text: text, Span: sfmd.Span{
			Start: sfmd.Pos{Offset: int32(start), Line: 1, Col: 1}, End: sfmd.Pos{Offset: int32(end), Line: 1, Col: 1},
		}, OwnLine: own})
		diags, _ := Check(doc, testSet)
		enabled := map[string]bool{}
		for _, n := range reg.Names() {
			enabled[n] = true
		}
		diags = buildSuppressions(doc, reg).filter(diags, enabled)
		ApplyFixes(doc.Src, diags, FixUnsafe)
	})
}
