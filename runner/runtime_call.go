package runner

import "github.com/sfmd-dev/sfmd/runner/runtime"

// runStep makes one call of the runtime emulation (a variable so that a
// test can make it panic).
var runStep = func(rt *runtime.Runtime, input string) runtime.Result { return rt.Run(input) }
