"""A forfeit scores the game's worst return for the forfeiting seat (tournaments/records.py
scored_returns), so that a bot never climbs a board, or passes ``rate``, by forfeiting the games
it is losing (found by the second newcomer pass: a heuristic bot that resigned when behind
ranked above the plain heuristic)."""
from __future__ import annotations

import textwrap
from pathlib import Path

from solver.registry import load_game
from tournaments.config import load_config
from tournaments.rate import deal_margins
from tournaments.records import GameRecord, forfeiting_seats, scored_returns, worst_return
from tournaments.runner import load_records, run_tournament
from tournaments.stats import summarize

SORE = textwrap.dedent('''
    from bots.heuristic import HeuristicBot


    class SoreHeuristic(HeuristicBot):
        """The heuristic bot, resigning (raising) whenever its seat's score is behind."""
        name = "sore-heuristic"

        def act(self, view):
            j = view.to_json()
            totals = j.get("totals") or j.get("scores")
            me = view.player
            if totals is not None and totals[me] < max(
                    t for i, t in enumerate(totals) if i != me):
                raise RuntimeError("I resign")
            return super().act(view)
''')


def _record(**kw: object) -> GameRecord:
    base: dict = dict(game_id=0, game="dog-tag-trick(players=3)", deal_seed=1,
                      seating=["a", "b", "c"], bot_seeds=[1, 2, 3])
    base.update(kw)
    return GameRecord(**base)


def test_a_forfeit_scores_the_worst_return_for_its_seat_only() -> None:
    rec = _record(termination="forfeit", ranks=[0, 2, 0],
                  forfeit={"seat": 1, "reason": "exception", "detail": "x"})
    lo = load_game("dog-tag-trick(players=3)").utility_bounds()[0]
    assert worst_return("dog-tag-trick(players=3)") == lo
    assert scored_returns(rec) == [None, lo, None]
    assert scored_returns(_record(returns=[3.0, 5.0, 1.0])) == [3.0, 5.0, 1.0]
    assert scored_returns(_record(termination="failed")) is None


def _run(tmp_path: Path, game: str, deals: int, *others: str) -> list[GameRecord]:
    plugin = tmp_path / "sore.py"
    plugin.write_text(SORE)
    cfg = load_config(game=game, bots=[f"{plugin}:SoreHeuristic", *others], deals=deals,
                      seed=1, executor="serial", out=str(tmp_path / "run"))
    run_tournament(cfg, progress=False)
    return load_records(str(tmp_path / "run"))


def test_resigning_when_behind_does_not_climb_the_board(tmp_path: Path) -> None:
    records = _run(tmp_path, "mate", 6, "heuristic")
    sore = next(s for s in records[0].seating if s.endswith(":SoreHeuristic"))
    assert any(r.forfeit for r in records), "the sore bot never resigned: no test"
    summary = summarize(records)
    assert [row.spec for row in summary.bots] == ["heuristic", sore]
    row = summary.row(sore)
    assert row.forfeits > 0 and row.paired_score is not None and row.paired_score < 0
    # rate's statistic sees every deal, the forfeits scored as losses
    margins = deal_margins(records, sore, ["heuristic"])
    assert len(margins) == 6 and sum(margins) < 0


def test_a_multiplayer_forfeit_leaves_the_other_pairs_scored(tmp_path: Path) -> None:
    records = _run(tmp_path, "dog-tag-trick(players=3)", 4, "heuristic", "random")
    sore = next(s for s in records[0].seating if s.endswith(":SoreHeuristic"))
    forfeits = [r for r in records if r.forfeit]
    assert forfeits, "the sore bot never resigned: no test"
    # played out by the substitute: the others' returns are a finished game's, the forfeiter
    # ranks last
    for r in forfeits:
        seat = r.forfeit["seat"]
        assert r.returns is not None and r.ranks is not None
        assert r.ranks[seat] == max(r.ranks) and r.ranks.count(r.ranks[seat]) == 1
    summary = summarize(records)
    pair = summary.pair("heuristic", "random")      # not wiped out by the forfeits
    assert pair is not None and pair.deals == 4
    assert summary.row(sore).paired_score is not None
    assert summary.row(sore).paired_score < summary.row("heuristic").paired_score


def test_a_gauntlet_board_names_a_candidates_forfeits(tmp_path: Path) -> None:
    from tournaments.stats import gauntlet_text
    plugin = tmp_path / "sore.py"
    plugin.write_text(SORE)
    cfg = load_config(game="mate", format="gauntlet", bots=["random"], deals=3, seed=1,
                      candidates=[f"{plugin}:SoreHeuristic", "heuristic"], executor="serial",
                      out=str(tmp_path / "run"))
    run_tournament(cfg, progress=False)
    records = load_records(cfg.out)
    forfeits = sum(1 for r in records if r.forfeit)
    assert forfeits, "the sore bot never resigned: no test"
    text = gauntlet_text(summarize(records, candidates=cfg.candidates))
    assert f"it forfeited {forfeits} (exception {forfeits})" in text


class _Raiser:
    """A bot (duck-typed for play_game) that raises at its ``at``-th act, or in reset."""

    def __init__(self, at: int = 0, in_reset: bool = False) -> None:
        from bots.random_bot import RandomBot
        self.inner, self.at, self.in_reset, self.acts = RandomBot(), at, in_reset, 0
        self.cheats, self.interactive, self.observe = False, False, None

    def reset(self, game, seat, seed):  # type: ignore[no-untyped-def]
        if self.in_reset:
            raise RuntimeError("no reset for me")
        self.inner.reset(game, seat, seed)

    def act(self, view):  # type: ignore[no-untyped-def]
        self.acts += 1
        if self.acts > self.at:
            raise RuntimeError(f"act {self.acts}")
        return self.inner.act(view)


def test_every_forfeit_of_a_game_is_recorded_and_played_out() -> None:
    """Tester pass 3: a second forfeit during the play-out was not recorded (the game lost its
    returns and the second forfeiter shared first); a forfeit in reset left the later seats'
    bots un-reset."""
    from bots.heuristic import HeuristicBot
    from tournaments.referee import play_game
    game = load_game("mate-vic-village(players=3)")
    rec = play_game(game, [_Raiser(at=1), _Raiser(at=6), HeuristicBot()], 7, [1, 2, 3],
                    seating_specs=["first", "second", "heuristic"])
    assert rec.termination == "forfeit" and rec.returns is not None
    assert [s for s, _ in forfeiting_seats(rec.forfeit)] == [0, 1]
    assert rec.forfeit["at"] < rec.forfeit["others"][0]["at"]
    assert rec.ranks[2] == 0 and rec.ranks[0] == rec.ranks[1] == 1
    lo = worst_return(rec.game)
    assert scored_returns(rec) == [lo, lo, rec.returns[2]]
    summary = summarize([rec])
    assert summary.row("first").forfeits == 1 and summary.row("second").forfeits == 1
    # a forfeit in reset: the seats after it are reset all the same, and the game played out
    rec = play_game(game, [_Raiser(in_reset=True), HeuristicBot(), HeuristicBot()], 7,
                    [1, 2, 3], seating_specs=["r", "h1", "h2"])
    assert rec.forfeit["seat"] == 0 and rec.forfeit["at"] == 0 and rec.returns is not None
    assert state_over(game, 7, rec.actions)


def state_over(game, seed: int, actions: list[int]) -> bool:  # type: ignore[no-untyped-def]
    s = game.new_initial_state(seed)
    for a in actions:
        s.apply_action(a)
    return bool(s.is_terminal())


def test_analyse_names_the_substitutes_moves() -> None:
    from bots.heuristic import HeuristicBot
    from tournaments.analyse import review_record
    from tournaments.referee import play_game
    rec = play_game("tiny-tricks", [_Raiser(at=1), HeuristicBot()], 5, [1, 2],
                    seating_specs=["raiser", "heuristic"])
    review = review_record(rec, node_budget=2000, worlds=2)
    seat, at = forfeiting_seats(rec.forfeit)[0]
    mine = [d for d in review.decisions if d.seat == seat]
    assert mine and all(d.bot == "raiser" for d in mine if d.ply < at)
    assert all(d.bot.startswith("heuristic (for raiser") for d in mine if d.ply >= at)
    assert any(d.ply >= at for d in mine)


def test_a_two_player_forfeit_scores_the_other_seat_the_rest_of_the_sum() -> None:
    """In Mate (constant sum 0) the other seat scores the best return, played out or not: a
    worker killed mid-game (or tampering) leaves no play-out, and a bot that ends its worker
    when behind must not erase its opponent's wins (tester 6: heuristic won 34 of 40 and scored
    -106.8); played out, the two still sum to the constant as a finished game's do."""
    lo = worst_return("mate")
    crashed = GameRecord(game_id=0, game="mate", deal_seed=1, seating=["a", "b"],
                         bot_seeds=[1, 2], termination="forfeit", ranks=[1, 0],
                         forfeit={"seat": 0, "reason": "crash", "detail": "worker died"})
    assert scored_returns(crashed) == [lo, -lo]
    # played out by the substitute (who won it): the same scores, summing to 0
    played = GameRecord(game_id=0, game="mate", deal_seed=1, seating=["a", "b"],
                        bot_seeds=[1, 2], termination="forfeit", ranks=[1, 0],
                        returns=[12.0, -12.0],
                        forfeit={"seat": 0, "reason": "exception", "detail": "x"})
    assert scored_returns(played) == [lo, -lo]
    # both seats forfeiting: both score the worst
    both = GameRecord(game_id=0, game="mate", deal_seed=1, seating=["a", "b"],
                      bot_seeds=[1, 2], termination="forfeit", ranks=[1, 1],
                      returns=[12.0, -12.0],
                      forfeit={"seat": 0, "reason": "exception", "detail": "x",
                               "others": [{"seat": 1, "at": 5, "reason": "timeout",
                                           "detail": "y"}]})
    assert scored_returns(both) == [lo, lo]
    # three seats: no sum to split, the others stay unscored
    rec = _record(termination="forfeit", ranks=[0, 2, 0],
                  forfeit={"seat": 1, "reason": "crash", "detail": "x"})
    assert scored_returns(rec)[0] is None
