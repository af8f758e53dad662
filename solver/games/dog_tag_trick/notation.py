"""Dog Tag Trick notation: cards and moves as text (§2.3) and the state and view JSON formats.

Cards are ``<base><icon>``: base 1..9 (5 = the 5/10 card), icon B F H P, e.g. ``7P``, ``2B``.
A played 5/10 card carries its value after a colon (``5H:5``, ``5H:10``); no other card takes
one. A move is its card(s) joined by ``+`` and the announced event: ``7P ONE``,
``3B+3H SET``, ``5H:10+5P:5 FIVE``, ``1P+3P NONE`` (the last only with
``unqualified_pairs=allowed_as_discard``). Parsing is case-insensitive and takes the two cards
in either order; the event may be left out when only one event fits. Written moves list their
cards by played value, then icon (``1P+2B RUN``, ``9F+5F:10 RUN``).

State JSON (the full truth; every field is checked when read)::

    {"players": 4, "round": 0, "first_lead": 0,
     "scores": [0, 0, 0, 0],
     "hands": [["1B", "4B", ...], [...], [...], [...]],      # current hands, by seat
     "unused": [],                                           # this round's unused pile (§3)
     "tricks": [["3B+3H SET", "2F+2P SET", "7P ONE", "6B+6H SET"], ["1F ONE"]],
     "deals": [[[...], [...], [...], [...]], ...],            # rounds round+1 .. players-1
     "lead": 1, "to_act": 2, "over": false}

``round`` is 0-based (round_c). ``first_lead`` is round 0's first lead (§4.1); round r's is
``(first_lead + r) mod players`` (§4.2). ``tricks`` are this round's plays, trick by trick, each
in play order from that trick's lead (the leads follow from §4.3, so plays carry no seat).
The round's deal is ``hands`` plus each seat's played cards; it must give every seat 11/9/7
cards. ``deals`` (the hidden deals of later rounds) may be omitted: they are then drawn from
``"seed"`` (default 0). ``unused``, ``lead``, ``to_act`` and ``over`` are derived and only
checked when given. A state whose last complete trick emptied a hand is the end of the game
(round players-1); earlier rounds move on to the next deal at once.

View JSON (what seat ``seat`` knows, §10): the same fields with ``"seat"``, the other seats'
``hands`` replaced by null, ``"hand_sizes"`` for every seat, and no ``unused`` or ``deals``.
"""
from __future__ import annotations

import re
from typing import Any

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError
from solver.games.dog_tag_trick import rules as R
from solver.places import CardPlaces, only_own, same_players
from solver.rng import Random

EVENTS = {name: e for e, name in enumerate(R.EVENT_NAMES)}
# (cards ascending, values, event) -> action id
_INDEX = {(a.cards, a.values, a.event): a.id for a in R.ACTIONS}


def card_name(c: int) -> str:
    return f"{R.base(c)}{R.ICONS[R.icon(c) - 1]}"


_CARD_RE = re.compile(r"^([0-9]+)([A-Z])(?::([0-9]+))?$")


def _parse_played_card(text: str) -> tuple[int, int | None]:
    """``"5H:10"`` -> (card id, value or None when not given)."""
    m = _CARD_RE.match(text)
    if not m:
        raise InvalidActionError(
            f"unknown card {text!r} (cards are 1-9 + B F H P, e.g. 7P; a 5/10 card as 5H:5 or "
            "5H:10)")
    b, ic, v = int(m.group(1)), m.group(2), m.group(3)
    if not 1 <= b <= 9 or ic not in R.ICONS:
        raise InvalidActionError(
            f"unknown card {text!r} (bases are 1-9, icons B F H P; 10 is the 5/10 card as 5X:10)")
    c = (R.ICONS.index(ic)) * 9 + b - 1
    if v is not None:
        v = int(v)
        if b != 5:
            raise InvalidActionError(
                f"{text!r}: only the 5/10 card takes a value (:5 or :10); {b}{ic} is always {b}")
        if v not in (5, 10):
            raise InvalidActionError(f"{text!r}: the 5/10 card is played as 5 or as 10")
    return c, v


def parse_card(text: str) -> int:
    """A card id from its name (``7P``; the 5/10 card as ``5P``)."""
    c, v = _parse_played_card(str(text).strip().upper())
    if v is not None:
        raise InvalidActionError(f"{text!r}: a card in a hand carries no played value")
    return c


def action_to_str(a: int, options: dict[str, Any] | None = None) -> str:
    """The rules' notation of action ``a`` (InvalidActionError for an id outside the action
    space of ``options``)."""
    limit = R.num_actions(options) if options is not None else R.NUM_ALL_ACTIONS
    if not isinstance(a, int) or not 0 <= a < limit:
        raise InvalidActionError(f"no Dog Tag Trick action has id {a!r} (ids 0..{limit - 1})")
    act = R.ACTIONS[a]
    # Written by (played value, icon) ascending: 1P+2B RUN, 4P+5H:5 RUN, 9F+5F:10 RUN.
    played = sorted(zip(act.cards, act.values), key=lambda cv: (cv[1], R.icon(cv[0])))
    return "+".join(card_name(c) + (f":{v}" if R.base(c) == 5 else "") for c, v in played) \
        + " " + R.EVENT_NAMES[act.event]


def parse_action(text: str, options: dict[str, Any]) -> int:
    """The action id named by ``text`` (InvalidActionError when it names no action of the
    game, e.g. a pair that qualifies for no event or for another event than announced)."""
    t = str(text).strip().upper()
    tokens = t.split()
    if not tokens:
        raise InvalidActionError("empty move text")
    event = None
    if tokens[-1] in EVENTS:
        event = EVENTS[tokens.pop()]
    elif len(tokens) > 1 and tokens[-1].isalpha():
        raise InvalidActionError(
            f"{text!r}: unknown event {tokens[-1]!r} (events: ONE, SET, RUN, FIVE"
            + (", NONE" if options["unqualified_pairs"] == "allowed_as_discard" else "") + ")")
    body = "".join(tokens)
    parts = body.split("+")
    if not 1 <= len(parts) <= 2 or not all(parts):
        raise InvalidActionError(f"{text!r}: a move is 1 or 2 cards joined by '+' and an event")
    played = [_parse_played_card(p) for p in parts]
    for (c, v), p in zip(played, parts):
        if R.base(c) == 5 and v is None:
            raise InvalidActionError(f"{text!r}: say how the 5/10 card {p} is played ({p}:5 or "
                                     f"{p}:10)")
    cards = [c for c, _ in played]
    values = [v if v is not None else R.base(c) for c, v in played]
    if len(cards) == 1:
        if event not in (None, R.ONE):
            raise InvalidActionError(f"{text!r}: a single card always enters ONE (§5.1)")
        return _INDEX[((cards[0],), (values[0],), R.ONE)]
    if cards[0] == cards[1]:
        raise InvalidActionError(f"{text!r}: the same card twice")
    if cards[0] > cards[1]:
        cards.reverse()
        values.reverse()
    fits = R.qualifying_events(*values)
    discard_ok = options["unqualified_pairs"] == "allowed_as_discard"
    if event is None:
        if len(fits) == 1:
            event = fits[0]
        elif not fits and discard_ok:
            event = R.NONE
        elif fits:
            raise InvalidActionError(
                f"{text!r}: announce the event (this pair qualifies for "
                f"{' or '.join(R.EVENT_NAMES[e] for e in fits)})")
    if event == R.ONE:
        raise InvalidActionError(f"{text!r}: a pair enters SET, RUN or FIVE, not ONE (§5.1)")
    if not fits:
        if event == R.NONE and discard_ok:
            return _INDEX[(tuple(cards), tuple(values), R.NONE)]
        if event == R.NONE:
            raise InvalidActionError(
                f"{text!r}: a pair that qualifies for no event cannot be played "
                "(unqualified_pairs=forbidden, §5.4)")
        raise InvalidActionError(
            f"{text!r}: values {values[0]} and {values[1]} qualify for no event (§5.3, §5.4)")
    if event == R.NONE:
        raise InvalidActionError(
            f"{text!r}: NONE is only for a pair that qualifies for no event; this one qualifies "
            f"for {' or '.join(R.EVENT_NAMES[e] for e in fits)}")
    assert event is not None  # fits is non-empty here, so event was set or announced above
    if event not in fits:
        raise InvalidActionError(
            f"{text!r}: values {values[0]} and {values[1]} do not qualify for "
            f"{R.EVENT_NAMES[event]} (they qualify for "
            f"{' or '.join(R.EVENT_NAMES[e] for e in fits)}, §5.3)")
    return _INDEX[(tuple(cards), tuple(values), event)]


# -- helpers for JSON --------------------------------------------------------------------------
def _by_value(mask: int) -> list[int]:
    return sorted(R.cards_of(mask), key=lambda c: (R.base(c), R.icon(c)))


def _names(mask: int) -> list[str]:
    """Card names by value, then icon (the order people sort a hand in)."""
    return [card_name(c) for c in _by_value(mask)]


def _mask(cards: object, what: str) -> int:
    if not isinstance(cards, list):
        raise InvalidStateError(f"{what} must be a list of cards, got {cards!r}")
    mask = 0
    for t in cards:
        try:
            c = parse_card(t)
        except InvalidActionError as e:
            raise InvalidStateError(f"{what}: {e}") from None
        if mask & R.bit(c):
            raise InvalidStateError(f"{what}: duplicate card {card_name(c)}")
        mask |= R.bit(c)
    return mask


def _int(obj: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidStateError(f"{key!r} must be an integer in {lo}..{hi}, got {v!r}")
    return v


def _per_seat(obj: dict[str, Any], key: str, n: int, required: bool = True) -> Any:
    v = obj.get(key)
    if v is None:
        if required:
            raise InvalidStateError(f"state JSON needs {key!r} (a list with one entry per seat)")
        return None
    if not isinstance(v, list) or len(v) != n:
        raise InvalidStateError(f"{key!r} must be a list of {n} entries (one per seat), got {v!r}")
    return v


# -- state JSON --------------------------------------------------------------------------------
def state_to_json(s: R.DogTagTrickState) -> dict[str, Any]:
    n = s.n
    hist = s.history
    return {
        "players": n, "round": s.round, "first_lead": s.first_lead,
        "scores": list(s.totals),
        "hands": [_names(h) for h in s.hands],
        "unused": _names(s.unused),
        "tricks": [[action_to_str(a) for a in hist[t:t + n]] for t in range(0, len(hist), n)],
        "deals": [[_names(h) for h in deal] for deal in s.future],
        "lead": s.lead, "to_act": s.current_player(), "over": s.over,
    }


def state_from_json(obj: dict[str, Any], options: dict[str, Any]) -> R.DogTagTrickState:
    if not isinstance(obj, dict):
        raise InvalidStateError("state JSON must be an object")
    n = options["players"]
    same_players(obj, n)
    h = R.HAND_SIZE[n]
    rnd = _int(obj, "round", 0, n - 1, 0)
    fl_default = options["first_lead"] if isinstance(options["first_lead"], int) else 0
    first_lead = _int(obj, "first_lead", 0, n - 1, fl_default)
    scores = obj.get("scores", [0] * n)
    if (not isinstance(scores, list) or len(scores) != n
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in scores)):
        raise InvalidStateError(f"'scores' must be {n} non-negative integers, got {scores!r}")
    hands = [_mask(x, f"hands[{p}]") for p, x in enumerate(_per_seat(obj, "hands", n))]
    for p in range(n):
        for q in range(p):
            if hands[p] & hands[q]:
                raise InvalidStateError(
                    f"card {card_name(R.cards_of(hands[p] & hands[q])[0])} is in the hands of "
                    f"seats {q} and {p}")
    tricks = obj.get("tricks", [])
    if not isinstance(tricks, list) or not all(isinstance(t, list) for t in tricks):
        raise InvalidStateError("'tricks' must be a list of tricks, each a list of moves")
    history = []
    for k, trick in enumerate(tricks):
        if len(trick) != n and k != len(tricks) - 1 or not 1 <= len(trick) <= n:
            raise InvalidStateError(
                f"trick {k + 1} has {len(trick)} plays: every trick but the last has {n}, the "
                f"last 1..{n}")
        for text in trick:
            try:
                history.append(parse_action(text, options))
            except InvalidActionError as e:
                raise InvalidStateError(f"trick {k + 1}: {e}") from None

    # Who played what: the seats follow from the leads (§4.2, §4.3).
    probe = R.DogTagTrickState(options)
    probe.round, probe.first_lead = rnd, first_lead
    probe.history = history
    played_by = [0] * n
    played = 0
    for t, lead in enumerate(probe.trick_leads()):
        for k, a in enumerate(history[t * n:(t + 1) * n]):
            m = R.ACTIONS[a].mask
            if m & played:
                raise InvalidStateError(f"{action_to_str(a)}: a card is played twice this round")
            seat = (lead + k) % n
            for p in range(n):
                if hands[p] & m:
                    raise InvalidStateError(
                        f"{action_to_str(a)} (seat {seat}, trick {t + 1}) uses a card still in "
                        f"seat {p}'s hand")
            played |= m
            played_by[seat] |= m
    dealt = [hands[p] | played_by[p] for p in range(n)]
    for p in range(n):
        size = bin(dealt[p]).count("1")
        if size != h:
            raise InvalidStateError(
                f"seat {p} holds {bin(hands[p]).count('1')} cards and played "
                f"{bin(played_by[p]).count('1')}: a {n}-player deal gives {h} (§3); "
                "wrong hand size")

    # Replay the round from its deal: every play legal, no hand emptied before the end.
    s = R.DogTagTrickState(options)
    s.round, s.first_lead = rnd, first_lead
    s.start_round(dealt)
    s.future = [[0] * n for _ in range(n - 1 - rnd)]       # placeholders; set below
    for i, a in enumerate(history):
        if s.over or s.round != rnd:
            raise InvalidStateError(
                f"play {i + 1} of the round comes after a trick that emptied a hand (§8.2)")
        try:
            s.apply_action(a)
        except IllegalActionError:
            raise InvalidStateError(f"{action_to_str(a)} is not a legal play here") from None
    if s.round != rnd:
        raise InvalidStateError(
            f"the last trick emptied a hand, so round {rnd} is over; pose round {rnd + 1} instead")
    for p in range(n):
        if scores[p] < s.totals[p]:
            raise InvalidStateError(
                f"seat {p} scored {s.totals[p]} points in this round's tricks but has {scores[p]} "
                "in total")
    s.totals = list(scores)
    s.history = history

    deals = obj.get("deals")
    want = n - 1 - rnd
    if deals is None:
        rng = Random(obj.get("seed", 0))
        s.future = [R.deal_round(rng, n) for _ in range(want)]
    else:
        if not isinstance(deals, list) or len(deals) != want:
            raise InvalidStateError(f"'deals' must list the {want} later rounds' deals, got "
                                    f"{deals!r}")
        s.future = []
        for r, deal in enumerate(deals):
            if not isinstance(deal, list) or len(deal) != n:
                raise InvalidStateError(f"deals[{r}] must have {n} hands")
            ms = [_mask(x, f"deals[{r}][{p}]") for p, x in enumerate(deal)]
            union = 0
            for p, m in enumerate(ms):
                if bin(m).count("1") != h:
                    raise InvalidStateError(f"deals[{r}][{p}] must have {h} cards (§3)")
                if union & m:
                    raise InvalidStateError(f"deals[{r}]: a card is dealt twice")
                union |= m
            s.future.append(ms)
    if "unused" in obj and _mask(obj["unused"], "unused") != s.unused:
        raise InvalidStateError(
            f"'unused' must be the cards neither held nor played this round: {_names(s.unused)}")
    for key, val in (("lead", s.lead), ("to_act", s.current_player()), ("over", s.over)):
        if key in obj and obj[key] != val:
            raise InvalidStateError(f"{key!r} is {obj[key]!r} but the history gives {val!r}")
    return s


# -- view JSON ---------------------------------------------------------------------------------
def view_to_json(s: R.DogTagTrickState, seat: int) -> dict[str, Any]:
    out = state_to_json(s)
    out["seat"] = seat
    out["hand_sizes"] = [bin(x).count("1") for x in s.hands]
    out["hands"] = [out["hands"][p] if p == seat else None for p in range(s.n)]
    del out["unused"]
    del out["deals"]
    return out


def view_from_json(obj: dict[str, Any],
                   options: dict[str, Any]) -> tuple[R.DogTagTrickState, int]:
    """(A reference state consistent with the view, seat): the hidden cards are placed in one
    arbitrary consistent way (the View re-deals them anyway)."""
    if not isinstance(obj, dict):
        raise InvalidStateError("view JSON must be an object")
    n = options["players"]
    same_players(obj, n)
    seat = _int(obj, "seat", 0, n - 1)
    hands_txt = _per_seat(obj, "hands", n)
    only_own(hands_txt, seat, "hands")
    sizes = _per_seat(obj, "hand_sizes", n)
    if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= R.HAND_SIZE[n]
               for x in sizes):
        raise InvalidStateError(f"'hand_sizes' must be {n} integers in 0..{R.HAND_SIZE[n]}")
    own = _mask(hands_txt[seat], f"hands[{seat}]")
    if bin(own).count("1") != sizes[seat]:
        raise InvalidStateError(f"seat {seat}'s hand has {bin(own).count('1')} cards, hand_sizes "
                                f"says {sizes[seat]}")
    tricks = obj.get("tricks", [])
    if not isinstance(tricks, list):
        raise InvalidStateError("'tricks' must be a list of tricks")
    places = CardPlaces(card_name)
    places.add(own, f"hands[{seat}]")
    for k, trick in enumerate(tricks):
        for text in trick if isinstance(trick, list) else []:
            try:
                places.add(R.ACTIONS[parse_action(text, options)].mask, f"tricks[{k}] ({text})")
            except InvalidActionError as e:
                raise InvalidStateError(str(e)) from None
    played = places.seen & ~own
    pool = R.cards_of(R.ALL_CARDS & ~own & ~played)
    need = sum(sizes[p] for p in range(n) if p != seat)
    if need + R.NUM_CARDS - n * R.HAND_SIZE[n] != len(pool):
        raise InvalidStateError(
            f"hand sizes {sizes} do not fit the {len(pool)} cards seat {seat} has not seen")
    hands = []
    k = 0
    for p in range(n):
        if p == seat:
            hands.append(hands_txt[seat])
        else:
            hands.append([card_name(c) for c in pool[k:k + sizes[p]]])
            k += sizes[p]
    state = {key: v for key, v in obj.items() if key not in ("seat", "hand_sizes", "hands")}
    state["hands"] = hands
    return state_from_json(state, options), seat


# -- text for people ---------------------------------------------------------------------------
def pretty(mask: int) -> str:
    """Cards by value then icon: ``1P 2B 2H 5H 7F``."""
    return " ".join(card_name(c) for c in _by_value(mask)) or "-"


def summary(s: R.DogTagTrickState) -> str:
    sc = "-".join(str(x) for x in s.totals)
    if s.over:
        win = ", ".join(str(p) for p in s.winners())
        return f"game over, scores {sc}, winner seat(s) {win}"
    trick = len(s.history) // s.n + 1
    return (f"round {s.round + 1}/{s.n}, trick {trick}, seat {s.current_player()} to act "
            f"(lead seat {s.lead}), scores {sc}")


def render(s: R.DogTagTrickState, perspective: int | None = None) -> str:
    n = s.n
    lines = [f"Dog Tag Trick — {n} players, round {s.round + 1} of {n} "
             f"(first lead seat {s.round_first_lead()})"]
    lines.append("  scores: " + ", ".join(f"seat {p}: {s.totals[p]}" for p in range(n)))
    for p in range(n):
        me = " (you)" if perspective == p else ""
        size = bin(s.hands[p]).count("1")
        if perspective is not None and p != perspective:
            hand = f"{size} cards"
        else:
            hand = f"{pretty(s.hands[p])}  ({size})"
        lines.append(f"  seat {p}{me}: {hand}")
    if perspective is None and s.unused:
        lines.append(f"  unused (face down): {pretty(s.unused)}")
    leads = s.trick_leads()
    hist = s.history
    for t in range(0, len(hist), n):
        lead = leads[t // n]
        plays = ", ".join(f"s{(lead + k) % n} {action_to_str(a)}"
                          for k, a in enumerate(hist[t:t + n]))
        lines.append(f"  trick {t // n + 1} (lead seat {lead}): {plays}")
    if s.over:
        lines.append(f"  game over; winner seat(s) {', '.join(map(str, s.winners()))}")
    else:
        lines.append(f"  seat {s.current_player()} to play")
    return "\n".join(lines)
