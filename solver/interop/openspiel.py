"""trickhound's games as OpenSpiel Python games (optional extra ``openspiel``).

``import solver.interop.openspiel`` registers every trickhound game with pyspiel, so that::

    import pyspiel
    import solver.interop.openspiel  # noqa: F401
    game = pyspiel.load_game("trickhound_mate_vic_village(players=4)")

works with OpenSpiel's Python algorithms (ISMCTS, MCTS, ...) and its ``random_sim_test``.

Chance, as a documented sampled equivalent: our states hold their shuffled decks from a seed
(docs/architecture.md §3), so the OpenSpiel game starts with ONE chance node whose
``NUM_DEALS`` equally likely outcomes are deal seeds; every later random event of the game (the
game-3 deal of Mate, the reward draws of Mate (Vic Village), Mattis's stock) is fixed by that
seed and stays hidden exactly as our information model says until it happens. The deal space is
therefore the ``NUM_DEALS`` seeded deals, not every possible deal.

Information state and observation strings are the seat's view JSON (canonical key order), which
holds everything that seat knows (its perfect-recall information); ``resample_from_infostate``
is our determinization (``View.determinize``) of that view, so it never reads hidden cards.
Action strings are our notation. Serialization is OpenSpiel's default (the action history,
replayed from the seed).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from solver.registry import Option, available_games, game_class, load_game

if TYPE_CHECKING:
    from solver.game import Game, State, View

NUM_DEALS = 1 << 16
PREFIX = "trickhound_"


def short_name(slug: str) -> str:
    return PREFIX + slug.replace("-", "_")


def _word_choice(opt: Option) -> str | None:
    """For an option whose values mix seat numbers and one word (first_dealer: "random", 0,
    1), the word; OpenSpiel parameters have one type, so such an option is an int parameter
    there with -1 standing for the word."""
    if opt.choices:
        words = [c for c in opt.choices if isinstance(c, str)]
        numbers = [c for c in opt.choices if isinstance(c, int) and not isinstance(c, bool)]
        return words[0] if len(words) == 1 and numbers else None
    try:  # options checked by a converter: probe whether both a seat and "random" are accepted
        seat, word = opt.parse("probe", "0"), opt.parse("probe", "random")
    except (ValueError, TypeError):
        return None
    ok = isinstance(seat, int) and not isinstance(seat, bool) and word == "random"
    return "random" if ok else None


def _param_default(opt: Option) -> bool | int | float | str:
    word = _word_choice(opt)
    if word is not None:
        return -1 if opt.default == word else opt.default
    if isinstance(opt.default, (bool, int, float)):
        return opt.default
    return str(opt.default)


def _our_options(slug: str, params: dict[str, Any]) -> dict[str, Any]:
    cls = game_class(slug)
    out: dict[str, Any] = {}
    for k, v in params.items():
        opt = cls.OPTIONS.get(k)
        word = _word_choice(opt) if opt is not None else None
        out[k] = word if (word is not None and v == -1) else v
    return out


def utility_bounds(game: Game) -> tuple[float, float]:
    """(min, max) of any seat's return: the game's own declaration."""
    return game.utility_bounds()


def _game_type(slug: str) -> pyspiel.GameType:
    cls = game_class(slug)
    players = cls.OPTIONS.get("players")
    default = load_game(slug)
    if players is not None and players.choices:
        lo, hi = min(players.choices), max(players.choices)
    else:
        lo = hi = default.num_players
    total = default.utility_sum()
    return pyspiel.GameType(
        short_name=short_name(slug),
        long_name=f"trickhound {slug}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if total is None
                 else pyspiel.GameType.Utility.ZERO_SUM if total == 0
                 else pyspiel.GameType.Utility.CONSTANT_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={name: _param_default(opt) for name, opt in cls.OPTIONS.items()},
    )


class TrickhoundGame(pyspiel.Game):
    """One trickhound game, loaded with OpenSpiel parameters (our options)."""

    slug: str = ""  # set per registered subclass (the base is never loaded)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.th_game = load_game(self.slug, **_our_options(self.slug, params))
        lo, hi = utility_bounds(self.th_game)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.th_game.num_distinct_actions,
            max_chance_outcomes=NUM_DEALS,
            num_players=self.th_game.num_players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=self.th_game.utility_sum(),
            max_game_length=self.th_game.max_game_length)
        super().__init__(self.TYPE, info, params)

    def new_initial_state(self) -> TrickhoundState:
        return TrickhoundState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        return ViewObserver(iig_obs_type, params)


class TrickhoundState(pyspiel.State):
    """An OpenSpiel state around a trickhound State (None before the deal's chance node)."""

    def __init__(self, game: TrickhoundGame, th_state: State | None = None) -> None:
        super().__init__(game)
        self.th_game = game.th_game
        self.th = th_state

    def current_player(self) -> int:
        if self.th is None:
            return pyspiel.PlayerId.CHANCE
        if self.th.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.th.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        if self.th is None or self.th.is_terminal() or player != self.th.current_player():
            return []
        return self.th.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / NUM_DEALS
        return [(i, p) for i in range(NUM_DEALS)]

    def _apply_action(self, action: int) -> None:
        if self.th is None:
            self.th = self.th_game.new_initial_state(int(action))
        else:
            self.th.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.th is None:
            return f"deal {action}"
        return self.th.action_to_str(action)

    def is_terminal(self) -> bool:
        return self.th is not None and self.th.is_terminal()

    def returns(self) -> list[float]:
        if self.th is None:
            return [0.0] * self.th_game.num_players
        return self.th.returns()

    def view_json(self, player: int) -> str:
        if self.th is None:
            return "deal pending"
        return json.dumps(self.th.view(player).to_json(), sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player: int,
                                probability_sampler: Callable[[], float]) -> TrickhoundState:
        """A state with the same information state for ``player``, drawn by our
        determinization (uniform over the worlds consistent with the view)."""
        if self.th is None:
            return self.clone()
        seed = int(probability_sampler() * 2**53)
        world = self.th.view(player).determinize(seed)
        return TrickhoundState(self.get_game(), world)

    def __str__(self) -> str:
        if self.th is None:
            return "deal pending"
        return json.dumps(self.th.to_json(), sort_keys=True, separators=(",", ":"))


class ViewObserver:
    """Observation and information-state strings: the seat's view JSON (no tensors)."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: TrickhoundState, player: int) -> None:
        pass

    def string_from(self, state: TrickhoundState, player: int) -> str:
        return state.view_json(player)


def register_all() -> None:
    """Register every trickhound game with pyspiel (idempotent)."""
    names = set(pyspiel.registered_names())
    for slug in available_games():
        if short_name(slug) in names:
            continue
        gtype = _game_type(slug)
        cls = type(f"Trickhound_{slug.replace('-', '_')}", (TrickhoundGame,),
                   {"slug": slug, "TYPE": gtype})
        globals()[cls.__name__] = cls
        pyspiel.register_game(gtype, cls)


register_all()


def openspiel_game(th_game: Game) -> pyspiel.Game:
    """The pyspiel game for one of our Game objects (same options)."""
    cls = game_class(th_game.name)
    params: dict[str, Any] = {}
    for k, v in th_game.options.items():
        opt = cls.OPTIONS[k]
        word = _word_choice(opt)
        params[k] = -1 if (word is not None and v == word) else v
    return pyspiel.load_game(short_name(th_game.name), params)


def state_from_view(os_game: TrickhoundGame, view: View, seed: int) -> TrickhoundState:
    """An OpenSpiel state for the seat of ``view``: one world sampled from the view (so an
    OpenSpiel bot never sees hidden cards)."""
    return TrickhoundState(os_game, view.determinize(seed))
