"""The fitted evaluation's features and estimate, bit for bit against a pure-Python twin.

The games compute their features in C (``features_c`` in solver/games/<game>/_policy.pyx, read
through ``FittedPolicy.features``) with shortcuts for speed: counts shared by every seat,
popcounts, the hand-written estimate rebuilt from the same counts, the linear model run for
all seats side by side and skipping weights that are zero in every stage. The twins below are
the straightforward per-seat, per-card code those shortcuts replaced (the C code of commit
bed5e17, transcribed), on the engine's readable reference state (``to_reference``). Every
feature and every fitted estimate must be the same double, not merely close: the max^n search
compares these values, so a last-bit change could change its choices.

Python floats are IEEE doubles and every expression below is evaluated in the C code's order,
so equal code gives equal bits."""
import math

import numpy as np
import pytest

from solver.evaluation import FEATURES, load_model
from solver.evaluation.fit import PLAYER_COUNTS
from solver.games.dog_tag_trick import rules as dtt
from solver.games.dog_tag_trick._state import strength_key
from solver.games.mate_vic_village import rules as vic
from solver.games.mattis import rules as mts
from solver.games.mattis._policy import PLAIN_WORTH, TRUMP_WORTH
from solver.registry import load_game
from tests.conftest import random_states

STAGES = 3       # solver/evaluation/_linear.pxd EVAL_STAGES
STAGE_COL = 2    # ... EVAL_STAGE_COL


def popcount(m: int) -> int:
    return bin(m).count("1")


def cards(m: int) -> list[int]:
    return [c for c in range(m.bit_length()) if m >> c & 1]


def stage_of(done: float) -> int:
    """_linear.pxd stage_of: the early, mid or late third of a round ``done`` through."""
    st = int(done * STAGES)
    return st if st < STAGES else STAGES - 1


# -- Dog Tag Trick (docs/rules/dog-tag-trick.md) -----------------------------------------------
# §2.3: card id (icon - 1) * 9 + base - 1; §11: single ids by card, a 5/10's as 5 then as 10.
DTT_TOP = [strength_key([a.id for a in dtt.ACTIONS if a.cards == (c,)][-1], dtt.ONE)
           for c in range(dtt.NUM_CARDS)]          # a card's strongest single (§7)
DTT_PARTNER = [sum(1 << j for j in range(c + 1, dtt.NUM_CARDS)
                   if any(a < dtt.NUM_QUALIFYING_ACTIONS
                          for a in dtt.MOVES_BY_CARDS[(1 << c) | (1 << j)]))
               for c in range(dtt.NUM_CARDS)]     # §5.3: cards above c that pair with it
DTT_VAL = [0] + [sum(1 << c for c in range(dtt.NUM_CARDS) if dtt.base(c) == v)
                 for v in range(1, 10)]
DTT_VAL.append(DTT_VAL[5])                        # §2.1: the 5/10 card as 10
FIVE_T = (9, 9, 8, 8, 7, 6, 4, 3)
FIVE_O = (1, 6, 2, 7, 3, 4, 1, 2)


def dtt_best_strength(h: int, ev: int) -> int:
    """The primary strength of the strongest pair of event ``ev`` in ``h`` (§7); 0: none."""
    if ev == dtt.SET:
        for v in range(1, 11):
            if popcount(h & DTT_VAL[v]) >= 2:
                return 11 - v
    elif ev == dtt.RUN:
        for v in range(1, 10):
            if h & DTT_VAL[v] and h & DTT_VAL[v + 1]:
                return 11 - v
    elif ev == dtt.FIVE:
        if popcount(h & DTT_VAL[10]) >= 2:
            return 10
        for t, o in zip(FIVE_T, FIVE_O):
            if h & DTT_VAL[t] and h & DTT_VAL[o]:
                return t
    return 0


def dtt_main_key(ref, main_ev: int, a: int) -> tuple[int, int]:
    """R3: (the key with which action ``a`` competes for the main event, its event)."""
    ev = dtt.ACTIONS[a].event
    mi = ref.options["low_set_tiebreak"] == "min_icon"
    if ev in (dtt.ONE, dtt.NONE):
        return -1, 0
    e = ev if main_ev < 0 else main_ev
    if e == ev or ref.options["announcement"] == "auto_join_main":
        return strength_key(a, e, mi), e
    return -1, e


def dtt_features(ref) -> np.ndarray:
    n, hands = ref.n, ref.hands
    mi = ref.options["low_set_tiebreak"] == "min_icon"
    out = np.zeros((n, len(FEATURES["dog-tag-trick"])))
    if ref.over:
        return out
    pos = len(ref.history) % n
    trick = ref.history[len(ref.history) - pos:]
    # the hand-written estimate (evaluate_d)
    strength, total_s, smallest = [], 0.0, 99
    for h in hands:
        smallest = min(smallest, popcount(h))
        s = 1.0
        for c in cards(h):
            if dtt.base(c) >= 8 or dtt.base(c) == 5:
                s += 1.0
            s += 0.5 * popcount(DTT_PARTNER[c] & (h >> (c + 1) << (c + 1)))
        strength.append(s)
        total_s += s
    remaining = 4.5 * (smallest / 1.6 + 0.5)
    heur = [remaining * strength[p] / total_s for p in range(n)]
    # the trick so far (R2)
    main_ev, k1, k2, ks = -1, -1, -1, -1
    for a in trick:
        ev = dtt.ACTIONS[a].event
        if ev == dtt.ONE:
            ks = max(ks, strength_key(a, dtt.ONE, mi))
        elif ev != dtt.NONE:
            if main_ev < 0:
                main_ev = ev
            key, _ = dtt_main_key(ref, main_ev, a)
            if key > k1:
                k1, k2 = key, k1
            elif key > k2:
                k2 = key
    all_cards = 0
    size, pairs, high = [], [], []
    for h in hands:
        all_cards |= h
        size.append(popcount(h))
        pairs.append(sum(popcount(DTT_PARTNER[c] & h) for c in cards(h)))
        high.append(sum(1 for c in cards(h) if dtt.base(c) >= 8 or dtt.base(c) == 5))
    total = sum(size)
    final = any(s <= 1 for s in size)
    stage = stage_of(1.0 - smallest / ref.hand_size)
    for p in range(n):
        f, h = out[p], hands[p]
        f[0], f[1], f[2], f[3], f[4] = 1.0, heur[p], stage, size[p], smallest
        f[5] = (total - size[p]) / (n - 1.0)
        for c in cards(h):
            f[5 + dtt.base(c)] += 1.0
            if dtt.icon(c) == 4:
                f[15] += 1.0
            stronger = sum(1 << c2 for c2 in range(dtt.NUM_CARDS) if DTT_TOP[c2] > DTT_TOP[c])
            if stronger & all_cards & ~h == 0:
                f[20] += 1.0
        f[16] = pairs[p]
        f[17] = dtt_best_strength(h, dtt.SET) / 10.0
        f[18] = dtt_best_strength(h, dtt.RUN) / 10.0
        f[19] = dtt_best_strength(h, dtt.FIVE) / 10.0
        f[21] = 1.0 if ref.lead == p else 0.0
        f[22] = pos
        jp = (p - ref.lead) % n
        if jp < pos:
            f[23] = 1.0
            a = trick[jp]
            if dtt.ACTIONS[a].event == dtt.ONE:
                if strength_key(a, dtt.ONE, mi) == ks:
                    f[26] = 1.0
            else:
                key, _ = dtt_main_key(ref, main_ev, a)
                if key >= 0 and key == k1:
                    f[24] = 1.0
                elif key >= 0 and key == k2:
                    f[25] = 1.0
        f[27] = 1.0 if final else 0.0
        f[28] = pairs[p] * smallest
        f[29] = high[p] * smallest
        if sum(pairs):
            f[30] = pairs[p] * smallest / sum(pairs)
        if sum(high):
            f[31] = high[p] * smallest / sum(high)
    return out


# -- Mate (Vic Village) (docs/rules/mate-vic-village.md) --------------------------------------
def vic_numbers(v: int) -> int:
    return sum(1 << c for c in range(vic.NUM_CARDS) if vic.number(c) == v)


def vic_features(ref) -> np.ndarray:
    n = ref.n
    out = np.zeros((n, len(FEATURES["mate-vic-village"])))
    if ref.phase == vic.OVER:
        return out
    T = len(ref.deck)
    first = ref.trick if ref.phase == vic.PLAY else 0
    total, n_go, n_stay, go_sum, go_nums, stay_nums = 0.0, 0, 0, 0, set(), set()
    for t in range(first, T):                       # §6: the instructions still to come
        instr = ref.deck[t]
        num = vic.instr_number(instr)
        if vic.instr_type(instr) == vic.GO:
            total += 0.3 * num + 6.3 + 0.2 * 5.5
            n_go, go_sum = n_go + 1, go_sum + num
            go_nums.add(num)
        else:
            total -= 2.0
            n_stay += 1
            stay_nums.add(num)
    heur = total / n
    h_all = 0
    for h in ref.hands:
        h_all |= h
    all_high = sum(1 for c in cards(h_all) if vic.number(c) >= 8)
    all_go = sum(popcount(h_all & vic_numbers(v)) for v in go_nums)
    all_stay = sum(popcount(h_all & vic_numbers(v)) for v in stay_nums)
    go = N = W = 0
    best = win = -1
    if ref.phase == vic.PLAY:
        instr = ref.deck[ref.trick]
        N, go = vic.instr_number(instr), int(vic.instr_type(instr) == vic.GO)
        for j in range(ref.ncards):                   # §6.4: who holds the trick so far
            v = vic.number(ref.plays[ref.trick * n + j])
            t = 100 + v if v == N else v
            if t >= best:
                best, win = t, j
        W = best - 100 if best > 100 else best
    stage = stage_of(first / T)
    for p in range(n):
        f, h = out[p], ref.hands[p]
        f[0], f[1], f[2], f[3] = 1.0, heur, stage, T - first
        f[4], f[5], f[6] = n_go, n_stay, go_sum
        f[7] = 1.0 if ref.phase == vic.DISCARD else 0.0
        high = low = 0
        for c in cards(h):
            v = vic.number(c)
            f[7 + v] += 1.0
            f[18] += 1.0 if v in go_nums else 0.0
            f[19] += 1.0 if v in stay_nums else 0.0
            high += v >= 8
            low += v <= 3
            f[32] += v
        f[20] = sum(1.0 for m in vic.COLOR_MASK if h & m == 0)
        f[21] = popcount(h)
        if T - first > 0:
            f[22] = high * n_go / (T - first)
            f[23] = low * n_stay / (T - first)
        if ref.phase == vic.PLAY:
            f[24], f[25] = go, N * go
            k = (p - ref.leaders[ref.trick]) % n
            f[30] = k
            if k < ref.ncards:
                f[26] = 1.0
            if ref.ncards and win == k:
                f[27], f[28], f[29] = 1.0, W * go, 1.0 - go
        f[31] = len(ref.reward) - ref.reward_pos
        if all_high:
            f[33] = high * go_sum / all_high
            f[34] = high * n_stay / all_high
        if all_go:
            f[35] = f[18] * go_sum / all_go
        if all_stay:
            f[36] = f[19] * n_stay / all_stay
    return out


# -- Mattis (docs/rules/mattis.md) -------------------------------------------------------------
def mattis_worth(c: int, trumps: int) -> float:
    """Rule 1 of the policy: a card's worth for phase 2 (trumps -1 while unknown)."""
    if trumps < 0:
        return 0.75 * PLAIN_WORTH[mts.rank(c)] + 0.25 * TRUMP_WORTH
    return float(TRUMP_WORTH) if mts.suit(c) == trumps else float(PLAIN_WORTH[mts.rank(c)])


def mattis_features(ref) -> np.ndarray:
    n, phase1 = ref.n, ref.phase == mts.PHASE1
    out = np.zeros((n, len(FEATURES["mattis"])))
    if ref.phase == mts.OVER:
        return out
    live = [phase1 or not ref.out[p] for p in range(n)]

    def to_shed(p: int) -> int:                       # §6: hand and won pile in phase 1
        if phase1:
            return popcount(ref.hands[p] | ref.won[p]) + (1 if ref.reserved_by == p else 0)
        return popcount(ref.hands[p]) if not ref.out[p] else 0

    shed = [to_shed(p) for p in range(n)]
    w, total = [], 0.0                                # the hand-written estimate
    for p in range(n):
        k = shed[p] + (1 if not phase1 and not ref.out[p] else 0)
        w.append(float(k) * k)
        total += w[p]
    n_in = sum(live)
    sum_in = sum(shed[p] for p in range(n) if live[p])
    stage = (0.0 if ref.stock else 1.0) if phase1 else 2.0
    for p in range(n):
        f, k = out[p], shed[p]
        f[0], f[1], f[2] = 1.0, 1.0 - (w[p] / total if total > 0 else 1.0 / n), stage
        f[3], f[4], f[5], f[6] = float(phase1), float(live[p]), k, k * k / 100.0
        others = [shed[j] for j in range(n) if live[j] and j != p]
        f[9] = sum(1.0 for s in others if s > k)
        f[10] = sum(1.0 for s in others if s < k)
        if sum_in > 0:
            f[7] = k * n_in / sum_in
        f[8] = n_in / n
        for c in cards(ref.hands[p] | (ref.won[p] if phase1 else 0)):
            if ref.trumps >= 0 and mts.suit(c) == ref.trumps:
                f[11] += 1.0
            if mts.rank(c) >= 9:
                f[12] += 1.0
            elif mts.rank(c) <= 2:
                f[13] += 1.0
            f[20] += mattis_worth(c, ref.trumps) / 10.0
        f[14] = len(ref.stock) / 52.0
        if not phase1:
            f[15] = 1.0 if ref.to_act == p else 0.0
            f[16], f[17] = len(ref.lays), ref.trick_size
        f[18] = min(others) if others else 0
        f[19] = 1.0 if live[p] and n_in == 1 else 0.0
    return out


TWINS = {"dog-tag-trick": dtt_features, "mate-vic-village": vic_features,
         "mattis": mattis_features}
CONFIGS = [f"{slug}(players={n})" for slug, counts in PLAYER_COUNTS.items() for n in counts]


def linear_twin(weights, lo: float, hi: float, logistic: bool, f: np.ndarray) -> float:
    """_linear.pxd's model as first written: every weight of the position's stage in feature
    order (zero weights included), then the link."""
    st = min(max(int(f[STAGE_COL]), 0), STAGES - 1)
    s = 0.0
    for wi, fi in zip(weights[st], f):
        s += float(wi) * float(fi)
    if logistic:
        return lo + (hi - lo) / (1.0 + math.exp(-s))
    return lo if s < lo else hi if s > hi else s


def estimate_twin(slug: str, model: tuple, f: np.ndarray, state) -> list[float]:
    """Every seat's fitted estimate from the twin's features; docs/rules/mattis.md §7.7: a
    player out of Mattis gets his return, 1 (and once the game is over, everyone his return;
    the other games: nothing more to gain)."""
    if state.is_terminal():
        return state.returns() if slug == "mattis" else [0.0] * len(f)
    out = [linear_twin(*model, row) for row in f]
    if slug == "mattis":
        out = [1.0 if row[FEATURES["mattis"].index("still_in")] == 0 else v
               for v, row in zip(out, f)]
    return out


@pytest.mark.parametrize("spec", CONFIGS)
def test_features_and_fitted_estimate_equal_the_twin_bit_for_bit(spec):
    """Seeded random games (every position, the ends of rounds and of the game included): the
    C features equal the twin's exactly; so does evaluate_c's fitted estimate with the stored
    model, and with random weights of which some features have none in any stage (the skipped
    ones) through both links."""
    game = load_game(spec)
    slug = game.name
    stored = load_model(slug, game.num_players)
    assert stored is not None
    rng = np.random.default_rng(17)
    k = len(FEATURES[slug])
    sparse = [rng.normal(0, 0.3, k) for _ in range(STAGES)]
    for i in rng.choice(k, size=k // 3, replace=False):
        if i != 0:
            for w in sparse:
                w[i] = 0.0
    models = [(stored["weights"], stored["lo"], stored["hi"], stored["link"] == "logistic"),
              (sparse, -1.0, 4.0, False), (sparse, -1.0, 4.0, True)]
    policies = []
    for weights, lo, hi, logistic in models:
        policy = game.new_policy()
        policy._set_model([list(w) for w in weights], lo, hi, True, logistic)
        policies.append(policy)
    checked = 0
    for seed in (1, 2):
        for s in random_states(game, 40 + seed, games=1 if game.num_players > 5 else 2):
            got = policies[0].features(s)          # Vic Village deals a pending round first
            want = TWINS[slug](s.to_reference())
            assert got.tobytes() == want.tobytes(), (spec, s.to_json(),
                                                     np.argwhere(got != want))
            for policy, model in zip(policies, models):
                assert policy.evaluate(s) == estimate_twin(slug, model, want, s)
            checked += 1
    assert checked > 100


def test_features_refuse_a_state_of_another_game():
    """features_c reads the state's C struct as its own game's: another game's state is a
    TypeError, not a misread struct."""
    policy = load_game("mattis(players=4)").new_policy()
    other = load_game("dog-tag-trick(players=4)").new_initial_state(1)
    with pytest.raises(TypeError):
        policy.features(other)
    rows = policy.features(load_game("mattis(players=4)").new_initial_state(1))
    assert rows.shape == (4, len(FEATURES["mattis"])) and rows.flags["C_CONTIGUOUS"]
