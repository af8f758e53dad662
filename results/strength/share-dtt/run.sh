#!/bin/sh
# Issue 15's 70% share in Dog Tag Trick at 3 and 4 players, where baseline-5 left it unresolved
# (3p) or met on a deal set whose oracle gained little (4p): ismcts, pimc, solver and the oracle
# at their defaults, seat margin over the heuristic at 5 ms of process CPU a decision, on 128
# fresh deals each (seed 62, a count fixed before the runs), on a quiet machine.
# Run from the repository root: sh results/strength/share-dtt/run.sh (WORKERS=n: the worker
# count changes no result). Tables: python results/strength/share-dtt/summarize.py
set -e
OUT=results/strength/share-dtt
for p in 3 4; do
  trickhound evaluate "dog-tag-trick(players=$p)" --mode seat --candidate ismcts \
    --candidate pimc --candidate solver --candidate oracle --deals 128 --seed 62 --cpu-ms 5 \
    --workers "${WORKERS:-2}" --quiet --out "$OUT" --name "dog-tag-trick-${p}p-seat"
done
