package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/sfmd-dev/sfmd/lint"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// paramStrings returns every alias, description, default and constraint
// value of the parameters of the scanner documents (the upstream corpus,
// corpus/err, corpus/ok, generated documents), the cases, and random
// strings over the bytes the patterns below tell apart.
func paramStrings(t *testing.T, cases ...string) []string {
	t.Helper()
	out := append([]string{}, cases...)
	for _, src := range scannerDocs(t) {
		for _, a := range sfmd.Parse("doc.md", src).Actions {
			for _, p := range a.Params {
				out = append(out, p.Alias, p.Description, p.Default, p.Name, p.Type)
				for _, c := range p.Constraints {
					out = append(out, c.Value, c.Text)
				}
			}
		}
	}
	const alphabet = "-|aZ9 \t\n\f\r\v\x00\xff\xc3\xa9"
	r := rand.New(rand.NewPCG(21, 17))
	for range 20000 {
		b := make([]byte, r.IntN(6))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		out = append(out, string(b))
	}
	return out
}

// TestIsShortAliasIsRegexp: isShortAlias is aliasRe.MatchString.
func TestIsShortAliasIsRegexp(t *testing.T) {
	yes := 0
	for _, s := range paramStrings(t, "-a", "-Z", "-", "--a", "-1", "-é", "a", "-ab", "-a\n", "\n-a", "-_") {
		want := aliasRe.MatchString(s)
		if got := isShortAlias(s); got != want {
			t.Errorf("%q: isShortAlias %v, aliasRe %v", s, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 10 {
		t.Fatalf("only %d aliases: the cases test little", yes)
	}
}

// isPrintableASCII reports whether s is made of printable ASCII bytes.
func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// TestIsHintListIsRegexp: isHintList is hintListRe.MatchString.
func TestIsHintListIsRegexp(t *testing.T) {
	cases := []string{"a|b", "a|b|c", "a", "|", "a|", "|a", "a||b", "a|b ", " a|b", "a|\tb", "a\v|b", "é|ü", "\xff|\xfe", "a|b\n", "a|b\f", "a|b|", "||", "a|b\r"}
	yes := 0
	for _, s := range paramStrings(t, cases...) {
		want := hintListRe.MatchString(s)
		if got := isHintList(s); got != want {
			t.Errorf("%q: isHintList %v, hintListRe %v", s, got, want)
		}
		if want && isPrintableASCII(s) {
			yes++
		}
	}
	if yes < 10 {
		t.Fatalf("only %d hint lists: the cases test little", yes)
	}
}

// TestEachDupParamIsTracker: eachDupParam reports what a dupTracker
// checked with each parameter in order reports, by name and by alias, on
// the actions of the scanner documents and on random lists on both sides
// of smallDupMax.
func TestEachDupParamIsTracker(t *testing.T) {
	lists := dupParamLists(t)
	type found struct {
		p     *sfmd.Param
		first sfmd.Span
	}
	dups, long := 0, 0
	for _, ps := range lists {
		for _, key := range []func(*sfmd.Param) (string, sfmd.Span){paramName, paramAlias} {
			var want, got []found
			seen := dupTracker{}
			for _, p := range ps {
				if k, span := key(p); k != "" {
					if first, dup := seen.check(k, span); dup {
						want = append(want, found{p, first})
					}
				}
			}
			eachDupParam(ps, key, func(p *sfmd.Param, first sfmd.Span) { got = append(got, found{p, first}) })
			if len(got) != len(want) {
				t.Fatalf("%d parameters: %d duplicates, the tracker %d", len(ps), len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%d parameters: duplicate %d is %+v, the tracker's %+v", len(ps), i, got[i], want[i])
				}
			}
			dups += len(want)
			if len(ps) > smallDupMax && len(want) > 0 {
				long++
			}
		}
	}
	if dups < 1000 || long < 100 {
		t.Fatalf("%d duplicates, %d in long lists: the cases test little", dups, long)
	}
}

// TestDupKeysIsEachDupParam: dupKeys gives the keys for which eachDupParam
// finds a duplicate, on the lists TestEachDupParamIsTracker reads.
func TestDupKeysIsEachDupParam(t *testing.T) {
	both := 0
	for _, ps := range dupParamLists(t) {
		var want uint8
		eachDupParam(ps, paramName, func(*sfmd.Param, sfmd.Span) { want |= dupName })
		eachDupParam(ps, paramAlias, func(*sfmd.Param, sfmd.Span) { want |= dupAlias })
		if got := dupKeys(ps); got != want {
			t.Fatalf("%d parameters: dupKeys %b, eachDupParam %b", len(ps), got, want)
		}
		if want == dupName|dupAlias && len(ps) <= smallDupMax {
			both++
		}
	}
	if both < 100 {
		t.Fatalf("%d short lists with both keys duplicated: the cases test little", both)
	}
}

// dupParamLists returns the parameter lists of the scanner documents'
// actions and 3,000 random lists, short and long.
func dupParamLists(t *testing.T) [][]*sfmd.Param {
	var lists [][]*sfmd.Param
	for _, src := range scannerDocs(t) {
		for _, a := range sfmd.Parse("doc.md", src).Actions {
			lists = append(lists, a.Params)
		}
	}
	r := rand.New(rand.NewPCG(3, 5))
	for range 3000 {
		ps := make([]*sfmd.Param, r.IntN(2*smallDupMax+4))
		for i := range ps {
			ps[i] = &sfmd.Param{Name: []string{"", "a", "b", "c", "d"}[r.IntN(5)], Alias: []string{"", "-a", "-b"}[r.IntN(3)]}
			ps[i].NameSpan.Start.Offset, ps[i].AliasSpan.Start.Offset = int32(i), int32(1000+i)
		}
		lists = append(lists, ps)
	}
	return lists
}

// TestHasHTTPSchemeIsToLower: hasHTTPScheme is the test on the lower-cased
// URL, on the targets of the scanner documents and random strings, and no
// rune but the ASCII letters lower-cases to a letter of "https".
func TestHasHTTPSchemeIsToLower(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if l := unicode.ToLower(r); r >= utf8.RuneSelf && strings.ContainsRune("https:/", l) {
			t.Errorf("%U lower-cases to %q", r, l)
		}
	}
	cases := []string{"http://a", "HTTPS://a", "HtTp://", "https:/", "http:", "httpx://", "\u212Attp://", "ſttps://", "http\u0130://", "\xffhttp://", "https://", "Https://x"}
	for _, src := range scannerDocs(t) {
		for _, a := range sfmd.Parse("doc.md", src).Actions {
			if a.Target != nil {
				cases = append(cases, a.Target.Text)
			}
		}
	}
	cases = append(cases, randomStrings(7, 50000, "hHtTpPsS:/x\xc5\xbf\xff")...)
	yes := 0
	for _, s := range cases {
		low := strings.ToLower(s)
		want := strings.HasPrefix(low, "http://") || strings.HasPrefix(low, "https://")
		if got := hasHTTPScheme(s); got != want {
			t.Errorf("%q: hasHTTPScheme %v, lower-cased %v", s, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 100 {
		t.Fatalf("only %d http(s) URLs: the cases test little", yes)
	}
}

// randomParamDoc is a document of actions whose parameter lines are
// made of the parts the parameter rules' gates read, in any order and
// mix: indents, names, aliases, types (glued or not), constraint groups,
// descriptions, defaults and trailing blanks.
func randomParamDoc(r *rand.Rand) []byte {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	var b strings.Builder
	b.WriteString("# Doc\n\n")
	for i := range 1 + r.IntN(4) {
		b.WriteString("```act.a" + string(rune('0'+i)) + "\n")
		b.WriteString(pick("GET https://example.com/{q}", "POST https://example.com/x -d '{\"q\":\"{q}\"}'", "CLI tool --q {q}", "GET /rel/{body}") + "\n")
		for range r.IntN(6) {
			b.WriteString(pick("  ", "  ", "", "\t", "    "))
			b.WriteString(pick("q", "body", "help", "x-api-key", "Authorization", "limit", "mode", "headers", "", "q"))
			b.WriteString(pick("", "", ", -h", ", -q", ", -nm", ", ", ", -1", ", -l"))
			b.WriteString(":")
			b.WriteString(pick(" string", " number", " boolean", " path", " tuple", " int", " string[]", "", " enum(a,b)", " string(optional)", ` string"Q"`, " Bearer {t}"))
			desc := pick(` "a description"`, ` unquoted text`, ` 'single'`, ` "a|b|c"`, ` a|b`, "", ` "with "inner" quotes"`)
			cons := pick("", " (required)", " (optional)", " (required, optional)", " (min:1, max:0)", " (min:x, max:)", " (mandatory)", " (a|b|c)", " (required", " (default 7)", " (min:2)", " (required, max:9)")
			if r.IntN(4) == 0 {
				b.WriteString(desc + cons)
			} else {
				b.WriteString(cons + desc)
			}
			b.WriteString(pick("", "", ` = "v"`, ` = v`, ` = 'hot'`, ` =`, ` = "$X"`, ` = "a"`, ` = "yes"`, ` = "1e3"`, ` = "b"`, " = `c`", ` = "{x}"`))
			b.WriteString(pick("", "", " ", "\t") + "\n")
		}
		b.WriteString("```\n\n")
	}
	return []byte(b.String())
}

// paramGateDocs is bigDocTestDocs and 400 random parameter documents.
func paramGateDocs(t *testing.T) map[string][]byte {
	docs := bigDocTestDocs(t)
	r := rand.New(rand.NewPCG(17, 21))
	for i := range 400 {
		docs["random-params-"+strconv.Itoa(i)+".md"] = randomParamDoc(r)
	}
	return docs
}

// gatedParamRules are the rules that walk the parameters with
// eachGatedParam, and the two that ask mayHaveDup.
var gatedParamRules = []*lint.Analyzer{
	ParamNameDuplicate, ParamAliasDuplicate,
	ParamAliasInvalid, ParamAliasReserved, ParamBoundInapplicable, ParamBoundInvalid, ParamConstraintCompat,
	ParamConstraintUnknown, ParamDefaultNotInHints, ParamDefaultTypeMismatch, ParamDefaultUnquoted,
	ParamDescriptionUnquoted, ParamNameReserved, ParamNamedBody, ParamNoncanonicalOrder, ParamNotIndented,
	ParamRequiredAndOptional, ParamRequiredWithDefault, ParamSyntaxInvalid, ParamTrailingWhitespace,
	ParamTypeMissing, ParamTypeUnknown,
}

// TestParamGates: the parameter rules find the same, fixes included,
// with the gates' masks as with each gate tested in the rule's walk
// (paramGates false), on every corpus, the rule archives, a generated
// document and random parameter documents; every one of the rules finds
// something.
func TestParamGates(t *testing.T) {
	found := map[string]int{}
	findings := func(name string, src []byte) []string {
		ds, err := lint.Check(sfmd.Parse(name, src), gatedParamRules)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(ds))
		for i, d := range ds {
			out[i] = fmt.Sprintf("%v %s %s %v", d.Span, d.Rule, d.Message, d.Fixes)
			found[d.Rule]++
		}
		return out
	}
	defer func(old bool) { paramGates = old }(paramGates)
	for name, src := range paramGateDocs(t) {
		paramGates = true
		gated := findings(name, src)
		paramGates = false
		full := findings(name, src)
		if !slices.Equal(gated, full) {
			t.Errorf("%s: with the masks\n%s\nwithout\n%s", name, strings.Join(gated, "\n"), strings.Join(full, "\n"))
		}
	}
	for _, a := range gatedParamRules {
		if found[a.Name] == 0 {
			t.Errorf("%s found nothing: the documents do not test its gate", a.Name)
		}
	}
}

// TestAutoSlug: autoSlug is the slug of the shape's labels as
// strings.Join(strings.Fields(strings.ToLower(label)), "-"), on the link
// labels of the scanner documents and random labels.
func TestAutoSlug(t *testing.T) {
	cases := []string{"docs", "Home", "run it", "  a  b ", "\ta\t-\tB", "-", " ", "", "A", "a-b c", "x y z", "é", "a\nb", "run  IT\t"}
	for _, src := range scannerDocs(t) {
		for _, l := range sfmd.Parse("doc.md", src).Links {
			cases = append(cases, l.Label)
		}
	}
	cases = append(cases, randomStrings(5, 20000, "aZ9 \t-b")...)
	slugs := 0
	for _, label := range cases {
		want := ""
		if slugLabelShape.Matches(label) {
			want = strings.Join(strings.Fields(strings.ToLower(label)), "-")
		}
		if got := autoSlug(label); got != want {
			t.Errorf("autoSlug(%q) = %q, want %q", label, got, want)
		}
		if strings.Contains(want, "-") {
			slugs++
		}
	}
	if slugs < 100 {
		t.Fatalf("only %d slugs of several words: the cases test little", slugs)
	}
}

// flatJSONByJoin is the flat JSON as body-directive-unsupported wrote it
// before appendFlatJSON: a list of keys, joined.
func flatJSONByJoin(a *sfmd.Action) string {
	var keys []string
	for _, p := range a.Params {
		if p.Name == "" || (a.Target != nil && containsBraced(a.Target.Text, p.Name)) {
			continue
		}
		keys = append(keys, strconv.Quote(p.Name)+`:"…"`)
		if len(keys) == 3 {
			keys = append(keys, "…")
			break
		}
	}
	return "{" + strings.Join(keys, ",") + "}"
}

// TestAppendFlatJSON: appendFlatJSON writes the joined list, on the
// actions of the scanner documents and of random parameter documents.
func TestAppendFlatJSON(t *testing.T) {
	docs := paramGateDocs(t)
	for k, v := range scannerDocs(t) {
		docs[k] = v
	}
	n := map[int]int{}
	for name, src := range docs {
		for _, a := range sfmd.Parse(name, src).Actions {
			want := flatJSONByJoin(a)
			if got := string(appendFlatJSON([]byte("x"), a)); got != "x"+want {
				t.Errorf("%s: act.%s: appendFlatJSON %q, joined %q", name, a.ID, got, want)
			}
			n[strings.Count(want, ":")]++
		}
	}
	for k := range 4 {
		if n[k] == 0 {
			t.Errorf("no action with %d keys: the documents test little", k)
		}
	}
}

// usesAllFieldsByRefs is usesAllFields without its test of the text
// first: every reference read.
func usesAllFieldsByRefs(a *sfmd.Action) bool {
	if a.Target == nil {
		return false
	}
	for _, r := range a.Target.Refs {
		if r.Kind == sfmd.RefSpread || (r.Kind == sfmd.RefPersistent && r.Name == sfmd.ArgsVar) {
			return true
		}
	}
	return strings.Contains(a.Target.Text, "$ARGS") || strings.Contains(a.Target.Text, "{...args}")
}

// TestUsesAllFieldsText: usesAllFields answers as reading every
// reference of the target does, on the scanner documents and random
// targets, and each reference's Raw is text of its target (what the test
// of the text relies on).
func TestUsesAllFieldsText(t *testing.T) {
	docs := scannerDocs(t)
	r := rand.New(rand.NewPCG(9, 10))
	parts := []string{"{...args}", "{ ...args}", "{...args }", "{...arg}", "$ARGS", "${ARGS}", "$ARGSX", "$$ARGS", "\\$ARGS", "{q}", "$TOKEN", " ", "https://x.io/", "...args", "{...", "}", "$", "ARGS", "{@a}"}
	for i := range 400 {
		var b strings.Builder
		for range 1 + r.IntN(5) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		verb := []string{"GET https://x.io/", "CLI run ", "POST "}[r.IntN(3)]
		docs["random-target-"+strconv.Itoa(i)+".md"] = []byte("```act.a\n" + verb + b.String() + "\n  q: string \"q\"\n```\n")
	}
	yes, refs := 0, 0
	for name, src := range docs {
		for _, a := range sfmd.Parse(name, src).Actions {
			want := usesAllFieldsByRefs(a)
			if got := usesAllFields(a); got != want {
				t.Errorf("%s: act.%s %q: usesAllFields %v, by its references %v", name, a.ID, a.Target.Text, got, want)
			}
			if want {
				yes++
			}
			if a.Target == nil {
				continue
			}
			for _, ref := range a.Target.Refs {
				refs++
				if !strings.Contains(a.Target.Text, ref.Raw) {
					t.Errorf("%s: act.%s: reference %q is not in the target %q", name, a.ID, ref.Raw, a.Target.Text)
				}
			}
		}
	}
	if yes < 50 || refs < 1000 {
		t.Fatalf("%d actions forward every field, %d references: the documents test little", yes, refs)
	}
}
