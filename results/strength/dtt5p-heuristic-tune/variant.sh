#!/bin/sh
# A copy of the repository at the commit these runs were played on (545538c), with one constant
# changed and the Cython core built in place, for the variant rows of README.md:
#   sh results/strength/dtt5p-heuristic-tune/variant.sh DIR eps 50          # 0, 50, 300
#   sh results/strength/dtt5p-heuristic-tune/variant.sh DIR root-widen 0.3  # 0.3, 0.4
# then run the row's command in DIR with PYTHONPATH=DIR (the installed trickhound then imports
# the variant). Run from the repository root.
#   eps N:         HeuristicRollout's share of uniformly random moves, N per 1000 (main: 150;
#                  solver/game.pyx HEURISTIC_ROLLOUT_EPS)
#   root-widen W:  ISMCTS widens its roots too: a root holds at most ceil(N ** W) moves after N
#                  iterations, added in the rules of thumb's order (main: every root move is
#                  tried; solver/search/_ismcts.pyx)
set -e
DIR=$1 KIND=$2 VALUE=$3
mkdir -p "$DIR"
git archive 545538c | tar -x -C "$DIR"
case "$KIND" in
  eps)
    sed -i "s/^cdef int HEURISTIC_ROLLOUT_EPS = 150$/cdef int HEURISTIC_ROLLOUT_EPS = $VALUE/" \
      "$DIR/solver/game.pyx"
    grep -q "^cdef int HEURISTIC_ROLLOUT_EPS = $VALUE$" "$DIR/solver/game.pyx" ;;
  root-widen)
    python3 - "$DIR/solver/search/_ismcts.pyx" "$VALUE" <<'PY'
import sys
path, w = sys.argv[1], sys.argv[2]
src = open(path).read()
old = """                    if nav >= ceil(pow(<double>node_visits, self.widen)):
                        nu = 0
                if nu > 0:
                    if widening and node >= 0:"""
new = f"""                    if nav >= ceil(pow(<double>node_visits, self.widen)):
                        nu = 0
                elif nu > 0 and widening and node < 0 and nav > 0:
                    if nav >= ceil(pow(<double>(self.iterations + it + 1), {w})):
                        nu = 0
                if nu > 0:
                    if widening:"""
assert src.count(old) == 1, "the patch no longer applies"
open(path, "w").write(src.replace(old, new))
PY
    ;;
  *) echo "variant.sh: unknown kind $KIND (eps or root-widen)" >&2; exit 2 ;;
esac
(cd "$DIR" && python setup.py build_ext --inplace -j 2 >/dev/null)
echo "built $DIR ($KIND $VALUE)"
