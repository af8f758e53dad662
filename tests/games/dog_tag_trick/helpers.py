"""Posing Dog Tag Trick positions for the rule tests: a trick about to be led by a given seat,
with given cards reserved for each seat's play and, optionally, given hand sizes (reached by a
seeded search for an earlier history of the round that leaves exactly those sizes and hands
the lead to that seat)."""
import random

from solver.games.dog_tag_trick import notation as N
from solver.games.dog_tag_trick import rules as R
from solver.registry import load_game
from solver.rng import Random

ENGINES = ["cython", "reference"]


def cards_of_play(text, options):
    return R.ACTIONS[N.parse_action(text, options)].mask


def trick_position(config, lead, plays, sizes=None, seed=0):
    """State JSON where seat ``lead`` leads the next trick of round 0 and seat (lead + k) % n
    holds the cards of ``plays[k]``. Hand sizes before the trick are ``sizes`` (default: a
    fresh deal, and the trick is the round's first)."""
    game = load_game(config)
    opts = game.options
    n, h = game.num_players, R.HAND_SIZE[game.num_players]
    reserved = [0] * n
    for k, text in enumerate(plays):
        reserved[(lead + k) % n] |= cards_of_play(text, opts)
    free = [c for c in range(R.NUM_CARDS) if not any(m >> c & 1 for m in reserved)]
    if sizes is None:
        rnd = random.Random(seed)
        rnd.shuffle(free)
        hands = []
        for p in range(n):
            need = h - bin(reserved[p]).count("1")
            hands.append(reserved[p] | sum(1 << c for c in free[:need]))
            free = free[need:]
        return {"round": 0, "first_lead": lead, "scores": [0] * n,
                "hands": [N._names(x) for x in hands], "tricks": []}
    for attempt in range(2000):
        s = _history_attempt(opts, n, h, lead, reserved, free, sizes,
                             random.Random(seed * 7919 + attempt))
        if s is not None:
            return N.state_to_json(s)
    raise AssertionError("no history found for these hand sizes")


def _history_attempt(opts, n, h, lead, reserved, free, sizes, rnd):
    played = [h - sizes[p] for p in range(n)]
    lo = max((x + 1) // 2 for x in played)
    hi = min(played)
    if lo > hi:
        raise AssertionError(f"hand sizes {sizes} cannot be reached by whole tricks")
    tricks = rnd.randint(lo, hi)
    pairs_left = [x - tricks for x in played]
    pool = list(free)
    rnd.shuffle(pool)
    hands = []
    filler = []
    for p in range(n):
        need = h - bin(reserved[p]).count("1")
        f = sum(1 << c for c in pool[:need])
        pool = pool[need:]
        filler.append(f)
        hands.append(reserved[p] | f)
    s = R.DogTagTrickState(opts)
    s.first_lead = rnd.randrange(n)
    s.start_round(hands)
    s.future = [R.deal_round(Random(1), n) for _ in range(n - 1)]
    for t in range(tricks):
        for _ in range(n):
            p = s.current_player()
            left = tricks - t
            want_pair = pairs_left[p] == left or (pairs_left[p] > 0 and rnd.random() < 0.5)
            size = 2 if want_pair else 1
            cands = [a for a in s.legal_actions()
                     if len(R.ACTIONS[a].cards) == size and R.ACTIONS[a].mask & ~filler[p] == 0]
            if not cands:
                return None
            a = rnd.choice(cands)
            filler[p] &= ~R.ACTIONS[a].mask
            pairs_left[p] -= size - 1
            s.apply_action(a)
            if s.round != 0:
                return None
    if s.lead != lead or [bin(x).count("1") for x in s.hands] != list(sizes):
        return None
    return s


def load(config, obj, engine):
    """A state from JSON on either engine."""
    game = load_game(config)
    if engine == "reference":
        return N.state_from_json(obj, game.options)
    return game.state_from_json(obj)


def as_json(state):
    return N.state_to_json(state) if isinstance(state, R.DogTagTrickState) else state.to_json()


def play(state, texts):
    """Apply moves given as text on either engine."""
    for t in texts:
        if isinstance(state, R.DogTagTrickState):
            state.apply_action(N.parse_action(t, state.options))
        else:
            state.apply_action(t)
    return state
