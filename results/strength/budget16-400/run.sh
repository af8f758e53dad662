#!/bin/sh
# ISMCTS at 16x its budget over 1x (issue 15), on 400 fresh deals each (seeds 52 to 55), a count
# fixed before each run; 1x is the budget16/ runs' calibrated 1x (5 ms of CPU a decision on that
# machine: Dog Tag Trick 1,587 / 1,544 / 1,674 iterations with 3 / 4 / 5 players, Vic Village 3p
# 1,710) with the 0.8.0-0.10.0 defaults spelled out (Dog Tag Trick widen=0.3, c=0.2; Vic
# Village c=0.7, chance=split, widen=0), so that it replays on later versions. Run from the
# repository root:
#   sh results/strength/budget16-400/run.sh     (ONLY="name ..." for some entries; WORKERS=n)
# The worker count does not change a result (each game is seeded); the Dog Tag Trick 4-player
# run used 1, the 3-player run 2, the 5-player and Vic Village runs 1 each.
set -e
OUT=results/strength/budget16-400
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --workers "${WORKERS:-1}" --quiet --out "$OUT" --name "$name"
}
ev dtt4p-budget16-400 "dog-tag-trick(players=4)" --mode budget \
   --candidate 'ismcts(iterations=1544,widen=0.3,c=0.2)' --scale 16 --deals 400 --seed 52
ev dtt3p-budget16-400 "dog-tag-trick(players=3)" --mode budget \
   --candidate 'ismcts(iterations=1587,widen=0.3,c=0.2)' --scale 16 --deals 400 --seed 53
ev vic3p-budget16-400 "mate-vic-village(players=3)" --mode budget \
   --candidate 'ismcts(iterations=1710,c=0.7,chance=split,widen=0)' --scale 16 --deals 400 \
   --seed 54
ev dtt5p-budget16-400 "dog-tag-trick(players=5)" --mode budget \
   --candidate 'ismcts(iterations=1674,widen=0.3,c=0.2)' --scale 16 --deals 400 --seed 55
