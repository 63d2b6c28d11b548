package model

import (
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// What Node's fetch (undici) does with the request before anything is
// sent, where Go would accept what Node refuses or send what Node
// rewrites. The runtime catches the TypeError fetch throws and returns
// "Network error: <message>" (runtime-semantics.md §1.11). In the order
// undici's Request constructor checks them:
//
//  1. every header name and value of the headers object becomes a
//     ByteString: a UTF-16 code unit above 255 throws "Cannot convert
//     argument to a ByteString because the character at index <i> has a
//     value of <code> which is greater than 255." (i counts UTF-16 units);
//  2. the URL is parsed ("Failed to parse URL from <input>");
//  3. a URL with a user name or password is refused ("Request cannot be
//     constructed from a URL that includes credentials: <input>");
//  4. each header is appended: the value loses leading and trailing HTTP
//     whitespace (tab, LF, CR, space); a name that is not an HTTP token
//     throws `Headers.append: "<name>" is an invalid header name.`, a value
//     holding NUL, CR or LF `Headers.append: "<value>" is an invalid header
//     value.`; names that differ only in case are combined, with ", "
//     (with "; " for Cookie).
//
// On the wire each character of a header value is one byte (Latin-1), so
// "é" (U+00E9) is the byte 0xE9, not UTF-8's two bytes.

// fetchRequest is the request fetch sends, or the message it throws.
type fetchRequest struct {
	href   string      // the serialized URL
	header http.Header // values as text (one rune per byte on the wire)
	// keys maps each name of header to the keys of the headers object
	// fetch combined into it, in order (one key unless two differ only in
	// case).
	keys map[string][]string
	err  string // the TypeError's message; nothing is sent
}

// fetch checks input and the headers object all as undici does.
func fetch(input string, all *ordered[string]) fetchRequest {
	keys := all.Keys()
	for _, k := range keys {
		v, _ := all.Get(k)
		if msg := byteStringError(k); msg != "" {
			return fetchRequest{err: msg}
		}
		if msg := byteStringError(v); msg != "" {
			return fetchRequest{err: msg}
		}
	}
	u, err := parseURL(input, nil)
	if err != nil {
		return fetchRequest{err: "Failed to parse URL from " + input}
	}
	if u.userinfo != "" {
		return fetchRequest{err: "Request cannot be constructed from a URL that includes credentials: " + input}
	}
	h := http.Header{}
	from := make(map[string][]string, len(keys))
	for _, k := range keys {
		v, _ := all.Get(k)
		v = strings.Trim(v, " \t\r\n")
		if !isToken(k) {
			return fetchRequest{err: `Headers.append: "` + k + `" is an invalid header name.`}
		}
		if strings.ContainsAny(v, "\x00\r\n") {
			return fetchRequest{err: `Headers.append: "` + v + `" is an invalid header value.`}
		}
		ck := http.CanonicalHeaderKey(k)
		from[ck] = append(from[ck], k)
		if old, ok := h[ck]; ok && len(old) > 0 {
			sep := ", "
			if ck == "Cookie" {
				sep = "; "
			}
			h[ck] = []string{old[0] + sep + v}
		} else {
			h[ck] = []string{v}
		}
	}
	return fetchRequest{href: u.String(), header: h, keys: from}
}

// byteStringError is webidl.converters.ByteString: the message of the
// TypeError for the first UTF-16 code unit above 255, or "".
func byteStringError(s string) string {
	i := 0 // UTF-16 index
	for _, r := range s {
		code := r
		if r > 0xFFFF {
			code = 0xD800 + (r-0x10000)>>10 // the high surrogate comes first
		}
		if code > 255 {
			return "Cannot convert argument to a ByteString because the character at index " + strconv.Itoa(i) +
				" has a value of " + strconv.Itoa(int(code)) + " which is greater than 255."
		}
		if r > 0xFFFF {
			i += 2
		} else {
			i++
		}
	}
	return ""
}

// isToken reports whether s is an HTTP token (RFC 9110 §5.6.2), the only
// valid header name.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlnum(c) || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// latin1 is a header value as the bytes undici writes: one byte per
// character (every character is at most U+00FF by then).
func latin1(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}
