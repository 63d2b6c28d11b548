package runner

import (
	"fmt"
	"github.com/sfmd-dev/sfmd/internal/lazyre"
	"net/url"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// redactor hides secrets in everything the harness prints (messages,
// diffs, reports): every value of the suite's env, whatever its length,
// becomes ***, as written and in the encodings a request or response
// carries it in (encodings), and so do literal secrets that are not env values: the
// user name and password of a URL (scheme://***@host), the values of
// secret-looking query parameters (access_token=***) and of secret
// headers written as "Name: value" lines (Authorization: ***, Cookie: ***).
type redactor struct {
	r *strings.Replacer
}

func newRedactor(env []keyValue) *redactor {
	var vals []string
	seen := map[string]bool{}
	for _, kv := range env {
		for _, v := range encodings(kv.Value) {
			if v != "" && !seen[v] {
				seen[v] = true
				vals = append(vals, v)
			}
		}
	}
	if len(vals) == 0 {
		return &redactor{}
	}
	// Longest first, so that a value containing another is hidden whole.
	sort.Slice(vals, func(i, j int) bool { return len(vals[i]) > len(vals[j]) })
	var pairs []string
	for _, v := range vals {
		pairs = append(pairs, v, "***")
	}
	return &redactor{r: strings.NewReplacer(pairs...)}
}

func (r *redactor) apply(s string) string {
	s = maskLiteralSecrets(maskHeaderLines(s))
	if r != nil && r.r != nil {
		s = r.r.Replace(s)
	}
	return s
}

// secretQuery names the query parameters whose values are secrets.
const secretQuery = `access_token|refresh_token|id_token|token|client_secret|api_key|apikey|password|passwd|secret`

var (
	reURLUserinfo = lazyre.New(`\b([A-Za-z][A-Za-z0-9+.-]*://)[^/?#\s@"'<>]+@`)
	reSecretQuery = lazyre.New(`(?i)([?&](?:` + secretQuery + `)=)[^&#\s"'<>]*`)
	reSecretLine  = lazyre.New(`(?im)^([ \t+-]*)([A-Za-z0-9-]+)(:[ \t]*)(\S[^\n]*)$`)
	reSecretName  = lazyre.New(`(?i)^(?:proxy-)?authorization$|^(?:set-)?cookie$|token|secret|api-?key|password|passwd`)
)

// sensitiveHeader reports whether a header's value is a secret.
func sensitiveHeader(name string) bool { return reSecretName.MatchString(name) }

// maskLiteralSecrets hides URL credentials and secret query values.
func maskLiteralSecrets(s string) string {
	if !strings.Contains(s, "@") && !strings.Contains(s, "=") {
		return s
	}
	s = reURLUserinfo.ReplaceAllString(s, "${1}***@")
	return reSecretQuery.ReplaceAllStringFunc(s, func(m string) string {
		name, _, _ := strings.Cut(m, "=")
		return name + "=***"
	})
}

// maskHeaderLines hides the values of secret headers shown as lines
// ("Authorization: Bearer x", also inside diffs).
func maskHeaderLines(s string) string {
	if !strings.Contains(s, ":") {
		return s
	}
	return reSecretLine.ReplaceAllStringFunc(s, func(line string) string {
		m := reSecretLine.FindStringSubmatch(line)
		if !sensitiveHeader(m[2]) || m[4] == "***" {
			return line
		}
		return m[1] + m[2] + m[3] + "***"
	})
}

// minSecretLen is the shortest env value --record treats as a secret: a
// shorter one ("o", "1", "eu") is not masked in recordings, where masking
// it would rewrite every word that contains it.
const minSecretLen = 8

// maskValues replaces, in s, each env value of at least minSecretLen
// characters (or from Options.Secrets), as written or encoded
// (encodings), by repl(name) where it occurs as a value: not inside a
// longer word (a letter, digit or "_" right before or after it means
// it is part of something else). Longer values win.
func maskValues(s string, env []keyValue, repl func(name string) string) string {
	type secret struct{ name, value string }
	var ss []secret
	for _, kv := range env {
		if kv.Secret || utf8.RuneCountInString(kv.Value) >= minSecretLen {
			for _, v := range encodings(kv.Value) {
				ss = append(ss, secret{kv.Key, v})
			}
		}
	}
	if len(ss) == 0 {
		return s
	}
	sort.SliceStable(ss, func(i, j int) bool { return len(ss[i].value) > len(ss[j].value) })
	var b strings.Builder
	for i := 0; i < len(s); {
		matched := false
		for _, sec := range ss {
			end := i + len(sec.value)
			if strings.HasPrefix(s[i:], sec.value) && !wordAt(s, i-1) && !wordAt(s, end) {
				b.WriteString(repl(sec.name))
				i, matched = end, true
				break
			}
		}
		if !matched {
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}

// wordAt reports whether s[i] is a letter, digit or "_" (false outside s).
func wordAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// encodings are the forms a secret takes in what is sent and received:
// as written, percent-encoded (in a query or a path, as url.QueryEscape,
// url.PathEscape and encodeURIComponent write it), JSON-escaped (also with
// "/" as "\/") and with every non-ASCII or special character as \uXXXX.
func encodings(v string) []string {
	out := []string{v}
	add := func(e string) {
		if e != "" && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	add(url.QueryEscape(v))
	add(url.PathEscape(v))
	add(strings.ReplaceAll(url.QueryEscape(v), "+", "%20"))
	j := jsonEscape(v)
	add(j)
	add(strings.ReplaceAll(j, "/", `\/`))
	var u strings.Builder
	for _, r := range v {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '<' || r == '>' || r == '&' || r == '\'' {
			for _, c := range utf16.Encode([]rune{r}) {
				fmt.Fprintf(&u, `\u%04x`, c)
			}
			continue
		}
		u.WriteRune(r)
	}
	add(u.String())
	return out
}
