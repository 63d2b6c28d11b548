package runner

import "github.com/sfmd-dev/sfmd/model"

// runStep makes one call of the runtime emulation and records what it
// reached for --cover (a variable so that a test can make it panic).
var runStep = func(rt *model.Runtime, input string) model.Result {
	res := rt.Run(input)
	rt.Cover.Finish(res)
	return res
}
