package model

import (
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// parseHost is the WHATWG host parser for a special URL's host: an IPv6
// address in brackets, else the percent-decoded domain through UTS #46
// (domainToASCII: internationalized names become punycode), refused if it
// holds a forbidden domain code point, read as IPv4 if it ends in a number.
func parseHost(h string) (string, error) {
	if h == "" {
		return "", urlError{}
	}
	if strings.HasPrefix(h, "[") {
		if !strings.HasSuffix(h, "]") {
			return "", urlError{}
		}
		v6, ok := parseIPv6(h[1 : len(h)-1])
		if !ok {
			return "", urlError{}
		}
		return "[" + v6 + "]", nil
	}
	d, ok := domainToASCII(decodeUTF8(percentDecode(h), false))
	if !ok {
		return "", urlError{}
	}
	for i := 0; i < len(d); i++ {
		c := d[i]
		if c <= 0x20 || c == 0x7F || strings.IndexByte("#%/:<>?@[\\]^|", c) >= 0 {
			return "", urlError{}
		}
	}
	if endsInNumber(d) {
		v4, ok := parseIPv4(d)
		if !ok {
			return "", urlError{}
		}
		return v4, nil
	}
	return d, nil
}

// idnaProfile is UTS #46 ToASCII with the WHATWG URL options
// (CheckHyphens, UseSTD3ASCIIRules, Transitional_Processing and
// VerifyDnsLength false; CheckBidi and CheckJoiners true).
var idnaProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.CheckJoiners(true),
	idna.CheckHyphens(false),
	idna.StrictDomainName(false),
	idna.Transitional(false),
	idna.VerifyDNSLength(false),
)

// domainToASCII is the URL standard's domain to ASCII with beStrict false:
// an ASCII domain without an "xn--" label is only lower-cased; any other
// goes through UTS #46. ok is false where that fails or gives "".
func domainToASCII(d string) (string, bool) {
	if isASCII(d) && !hasACELabel(d) {
		return strings.ToLower(d), true
	}
	a, err := idnaProfile.ToASCII(d)
	if err != nil || a == "" {
		return "", false
	}
	return a, true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func hasACELabel(d string) bool {
	for _, l := range strings.Split(d, ".") {
		if len(l) >= 4 && strings.EqualFold(l[:4], "xn--") {
			return true
		}
	}
	return false
}

// endsInNumber is the URL standard's "ends in a number": the last label
// (ignoring one empty label after a final dot) is all digits or a 0x
// number.
func endsInNumber(d string) bool {
	parts := strings.Split(d, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	if len(last) >= 2 && (last[:2] == "0x" || last[:2] == "0X") {
		return strings.Trim(last[2:], "0123456789abcdefABCDEF") == ""
	}
	return false
}

// parseIPv6 reads an IPv6 address (the text between the brackets) and
// serializes it as the URL standard does: lower-case hexadecimal pieces
// without leading zeros, the first longest run of two or more zero pieces
// written "::", an embedded IPv4 address written as two pieces.
func parseIPv6(s string) (string, bool) {
	if s == "" || strings.ContainsAny(s, "%") {
		return "", false
	}
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() || a.Zone() != "" {
		return "", false
	}
	b := a.As16()
	var pieces [8]uint16
	for i := range pieces {
		pieces[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	start, n := -1, 1
	for i := 0; i < 8; {
		if pieces[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && pieces[j] == 0 {
			j++
		}
		if j-i > n {
			start, n = i, j-i
		}
		i = j
	}
	var out strings.Builder
	for i := 0; i < 8; i++ {
		if i == start {
			out.WriteString("::")
			i += n - 1
			continue
		}
		if i > 0 && i != start+n {
			out.WriteByte(':')
		}
		out.WriteString(strconv.FormatUint(uint64(pieces[i]), 16))
	}
	return out.String(), true
}

// parseIPv4 handles hosts whose last label is a number (WHATWG IPv4 parser).
func parseIPv4(h string) (string, bool) {
	parts := strings.Split(h, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last == "" || !isIPv4Number(last) || len(parts) > 4 {
		return "", false
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		n, ok := ipv4Num(p)
		if !ok {
			return "", false
		}
		nums[i] = n
	}
	for _, n := range nums[:len(nums)-1] {
		if n > 255 {
			return "", false
		}
	}
	lastMax := uint64(1) << (8 * (5 - len(nums)))
	if nums[len(nums)-1] >= lastMax {
		return "", false
	}
	ip := nums[len(nums)-1]
	for i, n := range nums[:len(nums)-1] {
		ip += n << (8 * (3 - i))
	}
	return strconv.FormatUint(ip>>24, 10) + "." + strconv.FormatUint(ip>>16&255, 10) + "." +
		strconv.FormatUint(ip>>8&255, 10) + "." + strconv.FormatUint(ip&255, 10), true
}

func isIPv4Number(p string) bool {
	if p == "" {
		return false
	}
	allDigits := true
	for i := 0; i < len(p); i++ {
		if !isDigit(p[i]) {
			allDigits = false
		}
	}
	if allDigits {
		return true
	}
	_, ok := ipv4Num(p)
	return ok && (strings.HasPrefix(p, "0x") || strings.HasPrefix(p, "0X"))
}

func ipv4Num(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(p) >= 2 && (p[:2] == "0x" || p[:2] == "0X"):
		p, base = p[2:], 16
		if p == "" {
			return 0, true
		}
	case len(p) >= 2 && p[0] == '0':
		p, base = p[1:], 8
	}
	n, err := strconv.ParseUint(p, base, 64)
	if err != nil || n > 1<<40 {
		return 0, false
	}
	return n, true
}
