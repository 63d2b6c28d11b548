package runner

import "github.com/sfmd-dev/sfmd/runner/runtime"

// runStep makes one call of the runtime emulation.
func runStep(rt *runtime.Runtime, input string) runtime.Result {
	res := rt.Run(input)
	rt.Cover.Finish(res)
	return res
}
