"""The search bots: ``ismcts`` and ``pimc`` (imperfect-information search on the bot's view)
and ``oracle`` (perfect-information search on the true state: a cheating upper bound, marked in
every report and kept out of rated pools by default).

Each decision draws a fresh 64-bit seed from the bot's own stream, so a game replays exactly
for the same bot seed when the limit is an iteration count. ``time_s`` > 0 adds a wall-clock
limit (the tournament fills it from the per-move time); the search then stops at whichever
limit comes first and is no longer reproducible.
"""
from bots.base import Bot
from bots.registry import register
from bots.spec import BotSpecError
from solver.rng import Random
from solver.search.limits import SearchLimit
from solver.search.recommend import recommend, search_state


class _SearchBot(Bot):
    """Shared plumbing: the per-decision seed and the limit."""

    def reset(self, game, seat, seed):
        super().reset(game, seat, seed)
        self._rng = Random(seed)

    def _next_seed(self):
        if not hasattr(self, "_rng"):
            self._rng = Random(self.seed)
        return int(self._rng.next_u64() >> 1)

    def limit(self, worlds=None):
        t = float(getattr(self, "time_s", 0.0) or 0.0)
        if self.iterations <= 0 and t <= 0:
            raise BotSpecError(f"bot {self.name} needs iterations > 0 or time_s > 0")
        return SearchLimit(iterations=self.iterations if self.iterations > 0 else None,
                           time_s=t if t > 0 else None, worlds=worlds)

    def search(self, view):
        raise NotImplementedError

    def act(self, view):
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.search(view).chosen


@register
class ISMCTSBot(_SearchBot):
    """Information-set MCTS (Cowling, Powley & Whitehouse 2012) on the bot's view."""

    name = "ismcts"
    PARAMS = {
        "iterations": (2000, "iterations per decision (0: time only)"),
        "time_s": (0.0, "seconds per decision (0: iterations only)"),
        "c": (0.7, "UCT exploration constant (values scaled to the range seen)"),
        "observers": ("single", "single (SO-ISMCTS) or multi (MO-ISMCTS)"),
        "objective": ("score", "score (the game's returns) or win (first place)"),
        "horizon": ("game", "game (rollouts to the end) or round (value the round's points)"),
        "rollout": ("policy", "policy (the game's rollout rules of thumb) or random"),
    }

    def search(self, view):
        return recommend(view, "ismcts", self.limit(), self._next_seed(), c=self.c,
                         observers=self.observers, objective=self.objective,
                         horizon=self.horizon, rollout=self.rollout)


@register
class PIMCBot(_SearchBot):
    """Perfect Information Monte Carlo: the same sampled worlds for every move, each searched
    by UCT with rollouts (or exactly, evaluator=solver), values averaged."""

    name = "pimc"
    PARAMS = {
        "iterations": (2000, "UCT iterations per decision, split over the worlds"),
        "worlds": (20, "worlds sampled per decision"),
        "time_s": (0.0, "seconds per decision (0: iterations only)"),
        "evaluator": ("uct", "uct (rollouts) or solver (exact / depth-limited per world)"),
        "c": (0.7, "UCT exploration constant"),
        "objective": ("score", "score or win"),
        "horizon": ("game", "game or round"),
        "rollout": ("policy", "policy or random (UCT rollouts)"),
    }

    def search(self, view):
        return recommend(view, "pimc", self.limit(self.worlds), self._next_seed(),
                         evaluator=self.evaluator, c=self.c, objective=self.objective,
                         horizon=self.horizon, rollout=self.rollout)


@register
class OracleBot(_SearchBot):
    """Searches the TRUE state (sees every hidden card): an upper bound, never a fair player.
    The exact solver where the game has two players, UCT with rollouts otherwise."""

    name = "oracle"
    cheats = True
    PARAMS = {
        "iterations": (2000, "UCT iterations per decision"),
        "time_s": (0.0, "seconds per decision (0: iterations only)"),
        "algo": ("auto", "auto, uct or solver"),
        "rollout": ("policy", "policy or random (UCT rollouts)"),
    }

    def act(self, state):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        algo = self.algo
        if algo == "auto":
            algo = "solver" if state.game.num_players == 2 else "uct"
        if algo == "solver":
            return search_state(state, "solver", None, self._next_seed()).chosen
        return search_state(state, "uct", self.limit(), self._next_seed(),
                            rollout=self.rollout).chosen
