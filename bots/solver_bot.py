"""``solver``: exact where the rest of the round fits, the strongest search elsewhere.

- Mate, perfect information (the default rules): one world — the position itself — solved
  exactly for the current game by alpha-beta; it plays a move the solver proves optimal.
- Mate with ``forced_visibility=hidden``: ``worlds`` worlds sampled from the view, each solved
  exactly; it plays the best mean.
- The multiplayer games, a hybrid (issue 15). Depth-limited max^n with a frontier estimate lost
  to PIMC's UCT early in a round (head-to-head at 5 ms CPU a decision: -4.31 +- 0.49 se in Dog
  Tag Trick 4p, results/strength/baseline-2), while a world solved exactly is the solver's
  strength. So each decision takes one of two paths:

  * **exact** when the rest of the round fits: at most ``exact_actions`` actions are left in
    the round (counted along one line of a world sampled from the decision's seed; -1 = the
    game's measured default, EXACT_ACTIONS below; 0 = never). ``worlds`` sampled worlds are
    then each solved by max^n to the end of the round within ``node_budget`` nodes (a world
    that does not fit is deepened step by step with the frontier ``evaluation``, bounding the
    cost), and the move with the best mean is played;
  * otherwise the game's strongest sampling search (``search=auto``: solver.search.recommend's
    STRONGEST_SEARCH, measured per game) with this bot's ``iterations``: **pimc**, the search
    the ``pimc`` bot runs (UCT in every world with its exact endgames and rollout policy, the
    same defaults), in Vic Village; **ismcts**, the ``ismcts`` bot's search (its defaults,
    widening included), in Mattis, where the PIMC path lost -0.135 [-0.239, -0.032] a game at
    one seat of an ISMCTS table (24 deals, 5 ms, results/strength/solver-hybrid), and since
    0.8.0 in Dog Tag Trick, where it beats the PIMC path at equal CPU (+1.24 [+0.45, +2.04]
    with 3 players, +0.55 and +0.28 with 4 and 5; results/strength/widen).

  **The table model** (``follow``; Mattis, issue 15): which sampling search plays better in
  Mattis depends on who else sits at the table. PIMC, whose rollouts play the rules of thumb
  for every seat, is stronger at a table of heuristic players; ISMCTS, whose tree lets the
  others search, at a table of searches (results/strength/baseline-3, baseline-4). In phase 2
  every card is public, so the position before an opponent's move is known and ``observe``
  counts whether the move was a rules-of-thumb choice (the game policy's ``best_actions``).
  There the bot searches as pimc when every opponent's moves seen so far were (at least
  ``follow`` of them: 0.9 by default in Mattis, FOLLOW), else as ISMCTS; phase 1, where the
  others' hands are hidden, stays ISMCTS. Measured at both tables in
  results/strength/mattis-table.

  ``last_path`` says which path the last decision took ("exact", "pimc", "ismcts", "wide" for
  the heuristic's very wide decisions as in ``pimc``, "single" for a forced move, "alphabeta"
  in Mate), ``path_counts`` how many decisions took each.

Ties are broken towards guaranteed outcomes, then by the bot's seed: among the moves of equal
mean value, the multiplayer games prefer the one whose paranoid value (the others all playing
against the bot, in the same sampled worlds) is highest. In Mattis the bot played PICKUP instead
of its last card, a guaranteed non-loss, in 7 of 20 such positions when both were worth 1.0 in
every world (issue 15); the last card is out whatever the others do, a pick-up is not.

``threads=N`` solves the sampled worlds on N threads (solver/search/parallel.py), each with its
own solver, and merges them in world order: the same answer as one thread for alpha-beta
(exact; the distinct worlds are split, a thread's in one call without the GIL). Mate's
alpha-beta kernel and the max^n core (the multiplayer games) run without the GIL, so the
worlds run in parallel, each claimed world solved as by a new solver at the world's own seed:
the one-thread answer for any thread count (one thread solves each world afresh too). With
perfect information (one world: Mate's default rules) ``act`` solves best-only inline
(parallel.alphabeta_root_best: its root split, the same optimal set, measured slower at
Mate's 0.1-0.8 ms decisions, is off by default), and ``action_values`` values a decision
whose worlds are all one position (perfect information, or a view that hides nothing: most of
the decisions of Mate with the forced card hidden) on the bot's own kept solver, as one thread
does: split over the threads, those moves were valued on cleared tables, and 2 threads played
whole games of that Mate 9-16% slower than one thread (the same moves).
"""
from typing import Any, Optional

from bots import heuristic
from bots.base import MAX_ITERATIONS, MAX_SECONDS, MAX_WORLDS, Bot
from bots.registry import register
from bots.search_bots import ISMCTSBot, PIMCBot
from solver.evaluation import has_fitted
from solver.game import Game, State, View
from solver.inference import BOT_INFERENCE_MODES, bot_inference, sample_worlds
from solver.inference.weighted import source_params
from solver.rng import Random, derive_seed
from solver.search import AlphaBeta, MaxN, SearchLimit, play_defaults, recommend
from solver.search.parallel import (
    MAX_THREADS,
    alphabeta_root_best,
    alphabeta_world_values,
    one_position,
)
from solver.search.params import (
    OPPONENT_CHOICES,
    endgame_options,
    exploration_c,
    opponent_model,
    rollout_policy,
    widening,
)
from solver.search.recommend import STRONGEST_SEARCH
from solver.search.result import SearchResult

# The pimc and ismcts bots' defaults the sampling paths play with (the exploration constant,
# rollouts, ISMCTS's observers and the width from which the heuristic takes a decision).
PIMC_DEFAULTS: dict[str, Any] = {k: PIMCBot.PARAMS[k][0]
                                 for k in ("c", "rollout", "wide", "widen")}
ISMCTS_DEFAULTS: dict[str, Any] = {k: ISMCTSBot.PARAMS[k][0]
                                   for k in ("c", "rollout", "observers", "widen")}
# The searches of the path that does not solve exactly (``search``; auto = the game's strongest).
SEARCHES = ("auto", "pimc", "ismcts")

# Worlds in which the tied moves' guaranteed (paranoid) values are compared, and the paranoid
# solver's nodes a world (the budget that tie-break was measured with, issue 15).
GUARANTEE_WORLDS = 4
GUARANTEE_NODES = 500
# log2 of the max^n transposition table's entries on the exact path and in the tie-break: a few
# thousand nodes a world need no more, and a bigger table costs more to allocate and clear than
# such a solve (2^18 entries: about 8 ms a decision in Dog Tag Trick, against 0.8 ms for 20
# exactly solved worlds with 2^12).
MAXN_TT_BITS = 12
# Upper bound of ``exact_actions``, meaning "always": every decision by max^n in every world
# (depth-limited with the frontier evaluation where a world overruns ``node_budget``), the bot
# as it was before the hybrid; an evaluation's frontier is compared with it (the evaluation's
# budget is then ``worlds``, tournaments/evaluate.py). A whole Vic Village round is 4 x 11
# plays, Dog Tag Trick's 3-player deal 3 x 17 cards; Mattis's pick-ups have no bound.
MAX_EXACT_ACTIONS = 64
# The exact path's threshold per game slug and player count (``exact_actions=-1``): the most
# actions left in the round (counted along one line of a sampled world, exact_actions_left) at
# which 90% of max^n's exact solves of a world took at most 1,400-7,500 nodes (0.1-0.3 ms)
# on seeded heuristic self-play (results/strength/solver-hybrid/exact-cost.txt, made by
# exact_cost.py there; nodes at the threshold and one action more, median / p90):
#   dog-tag-trick 3p: 6 -> 204 / 1,393;   7 -> 940 / 3,027
#   dog-tag-trick 4p: 6 -> 1,014 / 3,610; 7 -> 3,585 / 27,614
#   dog-tag-trick 5p: 7 -> 946 / 3,470;   8 -> 5,442 / 17,929
#   mate-vic-village 3p: 10 -> 1,462 / 3,858;  11 -> 5,211 / 13,071
#   mate-vic-village 4p: 12 -> 2,669 / 7,487;  13 -> 9,605 / 15,573
# Mattis is absent (0: always the PIMC path): its pick-ups make a round's length unbounded,
# and the actions left along one line do not bound the tree (exact-cost.txt).
# Dog Tag Trick 5p was 7 by that rule; at equal CPU the exact decisions' cost starved the
# sampling path (339 iterations against 527 at 4): 4 minus 7 +0.50 [+0.27, +0.74] (256 deals,
# seed 120), then preregistered, both with heuristic opponents, +0.17 [+0.03, +0.32] (512 deals,
# seed 130; results/strength/heuristic-opponents).
EXACT_ACTIONS: dict[tuple[str, int], int] = {
    ("dog-tag-trick", 3): 6, ("dog-tag-trick", 4): 6, ("dog-tag-trick", 5): 4,
    ("mate-vic-village", 3): 10, ("mate-vic-village", 4): 12,
}
# The table model's threshold per game slug (``follow=-1``): the share of an opponent's moves in
# public positions that must be a rules-of-thumb choice (the game policy's best_actions) for
# the bot to search as pimc there. Mattis's phase 2 is public (docs/rules/mattis.md §11), and
# which search is stronger there depends on the table (results/strength/mattis-table): pimc,
# whose rollouts play the rules of thumb for everyone, at a heuristic table; ISMCTS, whose tree
# lets the others search, at a table of searches. Seen in seeded 4-player games: heuristic
# opponents played a rules-of-thumb choice in 471 of 471 phase-2 moves, ISMCTS opponents (1,000
# iterations) in 50-60% of theirs; 0.9 sits between.
FOLLOW: dict[str, float] = {"mattis": 0.9}
# Which path the last decision took (SolverBot.last_path).
PATHS = ("exact", "pimc", "ismcts", "wide", "single", "alphabeta")


def public_position(view: View) -> bool:
    """Whether ``view`` shows the whole position (the game notation's ``public_position`` hook:
    Mattis's phase 2), so that its one world is the state itself and the policy's choice for
    any seat can be computed from it."""
    hook = getattr(view.game.notation, "public_position", None)
    return bool(hook is not None and hook(view.to_json()))


def exact_actions_left(world: State, cap: int) -> int:
    """The actions left in ``world``'s current round along the line that always plays the first
    legal action, counted up to ``cap + 1`` (enough to compare with a threshold ``cap``): a
    cheap, reproducible measure of the rest of the round that max^n would have to search."""
    s = world.clone()
    start = s.round()
    n = 0
    while n <= cap and not s.is_terminal() and s.round() == start:
        s.apply_action(s.legal_actions()[0])
        n += 1
    return n


@register
class SolverBot(Bot[View]):
    """PIMC with the exact solver at the worlds (exact alpha-beta in Mate)."""

    name = "solver"
    PARAMS = {
        "iterations": (2000, "iterations per decision of the sampling search (3+ players: the"
                             " decisions too far from the round's end to solve exactly)"),
        "search": ("auto", "the sampling search (3+ players): pimc, ismcts or auto (the game's"
                           " strongest: ismcts in Mattis and Dog Tag Trick, else"
                           " pimc)"),
        "opponents": ("auto", "the other seats in the sampling search's tree: search, heuristic"
                              " or auto, as for the ismcts and pimc bots (auto: their measured"
                              " default)"),
        "exact_actions": (-1, "solve the worlds exactly when at most this many actions are"
                              " left in the round (3+ players; -1: the game's measured"
                              " default, 0: never, always the sampling search; 64: always,"
                              " max^n"
                              " in every world, depth-limited beyond node_budget)"),
        "worlds": (20, "worlds sampled per decision when information is hidden"),
        "node_budget": (20000, "max^n nodes per world on the exact path before it deepens step"
                               " by step (3+ players)"),
        "time_s": (0.0, "seconds per decision shared by the worlds, a bound on max^n's deepening"
                        " besides node_budget (0: nodes only, reproducible)"),
        "tt_bits": (18, "log2 of the alpha-beta transposition table size (Mate)"),
        "evaluation": ("auto", "depth-limited max^n frontier: policy (playouts by the game's"
                               " rollout policy), rollout (random playouts), heuristic (the"
                               " game's hand-written estimate), fitted (its fitted one,"
                               " solver/evaluation) or auto (fitted where the game has one,"
                               " else policy; results/strength/evaluation-fit.md)"),
        "rollouts": (2, "playouts per frontier position (evaluation rollout or policy)"),
        "inference": ("auto", "worlds: none (uniform), policy (resampled from particles"
                              " weighted by the opponent model, solver/inference), mcmc (drawn"
                              " by a Markov chain following the model; Dog Tag Trick and Vic"
                              " Village, else policy) or auto (the mode measured stronger in the"
                              " game: policy in Mate with face-down forcing, else none)"),
        "particles": (64, "candidate worlds weighed per decision with inference=policy (mcmc:"
                          " the chain's steps of burn-in)"),
        "threads": (1, "threads solving the sampled worlds in parallel"),
        "wide": (PIMC_DEFAULTS["wide"], "decisions with at least this many legal actions go to"
                                        " the heuristic, as in pimc (3+ players; 0: search"
                                        " all)"),
        "follow": (-1.0, "where every card is public (Mattis phase 2), search as pimc when"
                         " each opponent played the rules of thumb's choice in at least this"
                         " share of its moves seen there (search=auto; -1: the game's measured"
                         " default, 0.9 in Mattis, off elsewhere; 0: off)"),
    }
    CHOICES = {"evaluation": ("auto", "heuristic", "fitted", "rollout", "policy"),
               "search": SEARCHES, "opponents": OPPONENT_CHOICES,
               "inference": BOT_INFERENCE_MODES}
    RANGES = {"iterations": (1, MAX_ITERATIONS), "exact_actions": (-1, MAX_EXACT_ACTIONS),
              "worlds": (1, MAX_WORLDS), "node_budget": (1, MAX_ITERATIONS),
              "time_s": (0.0, MAX_SECONDS),
              "tt_bits": (8, 28), "rollouts": (1, 1000), "particles": (1, MAX_WORLDS),
              "threads": (1, MAX_THREADS), "wide": (0, None), "follow": (-1.0, 1.0)}
    iterations: int
    search: str
    opponents: str
    exact_actions: int
    worlds: int
    node_budget: int
    time_s: float
    tt_bits: int
    evaluation: str
    rollouts: int
    inference: str
    particles: int
    threads: int
    wide: int
    follow: float
    # The effective sample size of the last weighted determinization (None: uniform worlds).
    last_ess: Optional[float] = None
    # The path the last decision took (one of PATHS; None before the first), and how many
    # decisions took each path over the bot's life (an instance dict once it has acted).
    last_path: Optional[str] = None
    path_counts: "dict[str, int]" = {}
    # The last multiplayer search's own choice (PIMC: the best mean; ISMCTS: the most visited).
    _last_chosen: Optional[int] = None
    # The reusable alpha-beta of the game last reset for (two players), and that game; with
    # threads > 1 one more per extra thread (each keeps its own table across decisions).
    _solver: Optional[Any] = None
    _solver_game: Optional[Game] = None
    _thread_solvers: "list[Any]" = []
    # The table model (``follow``): the position before the next action where every card is
    # public (None elsewhere), and per opponent seat [moves that were a rules-of-thumb choice,
    # moves seen] in such positions, this game.
    _public_before: Optional[State] = None
    _followed: "dict[int, list[int]]" = {}

    def reset(self, game: Game, seat: int, seed: int) -> None:
        super().reset(game, seat, seed)
        self._public_before = None
        self._followed = {}
        self._solver = AlphaBeta(game, self.tt_bits) if game.num_players == 2 else None
        self._solver_game = game
        self._thread_solvers = ([self._solver] + [AlphaBeta(game, self.tt_bits)
                                                  for _ in range(int(self.threads) - 1)]
                                if self._solver is not None else [])

    def _ensure(self, view: View) -> None:
        if self._solver_game != view.game:
            self.reset(view.game, view.player, self.seed)

    def frontier(self, game: Game) -> str:
        """The max^n frontier evaluation this bot uses in ``game``: its ``evaluation`` option,
        with auto = the fitted evaluation where the game has one (measured stronger at equal CPU
        time than the policy playouts in Vic Village and Mattis, level in Dog Tag Trick:
        results/strength/evaluation-fit.md), else the policy playouts."""
        if self.evaluation != "auto":
            return self.evaluation
        return "fitted" if has_fitted(game) else "policy"

    def action_values(self, view: View) -> dict[int, float]:
        """{action: mean value for this seat} — exact per world; the gain to the end of the
        current game (Mate) or round (the others)."""
        self._ensure(view)
        legal = view.legal_actions()
        if len(legal) == 1:
            return {legal[0]: 0.0}
        if self._solver is None:
            return self.multiplayer_values(view)[1]
        if view.game.perfect_information:
            worlds = [view.determinize(0)]
        else:
            base = self.rng.next_u64()
            mode = bot_inference(self.inference, view.game, self.name)
            if mode != "none":
                worlds, info = sample_worlds(view, self.worlds, derive_seed(base, -1), mode,
                                             self.particles, solver=self._solver)
                self.last_ess = source_params(mode, view.game, info)["ess"]
            else:
                worlds = [view.determinize(derive_seed(base, i)) for i in range(self.worlds)]
        totals = dict.fromkeys(legal, 0.0)
        per_world: list[dict[int, Optional[float]]]
        if len(self._thread_solvers) > 1 and not one_position(worlds):
            # the distinct worlds over the threads, each thread's in one call without the GIL
            per_world = [dict(values) for values, _ in
                         alphabeta_world_values(worlds, self._thread_solvers)]
        else:
            # one call for every world, its table kept from world to world and decision to
            # decision (the same exact values as alphabeta() world by world, whose result
            # object cost ~25 us a world against ~1 us here: a third of a decision in Mate
            # with the forced card hidden). Also with threads where the worlds are one position
            # (the view hides nothing: most of Mate's decisions): split over threads, its moves
            # were valued on cleared tables, and 2 threads played whole games of Mate 9-16%
            # slower than this one thread on its kept table
            per_world = [values for values, _ in self._solver.solve_values(worlds)]
        for world_values in per_world:                        # merged in world order
            for a, v in world_values.items():
                assert v is not None  # alpha-beta values every legal move exactly
                totals[a] += v
        return {a: v / len(worlds) for a, v in totals.items()}

    def exact_threshold(self, game: Game) -> int:
        """The most actions left in the round at which this bot solves a decision's worlds
        exactly: ``exact_actions``, with -1 = the game's measured default (EXACT_ACTIONS; 0 =
        never where the game has none)."""
        if self.exact_actions >= 0:
            return int(self.exact_actions)
        return EXACT_ACTIONS.get((game.name, game.num_players), 0)

    def takes_exact_path(self, view: View, seed: int) -> bool:
        """Whether the decision seeded by ``seed`` is solved exactly (3+ players): the actions
        left in the round, counted in one world sampled from ``seed`` (exact_actions_left),
        are at most the threshold. The public hand sizes fix most of the count; the sampled
        world settles what the view does not show (which cards pair up), reproducibly."""
        threshold = self.exact_threshold(view.game)
        if threshold <= 0:
            return False
        if threshold >= MAX_EXACT_ACTIONS:
            return True                         # always (no probe, no draw)
        probe = view.determinize(derive_seed(seed, "exact-probe"))
        return exact_actions_left(probe, threshold) <= threshold

    def sampling_algorithm(self, game: Game, view: Optional[View] = None) -> str:
        """The search of the path that does not solve exactly in ``game``: ``search``, with auto
        = the game's strongest (STRONGEST_SEARCH: ismcts in Mattis and Dog Tag Trick, pimc in
        Vic Village; pimc where a game is not listed or names the exact solver), or pimc at
        ``view`` where the table plays by the rules of thumb (``table_follows_policy``)."""
        if self.search != "auto":
            return self.search
        if view is not None and self.table_follows_policy(view):
            return "pimc"
        best = STRONGEST_SEARCH.get(game.name, "pimc")
        return best if best in ("pimc", "ismcts") else "pimc"

    def follow_threshold(self, game: Game) -> float:
        """``follow``, with -1 = the game's measured default (FOLLOW; 0 = off where none)."""
        if self.follow >= 0:
            return float(self.follow)
        return FOLLOW.get(game.name, 0.0)

    def table_follows_policy(self, view: View) -> bool:
        """Whether the others at this table play by the rules of thumb where it can be seen:
        ``view`` is public (``public_position``) and every opponent has made at least one move
        in a public position this game, at least ``follow_threshold`` of them a choice of the
        game's policy (``observe`` counts them). PIMC's rollouts then model the others as they
        play; against searching opponents ISMCTS's tree does better (FOLLOW)."""
        threshold = self.follow_threshold(view.game)
        if threshold <= 0 or not public_position(view):
            return False
        for seat in range(view.game.num_players):
            if seat == view.player:
                continue
            followed, seen = self._followed.get(seat, (0, 0))
            if seen == 0 or followed < threshold * seen:
                return False
        return True

    def observe(self, view: View, seat: int, action: Optional[int]) -> None:
        """Counts an opponent's move made in a public position (the table model, ``follow``):
        whether it was one of the policy's best actions in the position before it. Only public
        positions count, where that position is known exactly; nothing hidden is read."""
        if self.search != "auto" or self.follow_threshold(view.game) <= 0:
            return
        before = self._public_before
        if (before is not None and seat != view.player and action is not None
                and before.current_player() == seat):
            # the instance's own dict (reset makes one): never the class default's
            tally = self.__dict__.setdefault("_followed", {}).setdefault(seat, [0, 0])
            tally[0] += action in view.game.policy.best_actions(before)
            tally[1] += 1
        self._public_before = (view.determinize(0)
                               if not view.is_terminal() and public_position(view) else None)

    def ismcts_search(self, view: View, seed: int) -> SearchResult:
        """The ISMCTS path: the search the ``ismcts`` bot runs at its defaults (one tree over
        worlds sampled per iteration, the measured rollouts, horizon and exact endgames,
        bots/search_bots.py) with this bot's ``iterations``, ``time_s``, ``opponents``,
        ``inference`` and ``threads``."""
        game = view.game
        horizon = play_defaults(game, "ismcts", {"objective": "score"}).get("horizon", "game")
        t = float(self.time_s or 0.0)
        limit = SearchLimit(iterations=self.iterations, time_s=t if t > 0 else None)
        return recommend(view, "ismcts", limit, seed, check=False,
                         c=exploration_c(game, ISMCTS_DEFAULTS["c"], "ismcts"),
                         widen=widening(game, ISMCTS_DEFAULTS["widen"]),
                         observers=ISMCTS_DEFAULTS["observers"], objective="score",
                         horizon=horizon,
                         rollout=rollout_policy(game, ISMCTS_DEFAULTS["rollout"], "ismcts"),
                         opponents=opponent_model(game, self.opponents, "ismcts"),
                         inference=bot_inference(self.inference, game, "ismcts"),
                         particles=self.particles, threads=self.threads,
                         **endgame_options(game, horizon, -1, -1, "ismcts"))

    def pimc_search(self, view: View, seed: int) -> SearchResult:
        """The PIMC path: the search the ``pimc`` bot runs at its defaults (UCT over ``worlds``
        worlds with the measured rollouts, horizon and exact endgames, bots/search_bots.py)
        with this bot's ``iterations``, ``time_s``, ``opponents``, ``inference`` and
        ``threads``."""
        game = view.game
        horizon = play_defaults(game, "pimc", {"objective": "score"}).get("horizon", "game")
        t = float(self.time_s or 0.0)
        limit = SearchLimit(iterations=self.iterations, time_s=t if t > 0 else None,
                            worlds=self.worlds)
        return recommend(view, "pimc", limit, seed, check=False, evaluator="uct",
                         c=exploration_c(game, PIMC_DEFAULTS["c"], "pimc"), objective="score",
                         horizon=horizon,
                         rollout=rollout_policy(game, PIMC_DEFAULTS["rollout"], "pimc"),
                         widen=widening(game, PIMC_DEFAULTS["widen"], "pimc"),
                         opponents=opponent_model(game, self.opponents, "pimc"),
                         inference=bot_inference(self.inference, game, "pimc"),
                         particles=self.particles, threads=self.threads,
                         **endgame_options(game, horizon, -1, -1, "pimc"))

    def exact_search(self, view: View, seed: int) -> SearchResult:
        """The exact path: ``worlds`` worlds sampled from ``seed``, each solved by max^n to the
        end of the round within ``node_budget`` nodes (PIMC with the solver evaluator)."""
        t = float(self.time_s or 0.0)
        limit = SearchLimit(iterations=1, worlds=self.worlds, time_s=t if t > 0 else None)
        return recommend(view, "pimc", limit, seed, check=False, evaluator="solver",
                         node_budget=self.node_budget, tt_bits=MAXN_TT_BITS,
                         evaluation=self.frontier(view.game),
                         rollouts=self.rollouts,
                         inference=bot_inference(self.inference, view.game, self.name),
                         particles=self.particles, threads=self.threads)

    def multiplayer_values(self, view: View) -> "tuple[str, dict[int, float]]":
        """(path, {action: mean value for this seat}) of a decision with 3+ players: "exact"
        (max^n in every world; the gain to the end of the round) where takes_exact_path says
        so, else "pimc" or "ismcts" (that bot's search, sampling_algorithm). One seed from the
        bot's stream per decision, as those bots draw, so the sampling path is their search
        for the same seed."""
        seed = self.next_seed()
        exact = self.takes_exact_path(view, seed)
        if exact:
            self.last_path, result = "exact", self.exact_search(view, seed)
        elif self.sampling_algorithm(view.game, view) == "ismcts":
            self.last_path, result = "ismcts", self.ismcts_search(view, seed)
        else:
            self.last_path, result = "pimc", self.pimc_search(view, seed)
        self.last_ess = result.params.get("ess")
        self._last_chosen = result.chosen
        values = {a: v for a, v in result.values().items() if v is not None}
        # every world's solve values every move; UCT may leave a move unvisited (no value)
        assert values and (not exact or len(values) == len(result.actions))
        return self.last_path, values

    def guaranteed_values(self, view: View, tied: "list[int]") -> "dict[int, float]":
        """{tied action: mean over up to ``GUARANTEE_WORLDS`` sampled worlds of the bot's
        paranoid gain after it} — what the move keeps whatever the others do (paranoid max^n
        within GUARANTEE_NODES nodes a world, frontier by the policy's estimate)."""
        # fill=False: the deepening these tie-breaks were measured with (issue 15); the
        # frontier: the bot's own estimate where it uses one, else the game's cheap one.
        frontier = self.frontier(view.game)
        mx = MaxN(view.game, True, MAXN_TT_BITS,
                  frontier if frontier in ("fitted", "heuristic") else "auto", self.rollouts,
                  self.rng.next_u64(), fill=False)
        base = self.rng.next_u64()
        totals = dict.fromkeys(tied, 0.0)
        n = min(self.worlds, GUARANTEE_WORLDS)
        for i in range(n):
            world = view.determinize(derive_seed(base, i))
            actions = mx.solve(world, GUARANTEE_NODES)["actions"]
            for a in tied:
                totals[a] += actions[a]
        return {a: v / n for a, v in totals.items()}

    def best_actions(self, view: View) -> "list[int]":
        """Every optimal action of a perfect-information two-player position (Mate with its
        default rules): the position is solved once, and each action probed with a null
        window around its value (AlphaBeta.solve values="best") — the same optimal set as
        valuing every action exactly, for a fraction of the search (issue 18 item 3). With
        ``threads`` > 1 through parallel.alphabeta_root_best: inline by default (its root
        split, the same optimal set, was measured slower than one thread at these sizes)."""
        self._ensure(view)
        assert self._solver is not None and view.game.perfect_information
        if len(self._thread_solvers) > 1:
            return list(alphabeta_root_best(view.determinize(0), self._thread_solvers)["best"])
        return list(self._solver.solve(view.determinize(0), False, "best")["best"])

    def act(self, view: View) -> int:
        action = self._choose(view)
        if self.last_path is not None:
            counts = self.__dict__.setdefault("path_counts", {})
            counts[self.last_path] = counts.get(self.last_path, 0) + 1
        return action

    def _choose(self, view: View) -> int:
        """The decision, ``last_path`` set to the path it took."""
        self._ensure(view)
        if self._solver is None:                    # 3+ players
            legal = view.legal_actions()
            if len(legal) == 1:
                self.last_path = "single"
                return legal[0]
            if 0 < self.wide <= len(legal) and heuristic.has_heuristic(view.game):
                # as the pimc bot: the very wide decisions (Vic Village's 3-player discard,
                # 120 pairs) go to the game's heuristic player
                self.last_path = "wide"
                return heuristic.choose(view, Random(self.next_seed()))
        if (self._solver is not None and view.game.perfect_information
                and len(view.legal_actions()) > 1):
            # Only the best moves are needed: the same choice as from action_values (the
            # optimal set in ascending action order, one drawn by the bot's stream).
            self.last_path = "alphabeta"
            choices = sorted(self.best_actions(view))
            return choices[self.rng.randbelow(len(choices))]
        self.last_path = "alphabeta"       # multiplayer_values names its own path
        values = self.action_values(view)
        best = max(values.values())
        choices = [a for a, v in values.items() if v >= best - 1e-9]
        chosen = self._last_chosen
        if self.last_path in ("pimc", "ismcts") and chosen is not None:
            # the sampling search's own choice, as its bot plays (ISMCTS's most visited move,
            # not a rarely visited move's lucky mean), unless it ties at the top
            if chosen not in choices:
                return chosen
        if len(choices) > 1 and self._solver is None:
            sure = self.guaranteed_values(view, choices)
            top = max(sure.values())
            choices = [a for a in choices if sure[a] >= top - 1e-9]
        return choices[self.rng.randbelow(len(choices))]
