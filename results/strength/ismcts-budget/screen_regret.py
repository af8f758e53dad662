"""Screen ISMCTS settings in minutes: the regret of the chosen move against a deep PIMC
reference (many worlds, many UCT iterations each) on positions from seeded heuristic play.

    PYTHONPATH=$PWD python results/strength/ismcts-budget/screen_regret.py GAME N BASE \
        'c=0.7' 'c=0.2' 'c=0.2,rollout=random' ...

Each setting runs at BASE and 16 x BASE iterations with two seeds; the line printed is the mean
regret (reference points lost against the reference's best move) at each budget. The reference
is cached in scratch/ by game and N.
"""
import json
import os
import sys
from statistics import mean

from solver.registry import load_game
from solver.search import recommend
from tournaments.evaluate import calibration_positions

HERE = os.path.dirname(os.path.abspath(__file__))
game_text, n_pos, base = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
settings = sys.argv[4:]
game = load_game(game_text)
positions = calibration_positions(game, n_pos, 1)
cache = os.path.join(HERE, "scratch", f"ref-{game_text}-{n_pos}.json")
ref_kw = {"rollout": "policy", "horizon": "round"}
if os.path.exists(cache):
    refs = [{int(k): v for k, v in r.items()} for r in json.load(open(cache))]
else:
    refs = []
    for i, s in enumerate(positions):
        v = s.view(s.current_player())
        r = recommend(v, "pimc", "iterations=640000,worlds=64", 7, check=False, **ref_kw)
        refs.append({a.action: a.mean for a in r.actions})
        print("ref", i, len(refs[-1]), flush=True)
    json.dump(refs, open(cache, "w"))


def parse(text: str) -> dict:
    """Search keywords from 'k=v,...' (numbers as floats)."""
    kw: dict = {"rollout": "policy", "horizon": "round"}
    for part in filter(None, text.split(",")):
        k, v = part.split("=")
        kw[k] = v if k in ("rollout", "horizon", "observers") else float(v)
    return kw


for text in settings:
    kw = parse(text)
    out = []
    for its in (base, 16 * base):
        regrets = []
        for s, ref in zip(positions, refs):
            if len(ref) < 2:
                continue
            v = s.view(s.current_player())
            best = max(ref.values())
            for seed in (1, 2):
                r = recommend(v, "ismcts", f"iterations={its}", seed, check=False, **kw)
                regrets.append(best - ref[r.chosen])
        out.append(f"{its}: {mean(regrets):.3f}")
    print(f"{text:30s}", " | ".join(out), flush=True)
