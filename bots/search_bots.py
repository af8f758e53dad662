"""The search bots: ``ismcts`` and ``pimc`` (imperfect-information search on the bot's view)
and ``oracle`` (perfect-information search on the true state: a cheating upper bound, marked in
every report and kept out of rated pools by default).

Each decision draws a fresh 64-bit seed from the bot's own stream, so a game replays exactly
for the same bot seed when the limit is an iteration count. ``time_s`` > 0 adds a wall-clock
limit (the tournament fills it from the per-move time); the search then stops at whichever
limit comes first and is no longer reproducible.

Two defaults come from measurement (paired margins against ``heuristic`` on duplicate deals,
``tests/test_strength.py``; numbers in the issue notes):

* ``horizon=auto`` values a decision by the points of the current round when the objective is
  the score and the game's rounds add up (``Game.rounds_add_up``: Mate's four games with
  utility=points, every Vic Village and Dog Tag Trick round). Rounds are then dealt afresh and
  their points summed, so what a move can change is this round's points; rollouts through
  later deals only add noise. It lifts ISMCTS(1000) over the heuristic in Dog Tag Trick from
  +2.4 to +6.7 points a game (4 players, 6 deals) and in Mate from +237 to +543 a match.
  Otherwise (``objective=win``, Mate's match_result, Mattis's single round) ``auto`` means
  ``game``. The oracle's UCT uses it too.
* ``wide=100``: a decision with at least this many legal actions is taken by the game's
  ``heuristic`` player instead. Only the 3-player Mate (Vic Village) discard (120 pairs) is
  that wide: a few thousand iterations give each pair a handful of rollouts, and rollouts
  misjudge a hand plan — even 20x the budget there lost to the heuristic's discard. ``wide=0``
  searches every decision.

ISMCTS's exploration constant ``c`` (-1 by default: the game's measured value,
``solver.search.params.EXPLORATION_DEFAULTS``) is 0.2 in Dog Tag Trick, else 0.7. UCB's values
are scaled to the range seen, which in Dog Tag Trick is ~20 points while good moves differ by
tenths: at 0.7 the tree explored nearly uniformly and 16x the budget gained nothing (-0.06
[-0.80, +0.67] a game, 48 deals); at 0.2 it gains +0.80 [+0.05, +1.55] (48), no weaker against
the heuristic at the default budget (results/strength/ismcts-budget/).

``opponents=auto`` (``solver.search.params.OPPONENT_DEFAULTS``) is ``heuristic`` for ISMCTS in
Dog Tag Trick and 3-player Vic Village, and for PIMC in Dog Tag Trick (+0.46, +0.25 and +0.24
points a game at 3, 4 and 5 players, 512 preregistered deals each; level or better at a table of
PIMC): inside the tree the other seats play as the heuristic bot would in each sampled world,
from their own hands, instead of choosing by UCB over statistics pooled across every world (as
if they did not know their own cards). For ISMCTS at a table of heuristic players, issue 15's
measure, that is +0.45 to +0.80 points a game over the search as published at equal CPU in Dog
Tag Trick and +1.1 to +1.3 in Vic Village (512 preregistered deals a player count); at a table
of ISMCTS it is level in Dog Tag Trick (96 deals a player count) and in 3-player Vic Village
(+0.05 [-0.78, +0.87], 384 preregistered deals), but in 4-player Vic Village it lost -1.08
[-1.86, -0.30] (384), so search stays the default there. It is a model of the table, and a table
of rules-of-thumb players is where it is right (results/strength/heuristic-opponents/).

``inference=auto`` (``solver.inference.weighted.BOT_DEFAULTS``) is ``mcmc`` for PIMC in Dog
Tag Trick with 5 players: its worlds come from a Markov chain over the hidden cards that follows
the opponent model (solver/inference/mcmc.py), which at a table of rules-of-thumb players puts
the cards where their plays say they are: +0.31 [+0.17, +0.44] points a game over uniform worlds
at equal CPU (1,024 preregistered deals, claim 8), level at a table of PIMC, though the chain
costs about half the decision's time. With 4 players its gain (+0.64) did not survive the
corrected calibration of CPU time (-0.39 [-0.64, -0.15], claim 8), so it was withdrawn there
(results/strength/dtt5p-mcmc/). Uniform worlds (``none``) elsewhere.

``exact=true`` (the default) hands a decision to the exact solver when the bot's view is
perfect information for the rest of the round and the game is two-player constant-sum (Mate with
face-up forcing, docs/rules/mate.md §9.2): alpha-beta proves the round's value of every move, so
the bot never loses points there that the solver would not (ISMCTS lost 10.2 points a decision
against exact values at such positions, issue 15). Only where the search maximises the round's
points (``horizon`` resolving to ``round``): the solver's value is the gain to the end of the
round, the wrong target for a match result or a win.

``threads=N`` searches each decision on N cores (solver/search/parallel.py): ISMCTS pools N
trees of iterations/N each at the root, PIMC splits its worlds over the threads (the same answer
as one thread). In a tournament, workers times threads should not exceed the cores.
"""
from typing import Any, Optional

from bots import heuristic
from bots.base import MAX_ITERATIONS, MAX_SECONDS, MAX_WORLDS, Bot
from bots.registry import register
from bots.spec import BotSpecError
from solver.game import Game, State, View
from solver.inference import BOT_INFERENCE_MODES, bot_inference
from solver.rng import Random
from solver.search import (
    AlphaBeta,
    SearchLimit,
    SearchResult,
    alphabeta,
    perfect_information_for,
    play_defaults,
    recommend,
    search_state,
)
from solver.search._mcts import FUTURES
from solver.search._pimc import pimc_chance_search
from solver.search.parallel import MAX_THREADS, alphabeta_root_values
from solver.search.params import (
    CHANCES,
    MAX_CUTOFF,
    MAX_ENDGAME,
    MAX_WIDEN,
    OPPONENT_CHOICES,
    OPPONENTS,
    ROLLOUT_CHOICES,
    ROLLOUTS,
    endgame_options,
    exploration_c,
    opponent_model,
    rollout_policy,
    widening,
)

# Bot parameters whose -1 means the game's measured value; no other negative value is allowed.
GAME_DEFAULT_SENTINELS = ("c", "widen")


def _sentinel_or(high: float) -> "tuple[None, float]":
    """The ``RANGES`` entry of such a parameter: no low end there (a range cannot say "-1 or
    from 0"), as ``_SearchBot._check_game_defaults`` refuses the other negative values."""
    return (None, high)


_THREADS_PARAM = (1, "threads searching each decision in parallel (root-parallel)")

_ENDGAME_PARAMS = {
    "endgame": (-1, "exact endgames: a world within this many actions of the round's end is"
                    " solved instead of rolled out (-1: the game's measured default, 0: off;"
                    " horizon round only)"),
    "cutoff": (-1, "rollouts stop after this many plies and add the game's evaluation (-1: the"
                   " game's measured default, 0: off; horizon round only)"),
}
_ENDGAME_RANGES = {"endgame": (-1, MAX_ENDGAME), "cutoff": (-1, MAX_CUTOFF)}
_EXACT_PARAM = (True, "hand perfect-information decisions to the exact solver (two-player"
                      " constant-sum games, horizon round)")


class _SearchBot(Bot[View]):
    """Shared plumbing: the limit, the horizon, the exact hand-over and the wide decisions."""

    # The reusable alpha-beta (its transposition table kept across decisions) and its game;
    # with threads > 1 one per thread (the first is _exact_solver).
    _exact_solver = None
    _exact_game = None
    _exact_solvers: "list[AlphaBeta]" = []

    # Set from PARAMS by Bot.__init__ (each subclass declares the ones it takes).
    iterations: int
    time_s: float
    horizon: str
    objective: str
    wide: int
    rollout: str
    exact: bool
    threads: int
    endgame: int
    cutoff: int

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self._check_game_defaults()
        # refused when the bot is configured (make_bot), not at its first move: a bot with no
        # budget would forfeit every game of a tournament that had started
        if getattr(self, "algo", "") != "solver":         # the exact solver needs none
            self._check_budget()

    def _check_game_defaults(self) -> None:
        """Refuse a negative ``c`` or ``widen`` other than -1: -1 is the sentinel for the game's
        measured value (params.exploration_c, params.widening), and any negative value used to
        be read as it, so ``widen=-0.5`` played exactly like the default (tester 8)."""
        for key in GAME_DEFAULT_SENTINELS:
            if key not in self.PARAMS:
                continue
            value = float(getattr(self, key))
            if value < 0 and value != -1:
                high = self.RANGES.get(key, (None, None))[1]
                want = f"between 0 and {high}" if high is not None else "at least 0"
                raise BotSpecError(f"parameter {key}={value:g} of bot {self.name} must be "
                                   f"{want}, or -1 (the game's measured value)")

    def _check_budget(self) -> None:
        if self.iterations <= 0 and float(self.time_s or 0.0) <= 0:
            raise BotSpecError(f"bot {self.name} needs iterations > 0 or time_s > 0")

    def limit(self, worlds: Optional[int] = None) -> SearchLimit:
        t = float(self.time_s or 0.0)
        self._check_budget()
        return SearchLimit(iterations=self.iterations if self.iterations > 0 else None,
                           time_s=t if t > 0 else None, worlds=worlds)

    def search(self, view: View) -> SearchResult:
        raise NotImplementedError

    def search_horizon(self, game: Game) -> str:
        """The horizon the search uses in ``game``: ``auto`` is ``round`` for the score where
        the game's rounds add up, else ``game``."""
        if self.horizon != "auto":
            return self.horizon
        return play_defaults(game, "ismcts", {"objective": self.objective}).get("horizon", "game")

    def exact_applies(self, view: View) -> bool:
        """Whether this decision goes to the exact solver: ``exact`` on, the view perfect
        information for the mover, two players with constant-sum returns (alpha-beta), and the
        search's target the round's points (objective score, horizon round)."""
        game = view.game
        return (bool(self.exact) and self.objective == "score"
                and game.num_players == 2 and game.utility_sum() is not None
                and self.search_horizon(game) == "round" and perfect_information_for(view))

    def exact_choice(self, view: View) -> int:
        """The first move of alpha-beta's principal variation in the view's world (with perfect
        information, the true position): a move proved optimal for the rest of the round.
        With ``threads`` > 1 the root's moves are valued on that many threads, and the first
        best in the legal order is the principal variation's first move."""
        game: Game = view.game
        threads = int(getattr(self, "threads", 1))    # the oracle has no threads option
        if self._exact_game != game or len(self._exact_solvers) != threads:
            self._exact_solvers = [AlphaBeta(game) for _ in range(threads)]
            self._exact_solver, self._exact_game = self._exact_solvers[0], game
        world = view.determinize(0)
        if threads > 1:
            values = alphabeta_root_values(world, self._exact_solvers)
            best = max(values.values())
            return next(a for a, v in values.items() if v == best)
        return alphabeta(world, pv=True, solver=self._exact_solver).chosen

    def act(self, view: View) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.exact_applies(view):
            return self.exact_choice(view)
        wide = int(self.wide or 0)
        if 0 < wide <= len(legal) and heuristic.has_heuristic(view.game):
            return heuristic.choose(view, Random(self.next_seed()))
        return self.search(view).chosen


@register
class ISMCTSBot(_SearchBot):
    """Information-set MCTS (Cowling, Powley & Whitehouse 2012) on the bot's view."""

    name = "ismcts"
    PARAMS = {
        "iterations": (2000, "iterations per decision (0: time only)"),
        "time_s": (0.0, "seconds per decision (0: iterations only)"),
        "c": (-1.0, "UCT exploration constant on values scaled to the range seen (-1: the"
                    " game's measured value, 0.2 in Dog Tag Trick, else 0.7)"),
        "scale": ("range", "what UCB divides values by: range (of the leaf values seen) or"
                           " spread (their standard deviation; c is then on that scale)"),
        "observers": ("single", "single (SO-ISMCTS) or multi (MO-ISMCTS)"),
        "chance": ("split", "split: decisions after a card turned up inside a round (Vic"
                            " Village's instructions and rewards, Mattis's draws) are searched"
                            " apart for each outcome; merged: averaged over them (before 0.7.0)"),
        "widen": (-1.0, "progressive widening below the root: a node seen N times holds"
                        " ceil(N^widen) moves, added in the rules of thumb's order (0: every"
                        " move is tried before any is chosen again; -1: the game's measured"
                        " value, 0.3 in Dog Tag Trick, else 0)"),
        "objective": ("score", "score (the game's returns) or win (first place)"),
        "horizon": ("auto", "auto (round for objective=score where the game's rounds add up,"
                            " else game), game or round"),
        "wide": (100, "decisions with at least this many legal actions go to the heuristic"
                      " (0: search all)"),
        "rollout": ("auto", "policy (the game's rollout rules of thumb, which may read the"
                            " whole sampled world), heuristic (every seat plays as the"
                            " heuristic bot, from its own hand except in Mate: slower), random,"
                            " or auto (the measured choice: heuristic in Dog Tag Trick with 5"
                            " players, else policy)"),
        "opponents": ("auto", "the other seats' moves in the tree: search (chosen by UCB, as"
                              " its own), heuristic (each plays as the heuristic bot would in"
                              " the sampled world, from its own hand: a model of the table) or"
                              " auto (the measured choice: heuristic in Dog Tag Trick and"
                              " 3-player Vic Village, else search)"),
        "exact": _EXACT_PARAM,
        # inference: see solver/inference and results/strength/inference-*.md
        "inference": ("auto", "worlds: none (a fresh uniform one per iteration), policy"
                              " (particles resampled by the opponent model, in turn), mcmc"
                              " (particles worlds of a Markov chain following the model; Dog"
                              " Tag Trick and Vic Village, else policy) or auto (the mode"
                              " measured stronger in the game: none so far)"),
        "particles": (64, "candidate worlds weighed per decision with inference=policy (mcmc:"
                          " the chain's worlds, and its steps of burn-in)"),
        "threads": _THREADS_PARAM,
        **_ENDGAME_PARAMS,
    }
    CHOICES = {"observers": ("single", "multi"), "objective": ("score", "win"),
               "horizon": ("auto", "game", "round"), "rollout": ROLLOUT_CHOICES,
               "opponents": OPPONENT_CHOICES,
               "inference": BOT_INFERENCE_MODES, "scale": ("range", "spread"),
               "chance": CHANCES}
    RANGES = {"iterations": (0, MAX_ITERATIONS), "time_s": (0.0, MAX_SECONDS),
              "c": _sentinel_or(100.0), "wide": (0, None), "particles": (1, MAX_WORLDS),
              "threads": (1, MAX_THREADS), "widen": _sentinel_or(MAX_WIDEN),
              **_ENDGAME_RANGES}
    c: float
    scale: str
    observers: str
    chance: str
    widen: float
    opponents: str
    inference: str
    particles: int

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        if self.opponents == "heuristic" and self.observers != "single":
            # refused up front, not as a forfeit in every game (tester 20)
            raise BotSpecError(f"bot {self.name}: opponents=heuristic needs observers=single "
                               "(MO-ISMCTS's other trees choose their owners' moves)")

    def search(self, view: View) -> SearchResult:
        return recommend(view, "ismcts", self.limit(), self.next_seed(), check=False,
                         c=exploration_c(view.game, self.c, "ismcts"),
                         scale=None if self.scale == "range" else self.scale,
                         observers=self.observers, chance=self.chance,
                         widen=widening(view.game, self.widen),
                         objective=self.objective,
                         horizon=self.search_horizon(view.game),
                         rollout=rollout_policy(view.game, self.rollout, "ismcts"),
                         opponents=opponent_model(view.game, self.opponents, "ismcts",
                                                  self.observers),
                         inference=bot_inference(self.inference, view.game, self.name),
                         particles=self.particles, threads=self.threads,
                         **endgame_options(view.game, self.search_horizon(view.game),
                                           self.endgame, self.cutoff, "ismcts"))


@register
class PIMCBot(_SearchBot):
    """Perfect Information Monte Carlo: the same sampled worlds for every move, each searched
    by UCT with rollouts (or exactly, evaluator=solver), values averaged.

    ``c`` and ``widen`` are -1 by default, the game's measured values
    (``solver.search.params.exploration_c(game, c, "pimc")`` and ``widening(game, widen,
    "pimc")``). Unlike ISMCTS's one deep tree, each world's tree here gets iterations/worlds
    (~100 at the default 2,000 and 20 worlds). In Dog Tag Trick (nodes of 20-45 moves) each
    world's tree widens progressively (0.3: a node answers first with the rules of thumb's
    favourite moves) with c = 2, which spreads a node's visits over those moves rather than
    letting the world's clairvoyant opponents find the one reply that beats the bot there:
    +0.33 [+0.00, +0.67] points a game over c = 0.7 without widening at equal CPU time (288
    fresh deals, 3-5 players; results/strength/pimc-widen/). In Vic Village the same widening
    with c = 0.7: +1.21 [+0.10, +2.33] over none (256 fresh deals, 3-4 players). In Mattis and
    Mate c = 0.7 and no widening (neither measured there). Before widening, in Dog Tag Trick
    and Vic Village, c = 0.2, 0.35 or 0.1 separated from 0.7 nowhere, nor did 8 to 160 worlds
    (8 is worse) or the fitted-evaluation rollout cut-off (worse in Dog Tag Trick) at equal CPU
    time (results/strength/pimc-tune/).

    ``future=sampled``: each world's UCT re-draws the chance hidden from every seat every
    iteration (Vic Village's instruction order and reward pile, Mattis's stock order) and splits
    its tree by the outcome turned up, so a world fixes the hands but not the future
    (solver/search/_mcts.pyx). In Vic Village with 3 players it gains +2.7 points a game
    [+1.1, +4.2] at equal iterations (144 deals), but costs ~30% more per iteration and does
    not separate at equal CPU time (results/strength/pimc-future/), so ``known`` stays the
    default."""

    name = "pimc"
    PARAMS = {
        "iterations": (2000, "UCT iterations per decision, split over the worlds"),
        "worlds": (20, "worlds sampled per decision"),
        "time_s": (0.0, "seconds per decision (0: iterations only)"),
        "evaluator": ("uct", "uct (rollouts) or solver (exact / depth-limited per world)"),
        "c": (-1.0, "UCT exploration constant on values scaled to the range seen (-1: the"
                    " game's measured value, 2 in Dog Tag Trick, else 0.7)"),
        "objective": ("score", "score or win"),
        "horizon": ("auto", "auto (round for objective=score where the game's rounds add up,"
                            " else game), game or round"),
        "wide": (100, "decisions with at least this many legal actions go to the heuristic"
                      " (0: search all)"),
        "rollout": ("auto", "policy, heuristic, random or auto (UCT rollouts, as for ismcts;"
                            " auto: heuristic in Dog Tag Trick with 5 players, else policy)"),
        "widen": (-1.0, "progressive widening below each world tree's root: a node seen N"
                        " times holds ceil(N^widen) moves, added in the rules of thumb's order"
                        " (0: every move is tried before any is chosen again; -1: the game's"
                        " measured value, 0.3 in Dog Tag Trick and Vic Village, else 0;"
                        " evaluator uct)"),
        "opponents": ("auto", "the other seats in each world's tree: search (UCT, seeing every"
                              " hand of the world), heuristic (each plays as the heuristic bot"
                              " would, from its own hand: a model of the table) or auto (the"
                              " measured choice: heuristic in Dog Tag Trick, else search;"
                              " evaluator uct, future known)"),
        "exact": _EXACT_PARAM,
        # inference: see solver/inference and results/strength/inference-*.md
        "inference": ("auto", "worlds: none (uniform), policy (resampled from particles"
                              " weighted by the opponent model), mcmc (drawn by a Markov chain"
                              " following the model; Dog Tag Trick and Vic Village, else"
                              " policy) or auto (the mode measured stronger in the game: mcmc"
                              " in Dog Tag Trick with 5 players, else none)"),
        "particles": (64, "candidate worlds weighed per decision with inference=policy (mcmc:"
                          " the chain's steps of burn-in)"),
        "threads": _THREADS_PARAM,
        **_ENDGAME_PARAMS,
        "future": ("known", "a world's UCT knows its future chance (known) or re-draws it every"
                            " iteration, keeping the hands (sampled; evaluator uct)"),
    }
    CHOICES = {"evaluator": ("uct", "solver"), "objective": ("score", "win"),
               "horizon": ("auto", "game", "round"), "rollout": ROLLOUT_CHOICES,
               "inference": BOT_INFERENCE_MODES, "future": FUTURES,
               "opponents": OPPONENT_CHOICES}
    RANGES = {"iterations": (0, MAX_ITERATIONS), "time_s": (0.0, MAX_SECONDS),
              "c": _sentinel_or(100.0), "wide": (0, None), "worlds": (1, MAX_WORLDS),
              "particles": (1, MAX_WORLDS), "threads": (1, MAX_THREADS),
              "widen": _sentinel_or(MAX_WIDEN), **_ENDGAME_RANGES}
    worlds: int
    evaluator: str
    c: float
    widen: float
    opponents: str
    inference: str
    particles: int
    future: str

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        if self.future != "known" and self.evaluator != "uct":
            raise BotSpecError(f"bot {self.name}: future={self.future} needs evaluator=uct "
                               "(the solver evaluator knows each world's future)")
        if self.widen != -1 and self.evaluator != "uct":
            raise BotSpecError(f"bot {self.name}: widen={self.widen:g} needs evaluator=uct "
                               "(it widens each world's UCT tree; the solver has none)")
        if self.opponents == "heuristic" and self.evaluator != "uct":
            raise BotSpecError(f"bot {self.name}: opponents=heuristic needs evaluator=uct "
                               "(it models the other seats in each world's UCT tree)")
        if self.opponents == "heuristic" and self.future != "known":
            raise BotSpecError(f"bot {self.name}: opponents=heuristic needs future=known "
                               "(a world's UCT fixes each other seat's move once per node)")

    def search(self, view: View) -> SearchResult:
        uct = self.evaluator == "uct"
        return recommend(view, "pimc", self.limit(self.worlds), self.next_seed(), check=False,
                         evaluator=self.evaluator,
                         c=exploration_c(view.game, self.c, "pimc"), objective=self.objective,
                         horizon=self.search_horizon(view.game),
                         rollout=rollout_policy(view.game, self.rollout, "pimc"),
                         inference=bot_inference(self.inference, view.game, self.name),
                         particles=self.particles, threads=self.threads,
                         **(dict(endgame_options(view.game, self.search_horizon(view.game),
                                                 self.endgame, self.cutoff, "pimc"),
                                 future=self.future,
                                 widen=widening(view.game, self.widen, "pimc"),
                                 opponents=opponent_model(view.game, self.opponents, "pimc",
                                                          future=self.future))
                            if uct else {}))


@register
class OracleBot(_SearchBot):
    """Searches the TRUE state (sees every hidden card): an upper bound, never a fair player.
    The exact solver where the game has two players, UCT with rollouts otherwise.

    ``chance`` says what it knows of the future chance that no player can know (Vic Village's
    unrevealed instruction order and reward-pile order, docs/rules/mate-vic-village.md §10.3;
    Mattis's stock order; later rounds' deals):

    * ``known`` (the default): the true state's chance outcomes, i.e. clairvoyance of the
      future as well as of the hands;
    * ``sampled``: PIMC over ``worlds`` copies of the true state whose hidden-from-everyone
      chance is re-drawn (``State.resample_chance``), each searched as the pimc bot searches a
      world (the same worlds/iterations split, c, widening, horizon, rollouts, endgame options; the
      solver per world where ``algo`` resolves to solver). It knows every hand but never reads
      the future, so the gap between the two oracles is what knowing the future is worth, and
      between ``sampled`` and ``pimc`` what knowing the hands is worth (still a cheater);
    * ``known_worlds``: the control: the same PIMC as ``sampled`` over ``worlds`` plain copies
      of the true state (the future known), so that ``known_worlds - sampled`` is what knowing
      the future is worth at the same search, and ``known - known_worlds`` what the search
      method (one UCT tree against an average of small ones) is worth.

    Measured at 5 ms a decision (results/strength/chance-oracle/, 128 deals each): in Vic
    Village the oracle's +16 points a game over the heuristic split into +6 (4 players) to +8
    (3) for knowing the future, which no fair player can recover, +4 to +5 for knowing the
    hands and nothing for the search method; in Dog Tag Trick knowing the future is worth
    nothing inside a round (the searches are identical there) and the margin is the hands."""

    name = "oracle"
    cheats = True
    PARAMS = {
        "iterations": (2000, "UCT iterations per decision (chance=sampled: split over the"
                             " worlds)"),
        "time_s": (0.0, "seconds per decision (0: iterations only)"),
        "algo": ("auto", "auto (the exact solver with 2 players unless opponents=heuristic,"
                         " else uct), uct or solver"),
        "rollout": ("policy", "policy, heuristic or random (UCT rollouts; as for ismcts)"),
        "horizon": ("auto", "auto (round where the game's rounds add up, else game), game or"
                            " round (UCT)"),
        "chance": ("known", "known (the true future chance outcomes), sampled (PIMC over"
                            " worlds that re-draw the chance hidden from every seat, keeping"
                            " the hands) or known_worlds (the same PIMC over copies of the"
                            " true state: the control)"),
        "worlds": (20, "worlds per decision with chance=sampled or known_worlds"),
        "opponents": ("search", "the other seats in its UCT tree: search (UCT, seeing every"
                                " hand: issue 15's yardstick) or heuristic (each plays as the"
                                " heuristic bot would; algo uct with chance=known)"),
    }
    CHOICES = {"algo": ("auto", "uct", "solver"), "rollout": ROLLOUTS,
               "horizon": ("auto", "game", "round"), "chance": ("known", "sampled", "known_worlds"),
               "opponents": OPPONENTS}
    RANGES = {"iterations": (0, MAX_ITERATIONS), "time_s": (0.0, MAX_SECONDS),
              "worlds": (1, MAX_WORLDS)}
    objective = "score"
    algo: str
    chance: str
    worlds: int
    opponents: str

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        if self.opponents != "search" and (self.chance != "known" or self.algo == "solver"):
            raise BotSpecError(f"bot {self.name}: opponents={self.opponents} needs algo uct "
                               "(or auto) and chance=known")

    # The one cheater among the search bots: the referee hands it the State, not a View.
    def act(self, state: State) -> int:  # type: ignore[override]
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        algo = self.algo
        if algo == "auto":
            # the exact solver with 2 players, unless told to model the other seat, which
            # only UCT can (tester 20: the model was silently dropped in Mate)
            algo = ("solver" if state.game.num_players == 2 and self.opponents == "search"
                    else "uct")
        if self.chance != "known":
            return self.search_sampled(state, algo).chosen
        if algo == "solver":
            return search_state(state, "solver", None, self.next_seed()).chosen
        return search_state(state, "uct", self.limit(), self.next_seed(),
                            rollout=self.rollout, horizon=self.search_horizon(state.game),
                            opponents=self.opponents).chosen

    def search_sampled(self, state: State, algo: str) -> SearchResult:
        """chance=sampled: PIMC over ``worlds`` re-draws of the chance hidden from every seat
        (the hands stay the true ones), each world searched by UCT as the pimc bot does
        (``algo`` "uct") or by the exact solver of the round (``algo`` "solver");
        chance=known_worlds: the same over plain copies of the true state."""
        game = state.game
        horizon = self.search_horizon(game)
        chance = "sampled" if self.chance == "sampled" else "known"
        if algo == "solver":
            return pimc_chance_search(state, SearchLimit(iterations=1, worlds=self.worlds),
                                      self.next_seed(), evaluator="solver", chance=chance)
        ends = endgame_options(game, horizon, -1, -1, "pimc")     # the pimc bot's defaults
        return pimc_chance_search(state, self.limit(self.worlds), self.next_seed(),
                                  c=exploration_c(game, -1.0, "pimc"), horizon=horizon,
                                  rollout=self.rollout, endgame=ends["endgame"],
                                  cutoff=ends["cutoff"], chance=chance,
                                  widen=widening(game, -1.0, "pimc"))
