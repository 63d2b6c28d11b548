#!/usr/bin/env bash
# steps.sh measures what each commit of a series bought: for every commit
# named, it builds sfmd in a temporary work tree and prints, on one line,
#
#   - the parse ratio of `go run ./corpus/bench/ratio` at that commit
#     (sfmd.Parse over goldmark's default parser, synthetic corpus, in
#     process, median of 3 rounds);
#   - the median wall-clock and CPU time of `sfmd lint` over ten copies of
#     ../shared/corpus/upstream (whole process, every default rule, all
#     cores), and its ratio to a one-goroutine goldmark parse of the same
#     files (corpus/bench/goldmarkparse of the work tree, timed in the same
#     rounds, alternating).
#
#   corpus/bench/steps.sh [-n RUNS] COMMIT...
#
# It is the per-step table of the Benchmarks section of docs/development.md; the two
# ratios of one state are `go run ./corpus/bench/lintratio`. The copies
# and work trees live in a temporary directory removed at the end.
set -euo pipefail

runs=9
if [ "${1:-}" = "-n" ]; then
	runs=$2
	shift 2
fi
[ $# -gt 0 ] || { echo "usage: $0 [-n RUNS] COMMIT..." >&2; exit 2; }

root=$(git rev-parse --show-toplevel)
upstream="$root/../shared/corpus/upstream"
[ -d "$upstream" ] || { echo "steps.sh: $upstream not found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'git -C "$root" worktree prune; rm -rf "$tmp"' EXIT

for i in $(seq -w 0 9); do
	mkdir -p "$tmp/corpus/copy$i"
	cp -R "$upstream/." "$tmp/corpus/copy$i/"
done
(cd "$root" && go build -o "$tmp/goldmarkparse" ./corpus/bench/goldmarkparse)

# timed CMD...: prints "wall cpu" in seconds (bash's time keyword).
timed() {
	local TIMEFORMAT='%R %U %S' t
	t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
	awk '{printf "%.4f %.4f\n", $1, $2 + $3}' <<<"$t"
}

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

printf '%-9s %-11s %-10s %-10s %-10s %-10s %s\n' commit parse-ratio lint-wall lint-cpu gm-wall lint-ratio subject
for c in "$@"; do
	wt="$tmp/wt-$c"
	git -C "$root" worktree add -q --detach "$wt" "$c"
	(cd "$wt" && go build -o "$tmp/sfmd-$c" ./cmd/sfmd)
	parse=$(cd "$wt" && go run ./corpus/bench/ratio -rounds 3 | sed -n 's/^ratio ours\/goldmark (time): \([0-9.]*\).*/\1/p')
	: >"$tmp/lint" && : >"$tmp/gm"
	for _ in $(seq "$runs"); do
		timed "$tmp/goldmarkparse" "$tmp/corpus" >>"$tmp/gm"
		timed "$tmp/sfmd-$c" lint "$tmp/corpus" >>"$tmp/lint"
	done
	lw=$(cut -d' ' -f1 "$tmp/lint" | median)
	lc=$(cut -d' ' -f2 "$tmp/lint" | median)
	gw=$(cut -d' ' -f1 "$tmp/gm" | median)
	printf '%-9s %-11s %-10s %-10s %-10s %-10s %s\n' "$(git -C "$root" rev-parse --short=7 "$c")" "$parse" "$lw" "$lc" "$gw" \
		"$(awk -v a="$lw" -v b="$gw" 'BEGIN {printf "%.2f", a / b}')" "$(git -C "$root" log -1 --format=%s "$c" | cut -c1-60)"
	git -C "$root" worktree remove --force "$wt"
done
