#!/bin/sh
# Dog Tag Trick, 5 players: pimc's worlds drawn by a Markov chain over the hidden cards that
# follows the opponent model (inference=mcmc, solver/inference/mcmc.py), issue 15. Run from the
# repository root: sh results/strength/dtt5p-mcmc/run.sh (WORKERS=n: the worker count changes no
# result). Tables: python results/strength/dtt5p-mcmc/summarize.py
set -e
OUT=results/strength/dtt5p-mcmc
GAME="dog-tag-trick(players=5)"
ev() { trickhound evaluate "$GAME" --mode seat --workers "${WORKERS:-2}" --quiet --out $OUT "$@"; }
# Screens (not claims), 192 deals each: weighted determinization with the fitted model
# (iteration-limited at 990, seed 144), the chain against it (990, seed 145), and at equal CPU
# (5 ms a decision, calibrated; seed 146).
ev --candidate 'pimc(iterations=990)' --candidate 'pimc(inference=policy,iterations=990)' \
  --candidate 'pimc(inference=policy,iterations=990,particles=256)' --deals 192 --seed 144 \
  --name screen-fitted-inference
ev --candidate 'pimc(iterations=990)' --candidate 'pimc(inference=mcmc,iterations=990)' \
  --candidate 'pimc(inference=mcmc,iterations=990,particles=256)' \
  --candidate 'pimc(inference=policy,iterations=990,particles=256)' --deals 192 --seed 145 \
  --name screen-mcmc
ev --candidate pimc --candidate 'pimc(inference=mcmc)' --candidate 'pimc(inference=mcmc,particles=128)' \
  --candidate 'pimc(inference=mcmc,particles=256)' --cpu-ms 5 --deals 192 --seed 146 \
  --name screen-mcmc-cpu
# The claim (PREREGISTERED.txt): 512 fresh deals at equal CPU, with the oracle for the share.
# (Run before mcmc became pimc's default at 5 players: "pimc" there meant inference=none; to
# replay it now, write pimc(inference=none) for the first candidate.)
ev --candidate pimc --candidate 'pimc(inference=mcmc)' --candidate oracle --cpu-ms 5 \
  --deals 512 --seed 150 --name dog-tag-trick-5p-mcmc
# and at a table of pimc (uniform worlds), 128 fresh deals
ev --candidate 'pimc(inference=mcmc)' --baseline 'pimc(inference=none)' --cpu-ms 5 --deals 128 \
  --seed 151 --name dog-tag-trick-5p-mcmc-pimc-table
