#!/bin/sh
# ISMCTS with progressive widening (issue 15: search that keeps improving with budget).
# Run from the repository root: sh results/strength/widen/run.sh
# (ONLY="name ..." to run some entries; WORKERS=n for the evaluation's worker processes).
# Screens at the iterations 5 ms of CPU calibrated to (baseline-3: 2,000 in Dog Tag Trick),
# fresh deals (seed 41); each JSON's `reproduce` line replays one bit for bit.
set -e
OUT=results/strength/widen
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --workers "${WORKERS:-1}" --quiet --out "$OUT" --name "$name"
}
# widening at the default budget, over the heuristic (paired: the same deals and seeds)
ev dtt4p-widen-seat "dog-tag-trick(players=4)" --mode seat --seed 41 --deals 48 \
   --candidate 'ismcts(iterations=2000)' --candidate 'ismcts(iterations=2000,widen=0.3)' \
   --candidate 'ismcts(iterations=2000,widen=0.5)'
# 16x the budget over 1x, with widening
ev dtt4p-widen05-budget16 "dog-tag-trick(players=4)" --mode budget --seed 41 --deals 48 \
   --candidate 'ismcts(iterations=2000,widen=0.5)' --scale 16
ev dtt4p-widen03-budget16 "dog-tag-trick(players=4)" --mode budget --seed 41 --deals 48 \
   --candidate 'ismcts(iterations=2000,widen=0.3)' --scale 16
