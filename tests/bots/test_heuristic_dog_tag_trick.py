"""The Dog Tag Trick heuristic (bots/heuristic/dog_tag_trick.py, scoring with the game's policy,
solver/games/dog_tag_trick/_policy.pyx): legal and reproducible over whole seeded games of every
example configuration, and its rules of thumb on posed positions."""
import pytest

from bots.heuristic import dog_tag_trick as H
from solver.games.dog_tag_trick import notation as N
from solver.games.dog_tag_trick import rules as R
from solver.registry import example_configs, load_game
from solver.rng import Random
from tests.games.dog_tag_trick.helpers import trick_position
from tournaments.referee import play_game

CONFIGS = example_configs("dog-tag-trick")


@pytest.mark.parametrize("config", CONFIGS)
def test_plays_only_legal_actions_over_whole_games(config):
    game = load_game(config)
    n = game.num_players
    rng = Random(7)
    for seed in range(3):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            view = s.view(s.current_player())
            legal = view.legal_actions()
            a = H.choose(view, rng) if len(legal) > 1 else legal[0]
            assert a in legal, (config, view.action_to_str(a))
            s.apply_action(a)
        assert len(s.returns()) == n
    # And through the referee, against random and against itself.
    for seed, specs in ((11, ["heuristic"] + ["random"] * (n - 1)), (12, ["heuristic"] * n)):
        rec = play_game(game, specs, deal_seed=seed, bot_seeds=list(range(n)))
        assert rec.termination != "forfeit", rec.forfeit


@pytest.mark.parametrize("config", CONFIGS)
def test_reproducible_under_a_seed(config):
    game = load_game(config)
    n = game.num_players
    specs = ["heuristic"] * (n - 1) + ["random"]
    a = play_game(game, specs, deal_seed=3, bot_seeds=[5 + i for i in range(n)])
    b = play_game(game, specs, deal_seed=3, bot_seeds=[5 + i for i in range(n)])
    assert a.comparable() == b.comparable()


# -- posed positions ------------------------------------------------------------------------
def pose(config, lead, hands, plays=()):
    """Round 0 of ``config`` with seat ``lead`` leading the first trick; ``hands`` fixes some
    seats' cards (the rest are filled in id order), then ``plays`` are made from the lead."""
    game = load_game(config)
    n, h = game.num_players, R.HAND_SIZE[game.num_players]
    taken = {c for cards in hands.values() for c in cards}
    free = [N.card_name(c) for c in range(R.NUM_CARDS) if N.card_name(c) not in taken]
    full = []
    for p in range(n):
        cards = list(hands.get(p, []))
        while len(cards) < h:
            cards.append(free.pop(0))
        full.append(cards)
    s = game.state_from_json({"round": 0, "first_lead": lead, "scores": [0] * n,
                              "hands": full, "tricks": []})
    for text in plays:
        s.apply_action(s.parse_action(text))
    return s


def choice(state, seed=0):
    view = state.view(state.current_player())
    return view.action_to_str(H.choose(view, Random(seed)))


def test_leads_the_pair_nobody_can_beat():
    # 1H+1P is the best Low Set Pair there is; every other pair of this hand can be beaten.
    s = pose("dog-tag-trick", 0, {0: "1H 1P 3B 4F 6B 7H 8F 9B 9H".split()})
    for seed in range(5):
        assert choice(s, seed) == "1H+1P SET"


def test_joins_the_main_event_under_its_name():
    # Seat 0 plays last. 2H+3H and 2H+3P qualify for RUN and FIVE; the main event is RUN
    # (6B+7B leads it) and a 2-3 run takes it, so the pair is announced RUN.
    s = pose("dog-tag-trick", 1, {1: ["6B", "7B"], 2: ["8F"], 3: ["9F"],
                                  0: "2H 3H 3P 7P 8P 8H 9B 9P 9H".split()},
             ["6B+7B RUN", "8F ONE", "9F ONE"])
    assert choice(s) in ("2H+3H RUN", "2H+3P RUN")


def test_no_pair_spent_where_it_cannot_place():
    # The lead's 1H+1P SET cannot be beaten and this hand holds no Set Pair: any pair would
    # score nothing, so the play is a single — the 5/10 card as 10, the top single.
    s = pose("dog-tag-trick", 0, {0: ["1H", "1P"], 1: "2H 3F 4B 6P 8B 9F 1B 7F 5H".split()},
             ["1H+1P SET"])
    assert choice(s) == "5H:10 ONE"


def test_throws_the_least_useful_card_when_nothing_can_score():
    # Main event lost (1s set) and sub event lost (10P single): throw one card, keeping the
    # strong 1B+2B / 2F runs and the 1-9 / 2-8 High Fives.
    s = pose("dog-tag-trick", 0,
             {0: ["1H", "1P"], 1: ["5P"], 2: "1B 2B 2F 3H 4F 6H 7P 8B 9F".split()},
             ["1H+1P SET", "5P:10 ONE"])
    for seed in range(5):
        play = choice(s, seed)
        assert play.endswith(" ONE"), play
        assert play.split()[0] not in ("1B", "2B", "2F"), play


def test_prefers_a_sure_single_to_a_pair_ranked_third():
    # Two Set Pairs (1s, 2s) are down: a third set scores nothing; 5H as 10 beats the 9P.
    s = pose("dog-tag-trick", 0,
             {0: ["1H", "1P"], 1: ["2H", "2P"], 2: ["9P"],
              3: "3B 3F 5H 6B 7F 8H 4P 9B 1B".split()},
             ["1H+1P SET", "2H+2P SET", "9P ONE"])
    assert choice(s) == "5H:10 ONE"


def test_empties_the_hand_with_a_winning_pair_in_the_final_trick():
    # Seat 1 holds only 1P+2P, the best Low Run Pair: playing it ends the round as main #1
    # of the final trick (5 points).
    config = "dog-tag-trick(players=3)"
    game = load_game(config)
    obj = trick_position(config, 0, ["9B ONE", "1P+2P RUN", "3B ONE"], sizes=[5, 2, 5])
    s = game.state_from_json(obj)
    s.apply_action(s.parse_action("9B ONE"))
    assert s.current_player() == 1
    assert choice(s) == "1P+2P RUN"


def test_auto_join_main_counts_an_other_announcement():
    # Under announcement=auto_join_main a 2-3 announced FIVE still competes in the RUN main
    # event: the heuristic values both announcements alike and takes the trick with a 2-3.
    config = ("dog-tag-trick(players=3,unqualified_pairs=allowed_as_discard,"
              "announcement=auto_join_main)")
    s = pose(config, 1, {1: ["6B", "7B"], 2: ["8F"],
                         0: "2H 3H 3P 7P 7H 8P 8H 8B 9B 9P 9H".split()},
             ["6B+7B RUN", "8F ONE"])
    view = s.view(0)
    legal = view.legal_actions()
    world = view.determinize(0)
    scores = dict(zip((view.action_to_str(a) for a in legal), s.game.policy.scores(world, legal)))
    assert scores["2H+3H RUN"] == pytest.approx(scores["2H+3H FIVE"])
    assert scores["2H+3H FIVE"] > scores["7P+8P FIVE"]          # 7-8 loses to 6-7 either way
    for seed in range(5):
        assert choice(s, seed) in ("2H+3H RUN", "2H+3H FIVE", "2H+3P RUN", "2H+3P FIVE")
