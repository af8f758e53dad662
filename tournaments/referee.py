"""The referee: plays one game between bots, giving each only its view, checking and timing
every action, and turning a bot's fault into a recorded forfeit instead of a crash.

Whatever a bot's code raises — BaseException included: SystemExit, a KeyboardInterrupt it
raises itself, MemoryError — is that bot's forfeit (``exception``; ``memory`` for MemoryError,
e.g. a worker's --worker-memory limit). Only a real Ctrl-C of the person running the command
passes through: :func:`user_interrupts` marks it (pool workers ignore SIGINT altogether)."""
import contextlib
import operator
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional, TypeVar, Union

from bots.base import Bot
from bots.registry import make_bot
from bots.spec import BotSpec
from solver.game import Game, State
from solver.observation import seen_by
from solver.registry import load_game
from tournaments.records import GameRecord


class Forfeit(Exception):
    def __init__(self, seat: int, reason: str, detail: str) -> None:
        super().__init__(f"seat {seat} forfeits ({reason}): {detail}")
        self.seat, self.reason, self.detail = seat, reason, detail


#: The bot that plays a forfeiting seat's moves to the end of the game (play_game).
SUBSTITUTE = "heuristic"


def play_game(game: Union[Game, str], bots: Sequence[Union[Bot, str, BotSpec]], deal_seed: int,
              bot_seeds: Sequence[int], game_id: int = 0,
              move_time_limit: Optional[float] = None,
              on_move: Optional[Callable[[State, int, int], Any]] = None,
              seating_specs: Optional[Sequence[str]] = None, deal_index: int = 0,
              rotation: int = 0, substitute: Optional[str] = SUBSTITUTE,
              on_forfeit: Optional[Callable[[int, str, str, bool], Any]] = None
              ) -> GameRecord:
    """Play one game. ``bots``: live Bot objects by seat (or specs, built here). Returns a
    GameRecord. A bot that raises (in ``reset``, ``act`` or ``observe``), returns an illegal
    action or exceeds ``move_time_limit`` seconds on a move forfeits: it ranks last. Its seat
    is then played to the end by the ``substitute`` bot (seeded with the forfeiter's seed), and
    so is every seat that forfeits after it, so that the other seats' returns and ranks are
    those of a finished game (records.scored_returns scores each forfeiter the game's worst
    return, whatever its seat's played-out return, and in a two-player constant-sum game the
    other seat the rest of the sum). The record's ``forfeit`` is the first
    forfeit, with ``at`` (the number of moves played before it: the substitute made the
    seat's moves from there) and ``others`` (any later forfeits, likewise). No play-out
    (returns not recorded; the forfeiters last, the others share first) when ``substitute``
    is None, after ``tampering`` (the state may be anything) or for a person at the terminal
    (``quit``). ``on_forfeit(seat, reason, detail, plays_on)`` is told of each forfeit when it
    happens, and whether the substitute plays the game on (False: the game ends there)."""
    if isinstance(game, str):
        game = load_game(game)
    specs = seating_specs or [str(getattr(b, "spec", b)) for b in bots]
    players: list[Bot] = [make_bot(b, seed) if isinstance(b, (str, BotSpec)) else b
                          for b, seed in zip(bots, bot_seeds)]
    state = game.new_initial_state(deal_seed)
    record = GameRecord(game_id=game_id, game=game.spec(), deal_seed=deal_seed,
                        seating=[str(s) for s in specs], bot_seeds=list(bot_seeds),
                        oracle_seats=[i for i, b in enumerate(players) if b.cheats],
                        deal_index=deal_index, rotation=rotation)
    t_start = time.perf_counter()
    forfeits: list[dict[str, Any]] = []

    def stand_in(f: Forfeit) -> bool:
        """Record ``f``; put the substitute in its seat. False: the game stops here."""
        forfeits.append({"seat": f.seat, "reason": f.reason, "detail": f.detail,
                         "at": len(record.actions)})
        plays_on = not (f.reason == "tampering"
                        or getattr(players[f.seat], "interactive", False))
        if on_forfeit is not None:
            on_forfeit(f.seat, f.reason, f.detail, plays_on and substitute is not None)
        if not plays_on or substitute is None:
            return False
        players[f.seat] = make_bot(substitute, bot_seeds[f.seat])
        players[f.seat].reset(game, f.seat, bot_seeds[f.seat])
        return True

    going = True
    for seat in range(len(players)):
        try:
            _guard(seat, "exception",
                   lambda: players[seat].reset(game, seat, bot_seeds[seat]))  # noqa: B023
        except Forfeit as f:
            if not stand_in(f):
                going = False
                break
    finished = False
    while going:
        try:
            _play_to_end(game, state, players, record, move_time_limit, on_move)
            finished = True
            break
        except Forfeit as f:
            going = stand_in(f)
    if forfeits:
        out = {f["seat"] for f in forfeits}
        record.termination = "forfeit"
        record.forfeit = dict(forfeits[0])
        if len(forfeits) > 1:
            record.forfeit["others"] = [dict(f) for f in forfeits[1:]]
        if finished:
            # the forfeiters last (tied), the others as the finished game ranked them
            ranks = list(record.ranks or [])
            kept = sorted({r for s, r in enumerate(ranks) if s not in out})
            dense = {r: i for i, r in enumerate(kept)}
            record.ranks = [len(kept) if s in out else dense[r] for s, r in enumerate(ranks)]
        else:
            record.returns = None
            record.ranks = [1 if s in out else 0 for s in range(game.num_players)]
    record.seconds = time.perf_counter() - t_start
    return record


def _play_to_end(game: Game, state: State, players: list[Bot], record: GameRecord,
                 move_time_limit: Optional[float],
                 on_move: Optional[Callable[[State, int, int], Any]]) -> None:
    """Play ``state`` to its end, appending the moves to ``record``; at the end the record
    gets the outcome's returns, ranks and termination. Raises Forfeit on a bot's fault."""
    # The lambda below is called at once by _guard, inside the loop: binding the loop
    # variables late (B023) is what it means.
    # the seats whose bot overrides observe (most do not: then nothing is computed a move)
    observers = [s for s, b in enumerate(players)
                 if b.observe is not None and type(b).observe is not _base_observe()]
    while not state.is_terminal():
        seat = state.current_player()
        action, dt = refereed_move(state, players[seat], move_time_limit)
        # what each observing bot may learn of the move (None: hidden from that seat)
        seen = seen_by(state, action, observers) if observers else {}
        state.apply_action(action)
        record.actions.append(action)
        record.move_times.append(dt)
        if on_move is not None:
            on_move(state, seat, action)
        for s in seen:
            _guard(s, "exception",
                   lambda: players[s].observe(state.view(s), seat, seen[s]))  # noqa: B023
    out = state.outcome()
    assert out is not None  # the loop above ends only at a terminal state
    record.returns, record.ranks = list(out.returns), list(out.ranks)
    if record.forfeit is None:
        record.termination = out.termination


def refereed_move(state: State, bot: Bot, move_time_limit: Optional[float] = None
                  ) -> tuple[int, float]:
    """The move of ``bot``, the seat to act in ``state`` (which it gets as its view, or a copy
    of the state when it is an oracle), checked as the referee checks every move, and the wall
    seconds it took. Raises Forfeit when the bot raised, changed ``state`` behind the
    referee's back, overran ``move_time_limit`` or returned anything but a legal action."""
    seat = state.current_player()
    arg = state.clone() if bot.cheats else state.view(seat)
    fingerprint = state.state_hash()
    t0 = time.perf_counter()
    action = _guard(seat, "exception", lambda: bot.act(arg))
    dt = time.perf_counter() - t0
    if state.state_hash() != fingerprint:
        # a bot is trusted code in our process and could reach the referee's state (e.g.
        # through the call stack); changing it is caught here, reading it is not
        raise Forfeit(seat, "tampering", "the game state changed during its move")
    if move_time_limit is not None and dt > move_time_limit:
        raise Forfeit(seat, "timeout", f"{dt:.3f}s > {move_time_limit:.3f}s")
    try:
        action = _returned_action(action)
    except (TypeError, ValueError):
        raise Forfeit(seat, "illegal", f"returned {action!r}, not an action (an int)") from None
    if action not in state.legal_actions():
        raise Forfeit(seat, "illegal", f"returned {_text(state, action)}, "
                                       f"not legal in: {state.summary()}")
    return action, dt


def _returned_action(returned: Any) -> int:
    """What a bot's ``act`` returned, as an action (an int). TypeError when it is not one: a
    float or a string (which ``int`` would take), and a bool: Python counts True as the int
    1, but a bot that returns True or False has a bug (a yes/no where a move was due), and
    reading it as action 1 or 0 would report, or play, a card the bot never chose. numpy's
    bool likewise (looked for only when numpy is loaded: a bot cannot return one otherwise)."""
    numpy = sys.modules.get("numpy")
    if isinstance(returned, bool) or (numpy is not None and isinstance(returned, numpy.bool_)):
        raise TypeError(f"{returned!r} is a bool")
    # an integer of any kind (numpy's too), never a float or a string that int() would take:
    # 7.9 or "7" as action 7 is a bot's bug played as a move
    return operator.index(returned)


def _base_observe() -> Callable[..., None]:
    from bots.base import Bot
    return Bot.observe


#: Set while a Ctrl-C of the user is being delivered (see user_interrupts).
_USER_INTERRUPT = threading.Event()


@contextlib.contextmanager
def user_interrupts() -> Iterator[None]:
    """Within this block (main thread only), Ctrl-C still raises KeyboardInterrupt but is
    marked as the user's, so the referee lets it stop the command instead of scoring it as the
    running bot's forfeit."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_sigint(signum: int, frame: object) -> None:
        _USER_INTERRUPT.set()
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGINT, on_sigint)
    _USER_INTERRUPT.clear()
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def mark_user_interrupt() -> None:
    """Record that the command is being stopped by its user (Ctrl-C or SIGTERM)."""
    _USER_INTERRUPT.set()


def user_interrupted() -> bool:
    """Whether the running command is being stopped by the user's Ctrl-C."""
    return _USER_INTERRUPT.is_set()


_T = TypeVar("_T")


def guarded(seat: int, fn: Callable[[], _T]) -> _T:
    """``fn()``, a call into the bot at ``seat`` (its reset or observe), whose exception is the
    seat's Forfeit (``exception``; ``memory`` for a MemoryError), as the referee treats it."""
    return _guard(seat, "exception", fn)


def _guard(seat: int, reason: str, fn: Callable[[], _T]) -> _T:
    try:
        return fn()
    except Forfeit:
        raise
    except KeyboardInterrupt as e:
        if _USER_INTERRUPT.is_set():
            raise  # the person at the terminal, not the bot
        raise Forfeit(seat, reason, describe(e)) from None
    except MemoryError as e:
        raise Forfeit(seat, "memory", describe(e) + " (out of memory; see --worker-memory)") \
            from None
    except BaseException as e:  # noqa: B036 - a bot's bug (even SystemExit) is its forfeit
        raise Forfeit(seat, reason, describe(e)) from None


def describe(e: BaseException) -> str:
    """``Type: message``, or just ``Type`` when the exception has no message."""
    text = str(e)
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _text(state: State, action: int) -> str:
    try:
        return state.action_to_str(action)
    except Exception:
        return repr(action)
