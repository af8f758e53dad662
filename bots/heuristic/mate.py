"""Mate rules of thumb (rules: ../shared/rules/mate.md):

1. Never force a card (PASS): forcing helps only with exact calculation.
2. Leading: if some lead mates now (the opponent holds neither its suit nor its rank), lead the
   mating card worth the most points.
3. Otherwise lead a card after which the opponent cannot mate us at once on his next lead,
   preferring leads he must answer while losing the trick (we keep the lead), then leads that
   leave him the fewest replies, then low-value cards (keep the high-value mating cards).
4. Following: win the trick with the cheapest winning card when winning does not expose us to
   an immediate mate, else play the card whose loss matters least (lowest value).

The opponent's hand is known (Mate's default information model), so the view's world holds it;
with hidden forcing the heuristic reasons on one sampled world.
"""
from solver.games.mate import rules as R

VALUE = R.VALUE


def _value(c):
    return VALUE[R.rank(c)]


def choose(view, rng):
    world = view.determinize(rng.next_u64()).to_reference()
    me = view.player
    legal = view.legal_actions()
    if world.phase in (R.FORCE_DEALER, R.FORCE_OTHER):
        return R.PASS if R.PASS in legal else legal[0]
    if world.phase == R.LEAD:
        return _lead(world, me, legal)
    return _follow(world, me, legal)


def _can_mate(world, leader):
    """Whether ``leader`` (to lead now) has a card the other seat cannot answer."""
    follower = 1 - leader
    return any(world.follow_set(follower, c) == 0 for c in R.cards_of(world.hand[leader]))


def _lead(world, me, legal):
    opp = 1 - me
    mates = [c for c in legal if world.follow_set(opp, c) == 0]
    if mates:
        return max(mates, key=lambda c: (_value(c), c))
    scored = []
    for c in legal:
        replies = R.cards_of(world.follow_set(opp, c))
        # After each reply, who leads, and can that side mate at once?
        danger = 0
        keeps = 0
        for d in replies:
            w = world.clone()
            w.apply_action(c)
            w.apply_action(d)
            if w.game_no != world.game_no or w.phase != R.LEAD:
                continue
            if w.leader == opp and _can_mate(w, opp):
                danger += 1
            if w.leader == me:
                keeps += 1
        scored.append((danger > 0, -(keeps == len(replies)), len(replies), _value(c), c))
    return min(scored)[-1]


def _follow(world, me, legal):
    led = world.led
    best = None
    for d in legal:
        w = world.clone()
        w.apply_action(d)
        i_lead = w.phase == R.LEAD and w.leader == me
        exposed = w.phase == R.LEAD and w.leader != me and _can_mate(w, 1 - me)
        key = (exposed, not i_lead, _value(d) if not i_lead else d, d)
        if best is None or key < best[0]:
            best = (key, d)
    return best[1]
