#!/bin/sh
# How much of the oracle's margin over the heuristic is knowing the future chance that no
# player can know (issue 15): pimc, the oracle (chance known, today's) and
# oracle(chance=sampled) (PIMC over the true hands with the hidden-from-everyone chance
# re-drawn, State.resample_chance) over the heuristic on the same deals.
# Run from the repository root: sh results/strength/chance-oracle/run.sh
# (ONLY="name ..." runs some entries; TRICKHOUND="python -m tournaments.cli" runs a worktree's
# code with PYTHONPATH=$PWD). Every entry: 5 ms of process CPU a decision (calibrated by
# --cpu-ms, then iteration-limited, so each replays), paired duplicate deals, --workers 1 on a
# shared 2-core machine, the deal seeds of results/strength/pimc-tune (3 and 4).
# The tables: python results/strength/chance-oracle/summarize.py [--write]
set -e
OUT=results/strength/chance-oracle
TH=${TRICKHOUND:-trickhound}
ev() {   # ev NAME GAME ARGS...
  name=$1; shift
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  $TH evaluate --mode seat --baseline heuristic --workers 1 --quiet --out "$OUT" \
    --name "$name" "$@"
}

# Vic Village 3p and 4p and Dog Tag Trick 5p on the pimc-tune deal seeds 3 and 4 and on 64 other
# deals (seeds 5 and 6), each calibrated afresh; the control oracle(chance=known_worlds) is the
# sampled oracle's PIMC over copies of the true state (the future known).
for seed in 3 4 5 6; do
  for cfg in mate-vic-village:4 mate-vic-village:3 dog-tag-trick:5; do
    g=${cfg%:*}; n=${cfg#*:}
    ev "$g-${n}p-seed$seed" "$g(players=$n)" --candidate pimc --candidate oracle \
      --candidate "oracle(chance=sampled)" --candidate "oracle(chance=known_worlds)" \
      --cpu-ms 5 --seed $seed --deals "${DEALS:-32}"
  done
done
# Dog Tag Trick 3p and 4p on the same seeds (within a round its only chance is the deal).
for seed in 3 4 5 6; do
  for n in 3 4; do
    ev "dog-tag-trick-${n}p-seed$seed" "dog-tag-trick(players=$n)" --candidate pimc \
      --candidate oracle --candidate "oracle(chance=sampled)" \
      --candidate "oracle(chance=known_worlds)" --cpu-ms 5 --seed $seed --deals "${DEALS:-32}"
  done
done
