#!/bin/sh
# The fourth strength baseline (issue 15), on the 0.10.0 bots at their defaults: every game and
# supported player count (Mattis 3-8, Mate), seat margin over the heuristic at 5 ms of process
# CPU a decision (calibrated on 40 positions, then iteration-limited, so each entry replays),
# fresh deals (seed 60), 64 duplicate deals each (a count fixed before the runs).
# Run from the repository root: sh results/strength/baseline-4/run.sh
# (DEALS=n to change the deal count; ONLY="name ..." to run some entries; WORKERS=n for the
# evaluation's worker processes: the worker count changes no result).
set -e
OUT=results/strength/baseline-4
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --seed 60 --cpu-ms 5 --workers "${WORKERS:-1}" --quiet --out "$OUT" \
    --name "$name"
}
SEARCHES="--candidate ismcts --candidate pimc --candidate solver"
for cfg in dog-tag-trick:5 mate-vic-village:3 mate-vic-village:4 dog-tag-trick:3 \
           dog-tag-trick:4 mattis:8 mattis:3 mattis:4 mattis:5 mattis:6 mattis:7; do
  g=${cfg%:*}; n=${cfg#*:}
  ev "$g-${n}p-seat" "$g(players=$n)" --mode seat $SEARCHES --candidate oracle \
     --deals "${DEALS:-64}"
done
ev mate-seat mate --mode seat $SEARCHES --deals "${DEALS:-64}"
