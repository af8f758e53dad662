"""Inference by a Markov chain over hidden-card exchanges (solver/inference/mcmc.py) and the
engine move it walks by (State.exchange_hidden). Dog Tag Trick positions cite
docs/rules/dog-tag-trick.md: hands and the unused pile hidden, sizes public, no follow duty
(§10)."""
import pytest

from solver.game import State
from solver.inference import sample_worlds
from solver.inference.mcmc import chain_worlds
from solver.inference.model import OpponentModel
from solver.inference.weighted import log_likelihood
from solver.registry import load_game
from solver.rng import Random
from solver.search import SearchLimit, ismcts, pimc

GAME = "dog-tag-trick(players=5)"
# A model of rules-of-thumb players: nearly deterministic, a little uniform play mixed in.
SHARP = {"dog-tag-trick": {"play": {"utility": "policy", "temperature": 0.05,
                                    "uniform_mix": 0.05}}}
FLAT = {"dog-tag-trick": {"play": {"utility": "policy", "temperature": 1.0,
                                   "uniform_mix": 1.0}}}


def _heuristic_position(seed: int, plays: int, game_text: str = GAME) -> State:
    """A position after ``plays`` plays of rules-of-thumb self-play (the policy's best move)."""
    game = load_game(game_text)
    s = game.new_initial_state(seed)
    for _ in range(plays):
        s.apply_action(game.policy.best_actions(s)[0])
    return s


def _holders(state: State, observer: int) -> dict[str, list[str]]:
    j = state.to_json()
    held = {f"seat{p}": sorted(h) for p, h in enumerate(j["hands"]) if p != observer}
    held["unused"] = sorted(j["unused"])
    return held


def test_an_exchange_swaps_two_hidden_cards_and_keeps_the_view():
    """§10: one card of one hidden holder for one of another; the observer's view, every
    holder's size and the observer's own hand are unchanged."""
    s = _heuristic_position(3, 7)
    me = s.current_player()
    for k in range(40):
        t = s.exchange_hidden(me, k)
        assert t is not None
        assert t.view(me).to_json() == s.view(me).to_json()
        assert t.infoset_key(me) == s.infoset_key(me)
        before, after = _holders(s, me), _holders(t, me)
        assert {h: len(c) for h, c in before.items()} == {h: len(c) for h, c in after.items()}
        moved = [h for h in before if before[h] != after[h]]
        assert len(moved) == 2
        for h in moved:
            assert len(set(before[h]) - set(after[h])) == 1


def test_an_exchange_is_symmetric():
    """The reverse exchange is one of the proposals from the result: each holder keeps its
    size, so the proposal probabilities are equal (the Metropolis ratio needs no correction)."""
    s = _heuristic_position(4, 5)
    me = s.current_player()
    t = s.exchange_hidden(me, 11)
    assert any(t.exchange_hidden(me, k).to_json() == s.to_json() for k in range(3000))


def test_games_without_an_exchange_say_so():
    s = load_game("mattis").new_initial_state(1)
    assert s.exchange_hidden(s.current_player(), 1) is None
    with pytest.raises(ValueError):
        s.exchange_hidden(9, 1)


def test_the_chain_reads_the_view_alone():
    """No peeking: two true states that seat ``me`` cannot tell apart give the same chain and
    the same worlds for the same seed."""
    s = _heuristic_position(5, 12)
    me = s.current_player()
    other = s.view(me).determinize(99)
    assert other.to_json() != s.to_json() and other.view(me).to_json() == s.view(me).to_json()
    model = OpponentModel(load_game(GAME), SHARP)
    for seed in range(3):
        a, sa = chain_worlds(s.view(me), 5, seed, 32, model)
        b, sb = chain_worlds(other.view(me), 5, seed, 32, model)
        assert [w.to_json() for w in a] == [w.to_json() for w in b]
        assert sa == sb


def test_a_flat_model_accepts_nearly_every_exchange():
    """With uniform play modelled a world is only as likely as its hands' counts of legal
    moves make the observed plays (P = 1 / legal moves): nearly every exchange is accepted,
    the chain a near random walk over the view's worlds."""
    s = _heuristic_position(6, 10)
    me = s.current_player()
    worlds, stats = chain_worlds(s.view(me), 4, 1, 16, OpponentModel(load_game(GAME), FLAT))
    assert stats.decisions > 0 and stats.accepted >= 0.8 * stats.steps and len(worlds) == 4
    for w in worlds:
        assert w.view(me).to_json() == s.view(me).to_json()


def test_nothing_observed_gives_uniform_worlds():
    """At a round's first play nothing has been seen: the worlds are the view's determinizations."""
    s = _heuristic_position(7, 0)
    me = s.current_player()
    worlds, stats = chain_worlds(s.view(me), 3, 5, 16, OpponentModel(load_game(GAME), SHARP))
    assert stats.decisions == 0 and stats.steps == 0 and len(worlds) == 3


def test_the_chain_finds_worlds_that_explain_the_plays():
    """Under a sharp model of rules-of-thumb players, at a table of them, the chain's worlds
    explain the observed plays far better than uniform worlds do, and hold more of the hidden
    cards where they truly are."""
    game = load_game(GAME)
    model = OpponentModel(game, SHARP)
    chain_ll, uniform_ll, chain_hits, uniform_hits = [], [], 0, 0
    for seed in range(6):
        s = _heuristic_position(seed, 14)
        me = s.current_player()
        truth = _holders(s, me)
        worlds, stats = chain_worlds(s.view(me), 8, seed, 64, model)
        uniform = [s.view(me).determinize(Random(seed * 100 + k)) for k in range(8)]
        for w, u in zip(worlds, uniform):
            chain_ll.append(log_likelihood(game, w, me, model))
            uniform_ll.append(log_likelihood(game, u, me, model))
            for h, cards in truth.items():
                chain_hits += len(set(cards) & set(_holders(w, me)[h]))
                uniform_hits += len(set(cards) & set(_holders(u, me)[h]))
    assert sum(chain_ll) / len(chain_ll) > sum(uniform_ll) / len(uniform_ll) + 5.0
    assert chain_hits > 1.3 * uniform_hits


def test_sample_worlds_and_pimc_take_mcmc():
    """inference="mcmc" through sample_worlds and PIMC (the bots' inference parameter), in Dog
    Tag Trick and in Vic Village (voids kept: every world agrees with the view)."""
    s = _heuristic_position(8, 9)
    me = s.current_player()
    worlds, _ = sample_worlds(s.view(me), 4, 2, "mcmc", 32)
    assert len(worlds) == 4
    r = pimc(s.view(me), limit=SearchLimit(iterations=200, worlds=4), seed=1,
             inference="mcmc", particles=32)
    assert r.params["inference"] == "mcmc" and r.chosen in s.legal_actions()
    m = load_game("mate-vic-village").new_initial_state(2)
    for _ in range(20):
        if m.is_terminal():
            break
        m.apply_action(m.legal_actions()[0])
    worlds, _ = sample_worlds(m.view(m.current_player()), 3, 2, "mcmc", 16)
    assert len(worlds) == 3
    for w in worlds:
        assert w.view(m.current_player()).to_json() == m.view(m.current_player()).to_json()


@pytest.mark.parametrize("game_text, plays, most", [(GAME, 13, 2),
                                                     ("mate-vic-village", 15, 3)])
def test_an_exchange_changes_only_the_two_holders_likelihoods(game_text, plays, most):
    """The chain re-weighs only the seats whose information the exchange changed: a seat's
    rules-of-thumb scores read its own hand and public facts alone, so the other seats'
    decisions keep their likelihood exactly. In Vic Village a hidden pile card that moves
    also changes its owner's discards (docs/rules/mate-vic-village.md §10.7): up to three
    seats."""
    from solver.inference.mcmc import _seat_log_likelihoods

    game = load_game(game_text)
    model = OpponentModel(game, SHARP if game_text == GAME else None)
    moved = 0
    for seed in range(4):
        s = _heuristic_position(seed, plays, game_text)
        me = s.current_player()
        others = [p for p in range(game.num_players) if p != me]
        w = s.view(me).determinize(seed)
        before = _seat_log_likelihoods(game, w, me, others, model, None)
        for k in range(10):
            t = w.exchange_hidden(me, k)
            if t is None:                      # a void refused the drawn exchange
                continue
            moved += 1
            after = _seat_log_likelihoods(game, t, me, others, model, None)
            changed = {p for p in others if t.infoset_key(p) != w.infoset_key(p)}
            assert 1 <= len(changed) <= most
            assert all(after[p] == before[p] for p in others if p not in changed)
            assert sum(after.values()) == pytest.approx(log_likelihood(game, t, me, model))
    assert moved > 20


@pytest.mark.parametrize("game_text", ["mate(forced_visibility=hidden)", "mate-vic-village",
                                       "mattis", "tiny-tricks", "dog-tag-trick(players=3)"])
def test_the_exchange_is_declared_where_it_is_built(game_text):
    """Game.EXCHANGES_HIDDEN says whether State.exchange_hidden_c is built (Dog Tag Trick and
    Vic Village);
    elsewhere mcmc falls back to weighted determinization and says so in the result's params."""
    game = load_game(game_text)
    s = game.new_initial_state(3)
    for _ in range(2):
        s.apply_action(s.legal_actions()[0])
    me = s.current_player()
    moved = s.exchange_hidden(me, 1)
    assert game.EXCHANGES_HIDDEN == game_text.startswith(("dog-tag-trick", "mate-vic-village"))
    if not game.EXCHANGES_HIDDEN:
        assert moved is None
    if not game.perfect_information and len(s.legal_actions()) > 1:
        r = pimc(s.view(me), limit=SearchLimit(iterations=60, worlds=3), seed=2,
                 inference="mcmc", particles=8)
        src = "acceptance" if game.EXCHANGES_HIDDEN else "ess"
        other = "ess" if game.EXCHANGES_HIDDEN else "acceptance"
        assert r.params[src] is not None and r.params[other] is None


def test_threads_search_the_chains_worlds():
    """pimc and ismcts on 2 threads draw the same chain's worlds as one thread: pimc's answer
    is one thread's, value for value."""
    s = _heuristic_position(9, 11)
    me = s.current_player()
    view = s.view(me)
    limit = SearchLimit(iterations=400, worlds=6)
    one = pimc(view, limit=limit, seed=4, inference="mcmc", particles=16)
    two = pimc(view, limit=limit, seed=4, inference="mcmc", particles=16, threads=2)
    assert [a.to_json() for a in two.actions] == [a.to_json() for a in one.actions]
    assert one.params["acceptance"] == two.params["acceptance"] is not None
    a = ismcts(view, limit=SearchLimit(iterations=300), seed=4, inference="mcmc", particles=16,
               threads=2)
    assert a.params["acceptance"] is not None and a.params["ess"] is None


def test_recommend_prints_the_chains_acceptance():
    from click.testing import CliRunner

    from tournaments.cli import main

    r = CliRunner().invoke(main, ["recommend", "--game", GAME, "--seed", "4", "--moves",
                                  "", "--algo", "pimc", "--iterations", "300",
                                  "--inference", "mcmc", "--particles", "16"])
    assert r.exit_code == 0, r.output
    # the round's first play: nothing observed, every exchange kept
    assert "a Markov chain over the hidden cards" in r.output and "100% of its exchanges" in \
        r.output


def test_the_pimc_bot_draws_its_worlds_from_the_chain_by_default():
    """pimc's inference=auto in Dog Tag Trick with 5 players is mcmc: its decisions differ from
    inference=none's for the same seed mid-round and equal inference=mcmc's."""
    from bots.registry import make_bot

    s = _heuristic_position(10, 12)
    me = s.current_player()
    view = s.view(me)
    auto = make_bot("pimc(iterations=300)", seed=5)
    chain = make_bot("pimc(iterations=300,inference=mcmc)", seed=5)
    assert auto.act(view) == chain.act(view)
    results = [make_bot(f"pimc(iterations=300,inference={m})", seed=5).search(view)
               for m in ("auto", "mcmc", "none")]
    values = [[(a.action, a.mean) for a in r.actions] for r in results]
    assert values[0] == values[1] != values[2]
    assert results[0].params["acceptance"] is not None and results[2].params["acceptance"] is None


def test_vic_village_chain_worlds_each_draw_their_own_future():
    """The chain moves only held cards; in Vic Village every kept world re-draws the chance no
    seat knows (the unrevealed instruction order, the reward-pile order: docs/rules/
    mate-vic-village.md §10.3) instead of sharing the first world's, and keeps the view."""
    game = load_game("mate-vic-village")
    s = _heuristic_position(2, 24, "mate-vic-village")
    me = s.current_player()
    worlds, stats = chain_worlds(s.view(me), 8, 3, 16, OpponentModel(game))
    assert stats.decisions > 0
    decks = {tuple(w.to_json()["instruction_deck"]) for w in worlds}
    assert len(decks) > 4
    for w in worlds:
        assert w.view(me).to_json() == s.view(me).to_json()


def test_a_deadline_stops_the_chain_and_uniform_worlds_make_up_the_rest():
    """Tester 24: --time did not bound a search with a long chain. At its deadline the chain
    stops; the worlds it has not kept are uniform ones of the view."""
    s = _heuristic_position(11, 12)
    me = s.current_player()
    model = OpponentModel(load_game(GAME), SHARP)
    worlds, stats = chain_worlds(s.view(me), 5, 1, 64, model, deadline=0.0)
    assert stats.decisions > 0 and stats.steps == 0 and stats.uniform == 5 == len(worlds)
    assert all(w.view(me).to_json() == s.view(me).to_json() for w in worlds)
    full, stats = chain_worlds(s.view(me), 5, 1, 64, model)
    assert stats.uniform == 0 and stats.steps == 64 + 4 * 8


def test_a_deadline_stops_the_weighing():
    from solver.inference.weighted import weigh_worlds

    s = _heuristic_position(11, 12)
    me = s.current_player()
    assert len(weigh_worlds(s.view(me), 1, 64, deadline=0.0).worlds) == 1
    assert len(weigh_worlds(s.view(me), 1, 64).worlds) == 64


def test_a_time_limited_search_gives_its_inference_half_its_time(monkeypatch):
    """inference_deadline: half of time_s after the start, none without a time limit; pimc
    passes it to its chain (here one already past: no step taken)."""
    import solver.search._pimc as pimc_module
    from solver.inference.weighted import inference_deadline

    assert inference_deadline(SearchLimit(time_s=2.0), 10.0) == 11.0
    assert inference_deadline(SearchLimit(iterations=5), 10.0) is None
    s = _heuristic_position(11, 12)
    me = s.current_player()
    limit = SearchLimit(iterations=100, worlds=4)
    walked = pimc(s.view(me), limit=limit, seed=1, inference="mcmc", particles=32)
    assert walked.params["acceptance"] < 1.0
    monkeypatch.setattr(pimc_module, "inference_deadline", lambda limit, start: 0.0)
    cut = pimc(s.view(me), limit=limit, seed=1, inference="mcmc", particles=32)
    assert cut.params["acceptance"] == 1.0              # no step proposed, none refused


def test_recommend_says_when_the_chain_was_cut_short():
    """A --time far too short for the chain: the answer comes, and says how many of its
    worlds are uniform ones (tester 24: a 10,000-step chain ran 13 s past --time 1)."""
    from click.testing import CliRunner

    from tournaments.cli import main

    moves = "5P:5 ONE,2F+8H FIVE,6H+9P FIVE,5F:10 ONE,2H+3B RUN,9F ONE"
    r = CliRunner().invoke(main, ["recommend", "--game", "dog-tag-trick", "--seed", "3",
                                  "--moves", moves, "--algo", "pimc", "--inference", "mcmc",
                                  "--particles", "10000", "--worlds", "20", "--time", "0.002"])
    assert r.exit_code == 0, r.output
    assert "the chain reached half the --time limit first" in r.output


def test_recommend_notes_inference_where_nothing_is_hidden():
    """Mate hides no card by default: --inference and --particles change nothing, and a note
    says so whichever algorithm runs (tester 24: auto's exact solver dropped them silently)."""
    from click.testing import CliRunner

    from tournaments.cli import main

    for algo in (["--algo", "auto"], ["--algo", "pimc", "--iterations", "100"]):
        r = CliRunner().invoke(main, ["recommend", "--game", "mate", "--inference", "policy",
                                      "--particles", "8", *algo])
        assert r.exit_code == 0, r.output
        assert "nothing to infer: --inference and --particles ignored" in r.output
