package cli

func runTestInit(paths []string, stdio Stdio) int { return ExitOK }
