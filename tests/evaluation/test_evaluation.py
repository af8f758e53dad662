"""The fitted position evaluation (solver/evaluation; issue 15, item 2).

The features that the fit reads (``policy.features``) and the ones ``evaluate_c`` applies the
weights to are the same C code, and the numpy model of the fit is the C model: checked on
positions from seeded play. The features themselves are checked against the rules they read."""
import json
import random

import numpy as np
import pytest

from solver.evaluation import (
    EVALUATIONS,
    FEATURES,
    EvaluationError,
    load_model,
    model_path,
)
from solver.evaluation.fit import (
    PLAYER_COUNTS,
    logistic_fit,
    main,
    ridge_fit,
    stage_predict,
)
from solver.registry import load_game
from tests.conftest import random_states

CONFIGS = [f"{slug}(players={n})" for slug, counts in PLAYER_COUNTS.items() for n in counts]


def positions(game, seed, games=2):
    """Non-terminal positions of seeded random games."""
    return [s for s in random_states(game, seed, games=games) if not s.is_terminal()]


def feature(game, name):
    return FEATURES[game.name].index(name)


@pytest.mark.parametrize("spec", CONFIGS)
def test_fitted_evaluate_is_the_model_on_the_features(spec):
    """evaluate_c under "fitted" = the stored weights of the position's stage applied to
    ``features`` (through the stored link, within the bounds), for every seat."""
    game = load_game(spec)
    model = load_model(game.name, game.num_players)
    assert model is not None, f"no fitted model for {spec}: run python -m solver.evaluation.fit"
    policy = game.new_policy()    # a policy of its own to switch
    assert policy.num_features == len(FEATURES[game.name])
    w = np.asarray(model["weights"])
    policy.evaluation = "fitted"
    for s in positions(game, 7, games=1)[::3]:
        f = policy.features(s)
        assert f.shape == (game.num_players, len(FEATURES[game.name]))
        want = stage_predict(list(w), f, model["link"], model["lo"], model["hi"])
        if game.name == "mattis":                   # docs/rules/mattis.md §7.7: out = 1
            want[f[:, FEATURES["mattis"].index("still_in")] == 0] = 1.0
        assert policy.evaluate(s) == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("spec", ["dog-tag-trick(players=3)", "mate-vic-village(players=4)",
                                  "mattis(players=5)"])
def test_both_links_in_c_match_numpy(spec):
    """A model loaded by hand (random weights) is computed alike in C and in numpy, with the
    identity link (clipped) and with the logistic one."""
    game = load_game(spec)
    policy = game.policy
    k = policy.num_features
    rng = np.random.default_rng(3)
    states = positions(game, 11, games=1)[::4]
    for link in ("identity", "logistic"):
        w = [rng.normal(0, 0.3, k) for _ in range(3)]
        policy._set_model(w, -1.0, 4.0, True, link == "logistic")
        assert policy.evaluation == "fitted"
        for s in states:
            f = policy.features(s)
            want = stage_predict(w, f, link, -1.0, 4.0)
            if game.name == "mattis":                   # docs/rules/mattis.md §7.7: out = 1
                want[f[:, FEATURES["mattis"].index("still_in")] == 0] = 1.0
            assert policy.evaluate(s) == pytest.approx(want, abs=1e-9)
    policy._set_model([], 0.0, 0.0, False)
    assert policy.evaluation == "heuristic"
    with pytest.raises(EvaluationError):
        policy.evaluation = "fitted"


@pytest.mark.parametrize("spec", CONFIGS)
def test_heuristic_feature_is_the_hand_written_estimate(spec):
    game = load_game(spec)
    policy = game.new_policy()    # a policy of its own to switch
    policy.evaluation = "heuristic"
    for s in positions(game, 5, games=1)[::5]:
        assert list(policy.features(s)[:, 1]) == pytest.approx(policy.evaluate(s))
        assert set(policy.features(s)[:, 2]) <= {0.0, 1.0, 2.0}        # the stage


def test_dog_tag_trick_features_read_the_hands():
    """docs/rules/dog-tag-trick.md §2.3: card id (icon - 1) * 9 + base - 1; a hand's cards by
    base value add up to its size; §6.1: at most one seat holds main #1 so far."""
    game = load_game("dog-tag-trick(players=4)")
    policy = game.policy
    bases = [feature(game, f"base{b}") for b in ("1", "2", "3", "4")] + [
        feature(game, "base5_10")] + [feature(game, f"base{b}") for b in "6789"]
    for s in positions(game, 3):
        f = policy.features(s)
        for p in range(4):
            assert f[p, bases].sum() == f[p, feature(game, "hand_size")]
        assert f[:, feature(game, "main1_so_far")].sum() <= 1
        assert f[:, feature(game, "sub1_so_far")].sum() <= 1
        smallest = f[:, feature(game, "hand_size")].min()
        assert (f[:, feature(game, "min_hand_size")] == smallest).all()


def test_vic_village_trick_holder():
    """docs/rules/mate-vic-village.md §6.4: in a trick with cards played exactly one seat holds
    it: the last card showing N, else the last of the highest number."""
    game = load_game("mate-vic-village(players=4)")
    policy = game.policy
    seen = 0
    for s in positions(game, 4):
        f = policy.features(s)
        played = f[:, feature(game, "played_in_trick")]
        nums = [feature(game, f"num{v}") for v in range(1, 11)]
        assert (f[:, nums].sum(axis=1) == f[:, feature(game, "hand_size")]).all()
        assert (f[:, feature(game, "go_left")] + f[:, feature(game, "stay_left")]
                == f[:, feature(game, "tricks_left")]).all()
        if played.sum() > 0:
            seen += 1
            holder = f[:, feature(game, "wins_trick")]
            assert holder.sum() == 1
            assert played[holder == 1][0] == 1          # the holder has played to the trick
    assert seen > 20


def test_mattis_fitted_estimate_of_a_player_out_is_one():
    """docs/rules/mattis.md §7.7: a player out is not the mattis whatever happens, so the
    fitted estimate is his return, 1, exactly (the solver bot's tie-break relies on it)."""
    game = load_game("mattis(players=4)")
    policy = game.new_policy()    # a policy of its own to switch
    seen = 0
    policy.evaluation = "fitted"
    for s in positions(game, 6, games=4):
        f = policy.features(s)
        est = policy.evaluate(s)
        for p in range(4):
            if f[p, feature(game, "still_in")] == 0:
                seen += 1
                assert est[p] == 1.0
    assert seen > 0


def test_mattis_features_count_the_cards_to_shed():
    """docs/rules/mattis.md §6: in phase 1 a player's hand and won pile become its phase-2
    hand; a player out has nothing to shed."""
    game = load_game("mattis(players=4)")
    policy = game.policy
    for s in positions(game, 2):
        f = policy.features(s)
        shed = f[:, feature(game, "to_shed")]
        out = f[:, feature(game, "still_in")] == 0
        assert (shed[out] == 0).all()
        assert (f[:, feature(game, "trumps_held")] <= shed + 1).all()


def test_ridge_fit_recovers_a_linear_target():
    rng = np.random.default_rng(0)
    x = np.hstack([np.ones((2000, 1)), rng.normal(size=(2000, 3)), np.full((2000, 1), 2.0)])
    w = np.array([1.5, -2.0, 0.5, 3.0, 0.0])
    w_hat = ridge_fit(x, x @ w, penalty=1e-9)
    assert w_hat[:4] == pytest.approx(w[:4], abs=1e-6)
    assert w_hat[4] == 0.0                              # a constant column gets no weight


def test_logistic_fit_recovers_the_odds():
    rng = np.random.default_rng(1)
    x = np.hstack([np.ones((20000, 1)), rng.normal(size=(20000, 2))])
    w = np.array([0.3, 1.2, -0.8])
    y = (rng.random(20000) < 1 / (1 + np.exp(-(x @ w)))).astype(float)
    assert logistic_fit(x, y, penalty=1e-6) == pytest.approx(w, abs=0.08)


def test_data_files_ship_one_model_per_player_count():
    for slug, counts in PLAYER_COUNTS.items():
        with open(model_path(slug)) as f:
            data = json.load(f)
        assert data["features"] == list(FEATURES[slug])
        assert data["default"] in EVALUATIONS
        assert sorted(int(n) for n in data["models"]) == sorted(counts)
        for model in data["models"].values():
            assert model["positions"] > 0 and model["heldout_positions"] > 0
            assert model["link"] in ("identity", "logistic")
            assert {"fitted", "heuristic", "constant"} <= set(model["heldout"]["all"])
    with open("pyproject.toml") as f:
        assert '"solver.evaluation" = ["*.json"]' in f.read()


def test_a_data_file_of_other_features_is_refused(tmp_path):
    path = model_path("dog-tag-trick", str(tmp_path))
    with open(path, "w") as f:
        json.dump({"features": ["bias"], "models": {}}, f)
    with pytest.raises(EvaluationError):
        load_model("dog-tag-trick", 4, str(tmp_path))
    assert load_model("dog-tag-trick", 4, str(tmp_path / "nowhere")) is None


def test_a_policys_estimate_switches_and_refuses_unknown_names():
    """A searcher's own policy switches between the fitted and the hand-written estimate (max^n
    takes one through solver.search._maxn.frontier_policy), each the same for the same
    position; unknown names and a fit the game lacks are one-line errors."""
    game = load_game("dog-tag-trick(players=4)")
    policy = game.new_policy()
    s = positions(game, 9, games=1)[10]
    policy.evaluation = "heuristic"
    hand = policy.evaluate(s)
    policy.evaluation = "fitted"
    fitted = policy.evaluate(s)
    assert list(hand) != list(fitted)
    policy.evaluation = "heuristic"
    assert policy.evaluate(s) == hand
    with pytest.raises(EvaluationError):
        policy.evaluation = "neural"

def test_fit_command_writes_a_model(tmp_path, capsys):
    assert main(["--seed", "3", "--games", "10", "--game", "dog-tag-trick", "--players", "3",
                 "--out", str(tmp_path)]) == 0
    with open(model_path("dog-tag-trick", str(tmp_path))) as f:
        data = json.load(f)
    model = data["models"]["3"]
    assert model["seed"] == 3 and model["games"] == 10
    assert len(model["weights"]) == 3 and len(model["weights"][0]) == len(FEATURES["dog-tag-trick"])
    assert "held out" in capsys.readouterr().out
    # the same seed replays the same fit
    assert main(["--seed", "3", "--games", "10", "--game", "dog-tag-trick", "--players", "3",
                 "--out", str(tmp_path / "again")]) == 0
    with open(model_path("dog-tag-trick", str(tmp_path / "again"))) as f:
        assert json.load(f)["models"]["3"]["weights"] == model["weights"]


def test_fit_command_rejects_bad_input(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--games", "3"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["trickhound: error: --games must be at least 10"]


def test_solver_bot_with_the_fitted_evaluation_plays_and_restores():
    from bots.registry import make_bot

    game = load_game("dog-tag-trick(players=4)")
    before = game.policy.evaluation
    bot = make_bot("solver(exact_actions=64,evaluation=fitted,worlds=2,node_budget=50)")
    s = game.new_initial_state(4)
    rnd = random.Random(0)
    for _ in range(6):
        p = s.current_player()
        bot.reset(game, p, 1)
        a = bot.act(s.view(p))
        assert a in s.legal_actions()
        assert game.policy.evaluation == before
        s.apply_action(rnd.choice(s.legal_actions()))
