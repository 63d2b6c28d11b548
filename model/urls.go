package model

import (
	"net/url"
	"path"
	"strconv"
	"strings"
)

const hexUpper = "0123456789ABCDEF"

// encodeURIComponent is the JS global of that name.
func encodeURIComponent(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlnum(c) || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexUpper[c>>4])
		b.WriteByte(hexUpper[c&15])
	}
	return b.String()
}

func isAlnum(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z') }

// formEncode is the application/x-www-form-urlencoded byte serializer.
func formEncode(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b.WriteByte('+')
		case isAlnum(c) || c == '*' || c == '-' || c == '.' || c == '_':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hexUpper[c>>4])
			b.WriteByte(hexUpper[c&15])
		}
	}
	return b.String()
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// percentDecode leaves invalid % sequences as they are (WHATWG).
func percentDecode(s string) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			h, ok1 := unhex(s[i+1])
			l, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				out = append(out, h<<4|l)
				i += 2
				continue
			}
		}
		out = append(out, s[i])
	}
	return out
}

type formPair struct{ name, value string }

// formParse is the application/x-www-form-urlencoded parser.
func formParse(q string) []formPair {
	var out []formPair
	for _, seq := range strings.Split(q, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		name = strings.ReplaceAll(name, "+", " ")
		value = strings.ReplaceAll(value, "+", " ")
		out = append(out, formPair{decodeUTF8(percentDecode(name), false), decodeUTF8(percentDecode(value), false)})
	}
	return out
}

// ---------------------------------------------------------------------------
// A WHATWG URL parser for the http and https schemes (the only ones an action
// request can use), with the serialization Node's URL produces.

type whatURL struct {
	scheme   string
	userinfo string // "user:pass" already encoded, "" when none
	host     string
	port     string // "" for the default
	path     []string
	query    *string
	fragment *string
}

func (u *whatURL) String() string {
	var b strings.Builder
	b.WriteString(u.scheme)
	b.WriteString("://")
	if u.userinfo != "" {
		b.WriteString(u.userinfo)
		b.WriteByte('@')
	}
	b.WriteString(u.host)
	if u.port != "" {
		b.WriteByte(':')
		b.WriteString(u.port)
	}
	b.WriteString(u.pathString())
	if u.query != nil {
		b.WriteByte('?')
		b.WriteString(*u.query)
	}
	if u.fragment != nil {
		b.WriteByte('#')
		b.WriteString(*u.fragment)
	}
	return b.String()
}

func (u *whatURL) pathString() string {
	if len(u.path) == 0 {
		return "/"
	}
	return "/" + strings.Join(u.path, "/")
}

// searchParamsSet applies URLSearchParams.set(name, value) and re-serializes
// the whole query, as the reference runtime does for GET and DELETE fields.
func (u *whatURL) searchParamsSet(pairs [][2]string) {
	var list []formPair
	if u.query != nil {
		list = formParse(*u.query)
	}
	for _, p := range pairs {
		found := -1
		for i := 0; i < len(list); i++ {
			if list[i].name == p[0] {
				if found < 0 {
					found = i
					list[i].value = p[1]
				} else {
					list = append(list[:i], list[i+1:]...)
					i--
				}
			}
		}
		if found < 0 {
			list = append(list, formPair{p[0], p[1]})
		}
	}
	var b strings.Builder
	for i, p := range list {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(formEncode(p.name))
		b.WriteByte('=')
		b.WriteString(formEncode(p.value))
	}
	q := b.String()
	if q == "" {
		u.query = nil
		return
	}
	u.query = &q
}

// percent-encode sets (WHATWG URL): which bytes above the C0 range get encoded
const (
	setFragment = " \"<>`"
	setQuery    = " \"#<>'" // special-query set
	setPath     = " \"#<>?`{}"
	setUserinfo = " \"#<>?`{}/:;=@[\\]^|"
)

func pctEncode(s, set string) string {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x7E && strings.IndexByte(set, s[i]) < 0 {
		i++
	}
	if i == len(s) {
		return s // nothing to encode (most paths): no copy
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7E || strings.IndexByte(set, c) >= 0 {
			b.WriteByte('%')
			b.WriteByte(hexUpper[c>>4])
			b.WriteByte(hexUpper[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

type urlError struct{}

func (urlError) Error() string { return "Invalid URL" }

func cleanURLInput(s string) string {
	s = strings.TrimFunc(s, func(r rune) bool { return r <= 0x20 })
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	return s
}

func schemeOf(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			if i == 0 {
				return "", s, false
			}
			return strings.ToLower(s[:i]), s[i+1:], true
		}
		if !(isAlnum(c) || (i > 0 && (c == '+' || c == '-' || c == '.'))) || (i == 0 && !isIdentStart(c)) || (i == 0 && c == '_') {
			return "", s, false
		}
	}
	return "", s, false
}

func defaultPort(scheme string) string {
	if scheme == "https" {
		return "443"
	}
	return "80"
}

// parseURL is new URL(input) for http(s) URLs, or new URL(input, base)
// when base is not nil.
func parseURL(input string, base *whatURL) (*whatURL, error) {
	s := cleanURLInput(input)
	scheme, rest, ok := schemeOf(s)
	if ok && scheme != "http" && scheme != "https" {
		return nil, urlError{}
	}
	if !ok {
		if base == nil {
			return nil, urlError{}
		}
		return parseRelative(s, base)
	}
	if base != nil && scheme == base.scheme && !strings.HasPrefix(rest, "/") && !strings.HasPrefix(rest, "\\") {
		// "http:foo" against an http base is relative.
		return parseRelative(rest, base)
	}
	u := &whatURL{scheme: scheme}
	rest = strings.TrimLeft(rest, "/\\")
	return u, u.parseAuthorityAndRest(rest)
}

func parseRelative(s string, base *whatURL) (*whatURL, error) {
	u := &whatURL{scheme: base.scheme, userinfo: base.userinfo, host: base.host, port: base.port}
	switch {
	case s == "":
		u.path = append([]string(nil), base.path...)
		u.query = base.query
		return u, nil
	case len(s) >= 2 && (s[0] == '/' || s[0] == '\\') && (s[1] == '/' || s[1] == '\\'):
		u.userinfo, u.host, u.port = "", "", ""
		return u, u.parseAuthorityAndRest(strings.TrimLeft(s, "/\\"))
	case s[0] == '/' || s[0] == '\\':
		u.parsePathQueryFragment(s)
		return u, nil
	case s[0] == '?':
		u.path = append([]string(nil), base.path...)
		u.parsePathQueryFragment(s)
		return u, nil
	case s[0] == '#':
		u.path = append([]string(nil), base.path...)
		u.query = base.query
		f := pctEncode(s[1:], setFragment)
		u.fragment = &f
		return u, nil
	}
	if len(base.path) > 0 {
		u.path = append([]string(nil), base.path[:len(base.path)-1]...)
	}
	u.parsePathQueryFragment(s)
	return u, nil
}

func (u *whatURL) parseAuthorityAndRest(s string) error {
	end := strings.IndexAny(s, "/\\?#")
	auth := s
	rest := ""
	if end >= 0 {
		auth, rest = s[:end], s[end:]
	}
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		user, pass, hasPass := strings.Cut(auth[:at], ":")
		ui := pctEncode(user, setUserinfo)
		if hasPass && pass != "" {
			ui += ":" + pctEncode(pass, setUserinfo)
		}
		u.userinfo = ui
		auth = auth[at+1:]
	}
	host, port := auth, ""
	if !strings.HasPrefix(auth, "[") || strings.Contains(auth, "]:") {
		if i := strings.LastIndexByte(auth, ':'); i >= 0 && !strings.HasSuffix(auth, "]") {
			host, port = auth[:i], auth[i+1:]
		}
	}
	if port != "" {
		for i := 0; i < len(port); i++ {
			if !isDigit(port[i]) {
				return urlError{}
			}
		}
		port = strings.TrimLeft(port, "0")
		if port == "" {
			port = "0"
		}
		if n, err := strconv.Atoi(port); err != nil || n > 65535 {
			return urlError{}
		}
		if port == defaultPort(u.scheme) {
			port = ""
		}
	}
	h, err := parseHost(host)
	if err != nil {
		return err
	}
	u.host, u.port = h, port
	u.path = nil
	u.parsePathQueryFragment(rest)
	return nil
}

func (u *whatURL) parsePathQueryFragment(s string) {
	pathPart := s
	var query, frag *string
	if i := strings.IndexByte(pathPart, '#'); i >= 0 {
		f := pctEncode(pathPart[i+1:], setFragment)
		frag = &f
		pathPart = pathPart[:i]
	}
	if i := strings.IndexByte(pathPart, '?'); i >= 0 {
		q := pctEncode(pathPart[i+1:], setQuery)
		query = &q
		pathPart = pathPart[:i]
	}
	if pathPart != "" {
		if pathPart[0] == '/' || pathPart[0] == '\\' {
			pathPart = pathPart[1:]
		}
		parts := splitPathSegments(pathPart)
		for i, seg := range parts {
			lastSeg := i == len(parts)-1
			switch {
			case isDoubleDot(seg):
				if len(u.path) > 0 {
					u.path = u.path[:len(u.path)-1]
				}
				if lastSeg {
					u.path = append(u.path, "")
				}
			case isSingleDot(seg):
				if lastSeg {
					u.path = append(u.path, "")
				}
			default:
				u.path = append(u.path, pctEncode(seg, setPath))
			}
		}
	}
	u.query, u.fragment = query, frag
}

func splitPathSegments(p string) []string {
	var out []string
	start := 0
	for i := 0; i < len(p); i++ {
		if p[i] == '/' || p[i] == '\\' {
			out = append(out, p[start:i])
			start = i + 1
		}
	}
	return append(out, p[start:])
}

func isSingleDot(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }
func isDoubleDot(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}

// toNetURL converts the serialized href into a *url.URL for net/http.
func toNetURL(href string) *url.URL {
	if u, err := url.Parse(href); err == nil {
		return u
	}
	scheme, rest, _ := strings.Cut(href, "://")
	host := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		host = rest[:i]
	}
	if i := strings.IndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	return &url.URL{Scheme: scheme, Host: host, Opaque: "//" + strings.SplitN(rest, "#", 2)[0]}
}

// fileURIFromPath is pathToFileURL(p).href for an absolute path.
func fileURIFromPath(p string) string {
	return "file://" + pctEncode(path.Clean(p), " \"#<>?`{}%")
}

// pathFromFileURI is fileURLToPath: the URI's pathname, decoded.
func pathFromFileURI(u string) string {
	return decodeUTF8(percentDecode(urlPathname(u)), false)
}
