"""Parameter checks shared by the searches (Python side; the Cython loops take the codes)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from solver.errors import IllegalActionError
from solver.game import HeuristicRollout
from solver.search.limits import SearchLimit, SearchLimitError

if TYPE_CHECKING:
    from solver.game import Game, View

OBJECTIVES = ("score", "win")
ROLLOUTS = ("random", "policy", "heuristic")
HORIZONS = ("game", "round")
DEFAULT_WORLDS = 20
DEFAULT_C = 0.7
DEFAULT_MAX_NODES = 1 << 21
# Exact endgames (endgame=k: a world at most k actions from the end of its round is solved,
# _endgame.pyx) and rollout cut-off (cutoff=k: rollouts stop after k plies and add the game's
# evaluation). 0 = off, the searches' own default; the bots' defaults are measured per game
# (search_defaults).
DEFAULT_ENDGAME_BUDGET = 4096
MAX_ENDGAME = 64
MAX_CUTOFF = 1000


def objective_code(objective: str, horizon: str) -> tuple[int, int, str]:
    """(objective code, horizon code, value kind) after checking the pair."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if horizon not in HORIZONS:
        raise ValueError(f"horizon must be one of {', '.join(HORIZONS)}, not {horizon!r}")
    if objective == "win" and horizon == "round":
        raise ValueError("objective=win is decided at the end of the game; use horizon=game")
    value = ("round_gain" if horizon == "round"
             else ("win_share" if objective == "win" else "return"))
    return OBJECTIVES.index(objective), HORIZONS.index(horizon), value


# ISMCTS's chance nodes (solver/search/_ismcts.pyx): "split" keys a tree's decisions after a
# chance reveal by the outcome its owner saw; "merged" lets them average over every outcome.
CHANCES = ("split", "merged")
DEFAULT_CHANCE = "split"


def check_chance(chance: str) -> bool:
    """True for ISMCTS chance nodes ("split"), False for "merged"."""
    if chance not in CHANCES:
        raise ValueError(f"chance must be one of {', '.join(CHANCES)}, not {chance!r}")
    return chance == "split"


# The other seats in a search's tree (ISMCTS's, solver/search/_ismcts.pyx, and each PIMC world's
# UCT, _mcts.pyx): "search" chooses their moves by UCB, as the searcher's own (the searches as
# published: ISMCTS's other seats choose by statistics pooled over every world, as if blind to
# their own hands; a PIMC world's see every hand); "heuristic" makes each of them play as the
# heuristic bot would in the world at hand (the rules of thumb's best score from that seat's
# own hand and public facts, ties at random), so that the tree branches on the searcher's moves
# against a model of the table.
OPPONENTS = ("search", "heuristic")
DEFAULT_OPPONENTS = "search"


def check_opponents(opponents: str, observers: str = "single") -> bool:
    """True for heuristic opponents (``"heuristic"``), False for ``"search"``; ValueError
    for anything else, and for the model with MO-ISMCTS (whose other trees choose their
    owners' moves themselves)."""
    if opponents not in OPPONENTS:
        raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, not {opponents!r}")
    if opponents == "heuristic" and observers != "single":
        raise ValueError("opponents=heuristic applies to observers=single (SO-ISMCTS)")
    return opponents == "heuristic"


def check_pimc_opponents(evaluator: str, opponents: str) -> bool:
    """PIMC's heuristic opponents for its ``evaluator``: check_opponents's with ``"uct"``; the exact
    solver evaluator has no tree of its own moves (ValueError for ``"heuristic"``)."""
    model = check_opponents(opponents)
    if model and evaluator != "uct":
        raise ValueError("opponents=heuristic applies to evaluator=uct (the solver evaluator "
                         "solves max^n)")
    return model


# Progressive widening (ISMCTS's tree, solver/search/_ismcts.pyx, and each PIMC world's UCT
# tree, _mcts.pyx): below the root a node seen N times holds ceil(N ** widen) children before
# it adds another, in the policy's order; 0 expands every move before choosing among them (the
# search before widening). The bots use the game's measured value (WIDEN_DEFAULTS, below).
DEFAULT_WIDEN = 0.0
# The largest exponent the searches take (the bots' range too): past it ceil(N ** widen) is
# nearly N, a node adds a move at almost every visit, and widening is all but off.
MAX_WIDEN = 0.95


def check_widen(widen: float) -> float:
    """``widen`` as a float in [0, MAX_WIDEN] (the progressive widening exponent of ISMCTS and
    of PIMC's world trees); ValueError naming it otherwise (a non-number included)."""
    try:
        w = float(widen)
    except (TypeError, ValueError):
        raise ValueError(f"widen must be in [0, {MAX_WIDEN}], not {widen!r}") from None
    if not 0.0 <= w <= MAX_WIDEN:
        raise ValueError(f"widen must be in [0, {MAX_WIDEN}], not {widen!r}")
    return w


def check_pimc_widen(evaluator: str, widen: float) -> float:
    """PIMC's ``widen`` for its ``evaluator``, checked: check_widen's with ``"uct"``; with the
    exact solver 0.0 (ValueError for any other value: the solver has no tree to widen)."""
    if evaluator == "uct":
        return check_widen(widen)
    if widen != 0:
        raise ValueError(f"widen={widen!r} needs evaluator=uct (it widens each world's UCT "
                         "tree; the solver has none)")
    return 0.0


#: A searcher's ``policy`` constructor argument (check_rollout): False for random rollouts,
#: True for the game's own rollout policy, or a HeuristicRollout wrapping a policy instance.
RolloutPolicy = bool | HeuristicRollout


def check_rollout(rollout: str, game: Game | None = None) -> RolloutPolicy:
    """A searcher's ``policy`` argument for ``rollout``: False (uniformly random rollouts), True
    (the game's own rollout policy, ``game.policy``) or, for ``"heuristic"``, a
    ``HeuristicRollout`` over ``game.policy`` (solver/game.pyx: every seat plays the heuristic
    bot's choice). Like True it shares the game's policy, which a fresh instance would load
    again (its fitted weights: 0.3-0.5 ms a search); parallel threads wrap fresh instances
    (parallel._policy_for)."""
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
    if rollout == "heuristic":
        if game is None:
            raise ValueError("rollout=heuristic needs the game")
        return HeuristicRollout(game.policy)
    return rollout == "policy"


def check_c(c: float) -> float:
    c = float(c)
    if not math.isfinite(c) or c < 0:
        raise ValueError(f"exploration constant c must be a finite number >= 0, got {c}")
    return c


def check_scale(scale: float | str | None, game: Game | None = None, objective: str = "score",
                horizon: str = "game") -> float:
    """The UCB value scale as the searchers take it: 0.0 = adaptive (``None``: the range of
    leaf values seen so far in the search), a positive number, or ``"bounds"``: the span of
    ``game.utility_bounds()`` (objective score, horizon game; 1 for objective win). The
    engines' bounds are loose (Mate (Vic Village): -128..1280 where a game's totals spread by
    a few dozen), which is why adaptive is the default."""
    if scale is None:
        return 0.0
    if scale == "bounds":
        if objective == "win":
            return 1.0
        if horizon != "game":
            raise ValueError("scale=bounds describes whole-game returns; use horizon=game")
        if game is None:
            raise ValueError("scale=bounds needs the game whose utility_bounds() to use")
        lo, hi = game.utility_bounds()
        return check_scale(hi - lo)
    if isinstance(scale, str):
        raise ValueError(f"scale must be a positive number, 'bounds' or None, not {scale!r}")
    scale = float(scale)
    if not math.isfinite(scale) or scale <= 0:
        raise ValueError(f"scale must be a positive number (or None for adaptive), got {scale}")
    return scale


def check_max_nodes(max_nodes: int) -> int:
    max_nodes = int(max_nodes)
    if not 16 <= max_nodes <= (1 << 30):
        raise ValueError(f"max_nodes must be in 16..2**30, got {max_nodes}")
    return max_nodes


def as_limit(limit: SearchLimit | str | int | dict[str, Any] | None) -> SearchLimit:
    if limit is None:
        raise SearchLimitError("a search needs a SearchLimit (iterations and/or time_s)")
    return SearchLimit.parse(limit)


def seed_int(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return seed


def check_to_act(view: View) -> None:
    """The searching seat must be the one to act at a non-terminal position."""
    if view.is_terminal():
        raise IllegalActionError("the game is over; there is no move to search")
    if view.current_player() != view.player:
        raise IllegalActionError(
            f"seat {view.player} is not to act (seat {view.current_player()} is)")


def check_endgame(endgame: int, horizon: str) -> int:
    """``endgame`` (actions from the end of the round within which a world is solved exactly;
    0 = off) after checking it: an int in 0..MAX_ENDGAME, and only with horizon round (the
    exact solvers value the round's points)."""
    if isinstance(endgame, bool) or not isinstance(endgame, int):
        raise ValueError(f"endgame must be an integer number of actions, got {endgame!r}")
    if not 0 <= endgame <= MAX_ENDGAME:
        raise ValueError(f"endgame must be in 0..{MAX_ENDGAME} actions, got {endgame}")
    if endgame > 0 and horizon != "round":
        raise ValueError("endgame solves a world to the end of its round; use horizon=round")
    return endgame


#: The largest node budget a solve takes (node_budget, endgame_budget): far beyond any search
#: this project runs (a trillion nodes), and within the C counters' range.
MAX_NODE_BUDGET = 1 << 40


def check_node_budget(budget: int, name: str = "node_budget") -> int:
    """A node budget (the exact solvers' ``node_budget``, the endgames' ``endgame_budget``):
    an integer in 1..MAX_NODE_BUDGET, else ValueError naming ``name``."""
    if (isinstance(budget, bool) or not isinstance(budget, int)
            or not 1 <= budget <= MAX_NODE_BUDGET):
        raise ValueError(f"{name} must be an integer in 1..2**40, got {budget!r}")
    return budget


def check_endgame_budget(budget: int) -> int:
    """The node budget of one exact endgame solve (1..MAX_NODE_BUDGET)."""
    return check_node_budget(budget, "endgame_budget")


def check_cutoff(cutoff: int, horizon: str) -> int:
    """``cutoff`` (rollout plies before the game's evaluation takes over; 0 = off) after
    checking it: an int in 0..MAX_CUTOFF, and only with horizon round (the evaluation
    estimates the rest of the round)."""
    if isinstance(cutoff, bool) or not isinstance(cutoff, int):
        raise ValueError(f"cutoff must be an integer number of plies, got {cutoff!r}")
    if not 0 <= cutoff <= MAX_CUTOFF:
        raise ValueError(f"cutoff must be in 0..{MAX_CUTOFF} plies, got {cutoff}")
    if cutoff > 0 and horizon != "round":
        raise ValueError("cutoff estimates the rest of the round; use horizon=round")
    return cutoff


# The bots' endgame threshold (actions from the end of the round) per game slug and search,
# measured with `trickhound evaluate --mode head-to-head` at 5 ms CPU a decision against the
# same bot with it off (paired mean [95% CI] in points, deals; results/strength/endgames/):
#   mate            pimc 22 (the whole game: 2 forcing decisions + 20 cards): with hidden
#                   forcing +294 [+190, +399] a match (12 deals); ismcts 12: +71 [+12, +130]
#                   (24 deals; 22: +53 [-24, +131]). With face-up forcing 22 proves every root:
#                   0.00 points lost a decision against alpha-beta on 60 self-play positions,
#                   against 4.37 (ismcts) and 7.72 (pimc) with it off (the bots hand those
#                   decisions to alpha-beta anyway, exact=true).
#   dog-tag-trick   off: endgame=4 pimc +0.71 [-3.13, +4.55] (12 deals), ismcts -1.38 [-3.56,
#                   +0.81] (12); endgame=6 pimc -3.69 [-5.10, -2.28] (16): a solve of a
#                   round's last tricks costs more than the rollouts it replaces (pairs make
#                   the tree wide).
#   mate-vic-village off: pimc endgame=4 +0.06 [-8.10, +8.22], 8 -1.48 [-8.27, +5.30], 12
#                   -3.27 [-8.54, +2.01] (16 deals); ismcts endgame=8 +0.03 [-3.81, +3.86]
#                   (10): no gain at equal CPU time.
# A game not listed plays with it off.
ENDGAME_DEFAULTS: dict[str, dict[str, int]] = {"mate": {"pimc": 22, "ismcts": 12}}
# The bots' rollout cut-off (plies) per game slug and search, measured likewise: with the
# evaluate_c of the time, cutting Dog Tag Trick's PIMC rollouts at 8 plies lost -2.02 [-3.48,
# -0.55] (16 deals), Vic Village's -5.45 [-11.36, +0.45] (16). With the fitted evaluations
# (solver/games/*/_policy.pyx), PIMC's seat margin over the heuristic at the 5 ms budget,
# iterations raised to the same CPU time as the cut-off makes them cheaper, minus PIMC's
# without (results/strength/pimc-tune/screen/): Dog Tag Trick 3 players cutoff=2 (6,200
# iterations against 3,096) -1.05 [-1.82, -0.28], cutoff=4 (4,800) -0.72 [-1.55, +0.11] (64
# deals); 4 players cutoff=8 (4,100 against 3,430) -0.71 [-1.59, +0.17] (48); Vic Village 4
# players cutoff=8 (5,300 against 2,604) -0.16 [-3.02, +2.69] (32). Still off everywhere.
#   mate-vic-village ismcts, re-measured with the fitted evaluation (3 players, over the
#                   heuristic at 5 ms a decision, calibrated: 2,000 iterations off, 4,128 /
#                   3,411 / 2,938 at cutoff 4 / 8 / 12; paired minus off, 48 deals,
#                   results/strength/ismcts-budget/scratch/vic3p-seat-cutoff): -1.26 [-3.94,
#                   +1.41], -0.72 [-3.45, +2.01], -1.56 [-4.26, +1.14]: stays off.
CUTOFF_DEFAULTS: dict[str, dict[str, int]] = {}


# The ISMCTS bot's UCT exploration constant per game slug (on values scaled to the range seen,
# horizon round), measured with `trickhound evaluate` (results/strength/ismcts-budget/):
#   dog-tag-trick   0.2: the default c = 0.7 explores nearly uniformly (a round's points spread
#                   over ~20 while the best moves differ by tenths), so the tree's opponents
#                   play almost at random and more iterations buy nothing: 16x vs 1x
#                   (4 players, 5 ms a decision = 2,000 iterations) at c = 0.7 -0.06 [-0.80,
#                   +0.67] (48 deals, results/strength/baseline-2), at c = 0.2 +0.80 [+0.05,
#                   +1.55] (48); 1x over the heuristic c = 0.2 minus c = 0.7: +0.17 [-0.85,
#                   +1.19] (32 deals), 3 players +1.79 [+0.79, +2.79] (32), 5 players +0.14
#                   [-0.58, +0.85] (32).
#   mate-vic-village 0.7 kept: c = 0.2 16x vs 1x +2.6 [-0.5, +5.8] (32 deals; 0.7: +2.1
#                   [-0.5, +4.7], 48, and -1.5 [-5.1, +2.1] on 24 other deals) and over the
#                   heuristic at 1x -0.84 [-3.56, +1.89] (32). 3 players at 1x (2,000
#                   iterations), minus c = 0.7, 48 deals (ismcts-budget/scratch/vic3p-seat-c):
#                   c = 0.5 -1.49 [-4.22, +1.25], 0.35 -0.04 [-2.74, +2.66], 0.2 -1.27
#                   [-3.84, +1.30].
# The PIMC bot's (and so the solver bot's sampling path's) c, measured as the seat margin over
# the heuristic at the calibrated 5 ms budget, iteration-limited, paired on the same deals
# (candidate minus c = 0.7, mean [95% CI], deals; results/strength/pimc-tune/screen/):
#   dog-tag-trick   2, with widening 0.3 (WIDEN_DEFAULTS; results/strength/pimc-widen): with
#                   the world trees widened (their opponents answer with the rules of thumb's
#                   favourite moves first), a high c spreads a node's visits over those few
#                   moves instead of letting a world's clairvoyant opponents find the one reply
#                   that beats us there. Screens (4 players, 96 deals each, minus widen 0.5 at
#                   c = 0.7): c = 1.2 +0.65 [+0.14, +1.16] and +0.14, c = 2 +0.26, c = 3.5
#                   +0.35; at c = 3.5 widen 0.3 +0.40 [+0.03, +0.78] over 0.5. Confirmed on
#                   fresh deals (seed 78, 96 each, fixed before the runs), widen 0.3 and c = 2
#                   minus widen 0 and c = 0.7, at equal CPU (5 ms): 3 players +0.34 [-0.34,
#                   +1.02], 4 players +0.02 [-0.59, +0.63], 5 players +0.64 [+0.22, +1.05];
#                   the 288 deals pooled +0.33 [+0.00, +0.67]. (Before widening, c alone: 3
#                   players c = 0.2 +0.31 [-0.62, +1.23], 4 players c = 0.35 +0.03 [-0.64,
#                   +0.69], results/strength/pimc-tune/screen/.)
#   mate-vic-village 0.7 kept: 4 players (2,604) c = 0.2 +2.16 [-1.22, +5.55] (32 deals) and
#                   -0.72 [-3.10, +1.65] (64 other deals); 3 players (2,843) +1.26 [-1.50,
#                   +4.01] (48).
# A game not listed uses DEFAULT_C.
EXPLORATION_DEFAULTS: dict[str, dict[str, float]] = {"dog-tag-trick": {"ismcts": 0.2,
                                                                      "pimc": 2.0}}


# The ISMCTS bots' progressive widening per game (``widen=-1``: widening(); results/strength/
# widen, ismcts with widen=0.3 minus without, each calibrated to 5 ms of CPU a decision, seat
# margins over the heuristic on the same 48 deals, seed 42):
#   dog-tag-trick 4p +1.01 [+0.16, +1.85], 5p +0.71 [+0.21, +1.21] (and 4p at equal iterations,
#                 seed 41: +0.76 [-0.15, +1.66]); with 23-45 moves a node, the tree without it
#                 hardly reaches the second trick
# The PIMC bot's widening of each world's tree (solver/search/_mcts.pyx; results/strength/
# pimc-widen, seat margins over the heuristic at 5 ms of CPU a decision, paired):
#   dog-tag-trick   0.3 with c = 2 (EXPLORATION_DEFAULTS: the measurements are there); widening
#                   alone at c = 0.7, 0.5 minus 0, fresh deals (seed 71, 64 each): 3 players
#                   +0.16 [-0.59, +0.90], 4 players +0.29 [-0.38, +0.96], 5 players +0.14
#                   [-0.36, +0.64] (the screens' +0.6 to +1.0 did not hold).
#   mate-vic-village 0.3 (c = 0.7 kept: widen 0.3 with c = 2 was not better in the screens),
#                   minus none, fresh deals (seed 80, 128 each, fixed before the runs): 3
#                   players +0.96 [-0.81, +2.73], 4 players +1.46 [+0.08, +2.85]; the 256
#                   deals pooled +1.21 [+0.10, +2.33]. The solver bot's sampling path and
#                   `recommend --algo auto` (pimc there) search with it.
# A game or search not listed uses DEFAULT_WIDEN (off).
WIDEN_DEFAULTS: dict[str, dict[str, float]] = {"dog-tag-trick": {"ismcts": 0.3, "pimc": 0.3},
                                               "mate-vic-village": {"pimc": 0.3}}


# The search bots' rollouts where measured otherwise than "policy" (``rollout=auto``:
# rollout_policy()), per game slug, search and player count. Dog Tag Trick, ISMCTS, 5 players:
# heuristic rollouts (every seat plays as the heuristic bot, from its own hand; the policy
# rollout reads the hands still to play) at equal CPU, preregistered, +0.50 [+0.14, +0.86]
# points a game on 128 deals (seed 96), +0.39 [-0.02, +0.80] on 96 (seed 92); at 3 and 4
# players -0.34 and -0.33 (not separated), and PIMC nowhere ahead (pooled over 3-5 players
# -0.48 [-0.84, -0.12]); Vic Village -5.7 (results/strength/heuristic-rollout). PIMC at 5
# players, preregistered (seed 101, 512 deals): +0.48 [+0.28, +0.67] (before: +0.15 on 96
# deals, seed 92; results/strength/pimc-rollout-5p), while at 3 and 4 players it lost (-0.90,
# -0.68, seed 92).
ROLLOUT_DEFAULTS: dict[str, dict[str, dict[int, str]]] = {
    "dog-tag-trick": {"ismcts": {5: "heuristic"}, "pimc": {5: "heuristic"}}}
# What a bot's ``rollout`` takes: a search's rollouts, or auto (the measured default).
ROLLOUT_CHOICES = ("auto",) + ROLLOUTS


def rollout_policy(game: Game, rollout: str = "auto", algorithm: str = "ismcts") -> str:
    """The rollouts a search bot (``algorithm``) plays in ``game``: ``rollout`` unless it is
    ``"auto"`` (the ismcts and pimc bots' default), then the measured default for the game,
    search and player count (ROLLOUT_DEFAULTS), else ``"policy"``."""
    if rollout != "auto":
        return rollout
    return ROLLOUT_DEFAULTS.get(game.name, {}).get(algorithm, {}).get(game.num_players,
                                                                      "policy")


# The ismcts and pimc bots' opponents where measured otherwise than "search" (``opponents=auto``:
# opponent_model()), per game slug, search and player count. Dog Tag Trick, ISMCTS, heuristic
# opponents minus the search as published, over the heuristic at equal CPU, preregistered, 512
# deals a player count (seed 130, results/strength/heuristic-opponents): 3 players +0.80 [+0.53,
# +1.06], 4 players +0.73 [+0.49, +0.97], 5 players +0.45 [+0.28, +0.62]; at a table of ISMCTS
# (96 deals, seed 131), the model is not separated from the search there (-0.06, +0.18, -0.12).
# PIMC, each world's UCT, on the same deals, with the model chosen once per node (session 21,
# preregistered): 3 players +0.46 [+0.20, +0.71], 4 players +0.25 [+0.01, +0.49], 5 players +0.24
# [+0.06, +0.41]; at a table of PIMC (192 deals, seed 136) +0.36 [-0.03, +0.75], +0.76 [+0.42,
# +1.11], +0.00 [-0.28, +0.28]. (Chosen per visit, session 20, the scoring cost PIMC 28-40% of
# its iterations at 3 and 4 players, and the gain was not separated there.) Vic Village, ISMCTS,
# preregistered, 512 deals (seed 133): 3 players +1.34 [+0.49, +2.19], 4 players +1.12 [+0.38,
# +1.85]; at a table of ISMCTS (preregistered, 384 deals, seed 135) 3 players +0.05 [-0.78,
# +0.87], so heuristic there, but 4 players -1.08 [-1.86, -0.30]: below 0, so search at 4 (a
# default may not lose at a table of its own search).
# (A model of the table: right where the others play by the rules of thumb.)
OPPONENT_DEFAULTS: dict[str, dict[str, dict[int, str]]] = {
    "dog-tag-trick": {"ismcts": {3: "heuristic", 4: "heuristic", 5: "heuristic"},
                      "pimc": {3: "heuristic", 4: "heuristic", 5: "heuristic"}},
    "mate-vic-village": {"ismcts": {3: "heuristic"}}}
# What the ismcts, pimc and solver bots' ``opponents`` takes: a model, or auto (the measured
# default).
OPPONENT_CHOICES = ("auto",) + OPPONENTS


def opponent_model(game: Game, opponents: str = "auto", algorithm: str = "ismcts",
                   observers: str = "single", future: str = "known") -> str:
    """The opponents a search bot (``algorithm``: ismcts or pimc) searches with in
    ``game``: ``opponents`` unless it is ``"auto"`` (the bots' default), then the measured
    default for the game, search and player count (OPPONENT_DEFAULTS), else ``"search"``;
    always ``"search"`` for auto with MO-ISMCTS (``observers="multi"``), which takes no model
    (tester 20: auto made every multi-observer ismcts game in Dog Tag Trick a forfeit), and
    with PIMC worlds that re-draw their future (``future="sampled"``), where UCT takes none
    (it fixes an opponent's move once per node, sound while a node is one position)."""
    if opponents not in OPPONENT_CHOICES:
        raise ValueError(f"opponents must be one of {', '.join(OPPONENT_CHOICES)}, not "
                         f"{opponents!r}")
    if opponents != "auto":
        return opponents
    if observers != "single" or future != "known":
        return DEFAULT_OPPONENTS
    return OPPONENT_DEFAULTS.get(game.name, {}).get(algorithm, {}).get(game.num_players,
                                                                       DEFAULT_OPPONENTS)


def widening(game: Game, widen: float = -1.0, algorithm: str = "ismcts") -> float:
    """The progressive widening exponent a search bot (``algorithm``: ISMCTS's tree, or each
    of PIMC's world trees) uses in ``game``: ``widen`` when it is >= 0, else (the bots' -1) the
    measured default for the game and search (WIDEN_DEFAULTS), else DEFAULT_WIDEN."""
    if widen >= 0:
        return float(widen)
    return WIDEN_DEFAULTS.get(game.name, {}).get(algorithm, DEFAULT_WIDEN)


def exploration_c(game: Game, c: float = -1.0, algorithm: str = "ismcts") -> float:
    """The UCT exploration constant a search bot (``algorithm``) uses in ``game``: ``c`` when it
    is >= 0, else (the bots' -1) the measured default for the game (EXPLORATION_DEFAULTS), else
    DEFAULT_C."""
    if c >= 0:
        return float(c)
    return EXPLORATION_DEFAULTS.get(game.name, {}).get(algorithm, DEFAULT_C)


def endgame_options(game: Game, horizon: str, endgame: int = -1, cutoff: int = -1,
                    algorithm: str = "pimc") -> dict[str, int]:
    """The ``endgame`` and ``cutoff`` keywords a search bot (``algorithm`` "ismcts" or "pimc")
    passes for ``game``: -1 means the measured default for the game and search
    (ENDGAME_DEFAULTS, CUTOFF_DEFAULTS), and both are off (0) unless the search's horizon is
    the round (the only target they are defined for)."""
    if horizon != "round":
        return {"endgame": 0, "cutoff": 0}
    if endgame < 0:
        endgame = ENDGAME_DEFAULTS.get(game.name, {}).get(algorithm, 0)
    if cutoff < 0:
        cutoff = CUTOFF_DEFAULTS.get(game.name, {}).get(algorithm, 0)
    return {"endgame": int(endgame), "cutoff": int(cutoff)}
