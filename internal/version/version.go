// Package version holds the release version this tree defines. It is a
// leaf: it imports nothing of the module.
//
// There are no release tags yet. Release is the version the repository
// itself defines and CI checks: .ci/release builds the release binaries
// stamped with it (and `sfmd version` prints it), docs/ci.md's pre-commit
// and GitHub Actions examples, action.yml's documentation, the files
// `sfmd init` writes and the schemas' URLs all name "v"+Release, and
// TestVersionReferences fails when one of them names another version.
// Publishing a release is tagging the commit that defines it
// (`git tag v$(.ci/release --print-version)`).
package version

// Release is the version of the next release, without the leading "v".
const Release = "0.1.0"

// Tag is the git tag of Release.
const Tag = "v" + Release

// Repo is where the project is published.
const Repo = "github.com/sfmd-dev/sfmd"
