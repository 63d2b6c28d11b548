package cli

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

// buildInfo is what sfmd version prints.
type buildInfo struct {
	version  string // -ldflags Version, else the module version, else "devel"
	module   string // the main module's version from the build info ("" when unknown)
	commit   string // vcs.revision
	time     string // vcs.time
	modified bool   // vcs.modified
	goVer    string
	platform string
}

// readBuildInfo reads the version stamped with -ldflags and what the Go
// toolchain records in the binary (runtime/debug): the module version (a
// tag, or a pseudo-version for a commit, when installed with go install
// …@version or built in a git checkout), the commit and the Go version.
func readBuildInfo() buildInfo {
	info, _ := debug.ReadBuildInfo()
	return fromBuildInfo(info, Version)
}

// fromBuildInfo resolves the version: stamped (ldflags) first, then the
// module version, then "devel". info may be nil.
func fromBuildInfo(info *debug.BuildInfo, stamped string) buildInfo {
	b := buildInfo{goVer: runtime.Version(), platform: runtime.GOOS + "/" + runtime.GOARCH}
	if info != nil {
		b.goVer = info.GoVersion
		if v := info.Main.Version; v != "" && v != "(devel)" {
			b.module = v
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				b.commit = s.Value
			case "vcs.time":
				b.time = s.Value
			case "vcs.modified":
				b.modified = s.Value == "true"
			}
		}
	}
	switch {
	case stamped != "":
		b.version = stamped
	case b.module != "":
		b.version = b.module
	default:
		b.version = "devel"
	}
	return b
}

func init() {
	// Every use of Version (usage, SARIF tool.driver.version) sees the
	// resolved version.
	Version = readBuildInfo().version
}

const versionUsage = `Usage: sfmd version

Prints the version of sfmd (set at build time with -ldflags, else the
module version Go records when installing or building from a checkout),
then the commit it was built from and the Go version that built it.
`

func runVersion(args []string, stdio Stdio) int {
	if len(args) > 0 {
		if args[0] == "-h" || args[0] == "--help" {
			fmt.Fprint(stdio.Stdout, versionUsage)
			return ExitOK
		}
		fmt.Fprintf(stdio.Stderr, "sfmd version: unexpected argument %q\n%s", args[0], versionUsage)
		return ExitUsage
	}
	writeVersion(stdio.Stdout, readBuildInfo())
	return ExitOK
}

func writeVersion(w io.Writer, b buildInfo) {
	fmt.Fprintf(w, "sfmd %s\n", b.version)
	if b.module != "" && b.module != b.version {
		fmt.Fprintf(w, "module %s\n", b.module)
	}
	if b.commit != "" {
		var extra []string
		if b.modified {
			extra = append(extra, "modified")
		}
		if b.time != "" {
			extra = append(extra, b.time)
		}
		line := "commit " + b.commit
		if len(extra) > 0 {
			line += " (" + strings.Join(extra, ", ") + ")"
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "built with %s for %s\n", b.goVer, b.platform)
}
