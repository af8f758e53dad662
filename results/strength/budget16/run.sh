#!/bin/sh
# ISMCTS at 16x its default budget over 1x, at the defaults of v0.8.0 (Dog Tag Trick: widen=0.3,
# c=0.2; Vic Village: chance nodes, c=0.7), on fresh deals (seed 45), 144 deals each: the deal
# count was fixed before the runs (no early stop). To replay on a later version spell the defaults
# out (ismcts(widen=0.3,c=0.2) in Dog Tag Trick). Run from the repository root:
#   sh results/strength/budget16/run.sh     (ONLY="name ..." for some entries; WORKERS=n)
# Each JSON's `reproduce` line replays its run without calibration, bit for bit.
set -e
OUT=results/strength/budget16
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate "$@" --workers "${WORKERS:-1}" --quiet --out "$OUT" --name "$name"
}
ev dtt4p-budget16 "dog-tag-trick(players=4)" --mode budget --candidate ismcts --scale 16 \
   --deals 144 --seed 45 --cpu-ms 5
ev vic3p-budget16 "mate-vic-village(players=3)" --mode budget --candidate ismcts --scale 16 \
   --deals 144 --seed 45 --cpu-ms 5
ev dtt3p-budget16 "dog-tag-trick(players=3)" --mode budget --candidate ismcts --scale 16 \
   --deals 144 --seed 45 --cpu-ms 5
ev dtt5p-budget16 "dog-tag-trick(players=5)" --mode budget --candidate ismcts --scale 16 \
   --deals 144 --seed 45 --cpu-ms 5
