package runner

import "github.com/sfmd-dev/sfmd/runner/runtime"

// runStep makes one call of the runtime emulation and records what it
// reached for --cover (a variable so that a test can make it panic).
var runStep = func(rt *runtime.Runtime, input string) runtime.Result {
	res := rt.Run(input)
	rt.Cover.Finish(res)
	return res
}
