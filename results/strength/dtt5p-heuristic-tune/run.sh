#!/bin/sh
# Dog Tag Trick, 5 players: ISMCTS with heuristic rollouts (its default there since session 18)
# around its settings, at 5 ms of process CPU a decision (calibrated, then iteration-limited),
# 128 deals, seed 98. Run from the repository root:
#   sh results/strength/dtt5p-heuristic-tune/run.sh       (WORKERS=n changes no result)
# Tables: python results/strength/dtt5p-heuristic-tune/summarize.py
# The variant rows need builds with one constant changed (variant.sh); they are skipped unless
# VARIANTS=1.
set -e
OUT=$(pwd)/results/strength/dtt5p-heuristic-tune
HERE=$(pwd)
W="${WORKERS:-2}"
G='dog-tag-trick(players=5)'
trickhound evaluate "$G" --mode seat --candidate ismcts --candidate 'ismcts(c=0.1)' \
  --candidate 'ismcts(c=0.35)' --deals 128 --seed 98 --cpu-ms 5 --workers "$W" --quiet \
  --out "$OUT" --name dog-tag-trick-5p-c
[ "${VARIANTS:-0}" = 1 ] || exit 0
# The heuristic rollout's share of random moves (per 1000; main: 150), each calibrated.
for e in 0 50 300; do
  V=$(mktemp -d)
  sh "$HERE/results/strength/dtt5p-heuristic-tune/variant.sh" "$V" eps "$e"
  (cd "$V" && PYTHONPATH="$V" trickhound evaluate "$G" --mode seat --candidate ismcts \
    --deals 128 --seed 98 --cpu-ms 5 --workers "$W" --quiet --out "$OUT" \
    --name "dog-tag-trick-5p-eps$e")
done
# Root widening, at the default's calibrated iterations (872): it hardly changes an iteration's
# cost, so equal iterations is equal CPU and the rows replay exactly.
for w in 0.3 0.4; do
  V=$(mktemp -d)
  sh "$HERE/results/strength/dtt5p-heuristic-tune/variant.sh" "$V" root-widen "$w"
  (cd "$V" && PYTHONPATH="$V" trickhound evaluate "$G" --mode seat \
    --candidate 'ismcts(iterations=872)' --deals 128 --seed 98 --workers "$W" --quiet \
    --out "$OUT" --name "dog-tag-trick-5p-root-widen-$w")
done
