package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// usageDocs are documents where a dry-run rule leaves out the only field
// a call gives while the runtime reads a required field without a
// default: here a field declared twice, optional then required, whose
// {placeholder} a session variable a template sets would fill.
func usageDocs() map[string][]byte {
	return map[string][]byte{
		"usage-dup.md": []byte("# Doc\n\n```act.read\nGET https://api.example.com/posts/1\n```\n\n```act.read.response\n{content} = {Response.body.content}\n{content}\n```\n\n" +
			"```act.post\nPOST https://api.example.com/posts/{content}\n  content: string \"Body\"\n  content: string (required) \"Body again\"\n```\n"),
		"usage-dup-body.md": []byte("# Doc\n\n```act.read\nGET https://api.example.com/posts/1\n```\n\n```act.read.response\n{note} = {Response.body.note}\n```\n\n" +
			"```act.post\nPOST https://api.example.com/posts -d '{\"note\":\"{note}\"}'\n  note: string \"Note\"\n  note: string (required) \"Note\"\n```\n"),
	}
}

// printsUsage is act.go cmdAction's test, read from the runtime's code
// apart from the model: with no flags (the string after the id, trimmed)
// and a field that is required and has no default, the action's usage
// is printed and nothing is sent.
func printsUsage(p *model.Parsed, id, args string) bool {
	if strings.TrimSpace(args) != "" {
		return false
	}
	for _, a := range p.Actions() {
		if a.ID != id {
			continue
		}
		for _, f := range a.Fields {
			if f.Required && !f.HasDefault {
				return true
			}
		}
		return false
	}
	return false
}

// TestDryRunSendsOnlyWhatTheRuntimeSends: every call a dry-run rule
// simulates and reads (DryRun's ok) is one the runtime sends, not one
// for which cmdAction prints the action's usage, on the rule archives,
// corpus/err, the upstream corpus, the gate documents and documents that
// reach such a call; and no finding rests on one.
func TestDryRunSendsOnlyWhatTheRuntimeSends(t *testing.T) {
	docs := droppedParamDocs(t)
	for k, v := range gatedDocs() {
		docs[k] = v
	}
	usage := usageDocs()
	for k, v := range usage {
		docs[k] = v
	}
	var bad []string
	calls, refused := 0, 0
	var name string
	defer func(old func(*model.Parsed, string, string, model.Sent, bool)) { dryRunTrace = old }(dryRunTrace)
	dryRunTrace = func(p *model.Parsed, id, args string, s model.Sent, ok bool) {
		calls++
		if s.Usage {
			refused++
		}
		if ok && printsUsage(p, id, args) {
			bad = append(bad, fmt.Sprintf("%s: %s runs, the runtime prints its usage", name, dryLine(id, args)))
		}
	}
	rules := dryRules()
	for n, src := range docs {
		name = n
		ds, err := lint.Check(sfmd.Parse(n, src), rules)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := usage[n]; ok && len(ds) > 0 {
			bad = append(bad, fmt.Sprintf("%s: %d findings, first %s: %s", n, len(ds), ds[0].Rule, ds[0].Message))
		}
	}
	if len(bad) > 0 {
		t.Errorf("%d of %d simulated calls or findings:\n%s", len(bad), calls, strings.Join(bad, "\n"))
	}
	t.Logf("%d documents, %d simulated calls, %d usage", len(docs), calls, refused)
	if refused == 0 {
		t.Error("no simulated call printed the usage: the usage documents test nothing")
	}
}
