package measure

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// CopyTree copies the regular files and directories under src to dst
// (dst may exist).
func CopyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p) //nolint:gosec // G122: a benchmark copying the corpus its user names
		if err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644) //nolint:gosec // G703: the copy goes to the benchmark's own temporary directory
	})
}

// LoadAverage is the machine's load average as "load average 1.0 2.0
// 3.0" (from /proc/loadavg), or "load average unknown".
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load average unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "load average unknown"
	}
	return "load average " + strings.Join(f[:3], " ")
}

// MS is d in milliseconds.
func MS(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
