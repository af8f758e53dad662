"""Root-parallel search (issue 18.4): every core for one decision.

``threads=N`` runs N independent searches of the same decision in N Python threads and merges
them at the root. The searches' loops run without the GIL (``ISMCTS.run``, ``UCT.run`` and the
Mate alpha-beta kernel release it), so the threads run on separate cores; the Python around
them (set-up, reading the root, the merge) is short and holds the GIL.

* **ISMCTS**: thread ``i`` builds its own tree and runs ``iterations // N`` iterations (one more
  for the first ``iterations % N`` threads) seeded by ``derive_seed(seed, i)``; the root
  statistics are summed per action (visits, value sums and squares, greedy counts), as if one
  tree had been searched with the root children's statistics pooled. Reproducible for a
  (seed, iterations, N); not equal to the one-thread tree (N smaller trees see less depth).
* **PIMC**: the *same* worlds as one thread (sampled from the seed before any thread starts)
  are split among the threads; each world is searched with its own random stream
  (``uct_world_seed``) and the per-world answers are merged in world order, so ``threads=N``
  returns exactly the ``threads=1`` answer for an iteration (or world) limit, whatever N.
  With the exact solver in each world (``evaluator="solver"``), each thread keeps its own
  solver and solves worlds t, t + N, ... (its table carries over); alpha-beta groups the
  repeated worlds first and a free thread owns the next distinct world, or, with none left,
  takes actions from the back of the world with the most left (``alphabeta_world_values``;
  the kernel runs without the GIL, and the other threads are ``ClaimHelper`` threads that
  never take the GIL): the values are exact, hence the same answer again (only ``nodes``
  differs from one thread's, and from run to run: where the owner and a thief meet in a
  world is timing's). The merge at the root is ``pimc_search``'s
  own (``RootMerge``), fed in world order. Max^n / paranoid within a
  node budget: a free thread claims the next world and solves it after ``MaxN.forget`` to the
  world's own seed (an O(1) reset: a salt the solver never used on the table's keys, the
  stream restarted), so a world's answer, depth and node count do not depend on the thread or
  on the worlds it solved before: one answer for every N >= 2, and with the default frontier
  estimate (no playouts) the one-thread answer too. The threads balance unequal worlds (a
  fixed split measured 1.5x on 2 threads in Vic Village, claims in world order 1.87x), and
  claim the largest first (``largest_first``: each world's tree one trick deep, counted by the
  caller before the pool threads start), so that a big world is not left to one thread at the
  end while the others idle (3-player Vic Village openings: 2-22 ms a world; 2 threads against
  1 on an idle machine, the bench's method: 1.90x, from 1.71x in world order with a 5 MB table
  cleared per solver before the threads started). 3-player Mattis openings' worlds are alike
  one trick deep (85 nodes each) and take 0.7 ms, or 1.0-1.3 ms where the best actions tie
  (``MaxN.solve`` then orders them by a paranoid search): which worlds tie is not known before,
  so the thread that ends first waits ~0.5 ms for the other's last world. With a time limit
  each thread shares its time over a fixed set of worlds (t, t + N, ...; its table carries
  over), reproducible only as far as time is. The max^n core (solver/search/_maxn.pyx)
  releases the GIL for its passes, so its worlds run on separate cores like alpha-beta's; the
  solvers are kept between searches (``take_maxn``), not rebuilt with the GIL held by every
  thread of every search.
* **The solver bot with perfect information** (Mate's default rules: one world, the position
  itself): the threads share one principal-variation search of the root
  (``alphabeta_root_best``: the caller's thread values the first move, the others are claimed
  in turn and probed with null windows around the best exact value any thread found, after
  the first's value is known), the same optimal moves
  as one thread's best-only solve; near the end of a round, where a solve costs less than the
  hand-off, it runs inline (``ROOT_SPLIT_MIN_PLIES``). Measured slower than one thread at
  Mate's decision sizes (0.1-0.8 ms) on this 2-core machine, it is off by default
  (``ROOT_SPLIT``): the solver bot then solves inline, never slower than one thread.

Each thread has its own scratch objects and its own :class:`~solver.game.Policy` instance
(``Game.new_policy``): a policy may keep caches its nogil methods write (Vic Village's plan
cache), so sharing ``game.policy`` between threads would be a data race.
"""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar, Union

from solver.game import Game, HeuristicRollout, Policy, State, View
from solver.inference.weighted import (
    check_inference,
    inference_deadline,
    source_params,
    world_pool,
    world_source,
)
from solver.rng import Random, derive_seed
from solver.search._alphabeta import AlphaBeta, ClaimHelper, RootSplit, WorldClaims
from solver.search._ismcts import ISMCTS, OBSERVERS, SPREAD, ismcts_search
from solver.search._maxn import MaxN
from solver.search._mcts import UCT, check_future, check_future_endgame
from solver.search._pimc import (
    EVALUATORS,
    SOLVERS,
    RootMerge,
    pimc_search,
    solver_world_seed,
    uct_world_answer,
    uct_world_seed,
    world_solver,
)
from solver.search.limits import SearchLimit
from solver.search.params import (
    DEFAULT_C,
    DEFAULT_CHANCE,
    DEFAULT_ENDGAME_BUDGET,
    DEFAULT_MAX_NODES,
    DEFAULT_OPPONENTS,
    DEFAULT_WIDEN,
    DEFAULT_WORLDS,
    RolloutPolicy,
    as_limit,
    check_c,
    check_chance,
    check_cutoff,
    check_endgame,
    check_endgame_budget,
    check_max_nodes,
    check_node_budget,
    check_opponents,
    check_pimc_opponents,
    check_pimc_widen,
    check_rollout,
    check_scale,
    check_to_act,
    check_widen,
    objective_code,
    seed_int,
)
from solver.search.result import SearchResult, build_result, mean_interval

# A sane ceiling for ``threads`` (more threads than cores only take turns).
MAX_THREADS = 256
# ``threads=AUTO_THREADS`` (``recommend``'s, and the command line's default): every usable core
# for a search whose answer is the same on any number of threads, one thread for the others
# (solver.search.recommend.threads_for).
AUTO_THREADS = "auto"
# An iteration count that never ends a search (the limit is then its time).
UNLIMITED = 1 << 62
_MASK64 = 0xFFFFFFFFFFFFFFFF
# A perfect-information root is split over threads only this many plies or more from the end
# of its round along the lowest line (else solved inline): in Mate, with the solver bot's table
# kept from decision to decision, the median best-only solve takes 2-25 us (up to 1,000 nodes)
# below 17 plies, 0.3-0.7 ms (8,000-22,000 nodes) at 17-20 (the round's first decisions).
ROOT_SPLIT_MIN_PLIES = 17
# Whether alphabeta_root_best splits at all by default. Measured (2 cores, load ~2, kept
# solvers, 58 Mate decisions at >= 17 plies, alternated): the split took 1.35-1.5x the wall
# time of one thread's best-only solve (median per decision 0.58-0.60x), though its node
# critical path is ~1.6x shorter: at 0.1-0.8 ms a decision, a pool thread's wake-up and its
# cold table cost more than half the search saves. So the solver bot solves inline (threads=2
# is then never slower than threads=1); ``split=True`` forces the split.
ROOT_SPLIT = False
# The threads count each world's tree one trick deep up to this many nodes (and at most the
# node budget) to claim the largest first: 1-40 us a world (MaxN.tree_nodes plays no move of
# the last ply), where the openings' worlds take 1-50 ms. The worlds whose search is big stand
# out below it (3-player Vic Village openings: 130-160 nodes against 400-450 for the 5-7x
# slower worlds; 4 players: 157-586); where every world passes it (Dog Tag Trick openings:
# 73,000-112,000 nodes at 3 players) the count stops early and they go in world order.
CLAIM_ORDER_CAP = 4096

# The alpha-beta tables of PIMC's threads (at most this many bits; ``tt_bits`` when smaller):
# each thread solves every world it claims from an emptied table, and a Mate world stores at
# most ~15,000 positions (the opening's, with the forced card hidden: 7,700-16,900 nodes), so
# a 2**16-entry kernel table (1 MB) holds a world with few collisions, where 2**13 entries
# (128 KB) took ~5% more nodes (61,500 against 58,600 a search). Larger tables were slower
# until session 15 only because the threads' solvers changed cores at every search (kept on
# a stack and given back in taking order, the caller's and the helper's solver swapped, so
# each search began on tables cached in the other core): given back in reverse
# (_give_back), each thread finds its own table still in its core's 2 MB cache. Measured at
# the opening, 2 threads, 10 consecutive decisions a setting, settings alternated (session
# 15): 0.90-0.93 ms a search at 13 bits, 0.88-0.90 at 14, 0.87-0.90 at 16. Exact values:
# the answer is the same at any size; only the node counts change.
WORLD_TABLE_BITS = 16
# How PIMC's threads share the distinct alpha-beta worlds (WorldClaims): each world is owned
# whole by the thread that takes it, and a thread with no world left to own takes actions
# from the back of the world with the most left. At Mate's opening with the forced card
# hidden there are ~5 distinct worlds of 0.23-0.47 ms, so whole worlds alone left one thread
# idle while the other ended the last one; cutting worlds into fixed parts costs nodes (the
# parts do not share a table: +20-30% in halves, +40-55% an action apart). Measured on the
# bench's decision (2 threads against 1, alternated, 25 searches each, 6 runs; session 14,
# the one thread then solving on a fresh table each search): taking from the back
# 1.80-1.85x; the last world in two fixed halves (the scheme before it) 1.73-1.75x. A thread
# taking the last actions of a world searches its owner's table (ExactSolver.share_table_c):
# on its own, cleared, those actions cost +25% of a whole world's nodes even when only the
# last quarter was taken (the first actions build most of the table the later ones read);
# sharing brought the threads' nodes from 63,000 to 60,700 a search at that opening (one
# thread valuing every world alone: 60,300), though not the wall time on 2 cores (the extra
# nodes had filled time the thread would have waited). Earlier (session 12, the same
# decision): the last world by action 1.58-1.64x, in halves 1.77-1.79x, in thirds
# 1.70-1.75x, none split 1.71-1.73x; ONE table for all the threads, all the time (every world
# split by action at no extra nodes) 0.97 ms a search against 0.73 ms, the two cores' stores
# to the same lines costing more than the split's extra nodes (sharing only for the last
# actions of a world is short enough not to).
T = TypeVar("T")
Limit = Union[SearchLimit, str, dict]

_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


class _Claims:
    """Hands out world indices 0, 1, ... to the threads in turn (a thread claims the next world
    when it is free), so unequal worlds balance. The answer does not depend on which thread
    searched a world: every world has its own stream and the merge is in world order."""

    def __init__(self, count: int) -> None:
        self._next = 0
        self._count = count
        self._lock = threading.Lock()

    def next(self) -> int | None:
        with self._lock:
            if self._next >= self._count:
                return None
            self._next += 1
            return self._next - 1


def check_threads(threads: object) -> int:
    """``threads`` as an int in 1..MAX_THREADS, else a ValueError naming it."""
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise ValueError(f"threads must be an integer, got {threads!r}")
    if not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be in 1..{MAX_THREADS}, got {threads}")
    return threads


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform says, else the
    machine's count): what ``threads=AUTO_THREADS`` spreads a search over."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                      # no affinity on this platform (macOS, Windows)
        return os.cpu_count() or 1


def split_iterations(iterations: int, threads: int) -> list[int]:
    """Thread ``i``'s share of ``iterations``: ``iterations // threads``, one more for the
    first ``iterations % threads`` threads."""
    return [iterations // threads + (1 if i < iterations % threads else 0)
            for i in range(threads)]


def _executor(workers: int) -> ThreadPoolExecutor:
    """The process's thread pool, grown to at least ``workers`` threads (kept between searches:
    a bot's decisions do not pay for thread start-up)."""
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < workers:
            if _pool is not None:
                _pool.shutdown(wait=False)
            _pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="trickhound-search")
            _pool_size = workers
        return _pool


def run_threads(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Run the jobs concurrently (the first in the calling thread, the others in the pool) and
    return their results in order; the first exception raised by a job is re-raised."""
    if len(jobs) == 1:
        return [jobs[0]()]
    pool = _executor(len(jobs) - 1)
    futures: list[Future[T]] = [pool.submit(job) for job in jobs[1:]]
    try:
        first = jobs[0]()
    finally:
        rest = [f.result() for f in futures]      # wait for every thread even on an error
    return [first] + rest


def run_claimed(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Run the jobs on up to ``len(jobs)`` threads, each free thread taking the next job not yet
    taken: the calling thread takes the first, pool threads the others as they start, and the
    calling thread, once free, takes any job no pool thread has started yet. On a busy machine
    a pool thread that does not get a core in time then costs nothing (the caller waits only
    for the jobs a pool thread is running), where ``run_threads`` would wait for it. Each job
    must carry its own scratch (a solver, its table and stream), so that its result does not
    depend on the thread that runs it: the answer (and node counts) stay fixed for the jobs.
    For short jobs (alpha-beta's, ~0.1-1 ms, the order of a pool thread's wake-up on a busy
    machine); for jobs of milliseconds, waiting for the pool thread (``run_threads``) is
    better than running its job serially. Results in job order; the first job's exception
    (in job order) is re-raised."""
    n = len(jobs)
    if n == 1:
        return [jobs[0]()]
    lock = threading.Lock()
    taken = [0]                                     # the next job to take
    results: list[Any] = [None] * n
    errors: list[BaseException | None] = [None] * n
    finished = [threading.Event() for _ in range(n)]

    def take() -> int | None:
        with lock:
            if taken[0] >= n:
                return None
            taken[0] += 1
            return taken[0] - 1

    def work() -> None:
        while (i := take()) is not None:
            try:
                results[i] = jobs[i]()
            except BaseException as e:              # re-raised by the caller, in job order
                errors[i] = e
            finally:
                finished[i].set()

    pool = _executor(n - 1)
    for _ in range(n - 1):
        pool.submit(work)
    work()
    for event in finished:           # every job is taken: wait for those running elsewhere
        event.wait()
    for error in errors:
        if error is not None:
            raise error
    return results


def map_threads(items: Sequence[Any], workers: Sequence[Callable[[Any], T]]) -> list[T]:
    """``[worker(item) for item in items]`` computed by ``len(workers)`` threads, each calling
    its own worker (which holds that thread's scratch objects: a solver, its table, a policy):
    a free thread takes the next item. Results come back in item order, so a merge over them
    does not depend on the thread count."""
    out: list[Any] = [None] * len(items)
    claims = _Claims(len(items))

    def job(worker: Callable[[Any], T]) -> Callable[[], None]:
        def run() -> None:
            while (i := claims.next()) is not None:
                out[i] = worker(items[i])
        return run

    run_threads([job(w) for w in workers[:max(1, len(items))]])
    return out


def _round_remaining(state: State) -> float:
    """What the two seats gain together from ``state`` to the end of its round: the same on
    every line of a constant-sum round, read off one (the lowest legal actions)."""
    s = state.clone()
    before = s.scores()
    r = s.round()
    while not s.is_terminal() and s.round() == r:
        s.apply_action(s.legal_actions()[0])
    after = s.scores()
    return (after[0] - before[0]) + (after[1] - before[1])


def alphabeta_root_values(state: State, solvers: Sequence[AlphaBeta]) -> dict[int, float]:
    """Every legal action's exact value for the mover (its gain to the end of the round, as
    ``AlphaBeta.solve`` values it) with the root's moves split over ``len(solvers)`` threads:
    thread t values moves t, t + N, ... (legal order) with its own solver (its own table), all
    of them in one call without the GIL when the game has a kernel
    (``AlphaBeta.solve_values``): the parallel form of valuing one perfect-information
    position's moves (one world, nothing else to split). Exact values, so equal to ``solve``'s
    to the bit whatever N; each thread's node count is fixed (fixed shares). Without a kernel
    (the generic negamax holds the GIL: threads would only take turns) the first solver values
    them all inline."""
    legal = state.legal_actions()
    if not solvers[0].uses_kernel:
        solvers = solvers[:1]
    shares = [share for share in (legal[t::len(solvers)] for t in range(len(solvers))) if share]

    def job(ab: AlphaBeta, share: list[int]) -> Callable[[], dict[int, float]]:
        return lambda: ab.solve_values([state], share)[0][0]

    parts = run_claimed([job(ab, share) for ab, share in zip(solvers, shares)])
    values: dict[int, float] = {}
    for part in parts:
        values.update(part)
    return {a: values[a] for a in legal}


def one_position(worlds: Sequence[State]) -> bool:
    """Whether ``worlds`` are all one position (by the 64-bit key the solvers' own tables
    trust): nothing for threads to share but that position's moves."""
    key = worlds[0].state_hash()
    return all(world.state_hash() == key for world in worlds[1:])


def alphabeta_world_values(worlds: Sequence[State], solvers: Sequence[AlphaBeta],
                           helpers: Sequence[ClaimHelper] | None = None
                           ) -> list[tuple[dict[int, float], int]]:
    """[({action: exact value for the mover}, nodes)] for each world, in order (PIMC's alpha-beta
    worlds), the distinct worlds shared by ``len(solvers)`` threads; a repeated world (the
    same position, by the 64-bit key the solvers' own tables trust) takes its first
    occurrence's values at 0 nodes. ``claim_worlds`` does the work; ``RootMerge.add_claims``
    reads its answer without this list."""
    claims = claim_worlds(worlds, solvers, helpers)
    if isinstance(claims, WorldClaims):
        return claims.result()
    return claims


def claim_worlds(worlds: Sequence[State], solvers: Sequence[AlphaBeta],
                 helpers: Sequence[ClaimHelper] | None = None
                 ) -> WorldClaims | list[tuple[dict[int, float], int]]:
    """Every action of every world valued exactly, the distinct worlds (grouped by position;
    sampled worlds repeat: Mate with the forced card hidden draws a handful of possible forced
    cards 16 times) shared by ``len(solvers)`` threads: with the game's kernel (it runs
    without the GIL) a ``WorldClaims`` job, done. One thread then values the distinct worlds
    in order, each on a cleared table, in one call without the GIL; with more, a free thread
    owns the next world and values its actions from the front, and once every world is owned,
    a free thread takes actions from the back of the world with the most left, searching that
    world's owner's table, so the threads end within one action of each other (Mate's
    forced-card-hidden opening: ~5 distinct worlds of 0.23-0.47 ms, an action 2-150 us). The
    other threads are ``helpers`` (``ClaimHelper``: threads that never take the GIL, posted
    the job with ``solvers[1:]``; taken here, one for each extra solver, when not given); the
    calling thread waits for their last actions only, and a helper that wakes after the
    actions ran out does nothing. The values are exact, hence the same whatever N; the node
    counts are the valuers' (with N >= 2 where the owner and a thief met in a world is
    timing's). Without a kernel: ``[(values, nodes)]`` for each world, the first solver
    solving the distinct worlds inline in one call (the generic negamax holds the GIL:
    threads would only take turns)."""
    if not solvers[0].uses_kernel:
        keys = [world.state_hash() for world in worlds]
        first: dict[int, int] = {}
        for wi, key in enumerate(keys):
            first.setdefault(key, wi)
        distinct = sorted(first.values())
        solved = dict(zip(distinct, solvers[0].solve_values([worlds[i] for i in distinct])))
        out = []
        for wi, key in enumerate(keys):
            src = first[key]
            values, n_nodes = solved[src]
            out.append((values if src == wi else dict(values), n_nodes if src == wi else 0))
        return out
    claims = WorldClaims(list(worlds))
    if len(solvers) == 1:
        solvers[0].solve_claimed(claims, False)
        return claims
    own = helpers is None
    if helpers is None:
        helpers = take_claim_helpers(len(solvers) - 1)
    try:
        for helper, ab in zip(helpers, solvers[1:claims.actions]):
            # a helper that did not take the job by the time the caller's thread ran out of
            # actions is never waited for (solve_claimed); refused (still leaving an earlier
            # job), it is simply not there
            helper.post(claims, ab)
        solvers[0].solve_claimed(claims, False)
    finally:
        for helper in helpers:
            helper.retract()
        if own:
            give_claim_helpers(helpers)
    return claims


def add_claimed(merge: RootMerge,
                claims: WorldClaims | list[tuple[dict[int, float], int]]) -> None:
    """Add ``claim_worlds``' answer to ``merge``, world by world in order (a repeated world:
    its first occurrence's values, 0 nodes)."""
    if isinstance(claims, WorldClaims):
        merge.add_claims(claims)
    else:
        for values, n_nodes in claims:
            merge.add_solved(values, n_nodes)


def alphabeta_root_best(state: State, solvers: Sequence[AlphaBeta],
                        split: bool = ROOT_SPLIT) -> dict[str, Any]:
    """The optimal actions of one perfect-information position (the solver bot's decision in
    Mate with its default rules), the root's moves shared by ``len(solvers)`` threads: a
    principal-variation search whose moves the threads claim one at a time, each probing with
    a null window around the best exact value any of them has found (``RootSplit``, run by
    ``AlphaBeta.split_search`` without the GIL). The calling thread never waits for a helper
    that did not start before the moves ran out (on a busy machine it does the search alone).

    A dict as ``solve(values="best")``'s: ``player``, ``value`` (each seat's gain), ``actions``
    ({action: value}, an upper bound for the ``bounded`` ones), ``best`` (ascending),
    ``bounded``, ``nodes``. ``best`` and ``value`` are one thread's whatever N and the timing;
    which other moves are only bounded, and ``nodes``, depend on the timing. Without ``split``
    (the default, ROOT_SPLIT: measured slower on this machine), with one solver, or without a
    kernel (the generic negamax holds the GIL: threads would only take turns), it is
    ``solvers[0].solve(state, False, "best")`` inline."""
    solvers = list(solvers)
    if (not split or len(solvers) == 1 or not solvers[0].uses_kernel
            or len(state.legal_actions()) < 2):
        return solvers[0].solve(state, False, "best")
    job = RootSplit(state)
    if job.plies < ROOT_SPLIT_MIN_PLIES:
        return solvers[0].solve(state, False, "best")
    pool = _executor(len(solvers) - 1)
    for ab in solvers[1:]:
        # a helper's result is never waited for: split_search returns once the moves run
        # out and every helper that started has finished (errors would surface in result())
        pool.submit(ab.split_search, job, True)
    solvers[0].split_search(job, False)
    return job.result()


def _policy_for(game: Game, use_policy: RolloutPolicy) -> Policy | bool:
    """The ``policy`` constructor argument of one thread's searcher (``use_policy`` as
    params.check_rollout returns it): a fresh instance of the game's policy when rollouts use
    it, wrapped again for heuristic rollouts (each thread its own instance: sharing one would be
    a data race, see the module docstring), else False (random rollouts)."""
    if isinstance(use_policy, HeuristicRollout):
        return HeuristicRollout(game.new_policy())
    return game.new_policy() if use_policy else False


# -- ISMCTS ----------------------------------------------------------------------------------

def ismcts_threads(view: View, limit: Limit, seed: int = 0, threads: int = 2, *,
                   c: float = DEFAULT_C, objective: str = "score", horizon: str = "game",
                   scale: float | str | None = None, observers: str = "single",
                   max_nodes: int = DEFAULT_MAX_NODES, rollout: str = "random",
                   inference: str = "none", particles: int = 64, endgame: int = 0,
                   endgame_budget: int = DEFAULT_ENDGAME_BUDGET,
                   cutoff: int = 0, chance: str = DEFAULT_CHANCE,
                   widen: float = DEFAULT_WIDEN,
                   opponents: str = DEFAULT_OPPONENTS) -> SearchResult:
    """Root-parallel ISMCTS for ``view.player``: ``threads`` trees, merged at the root (module
    docstring). ``threads=1`` is :func:`~solver.search._ismcts.ismcts_search` itself. With
    ``inference="policy"`` the world pool is weighed and resampled once, as ismcts_search does,
    and every tree searches it."""
    threads = check_threads(threads)
    if threads == 1:
        return ismcts_search(view, limit, seed, c=c, objective=objective, horizon=horizon,
                             scale=scale, observers=observers, max_nodes=max_nodes,
                             rollout=rollout, inference=inference, particles=particles,
                             endgame=endgame, endgame_budget=endgame_budget, cutoff=cutoff,
                             chance=chance, widen=widen, opponents=opponents)
    check_inference(inference)
    if particles < 1:
        raise ValueError("particles must be >= 1")
    limit = as_limit(limit)
    obj, hor, kind = objective_code(objective, horizon)
    seed = seed_int(seed)
    if observers not in OBSERVERS:
        raise ValueError(f"observers must be one of {', '.join(OBSERVERS)}, not {observers!r}")
    check_to_act(view)
    game = view.game
    c_ = check_c(c)
    spread = scale == SPREAD            # UCB on the values' standard deviation (_ismcts.pyx)
    scale_ = 0.0 if spread else check_scale(scale, game, objective, horizon)
    nodes_ = check_max_nodes(max_nodes)
    use_policy = check_rollout(rollout, game)
    endgame_ = check_endgame(endgame, horizon)
    budget_ = check_endgame_budget(endgame_budget)
    cutoff_ = check_cutoff(cutoff, horizon)
    chance_ = check_chance(chance)
    widen_ = check_widen(widen)
    model_ = check_opponents(opponents, observers)
    t0 = time.perf_counter()
    if limit.iterations is not None:
        shares = [n for n in split_iterations(limit.iterations, threads) if n > 0]
    else:
        shares = [UNLIMITED] * threads
    deadline = t0 + limit.time_s if limit.time_s is not None else 0.0
    pool, info = None, None
    if world_source(inference, game) != "none":
        pool, info = world_pool(view, seed, particles, inference,  # as ismcts_search: one pool
                               inference_deadline(limit, t0))

    def job(i: int, iterations: int) -> Callable[[], tuple[list, int, int, int]]:
        def run() -> tuple[list, int, int, int]:
            tree = ISMCTS(game, c_, obj, hor, scale_, observers == "multi", nodes_,
                          _policy_for(game, use_policy), endgame_, budget_, cutoff_,
                          spread=spread, chance=chance_, widen=widen_,
                          model_opponents=model_)
            children = tree.search(view, iterations, derive_seed(seed, i) & _MASK64, deadline,
                                   pool)
            return children, tree.iterations, tree.greedy_iterations, tree.node_count
        return run

    outs = run_threads([job(i, n) for i, n in enumerate(shares)])
    seconds = time.perf_counter() - t0
    # Pooled root statistics per action: [visits, sum, sumsq, greedy].
    pooled: dict[int, list[float]] = {}
    for children, _, _, _ in outs:
        for a, n, tot, sq, _avail, greedy in children:
            p = pooled.setdefault(a, [0, 0.0, 0.0, 0])
            p[0] += n
            p[1] += tot
            p[2] += sq
            p[3] += greedy
    gi = sum(o[2] for o in outs)
    rows = []
    for a in view.legal_actions():
        n, tot, sq, greedy = pooled.get(a, [0, 0.0, 0.0, 0])
        mean, lo, hi = mean_interval(tot, sq, int(n))
        rows.append({"action": a, "text": view.action_to_str(a), "mean": mean, "ci_low": lo,
                     "ci_high": hi, "visits": int(n),
                     "robustness": (greedy / gi) if gi else None})
    params = {"c": c, "objective": objective, "horizon": horizon, "scale": scale,
              "observers": observers, "max_nodes": max_nodes, "rollout": rollout,
              "inference": inference, "particles": particles,
              **source_params(inference, game, info),
              "endgame": endgame, "endgame_budget": endgame_budget, "cutoff": cutoff,
              "chance": chance, "widen": widen, "opponents": opponents,
              "threads": len(outs)}
    iterations = sum(o[1] for o in outs)
    return build_result("ismcts", view.player, rows, value=kind, nodes=sum(o[3] for o in outs),
                        iterations=iterations, worlds=iterations, rank_by="visits",
                        params=params, limit=limit, seed=seed, seconds=seconds)


# -- PIMC ------------------------------------------------------------------------------------

def _sample_worlds(view: View, count: int, seed: int, inference: str,
                   particles: int, deadline: float | None) -> tuple[list, Any]:
    """The worlds ``pimc_search`` samples for this seed (the same draws from the same stream,
    the same ``deadline``), and what sample_worlds says of them (the effective sample size of
    a weighted determinization, a Markov chain's acceptance rate; None: uniform)."""
    if world_source(inference, view.game) != "none":
        from solver.inference.weighted import sample_worlds
        return sample_worlds(view, count, Random(derive_seed(seed, "inference")), inference,
                             particles, deadline=deadline)
    rng = Random(seed & _MASK64)
    return [view.determinize(rng) for _ in range(count)], None


def pimc_threads(view: View, limit: Limit, seed: int = 0, threads: int = 2, *,
                 evaluator: str = "uct", c: float = DEFAULT_C, objective: str = "score",
                 horizon: str = "game", scale: float | str | None = None,
                 solver: str = "auto", node_budget: int = 200000, tt_bits: int = 16,
                 evaluation: str = "auto", rollouts: int = 4,
                 max_nodes: int = DEFAULT_MAX_NODES, rollout: str = "random",
                 inference: str = "none", particles: int = 64, endgame: int = 0,
                 endgame_budget: int = DEFAULT_ENDGAME_BUDGET, cutoff: int = 0,
                 future: str = "known", widen: float = 0.0,
                 opponents: str = DEFAULT_OPPONENTS) -> SearchResult:
    """PIMC with the sampled worlds split over ``threads`` threads (module docstring); the
    parameters are :func:`~solver.search._pimc.pimc_search`'s. With one thread, or one world,
    it is ``pimc_search`` itself."""
    threads = check_threads(threads)
    check_future(future)
    if future != "known" and evaluator != "uct":
        raise ValueError(f"future={future} needs evaluator=uct (the solver evaluator knows "
                         "each world's future)")
    limit = as_limit(limit)
    game = view.game
    worlds = limit.worlds if limit.worlds is not None else DEFAULT_WORLDS
    if evaluator == "solver" and game.perfect_information:
        worlds = 1
    solver_used = solver
    if evaluator == "solver" and solver == "auto":
        solver_used = world_solver(game, solver)
    if threads == 1 or worlds == 1:
        return pimc_search(view, limit, seed, evaluator=evaluator, c=c, objective=objective,
                           horizon=horizon, scale=scale, solver=solver, node_budget=node_budget,
                           tt_bits=tt_bits, evaluation=evaluation, rollouts=rollouts,
                           max_nodes=max_nodes, rollout=rollout, inference=inference,
                           particles=particles, endgame=endgame, endgame_budget=endgame_budget,
                           cutoff=cutoff, future=future, widen=widen, opponents=opponents)
    seed = seed_int(seed)
    if evaluator not in EVALUATORS:
        raise ValueError(f"evaluator must be one of {', '.join(EVALUATORS)}, not {evaluator!r}")
    obj = hor = 0
    kind = "round_gain"
    if evaluator == "uct":
        obj, hor, kind = objective_code(objective, horizon)
        c = check_c(c)
        scale_ = check_scale(scale, game, objective, horizon)
        endgame_ = check_endgame(endgame, horizon)
        budget_ = check_endgame_budget(endgame_budget)
        cutoff_ = check_cutoff(cutoff, horizon)
        check_future_endgame(game, future, endgame_)
    elif objective != "score":
        raise ValueError("the exact solvers maximise the round's score (objective=score)")
    else:
        check_node_budget(node_budget)
    widen = check_pimc_widen(evaluator, widen)
    model = check_pimc_opponents(evaluator, opponents)
    check_max_nodes(max_nodes)
    use_policy = check_rollout(rollout, game)
    check_to_act(view)
    check_inference(inference)
    if particles < 1:
        raise ValueError("particles must be >= 1")
    if solver not in SOLVERS:       # with either evaluator, as pimc_search
        raise ValueError(f"solver must be one of {', '.join(SOLVERS)}, not {solver!r}")
    solver_params = {"evaluator": "solver", "solver": solver_used, "node_budget": node_budget,
                     "evaluation": evaluation, "rollouts": rollouts, "tt_bits": tt_bits}
    t0 = time.perf_counter()
    threads = min(threads, worlds)
    if evaluator == "solver" and solver_used == "alphabeta" and limit.time_s is None:
        # exact values, no time to share: the distinct worlds claimed by kept solvers (each
        # world from an emptied table of at most WORLD_TABLE_BITS) and claim helpers, woken
        # first so that their wake-up overlaps the sampling (alphabeta_world_values)
        bits = max(min(tt_bits, WORLD_TABLE_BITS), 8)
        solvers = [take_alphabeta(game, bits) for _ in range(threads)]
        helpers = take_claim_helpers(threads - 1) if solvers[0].uses_kernel else []
        # uniform worlds are drawn in microseconds: wake the helpers first (their wake-up
        # overlaps the drawing); weighted ones take milliseconds (an armed helper would spin
        # through them): wake them once the worlds are drawn
        early = inference == "none" or game.perfect_information
        try:
            for helper in helpers if early else ():
                helper.arm()
            sampled, info = _sample_worlds(view, worlds, seed, inference, particles,
                                          inference_deadline(limit, t0))
            for helper in () if early else helpers:
                helper.arm()
            valued = claim_worlds(sampled, solvers, helpers)
        finally:
            for helper in helpers:
                helper.retract()
            give_claim_helpers(helpers)
            _give_back(solvers, lambda ab: give_alphabeta(ab, bits))
        merge = RootMerge(game, view.legal_actions())
        add_claimed(merge, valued)
        return _result(view, merge, None, kind, limit, seed, t0, info, threads, solver_params,
                       inference, particles)
    sampled, info = _sample_worlds(view, worlds, seed, inference, particles,
                                  inference_deadline(limit, t0))
    claims = _Claims(worlds)
    # Per world, in world order, the arguments of RootMerge.add_world (uct: values {action:
    # value}, best actions, visits {action: n}, nodes, iterations) and the root children, or
    # of RootMerge.add_solved (solver: values, nodes, exact); None for a world left unsearched.
    results: list[tuple | None] = [None] * worlds
    if evaluator == "uct":
        rounds = -(-worlds // threads)         # time slots: the worlds one thread searches

        def uct_job() -> None:
            uct = UCT(game, c, obj, hor, scale_, max_nodes, _policy_for(game, use_policy),
                      endgame_, budget_, cutoff_, future=future, widen=widen,
                      model_opponents=model)
            while (wi := claims.next()) is not None:
                iters = UNLIMITED
                if limit.iterations is not None:
                    iters = limit.iterations // worlds + (1 if wi < limit.iterations % worlds
                                                          else 0)
                deadline = 0.0
                if limit.time_s is not None:
                    deadline = t0 + limit.time_s * (wi // threads + 1) / rounds
                children = uct.search(sampled[wi], iters, uct_world_seed(seed, wi), deadline)
                values, best = uct_world_answer(children,
                                                uct.root_exact() if uct.root_proven else {})
                results[wi] = (values, best, {a: n for a, n, _, _ in children},
                               uct.node_count, uct.iterations, children)

        run_threads([uct_job] * threads)
    else:
        # Thread t solves worlds t, t + N, ...: a solver's table (and max^n's stream) carries
        # over from world to world, so which thread solves which world must be fixed for the
        # answer (and the node count) to be reproducible.
        def solver_job(t: int) -> Callable[[], None]:
            def run() -> None:
                solve, done = _world_solver(game, solver_used, node_budget, tt_bits,
                                            evaluation, rollouts,
                                            derive_seed(seed, "solver-thread", t) & _MASK64)
                try:
                    for wi in range(t, worlds, threads):
                        share = None
                        if limit.time_s is not None:
                            # the time left, shared by this thread's worlds left (as
                            # pimc_search shares it by the worlds left): a bound on max^n's
                            # deepening
                            left = limit.time_s - (time.perf_counter() - t0)
                            if wi != t and left <= 0:
                                return
                            share = max(left, 1e-6) / len(range(wi, worlds, threads))
                        results[wi] = solve(sampled[wi], share)
                finally:
                    done()
            return run

        if limit.time_s is None:
            # max^n within a node budget: a free thread claims the next world (the largest
            # first: _SizedClaims) and solves it with its solver forgotten to the world's own
            # seed (MaxN.forget: O(1)), so a world's answer does not depend on the thread or on
            # the worlds before it and the threads balance unequal worlds (a fixed split left
            # Vic Village at 1.5x).
            paranoid = solver_used == "paranoid"
            n_threads = min(threads, worlds)
            claimed = [take_maxn(game, paranoid, tt_bits, evaluation, rollouts,
                                 derive_seed(seed, "solver-thread", t) & _MASK64)
                       for t in range(n_threads)]
            sized = _SizedClaims(sampled, game.num_players, min(CLAIM_ORDER_CAP, node_budget))

            def claim_job(mx: MaxN) -> Callable[[], None]:
                def run() -> None:
                    while (wi := sized.next()) is not None:
                        mx.forget(solver_world_seed(seed, wi))
                        r = mx.solve(sampled[wi], node_budget, order_ties=False)
                        results[wi] = (r["actions"], r["nodes"], r["exact"])
                return run

            try:
                # The caller counts the worlds (1-40 us each) before it wakes any pool thread,
                # so that every thread finds the order built when it starts: counted once the
                # pool thread was up, each count's release of the GIL handed it to the pool
                # thread and back, and the threads started solving ~0.2 ms into a 3-player
                # Mattis search (20 worlds of ~0.9 ms on 2 threads) where 20 counts take 20 us.
                sized.count(claimed[0])
                # run_claimed: every job claims worlds until none is left, so a job no pool
                # thread has started by the time the caller is done would find nothing to
                # solve; the caller takes it over (it returns at once) instead of waiting for
                # a pool thread to get a core on a busy machine. (With fixed shares, the time
                # limit's path below, taking over a share makes the search serial instead.)
                run_claimed([claim_job(mx) for mx in claimed])
            finally:
                _give_back(claimed, lambda mx: give_maxn(mx, paranoid, tt_bits, evaluation,
                                                         rollouts))
        else:
            # with a time limit each thread shares its time over a fixed set of worlds (thread
            # t: worlds t, t + N, ...); run_threads, not run_claimed: a max^n share takes
            # milliseconds, and on a loaded machine the caller taking over a share its pool
            # thread had not started yet made the search serial (measured 0.93x where waiting
            # gave 1.35-1.9x, load ~2)
            run_threads([solver_job(t) for t in range(threads)])
    return _merge(view, [r for r in results if r is not None], kind, evaluator, limit, seed,
                  t0, info, threads,
                  {"evaluator": "uct", "c": c, "objective": objective, "horizon": horizon,
                   "scale": scale, "max_nodes": max_nodes, "rollout": rollout,
                   "endgame": endgame, "endgame_budget": endgame_budget, "cutoff": cutoff,
                   "widen": widen, "opponents": opponents, "future": future}
                  if evaluator == "uct" else solver_params,
                  inference, particles)


def largest_first(sizes: Sequence[int]) -> list[int]:
    """World indices in the order threads claim them: the largest ``sizes`` first (each world's
    tree one trick deep, ``MaxN.tree_nodes`` up to a cap: ``_SizedClaims``), equal sizes (e.g.
    every world past the cap) in world order. Claimed in world order, a big world claimed last
    leaves the other threads idle while it is solved: at the 3-player Vic Village opening a
    world's max^n search takes 2-22 ms (median 3), and the big ones are exactly those with a
    big tree one trick deep (400-450 nodes against 130-160); largest first (longest processing
    time first) leaves only small worlds for the end. The answer does not depend on the order
    (each world has its own seed, the merge is in world order)."""
    return sorted(range(len(sizes)), key=lambda wi: (-sizes[wi], wi))


class _SizedClaims:
    """Hands out the world indices in ``largest_first`` order, the sizes counted by the first
    thread to call ``count`` (pimc_threads: the caller, before it wakes the pool threads); then
    every thread claims the next world of the order when it is free (``next``).

    One thread counts them all, not the threads together: shared, each world's count (1-40 us,
    its release of the GIL) handed the GIL between two threads that both wanted it, and the
    threads started solving ~0.2 ms into a 3-player Mattis search (20 worlds of ~0.9 ms on 2
    threads) where one thread counts the 20 worlds in ~20 us."""

    def __init__(self, worlds: Sequence[State], depth: int, cap: int) -> None:
        self._worlds = worlds
        self._depth = depth                     # plies counted: one trick
        self._cap = cap                         # counted up to cap + 1 nodes a world
        self._lock = threading.Lock()
        self._counting = False                  # a thread has taken the count
        self._order: list[int] = []
        self._claimed = 0                       # worlds of the order handed out
        self._failed = False                    # the count raised: hand out nothing
        self._ordered = threading.Event()       # the order is built (or the count failed)

    def count(self, mx: MaxN) -> None:
        """Count every world with ``mx`` and order them if no other thread has taken the
        count, then (either way) wait until the order is built."""
        with self._lock:
            mine = not self._counting
            self._counting = True
        if mine:
            try:
                sizes = [mx.tree_nodes(w, self._depth, self._cap) for w in self._worlds]
                self._order = largest_first(sizes)
            except BaseException:
                self._failed = True             # the other threads stop; the error is re-raised
                raise
            finally:
                self._ordered.set()
        self._ordered.wait()

    def next(self) -> int | None:
        """The next world of the order, or None when all are handed out (or the count
        failed)."""
        with self._lock:
            if self._failed or self._claimed >= len(self._order):
                return None
            self._claimed += 1
            return self._order[self._claimed - 1]


# Idle max^n solvers kept between PIMC searches (threaded or not), by (id of the game,
# paranoid, tt_bits, evaluation, rollouts, own policy): a new MaxN costs ~0.3-0.6 ms with the
# GIL held (its policy instance, the frontier estimate's set-up, its state pool) and the first
# touches of its table, which the threads of one search would pay one after the other; a kept
# one is forgotten instead (its table emptied in O(1) by a new key salt, its stream reseeded:
# it then searches exactly as a new one).
# Alpha-beta solvers are kept the same way (take_alphabeta).
_idle_solvers: dict[tuple, list[Any]] = {}
_idle_lock = threading.Lock()
_IDLE_LIMIT = 8          # solvers kept in all (a max^n table is 5 MB at tt_bits 16)


def take_maxn(game: Game, paranoid: bool, tt_bits: int, evaluation: str, rollouts: int,
              seed: int, own_policy: bool = True) -> MaxN:
    """A max^n solver for one thread's worlds (or, ``own_policy`` False, for PIMC's one
    thread, with the game's shared policy), as new (``MaxN(game, paranoid, tt_bits,
    evaluation, rollouts, seed, True, game.new_policy() if own_policy else None)``): a kept
    idle one forgotten to ``seed`` (``MaxN.forget``: O(1), where ``reset`` clears a 5 MB table
    with the GIL held by the thread that starts the search: ~0.2 ms a solver, 1-2% of a 3-player
    Mattis search on 2 threads), else a new one. Give it back with ``give_maxn`` (a solver in
    use is never shared)."""
    key = (id(game), paranoid, tt_bits, evaluation, rollouts, own_policy)
    with _idle_lock:
        idle = _idle_solvers.get(key, [])
        mx = idle.pop() if idle else None
    if mx is not None and mx.game is game:
        mx.forget(seed)
        return mx
    return MaxN(game, paranoid, tt_bits, evaluation, rollouts, seed, True,
                game.new_policy() if own_policy else None)


def give_maxn(mx: MaxN, paranoid: bool, tt_bits: int, evaluation: str, rollouts: int,
              own_policy: bool = True) -> None:
    """Keep ``mx`` (from ``take_maxn`` with these options) for a later search."""
    _keep((id(mx.game), paranoid, tt_bits, evaluation, rollouts, own_policy), mx)


def take_alphabeta(game: Game, tt_bits: int) -> AlphaBeta:
    """An alpha-beta solver as new (``AlphaBeta(game, tt_bits)``): a kept idle one cleared
    (``clear``: its tables zeroed, ~25 us at 16 bits), else a new one. A new solver's tables
    are fresh pages the search faults in (~1 ms at the opening of Mate's forced-card-hidden
    PIMC, as much as its 16 worlds' search); a kept one's are already there. Give it back with
    ``give_alphabeta``."""
    key = ("alphabeta", id(game), tt_bits)
    with _idle_lock:
        idle = _idle_solvers.get(key, [])
        ab = idle.pop() if idle else None
    if ab is not None and ab.game is game:
        ab.clear()
        ab.nodes = 0
        return ab
    return AlphaBeta(game, tt_bits)


def give_alphabeta(ab: AlphaBeta, tt_bits: int) -> None:
    """Keep ``ab`` (from ``take_alphabeta`` with ``tt_bits``) for a later search."""
    _keep(("alphabeta", id(ab.game), tt_bits), ab)


# Idle claim helpers (ClaimHelper: a daemon thread each, asleep without the GIL), kept for the
# process, with the id of the process that started their threads (a forked child has none).
_idle_helpers: list[ClaimHelper] = []
_helpers_pid = os.getpid()


def take_claim_helpers(count: int) -> list[ClaimHelper]:
    """``count`` claim helpers for one search, each with its thread serving it: kept idle ones
    first, new ones (and their daemon threads, started and waited for) for the rest. Give them
    back with ``give_claim_helpers``; a helper is never shared by two searches at once."""
    global _helpers_pid
    with _idle_lock:
        if _helpers_pid != os.getpid():       # forked: the threads stayed in the parent
            _idle_helpers.clear()
            _helpers_pid = os.getpid()
        out = [_idle_helpers.pop() for _ in range(min(count, len(_idle_helpers)))]
    while len(out) < count:
        helper = ClaimHelper()
        threading.Thread(target=helper.serve, name="trickhound-claims", daemon=True).start()
        while not helper.serving:           # once per helper in a process
            time.sleep(1e-5)
        out.append(helper)
    return out


def give_claim_helpers(helpers: Sequence[ClaimHelper]) -> None:
    """Keep ``helpers`` (from ``take_claim_helpers``) for a later search, in reverse
    (``_give_back``): the next search takes them in the same order."""
    with _idle_lock:
        if _helpers_pid == os.getpid():
            _idle_helpers.extend(reversed(helpers))


def _give_back(items: Sequence[Any], give: Callable[[Any], None]) -> None:
    """Give back one search's kept solvers (taken in thread order from a stack) last first,
    so that the next search takes them in the same order and each thread gets the solver it
    had: its table is then still in the cache of the core that thread ran on. Given back in
    taking order, the solvers swapped threads at every search, and 2 threads began each
    search on tables the other core held (16-bit tables, Mate's forced-card-hidden opening,
    alternated with one thread: 2 threads 16,200-16,700 worlds a second given back in
    taking order, 17,100-17,600 in reverse; the one thread 7,500-8,000 against 9,300-9,400,
    its table evicted by the swapped ones)."""
    for item in reversed(items):
        give(item)


def _keep(key: tuple, solver: Any) -> None:
    """Keep an idle solver under ``key``; past ``_IDLE_LIMIT`` the oldest kept ones go."""
    with _idle_lock:
        _idle_solvers.setdefault(key, []).append(solver)
        while sum(len(v) for v in _idle_solvers.values()) > _IDLE_LIMIT:
            oldest = next(k for k, v in _idle_solvers.items() if v)
            _idle_solvers[oldest].pop(0)
            if not _idle_solvers[oldest]:
                del _idle_solvers[oldest]


def _world_solver(game: Game, solver: str, node_budget: int, tt_bits: int, evaluation: str,
                  rollouts: int, seed: int
                  ) -> tuple[Callable[[Any, float | None], tuple[dict, int, bool]],
                             Callable[[], None]]:
    """One thread's exact solver of a world: (state, seconds or None) -> ({action: value},
    nodes, exact), as ``_pimc._solver_for`` builds for one thread (its own table, stream and
    policy), and what to call when the thread is done with it; max^n deepens within
    ``node_budget`` nodes and, when given, the seconds (its passes run without the GIL),
    alpha-beta is exact."""
    if solver == "alphabeta":
        ab = AlphaBeta(game, max(tt_bits, 8))

        def run_ab(world: Any, time_s: float | None) -> tuple[dict, int, bool]:
            r = ab.solve(world, False)
            return r["actions"], r["nodes"], True
        return run_ab, lambda: None
    paranoid = solver == "paranoid"
    mx = take_maxn(game, paranoid, tt_bits, evaluation, rollouts, seed)

    def run_mx(world: Any, time_s: float | None) -> tuple[dict, int, bool]:
        r = mx.solve(world, node_budget, time_s=time_s, order_ties=False)
        return r["actions"], r["nodes"], r["exact"]
    return run_mx, lambda: give_maxn(mx, paranoid, tt_bits, evaluation, rollouts)


def _merge(view: View, per_world: list[tuple], kind: str, evaluator: str, limit: SearchLimit,
           seed: int, t0: float, info: Any, threads: int, params: dict,
           inference: str, particles: int) -> SearchResult:
    """The PIMC answer from the per-world answers in world order, merged by ``pimc_search``'s
    own merge (``RootMerge``, in C: the same floats to the bit): per action the mean over the
    worlds that valued it with a 95% interval over worlds (with one UCT world: its tree's
    interval), visits summed, robustness = the share of worlds in which it was best; the best
    mean is recommended. ``per_world``: RootMerge.add_world's arguments and the root children
    (uct), or add_solved's (solver)."""
    merge = RootMerge(view.game, view.legal_actions())
    if evaluator == "solver":
        for values, n_nodes, exact in per_world:
            merge.add_solved(values, n_nodes, exact)
    else:
        for values, best, visits, n_nodes, iterations, _ in per_world:
            merge.add_world(values, best, visits, n_nodes, iterations)
    tree_stats = None
    if merge.worlds == 1 and evaluator == "uct":
        tree_stats = {a: (n, tot, sq) for a, n, tot, sq in per_world[0][5]}
    return _result(view, merge, tree_stats, kind, limit, seed, t0, info, threads, params,
                   inference, particles)


def _result(view: View, merge: RootMerge, tree_stats: dict | None, kind: str,
            limit: SearchLimit, seed: int, t0: float, info: Any, threads: int,
            params: dict, inference: str, particles: int) -> SearchResult:
    """The SearchResult of a threaded PIMC search from its merged worlds (``tree_stats``: the
    one UCT world's root statistics, else None)."""
    return build_result("pimc", view.player, merge.rows(view.action_to_str, tree_stats),
                        value=kind, nodes=merge.nodes, iterations=merge.iterations,
                        worlds=merge.worlds, rank_by="mean",
                        params=dict(params, inference=inference, particles=particles,
                                    **source_params(inference, view.game, info),
                                    threads=threads),
                        limit=limit, seed=seed, seconds=time.perf_counter() - t0,
                        exact=(params["evaluator"] == "solver" and merge.exact
                               and merge.worlds == 1 and view.game.perfect_information))
