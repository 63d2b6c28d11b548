package measure

// ru_maxrss is in bytes on macOS.
const peakRSSUnit = 1
