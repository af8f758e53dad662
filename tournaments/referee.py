"""The referee: plays one game between bots, giving each only its view, checking and timing
every action, and turning a bot's fault into a recorded forfeit instead of a crash."""
import time

from bots.registry import make_bot
from bots.spec import BotSpec
from solver.registry import load_game
from tournaments.records import GameRecord


class Forfeit(Exception):
    def __init__(self, seat, reason, detail):
        super().__init__(f"seat {seat} forfeits ({reason}): {detail}")
        self.seat, self.reason, self.detail = seat, reason, detail


def play_game(game, bots, deal_seed, bot_seeds, game_id=0, move_time_limit=None,
              on_move=None, seating_specs=None, deal_index=0, rotation=0):
    """Play one game. ``bots``: live Bot objects by seat (or specs, built here). Returns a
    GameRecord. A bot that raises, returns an illegal action or exceeds ``move_time_limit``
    seconds on a move forfeits: it ranks last, the others share first place, and returns are
    not recorded (the game did not finish)."""
    if isinstance(game, str):
        game = load_game(game)
    specs = seating_specs or [str(getattr(b, "spec", b)) for b in bots]
    bots = [make_bot(b, seed) if isinstance(b, (str, BotSpec)) else b
            for b, seed in zip(bots, bot_seeds)]
    state = game.new_initial_state(deal_seed)
    record = GameRecord(game_id=game_id, game=game.spec(), deal_seed=deal_seed,
                        seating=[str(s) for s in specs], bot_seeds=list(bot_seeds),
                        oracle_seats=[i for i, b in enumerate(bots) if b.cheats],
                        deal_index=deal_index, rotation=rotation)
    t_start = time.perf_counter()
    try:
        for seat, bot in enumerate(bots):
            _guard(seat, "exception", lambda: bot.reset(game, seat, bot_seeds[seat]))
        while not state.is_terminal():
            seat = state.current_player()
            bot = bots[seat]
            arg = state.clone() if bot.cheats else state.view(seat)
            t0 = time.perf_counter()
            action = _guard(seat, "exception", lambda: bot.act(arg))
            dt = time.perf_counter() - t0
            if move_time_limit is not None and dt > move_time_limit:
                raise Forfeit(seat, "timeout", f"{dt:.3f}s > {move_time_limit:.3f}s")
            try:
                action = int(action)
            except (TypeError, ValueError):
                raise Forfeit(seat, "illegal", f"returned {action!r}, not an action") from None
            if action not in state.legal_actions():
                raise Forfeit(seat, "illegal", f"returned {_text(state, action)}, "
                                               f"not legal in: {state.summary()}")
            state.apply_action(action)
            record.actions.append(action)
            record.move_times.append(dt)
            if on_move is not None:
                on_move(state, seat, action)
            for s, b in enumerate(bots):
                if b.observe is not None and type(b).observe is not _base_observe():
                    _guard(s, "exception", lambda: b.observe(state.view(s), seat, action))
        out = state.outcome()
        record.returns, record.ranks = list(out.returns), list(out.ranks)
        record.termination = out.termination
    except Forfeit as f:
        record.termination = "forfeit"
        record.forfeit = {"seat": f.seat, "reason": f.reason, "detail": f.detail}
        record.ranks = [1 if s == f.seat else 0 for s in range(game.num_players)]
    record.seconds = time.perf_counter() - t_start
    return record


def _base_observe():
    from bots.base import Bot
    return Bot.observe


def _guard(seat, reason, fn):
    try:
        return fn()
    except Forfeit:
        raise
    except Exception as e:  # a bot's bug must not stop the tournament
        raise Forfeit(seat, reason, f"{type(e).__name__}: {e}") from None


def _text(state, action):
    try:
        return state.action_to_str(action)
    except Exception:
        return repr(action)
