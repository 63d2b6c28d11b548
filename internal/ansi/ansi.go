// Package ansi holds the terminal styles sfmd's coloured outputs share
// (sfmd lint's text format, sfmd test's report), so that both look alike.
// It is a leaf: it imports nothing of the module.
package ansi

// Styles (SGR sequences).
const (
	Reset  = "\x1b[0m"
	Bold   = "\x1b[1m"
	Dim    = "\x1b[2m"
	Red    = "\x1b[1;31m"
	Yellow = "\x1b[1;33m"
	Cyan   = "\x1b[1;36m"
	Green  = "\x1b[1;32m"
	Blue   = "\x1b[34m"
)
