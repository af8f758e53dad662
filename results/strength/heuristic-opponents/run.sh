#!/bin/sh
# ISMCTS's opponent model in Dog Tag Trick (issue 15; then pimc and Vic Village, below): ismcts
# with the other seats playing as the heuristic bot in its tree (opponents=heuristic) against
# ismcts as published, the solver bot with it, and the oracle for the share of its margin, 512
# fresh deals a player count (seed 130), then the model at a table of ISMCTS (96 fresh deals,
# seed 131); the claims and decisions were fixed before the runs (PREREGISTERED.txt). 5 ms of
# process CPU a decision, each bot calibrated, then iteration-limited. Run from the repository
# root: sh results/strength/heuristic-opponents/run.sh (WORKERS=n: the worker count changes no
# result). The search as published is spelt opponents=search, as the defaults have since moved
# (the files of session 20 name it plainly). Tables: python
# results/strength/heuristic-opponents/summarize.py
set -e
OUT=results/strength/heuristic-opponents
for P in 3 4 5; do
  EXTRA=""
  if [ "$P" = 5 ]; then EXTRA="--candidate solver(opponents=heuristic,exact_actions=4)"; fi
  trickhound evaluate "dog-tag-trick(players=$P)" --mode seat --candidate 'ismcts(opponents=search)' \
    --candidate 'ismcts(opponents=heuristic)' --candidate 'solver(opponents=heuristic)' $EXTRA \
    --candidate oracle --deals 512 --seed 130 --cpu-ms 5 --workers "${WORKERS:-2}" --quiet \
    --out $OUT --name dog-tag-trick-${P}p
done
for P in 3 4 5; do
  trickhound evaluate "dog-tag-trick(players=$P)" --mode seat \
    --candidate 'ismcts(opponents=heuristic)' --baseline 'ismcts(opponents=search)' --deals 96 --seed 131 \
    --cpu-ms 5 --workers "${WORKERS:-2}" --quiet --out $OUT --name dog-tag-trick-${P}p-ismcts-table
done
# Then pimc (PREREGISTERED.txt, claims 4 and 5), on the same deals and at a table of pimc:
for P in 3 4 5; do
  trickhound evaluate "dog-tag-trick(players=$P)" --mode seat --candidate 'pimc(opponents=search)' \
    --candidate 'pimc(opponents=heuristic)' --deals 512 --seed 130 --cpu-ms 5 \
    --workers "${WORKERS:-2}" --quiet --out $OUT --name dog-tag-trick-${P}p-pimc
done
for P in 3 4 5; do
  trickhound evaluate "dog-tag-trick(players=$P)" --mode seat \
    --candidate 'pimc(opponents=heuristic)' --baseline 'pimc(opponents=search)' --deals 96 --seed 131 \
    --cpu-ms 5 --workers "${WORKERS:-2}" --quiet --out $OUT --name dog-tag-trick-${P}p-pimc-table
done
# Descriptive: the oracle with the same model, on the same deals (its default stays search)
for P in 3 4 5; do
  trickhound evaluate "dog-tag-trick(players=$P)" --mode seat \
    --candidate 'oracle(opponents=heuristic)' --deals 512 --seed 130 --cpu-ms 5 \
    --workers "${WORKERS:-2}" --quiet --out $OUT --name dog-tag-trick-${P}p-oracle-model
done
# Then ismcts in Vic Village (PREREGISTERED.txt, claim 6)
for P in 3 4; do
  trickhound evaluate "mate-vic-village(players=$P)" --mode seat --candidate 'ismcts(opponents=search)' \
    --candidate 'ismcts(opponents=heuristic)' --deals 512 --seed 133 --cpu-ms 5 \
    --workers "${WORKERS:-2}" --quiet --out $OUT --name mate-vic-village-${P}p
done
# and, for claim 6, ismcts with heuristic opponents at a table of ISMCTS in Vic Village
for P in 3 4; do
  trickhound evaluate "mate-vic-village(players=$P)" --mode seat \
    --candidate 'ismcts(opponents=heuristic)' --baseline 'ismcts(opponents=search)' --deals 96 --seed 134 \
    --cpu-ms 5 --workers "${WORKERS:-2}" --quiet --out $OUT --name mate-vic-village-${P}p-ismcts-table
done
# and the larger table check (PREREGISTERED.txt, claim 7), against ISMCTS as published before claim 6
for P in 3 4; do
  trickhound evaluate "mate-vic-village(players=$P)" --mode seat \
    --candidate 'ismcts(opponents=heuristic)' --baseline 'ismcts(opponents=search)' --deals 384 \
    --seed 135 --cpu-ms 5 --workers "${WORKERS:-2}" --quiet --out $OUT \
    --name mate-vic-village-${P}p-ismcts-table-384
done
# Session 21: pimc with the model chosen once per node (PREREGISTERED.txt, claims 8 and 9), on the
# deals of claim 4, then at a table of pimc
for P in 3 4 5; do
  trickhound evaluate "dog-tag-trick(players=$P)" --mode seat --candidate 'pimc(opponents=search)' \
    --candidate 'pimc(opponents=heuristic)' --deals 512 --seed 130 --cpu-ms 5 \
    --workers "${WORKERS:-2}" --quiet --out $OUT --name dog-tag-trick-${P}p-pimc-cached
done
for P in 3 4 5; do
  trickhound evaluate "dog-tag-trick(players=$P)" --mode seat \
    --candidate 'pimc(opponents=heuristic)' --baseline 'pimc(opponents=search)' --deals 192 \
    --seed 136 --cpu-ms 5 --workers "${WORKERS:-2}" --quiet --out $OUT \
    --name dog-tag-trick-${P}p-pimc-cached-table
done
# and pimc with the model once per node in Vic Village (PREREGISTERED.txt, claim 10)
for P in 3 4; do
  trickhound evaluate "mate-vic-village(players=$P)" --mode seat --candidate 'pimc(opponents=search)' \
    --candidate 'pimc(opponents=heuristic)' --deals 512 --seed 138 --cpu-ms 5 \
    --workers "${WORKERS:-2}" --quiet --out $OUT --name mate-vic-village-${P}p-pimc-cached
done
