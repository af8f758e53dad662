"""The opponent model and weighted determinization (solver/inference).

Mate positions cite docs/rules/mate.md: forcing §4.1, face-down forced cards §9.2 / A2."""
import json
import math

import numpy as np
import pytest

from solver.game import State
from solver.inference import (
    OpponentModel,
    load_temperatures,
    policy_ranks,
    resample,
    sample_worlds,
    softmax,
    weigh_worlds,
)
from solver.inference.fit import RUNS, fit_mixture, fit_temperature, log_likelihood
from solver.registry import load_game
from solver.search import SearchLimit, pimc

HIDDEN = "mate(forced_visibility=hidden,first_dealer=0)"


def _forced_by_non_dealer(card: int, seed: int = 3) -> State:
    """Game 1 of a hidden-forcing match: the dealer (seat 0) passes, seat 1 forces ``card``."""
    s = load_game(HIDDEN).new_initial_state(seed)
    s.apply_action(20)
    s.apply_action(card)
    return s


def test_policy_ranks_use_the_order_only():
    """u = -(number of strictly better actions); ties share a rank; rescaling changes nothing."""
    scores = [5.0, 1e6, 5.0, -3.0]
    assert list(policy_ranks(scores)) == [-1.0, 0.0, -1.0, -3.0]
    assert list(policy_ranks([2 * x + 7 for x in scores])) == list(policy_ranks(scores))


def test_softmax_is_a_distribution_that_cools_to_the_best():
    u = np.array([0.0, -1.0, -2.0])
    p = softmax(u, 1.0)
    assert abs(p.sum() - 1.0) < 1e-12 and p[0] > p[1] > p[2]
    assert softmax(u, 1e-3)[0] > 0.999
    assert np.allclose(softmax(u, 1e6), 1 / 3, atol=1e-5)


def test_fit_recovers_a_known_temperature():
    """Maximum likelihood on decisions drawn from softmax(u / 2.5) finds T close to 2.5."""
    rng = np.random.default_rng(5)
    samples = []
    for _ in range(3000):
        u = rng.normal(0, 3, size=int(rng.integers(2, 8)))
        samples.append((u, int(rng.choice(len(u), p=softmax(u, 2.5)))))
    t = fit_temperature(samples)
    assert abs(t - 2.5) < 0.25
    assert log_likelihood(samples, t) >= log_likelihood(samples, 2 * t)
    assert log_likelihood(samples, t) >= log_likelihood(samples, t / 2)


def test_fit_recovers_a_known_mixture():
    """Decisions drawn from 0.3 * uniform + 0.7 * softmax(u / 1.0): the grid fit finds eps
    and T near them."""
    rng = np.random.default_rng(8)
    samples = []
    for _ in range(4000):
        u = rng.normal(0, 3, size=int(rng.integers(3, 9)))
        p = 0.3 / len(u) + 0.7 * softmax(u, 1.0)
        samples.append((u, int(rng.choice(len(u), p=p))))
    t, eps, _ll = fit_mixture(samples)
    assert abs(eps - 0.3) <= 0.08 and 0.6 <= t <= 1.6


def test_fitted_temperatures_are_data_for_every_run():
    """temperatures.json holds a positive T for each fitted game and kind, each explaining the
    recorded play at least as well as uniform play."""
    table = load_temperatures()
    for name, (_path, kinds) in RUNS.items():
        for kind, utility in kinds.items():
            row = table[name][kind]
            assert row["utility"] == utility and row["temperature"] > 0
            assert 0.0 <= row["uniform_mix"] < 1.0
            assert row["mean_log_likelihood"] >= row["uniform_log_likelihood"]


def test_one_legal_action_weighs_nothing():
    """A forced move has probability 1 whatever the world (it reveals nothing)."""
    g = load_game("mate(first_dealer=0)")
    s = g.new_initial_state(4)
    s.apply_action(20)
    s.apply_action(20)
    while len(s.legal_actions()) != 1:
        s.apply_action(s.legal_actions()[0])
    m = OpponentModel(g)
    assert m.log_probability(s, s.legal_actions()[0]) == 0.0


def test_mate_hook_rebuilds_the_hidden_forcing_decision():
    """§4.1: the non-dealer's forcing decision is rebuilt in the world from the dealt hands; in
    a world drawn from the dealer's view the action is that world's forced card (§9.2)."""
    s = _forced_by_non_dealer(8)  # KD
    g = s.game
    w = s.view(0).determinize(11)
    (seat, action, before), = g.observed_decisions(w, 0)
    ref, wref = before.to_reference(), w.to_reference()
    assert seat == 1 and action == wref.forced[1]
    assert g.decision_kind(before) == "force" and ref.phase == 1
    assert ref.hand == wref.dealt and action in before.legal_actions()
    assert g.observed_decisions(w, 1) == []           # the dealer passed: nothing hidden
    public = load_game("mate(first_dealer=0)").new_initial_state(3)
    public.apply_action(20)
    public.apply_action(8)
    assert public.game.observed_decisions(public, 0) == []   # A2: face-up forcing is public


def test_weighted_worlds_keep_the_hard_facts_and_follow_the_model():
    """Every weighted candidate has the observer's view; each candidate's weight is the model's
    probability of the forced card it holds, normalised; the ESS is 1 / sum w^2."""
    s = _forced_by_non_dealer(0)
    view = s.view(0)
    model = OpponentModel(s.game)
    ww = weigh_worlds(view, 7, 48, model)
    before = s.game.observed_decisions(ww.worlds[0], 0)[0][2]
    acts, probs = model.distribution(before)
    raw = np.array([probs[acts.index(w.to_reference().forced[1])] for w in ww.worlds])
    assert np.allclose(ww.weights, raw / raw.sum())
    assert math.isclose(ww.ess, 1 / float(np.sum(ww.weights ** 2)))
    assert 1.0 <= ww.ess < 48
    for w in ww.worlds:
        assert w.view(0).to_json() == view.to_json()
    for w in resample(ww, 20, 3):
        assert w.view(0).to_json() == view.to_json()


def test_nothing_observed_gives_uniform_weights():
    """Without rebuilt decisions (the dealer passed; a game without the hook) every weight is
    equal and the ESS is the particle count."""
    s = _forced_by_non_dealer(0)
    ww = weigh_worlds(s.view(1), 2, 16)
    assert np.allclose(ww.weights, 1 / 16) and math.isclose(ww.ess, 16)
    g = load_game("mattis")                   # no hook yet: docs/rules/mattis.md §11
    t = g.new_initial_state(1)
    for _ in range(9):
        t.apply_action(t.legal_actions()[0])
    assert not g.perfect_information and g.observed_decisions(t, t.current_player()) == []
    ww = weigh_worlds(t.view(t.current_player()), 2, 8)
    assert math.isclose(ww.ess, 8)


def test_resampling_follows_the_weights():
    """Systematic resampling keeps each candidate in proportion to its weight (within one)."""
    s = _forced_by_non_dealer(0)
    ww = weigh_worlds(s.view(0), 5, 32)
    worlds = resample(ww, 400, 9)
    counts: dict[int, int] = {}
    for w in worlds:
        counts[w.to_reference().forced[1]] = counts.get(w.to_reference().forced[1], 0) + 1
    for card in counts:
        share = sum(x for w, x in zip(ww.worlds, ww.weights) if w.to_reference().forced[1] == card)
        assert abs(counts[card] - 400 * share) <= len(ww.worlds)


def test_pimc_reports_the_effective_sample_size():
    s = _forced_by_non_dealer(0)
    view = s.view(0)
    lim = SearchLimit(iterations=1, worlds=6)
    weighted = pimc(view, limit=lim, evaluator="solver", inference="policy", particles=24, seed=1)
    uniform = pimc(view, limit=lim, evaluator="solver", seed=1)
    assert weighted.params["inference"] == "policy" and 1 <= weighted.params["ess"] <= 24
    assert uniform.params["ess"] is None
    assert json.dumps(weighted.to_json())
    with pytest.raises(ValueError, match="inference"):
        pimc(view, limit=lim, evaluator="solver", inference="bayes")


def test_sample_worlds_uniform_mode_is_the_plain_sampler():
    s = _forced_by_non_dealer(0)
    view = s.view(0)
    worlds, ess = sample_worlds(view, 3, 42, "none")
    assert ess is None and all(w.view(0).to_json() == view.to_json() for w in worlds)


def test_solver_bot_takes_inference():
    from bots.registry import make_bot
    from bots.solver_bot import SolverBot
    s = _forced_by_non_dealer(0)
    bot = make_bot("solver(inference=policy,particles=32,worlds=4)", 1)
    assert isinstance(bot, SolverBot)
    bot.reset(s.game, 0, 1)
    assert bot.act(s.view(0)) in s.legal_actions()
    assert bot.last_ess is not None and 1 <= bot.last_ess <= 32


def test_weighted_sampler_reads_the_view_alone():
    """No peeking (§9.2): two true states with the same view of seat 0 but different face-down
    forced cards give the same weighted worlds and ESS for the same seed."""
    s = _forced_by_non_dealer(0)
    others = (s.view(0).determinize(k) for k in range(50))
    other = next(o for o in others if o.to_reference().forced[1] != 0)
    assert other.view(0).to_json() == s.view(0).to_json()
    for k in range(4):
        a_worlds, a_ess = sample_worlds(s.view(0), 3, k, "policy", 16)
        b_worlds, b_ess = sample_worlds(other.view(0), 3, k, "policy", 16)
        assert [w.to_json() for w in a_worlds] == [w.to_json() for w in b_worlds]
        assert a_ess == b_ess


def test_recommend_prints_the_effective_sample_size():
    """`trickhound recommend --inference policy` weighs the worlds and says how many they are
    worth, for the solver's PIMC and for ISMCTS alike."""
    from click.testing import CliRunner

    from tournaments.cli import main
    args = ["recommend", "--game", HIDDEN, "--seed", "3", "--seat", "0", "--moves", "PASS,7D",
            "--algo", "solver", "--worlds", "8", "--inference", "policy", "--particles", "32"]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    assert ("inference: the 8 world(s) searched were drawn from 32 candidates weighted by the "
            "opponent model (effective sample size") in out.output
    tree = CliRunner().invoke(main, args[:-6] + ["--algo", "ismcts", "--iterations", "300",
                                                  "--inference", "policy", "--particles", "16"])
    assert tree.exit_code == 0, tree.output
    assert ("inference: the worlds searched were drawn from 16 candidates weighted by the "
            "opponent model (effective sample size") in tree.output


def test_ismcts_searches_the_pooled_worlds_as_they_are():
    """The world source: with a pool, iteration i searches pool[i % len(pool)] without
    re-dealing it (docs/rules/mate.md §9.2: the face-down card stays the pooled one). A pool of
    one world repeated gives the very same tree as that world alone; another forced card gives
    another tree; a world of another position or game is refused."""
    from solver.search._ismcts import ISMCTS
    s = _forced_by_non_dealer(0)
    view = s.view(0)
    worlds = [view.determinize(k) for k in range(40)]
    other = next(w for w in worlds if w.to_reference().forced[1] != s.to_reference().forced[1])

    def children(pool: list[State]) -> list:
        tree = ISMCTS(s.game)
        tree.search(view, 0, 1)
        tree.set_world_pool(pool)
        return tree.search(view, 400, 9)

    alone = children([s.clone()])
    assert children([s.clone(), s.clone(), s.clone()]) == alone
    assert children([other]) != alone
    tree = ISMCTS(s.game)
    tree.search(view, 0, 1)
    with pytest.raises(ValueError, match="position"):
        tree.set_world_pool([load_game(HIDDEN).new_initial_state(3)])
    with pytest.raises(ValueError, match="empty"):
        tree.set_world_pool([])


def test_ismcts_takes_inference_and_reads_the_view_alone():
    """ISMCTS with inference=policy reports the ESS, replays for a seed, and (no peeking, §9.2)
    searches the same worlds for two true states with the same view."""
    from bots.registry import make_bot
    from solver.search import ismcts
    s = _forced_by_non_dealer(0)
    others = (s.view(0).determinize(k) for k in range(50))
    other = next(o for o in others if o.to_reference().forced[1] != 0)
    lim = SearchLimit(iterations=300)
    a = ismcts(s.view(0), limit=lim, seed=4, inference="policy", particles=16)
    b = ismcts(other.view(0), limit=lim, seed=4, inference="policy", particles=16)
    assert 1 <= a.params["ess"] <= 16 and a.params["inference"] == "policy"
    assert a.values() == b.values() and a.params["ess"] == b.params["ess"]
    assert ismcts(s.view(0), limit=lim, seed=4).params["ess"] is None
    with pytest.raises(ValueError, match="inference"):
        ismcts(s.view(0), limit=lim, inference="bayes")
    bot = make_bot("ismcts(inference=policy,particles=16,iterations=200)", 1)
    bot.reset(s.game, 0, 1)
    assert bot.act(s.view(0)) in s.legal_actions()


def test_bots_infer_by_default_only_where_it_was_measured_stronger():
    """inference=auto: policy for the solver bot in Mate with face-down forcing (docs/rules/
    mate.md §9.2), none with face-up forcing (§9.1: nothing hidden), none for ISMCTS; mcmc for
    pimc in Dog Tag Trick with 5 players (docs/rules/dog-tag-trick.md §10); an explicit
    mode is kept."""
    from solver.inference import bot_inference
    hidden, public = load_game(HIDDEN), load_game("mate")
    assert bot_inference("auto", hidden, "solver") == "policy"
    assert bot_inference("auto", public, "solver") == "none"
    assert bot_inference("auto", hidden, "ismcts") == "none"
    assert bot_inference("auto", load_game("dog-tag-trick"), "solver") == "none"
    # the Markov chain for pimc in Dog Tag Trick with 5 players only (results/strength/dtt5p-mcmc)
    assert bot_inference("auto", load_game("dog-tag-trick(players=5)"), "pimc") == "mcmc"
    assert bot_inference("auto", load_game("dog-tag-trick(players=4)"), "pimc") == "none"
    assert bot_inference("auto", load_game("dog-tag-trick(players=3)"), "pimc") == "none"
    assert bot_inference("auto", load_game("dog-tag-trick(players=5)"), "ismcts") == "none"
    assert bot_inference("auto", load_game("dog-tag-trick(players=5)"), "solver") == "none"
    assert bot_inference("none", hidden, "solver") == "none"
    assert bot_inference("policy", hidden, "ismcts") == "policy"
    with pytest.raises(ValueError, match="inference"):
        bot_inference("bayes", hidden, "solver")


def test_accuracy_is_a_log_probability_per_stage():
    """The accuracy measurement (tournaments/inference_eval.py): at every position of a stage
    both samplers give the true face-down card (§9.2) a probability in (0, 1], and the exact
    forcer's (the oracle's) card gets at least the uniform sampler's share on average over the
    whole game (the model's forcing is fitted on exact play)."""
    from tournaments.inference_eval import accuracy
    res = accuracy(2, 3, 32, "oracle")
    gains = []
    for row in res["stages"].values():
        u, p = row["uniform_mean_log_probability"], row["policy_mean_log_probability"]
        assert u["n"] == p["n"]
        if u["n"]:
            assert u["mean"] <= 0.0 and p["mean"] <= 0.0
            gains.append(row["policy_minus_uniform"]["mean"] * u["n"])
    assert gains and sum(gains) > 0


def test_policy_fast_path_matches_the_distribution():
    """The plain-Python likelihood of a policy-ranked decision equals the model's distribution
    (Dog Tag Trick plays, docs/rules/dog-tag-trick.md §5), ties and all."""
    g = load_game("dog-tag-trick(players=4)")
    m = OpponentModel(g)
    s = g.new_initial_state(2)
    checked = 0
    for _ in range(20):
        acts, probs = m.distribution(s)
        for a, p in zip(acts, probs):
            assert math.isclose(m.log_probability(s, a), math.log(p), rel_tol=1e-9, abs_tol=1e-12)
            checked += 1
        s.apply_action(acts[len(acts) // 2])
    assert checked > 40
    assert m.log_probability(s, 10_000) == -math.inf


def _round_plays_checked(game_text: str, seeds: range) -> int:
    """Play random prefixes; at each, the hook's rebuilt decisions (in the true state) must be
    the recorded states before every other seat's unforced play of the current round, and in
    worlds drawn from the mover's view each rebuilt state must show the mover the very view it
    had before that play. Returns the number of rebuilt decisions compared."""
    from solver.rng import Random
    g = load_game(game_text)
    compared = 0
    for seed in seeds:
        s, r, hist = g.new_initial_state(seed), Random(seed), []
        for _ in range(r.randbelow(70) + 1):
            if s.is_terminal():
                break
            hist.append((s.clone(), s.current_player()))
            la = s.legal_actions()
            s.apply_action(la[r.randbelow(len(la))])
        if s.is_terminal():
            continue
        obs = s.current_player()
        recorded = [(p, st) for st, p in hist if st.round() == s.round() and p != obs
                    and len(st.legal_actions()) > 1 and st.to_json() != s.to_json()
                    and _in_play(st)]
        rebuilt = g.observed_decisions(s, obs)
        assert [(p, st.to_json()) for p, st in recorded] == \
               [(p, st.to_json()) for p, _a, st in rebuilt]
        views = {_plies(st): st.view(obs).to_json() for st, _p in hist if st.round() == s.round()}
        for k in range(3):
            for _seat, action, before in g.observed_decisions(s.view(obs).determinize(k), obs):
                assert before.view(obs).to_json() == views[_plies(before)]
                assert action in before.legal_actions()
                compared += 1
    return compared


def _plies(state: State) -> int:
    """Plays made in the current round (the hooks replay them)."""
    ref = vars(state.to_reference())
    return len(ref["plays"] if "plays" in ref else ref["history"])


def _in_play(state: State) -> bool:
    """Whether the round is in its card play (Vic Village's discards come first, §5)."""
    ref = vars(state.to_reference())
    return ref.get("phase", "play") in ("play", 1)


@pytest.mark.parametrize("game_text", ["dog-tag-trick(players=4)", "dog-tag-trick(players=3)",
                                       "mate-vic-village", "mate-vic-village(players=3)"])
def test_hooks_rebuild_the_rounds_plays(game_text):
    """docs/rules/dog-tag-trick.md §4-§5, §10 and docs/rules/mate-vic-village.md §6: plays are
    public, so the states before the other seats' plays can be rebuilt in any world the
    observer cannot tell from the truth; forced plays are left out (they weigh nothing)."""
    assert _round_plays_checked(game_text, range(25)) > 50
