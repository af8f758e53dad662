"""Mate notation: cards and actions as text (``AS``, ``TD``, ``10D``, ``PASS``), and the state
and view JSON formats.

State JSON (the full truth; every field is checked when read)::

    {"game_no": 1, "first_dealer": 0, "phase": "lead", "trick": 5, "leader": 0, "led": null,
     "dealt":  [["AC","TC","KC","AS","TS","7S","QH","7H","KD","QD"],
                ["QC","7C","KS","QS","AH","TH","KH","AD","TD","7D"]],
     "hands":  [["AC","TC","KC","AS","TS","KD"], ["QC","7C","TH","KH","TD","7D"]],
     "forced": [null, null],
     "totals": [0, 0],
     "next_deal": [[...10 cards...], [...10 cards...]],   # game-3 hands by seat; games 1-2 only
     "voids": [[], []], "results": []}

``dealt`` are the ten cards each seat was dealt for the current game (needed for the exchange,
§3.2); the cards played so far are ``dealt - hands - forced``. ``next_deal`` may be omitted; it is
then drawn from ``"seed"`` (default 0). ``voids`` (suits a seat showed it lacks by a rank-follow)
and ``results`` (finished games: winner, points, trick, card) default to empty. ``phase`` is one
of force_dealer, force_other, lead, follow, over.

View JSON (what seat ``seat`` knows): the same fields minus ``next_deal``; with
``forced_visibility=hidden`` the opponent's forced card reads ``"hidden"`` while it is face down,
the opponent's hand is replaced by ``"opponent_unseen"`` (his dealt cards not yet seen, forced
card included) and the observer's ``restrict`` (his cards the dealer's forced card bars) is given.
"""
from __future__ import annotations

import re
from typing import Any

from solver.errors import InvalidActionError, InvalidStateError
from solver.games.mate import rules as R

RANKS = "7QKTA"
SUITS = "DHSC"
SUIT_SYMBOLS = "♦♥♠♣"


def card_name(c: int) -> str:
    return RANKS[c >> 2] + SUITS[c & 3]


_CARD_RE = re.compile(r"^(10|[7QKTAqkta])([DHSCdhsc])$")


def parse_card(text: str) -> int:
    m = _CARD_RE.match(str(text).strip())
    if not m:
        raise InvalidActionError(f"unknown card {text!r} (cards are 7 Q K T A + D H S C, e.g. TS)")
    r = m.group(1).upper()
    r = "T" if r == "10" else r
    return 4 * RANKS.index(r) + SUITS.index(m.group(2).upper())


def action_to_str(a: int, options: dict[str, Any] | None = None) -> str:
    if a == R.PASS:
        return "PASS"
    if 0 <= a < 20:
        return card_name(a)
    raise InvalidActionError(f"no Mate action has id {a}")


def parse_action(text: str, options: dict[str, Any] | None = None) -> int:
    t = str(text).strip()
    if t.upper() == "PASS":
        return R.PASS
    return parse_card(t)


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in R.cards_of(mask)]


def _mask(cards: object, what: str) -> int:
    if not isinstance(cards, list):
        raise InvalidStateError(f"{what} must be a list of cards")
    mask = 0
    for t in cards:
        try:
            c = parse_card(t)
        except InvalidActionError:
            raise InvalidStateError(f"{what}: unknown card {t!r}") from None
        if mask & R.bit(c):
            raise InvalidStateError(f"{what}: duplicate card {t}")
        mask |= R.bit(c)
    return mask


def _pair(obj: dict[str, Any], key: str, required: bool = True) -> Any:
    v = obj.get(key)
    if v is None:
        if required:
            raise InvalidStateError(f"state JSON needs {key!r}")
        return None
    if not isinstance(v, list) or len(v) != 2:
        raise InvalidStateError(f"{key!r} must be a list of two entries (seat 0, seat 1)")
    return v


def _int(obj: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidStateError(f"{key!r} must be an integer in {lo}..{hi}, got {v!r}")
    return v


# -- state JSON -------------------------------------------------------------------------------
def state_to_json(s: R.MateState) -> dict[str, Any]:
    out = {
        "game_no": s.game_no, "first_dealer": s.first_dealer,
        "phase": R.PHASE_NAMES[s.phase], "trick": s.trick, "leader": s.leader,
        "led": card_name(s.led) if s.led >= 0 else None,
        "dealt": [_names(s.dealt[0]), _names(s.dealt[1])],
        "hands": [_names(s.hand[0]), _names(s.hand[1])],
        "forced": [card_name(f) if f >= 0 else None for f in s.forced],
        "totals": list(s.totals),
        "voids": [[SUITS[x] for x in range(4) if v >> x & 1] for v in s.voids],
        "results": [_result_json(r) for r in s.results],
    }
    if s.game_no <= 2 and s.phase != R.OVER:
        out["next_deal"] = [_names(s.next_deal[0]), _names(s.next_deal[1])]
    return out


def _result_json(r: tuple[int, int, int, int]) -> dict[str, Any]:
    winner, pts, trick, card = r
    return {"winner": winner if winner >= 0 else None, "points": pts, "trick": trick,
            "card": card_name(card) if card >= 0 else None}


def state_from_json(obj: dict[str, Any], options: dict[str, Any]) -> R.MateState:
    s = R.MateState(options)
    s.game_no = _int(obj, "game_no", 1, 4, 1)
    s.first_dealer = _int(obj, "first_dealer", 0, 1, 0)
    s.dealer = R.dealer_of(s.game_no, s.first_dealer)
    phase = obj.get("phase", "force_dealer")
    if phase not in R.PHASE_NAMES:
        raise InvalidStateError(f"phase {phase!r} is not one of {', '.join(R.PHASE_NAMES)}")
    s.phase = R.PHASE_NAMES.index(phase)
    s.trick = _int(obj, "trick", 1, 10, 1)
    s.leader = _int(obj, "leader", 0, 1, s.dealer)
    hands = [_mask(h, f"hands[{i}]") for i, h in enumerate(_pair(obj, "hands"))]
    forced_txt = _pair(obj, "forced", required=False) or [None, None]
    s.forced = []
    for i, f in enumerate(forced_txt):
        if f is None:
            s.forced.append(-1)
        else:
            try:
                s.forced.append(parse_card(f))
            except InvalidActionError:
                raise InvalidStateError(f"forced[{i}]: unknown card {f!r}") from None
    dealt_txt = _pair(obj, "dealt", required=False)
    if dealt_txt is None:
        dealt = [hands[i] | (R.bit(s.forced[i]) if s.forced[i] >= 0 else 0) for i in (0, 1)]
        if s.trick == 10:
            dealt = list(hands)
    else:
        dealt = [_mask(d, f"dealt[{i}]") for i, d in enumerate(dealt_txt)]
    s.hand, s.dealt = hands, dealt
    if any(bin(d).count("1") != 10 for d in dealt):
        if dealt_txt is None:
            raise InvalidStateError("each seat is dealt exactly 10 cards: after trick 1 the "
                                    "hands are smaller, so a mid-game state needs \"dealt\" "
                                    "(both hands as dealt)")
        raise InvalidStateError("each seat is dealt exactly 10 cards (dealt of the wrong size)")
    if dealt[0] & dealt[1] or (dealt[0] | dealt[1]) != R.ALL_CARDS:
        raise InvalidStateError("the two dealt hands must split the 20 cards")
    totals = obj.get("totals", [0, 0])
    if (not isinstance(totals, list) or len(totals) != 2
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in totals)):
        raise InvalidStateError("totals must be two non-negative integers")
    s.totals = list(totals)
    nd = obj.get("next_deal")
    if s.game_no <= 2 and s.phase != R.OVER:
        if nd is None:
            from solver.rng import Random
            third = R.draw_subset(Random(obj.get("seed", 0)), R.ALL_CARDS, 10)
            d3 = 1 - s.first_dealer
            s.next_deal = [0, 0]
            s.next_deal[d3], s.next_deal[1 - d3] = third, R.ALL_CARDS & ~third
        else:
            s.next_deal = [_mask(h, f"next_deal[{i}]")
                           for i, h in enumerate(_pair(obj, "next_deal"))]
            if (bin(s.next_deal[0]).count("1") != 10 or s.next_deal[0] & s.next_deal[1]
                    or (s.next_deal[0] | s.next_deal[1]) != R.ALL_CARDS):
                raise InvalidStateError("next_deal must split the 20 cards 10/10")
    voids = obj.get("voids", [[], []])
    try:
        s.voids = [sum(1 << SUITS.index(x) for x in v) for v in voids]
    except (ValueError, TypeError):
        raise InvalidStateError(f"voids must be two lists of suit letters, got {voids!r}") from None
    s.results = []
    for r in obj.get("results", []):
        try:
            card = r.get("card")
            s.results.append((r["winner"] if r.get("winner") is not None else -1, int(r["points"]),
                              int(r.get("trick", 10)), parse_card(card) if card else -1))
        except (KeyError, TypeError, ValueError, InvalidActionError, AttributeError):
            raise InvalidStateError(f"malformed game result {r!r}") from None
    led = obj.get("led")
    try:
        s.led = parse_card(led) if led is not None else -1
    except InvalidActionError:
        raise InvalidStateError(f"led: unknown card {led!r}") from None
    _check_consistency(s)
    return s


def _check_consistency(s: R.MateState) -> None:
    """Card counts, forcing and the trick in progress must be reachable (§3–§6)."""
    d = s.dealer
    for p in (0, 1):
        f = s.forced[p]
        if not s.hand[p] & ~s.dealt[p] == 0:
            raise InvalidStateError(f"seat {p} holds cards it was not dealt")
        if f >= 0 and not s.dealt[p] >> f & 1:
            raise InvalidStateError(f"seat {p}'s forced card {card_name(f)} was not dealt to it")
        if f >= 0 and s.trick < 10 and s.hand[p] >> f & 1:
            raise InvalidStateError(f"seat {p}'s forced card {card_name(f)} is also in its hand")
    if s.phase == R.OVER:
        if s.game_no != 4:
            raise InvalidStateError("phase over is only reached after game 4")
        return
    if s.phase in (R.FORCE_DEALER, R.FORCE_OTHER):
        if s.trick != 1 or s.led != -1:
            raise InvalidStateError("forcing happens before trick 1")
        if s.forced[1 - d] >= 0 or (s.phase == R.FORCE_DEALER and s.forced[d] >= 0):
            raise InvalidStateError("a forced card is set before its owner's forcing decision")
    fd, fn = s.forced[d], s.forced[1 - d]
    if fn >= 0:
        if fd >= 0 and (R.suit(fn) == R.suit(fd) or R.rank(fn) == R.rank(fd)):
            raise InvalidStateError("the non-dealer's forced card shares suit or rank with the "
                                    "dealer's")
        if fd < 0 and s.options["nondealer_force_requires_dealer_force"]:
            raise InvalidStateError("the non-dealer forced although the dealer passed")
    if fd >= 0:
        n = 1 - d
        s.restrict[n] = s.dealt[n] & (R.SUIT_MASK[R.suit(fd)] | R.RANK_MASK[R.rank(fd)])
    # Played cards per seat; at trick k both have played k-1 (the leader one more in follow).
    for p in (0, 1):
        held = s.hand[p] | (R.bit(s.forced[p]) if s.forced[p] >= 0 and s.trick < 10 else 0)
        played = bin(s.dealt[p] & ~held).count("1")
        want = s.trick - 1 + (1 if s.phase == R.FOLLOW and p == s.leader else 0)
        if s.phase in (R.FORCE_DEALER, R.FORCE_OTHER):
            want = 0
        if played != want:
            raise InvalidStateError(
                f"seat {p} has played {played} cards but trick {s.trick} "
                f"({R.PHASE_NAMES[s.phase]}) "
                f"needs {want}: wrong hand size")
    if s.phase == R.FOLLOW:
        if s.led < 0 or not (s.dealt[s.leader] >> s.led & 1) or s.hand[s.leader] >> s.led & 1:
            raise InvalidStateError("phase follow needs 'led': a card the leader was dealt and "
                                    "played")
        if s.follow_set(1 - s.leader, s.led) == 0:
            raise InvalidStateError("the led card is a mate: the game would already be over")
    elif s.led != -1:
        raise InvalidStateError("'led' is only set in phase follow")


# -- view JSON --------------------------------------------------------------------------------
def _forced_hidden_from(s: R.MateState, seat: int, owner: int) -> bool:
    """True when ``owner``'s forced card is face down to ``seat`` (§9.2)."""
    return (owner != seat and s.options["forced_visibility"] == "hidden"
            and s.forced[owner] >= 0 and s.trick < 10 and s.phase != R.OVER)


def view_to_json(s: R.MateState, seat: int) -> dict[str, Any]:
    out = state_to_json(s)
    out["seat"] = seat
    out.pop("next_deal", None)
    o = 1 - seat
    if _forced_hidden_from(s, seat, o):
        out["forced"][o] = "hidden"
        out["hands"][o] = None
        out["opponent_unseen"] = _names(s.hand[o] | R.bit(s.forced[o]))
        out["restrict"] = _names(s.restrict[seat])
    return out


def view_hides_nothing(obj: dict[str, Any]) -> bool:
    """Whether a view (``view_to_json``'s dict) hides no card of the current game from its
    seat: with face-down forcing only the opponent's forced card is hidden (§9.2), so a view
    without a ``"hidden"`` forced card (nobody forced against the seat yet, or trick 10) is
    perfect information for it, as in default Mate (recommend's auto then solves it exactly;
    tester 8). The game-3 deal is unknown in either mode and no game's solver reaches it."""
    return "hidden" not in (obj.get("forced") or [])


def view_from_json(obj: Any, options: dict[str, Any]) -> Any:
    seat = _int(obj, "seat", 0, 1)
    obj = dict(obj)
    o = 1 - seat
    if obj.get("forced") and isinstance(obj["forced"], list) and len(obj["forced"]) == 2 \
            and obj["forced"][o] == "hidden":
        if options["forced_visibility"] != "hidden":
            raise InvalidStateError("a hidden forced card needs forced_visibility=hidden")
        unseen = _mask(obj.get("opponent_unseen", []), "opponent_unseen")
        seen_state = dict(obj)
        # Pose one consistent candidate; the View re-deals it (redaction) anyway.
        forced = list(obj["forced"])
        for c in R.cards_of(unseen):
            forced[o] = card_name(c)
            hands = list(obj["hands"])
            hands[o] = _names(unseen & ~R.bit(c))
            seen_state.update(forced=forced, hands=hands)
            try:
                s = state_from_json(seen_state, options)
            except InvalidStateError:
                continue
            if _candidate_ok(s, o, c, _mask(obj.get("restrict", []), "restrict"), seat):
                return s, seat
        raise InvalidStateError(
            "no card of opponent_unseen fits the view as the hidden forced card")
    return state_from_json(obj, options), seat


def _candidate_ok(s: R.MateState, o: int, f: int, restrict: int, seat: int) -> bool:
    """Whether ``f`` as the opponent's face-down card fits the observer's information: no
    other unseen card of a suit he showed void in, and the forcing restriction seen (§9.2)."""
    if any(s.hand[o] & R.SUIT_MASK[x] for x in range(4) if s.voids[o] >> x & 1):
        return False
    return o != s.dealer or s.restrict[seat] == restrict


# -- text for people --------------------------------------------------------------------------
def pretty(mask: int) -> str:
    by_suit = []
    for x in (3, 2, 1, 0):
        ranks = [RANKS[r] for r in (4, 3, 2, 1, 0) if mask >> (4 * r + x) & 1]
        if ranks:
            by_suit.append(SUIT_SYMBOLS[x] + " ".join("10" if r == "T" else r for r in ranks))
    return "  ".join(by_suit) or "-"


def summary(s: R.MateState) -> str:
    if s.phase == R.OVER:
        return f"match over, totals {s.totals[0]}-{s.totals[1]}"
    where = (R.PHASE_NAMES[s.phase] if s.phase <= R.FORCE_OTHER
             else f"trick {s.trick} {R.PHASE_NAMES[s.phase]}")
    led = f", {card_name(s.led)} led" if s.led >= 0 else ""
    return (f"game {s.game_no}, {where}{led}, seat {s.current_player()} to act, "
            f"totals {s.totals[0]}-{s.totals[1]}")


def render(s: R.MateState, perspective: int | None = None) -> str:
    lines = [f"Mate — game {s.game_no} of 4, dealer seat {s.dealer}; totals "
             f"seat 0: {s.totals[0]}, seat 1: {s.totals[1]}"]
    for p in (0, 1):
        me = " (you)" if perspective == p else ""
        if perspective is not None and _forced_hidden_from(s, perspective, p):
            hand = f"{bin(s.hand[p]).count('1')} cards"
            forced = "face down"
        else:
            hand = pretty(s.hand[p])
            forced = card_name(s.forced[p]) if s.forced[p] >= 0 else "-"
        lines.append(f"  seat {p}{me}: {hand}   [forced: {forced}]")
    if s.phase == R.OVER:
        lines.append("  match over")
    elif s.phase <= R.FORCE_OTHER:
        lines.append(f"  forcing: seat {s.current_player()} decides")
    else:
        led = (f"{card_name(s.led)} led by seat {s.leader}" if s.led >= 0
               else f"seat {s.leader} to lead")
        lines.append(f"  trick {s.trick}: {led}")
    return "\n".join(lines)
