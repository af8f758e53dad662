"""The shared game interface: abstract ``Game``, ``State`` and ``View`` (docs/architecture.md §3–4).

Engines subclass ``Game`` and ``State`` in their ``_state.pyx``; the ``cdef`` methods declared
in ``game.pxd`` are the fast path used by every search, the ``def`` methods here are the Python
API (checked, raising the errors of :mod:`solver.errors`). Each game also supplies a pure-Python
reference engine (``rules.py``) and a ``notation`` module; JSON and text go through the
reference state, so parsing and validation are written once, in readable Python.

The contract a game keeps is declared here, on the abstract classes, and checked for every
registered game by tests/test_game_contract.py; no other layer asks ``hasattr`` of a game. See
the ``Game`` docstring for the declarations (OPTIONS, EXAMPLE_CONFIGS, utility_bounds,
rounds_add_up, max_game_length, num_players, POLICY, EXACT_SOLVER, ...) and game.pxd for the
``State`` fast path. Methods a game must override raise NotImplementedError (``def``) or, on
the ``noexcept nogil`` fast path where nothing can be raised, print which class forgot them to
stderr and abort the process (a silent 0 would corrupt every search instead).

Per-game hooks a subclass provides:
  Game.new_initial_state(seed), Game.state_from_reference(ref), Game.utility_bounds(),
  Game.notation (module with state_from_json, state_to_json, view_to_json, view_from_json,
  action_to_str, parse_action, render, summary), Game.rules (the reference module);
  State.to_reference(), State.termination(); every State cdef method of game.pxd except
  random_playout_c, which has a working default. Rules of thumb are not the State's: they live
  in the game's Policy (Game.POLICY).
"""
import importlib
import json
import sys

from solver.errors import (IllegalActionError, InvalidActionError, InvalidStateError)
from solver.outcome import Outcome, ranks_from_values
from libc.stdint cimport uint64_t
from libc.stdlib cimport abort
from solver.rng cimport Random, Rng, rng_below, rng_seed

# Fixed seed of the redacting determinization that turns a true state into a View's world.
cdef uint64_t REDACT_SEED = 0x5EED5EED


cdef void _missing(void* obj, const char* method) noexcept nogil:
    """The fast-path twin of NotImplementedError: a State or ExactSolver subclass did not
    override a method it must provide. Nothing can be raised from a ``noexcept nogil`` method,
    and returning a made-up value (0) would silently corrupt searches, so say who forgot what
    and abort."""
    with gil:
        cls = type(<object>obj)
        sys.stderr.write(f"trickhound: bug: {cls.__module__}.{cls.__name__} does not "
                         f"implement {method.decode()} (solver/game.pxd)\n")
        sys.stderr.flush()
    abort()


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
        return acts[rng_below(rng, <unsigned int>n)]

    cdef void evaluate_c(self, State state, double* out) noexcept nogil:
        cdef int i
        for i in range(MAX_PLAYERS):
            out[i] = 0.0

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


# The heuristic rollout's share of uniformly random moves, in thousandths: rollouts stay diverse
# (the same share as Dog Tag Trick's policy rollout, ROLLOUT_EPS there).
cdef int HEURISTIC_ROLLOUT_EPS = 150
# Scores this close to the best are tied (bots/heuristic: sums of products of chances).
cdef double HEURISTIC_TIE = 1e-9


cdef class HeuristicRollout(Policy):
    """The heuristic bot as a rollout policy (``rollout="heuristic"``).

    A game's own rollout (``Policy.rollout_action_c``, ``rollout="policy"``) is a cheap stand-in
    that may read the whole determinized world: in Dog Tag Trick and Vic Village each seat sees
    the hands still to play. This one plays each seat's best ``scores_c`` action, ties at
    random, as the heuristic bot does. In Dog Tag Trick, Vic Village and Mattis the scores read
    only the seat's own hand and public facts, so a rollout's seats play as fair players who
    model the others' cards by chance (Mate's read the other hand, which its default rules
    show). It costs a full scoring per ply. With probability ``HEURISTIC_ROLLOUT_EPS`` / 1000 it plays
    a uniformly random legal action instead. Scores and the position estimate (widening's
    favourite, a cut-off's value) are the wrapped policy's."""

    def __init__(self, Policy inner not None):
        Policy.__init__(self, inner.game)
        self.inner = inner

    cdef void scores_c(self, State state, int* acts, int n, double* out) noexcept nogil:
        self.inner.scores_c(state, acts, n, out)

    cdef void evaluate_c(self, State state, double* out) noexcept nogil:
        self.inner.evaluate_c(state, out)

    cdef int rollout_action_c(self, State state, int* acts, int n, Rng* rng) noexcept nogil:
        cdef double sc[MAX_LEGAL]
        cdef double best
        cdef int i, ties = 0, choice = acts[0]
        if n == 1:
            return acts[0]
        if <int>rng_below(rng, 1000) < HEURISTIC_ROLLOUT_EPS:
            return acts[rng_below(rng, <unsigned int>n)]
        self.inner.scores_c(state, acts, n, sc)
        best = sc[0]
        for i in range(1, n):
            if sc[i] > best:
                best = sc[i]
        for i in range(n):                       # uniformly among the tied best (reservoir)
            if sc[i] >= best - HEURISTIC_TIE:
                ties += 1
                if rng_below(rng, <unsigned int>ties) == 0:
                    choice = acts[i]
        return choice

    def __repr__(self):
        return f"<HeuristicRollout of {self.inner!r}>"


cdef class ExactSolver:
    """A game's own exact solver of the current round (declared in game.pxd): the hook behind
    ``Game.EXACT_SOLVER``. Subclasses implement ``value_c`` and ``clear_c``; the generic
    alpha-beta calls them at every position it would otherwise search itself."""

    def __init__(self, Game game, int tt_bits=18):
        self.game = game
        self.nodes = 0

    cdef double value_c(self, State state) noexcept nogil:
        _missing(<void*>self, "ExactSolver.value_c")
        return 0.0

    cdef double value_window_c(self, State state, double alpha, double beta) noexcept nogil:
        # The exact value lies in every window's answer set: a solver without a windowed search
        # is still correct, only slower where a window would have pruned.
        return self.value_c(state)

    cdef void clear_c(self) noexcept nogil:
        _missing(<void*>self, "ExactSolver.clear_c")

    cdef void warm_c(self) noexcept nogil:
        pass

    cdef void share_table_c(self, void* owner) noexcept nogil:
        self.clear_c()

    cdef void own_table_c(self) noexcept nogil:
        pass

    def value(self, State state):
        """Gain of the player to move in ``state`` from there to the end of its round."""
        if state.game != self.game:
            raise ValueError(f"a solver of {self.game.spec()} cannot solve {state.game.spec()}")
        if state.is_terminal_c():
            raise IllegalActionError("the game is over; there is nothing to solve")
        return self.value_c(state)

    def value_window(self, State state, double alpha, double beta):
        """The value searched within ``(alpha, beta)``, fail-soft (see game.pxd): exact when
        strictly inside, else a bound on the side it fell."""
        if state.game != self.game:
            raise ValueError(f"a solver of {self.game.spec()} cannot solve {state.game.spec()}")
        if state.is_terminal_c():
            raise IllegalActionError("the game is over; there is nothing to solve")
        if not alpha < beta:
            raise ValueError(f"the window must have alpha < beta, got ({alpha}, {beta})")
        return self.value_window_c(state, alpha, beta)

    def clear(self):
        """Forget the transposition table."""
        self.clear_c()


def _import_target(target):
    """The object named by ``"package.module:Name"``."""
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


cdef class Game:
    """Rules plus options. Made by :func:`solver.registry.load_game`; immutable.

    The contract every game declares (the other layers read only these; the contract tests
    check each against real play):

    ``OPTIONS``          class attribute: {option name: :class:`solver.registry.Option`}, the
                         options the game string accepts, with defaults and allowed values;
                         ``options`` (instance) holds every option's value. Each option
                         round-trips through ``spec()``/``load_game``.
    ``EXAMPLE_CONFIGS``  class attribute: game strings covering the player counts and options
                         (at least one; the first is the plain game). The contract tests run
                         on each, and so does the bench unless ``BENCH_CONFIGS`` says more.
    ``BENCH_CONFIGS``    class attribute: the :class:`solver.registry.BenchConfig` rows
                         ``trickhound bench`` measures (default: the first example config).
    ``BENCH_VIEW_FRACTION`` where in a random game (fraction of its actions) the bench takes the
                         view it determinizes: where most information is still hidden.
    ``num_players``      seats 0..num_players-1.
    ``max_game_length``  a true upper bound on the number of actions in one game.
    ``num_distinct_actions`` actions are ints in [0, num_distinct_actions).
    ``perfect_information`` true when no seat ever lacks information.
    ``utility_bounds()`` (lowest, highest) return a seat can get: bounds every terminal return.
    ``rounds_add_up()``  whether the returns are the sum of the rounds' scores.
    ``setup_plies()``    how many decisions precede the first lead of round 1 (forcing,
                         discards): where the bench's *opening* position is.
    ``POLICY``           "module:Class" of the game's rules of thumb (:class:`Policy`).
    ``EXACT_SOLVER``     "module:Class" of an :class:`ExactSolver` for the game's rounds (two
                         players, zero-sum), or None: the generic alpha-beta then searches.
    ``VALUE_UNIT``       what values are in, for people (default "points").
    ``ROUND_CHANCE``     whether chance is revealed inside a round (``State.chance_key_c`` is
                         then not constant): ISMCTS then adds chance nodes to its trees.
    ``EXCHANGES_HIDDEN`` whether the engine implements ``State.exchange_hidden_c`` (the move of
                         inference by Markov chain, solver/inference/mcmc.py); a game offers it
                         only where its rules of thumb score a seat's moves from that seat's
                         hand and public facts alone (the chain re-weighs only the seats
                         whose information an exchange changed).
    """

    notation = None  # set by each subclass to its notation module
    # {name: Option}: the options a game string may set (a game without options keeps {}).
    OPTIONS = {}
    # Game strings covering the game's player counts and options (see the class docstring).
    EXAMPLE_CONFIGS = ()
    # The bench's rows for this game (BenchConfig); empty: the first example config.
    BENCH_CONFIGS = ()
    # Fraction of a random game's actions after which the bench's determinization view is taken.
    BENCH_VIEW_FRACTION = 0.4
    # "module:Class" of the game's Policy subclass (its rules of thumb); None: the base Policy.
    POLICY = None
    # "module:Class" of the game's ExactSolver subclass; None: the generic alpha-beta searches.
    EXACT_SOLVER = None
    # Whether actions inside a round reveal chance (State.chance_key_c not constant).
    ROUND_CHANCE = False
    # Whether State.exchange_hidden_c is implemented (inference="mcmc"; else it weighs worlds).
    EXCHANGES_HIDDEN = False
    # What a seat's values are in, for people ("losses in points", "value = return (...)"):
    # points unless a game says otherwise.
    VALUE_UNIT = "points"

    @property
    def policy(self):
        """The game's rules of thumb (a :class:`Policy`), made on first use."""
        if self._policy is None:
            if self.POLICY is None:
                self._policy = Policy(self)
            else:
                self._policy = _import_target(self.POLICY)(self)
        return self._policy

    def new_policy(self):
        """A fresh instance of the game's rules of thumb, of the same class as ``policy``.
        A policy may keep per-instance caches that its nogil methods write (Vic Village's plan
        cache), so searches running in parallel threads each need their own instance: sharing
        ``game.policy`` between threads is a data race."""
        if self.POLICY is None:
            return Policy(self)
        return _import_target(self.POLICY)(self)

    cdef State new_state(self):
        raise NotImplementedError(f"{type(self).__name__} does not implement new_state")

    def new_initial_state(self, seed=0):
        """A fresh game whose deals (every shuffled deck it will use) are fixed by ``seed``."""
        raise NotImplementedError(f"{type(self).__name__} does not implement new_initial_state")

    def state_from_reference(self, ref):
        """The fast State of a reference engine's state (rules.py) of this game."""
        raise NotImplementedError(f"{type(self).__name__} does not implement state_from_reference")

    def utility_bounds(self):
        """(lowest, highest) return any seat can get at the end of a game: every terminal
        return lies within (OpenSpiel's min/max utility; the searches' scale=bounds)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement utility_bounds")

    def utility_sum(self):
        """The sum of the seats' returns when it is the same at the end of every game (0.0 for a
        zero-sum game; OpenSpiel's utility_sum; two-player alpha-beta needs it), or None when
        it varies (a general-sum game, the default)."""
        return None

    def setup_plies(self):
        """How many decisions of round 1 come before its first lead (Mate's two forcing
        decisions, Vic Village's discards): 0 unless a game says so."""
        return 0

    def decision_kind(self, State state):
        """The kind of decision the seat to move at ``state`` faces, as the opponent model
        (solver/inference) names its temperatures: one kind ("play") unless a game tells its
        decisions apart (Mate: force, lead, follow)."""
        return "play"

    def observed_decisions(self, State world, int observer):
        """The decisions of seats other than ``observer`` whose action differs between the
        worlds ``observer`` cannot tell apart, each as ``(seat, action, state_before)`` with
        ``state_before`` rebuilt in ``world`` (a full state consistent with ``observer``'s view):
        what weighted determinization (solver/inference) replays. Empty unless a game can
        rebuild them from its state (Mate: the opponent's hidden forcing decision)."""
        return []

    def exact_solver(self, int tt_bits=18):
        """A new :class:`ExactSolver` of this game's rounds (``EXACT_SOLVER``) with a table of
        about ``2**tt_bits`` entries, or None when the game has none."""
        if self.EXACT_SOLVER is None:
            return None
        solver = _import_target(self.EXACT_SOLVER)(self, tt_bits)
        if not isinstance(solver, ExactSolver):
            raise TypeError(f"{self.EXACT_SOLVER} is not an ExactSolver")
        return solver

    def bench_configs(self):
        """The BenchConfig rows ``trickhound bench`` measures for this game."""
        from solver.registry import BenchConfig
        return tuple(self.BENCH_CONFIGS) or (BenchConfig(self.EXAMPLE_CONFIGS[0]),)

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
    # Every game must override these; the base aborts with the class and method named (see
    # _missing): a silent default (0, "terminal", no-op) would corrupt searches unnoticed.
    cdef int current_player_c(self) noexcept nogil:
        _missing(<void*>self, "State.current_player_c")
        return -1

    cdef bint is_terminal_c(self) noexcept nogil:
        _missing(<void*>self, "State.is_terminal_c")
        return True

    cdef int legal_actions_c(self, int* out) noexcept nogil:
        _missing(<void*>self, "State.legal_actions_c")
        return 0

    cdef void apply_action_c(self, int action) noexcept nogil:
        _missing(<void*>self, "State.apply_action_c")

    cdef void returns_c(self, double* out) noexcept nogil:
        _missing(<void*>self, "State.returns_c")

    cdef void copy_from(self, State other) noexcept nogil:
        _missing(<void*>self, "State.copy_from")

    cdef void determinize_c(self, int observer, Rng* rng) noexcept nogil:
        _missing(<void*>self, "State.determinize_c")

    cdef void resample_chance_c(self, Rng* rng) noexcept nogil:
        _missing(<void*>self, "State.resample_chance_c")

    cdef bint exchange_hidden_c(self, int observer, Rng* rng) noexcept nogil:
        return False

    cdef uint64_t infoset_key_c(self, int player) noexcept nogil:
        _missing(<void*>self, "State.infoset_key_c")
        return 0

    cdef uint64_t chance_key_c(self, int player) noexcept nogil:
        return 0

    cdef uint64_t hash_c(self) noexcept nogil:
        _missing(<void*>self, "State.hash_c")
        return 0

    cdef int round_c(self) noexcept nogil:
        _missing(<void*>self, "State.round_c")
        return 0

    cdef void scores_c(self, double* out) noexcept nogil:
        _missing(<void*>self, "State.scores_c")

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

    def resample_chance(self, rng):
        """A copy of this state with the chance hidden from every seat re-drawn (the engine's
        resample_chance_c): every hand, every seat's private information and the public
        history are kept; only what no player can know yet changes (e.g. Vic Village's
        unrevealed instruction order, docs/rules/mate-vic-village.md §10.3)."""
        cdef Random r = rng if isinstance(rng, Random) else Random(rng)
        cdef State s = self.clone()
        s.resample_chance_c(&r.rng)
        return s

    def exchange_hidden(self, int observer, rng):
        """A copy of this state with two cards hidden from ``observer`` exchanged between two of
        their hidden holders (the engine's exchange_hidden_c: one symmetric MCMC proposal among
        the worlds ``observer`` cannot tell apart), or None where the game has no such move or
        the drawn one would break a hard fact (a void in Vic Village): the chain's world stands."""
        if not 0 <= observer < self.game.num_players:
            raise ValueError(f"observer must be a seat 0..{self.game.num_players - 1}")
        cdef Random r = rng if isinstance(rng, Random) else Random(rng)
        cdef State s = self.clone()
        if not s.exchange_hidden_c(observer, &r.rng):
            return None
        return s

    def random_playout(self, rng, int stop_round=-1):
        """Play the searches' random rollout in place (random_playout_c; for tests): to the end
        of the game, or of round ``stop_round``."""
        cdef Random r = rng if isinstance(rng, Random) else Random(rng)
        self.random_playout_c(&r.rng, stop_round)

    def infoset_key(self, int player):
        return self.infoset_key_c(player)

    def chance_key(self, int player):
        """The key of the chance outcomes ``player`` has seen revealed in this round
        (``chance_key_c``: 0 in games with no chance inside a round)."""
        if not 0 <= player < self.game.num_players:
            raise ValueError(f"player must be in 0..{self.game.num_players - 1}, got {player}")
        return self.chance_key_c(player)

    def state_hash(self):
        return self.hash_c()

    def to_reference(self):
        """The pure-Python reference engine's state (rules.py) of this position."""
        raise NotImplementedError(f"{type(self).__name__} does not implement to_reference")

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
