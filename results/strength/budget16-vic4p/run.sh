#!/bin/sh
# ISMCTS at 16x its budget over 1x in Vic Village with 4 players (issue 15), on 240 fresh deals
# (seed 57), a count fixed before the run started. The only earlier measurement of this
# configuration (results/strength/chance-nodes, 0.7.0: +2.61 +- 0.64 over 144 deals) pooled
# three 48-deal runs that were not preregistered, the first on baseline-3's deals; this run
# measures it once more on the current code. 1x is baseline-4's calibrated ismcts for Vic
# Village 4p (5 ms of CPU a decision: 1,319 iterations) with the defaults spelled out (c=0.7,
# chance=split, widen=0), so that it replays on later versions. 240 deals: a per-deal sd of
# ~7.7 points (chance-nodes) puts the standard error near 0.5, so a gain of half the earlier
# estimate would be ~2.6 se. Run from the repository root:
#   sh results/strength/budget16-vic4p/run.sh     (WORKERS=n; the count changes no result)
set -e
OUT=results/strength/budget16-vic4p
trickhound evaluate "mate-vic-village(players=4)" --mode budget \
   --candidate 'ismcts(iterations=1319,c=0.7,chance=split,widen=0)' --scale 16 --deals 240 \
   --seed 57 --workers "${WORKERS:-2}" --quiet --out "$OUT" --name vic4p-budget16-240
