"""The contract every registered bot keeps, on every game it supports (docs/architecture.md
§7): legal actions only over whole seeded games, reproducible under a seed, spec text round trip,
pickling, and no way from a view to the true state."""
import pickle

import pytest

from bots.registry import available_bots, bot_class, make_bot
from bots.spec import BotSpec, BotSpecError
from solver.errors import InvalidActionError
from solver.registry import available_games, load_game
from tournaments.referee import play_game

# Cheap parameters so the contract runs fast; each bot's defaults are exercised elsewhere.
FAST = {"solver": "solver(worlds=2,node_budget=2000)", "ismcts": "ismcts(iterations=100)",
        "pimc": "pimc(iterations=100,worlds=4)", "oracle": "oracle(iterations=100)",
        "openspiel-ismcts": "openspiel-ismcts(iterations=8)",
        "openspiel-mcts": "openspiel-mcts(iterations=8)"}


def pairs():
    for name in available_bots():
        cls = bot_class(name)
        for slug in available_games():
            game = load_game(slug)
            if cls.supports(game):
                yield FAST.get(name, name), slug


PAIRS = list(pairs())


def scripted_person(game, monkeypatch):
    """For interactive bots: a 'person' who types every action name of the game in turn
    (most are refused as not legal, exercising the retry loop) plus a hint now and then."""
    import itertools
    s = game.new_initial_state(0)
    names = []
    for a in range(game.num_distinct_actions):
        try:
            names.append(s.action_to_str(a))
        except InvalidActionError:
            pass                     # an id that names no action of this game (a gap)
    script = itertools.cycle(names + ["moves"])
    from bots.human import HumanBot
    monkeypatch.setattr(HumanBot, "read_line", lambda self: next(script))


@pytest.mark.parametrize("spec, slug", PAIRS)
def test_plays_only_legal_actions_and_is_reproducible(spec, slug, monkeypatch, capsys):
    game = load_game(slug)
    if bot_class(BotSpec.parse(spec).name).interactive:
        scripted_person(game, monkeypatch)
    specs = [spec] + ["random"] * (game.num_players - 1)
    a = play_game(game, specs, deal_seed=5, bot_seeds=list(range(game.num_players)))
    assert a.termination != "forfeit", a.forfeit
    if bot_class(BotSpec.parse(spec).name).interactive:
        scripted_person(game, monkeypatch)          # the same person again
    b = play_game(game, specs, deal_seed=5, bot_seeds=list(range(game.num_players)))
    assert a.comparable() == b.comparable()


@pytest.mark.parametrize("name", available_bots())
def test_spec_round_trip_and_pickle(name):
    spec = BotSpec.parse(FAST.get(name, name))
    assert BotSpec.parse(str(spec)) == spec
    assert pickle.loads(pickle.dumps(spec)) == spec
    bot = make_bot(spec, seed=3)
    assert type(pickle.loads(pickle.dumps(bot))) is type(bot)


def test_spec_text_forms():
    s = BotSpec.parse("ismcts(iterations=2000,c=0.7)")
    assert s.name == "ismcts" and s.kwargs == {"iterations": 2000, "c": 0.7}
    assert str(s) == "ismcts(c=0.7,iterations=2000)"
    assert BotSpec.parse("random") == BotSpec("random")
    with pytest.raises(BotSpecError):
        BotSpec.parse("ismcts(iterations)")


def test_bad_specs_name_the_problem():
    with pytest.raises(BotSpecError, match="available: .*random"):
        make_bot("nosuchbot")
    with pytest.raises(BotSpecError, match="unknown parameter"):
        make_bot("random(depth=3)")
    with pytest.raises(BotSpecError, match="must be int"):
        make_bot("solver(worlds=many)")
    with pytest.raises(BotSpecError, match="horizon='foo' of bot ismcts must be one of auto"):
        make_bot("ismcts(horizon=foo)")


def test_a_view_does_not_reach_the_true_state():
    """A bot gets a View whose world was re-dealt: the game-3 deal of a Mate match (hidden from
    both seats) is not the true one, and the View exposes no state attribute."""
    game = load_game("mate")
    s = game.new_initial_state(1)
    v = s.view(0)
    assert not any(hasattr(v, attr) for attr in ("world", "state", "_state"))
    truth = s.to_json()["next_deal"]
    assert "next_deal" not in v.to_json()
    assert v.determinize(0).to_json()["next_deal"] != truth


@pytest.mark.parametrize("name", available_bots())
def test_numeric_parameters_declare_their_ranges(name):
    """Issue 17: every numeric parameter of a built-in bot has a declared range (RANGES) that
    holds its default, and a value outside it is refused when the spec is made, naming it."""
    from bots.registry import check_range
    cls = bot_class(name)
    numeric = {k: d for k, (d, _doc) in cls.PARAMS.items()
               if isinstance(d, (int, float)) and not isinstance(d, bool)}
    assert set(numeric) <= set(cls.RANGES), f"{name}: no range for {set(numeric) - set(cls.RANGES)}"
    for key, default in numeric.items():
        check_range(cls, name, key, default)
        low, high = cls.RANGES[key]
        for bad in (([low - 1] if low is not None else [])
                    + ([high + 1] if high is not None else [])):
            with pytest.raises(BotSpecError, match=f"parameter {key}="):
                check_range(cls, name, key, bad)
