package lint

import "github.com/sfmd-dev/sfmd/sfmd"

func init() { defaultParse = sfmd.Parse }
