"""Shared helpers for the Mattis tests: posing positions in the rules' text form and playing
them on the Cython engine and the reference engine side by side."""
from solver.games.mattis import notation as N
from solver.games.mattis import rules as R
from solver.registry import load_game


def card(text):
    return N.parse_card(text)


def mask(text):
    """Cards in text form ("7C KD 2H") as a mask."""
    m = 0
    for t in text.split():
        m |= R.bit(N.parse_card(t))
    return m


def names(text):
    """Canonical JSON form of a card list (ascending ids)."""
    return [N.card_name(c) for c in R.cards_of(mask(text))]


def game(**options):
    return load_game("mattis", **options)


def phase1_json(n, hands, stock="", leader=0, last_winner=None, extra_stock=0, won=None,
                rest_to=None, trump_card=None, reserved=None, trick=()):
    """A phase-1 position. ``hands``: one text per seat; ``stock``: top first. The cards not
    mentioned anywhere go, in ascending order, first ``extra_stock`` of them to the bottom of the
    stock, then the rest to the won pile of ``rest_to`` (default: ``last_winner``). ``won`` maps a
    seat to the text of its won pile; ``trick`` is a list of (player, card, round, blind)."""
    used = 0
    for h in hands:
        used |= mask(h)
    stock_cards = [N.parse_card(t) for t in stock.split()]
    for c in stock_cards:
        used |= R.bit(c)
    won_masks = [0] * n
    for p, text in (won or {}).items():
        won_masks[p] = mask(text)
        used |= won_masks[p]
    for (_p, c, _r, _b) in trick:
        used |= mask(c)
    if trump_card is not None and reserved is not None:
        used |= mask(trump_card)
    rest = R.cards_of(R.ALL_CARDS & ~used)
    stock_cards += rest[:extra_stock]
    rest = rest[extra_stock:]
    if rest:
        holder = rest_to if rest_to is not None else last_winner
        assert holder is not None, "cards left over but nobody to hold them"
        for c in rest:
            won_masks[holder] |= R.bit(c)
    return {"players": n, "phase": "phase1",
            "trump_card": trump_card,
            "hands": [names(h) for h in hands],
            "stock": [N.card_name(c) for c in stock_cards],
            "won": [[N.card_name(c) for c in R.cards_of(w)] for w in won_masks],
            "reserved": reserved, "leader": leader, "last_trick_winner": last_winner,
            "trick": [{"player": p, "card": c, "round": r, "blind": b} for (p, c, r, b) in trick]}


def phase2_json(hands, trumps, to_act, lays=(), trick_size=None, played=None, out=(),
                leading=None, actions=0):
    """A phase-2 position; cards not listed are set aside (rules §14)."""
    obj = {"players": len(hands), "phase": "phase2", "trumps": trumps,
           "hands": [names(h) for h in hands], "out": list(out), "to_act": to_act,
           "leading": (not lays) if leading is None else leading, "lays": list(lays),
           "trick_size": trick_size, "played": (len(lays) if played is None else played),
           "phase2_actions": actions}
    return obj


class Twin:
    """A position on the Cython engine and on the reference engine, played in lockstep; every
    step asserts that the two agree exactly."""

    def __init__(self, g, obj=None, seed=None):
        self.game = g
        if obj is not None:
            self.s = g.state_from_json(obj)
            self.r = N.state_from_json(obj, g.options)
        else:
            self.s = g.new_initial_state(seed)
            self.r = g.new_reference_state(seed)
        self.check()

    def check(self):
        assert self.s.to_reference() == self.r
        assert self.s.legal_actions() == self.r.legal_actions()
        assert self.s.current_player() == self.r.current_player()

    def play(self, text):
        """Apply each space-separated action in turn."""
        for t in text.split():
            a = self.s.parse_action(t)
            self.s.apply_action(a)
            self.r.apply_action(a)
            self.check()
        return self

    def legal(self):
        """Legal actions as a set of texts."""
        return {self.s.action_to_str(a) for a in self.s.legal_actions()}

    @property
    def player(self):
        return self.s.current_player()

    def hand(self, p):
        return self.r.hands[p]

    def json(self):
        return self.s.to_json()
