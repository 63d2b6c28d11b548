//go:build unix && !darwin

package measure

// ru_maxrss is in kilobytes on Linux and the BSDs.
const peakRSSUnit = 1024
