#!/bin/sh
# The solver bot's table model in Mattis (issue 15): in phase 2, where every card is public, it
# searches as pimc when every opponent played the rules of thumb's choice in at least 90% of
# its phase-2 moves seen so far, else as ISMCTS (bots/solver_bot.py, ``follow``). Measured at
# both tables the issue names, Mattis 3-8 players, 64 fresh deals each (a count fixed before
# the runs), each bot at the iterations baseline-4 calibrated to 5 ms of CPU a decision:
#   heuristic tables: solver, solver without the model (follow=0, the bot of 0.12.0 and
#     before) and pimc over the heuristic (seeds 81-86);
#   ISMCTS tables: the solver bot over ismcts (seeds 91-96).
# Run from the repository root:  sh results/strength/mattis-table/run.sh   (WORKERS=n)
set -e
OUT=results/strength/mattis-table
W="${WORKERS:-2}"
# players: ismcts pimc solver iterations (results/strength/baseline-4's calibration)
for row in "3 1200 1319 1248" "4 966 1006 969" "5 1006 1068 1016" "6 870 899 847" \
           "7 1057 1037 1063" "8 734 770 712"; do
  set -- $row
  trickhound evaluate "mattis(players=$1)" --candidate "solver(iterations=$4)" \
    --candidate "solver(iterations=$4,follow=0)" --candidate "pimc(iterations=$3)" \
    --deals 64 --seed $((79 + $1 - 1)) --workers "$W" --quiet --out "$OUT" \
    --name "mattis-$1p-heuristic-table"
  trickhound evaluate "mattis(players=$1)" --baseline "ismcts(iterations=$2)" \
    --candidate "solver(iterations=$4)" \
    --deals 64 --seed $((89 + $1 - 1)) --workers "$W" --quiet --out "$OUT" \
    --name "mattis-$1p-ismcts-table"
done
