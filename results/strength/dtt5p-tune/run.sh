#!/bin/sh
# Dog Tag Trick 5 players: ISMCTS's widening and exploration screened around the defaults, and
# its share of the oracle's margin at equal CPU (issue 15's 70%). Run from the repository root:
#   sh results/strength/dtt5p-tune/run.sh      (ONLY="name ..." for some entries; WORKERS=n)
# Each JSON's `reproduce` line replays its run without calibration, bit for bit.
set -e
OUT=results/strength/dtt5p-tune
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --workers "${WORKERS:-1}" --quiet --out "$OUT" --name "$name"
}
# the screen: equal iterations (1,800: about what 5 ms calibrated to in results/strength/widen)
# the defaults (widen=0.3, c=0.2 in 0.8.0 and 0.9.0: spell them out to replay on a later version)
# against widen 0.2 / 0.45 and c 0.1 / 0.35, over the heuristic
ev screen-iter1800 "dog-tag-trick(players=5)" --mode seat --seed 46 --deals 96 \
   --candidate 'ismcts(iterations=1800)' --candidate 'ismcts(iterations=1800,widen=0.2)' \
   --candidate 'ismcts(iterations=1800,widen=0.45)' --candidate 'ismcts(iterations=1800,c=0.1)' \
   --candidate 'ismcts(iterations=1800,c=0.35)'
# the share of the oracle's margin at equal CPU (5 ms a decision, each bot calibrated)
ev share-cpu5 "dog-tag-trick(players=5)" --mode seat --seed 46 --deals 96 --cpu-ms 5 \
   --candidate ismcts --candidate oracle
