#!/usr/bin/env bash
# Builds the playground into OUT (default playground/dist): sfmd.wasm
# (GOOS=js GOARCH=wasm, this directory's main package), wasm_exec.js
# copied from the Go toolchain that built it, and the static page. Serve
# OUT with any static file server, e.g. python3 -m http.server -d OUT.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$here/dist}
mkdir -p "$out"
goroot=$(go env GOROOT)
exec_js="$goroot/lib/wasm/wasm_exec.js"
[ -f "$exec_js" ] || exec_js="$goroot/misc/wasm/wasm_exec.js" # before Go 1.24
(cd "$here" && GOOS=js GOARCH=wasm go build -trimpath -ldflags=-s -o "$out/sfmd.wasm.tmp" . )
mv "$out/sfmd.wasm.tmp" "$out/sfmd.wasm"
cp "$exec_js" "$out/wasm_exec.js"
cp "$here/index.html" "$here/app.js" "$here/memfs.js" "$out/"
