"""SearchLimit validation and text form; SearchResult ordering, JSON schema and text."""
import json
import math
from dataclasses import replace

import pytest

from solver.errors import TrickhoundError
from solver.search.limits import SearchLimit, SearchLimitError
from solver.search.result import SCHEMA, build_result, mean_interval


def test_limit_needs_a_budget():
    with pytest.raises(SearchLimitError):
        SearchLimit()
    with pytest.raises(SearchLimitError):
        SearchLimit(worlds=10)
    assert issubclass(SearchLimitError, TrickhoundError)
    assert issubclass(SearchLimitError, ValueError)


@pytest.mark.parametrize("kw", [dict(iterations=0), dict(iterations=-3), dict(iterations=2.5),
                                dict(iterations=True), dict(time_s=0), dict(time_s=-1.0),
                                dict(time_s=math.inf), dict(time_s=math.nan), dict(time_s="1"),
                                dict(iterations=10, worlds=0), dict(iterations=10, worlds=1.5)])
def test_limit_rejects_bad_values(kw):
    with pytest.raises(SearchLimitError):
        SearchLimit(**kw)


def test_limit_text_round_trip():
    for lim in [SearchLimit(iterations=2000), SearchLimit(time_s=1.5),
                SearchLimit(iterations=100, time_s=0.25, worlds=7)]:
        assert SearchLimit.parse(str(lim)) == lim
        assert SearchLimit.from_json(json.loads(json.dumps(lim.to_json()))) == lim
    assert SearchLimit.parse("2000") == SearchLimit(iterations=2000)
    assert SearchLimit.parse("0.5s") == SearchLimit(time_s=0.5)
    assert SearchLimit.parse("it=5, t=2s, w=3") == SearchLimit(5, 2.0, 3)
    assert SearchLimit(iterations=3.0).iterations == 3
    for bad in ["", "abc", "iterations=x", "foo=1", "iterations=1,iterations=2", "worlds=3"]:
        with pytest.raises(SearchLimitError):
            SearchLimit.parse(bad)


def test_mean_interval():
    assert mean_interval(0.0, 0.0, 0) == (None, None, None)
    assert mean_interval(5.0, 25.0, 1) == (5.0, None, None)     # no variance from one value
    xs = [1.0, 2.0, 4.0, 7.0]
    m, lo, hi = mean_interval(sum(xs), sum(x * x for x in xs), len(xs))
    sd = math.sqrt(sum((x - 3.5) ** 2 for x in xs) / 3)
    assert m == 3.5 and math.isclose(hi - m, 1.959963984540054 * sd / 2)
    assert math.isclose(m - lo, hi - m)


def _rows():
    return [
        {"action": 3, "text": "C", "mean": 1.0,
         "ci_low": 0.5, "ci_high": 1.5, "visits": 40, "robustness": 0.2},
        {"action": 1, "text": "A", "mean": 2.0,
         "ci_low": 1.9, "ci_high": 2.1, "visits": 50, "robustness": 0.7},
        {"action": 2, "text": "B", "mean": 2.0,
         "ci_low": 1.0, "ci_high": 3.0, "visits": 10, "robustness": 0.1},
        {"action": 0, "text": "Z", "mean": None,
         "ci_low": None, "ci_high": None, "visits": 0, "robustness": None},
    ]


def test_build_result_orders_and_shares():
    r = build_result("x", 0, _rows(), value="return", nodes=5, iterations=100, worlds=1,
                     rank_by="visits", params={"c": 1})
    assert [a.action for a in r.actions] == [1, 3, 2, 0] and r.chosen == 1
    assert math.isclose(sum(a.share for a in r.actions), 1.0)
    r = build_result("x", 0, _rows(), value="return", nodes=5, iterations=100, worlds=1,
                     rank_by="mean", params={})
    assert [a.action for a in r.actions] == [1, 2, 3, 0]
    assert r.values() == {1: 2.0, 2: 2.0, 3: 1.0, 0: None}
    r = build_result("x", 0, _rows(), value="return", nodes=5, iterations=100, worlds=1,
                     rank_by="mean", params={}, chosen=3)
    assert r.chosen == 3 and r.actions[0].action == 3


def test_json_schema_is_stable_and_deterministic():
    r = build_result("pimc", 1, _rows(), value="round_gain", nodes=5, iterations=100, worlds=4,
                     rank_by="mean", params={"evaluator": "uct"}, limit=SearchLimit(100),
                     seed=7, seconds=1.25)
    j = r.to_json()
    assert list(j) == ["schema", "algorithm", "params", "limit", "seed", "player", "chosen",
                       "chosen_text", "value", "exact", "confidence", "nodes", "iterations",
                       "worlds", "actions"]
    assert j["schema"] == SCHEMA and j["chosen"] == 1 and j["chosen_text"] == "A"
    assert list(j["actions"][0]) == ["action", "text", "mean", "ci95", "visits", "share",
                                     "robustness"]
    assert json.loads(json.dumps(j)) == j                       # plain JSON (no NaN)
    r2 = build_result("pimc", 1, _rows(), value="round_gain", nodes=5, iterations=100, worlds=4,
                      rank_by="mean", params={"evaluator": "uct"}, limit=SearchLimit(100),
                      seed=7, seconds=9.0)
    assert r2 == r and r2.to_json() == j                         # wall clock is not compared
    jt = r.to_json(timing=True)
    assert jt["elapsed_s"] == 1.25 and jt["iterations_per_s"] == 80.0


def test_table_and_confidence():
    r = build_result("ismcts", 0, _rows(), value="return", nodes=5, iterations=100, worlds=100,
                     rank_by="visits", params={})
    text = r.table()
    lines = text.splitlines()
    assert lines[1].split()[:2] == ["move", "value"] and lines[2].split()[:2] == ["*", "A"]
    assert lines[-1].startswith("how sure: ")
    conf = r.confidence()
    assert conf["label"] == "close" and conf["gap"] == 0.0
    clear = [dict(_rows()[1]), dict(_rows()[0], mean=0.0, ci_low=-0.1, ci_high=0.1)]
    r = build_result("ismcts", 0, clear, value="return", nodes=1, iterations=1, worlds=1,
                     rank_by="visits", params={})
    # z > 3 from the intervals alone is "likely": no independent search measured the bias.
    assert r.sampling_confidence()["label"] == "clear" and r.confidence()["z"] > 3
    assert r.confidence()["label"] == "likely" and "bias unmeasured" in r.confidence()["text"]
    agree = {"algorithm": "pimc", "seed": 1, "chosen": r.chosen, "text": r.best.text,
             "label": "clear", "z": 4.0}
    assert replace(r, check=agree).confidence()["label"] == "clear"
    assert replace(r, check=dict(agree, label="likely")).confidence()["label"] == "likely"
    other = dict(agree, chosen=r.actions[1].action, text=r.actions[1].text)
    assert replace(r, check=other).confidence()["label"] == "close"
    assert replace(r, check=agree).to_json()["check"]["algorithm"] == "pimc"
    one = build_result("x", 0, _rows()[:1], value="return", nodes=1, iterations=1, worlds=1,
                       rank_by="mean", params={})
    assert one.confidence()["label"] == "forced"
    exact = [dict(_rows()[1], ci_low=2.0, ci_high=2.0), dict(_rows()[0], ci_low=1.0, ci_high=1.0)]
    r = build_result("solver", 0, exact, value="round_gain", nodes=1, iterations=1, worlds=1,
                     rank_by="mean", params={}, exact=True)
    assert r.confidence()["label"] == "proved" and "optimal" in r.confidence()["text"]
