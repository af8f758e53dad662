#!/bin/sh
# The hybrid solver bot (issue 15: exact max^n where the rest of the round fits, the game's
# strongest sampling search elsewhere) at 5 ms of process CPU per decision (calibrated), paired
# duplicate deals. Run from the repository root: sh results/strength/solver-hybrid/run.sh
# (DEALS=n to change the 24 duplicate deals, 48 for the cheap seat margin; ONLY="name ..." to
# run some entries). The cost table behind the exact path's thresholds: exact_cost.py.
set -e
OUT=results/strength/solver-hybrid
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  # the fixed options first, so that an entry's own --seed (later on the line) wins
  trickhound evaluate --seed 1 --cpu-ms 5 --workers 1 --quiet --out "$OUT" --name "$name" "$@"
}
for g in dog-tag-trick mate-vic-village mattis; do
  ev "$g-4p-solver-vs-pimc" "$g(players=4)" --mode head-to-head --candidate solver \
     --baseline pimc --deals "${DEALS:-24}"
done
ev dog-tag-trick-3p-seat "dog-tag-trick(players=3)" --mode seat --candidate solver \
   --deals "${DEALS:-48}"
ev mattis-4p-solver-vs-ismcts "mattis(players=4)" --mode seat --candidate solver \
   --baseline ismcts --deals "${DEALS:-24}"
# Beyond the brief: the seat margin over the heuristic in the other configurations (32 deals).
for cfg in dog-tag-trick:4 dog-tag-trick:5 mate-vic-village:3 mate-vic-village:4; do
  g=${cfg%:*}; n=${cfg#*:}
  ev "$g-${n}p-seat" "$g(players=$n)" --mode seat --candidate solver --deals "${DEALS:-32}"
done
# Mattis at every player count (32 deals), and Vic Village on 64 other deals (seed 2; ev's
# --seed 1 comes first, a later --seed wins).
for n in 3 4 5 6 8; do
  ev "mattis-${n}p-seat" "mattis(players=$n)" --mode seat --candidate solver --deals "${DEALS:-32}"
done
for n in 3 4; do
  ev "mate-vic-village-${n}p-seat-seed2" "mate-vic-village(players=$n)" --mode seat \
     --candidate solver --deals "${DEALS:-64}" --seed 2
done
