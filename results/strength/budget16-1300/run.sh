#!/bin/sh
# ISMCTS at 16x its budget over 1x in Dog Tag Trick with 5 players (issue 15), on 1,300 fresh
# deals (seed 56), a count fixed before the run started (results/strength/budget16-400 measured
# +0.09 +- 0.08 on 400 deals; 1,300 deals put 2 standard errors at ~0.09 points a game). 1x is
# budget16/'s calibrated 1x (5 ms of CPU a decision: 1,674 iterations) with the defaults spelled
# out (widen=0.3, c=0.2, unchanged since 0.8.0), so that it replays on later versions. Run from
# the repository root:
#   sh results/strength/budget16-1300/run.sh     (WORKERS=n; the count changes no result)
set -e
OUT=results/strength/budget16-1300
trickhound evaluate "dog-tag-trick(players=5)" --mode budget \
   --candidate 'ismcts(iterations=1674,widen=0.3,c=0.2)' --scale 16 --deals 1300 --seed 56 \
   --workers "${WORKERS:-1}" --quiet --out "$OUT" --name dtt5p-budget16-1300
