#!/bin/sh
# PIMC whose worlds fix the hands but not the future (issue 15): pimc (each world's UCT knows
# the world's future chance: instruction order, reward pile) against pimc(future=sampled) (each
# world's UCT re-draws that chance every iteration and splits its tree by the outcome turned
# up, solver/search/_mcts.pyx), seat mode over the heuristic on the same duplicate deals.
# Run from the repository root: sh results/strength/pimc-future/run.sh
# (ONLY="name ..." runs some entries; TRICKHOUND="python -m tournaments.cli" runs a worktree's
# code with PYTHONPATH=$PWD). --workers 1 on a shared 2-core machine, under nice.
# The paired differences: python results/strength/ismcts-budget/paired.py FILE.json 0 1
set -e
OUT=results/strength/pimc-future
TH=${TRICKHOUND:-trickhound}
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  nice -n 19 $TH evaluate --mode seat --baseline heuristic --workers 1 --quiet --out "$OUT" \
    --name "$name" "$@"
  python results/strength/ismcts-budget/paired.py "$OUT/$name.json" 0 1
}

# Equal iterations (the bot's 2000 at 4 players; 2417, pimc's calibrated 5 ms, at 3), deal seed 11.
ev mate-vic-village-3p-equal-iterations "mate-vic-village(players=3)" \
  --candidate "pimc(iterations=2417)" --candidate "pimc(iterations=2417,future=sampled)" \
  --deals 48 --seed 11
ev mate-vic-village-4p-equal-iterations "mate-vic-village(players=4)" \
  --candidate "pimc(iterations=2000)" --candidate "pimc(iterations=2000,future=sampled)" \
  --deals 48 --seed 11
# Equal CPU time (5 ms a decision, calibrated, then iteration-limited), fresh deals (seed 5).
# Replays without calibration: the "reproduce" line of each .md (the iterations found).
ev mate-vic-village-3p-equal-cpu "mate-vic-village(players=3)" \
  --candidate pimc --candidate "pimc(future=sampled)" --cpu-ms 5 --deals 48 --seed 5
ev mate-vic-village-4p-equal-cpu "mate-vic-village(players=4)" \
  --candidate pimc --candidate "pimc(future=sampled)" --cpu-ms 5 --deals 48 --seed 5
# 3 players again on other deals, twice as many: equal iterations (seed 12), equal CPU (seed 6).
ev mate-vic-village-3p-equal-iterations-seed12 "mate-vic-village(players=3)" \
  --candidate "pimc(iterations=2417)" --candidate "pimc(iterations=2417,future=sampled)" \
  --deals 96 --seed 12
ev mate-vic-village-3p-equal-cpu-seed6 "mate-vic-village(players=3)" \
  --candidate pimc --candidate "pimc(future=sampled)" --cpu-ms 5 --deals 96 --seed 6
# More deals: 4 players at equal iterations (seed 12), 3 players at equal CPU (seed 7) and 4
# players at equal CPU (seed 6), 96 each.
ev mate-vic-village-4p-equal-iterations-seed12 "mate-vic-village(players=4)" \
  --candidate "pimc(iterations=2000)" --candidate "pimc(iterations=2000,future=sampled)" \
  --deals 96 --seed 12
ev mate-vic-village-3p-equal-cpu-seed7 "mate-vic-village(players=3)" \
  --candidate pimc --candidate "pimc(future=sampled)" --cpu-ms 5 --deals 96 --seed 7
ev mate-vic-village-4p-equal-cpu-seed6 "mate-vic-village(players=4)" \
  --candidate pimc --candidate "pimc(future=sampled)" --cpu-ms 5 --deals 96 --seed 6
# Pooled over the deal seeds of one comparison:
if [ -z "$ONLY" ]; then
  python $OUT/pooled.py $OUT/mate-vic-village-3p-equal-iterations.json \
    $OUT/mate-vic-village-3p-equal-iterations-seed12.json
  python $OUT/pooled.py $OUT/mate-vic-village-4p-equal-iterations.json \
    $OUT/mate-vic-village-4p-equal-iterations-seed12.json
  python $OUT/pooled.py $OUT/mate-vic-village-3p-equal-cpu.json \
    $OUT/mate-vic-village-3p-equal-cpu-seed6.json $OUT/mate-vic-village-3p-equal-cpu-seed7.json
  python $OUT/pooled.py $OUT/mate-vic-village-4p-equal-cpu.json \
    $OUT/mate-vic-village-4p-equal-cpu-seed6.json
  python $OUT/pooled.py $OUT/mate-vic-village-*p-equal-cpu*.json   # both player counts
fi
