#!/bin/sh
# The solver bot at a table of pimc (issue 15: "the solver bot is at least level with PIMC").
# Run from the repository root: sh results/strength/solver-vs-pimc/run.sh
# (ONLY="name ..." to run some entries; WORKERS=n for the evaluation's worker processes).
# Seat mode with pimc as the baseline: the solver bot at one seat, pimc at every other, paired
# with the all-pimc game on the same deal and bot seeds, every seat in turn; both bots at their
# defaults, calibrated to 5 ms of process CPU a decision (then iteration-limited: each JSON's
# `reproduce` line replays it bit for bit). Fresh deals (seed 31).
set -e
OUT=results/strength/solver-vs-pimc
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --workers "${WORKERS:-1}" --quiet --out "$OUT" --name "$name"
}
for p in 4 3 5 6 7; do
  ev "mattis-${p}p" "mattis(players=$p)" --mode seat --seed 31 --deals 48 --cpu-ms 5 \
     --candidate solver --baseline pimc
done
for p in 3 4 5; do
  ev "dog-tag-trick-${p}p" "dog-tag-trick(players=$p)" --mode seat --seed 31 --deals 48 \
     --cpu-ms 5 --candidate solver --baseline pimc
done
for p in 3 4; do
  ev "mate-vic-village-${p}p" "mate-vic-village(players=$p)" --mode seat --seed 31 --deals 48 \
     --cpu-ms 5 --candidate solver --baseline pimc
done
