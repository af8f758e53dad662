#!/bin/sh
# The second strength baseline (issue 15): every game and supported player count, seat margin
# over the heuristic at 5 ms of process CPU per decision (calibrated), then the budget and
# head-to-head checks. Run from the repository root: sh results/strength/baseline-2/run.sh
# (DEALS=n to change the 48 duplicate deals; ONLY="name ..." to run some entries).
set -e
OUT=results/strength/baseline-2
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --seed 1 --cpu-ms 5 --workers 2 --quiet --out "$OUT" --name "$name"
}
SEARCHES="--candidate ismcts --candidate pimc --candidate solver"
for cfg in mate-vic-village:4 dog-tag-trick:4 mattis:4 mate-vic-village:3 dog-tag-trick:3 \
           dog-tag-trick:5 mattis:3 mattis:5 mattis:6 mattis:8; do
  g=${cfg%:*}; n=${cfg#*:}
  ev "$g-${n}p-seat" "$g(players=$n)" --mode seat $SEARCHES --candidate oracle \
     --deals "${DEALS:-48}"
done
ev mate-seat mate --mode seat $SEARCHES --deals "${DEALS:-48}"
ev mattis-4p-solver-vs-ismcts "mattis(players=4)" --mode seat --candidate solver \
   --baseline ismcts --deals "${DEALS:-48}"
for g in dog-tag-trick mate-vic-village; do
  ev "$g-4p-ismcts-budget16" "$g(players=4)" --mode budget --candidate ismcts --scale 16 \
     --deals "${DEALS:-48}"
  ev "$g-4p-solver-vs-pimc" "$g(players=4)" --mode head-to-head --candidate solver \
     --baseline pimc --deals "${DEALS:-48}"
done
