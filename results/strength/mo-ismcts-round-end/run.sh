#!/bin/sh
# The two runs of README.md with the current code; the "old" runs use the same commands with
# PYTHONPATH pointing at a copy of solver/ whose _ismcts is built from fe06bce^ (see README.md).
set -e
trickhound tournament --game "dog-tag-trick(players=4)" \
  --bots "ismcts(observers=multi,iterations=1000),heuristic" --deals 300 --seed 16 --workers 2 \
  --out mo-dtt4p --quiet
trickhound tournament --game "mate(forced_visibility=hidden)" \
  --bots "ismcts(observers=multi,iterations=1000),heuristic" --deals 100 --seed 16 --workers 2 \
  --out mo-mate-hidden --quiet
# then: python results/strength/mo-ismcts-round-end/pair.py mo-dtt4p OLD-mo-dtt4p
