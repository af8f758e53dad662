#!/bin/sh
# Dog Tag Trick, 5 players: pimc's worlds drawn by a Markov chain over the hidden cards that
# follows the opponent model (inference=mcmc, solver/inference/mcmc.py), issue 15. Run from the
# repository root: sh results/strength/dtt5p-mcmc/run.sh (WORKERS=n: the worker count changes no
# result). Tables: python results/strength/dtt5p-mcmc/summarize.py
set -e
OUT=results/strength/dtt5p-mcmc
GAME="dog-tag-trick(players=5)"
ev() { trickhound evaluate "$GAME" --mode seat --workers "${WORKERS:-2}" --quiet --out $OUT "$@"; }
# the same at another player count: at PLAYERS [options]
at() { p=$1; shift; trickhound evaluate "dog-tag-trick(players=$p)" --mode seat \
  --workers "${WORKERS:-2}" --quiet --out $OUT "$@"; }
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
ev --candidate pimc --candidate 'pimc(inference=mcmc,particles=16)' \
  --candidate 'pimc(inference=mcmc,particles=32)' --candidate 'pimc(inference=mcmc)' --cpu-ms 5 \
  --deals 192 --seed 152 --name screen-mcmc-short
# The claims (PREREGISTERED.txt): claim 1, 512 fresh deals at equal CPU with the oracle for the
# share; claim 3, a second test on 1,024 fresh deals; and the pimc-table check of claim 3.
# "pimc" is the pimc bot at its defaults of the time (uniform worlds in Dog Tag Trick 5p); the
# reproduce line of each .md pins its iterations.
ev --candidate pimc --candidate 'pimc(inference=mcmc)' --candidate oracle --cpu-ms 5 \
  --deals 512 --seed 150 --name dog-tag-trick-5p-mcmc
ev --candidate pimc --candidate 'pimc(inference=mcmc)' --candidate oracle --cpu-ms 5 \
  --deals 1024 --seed 153 --name dog-tag-trick-5p-mcmc-2
ev --candidate 'pimc(inference=mcmc)' --baseline 'pimc(inference=none)' --cpu-ms 5 --deals 128 \
  --seed 154 --name dog-tag-trick-5p-mcmc-pimc-table
# After the claims, screens (not claims) for the next step: the chain for pimc at 4 players and
# for ismcts at 5 (ismcts searches a pool of `particles` chain worlds in turn)
at 4 --candidate pimc --candidate 'pimc(inference=mcmc)' --cpu-ms 5 --deals 192 --seed 155 \
  --name screen-4p
ev --candidate ismcts --candidate 'ismcts(inference=mcmc)' --cpu-ms 5 --deals 192 --seed 156 \
  --name screen-ismcts-5p
# Claim 5 (PREREGISTERED.txt): the chain for pimc at 4 players, 512 fresh deals, and its
# pimc-table check ("pimc" meant uniform worlds at 4 players then)
at 4 --candidate pimc --candidate 'pimc(inference=mcmc)' --cpu-ms 5 --deals 512 --seed 157 \
  --name dog-tag-trick-4p-mcmc
at 4 --candidate 'pimc(inference=mcmc)' --baseline 'pimc(inference=none)' --cpu-ms 5 \
  --deals 96 --seed 158 --name dog-tag-trick-4p-mcmc-pimc-table
# Claim 6 (PREREGISTERED.txt): the chain for pimc at 3 players, 512 fresh deals, and its
# pimc-table check
at 3 --candidate pimc --candidate 'pimc(inference=mcmc)' --cpu-ms 5 --deals 512 --seed 159 \
  --name dog-tag-trick-3p-mcmc
at 3 --candidate 'pimc(inference=mcmc)' --baseline 'pimc(inference=none)' --cpu-ms 5 \
  --deals 96 --seed 160 --name dog-tag-trick-3p-mcmc-pimc-table
# Screens (not claims) of the chain for the solver bot at 5 and 4 players
ev --candidate solver --candidate 'solver(inference=mcmc)' --cpu-ms 5 --deals 192 --seed 164 \
  --name screen-solver-5p
at 4 --candidate solver --candidate 'solver(inference=mcmc)' --cpu-ms 5 --deals 192 --seed 165 \
  --name screen-solver-4p
# Claim 7 (PREREGISTERED.txt): the chain for the solver bot at 4 players, 512 fresh deals, and
# its solver-table check
at 4 --candidate solver --candidate 'solver(inference=mcmc)' --cpu-ms 5 --deals 512 --seed 166 \
  --name dog-tag-trick-4p-solver-mcmc
at 4 --candidate 'solver(inference=mcmc)' --baseline 'solver(inference=none)' --cpu-ms 5 \
  --deals 96 --seed 167 --name dog-tag-trick-4p-solver-mcmc-table
# Claim 8 (PREREGISTERED.txt): claims 3 and 5 re-tested at the corrected calibration
at 4 --candidate 'pimc(inference=none)' --candidate 'pimc(inference=mcmc)' --cpu-ms 5 \
  --deals 512 --seed 169 --name dog-tag-trick-4p-mcmc-recalibrated
ev --candidate 'pimc(inference=none)' --candidate 'pimc(inference=mcmc)' --cpu-ms 5 \
  --deals 1024 --seed 168 --name dog-tag-trick-5p-mcmc-recalibrated
