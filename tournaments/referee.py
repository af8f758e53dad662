"""The referee: plays one game between bots, giving each only its view, checking and timing
every action, and turning a bot's fault into a recorded forfeit instead of a crash.

Whatever a bot's code raises — BaseException included: SystemExit, a KeyboardInterrupt it
raises itself, MemoryError — is that bot's forfeit (``exception``; ``memory`` for MemoryError,
e.g. a worker's --worker-memory limit). Only a real Ctrl-C of the person running the command
passes through: :func:`user_interrupts` marks it (pool workers ignore SIGINT altogether)."""
import contextlib
import signal
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
              rotation: int = 0, substitute: Optional[str] = SUBSTITUTE) -> GameRecord:
    """Play one game. ``bots``: live Bot objects by seat (or specs, built here). Returns a
    GameRecord. A bot that raises, returns an illegal action or exceeds ``move_time_limit``
    seconds on a move forfeits: it ranks last. The game is then played out with the
    ``substitute`` bot (seeded with the forfeiter's seed) in the forfeiter's seat, so that the
    other seats' returns and ranks are those of a finished game (records.scored_returns scores
    the forfeiter the game's worst return, whatever its seat's played-out return). No play-out
    (returns not recorded, the others share first) when ``substitute`` is None, after
    ``tampering`` (the state may be anything), for a person at the terminal (``quit``), or
    when a second bot forfeits during the play-out."""
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
    try:
        for seat, bot in enumerate(players):
            _guard(seat, "exception",
                   lambda: bot.reset(game, seat, bot_seeds[seat]))  # noqa: B023
        _play_to_end(game, state, players, record, move_time_limit, on_move)
    except Forfeit as f:
        record.termination = "forfeit"
        record.forfeit = {"seat": f.seat, "reason": f.reason, "detail": f.detail}
        record.ranks = [1 if s == f.seat else 0 for s in range(game.num_players)]
        if (substitute is not None and f.reason != "tampering"
                and not getattr(players[f.seat], "interactive", False)):
            _play_out(game, state, players, record, f.seat, substitute, bot_seeds[f.seat],
                      move_time_limit, on_move)
    record.seconds = time.perf_counter() - t_start
    return record



def _play_out(game: Game, state: State, players: list[Bot], record: GameRecord, seat: int,
              substitute: str, seed: int, move_time_limit: Optional[float],
              on_move: Optional[Callable[[State, int, int], Any]]) -> None:
    """Finish a forfeited game with ``substitute`` in ``seat``: the record gets the finished
    game's returns, and ranks with the forfeiter last and the others as the game ranked them.
    A second forfeit leaves the record as the first one made it."""
    players = list(players)
    players[seat] = make_bot(substitute, seed)
    players[seat].reset(game, seat, seed)
    # the played-out moves are the record's too (a replay of actions reaches the same end)
    try:
        _play_to_end(game, state, players, record, move_time_limit, on_move)
    except Forfeit:
        return
    ranks = list(record.ranks or [])
    others = sorted({r for s, r in enumerate(ranks) if s != seat})
    dense = {r: i for i, r in enumerate(others)}
    record.ranks = [len(others) if s == seat else dense[r] for s, r in enumerate(ranks)]


def _play_to_end(game: Game, state: State, players: list[Bot], record: GameRecord,
                 move_time_limit: Optional[float],
                 on_move: Optional[Callable[[State, int, int], Any]]) -> None:
    """Play ``state`` to its end, appending the moves to ``record``; at the end the record
    gets the outcome's returns, ranks and termination. Raises Forfeit on a bot's fault."""
    # The lambdas below are called at once by _guard, inside the loop: binding the loop
    # variables late (B023) is what they mean.
    # the seats whose bot overrides observe (most do not: then nothing is computed a move)
    observers = [s for s, b in enumerate(players)
                 if b.observe is not None and type(b).observe is not _base_observe()]
    while not state.is_terminal():
        seat = state.current_player()
        bot = players[seat]
        arg = state.clone() if bot.cheats else state.view(seat)
        fingerprint = state.state_hash()
        t0 = time.perf_counter()
        action = _guard(seat, "exception", lambda: bot.act(arg))  # noqa: B023
        dt = time.perf_counter() - t0
        if state.state_hash() != fingerprint:
            # a bot is trusted code in our process and could reach the referee's state
            # (e.g. through the call stack); changing it is caught here, reading it is not
            raise Forfeit(seat, "tampering", "the game state changed during its move")
        if move_time_limit is not None and dt > move_time_limit:
            raise Forfeit(seat, "timeout", f"{dt:.3f}s > {move_time_limit:.3f}s")
        try:
            action = int(action)
        except (TypeError, ValueError):
            raise Forfeit(seat, "illegal", f"returned {action!r}, not an action") from None
        if action not in state.legal_actions():
            raise Forfeit(seat, "illegal", f"returned {_text(state, action)}, "
                                           f"not legal in: {state.summary()}")
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
