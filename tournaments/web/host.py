"""A game against bots in the browser, hosted in its own process: the bots keep their state
between moves (as under the referee) and a bot's search never blocks the server.

A bot's fault (it raises, returns no legal move, or changes the state it reaches) is judged as the
referee judges it: the bot forfeits, the log says so, and the referee's substitute plays its seat
from there (referee.refereed_move, referee.SUBSTITUTE).

The host holds the true state; the page only ever gets the human seat's view (its render, its
view JSON and its legal moves), the moves as the human's seat saw them (a card played face down
is "a hidden move"), and the result at the end.
Protocol over a pipe: the parent sends ("state",) or ("move", text) and receives a snapshot
dict, or {"error": message} for a move that is not legal or not the human's turn.
"""
import multiprocessing
import signal
import threading
from multiprocessing.connection import Connection
from typing import Any, Optional

from solver.errors import TrickhoundError
from solver.game import State
from solver.observation import move_text_for, seen_by

_CTX = multiprocessing.get_context("forkserver")


def _snapshot(state: State, seat: int, specs: list[str], log: list[list]) -> dict:
    view = state.view(seat)
    out = {"seat": seat, "specs": specs, "log": log, "render": view.render(),
           "view": view.to_json(), "terminal": state.is_terminal(), "to_act": None,
           "legal": [], "returns": None, "ranks": None}
    if state.is_terminal():
        o = state.outcome()
        assert o is not None  # a terminal state has its outcome
        out["returns"], out["ranks"] = list(o.returns), list(o.ranks)
        out["render"] = state.render(seat)
    else:
        out["to_act"] = state.current_player()
        if out["to_act"] == seat:
            out["legal"] = [view.action_to_str(a) for a in view.legal_actions()]
    return out


def _host(conn: Connection, game_text: str, deal_seed: int, seat: int, specs: list[str],
          seeds: list[int]) -> None:
    """The child's loop: bots move until the human is to act, then wait for a command."""
    # Ctrl-C at the terminal reaches the whole process group: the server stops this process
    # itself (GameHost.close), so the child ignores it rather than print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from bots.registry import make_bot
    from solver.registry import load_game
    from tournaments.referee import SUBSTITUTE, Forfeit, guarded, refereed_move
    game = load_game(game_text)
    state = game.new_initial_state(deal_seed)
    log: list[list] = []
    # who plays each bot seat, as the log names it (a forfeiter's substitute: "heuristic (for
    # spec)", as analyse names it)
    names = {p: specs[p] for p in range(game.num_players) if p != seat}
    bots: dict[int, Any] = {}

    def stand_in(f: Forfeit) -> None:
        """A bot's fault, as under the referee (referee.play_game): it forfeits, the log says
        so, and the substitute plays its seat from here, so the game goes on."""
        p = f.seat
        log.append([p, names[p], f"forfeits ({f.reason}: {f.detail}); {SUBSTITUTE} plays "
                                 f"this seat from here"])
        names[p] = f"{SUBSTITUTE} (for {specs[p]})"
        bots[p] = make_bot(SUBSTITUTE, seeds[p])
        bots[p].reset(game, p, seeds[p])

    for p in names:
        try:
            bots[p] = guarded(p, lambda: make_bot(specs[p], seeds[p]))  # noqa: B023
            guarded(p, lambda: bots[p].reset(game, p, seeds[p]))  # noqa: B023
        except Forfeit as f:
            stand_in(f)

    def played(p: int, a: int) -> None:
        # the log is the human's: a move hidden from the human's seat reads "a hidden move"
        log.append([p, names.get(p, specs[p]), move_text_for(state, a, seat)])
        seen = seen_by(state, a, [q for q, b in bots.items()
                                  if type(b).observe is not _base_observe()])
        state.apply_action(a)
        for q in seen:
            try:
                guarded(q, lambda: bots[q].observe(state.view(q), p, seen[q]))  # noqa: B023
            except Forfeit as f:
                stand_in(f)

    def advance() -> None:
        while not state.is_terminal() and state.current_player() != seat:
            p = state.current_player()
            try:
                # on a copy: a bot that changes the state it reaches (tampering) forfeits and
                # leaves the hosted game as it was
                a, _dt = refereed_move(state.clone(), bots[p])
            except Forfeit as f:
                stand_in(f)
                continue
            played(p, a)

    advance()
    while True:
        try:
            cmd = conn.recv()
        except EOFError:
            return
        if cmd[0] == "move":
            try:
                if state.is_terminal() or state.current_player() != seat:
                    raise TrickhoundError("it is not your turn")
                a = state.parse_action(cmd[1])
                if a not in state.legal_actions():
                    raise TrickhoundError(f"{cmd[1]} is not a legal move here")
            except (TrickhoundError, ValueError) as e:
                conn.send({"error": " ".join(str(e).split())})
                continue
            played(seat, a)
            advance()
        elif cmd[0] == "quit":
            return
        conn.send(_snapshot(state, seat, specs, log))


def _base_observe() -> Any:
    from bots.base import Bot
    return Bot.observe


class GameHost:
    """The server's handle of one hosted game (thread-safe: one command at a time)."""

    def __init__(self, game_text: str, deal_seed: int, seat: int, specs: list[str],
                 seeds: list[int]) -> None:
        self.game_text, self.deal_seed, self.seat, self.specs = game_text, deal_seed, seat, specs
        self._conn, child = _CTX.Pipe()
        self._proc = _CTX.Process(target=_host, daemon=True,
                                  args=(child, game_text, deal_seed, seat, specs, seeds))
        self._proc.start()
        child.close()
        self._lock = threading.Lock()
        self.last: Optional[dict] = None

    def call(self, *cmd: str) -> dict:
        """Send a command and wait for the snapshot (blocking: call from a worker thread)."""
        with self._lock:
            try:
                self._conn.send(cmd)
                out = self._conn.recv()
            except (EOFError, OSError, BrokenPipeError):
                raise RuntimeError("the game's process ended") from None
            if "error" not in out:
                self.last = out
            return out

    def close(self) -> None:
        if self._proc.is_alive():
            self._proc.terminate()
        self._proc.join(timeout=2)
