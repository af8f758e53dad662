# THE shared interface between engines and searches (docs/architecture.md §4).
#
# Every game subclasses Game and State. A game's data is a plain C struct inside its State
# subclass, so copy_from is one struct assignment and the hot methods below run without the GIL
# and without allocating. Search code is typed against these abstract classes only.
from libc.stdint cimport uint64_t
from solver.rng cimport Rng

cdef enum:
    MAX_PLAYERS = 8
    # Upper bound on the number of legal actions at any decision of any game; buffers passed to
    # legal_actions_c are at least this long.
    MAX_LEGAL = 512


cdef class State


cdef class Policy:
    # A game's rules of thumb (solver/games/<game>/_policy.pyx), apart from its rules: the one
    # implementation that rollouts, the heuristic bot and the opponent model all use. The base
    # class is the policy of a game with no rules of thumb: every action scores 0, rollouts are
    # uniformly random and every position is estimated at 0 for everyone.
    cdef readonly Game game
    # A score for each of the n legal actions in acts (higher = preferred by the rules of
    # thumb) for the player to move, written to out[0..n). The heuristic bot plays the best;
    # the opponent model takes a softmax of them.
    cdef void scores_c(self, State state, int* acts, int n, double* out) noexcept nogil
    # The action a search rollout plays here, one of the n legal actions in acts ("heavy
    # playouts", so that rollouts look like play rather than noise). Searches use it with
    # rollout="policy".
    cdef int rollout_action_c(self, State state, int* acts, int n, Rng* rng) noexcept nogil
    # A cheap estimate of what each player will still gain until the end of the current round
    # (the depth-limited solvers' frontier evaluation), written to out[0..num_players).
    cdef void evaluate_c(self, State state, double* out) noexcept nogil


cdef class HeuristicRollout(Policy):
    # Rollouts that play as the heuristic bot does (rollout="heuristic"): each seat the best of
    # its own scores_c (which in Dog Tag Trick, Vic Village and Mattis read only that seat's
    # hand and public facts), now and then a uniformly random legal action. Scores and the
    # position estimate are the wrapped policy's (game.pyx).
    cdef readonly Policy inner


cdef class ExactSolver:
    # A game's own exact solver of the current round, for two-player zero-sum play: the hook
    # (Game.EXACT_SOLVER = "module:Class", made by Game.exact_solver) through which a game plugs
    # a specialised kernel into the generic alpha-beta (solver/search/_alphabeta.pyx) without
    # the search importing the game. A game without one is solved by the generic negamax.
    cdef readonly Game game
    cdef public long long nodes       # positions searched by the last value_c call
    # Gain of the player to move in `state` (a non-terminal state of `game`) from `state` to
    # the end of its round, best play by both; must equal the generic negamax's value.
    cdef double value_c(self, State state) noexcept nogil
    # The same value searched within the window (alpha, beta), fail-soft: a result v with
    # alpha < v < beta is the exact value; v <= alpha proves the value is at most v, v >= beta
    # that it is at least v. A narrow window proves less and costs less (the scout probes of
    # AlphaBeta.solve(values="best")). The base class answers exactly (value_c): always sound.
    cdef double value_window_c(self, State state, double alpha, double beta) noexcept nogil
    # Forget everything cached (the transposition table), as after construction.
    cdef void clear_c(self) noexcept nogil
    # Bring the transposition table into this core's caches ahead of a search (prefetches,
    # no change to its content): a search from a cold table waits on a miss at each of its
    # first visits to a line. The base class does nothing.
    cdef void warm_c(self) noexcept nogil
    # Search `owner`'s transposition table (a solver of the same class, searching the same
    # position's subtrees in another thread, whose table stays alive) until own_table_c or
    # clear_c: its entries save this solver from searching again what the owner already did
    # (PIMC's threads: a thread valuing the last actions of a world another thread owns). A
    # table may be shared only if its entries are written lock-free (a torn entry must read
    # as empty). The base class clears its own table instead (always sound, only slower).
    cdef void share_table_c(self, void* owner) noexcept nogil
    # Back to its own table (after share_table_c; otherwise nothing).
    cdef void own_table_c(self) noexcept nogil


cdef class Game:
    cdef readonly str name            # the slug, e.g. "mate"
    cdef readonly dict options        # every option with its value (defaults filled in)
    cdef readonly int num_players     # seats 0..num_players-1; every State has this many
    cdef readonly int num_distinct_actions   # actions are ints in [0, num_distinct_actions)
    cdef readonly int max_game_length        # a true upper bound on actions in one game
    cdef readonly bint perfect_information   # true when no seat ever lacks information
    cdef public object rules           # the module with the pure-Python reference engine
    cdef Policy _policy                # made on first use of the `policy` property

    cdef State new_state(self)         # a blank state of this game, to be filled by copy_from


cdef class State:
    cdef readonly Game game

    # --- hot interface: no Python objects, no allocation ---------------------------------
    cdef int current_player_c(self) noexcept nogil        # -1 when terminal
    cdef bint is_terminal_c(self) noexcept nogil
    cdef int legal_actions_c(self, int* out) noexcept nogil   # sorted ascending; returns count
    cdef void apply_action_c(self, int action) noexcept nogil # caller guarantees legality
    cdef void returns_c(self, double* out) noexcept nogil     # final returns (terminal states)
    cdef void copy_from(self, State other) noexcept nogil     # other is of the same class
    # Re-deal, uniformly among the worlds consistent with seat `observer`'s information,
    # everything that seat cannot know. Reads only what the observer knows (card *sets* that
    # are hidden from it, public counts and voids), never where a hidden card truly is.
    cdef void determinize_c(self, int observer, Rng* rng) noexcept nogil
    # Re-draw, uniformly, the chance outcomes that are hidden from EVERY seat (future chance:
    # e.g. Vic Village's unrevealed instruction order and reward-pile order, Mattis's stock
    # order, later rounds' deals, the state's future chance stream), keeping every hand, every
    # seat's private information and the public history. Reads the hidden-from-everyone cards
    # only as sets, never their true order, so two states differing only in that order come
    # out equal for the same stream (the oracle's chance="sampled" worlds).
    cdef void resample_chance_c(self, Rng* rng) noexcept nogil
    # One move of a Markov chain over the worlds seat `observer` cannot tell apart (inference
    # by MCMC, solver/inference/mcmc.py): exchange two cards hidden from `observer` that two
    # different hidden holders hold (two other seats' hands, or a hand and a pile hidden from
    # it), the two holders drawn uniformly among those holding a hidden card and each card
    # uniformly within its holder. Every holder keeps its size, so the reverse exchange is
    # proposed with the same probability (a symmetric proposal). Done only where the result is
    # again consistent with everything `observer` knows; returns False, changing nothing, where
    # the game has no such move (the base class) or nothing can be exchanged.
    cdef bint exchange_hidden_c(self, int observer, Rng* rng) noexcept nogil
    # A 64-bit key of the observer's information set (equal for states the observer cannot
    # tell apart, up to hash collisions).
    cdef uint64_t infoset_key_c(self, int player) noexcept nogil
    # A key of the chance outcomes seat `player` has seen revealed so far in the current round
    # (Vic Village's turned-up instructions and drawn reward cards): it changes exactly when an
    # action reveals chance to that seat, and along one action sequence from a position it
    # tells the revealed outcomes apart (its low 31 bits, up to hash collisions). It is what an
    # information set holds beyond the actions that led to it, so ISMCTS splits its nodes by
    # it (solver/search/_ismcts.pyx, chance nodes). The base class returns 0: no chance is
    # revealed inside a round (Mate, Dog Tag Trick, Tiny Tricks: a round's only chance is its
    # deal). Whether an action reveals chance must be public (every seat can tell).
    cdef uint64_t chance_key_c(self, int player) noexcept nogil
    # A 64-bit key of the full state, for transposition tables.
    cdef uint64_t hash_c(self) noexcept nogil
    # Segment support for solvers: the index of the current independent unit of play (a Mate
    # game, a round) and the running value each player has banked so far. Value gained from here
    # to the end of the round = scores_c(at the end) - scores_c(now).
    cdef int round_c(self) noexcept nogil
    cdef void scores_c(self, double* out) noexcept nogil
    # Uniformly random legal actions until the game is over or, when stop_round >= 0, until
    # round_c() != stop_round: the searches' random rollout. Each action is the one
    # acts[rng_below(rng, n)] picks from the sorted legal actions, so a game may override it
    # with a tighter loop on its own data (no action array, no virtual calls) and still play
    # exactly the same rollout for the same stream.
    cdef void random_playout_c(self, Rng* rng, int stop_round) noexcept nogil

    # --- helpers for Python wrappers -------------------------------------------------------
    cdef int _check_action(self, int action) except -1
    cpdef State clone(self)


cdef class View:
    # What one seat knows. Holds a *redacted* world: a full state in which everything hidden
    # from `player` has been re-dealt by a fixed-seed determinization, so the true hidden cards
    # are not in this object at all (a bot handed a View cannot reach them).
    cdef readonly int player
    cdef State world

    @staticmethod
    cdef View _make(State world, int player)
