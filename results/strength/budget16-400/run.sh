#!/bin/sh
# ISMCTS at 16x its budget over 1x in Dog Tag Trick 4p (issue 15), on 400 fresh deals (seed 52),
# a count fixed before the run; 1x is the budget16/ run's calibrated 1x (1,544 iterations, 5 ms
# of CPU a decision on that machine) with the 0.8.0-0.9.0 defaults spelled out (widen=0.3, c=0.2),
# so that this replays on later versions. Run from the repository root:
#   sh results/strength/budget16-400/run.sh     (WORKERS=n for the evaluation's worker processes)
set -e
trickhound evaluate "dog-tag-trick(players=4)" --mode budget \
   --candidate 'ismcts(iterations=1544,widen=0.3,c=0.2)' --scale 16 --deals 400 --seed 52 \
   --workers "${WORKERS:-1}" --quiet --out results/strength/budget16-400 --name dtt4p-budget16-400
