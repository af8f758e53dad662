"""Our games through OpenSpiel (the ``openspiel`` extra): OpenSpiel's own random_sim_test on
every game and player count, a resampling check OpenSpiel lacks, the adapter agrees with our
engine action by action, and OpenSpiel's bots play in our referee."""
import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from solver.interop import openspiel as adapter  # noqa: E402
from solver.registry import example_configs, load_game  # noqa: E402
from tournaments.referee import play_game  # noqa: E402

CONFIGS = example_configs()


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("serialize", [False, True])
def test_random_sim_test(config, serialize):
    game = adapter.openspiel_game(load_game(config))
    pyspiel.random_sim_test(game, num_sims=2, serialize=serialize, verbose=False)


@pytest.mark.parametrize("config", CONFIGS)
def test_game_type_and_info(config):
    th = load_game(config)
    game = adapter.openspiel_game(th)
    gt = game.get_type()
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == th.num_players
    assert game.num_distinct_actions() == th.num_distinct_actions
    assert game.max_game_length() == th.max_game_length
    lo, hi = th.utility_bounds()
    assert (game.min_utility(), game.max_utility()) == (lo, hi)
    # Loading by name with the same parameters gives the same game.
    assert str(pyspiel.load_game(str(game))) == str(game)


@pytest.mark.parametrize("config", CONFIGS)
def test_resampled_states_keep_the_information_state(config):
    """Every resampled state gives the player the same information-state string (OpenSpiel has
    no such check; gin_rummy's resampler leaked real cards, see anchors §0)."""
    game = adapter.openspiel_game(load_game(config))
    rnd = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    state.apply_action(rnd.randrange(adapter.NUM_DEALS))
    steps = 0
    while not state.is_terminal() and steps < 60:
        p = state.current_player()
        key = state.information_state_string(p)
        for _ in range(3):
            r = state.resample_from_infostate(p, sampler)
            assert r.information_state_string(p) == key
            assert r.legal_actions() == state.legal_actions()
        state.apply_action(rnd.choice(state.legal_actions()))
        steps += 1


@pytest.mark.parametrize("config", CONFIGS)
def test_adapter_plays_the_same_game_as_our_engine(config):
    th = load_game(config)
    game = adapter.openspiel_game(th)
    rnd = random.Random(11)
    state = game.new_initial_state()
    state.apply_action(77)
    ours = th.new_initial_state(77)
    while not ours.is_terminal():
        assert state.legal_actions() == ours.legal_actions()
        a = rnd.choice(ours.legal_actions())
        assert state.action_to_string(state.current_player(), a) == ours.action_to_str(a)
        state.apply_action(a)
        ours.apply_action(a)
        assert json.loads(str(state)) == ours.to_json()
    assert state.is_terminal() and state.returns() == ours.returns()


@pytest.mark.parametrize("spec", ["openspiel-ismcts(iterations=20)",
                                  "openspiel-mcts(iterations=20)"])
def test_openspiel_bots_play_whole_games_reproducibly(spec):
    a = play_game("mate", [spec, "random"], deal_seed=2, bot_seeds=[5, 6])
    b = play_game("mate", [spec, "random"], deal_seed=2, bot_seeds=[5, 6])
    assert a.termination == "normal", a.forfeit
    assert a.comparable() == b.comparable()


def test_tournament_openspiel_ismcts_against_ours_is_rated(tmp_path):
    """A short seeded tournament, OpenSpiel's ISMCTS against ours on duplicate deals, runs to
    the end and is rated."""
    from click.testing import CliRunner

    from tournaments.cli import main
    out = tmp_path / "os"
    r = CliRunner().invoke(main, [
        "tournament", "--game", "mate-vic-village(players=3)", "--bots",
        "openspiel-ismcts(iterations=10),ismcts(iterations=200),random", "--deals", "1",
        "--seed", "3", "--workers", "1", "--executor", "serial", "--out", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    assert "openspiel-ismcts" in r.output and "mu" in r.output
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(records) == 3 and all(rec["termination"] == "normal" for rec in records)
    r = CliRunner().invoke(main, ["report", str(out)])
    assert r.exit_code == 0, r.output
    ratings = json.loads((out / "ratings.json").read_text())
    assert "openspiel-ismcts(iterations=10)" in json.dumps(ratings)
