// Package smallmap is a map of string keys that keeps them in the order
// they were first set, made for the many small objects sfmd builds (a
// JavaScript object of the runtime model, a response body a template
// reads): its values sit beside their keys, found by a scan while there
// are few and through an index once there are more than Scan, so that a
// small map costs no Go map.
package smallmap

// Scan is the number of keys a Map finds by a scan.
const Scan = 8

// Map is a map of string keys in insertion order. The zero value is an
// empty map.
type Map[V any] struct {
	keys []string
	vals []V            // vals[i] is the value of keys[i]
	idx  map[string]int // the index of each key in keys; nil up to Scan keys
}

// Find is the index of k, or -1.
func (m *Map[V]) Find(k string) int {
	if m.idx != nil {
		if i, ok := m.idx[k]; ok {
			return i
		}
		return -1
	}
	for i, x := range m.keys {
		if x == k {
			return i
		}
	}
	return -1
}

// Set gives k the value v: in place when k is there, last otherwise.
func (m *Map[V]) Set(k string, v V) {
	if i := m.Find(k); i >= 0 {
		m.vals[i] = v
		return
	}
	m.keys = append(m.keys, k)
	m.vals = append(m.vals, v)
	switch {
	case m.idx != nil:
		m.idx[k] = len(m.keys) - 1
	case len(m.keys) > Scan:
		m.idx = make(map[string]int, 2*len(m.keys))
		for i, x := range m.keys {
			m.idx[x] = i
		}
	}
}

// Get is the value of k and whether k is there.
func (m *Map[V]) Get(k string) (V, bool) {
	if i := m.Find(k); i >= 0 {
		return m.vals[i], true
	}
	var zero V
	return zero, false
}

// Has reports whether k is there.
func (m *Map[V]) Has(k string) bool { return m.Find(k) >= 0 }

// Delete removes k; the keys after it keep their order.
func (m *Map[V]) Delete(k string) {
	i := m.Find(k)
	if i < 0 {
		return
	}
	m.keys = append(m.keys[:i:i], m.keys[i+1:]...)
	m.vals = append(m.vals[:i:i], m.vals[i+1:]...)
	if m.idx != nil {
		delete(m.idx, k)
		for j := i; j < len(m.keys); j++ {
			m.idx[m.keys[j]] = j
		}
	}
}

// Len is the number of keys.
func (m *Map[V]) Len() int { return len(m.keys) }

// Key and Value are the i-th key and its value, in insertion order.
func (m *Map[V]) Key(i int) string { return m.keys[i] }

// Value is the value of Key(i).
func (m *Map[V]) Value(i int) V { return m.vals[i] }

// InOrder is the keys in insertion order; the caller must not modify it.
func (m *Map[V]) InOrder() []string { return m.keys }

// Reset empties m and keeps the room its keys and values took for the
// next Sets (the index is dropped: a map of more than Scan keys makes a
// new one). Nothing m gave out before stays readable through it.
func (m *Map[V]) Reset() {
	clear(m.keys)
	clear(m.vals)
	m.keys, m.vals, m.idx = m.keys[:0], m.vals[:0], nil
}

// Clone is a copy that shares nothing with m.
func (m *Map[V]) Clone() Map[V] {
	c := Map[V]{keys: append([]string(nil), m.keys...), vals: append([]V(nil), m.vals...)}
	if m.idx != nil {
		c.idx = make(map[string]int, len(m.idx))
		for k, i := range m.idx {
			c.idx[k] = i
		}
	}
	return c
}
