package runner

import (
	"io/fs"
	"os"
)

// removeAll removes a sandbox even when a real command took the write
// permission away from some of its directories (os.RemoveAll alone would
// leave them behind). Symbolic links are not followed.
func removeAll(dir string) error {
	if err := os.RemoveAll(dir); err == nil {
		return nil
	}
	_ = os.Chmod(dir, 0o700)
	if root, err := os.OpenRoot(dir); err == nil {
		_ = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, _ error) error {
			if d != nil && d.IsDir() {
				_ = root.Chmod(p, 0o700) // before WalkDir reads it
			}
			return nil
		})
		_ = root.Close()
	}
	return os.RemoveAll(dir)
}
