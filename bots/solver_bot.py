"""``solver``: PIMC with an exact (or depth-limited) solver in every sampled world.

- Mate, perfect information (the default rules): one world — the position itself — solved
  exactly for the current game by alpha-beta; it plays a move the solver proves optimal.
- Mate with ``forced_visibility=hidden``: ``worlds`` worlds sampled from the view, each solved
  exactly; it plays the best mean.
- The multiplayer games: ``worlds`` worlds, each searched by max^n to the end of the round
  (exact when it fits ``node_budget`` nodes, else deepened step by step with a frontier
  evaluation; with ``time_s`` > 0 also within its share of that many seconds, which makes the
  play depend on the machine's speed), through the search layer's PIMC. The frontier is
  measured (paired, duplicate deals, equal CPU time, 4 players): the fitted estimate
  (solver/evaluation) beats two policy playouts in Vic Village (+13.6 [+8.6, +18.6]) and
  Mattis (+0.34 [+0.14, +0.54]) and is level in Dog Tag Trick (-0.08 [-1.84, +1.68]), 16 deals
  each (results/strength/evaluation-fit.md), so ``evaluation=auto`` takes it where a game has
  one and the policy playouts elsewhere.
Ties are broken towards guaranteed outcomes, then by the bot's seed: among the moves of equal
mean value, the multiplayer games prefer the one whose paranoid value (the others all playing
against the bot, in the same sampled worlds) is highest. In Mattis the bot played PICKUP instead
of its last card, a guaranteed non-loss, in 7 of 20 such positions when both were worth 1.0 in
every world (issue 15); the last card is out whatever the others do, a pick-up is not.

``threads=N`` solves the sampled worlds on N threads (solver/search/parallel.py), each with its
own solver, and merges them in world order: the same answer as one thread for alpha-beta
(exact; the distinct worlds are split, a thread's in one call without the GIL). Mate's
alpha-beta kernel and the max^n core (the multiplayer games) run without the GIL, so the
worlds run in parallel; with the playout frontier each thread's max^n draws from its own
stream, so the answer is reproducible per thread count but not the one-thread answer. With
perfect information (one world: Mate's default rules) ``act`` solves best-only inline
(parallel.alphabeta_root_best: its root split, the same optimal set, measured slower at
Mate's 0.1-0.8 ms decisions, is off by default), and ``action_values`` splits the root's
moves over the threads, each valued exactly (the same values).
"""
from typing import Any, Optional

from bots.base import MAX_ITERATIONS, MAX_SECONDS, MAX_WORLDS, Bot
from bots.registry import register
from solver.evaluation import has_fitted
from solver.game import Game, View
from solver.inference import BOT_INFERENCE_MODES, bot_inference, sample_worlds
from solver.rng import derive_seed
from solver.search import AlphaBeta, MaxN, SearchLimit, alphabeta, recommend
from solver.search.parallel import (
    MAX_THREADS,
    alphabeta_root_best,
    alphabeta_root_values,
    alphabeta_world_values,
)

# Worlds in which the tied moves' guaranteed (paranoid) values are compared.
GUARANTEE_WORLDS = 4


@register
class SolverBot(Bot[View]):
    """PIMC with the exact solver at the worlds (exact alpha-beta in Mate)."""

    name = "solver"
    PARAMS = {
        "worlds": (16, "worlds sampled per decision when information is hidden"),
        "node_budget": (500, "max^n nodes per world before it deepens step by step (3+ players)"),
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
                              " weighted by the opponent model, solver/inference) or auto (the"
                              " mode measured stronger in the game: policy in Mate with"
                              " face-down forcing, else none)"),
        "particles": (64, "candidate worlds weighed per decision with inference=policy"),
        "threads": (1, "threads solving the sampled worlds in parallel"),
    }
    CHOICES = {"evaluation": ("auto", "heuristic", "fitted", "rollout", "policy"),
               "inference": BOT_INFERENCE_MODES}
    RANGES = {"worlds": (1, MAX_WORLDS), "node_budget": (1, MAX_ITERATIONS),
              "time_s": (0.0, MAX_SECONDS),
              "tt_bits": (8, 28), "rollouts": (1, 1000), "particles": (1, MAX_WORLDS),
              "threads": (1, MAX_THREADS)}
    worlds: int
    node_budget: int
    time_s: float
    tt_bits: int
    evaluation: str
    rollouts: int
    inference: str
    particles: int
    threads: int
    # The effective sample size of the last weighted determinization (None: uniform worlds).
    last_ess: Optional[float] = None
    # The reusable alpha-beta of the game last reset for (two players), and that game; with
    # threads > 1 one more per extra thread (each keeps its own table across decisions).
    _solver: Optional[Any] = None
    _solver_game: Optional[Game] = None
    _thread_solvers: "list[Any]" = []

    def reset(self, game: Game, seat: int, seed: int) -> None:
        super().reset(game, seat, seed)
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
            t = float(self.time_s or 0.0)
            limit = SearchLimit(iterations=1, worlds=self.worlds, time_s=t if t > 0 else None)
            result = recommend(view, "pimc", limit, self.next_seed(), check=False,
                               evaluator="solver", node_budget=self.node_budget,
                               evaluation=self.frontier(view.game), rollouts=self.rollouts,
                               inference=bot_inference(self.inference, view.game, self.name),
                               particles=self.particles, threads=self.threads)
            self.last_ess = result.params.get("ess")
            values = {a: v for a, v in result.values().items() if v is not None}
            assert len(values) == len(result.actions)  # every world's solve values every move
            return values
        if view.game.perfect_information:
            worlds = [view.determinize(0)]
        else:
            base = self.rng.next_u64()
            if bot_inference(self.inference, view.game, self.name) == "policy":
                worlds, self.last_ess = sample_worlds(view, self.worlds, derive_seed(base, -1),
                                                      "policy", self.particles,
                                                      solver=self._solver)
            else:
                worlds = [view.determinize(derive_seed(base, i)) for i in range(self.worlds)]
        if len(worlds) == 1 and len(self._thread_solvers) > 1:
            # one world (perfect information): split its root moves over the threads instead
            return alphabeta_root_values(worlds[0], self._thread_solvers)
        totals = dict.fromkeys(legal, 0.0)
        per_world: list[dict[int, Optional[float]]]
        if len(self._thread_solvers) > 1:
            # the distinct worlds over the threads, each thread's in one call without the GIL
            per_world = [dict(values) for values, _ in
                         alphabeta_world_values(worlds, self._thread_solvers)]
        else:
            per_world = [alphabeta(w, pv=False, solver=self._solver).values() for w in worlds]
        for world_values in per_world:                        # merged in world order
            for a, v in world_values.items():
                assert v is not None  # alpha-beta values every legal move exactly
                totals[a] += v
        return {a: v / len(worlds) for a, v in totals.items()}

    def guaranteed_values(self, view: View, tied: "list[int]") -> "dict[int, float]":
        """{tied action: mean over up to ``GUARANTEE_WORLDS`` sampled worlds of the bot's
        paranoid gain after it} — what the move keeps whatever the others do (paranoid max^n
        within ``node_budget`` nodes a world, frontier by the policy's estimate)."""
        # fill=False: the deepening these tie-breaks were measured with (issue 15); the
        # frontier: the bot's own estimate where it uses one, else the game's cheap one.
        frontier = self.frontier(view.game)
        mx = MaxN(view.game, True, self.tt_bits,
                  frontier if frontier in ("fitted", "heuristic") else "auto", self.rollouts,
                  self.rng.next_u64(), fill=False)
        base = self.rng.next_u64()
        totals = dict.fromkeys(tied, 0.0)
        n = min(self.worlds, GUARANTEE_WORLDS)
        for i in range(n):
            world = view.determinize(derive_seed(base, i))
            actions = mx.solve(world, self.node_budget)["actions"]
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
        if (self._solver is not None and view.game.perfect_information
                and len(view.legal_actions()) > 1):
            # Only the best moves are needed: the same choice as from action_values (the
            # optimal set in ascending action order, one drawn by the bot's stream).
            choices = sorted(self.best_actions(view))
            return choices[self.rng.randbelow(len(choices))]
        values = self.action_values(view)
        best = max(values.values())
        choices = [a for a, v in values.items() if v >= best - 1e-9]
        if len(choices) > 1 and self._solver is None:
            sure = self.guaranteed_values(view, choices)
            top = max(sure.values())
            choices = [a for a in choices if sure[a] >= top - 1e-9]
        return choices[self.rng.randbelow(len(choices))]
