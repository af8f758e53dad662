"""Issue 16: order-free TrueSkill, ties, what a leaderboard knows about each adjacent pair, the
control variate, gauntlets per table, --until-separated and rate's SPRT."""
import json
import os
import random
import re
import shutil
import textwrap

import pytest
from click.testing import CliRunner

from tournaments.adaptive import ADAPTIVE, run_until_separated
from tournaments.cli import main
from tournaments.rate import deal_margins, sprt
from tournaments.ratings import estimate_draw_probability, rate, score_placings
from tournaments.records import GameRecord
from tournaments.runner import load_records, run_tournament
from tournaments.stats import leaderboard_text, summarize

from .conftest import run_config

TWINS = """
    from bots.heuristic import HeuristicBot
    from bots.random_bot import RandomBot

    class TwinA(HeuristicBot):
        name = "twin-a"

    class TwinB(HeuristicBot):
        name = "twin-b"

    class CousinA(RandomBot):
        name = "cousin-a"

    class CousinB(RandomBot):
        name = "cousin-b"

        def act(self, view):
            self.rng.randbelow(2)           # one draw more: its own random game
            return super().act(view)
"""


@pytest.fixture
def twins(tmp_path):
    path = tmp_path / "twins.py"
    path.write_text(textwrap.dedent(TWINS))
    return str(path)


def rec(gid, seating, returns, deal=0, rotation=0, ranks=None, **kw):
    """A finished game; ranks from the returns unless given."""
    return GameRecord(game_id=gid, game="mattis", deal_seed=deal, seating=list(seating),
                      bot_seeds=[0] * len(seating), returns=list(returns),
                      ranks=list(ranks) if ranks is not None else score_placings(returns),
                      deal_index=deal, rotation=rotation, **kw)


def duplicate_table(bots, deals, score, start=0):
    """Every rotation of a table of ``bots`` on each deal; ``score(deal, seat, bot)``."""
    out, gid = [], start
    n = len(bots)
    for d in range(deals):
        for r in range(n):
            seating = [bots[(s + r) % n] for s in range(n)]
            out.append(rec(gid, seating, [score(d, s, b) for s, b in enumerate(seating)],
                           deal=d, rotation=r))
            gid += 1
    return out


def noisy_table(seed=7):
    """Four bots of graded strength on 3-player tables, every deal with its own luck."""
    rng = random.Random(seed)
    luck = {(d, s): rng.gauss(0, 8) for d in range(30) for s in range(3)}
    skill = {"a": 3.0, "b": 2.0, "c": 0.5, "d": 0.0}
    records = []
    for t, table in enumerate((("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"),
                               ("b", "c", "d"))):
        records += duplicate_table(table, 30, lambda d, s, b: round(
            luck[(d, s)] + skill[b] + rng.gauss(0, 2), 1), start=1000 * t)
    return records


def test_shuffling_the_records_leaves_the_leaderboard_order_unchanged():
    """TrueSkill solved to convergence depends on the set of games, not their order: shuffled
    *and* given other game_ids (so no sort can restore the order), the ratings agree to the
    convergence tolerance and the board's order is the same (classic online TrueSkill moved mu
    by about one sigma this way)."""
    records = noisy_table()
    want = summarize(records)
    rng = random.Random(3)
    for _ in range(2):
        ids = list(range(len(records)))
        rng.shuffle(ids)
        shuffled = [GameRecord(**{**r.to_json(), "game_id": i}) for r, i in zip(records, ids)]
        rng.shuffle(shuffled)
        got = summarize(shuffled)
        assert [r.spec for r in got.bots] == [r.spec for r in want.bots]
        by_mu = sorted(want.ratings.ratings, key=lambda s: -want.ratings.mu(s))
        assert sorted(got.ratings.ratings, key=lambda s: -got.ratings.mu(s)) == by_mu
        for s, (mu, sigma) in want.ratings.ratings.items():
            assert got.ratings.mu(s) == pytest.approx(mu, abs=0.02)
            assert got.ratings.sigma(s) == pytest.approx(sigma, abs=0.02)


def test_identical_bots_rate_equal_within_sigma(tmp_path, twins):
    """The tie test: a table of identical bots (heuristic and two copies of it; mate on
    duplicate deals, each plays both sides of every deal) rates them equal within sigma, and
    so do tied players in a synthetic 4-player table where every game is a three-way tie for
    first (the Mattis shape)."""
    cfg = run_config(tmp_path, "twins", bots=[f"{twins}:TwinA", f"{twins}:TwinB", "heuristic"],
                     deals=6)
    run_tournament(cfg, progress=False)
    s = summarize(load_records(cfg.out))
    rows = [s.row(sp) for sp in cfg.bots]
    for x in rows:
        for y in rows:
            assert abs(x.mu - y.mu) < min(x.sigma, y.sigma)
            if x is not y:
                assert s.pair(x.spec, y.spec).mean == pytest.approx(0.0)
    assert not any(a.separated for a in s.adjacent)

    records = duplicate_table(["p", "q", "r", "loser"], 8,
                              lambda d, s, bot: -1.0 if bot == "loser" else 0.0)
    r = rate(records)
    assert r.env["draw_probability"] == pytest.approx(2 / 3)   # two of three adjacent places
    for x, y in (("p", "q"), ("q", "r"), ("p", "r")):
        assert r.mu(x) == pytest.approx(r.mu(y), abs=1e-6)
    assert r.mu("p") - r.mu("loser") > 3 * r.sigma("p")


def test_draw_probability_and_score_placings():
    assert estimate_draw_probability([[0, 0, 0, 3], [0, 1]]) == pytest.approx(2 / 4)
    assert estimate_draw_probability([[0, 1], [1, 0]]) == 0.01          # clamped
    assert score_placings([10, 3, 9.5, -2], 1) == [0, 2, 0, 3]
    assert score_placings([10, 3, 9.5, -2], 0) == [0, 2, 1, 3]
    # Placings by score: a 40-point win and a 1-point win differ only with a threshold.
    records = [rec(0, "ab", [1, 0], ranks=[0, 1]), rec(1, "ab", [0.5, 0], ranks=[0, 1])]
    assert rate(records, placings="score", tie_threshold=0.6).mu("a") < rate(records).mu("a")


def test_a_board_states_separation_bootstrap_and_trueskill_disagreement():
    # b beats a by 10 on one deal in four; a beats b by 1 on the other three: more wins for a
    # (TrueSkill puts a first), more points for b (the paired order puts b first).
    def score(d, s, bot):
        if d % 4 == 0:
            return 10.0 if bot == "b" else 0.0
        return 1.0 if bot == "a" else 0.0
    records = duplicate_table(["a", "b"], 8, score)
    s = summarize(records)
    assert [r.spec for r in s.bots] == ["b", "a"]
    adj, = s.adjacent
    assert (adj.upper, adj.lower) == ("b", "a") and adj.mean == pytest.approx(1.75)
    assert not adj.separated and adj.trueskill_disagrees
    assert s.ratings.mu("a") > s.ratings.mu("b")
    assert 0.5 < adj.bootstrap < 1.0
    text = leaderboard_text(s)
    assert "b > a: +1.75 ±" in text and "NOT SEPARATED" in text
    assert "[TrueSkill orders this pair the other way]" in text
    assert "ranked by paired score" in text and "order-free" in text
    ts = summarize(records, ranking="trueskill")
    assert [r.spec for r in ts.bots] == ["a", "b"] and ts.adjacent[0].trueskill_disagrees

    s = summarize(noisy_table())
    assert [r.spec for r in s.bots] == ["a", "b", "c", "d"]
    assert s.adjacent[0].separated and s.adjacent[0].bootstrap > 0.975


def test_gauntlet_figures_come_from_each_candidates_own_tables():
    """Two candidates on the same deals: the pool bots' pairing on one candidate's tables is
    never mixed with the other's (it was: -132 ± 24 reported, -56 ± 31 on the same tables)."""
    def table_a(d, s, bot):
        return {"A": 5.0, "P": 10.0, "Q": 0.0}[bot] + d
    def table_b(d, s, bot):
        return {"B": -5.0, "P": 0.0, "Q": 10.0}[bot] + d
    records = (duplicate_table(["A", "P", "Q"], 6, table_a)
               + duplicate_table(["B", "P", "Q"], 6, table_b, start=100))
    s = summarize(records, candidates=["A", "B"])
    ta, tb = s.tables["A"], s.tables["B"]
    assert ta.pair("P", "Q").mean == pytest.approx(10.0)
    assert tb.pair("P", "Q").mean == pytest.approx(-10.0)
    assert ta.pair("A", "P").mean == pytest.approx(-5.0) and ta.records == 18
    assert tb.pair("B", "Q").mean == pytest.approx(-15.0) and tb.records == 18
    assert "B" not in {r.spec for r in ta.bots}
    assert ta.row("A").paired_score == pytest.approx(0.0)       # (-5 + 5) / 2
    assert tb.row("B").paired_score == pytest.approx(-10.0)     # (-5 - 15) / 2
    text = leaderboard_text(s)
    assert text.index("candidate A") < text.index("candidate B")
    assert "from its own tables" in text


def test_control_variate_is_unbiased_and_reports_the_reduction():
    """A reference that carries each deal and seat's luck: the advantages keep every
    difference of mean scores exactly and their per-deal variance is far smaller."""
    rng = random.Random(2)
    luck = {(d, s): rng.gauss(0, 20) for d in range(20) for s in range(2)}
    skill = {"a": 2.0, "b": 0.0}
    records = duplicate_table(["a", "b"], 20, lambda d, s, b: luck[(d, s)] + skill[b]
                              + rng.gauss(0, 1))
    reference = {k: v for k, v in luck.items()}
    s = summarize(records, reference=reference)
    a, b = s.row("a"), s.row("b")
    assert a.advantage - b.advantage == pytest.approx(a.mean_score - b.mean_score)
    assert s.control.factor > 10
    without, with_ = s.control.deals_needed(1.0)
    assert without > 10 * with_
    assert "Control variate" in leaderboard_text(s) and "fewer deals with it" in leaderboard_text(s)


def test_until_separated_stops_when_separated_or_says_which_pairs_it_could_not(tmp_path, twins):
    cfg = run_config(tmp_path, "sep", bots=["solver", "random"], deals=40)
    out = run_until_separated(cfg, 40, progress=False, echo=lambda m: None)
    assert out["stopped"] == "separated" and out["deals_played"] < 40
    assert json.load(open(os.path.join(cfg.out, ADAPTIVE)))["deals_played"] == out["deals_played"]
    assert len({r.deal_index for r in load_records(cfg.out)}) == out["deals_played"]

    r = CliRunner().invoke(main, ["tournament", "--game", "mate", "--bots",
                                  f"{twins}:CousinA,{twins}:CousinB", "--until-separated",
                                  "--max-deals", "6", "--executor", "serial", "--quiet",
                                  "--out", str(tmp_path / "cousins")])
    assert r.exit_code == 0, r.output
    assert ("could not separate twins.py:CousinA / twins.py:CousinB after 6 deal(s)" in r.output
            or "could not separate twins.py:CousinB / twins.py:CousinA after 6 deal(s)"
            in r.output)
    assert "NOT SEPARATED" in r.output
    assert r.output.count("could not separate") == 1        # once, with the board
    # two bots that play alike score the same on every deal: no cap would separate them, so
    # the run stops once the others are settled (tester pass 4: it played to the cap)
    r = CliRunner().invoke(main, ["tournament", "--game", "mate", "--bots",
                                  f"{twins}:TwinA,{twins}:TwinB", "--until-separated",
                                  "--max-deals", "30", "--executor", "serial", "--quiet",
                                  "--out", str(tmp_path / "twins")])
    assert r.exit_code == 0, r.output
    assert "the same score on every deal" in r.output
    # listed as equal, not one above the other (tester 8 read ">" for two bots that tie)
    assert re.search(r"twins\.py:Twin[AB] = twins\.py:Twin[AB]: \+0\.00", r.output), r.output
    assert "every adjacent pair separated or identical after 6 deal(s)" in r.output
    r = CliRunner().invoke(main, ["tournament", "--game", "mate", "--bots", "random,heuristic",
                                  "--max-deals", "6", "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "--until-separated" in r.output


def test_sprt_by_hand():
    t = sprt([1.0, -1.0] * 10, margin=1.0)
    assert t.decision == "equal" and t.llr_plus < t.lower and t.llr_minus < t.lower
    assert t.upper == pytest.approx(2.944, abs=1e-3) and t.lower == pytest.approx(-2.944, abs=1e-3)
    assert sprt([5.0, 6.0, 5.5, 4.5], margin=1.0).decision == "stronger"
    assert sprt([-5.0, -6.0, -5.5, -4.5], margin=1.0).decision == "weaker"
    assert sprt([5.0, 6.0, 5.5], margin=1.0).decision is None       # below MIN_DEALS
    assert sprt([0.4, 0.6, -0.1, 0.9, 0.3], margin=1.0).decision is None
    records = duplicate_table(["c", "p", "q"], 2, lambda d, s, b: {"c": 3.0, "p": 1.0, "q": 0.0}[b])
    assert deal_margins(records, "c", ["p", "q"]) == [2.5, 2.5]


def test_rate_accepts_a_copy_of_a_pool_bot_as_equal(tmp_path, twins):
    # Against heuristic alone the copy plays every deal and seat exactly as the pool bot does.
    r = CliRunner().invoke(main, ["rate", f"{twins}:TwinA", "--game", "mate", "--pool",
                                  "heuristic", "--margin", "20", "--executor", "serial",
                                  "--out", str(tmp_path / "r2")])
    assert r.exit_code == 0, r.output
    assert "twins.py:TwinA: EQUAL to the pool within ± the margin" in r.output
    assert "bounds -2.94 / 2.94" in r.output and "pool (given pool): heuristic" in r.output


def test_rate_decides_a_clearly_stronger_bot_in_few_groups(tmp_path):
    r = CliRunner().invoke(main, ["rate", "solver", "--game", "mate", "--pool", "random",
                                  "--executor", "serial", "--max-games", "100",
                                  "--out", str(tmp_path / "r")])
    assert r.exit_code == 0, r.output
    assert "solver: STRONGER than the pool" in r.output
    deals = {rr.deal_index for rr in load_records(str(tmp_path / "r"))}
    assert len(deals) <= 8          # a few batches of 2 deals, far below the cap of 50


def test_until_separated_continues_to_a_higher_cap(tmp_path, twins):
    """A run that hit its cap goes on from where it stopped (the schedule for more deals
    extends the one for fewer): the first games stay, none is played twice."""
    cfg = run_config(tmp_path, "more", bots=[f"{twins}:CousinA", f"{twins}:CousinB"], deals=4)
    first = run_until_separated(cfg, 4, progress=False, echo=lambda m: None)
    assert first["stopped"] == "deal cap" and first["deals_played"] == 4
    before = [r.comparable() for r in load_records(cfg.out)]
    again = run_until_separated(cfg, 8, progress=False, echo=lambda m: None)
    records = load_records(cfg.out)
    assert again["deals_played"] == 8 and len(records) == 16
    assert [r.comparable() for r in records[:8]] == before
    assert len({r.game_id for r in records}) == 16


def test_the_sanity_table_is_played_apart_and_reported(tmp_path):
    """leaderboard.sanity: random plays a gauntlet against the pool in <run>/sanity (one deal
    per pool table), never in the main table; continuing the run does not replay it."""
    cfg_path = tmp_path / "board.toml"
    cfg_path.write_text(textwrap.dedent(f"""
        game = "mate"
        bots = ["heuristic", "solver"]
        seed = 3
        executor = "serial"
        out = "{tmp_path / 'run'}"
        [leaderboard]
        sanity = ["random"]
        sanity_deals = 1
    """))
    args = ["tournament", str(cfg_path), "--until-separated", "--max-deals", "4", "--quiet"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert all("random" not in rec.seating for rec in load_records(str(tmp_path / "run")))
    sanity = load_records(str(tmp_path / "run" / "sanity"))
    assert {s for rec in sanity for s in rec.seating} == {"random", "heuristic", "solver"}
    r = CliRunner().invoke(main, args[:-3] + ["--max-deals", "6", "--quiet"])
    assert r.exit_code == 0, r.output
    assert len(load_records(str(tmp_path / "run" / "sanity"))) == len(sanity)
    r = CliRunner().invoke(main, ["report", str(tmp_path / "run")])
    assert r.exit_code == 0, r.output
    md = open(tmp_path / "run" / "report.md").read()
    assert "## Sanity table" in md and "candidate random" in md
    for bad, word in (('rankng = "paired"', "unknown leaderboard setting rankng"),
                      ('ranking = "elo"', "leaderboard.ranking must be one of"),
                      ("tie_threshold = -1", "leaderboard.tie_threshold")):
        cfg_path.write_text(f'game = "mate"\nbots = ["random", "heuristic"]\n'
                            f'[leaderboard]\n{bad}\n')
        r = CliRunner().invoke(main, ["tournament", str(cfg_path), "--out",
                                      str(tmp_path / "bad")])
        assert r.exit_code == 2 and r.output.startswith("trickhound: error: ") and word in r.output


def test_the_sanity_table_without_until_separated_and_its_errors_first(tmp_path):
    """Newcomer pass 2: leaderboard.sanity was ignored by a plain `tournament` run, an unknown
    sanity bot passed silently there and, with --until-separated, was refused only after the
    whole main run (leaving its folder behind)."""
    cfg_path = tmp_path / "board.toml"

    def write(sanity: str, bots: str = '["heuristic", "solver"]') -> None:
        cfg_path.write_text(textwrap.dedent(f"""
            game = "mate"
            bots = {bots}
            deals = 1
            seed = 3
            executor = "serial"
            out = "{tmp_path / 'run'}"
            [leaderboard]
            sanity = {sanity}
            sanity_deals = 1
        """))

    write('["random"]')
    r = CliRunner().invoke(main, ["tournament", str(cfg_path), "--quiet"])
    assert r.exit_code == 0, r.output
    assert all("random" not in rec.seating for rec in load_records(str(tmp_path / "run")))
    sanity = load_records(str(tmp_path / "run" / "sanity"))
    assert sanity and all("random" in rec.seating for rec in sanity)
    for sanity_bots, bots, word in (('["nosuch"]', '["heuristic", "solver"]', "unknown bot"),
                                    ('["random"]', '["random", "heuristic"]',
                                     "both in leaderboard.sanity and in the main table")):
        out = tmp_path / "run"
        shutil.rmtree(out, ignore_errors=True)
        write(sanity_bots, bots)
        for extra in ([], ["--until-separated", "--max-deals", "2"]):
            r = CliRunner().invoke(main, ["tournament", str(cfg_path), "--quiet"] + extra)
            assert r.exit_code == 2 and r.output.startswith("trickhound: error: "), r.output
            assert word in r.output and not out.exists()


def test_a_pair_whose_own_games_lean_the_other_way_says_so():
    """The adjacent pairs follow the board's order; where a pair's own paired difference is
    negative but not separated, the line says the order is the board's (tester 6)."""
    from types import SimpleNamespace

    from tournaments.stats import adjacent_lines
    pair = SimpleNamespace(upper="pimc", lower="heuristic", mean=-0.58, ci=15.32, deals=10,
                           bootstrap=0.26, separated=False, reversed=False,
                           trueskill_disagrees=False)
    summary = SimpleNamespace(bots=[], adjacent=[pair])
    [_, line] = adjacent_lines(summary)
    assert line.startswith("  pimc > heuristic: -0.58 ± 15.32 over 10 deal(s), bootstrap 26%")
    assert "their own games lean the other way" in line
    pair.mean = 0.58
    assert "lean the other way" not in adjacent_lines(summary)[1]


def test_a_board_without_paired_scores_says_what_orders_it(tmp_path):
    """Without duplicate deals no deal is played by two bots in the same seat: no paired
    score, and the board says it is ordered by TrueSkill, not "by paired score" (tester 6)."""
    from tournaments.config import load_config
    from tournaments.runner import load_records, run_tournament
    from tournaments.stats import ranking_statement, summarize
    cfg = load_config(game="mate", bots=["heuristic", "random"], deals=4, seed=2,
                      duplicate=False, executor="serial", out=str(tmp_path / "nodup"))
    run_tournament(cfg, progress=False)
    summary = summarize(load_records(cfg.out))
    assert all(r.paired_score is None for r in summary.bots)
    assert ranking_statement(summary).startswith("ranked by TrueSkill mu - 3·sigma: no paired")


def test_a_gauntlet_follows_the_boards_ranking_and_says_it(tmp_path):
    """A gauntlet orders its candidates by the board's ranking setting and says which; each
    pair line says separated or not (tester 6: it sorted by paired score under ranking =
    "trueskill", and marked only the unseparated pairs)."""
    from tournaments.config import load_config
    from tournaments.runner import load_records, run_tournament
    from tournaments.stats import gauntlet_text, summarize
    cfg = load_config(game="mate", format="gauntlet", candidates=["random", "heuristic"],
                      bots=["pimc(iterations=50)"], deals=4, seed=1, executor="serial",
                      out=str(tmp_path / "g"))
    run_tournament(cfg, progress=False)
    records = load_records(cfg.out)
    for ranking in ("paired", "trueskill"):
        summary = summarize(records, ranking=ranking, candidates=["random", "heuristic"])
        text = gauntlet_text(summary)
        said = ("TrueSkill mu - 3·sigma on their own tables" if ranking == "trueskill"
                else "paired score vs the pool")
        assert f"candidates ranked by {said}." in text
        rows = [summary.tables[c].row(c) for c in ("random", "heuristic")]
        key = (lambda r: r.conservative) if ranking == "trueskill" else (
            lambda r: r.paired_score)
        best = max(rows, key=key).spec
        first = next(line for line in text.splitlines() if line.startswith("1. candidate "))
        assert first.startswith(f"1. candidate {best}:")
        pair_lines = [line for line in text.splitlines() if line.startswith("     ")]
        assert pair_lines and all(line.endswith(("— separated", "— not separated"))
                                  for line in pair_lines)


def test_a_cap_below_one_batch_is_reported_as_the_batch_played(tmp_path):
    """--max-deals 1 plays one deal and says the intervals were looked at after a batch of 1,
    not of the 2 a batch would have held (tester 8)."""
    r = CliRunner().invoke(main, ["tournament", "--game", "mattis(players=3)", "--bots",
                                  "random,heuristic", "--until-separated", "--max-deals", "1",
                                  "--executor", "serial", "--quiet",
                                  "--out", str(tmp_path / "one")])
    assert r.exit_code == 0, r.output
    assert "after every batch of 1." in r.output
    assert json.load(open(tmp_path / "one" / ADAPTIVE))["batch_deals"] == 1


def test_until_separated_takes_one_deal_cap() -> None:
    """--max-deals is the cap of --until-separated, and --deals its default: given both, one
    was silently unused; now a one-line error says to give one (tester 8)."""
    r = CliRunner().invoke(main, ["tournament", "--game", "mate", "--bots", "random,heuristic",
                                  "--until-separated", "--deals", "2", "--max-deals", "1"])
    assert r.exit_code == 2 and "give one of them" in r.output, r.output
