#!/bin/sh
# The fifth strength baseline (issue 15's share target), on the bots at their defaults after
# PIMC's widening (results/strength/pimc-widen): Dog Tag Trick 3-5 and Vic Village 3-4 players,
# ismcts, pimc, solver and the oracle, seat margin over the heuristic at 5 ms of process CPU a
# decision (calibrated on 40 positions, then iteration-limited, so each entry replays), fresh
# deals (seed 61), 64 duplicate deals each (a count fixed before the runs).
# Run from the repository root: sh results/strength/baseline-5/run.sh
# (ONLY="name ..." to run some entries; WORKERS=n for the evaluation's worker processes: the
# worker count changes no result). Tables: python results/strength/baseline-5/summarize.py --write
set -e
OUT=results/strength/baseline-5
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --seed 61 --cpu-ms 5 --workers "${WORKERS:-2}" --quiet --out "$OUT" \
    --name "$name"
}
SEARCHES="--candidate ismcts --candidate pimc --candidate solver"
for cfg in dog-tag-trick:3 dog-tag-trick:4 dog-tag-trick:5 mate-vic-village:3 \
           mate-vic-village:4; do
  g=${cfg%:*}; n=${cfg#*:}
  ev "$g-${n}p-seat" "$g(players=$n)" --mode seat $SEARCHES --candidate oracle --deals 64
done
