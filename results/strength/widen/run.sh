#!/bin/sh
# ISMCTS with progressive widening (issue 15: search that keeps improving with budget).
# Run from the repository root: sh results/strength/widen/run.sh
# (ONLY="name ..." to run some entries; WORKERS=n for the evaluation's worker processes).
# Screens at the iterations 5 ms of CPU calibrated to (baseline-3: 2,000 in Dog Tag Trick), then
# equal-CPU runs (--cpu-ms 5: calibrated, then iteration-limited) on fresh deals (seeds 41-43);
# each JSON's `reproduce` line replays one bit for bit.

set -e
OUT=results/strength/widen
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --workers "${WORKERS:-1}" --quiet --out "$OUT" --name "$name"
}
# widening at the default budget, over the heuristic (paired: the same deals and seeds)
ev dtt4p-widen-seat "dog-tag-trick(players=4)" --mode seat --seed 41 --deals 48 \
   --candidate 'ismcts(iterations=2000,widen=0)' --candidate 'ismcts(iterations=2000,widen=0.3)' \
   --candidate 'ismcts(iterations=2000,widen=0.5)'
# 16x the budget over 1x, with widening
ev dtt4p-widen05-budget16 "dog-tag-trick(players=4)" --mode budget --seed 41 --deals 48 \
   --candidate 'ismcts(iterations=2000,widen=0.5)' --scale 16
# widening at equal CPU (5 ms a decision, each bot calibrated), fresh deals (seed 42)
for p in 5 4 3; do
  ev "dtt${p}p-widen03-cpu" "dog-tag-trick(players=$p)" --mode seat --seed 42 --deals 48 \
     --cpu-ms 5 --candidate 'ismcts(widen=0)' --candidate 'ismcts(widen=0.3)'
done
for p in 4 3; do
  ev "vic${p}p-widen03-cpu" "mate-vic-village(players=$p)" --mode seat --seed 42 --deals 48 \
     --cpu-ms 5 --candidate 'ismcts(widen=0)' --candidate 'ismcts(widen=0.3)'
done
# the oracle on the same deals (the share of its margin), then 16x the budget over 1x at the
# new default (widen=0.3 in Dog Tag Trick) on fresh deals (seed 43)
for p in 5 4 3; do
  ev "dtt${p}p-oracle-cpu" "dog-tag-trick(players=$p)" --mode seat --seed 42 --deals 48 \
     --cpu-ms 5 --candidate oracle
done
ev dtt5p-widen-budget16 "dog-tag-trick(players=5)" --mode budget --seed 43 --deals 48 \
   --cpu-ms 5 --candidate ismcts --scale 16
# Dog Tag Trick's strongest search at equal CPU (seed 44): ismcts against pimc, and the solver
# bot on its ISMCTS path against its PIMC path (search=pimc, its default when this ran)
for p in 4 5 3; do
  ev "dtt${p}p-strongest-cpu" "dog-tag-trick(players=$p)" --mode seat --seed 44 --deals 48 \
     --cpu-ms 5 --candidate ismcts --candidate pimc --candidate 'solver(search=pimc)' \
     --candidate 'solver(search=ismcts)'
done
