#!/bin/sh
# pimc with heuristic rollouts against policy rollouts in Dog Tag Trick with 5 players, at equal
# CPU (5 ms of process CPU a decision, each calibrated, then iteration-limited), 512 fresh deals
# (seed 101; the count, seed and claim fixed before the run: PREREGISTERED.txt). Run from the
# repository root: sh results/strength/pimc-rollout-5p/run.sh (WORKERS=n: the worker count
# changes no result); the paired difference: python results/strength/pimc-tune/paired.py
# results/strength/pimc-rollout-5p/dog-tag-trick-5p-pimc-rollouts.json
set -e
trickhound evaluate 'dog-tag-trick(players=5)' --mode seat --candidate 'pimc(rollout=policy)' \
  --candidate 'pimc(rollout=heuristic)' --deals 512 --seed 101 --cpu-ms 5 \
  --workers "${WORKERS:-2}" --quiet --out results/strength/pimc-rollout-5p \
  --name dog-tag-trick-5p-pimc-rollouts
# After the claim was settled, for pimc's share of the oracle's margin on the same deals:
trickhound evaluate 'dog-tag-trick(players=5)' --mode seat --candidate oracle --deals 512 \
  --seed 101 --cpu-ms 5 --workers "${WORKERS:-2}" --quiet --out results/strength/pimc-rollout-5p \
  --name dog-tag-trick-5p-oracle
# Then, preregistered (PREREGISTERED.txt), ismcts and the solver bot on the same deals:
trickhound evaluate 'dog-tag-trick(players=5)' --mode seat --candidate ismcts --candidate solver \
  --deals 512 --seed 101 --cpu-ms 5 --workers "${WORKERS:-2}" --quiet \
  --out results/strength/pimc-rollout-5p --name dog-tag-trick-5p-ismcts-solver
# Table: python results/strength/pimc-rollout-5p/summarize.py
