"""The shared game interface: abstract ``Game``, ``State`` and ``View`` (DESIGN §3–4).

Engines subclass ``Game`` and ``State`` in their ``_state.pyx``; the ``cdef`` methods declared
in ``game.pxd`` are the fast path used by every search, the ``def`` methods here are the Python
API (checked, raising the errors of :mod:`solver.errors`). Each game also supplies a pure-Python
reference engine (``rules.py``) and a ``notation`` module; JSON and text go through the
reference state, so parsing and validation are written once, in readable Python.

Per-game hooks a subclass provides:
  Game.new_initial_state(seed), Game.state_from_reference(ref), Game.notation (module with
  state_from_json, state_to_json, view_to_json, view_from_json, action_to_str, parse_action,
  render, summary), Game.rules (the reference module);
  State.to_reference(), State.termination().
"""
import json

from solver.errors import (IllegalActionError, InvalidActionError, InvalidStateError)
from solver.outcome import Outcome, ranks_from_values
from libc.stdint cimport uint64_t
from solver.rng cimport Random, Rng, rng_below, rng_seed

# Fixed seed of the redacting determinization that turns a true state into a View's world.
cdef uint64_t REDACT_SEED = 0x5EED5EED


def _load_json(obj, what):
    if isinstance(obj, (str, bytes)):
        try:
            return json.loads(obj)
        except ValueError as e:
            raise InvalidStateError(f"malformed {what} JSON: {e}") from None
    if not isinstance(obj, dict):
        raise InvalidStateError(f"{what} JSON must be an object, got {type(obj).__name__}")
    return obj


cdef class Policy:
    """A game's rules of thumb, kept apart from its rules (declared in game.pxd).

    Each game's ``_policy.pyx`` subclasses this; ``Game.POLICY`` names the subclass and
    ``game.policy`` makes it. Rollouts (``rollout="policy"``), the heuristic bot and the opponent
    model all read the same scores, so every rule of thumb has one implementation."""

    def __init__(self, Game game=None):
        self.game = game

    cdef void scores_c(self, State state, int* acts, int n, double* out) noexcept nogil:
        cdef int i
        for i in range(n):
            out[i] = 0.0

    cdef int rollout_action_c(self, State state, int* acts, int n, Rng* rng) noexcept nogil:
        return state.rollout_action_c(acts, n, rng)

    cdef void evaluate_c(self, State state, double* out) noexcept nogil:
        state.heuristic_c(out)

    def scores(self, State state, actions=None):
        """The rules-of-thumb score of each action (default: every legal action, ascending) for
        the player to move at ``state``; higher is better."""
        cdef int acts[MAX_LEGAL]
        cdef double out[MAX_LEGAL]
        cdef int i, n
        if state.is_terminal_c():
            raise IllegalActionError(f"the game is over; nothing to score ({state.summary()})")
        if actions is None:
            actions = state.legal_actions()
        else:
            for a in actions:
                state._check_action(int(a))
        n = len(actions)
        if n > MAX_LEGAL:
            raise ValueError(f"at most {MAX_LEGAL} actions can be scored at once")
        for i in range(n):
            acts[i] = int(actions[i])
        self.scores_c(state, acts, n, out)
        return [out[i] for i in range(n)]

    def best_actions(self, State state):
        """The legal actions with the highest score at ``state`` (ascending)."""
        legal = state.legal_actions()
        scores = self.scores(state, legal)
        top = max(scores)
        return [a for a, v in zip(legal, scores) if v == top]

    def rollout_action(self, State state, rng):
        """The action a policy rollout plays at ``state`` (``rng``: a Random or an int seed)."""
        cdef Random r = rng if isinstance(rng, Random) else Random(rng)
        cdef int buf[MAX_LEGAL]
        cdef int n = state.legal_actions_c(buf)
        if n == 0:
            raise IllegalActionError(f"the game is over; no rollout action ({state.summary()})")
        return self.rollout_action_c(state, buf, n, &r.rng)

    def evaluate(self, State state):
        """The estimated points each seat still gains until the end of the current round."""
        cdef double out[MAX_PLAYERS]
        self.evaluate_c(state, out)
        return [out[i] for i in range(state.game.num_players)]

    def __repr__(self):
        return f"<{type(self).__name__} of {self.game.spec() if self.game is not None else '?'}>"


cdef class Game:
    """Rules plus options. Made by :func:`solver.registry.load_game`; immutable."""

    notation = None  # set by each subclass to its notation module
    # "module:Class" of the game's Policy subclass (its rules of thumb); None: the base Policy.
    POLICY = None

    @property
    def policy(self):
        """The game's rules of thumb (a :class:`Policy`), made on first use."""
        if self._policy is None:
            if self.POLICY is None:
                self._policy = Policy(self)
            else:
                import importlib
                module, cls = self.POLICY.split(":")
                self._policy = getattr(importlib.import_module(module), cls)(self)
        return self._policy

    cdef State new_state(self):
        raise NotImplementedError

    def new_initial_state(self, seed=0):
        """A fresh game whose deals (every shuffled deck it will use) are fixed by ``seed``."""
        raise NotImplementedError

    def state_from_reference(self, ref):
        raise NotImplementedError

    def state_from_json(self, obj):
        """Pose any position explicitly (format: the game's notation module docstring)."""
        obj = _load_json(obj, "state")
        ref = self.notation.state_from_json(obj, self.options)
        return self.state_from_reference(ref)

    def view_from_json(self, obj):
        """A View from what one seat knows (the format ``view.to_json()`` writes)."""
        obj = _load_json(obj, "view")
        ref, player = self.notation.view_from_json(obj, self.options)
        return self.state_from_reference(ref).view(player)

    def rounds_add_up(self):
        """Whether the returns are the sum of what each round scores (``scores_c``), each round
        dealt afresh: what a move can still change is then this round's points, and a search may
        stop at the round's end (the search bots' ``horizon=auto``). False unless a game says so
        (a one-round game gains nothing from it)."""
        return False

    def new_reference_state(self, seed=0):
        """The pure-Python reference engine's state for the same deal as new_initial_state."""
        return self.rules.new_initial_state(self.options, seed)

    def __str__(self):
        return self.spec()

    def spec(self):
        """The text that load_game parses back into this game (non-default options only)."""
        from solver.registry import game_string
        return game_string(self)

    def __repr__(self):
        return f"load_game({self.spec()!r})"

    def __eq__(self, other):
        return isinstance(other, Game) and self.name == other.name and self.options == other.options

    def __hash__(self):
        return hash((self.name, tuple(sorted(self.options.items()))))

    def __reduce__(self):
        from solver.registry import load_game
        return (load_game, (self.spec(),))


cdef class State:
    """One position of a game: the full truth, hidden cards included."""

    # -- abstract fast interface ------------------------------------------------------------
    cdef int current_player_c(self) noexcept nogil:
        return -1

    cdef bint is_terminal_c(self) noexcept nogil:
        return True

    cdef int legal_actions_c(self, int* out) noexcept nogil:
        return 0

    cdef void apply_action_c(self, int action) noexcept nogil:
        pass

    cdef void returns_c(self, double* out) noexcept nogil:
        pass

    cdef void copy_from(self, State other) noexcept nogil:
        pass

    cdef void determinize_c(self, int observer, Rng* rng) noexcept nogil:
        pass

    cdef uint64_t infoset_key_c(self, int player) noexcept nogil:
        return 0

    cdef uint64_t hash_c(self) noexcept nogil:
        return 0

    cdef int round_c(self) noexcept nogil:
        return 0

    cdef void scores_c(self, double* out) noexcept nogil:
        pass

    cdef void heuristic_c(self, double* out) noexcept nogil:
        cdef int i
        for i in range(MAX_PLAYERS):
            out[i] = 0.0

    cdef int rollout_action_c(self, int* acts, int n, Rng* rng) noexcept nogil:
        return acts[rng_below(rng, <unsigned int>n)]

    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil:
        cdef int acts[MAX_LEGAL]
        cdef int n
        while not self.is_terminal_c() and (stop_round < 0 or self.round_c() == stop_round):
            n = self.legal_actions_c(acts)
            self.apply_action_c(acts[rng_below(rng, <unsigned int>n)])

    cpdef State clone(self):
        cdef State s = self.game.new_state()
        s.copy_from(self)
        return s

    cdef int _check_action(self, int action) except -1:
        cdef int buf[MAX_LEGAL]
        cdef int n, i
        if self.is_terminal_c():
            raise IllegalActionError(f"the game is over; no action is legal ({self.summary()})")
        n = self.legal_actions_c(buf)
        for i in range(n):
            if buf[i] == action:
                return 0
        raise IllegalActionError(
            f"{self._action_text(action)} is not legal for seat {self.current_player_c()} "
            f"here ({self.summary()}); legal: {' '.join(self.action_to_str(a) for a in self.legal_actions())}")

    def _action_text(self, action):
        try:
            return self.action_to_str(action)
        except Exception:
            return f"action {action}"

    # -- Python API -------------------------------------------------------------------------
    @property
    def num_players(self):
        return self.game.num_players

    def current_player(self):
        """The seat to act, or -1 at a terminal state."""
        return self.current_player_c()

    def is_terminal(self):
        return self.is_terminal_c()

    def legal_actions(self):
        """Legal actions, sorted ascending; empty at a terminal state."""
        cdef int buf[MAX_LEGAL]
        cdef int n = self.legal_actions_c(buf)
        return [buf[i] for i in range(n)]

    def apply_action(self, action):
        """Play an action (an int, or its text). Illegal actions raise IllegalActionError and
        leave the state unchanged."""
        if isinstance(action, str):
            action = self.parse_action(action)
        action = int(action)
        self._check_action(action)
        self.apply_action_c(action)

    def child(self, action):
        """A copy of this state with ``action`` applied."""
        cdef State s = self.clone()
        s.apply_action(action)
        return s

    def returns(self):
        """Each seat's final return at a terminal state; zeros before (OpenSpiel's convention)."""
        cdef double buf[MAX_PLAYERS]
        cdef int n = self.game.num_players
        if not self.is_terminal_c():
            return [0.0] * n
        self.returns_c(buf)
        return [buf[i] for i in range(n)]

    def scores(self):
        """The running score each seat has banked so far (the game's own points)."""
        cdef double buf[MAX_PLAYERS]
        self.scores_c(buf)
        return [buf[i] for i in range(self.game.num_players)]

    def round(self):
        return self.round_c()

    def termination(self):
        return "normal"

    def ranks(self):
        return ranks_from_values(self.returns())

    def outcome(self):
        """The Outcome at a terminal state, else None."""
        if not self.is_terminal_c():
            return None
        return Outcome(tuple(self.returns()), tuple(self.ranks()), self.termination())

    def view(self, int player):
        """What seat ``player`` knows, as a View (hidden cards re-dealt, never copied)."""
        cdef State world
        cdef Rng rng
        if not 0 <= player < self.game.num_players:
            raise InvalidStateError(
                f"seat {player} out of range for {self.game.num_players} players")
        world = self.clone()
        rng_seed(&rng, REDACT_SEED)
        world.determinize_c(player, &rng)
        return View._make(world, player)

    def determinize_for(self, int player, rng):
        """A copy of this state with everything ``player`` cannot know re-dealt (the engine's
        determinize_c on the true state; bots and searches use View.determinize instead)."""
        cdef Random r = rng if isinstance(rng, Random) else Random(rng)
        cdef State s = self.clone()
        s.determinize_c(player, &r.rng)
        return s

    def random_playout(self, rng, int stop_round=-1):
        """Play the searches' random rollout in place (random_playout_c; for tests): to the end
        of the game, or of round ``stop_round``."""
        cdef Random r = rng if isinstance(rng, Random) else Random(rng)
        self.random_playout_c(&r.rng, stop_round)

    def rollout_action(self, rng):
        """The action the game's rollout policy picks here (rollout_action_c; for tests)."""
        cdef Random r = rng if isinstance(rng, Random) else Random(rng)
        cdef int buf[MAX_LEGAL]
        cdef int n = self.legal_actions_c(buf)
        if n == 0:
            raise IllegalActionError(f"the game is over; no rollout action ({self.summary()})")
        return self.rollout_action_c(buf, n, &r.rng)

    def infoset_key(self, int player):
        return self.infoset_key_c(player)

    def state_hash(self):
        return self.hash_c()

    def to_reference(self):
        raise NotImplementedError

    def to_json(self):
        return self.game.notation.state_to_json(self.to_reference())

    def action_to_str(self, action):
        return self.game.notation.action_to_str(int(action), self.game.options)

    def parse_action(self, text):
        """The action named by ``text`` in the rules' notation (InvalidActionError if none)."""
        return self.game.notation.parse_action(text, self.game.options)

    def summary(self):
        return self.game.notation.summary(self.to_reference())

    def render(self, perspective=None):
        """A human-readable picture of the position (from one seat's side if given)."""
        return self.game.notation.render(self.to_reference(), perspective)

    def __str__(self):
        return self.render()

    def __repr__(self):
        return f"<{type(self).__name__} {self.game.spec()}: {self.summary()}>"

    def __eq__(self, other):
        return (isinstance(other, State) and self.game == other.game
                and self.to_json() == other.to_json())

    def __hash__(self):
        return self.hash_c()

    def __reduce__(self):
        return (_state_from_json, (self.game, self.to_json()))


def _state_from_json(game, obj):
    return game.state_from_json(obj)


def _view_from_json(game, obj):
    return game.view_from_json(obj)


cdef class View:
    """What one seat knows: the argument of every bot's ``act`` and of every search.

    The object holds a redacted world (see game.pxd); ``determinize(rng)`` samples full states
    consistent with this seat's information, uniformly, from that world alone."""

    @staticmethod
    cdef View _make(State world, int player):
        cdef View v = View.__new__(View)
        v.world = world
        v.player = player
        return v

    @property
    def game(self):
        return self.world.game

    def current_player(self):
        return self.world.current_player_c()

    def is_terminal(self):
        return self.world.is_terminal_c()

    def legal_actions(self):
        """The legal actions of this seat when it is to act (public for the others' turns only
        when they do not depend on hidden cards, so this refuses them)."""
        if self.world.current_player_c() != self.player:
            raise IllegalActionError(
                f"seat {self.player} is not to act (seat {self.world.current_player_c()} is)")
        return self.world.legal_actions()

    def scores(self):
        return self.world.scores()

    def round(self):
        return self.world.round_c()

    def action_to_str(self, action):
        return self.world.action_to_str(action)

    def parse_action(self, text):
        return self.world.parse_action(text)

    def determinize(self, rng):
        """A full State consistent with this view, drawn uniformly among such worlds.
        ``rng`` is a :class:`solver.rng.Random` or an int seed."""
        cdef Random r = rng if isinstance(rng, Random) else Random(rng)
        cdef State s = self.world.clone()
        s.determinize_c(self.player, &r.rng)
        return s

    def to_json(self):
        return self.world.game.notation.view_to_json(self.world.to_reference(), self.player)

    def render(self):
        return self.world.render(self.player)

    def __str__(self):
        return self.render()

    def __repr__(self):
        return f"<View seat {self.player} of {self.world.game.spec()}: {self.world.summary()}>"

    def __eq__(self, other):
        return (isinstance(other, View) and self.player == (<View>other).player
                and self.world.game == (<View>other).world.game
                and self.to_json() == other.to_json())

    def __hash__(self):
        return hash(json.dumps(self.to_json(), sort_keys=True))

    def __reduce__(self):
        return (_view_from_json, (self.world.game, self.to_json()))
