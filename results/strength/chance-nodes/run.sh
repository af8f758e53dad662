#!/bin/sh
# ISMCTS chance nodes (issue 15): split against merged, and 16x its budget against 1x.
# Run from the repository root: sh results/strength/chance-nodes/run.sh
# (ONLY="name ..." to run some entries; WORKERS=n for the evaluation's worker processes).
# Screens at equal iterations (seed 11, the iterations baseline-3 calibrated to 5 ms), then
# the targets on fresh deals (seeds 5 and 6). Runs with --cpu-ms calibrate again when
# replayed; each JSON's `reproduce` line replays one bit for bit.
set -e
OUT=results/strength/chance-nodes
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --workers "${WORKERS:-1}" --quiet --out "$OUT" --name "$name"
}
# split (the default) against merged (the search before 0.7.0), each over the heuristic
ev vic3p-chance-seat "mate-vic-village(players=3)" --mode seat --seed 11 --deals 48 \
   --candidate 'ismcts(iterations=1657)' --candidate 'ismcts(iterations=1657,chance=merged)'
ev vic4p-chance-seat "mate-vic-village(players=4)" --mode seat --seed 11 --deals 48 \
   --candidate 'ismcts(iterations=1188)' --candidate 'ismcts(iterations=1188,chance=merged)'
ev mattis4p-chance-seat "mattis(players=4)" --mode seat --seed 11 --deals 48 \
   --candidate 'ismcts(iterations=914)' --candidate 'ismcts(iterations=914,chance=merged)'
# 16x the budget over 1x (the 16x bot at one seat, 1x elsewhere, paired with the all-1x game),
# 1x = the iterations 5 ms of CPU calibrated to (baseline-3 and the seat runs below)
ev vic4p-chance-budget16 "mate-vic-village(players=4)" --mode budget --seed 5 --deals 48 \
   --candidate 'ismcts(iterations=1186)' --scale 16
ev vic4p-budget16-seed6 "mate-vic-village(players=4)" --mode budget --seed 6 --deals 48 \
   --candidate 'ismcts(iterations=1186)' --scale 16
ev vic4p-budget16-seed7 "mate-vic-village(players=4)" --mode budget --seed 7 --deals 48 \
   --candidate 'ismcts(iterations=1186)' --scale 16
ev vic3p-chance-budget16 "mate-vic-village(players=3)" --mode budget --seed 5 --deals 48 \
   --candidate 'ismcts(iterations=1638)' --scale 16
ev vic3p-budget16-seed6 "mate-vic-village(players=3)" --mode budget --seed 6 --deals 48 \
   --candidate 'ismcts(iterations=1668)' --scale 16
# the default ismcts over the heuristic at 5 ms of CPU a decision, baseline-3's deals (seed 5)
ev vic3p-seat-seed5 "mate-vic-village(players=3)" --mode seat --seed 5 --deals 48 --cpu-ms 5 \
   --candidate ismcts
ev vic4p-seat-seed5 "mate-vic-village(players=4)" --mode seat --seed 5 --deals 48 --cpu-ms 5 \
   --candidate ismcts
# Mattis: ismcts and the solver bot (its ISMCTS path) over the heuristic on baseline-3's deals,
# and at a table of ismcts (baseline-3's screen, seed 11)
for n in 3 4 5; do
  ev "mattis-${n}p-seat-seed5" "mattis(players=$n)" --mode seat --seed 5 --deals 48 --cpu-ms 5 \
     --candidate ismcts --candidate solver
done
ev mattis-4p-at-an-ismcts-table "mattis(players=4)" --mode seat --seed 11 --deals 48 \
   --baseline 'ismcts(iterations=1150)' --candidate 'pimc(iterations=1340)' \
   --candidate 'solver(iterations=1150)'
# Dog Tag Trick (no chance inside a round: unchanged) 4p, 16x over 1x on fresh deals
ev dtt4p-budget16-seed5 "dog-tag-trick(players=4)" --mode budget --seed 5 --deals 48 \
   --candidate 'ismcts(iterations=2000)' --scale 16
ev dtt5p-budget16-seed6 "dog-tag-trick(players=5)" --mode budget --seed 6 --deals 48 \
   --candidate 'ismcts(iterations=2000)' --scale 16
