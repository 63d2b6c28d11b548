package model

import (
	"net/http"
	"strings"
)

// WireHeader is one header of a dry run's request as fetch sends it:
// fetch (undici's Headers.append) combines the keys of the headers object
// that differ only in case into one header, values joined with ", "
// ("; " for Cookie), each value trimmed.
type WireHeader struct {
	Name  string // the first key's spelling
	Value string
	// Keys are the keys of the headers object combined into this header,
	// in order; Runtime is true for a key the runtime added itself
	// (action.ts executeAction's defaults: Accept, and Content-Type for
	// POST, PUT and PATCH) that the action did not replace.
	Keys []HeaderKey
}

// HeaderKey is one key of the headers object given to fetch.
type HeaderKey struct {
	Key     string
	Value   string
	Runtime bool
}

// Merged reports a header made of more than one key of the headers object.
func (h WireHeader) Merged() bool { return len(h.Keys) > 1 }

// Header is the header name of s as fetch sends it (any case), if any.
func (s Sent) Header(name string) (WireHeader, bool) {
	for _, h := range s.Wire {
		if strings.EqualFold(h.Name, name) {
			return h, true
		}
	}
	return WireHeader{}, false
}

// wireHeaders is what fetch made of the headers object all (fr its
// result); action holds the action's own headers (the rest are the
// runtime's defaults).
func wireHeaders(fr fetchRequest, all, action *ordered[string]) []WireHeader {
	var out []WireHeader
	for _, k := range all.Keys() {
		ck := http.CanonicalHeaderKey(k)
		keys := fr.keys[ck]
		if len(keys) == 0 || keys[0] != k {
			continue // combined into an earlier key's header
		}
		w := WireHeader{Name: k, Value: fr.header.Get(ck)}
		for _, key := range keys {
			v, _ := all.Get(key)
			w.Keys = append(w.Keys, HeaderKey{Key: key, Value: v, Runtime: !action.Has(key)})
		}
		out = append(out, w)
	}
	return out
}
