// Command peakrss runs a command, its output discarded, and prints its
// wall-clock time, CPU time and peak resident memory as one line of
// JSON; its exit status is the command's. corpus/bench/lintratio runs
// the programs it measures through it: on Linux a child's peak resident
// memory counts the memory of the process that started it (the child
// shares it until it executes the program), so the measuring process
// must be small.
//
//	peakrss PROGRAM [ARG...]
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/sfmd-dev/sfmd/corpus/bench/measure"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: peakrss PROGRAM [ARG...]")
		os.Exit(2)
	}
	s, err := measure.Exec(os.Args[1], os.Args[2:])
	if s.Status < 0 {
		fmt.Fprintln(os.Stderr, "peakrss:", err)
		os.Exit(2)
	}
	if err := json.NewEncoder(os.Stdout).Encode(s); err != nil {
		os.Exit(2)
	}
	os.Exit(s.Status)
}
