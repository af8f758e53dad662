#!/bin/sh
# PIMC's knobs (issue 15) and, at the defaults that came out of them, the seat margin over the
# heuristic of pimc, solver and the cheating oracle on the same deals (the recovery share).
# Run from the repository root: sh results/strength/pimc-tune/run.sh
# (ONLY="name ..." runs some entries; SCREEN=1 also reruns the screening runs under screen/).
# Every entry: 5 ms of process CPU a decision (calibrated by --cpu-ms, or the iterations the
# baseline-2 calibration gave, results/strength/baseline-2/README.md), iteration-limited, paired
# duplicate deals, --workers 1 on a shared 2-core machine. Paired differences between the
# candidates of one screening run: python results/strength/pimc-tune/paired.py <run>.json
set -e
OUT=results/strength/pimc-tune
ev() {   # ev DIR NAME GAME ARGS...
  dir=$1; name=$2; shift 2
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return 0; fi
  trickhound evaluate --mode seat --baseline heuristic --workers 1 --quiet --out "$dir" \
    --name "$name" "$@"
}

if [ -n "$SCREEN" ]; then
  S=$OUT/screen
  # Dog Tag Trick 3p at baseline-2's 3,096 iterations: c, 8 worlds, the rollout cut-off (its
  # iterations raised to the same CPU time: cost measured on the calibration positions).
  ev $S dtt3-s1 "dog-tag-trick(players=3)" --deals 64 --seed 11 \
    --candidate "pimc(iterations=3096)" --candidate "pimc(iterations=3096,c=0.2)" \
    --candidate "pimc(iterations=3096,c=0.1)" --candidate "pimc(iterations=3096,worlds=8)" \
    --candidate "pimc(iterations=6200,cutoff=2)" --candidate "pimc(iterations=4800,cutoff=4)"
  # more worlds (iterations lowered by their measured extra cost per world)
  ev $S dtt3-s2 "dog-tag-trick(players=3)" --deals 64 --seed 12 \
    --candidate "pimc(iterations=3096)" --candidate "pimc(iterations=2880,worlds=40)" \
    --candidate "pimc(iterations=2750,worlds=80)" --candidate "pimc(iterations=2430,worlds=160)" \
    --candidate "pimc(iterations=2750,worlds=80,c=0.2)"
  ev $S dtt4-s1 "dog-tag-trick(players=4)" --deals 48 --seed 11 \
    --candidate "pimc(iterations=3430)" --candidate "pimc(iterations=3430,c=0.2)" \
    --candidate "pimc(iterations=3430,c=0.35)" --candidate "pimc(iterations=3250,worlds=40)" \
    --candidate "pimc(iterations=4100,cutoff=8)"
  ev $S vv4-s1 "mate-vic-village(players=4)" --deals 32 --seed 11 \
    --candidate "pimc(iterations=2604)" --candidate "pimc(iterations=2604,c=0.2)" \
    --candidate "pimc(iterations=2450,worlds=40)" --candidate "pimc(iterations=5300,cutoff=8)"
  ev $S vv4-s2 "mate-vic-village(players=4)" --deals 64 --seed 12 \
    --candidate "pimc(iterations=2604)" --candidate "pimc(iterations=2604,c=0.2)" \
    --candidate "pimc(iterations=2450,worlds=40,c=0.2)"
  ev $S vv3-s1 "mate-vic-village(players=3)" --deals 48 --seed 11 \
    --candidate "pimc(iterations=2843)" --candidate "pimc(iterations=2843,c=0.2)" \
    --candidate "pimc(iterations=2680,worlds=40)"
  # the confirmation of 40 worlds in Vic Village on fresh deals
  ev $S vv3-w40 "mate-vic-village(players=3)" --deals 96 --seed 13 \
    --candidate "pimc(iterations=2843)" --candidate "pimc(iterations=2680,worlds=40)"
fi

# At the defaults: pimc, solver and the oracle over the heuristic on one deal set (seed 3).
for cfg in dog-tag-trick:3 dog-tag-trick:4 dog-tag-trick:5 mate-vic-village:3 \
           mate-vic-village:4; do
  g=${cfg%:*}; n=${cfg#*:}
  ev $OUT "$g-${n}p-seat" "$g(players=$n)" --candidate pimc --candidate solver \
    --candidate oracle --cpu-ms 5 --seed 3 --deals "${DEALS:-32}"
done
# The same on 32 other deals (seed 4, calibrated afresh): README's pooled 64-deal rows.
for cfg in dog-tag-trick:3 dog-tag-trick:4 dog-tag-trick:5 mate-vic-village:3 \
           mate-vic-village:4; do
  g=${cfg%:*}; n=${cfg#*:}
  ev $OUT "$g-${n}p-seat-seed4" "$g(players=$n)" --candidate pimc --candidate solver \
    --candidate oracle --cpu-ms 5 --seed 4 --deals "${DEALS:-32}"
done
# Does budget close the gap? pimc at 8x the seed-3 run's calibrated iterations, on the same deals
# (paired per deal with the seed-3 pimc and oracle margins in README).
ev $OUT dog-tag-trick-5p-pimc-8x "dog-tag-trick(players=5)" --candidate "pimc(iterations=23168)" \
  --seed 3 --deals 32
ev $OUT mate-vic-village-4p-pimc-8x "mate-vic-village(players=4)" \
  --candidate "pimc(iterations=21912)" --seed 3 --deals 32
