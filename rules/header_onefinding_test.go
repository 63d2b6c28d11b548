package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestHeaderMistakeOneFinding: header-duplicate reads what the model
// says the runtime sends (model.Sent.Wire and Replaced), so each header
// mistake gets one finding: a header combined with the runtime's default
// is dryrun-header-merged's alone, even when the action also gives it
// twice, and headers the runtime never reads (single quotes) set nothing
// twice.
func TestHeaderMistakeOneFinding(t *testing.T) {
	rules := []*lint.Analyzer{HeaderDuplicate, DryrunHeaderMerged}
	for _, tc := range []struct {
		line string
		want []string // "col rule" of each finding
		has  string   // in the first finding's message
	}{
		// two keys differing in case, the default replaced: fetch joins them
		{`GET https://x.example.com/ -H "Accept: text/plain" -H "accept: text/csv"`, []string{"56 header-duplicate"}, ""},
		// the same key twice: the first value is dropped
		{`GET https://x.example.com/ -H "X-Key: 1" -H "X-Key: 2"`, []string{"46 header-duplicate"}, ""},
		// the same lower-case key twice, then combined with the default
		// Accept: one header of the request, one finding
		{`GET https://x.example.com/ -H "accept: text/csv" -H "accept: text/plain"`, []string{"54 dryrun-header-merged"}, `(and "accept: text/csv", set again by a later -H, is not sent)`},
		{`GET https://x.example.com/ -H "accept: text/csv" -H "ACCEPT: text/plain"`, []string{"32 dryrun-header-merged"}, ""},
		{`POST https://x.example.com/ -H "content-type: text/plain" -H "Content-type: text/csv" -d 'a'`, []string{"33 dryrun-header-merged"}, ""},
		// single quotes: the runtime reads no header at all (header-syntax-invalid)
		{`GET https://x.example.com/ -H 'Accept: text/plain' -H 'accept: text/csv'`, nil, ""},
	} {
		src := "# Doc\n\n```act.a\n" + tc.line + "\n```\n"
		ds, err := lint.Check(sfmd.Parse("doc.md", []byte(src)), rules)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range ds {
			got = append(got, fmt.Sprintf("%d %s", d.Span.Start.Col, d.Rule))
		}
		if tc.has != "" && (len(ds) == 0 || !strings.Contains(ds[0].Message, tc.has)) {
			t.Errorf("%s: the finding does not say %s", tc.line, tc.has)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.line, got, tc.want)
			for _, d := range ds {
				t.Log(d.Message)
			}
		}
	}
}
