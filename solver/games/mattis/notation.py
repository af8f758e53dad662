"""Mattis notation: cards and actions as text, and the state and view JSON formats.

Cards are rank + suit (``TD`` = ten of diamonds, ``AS``; ``10D`` and lower case are accepted on
input). Actions: a card (``TD``), a run of the sequences variant as its cards from low to high
joined by ``-`` (``TC-JC-QC``), ``BLIND`` and ``PICKUP`` (§3).

State JSON (the full truth; everything is checked when read, InvalidStateError otherwise)::

    {"players": 4, "phase": "phase1",                 # phase1 | phase2 | over
     "trumps": null, "trump_card": null,              # the last stock card once drawn, its suit
     "hands": [["7C","KD","2H"], ...],                # one list per seat
     # phase 1 only:
     "stock": ["AH","2S", ...],                       # top first
     "won": [[], [], [], []],                         # won piles (face down, public by A-25)
     "reserved": null,                                # trump_card=reserved: seat of the face-up
                                                      #   trump card lying in front of its holder
     "leader": 0, "last_trick_winner": null,          # leader of the current trick
     "trick": [{"player": 0, "card": "7C", "round": 1, "blind": false}, ...]}

    {"players": 3, "phase": "phase2", "trumps": "S", "trump_card": "QS",
     "hands": [...], "out": [2],                      # seats that are out
     "to_act": 0, "leading": false,
     "lays": ["5H", "7H"],                            # the trick, bottom first (cards or runs)
     "trick_size": 3, "played": 2,                    # N (null while leading); lays played to
                                                      #   the trick since its lead (A-15)
     "set_aside": [...], "phase2_actions": 17}        # may be omitted: all cards not elsewhere

An ``over`` state has the phase-2 fields plus ``"loser"`` (a seat, or null for no loser) and
``"termination"`` (``normal`` or ``move_cap``, the engine's action cap of §10).

Every phase-1 position must hold all 52 cards exactly once (hands, won piles, stock, trick, the
reserved trump card). Phase-2 positions may leave cards out: they are then set aside (§14:
"cards not listed are out of play"). A loaded phase-1 position is settled: automatic steps
(the end of a round, the emergency draw, the end of phase 1 — example E6) are applied, so the
state read is the decision point the position leads to.

View JSON (what seat ``seat`` knows, §11): in phase 1 the state JSON with ``"seat"``, other
players' hands cut down to their visible cards (a held face-up trump card), ``"hand_sizes"``
for every seat, and ``"stock_size"`` instead of the stock. Everything else in phase 1 is public
(every played card, blind cards included, won piles by perfect recall). From phase 2 on the
game is one of perfect information (§11) and the view is the state JSON plus ``"seat"``.
"""
from __future__ import annotations

import re
from typing import Any

from solver.errors import InvalidActionError, InvalidStateError
from solver.games.mattis import rules as R
from solver.places import CardPlaces, same_players

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
PHASES = {"phase1": R.PHASE1, "phase2": R.PHASE2, "over": R.OVER}

_CARD_RE = re.compile(r"^(10|[2-9TJQKAtjqka])([CDHScdhs])$")


def card_name(c: int) -> str:
    return RANKS[c % 13] + SUITS[c // 13]


def parse_card(text: object) -> int:
    m = _CARD_RE.match(str(text).strip())
    if not m:
        raise InvalidActionError(
            f"unknown card {text!r} (cards are rank 2-9 T J Q K A + suit C D H S, e.g. TD)")
    r = m.group(1).upper()
    r = "T" if r == "10" else r
    return 13 * SUITS.index(m.group(2).upper()) + RANKS.index(r)


def action_to_str(a: int, options: dict[str, Any] | None = None) -> str:
    a = int(a)
    if a == R.BLIND:
        return "BLIND"
    if a == R.PICKUP:
        return "PICKUP"
    if 0 <= a < R.RUN_BASE:
        return card_name(a)
    if R.RUN_BASE <= a < R.BLIND:
        return "-".join(card_name(c) for c in R.cards_of(R.lay_cards(a)))
    raise InvalidActionError(f"no Mattis action has id {a}")


def parse_action(text: str, options: dict[str, Any] | None = None) -> int:
    """A card, a run (``5D-6D``: its cards from low to high), ``BLIND`` or ``PICKUP``."""
    t = str(text).strip()
    if t.upper() == "BLIND":
        return R.BLIND
    if t.upper() == "PICKUP":
        return R.PICKUP
    if "-" not in t:
        return parse_card(t)
    cards = [parse_card(x) for x in t.split("-")]
    s = R.suit(cards[0])
    ranks = [R.rank(c) for c in cards]
    if (any(R.suit(c) != s for c in cards)
            or ranks != list(range(ranks[0], ranks[0] + len(ranks)))):
        raise InvalidActionError(
            f"{text!r} is not a run: a run lists consecutive cards of one suit from low to high, "
            f"e.g. TC-JC-QC (ace high only)")
    return R.run_id(s, ranks[0], ranks[-1])


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in R.cards_of(mask)]


# -- reading helpers ----------------------------------------------------------------------------
def _card(text: object, what: str) -> int:
    try:
        return parse_card(text)
    except InvalidActionError:
        raise InvalidStateError(f"{what}: unknown card {text!r}") from None


def _mask(cards: object, what: str) -> int:
    if not isinstance(cards, list):
        raise InvalidStateError(f"{what} must be a list of cards, got {cards!r}")
    mask = 0
    for t in cards:
        c = _card(t, what)
        if mask & R.bit(c):
            raise InvalidStateError(f"{what}: duplicate card {card_name(c)}")
        mask |= R.bit(c)
    return mask


def _per_seat(obj: dict[str, Any], key: str, n: int,
              default: list[list] | None = None) -> list[Any]:
    v = obj.get(key, default)
    if not isinstance(v, list) or len(v) != n:
        raise InvalidStateError(f"{key!r} must be a list with one entry per seat ({n} seats)")
    return v


def _seat(v: int | None, what: str, n: int, nullable: bool = False) -> int:
    if v is None and nullable:
        return -1
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
        raise InvalidStateError(f"{what} must be a seat 0..{n - 1}, got {v!r}")
    return v


def _nonneg(v: int, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise InvalidStateError(f"{what} must be a non-negative integer, got {v!r}")
    return v


def _suit(v: str, what: str) -> int:
    if not isinstance(v, str) or v.upper() not in SUITS or len(v) != 1:
        raise InvalidStateError(f"{what} must be one of C D H S, got {v!r}")
    return SUITS.index(v.upper())


_COMMON_KEYS = {"players", "phase", "trumps", "trump_card", "hands"}
_P1_KEYS = _COMMON_KEYS | {"stock", "won", "reserved", "leader", "last_trick_winner", "trick"}
_P2_KEYS = _COMMON_KEYS | {"out", "to_act", "leading", "lays", "trick_size", "played",
                           "set_aside", "phase2_actions"}
_OVER_KEYS = _P2_KEYS | {"loser", "termination"}


# -- state JSON ---------------------------------------------------------------------------------
def state_to_json(s: R.MattisState) -> dict[str, Any]:
    out = {"players": s.n, "phase": R.PHASE_NAMES[s.phase],
           "trumps": SUITS[s.trumps] if s.trumps >= 0 else None,
           "trump_card": card_name(s.trump_card) if s.trump_card >= 0 else None,
           "hands": [_names(h) for h in s.hands]}
    if s.phase == R.PHASE1:
        out.update({
            "stock": [card_name(c) for c in s.stock],
            "won": [_names(w) for w in s.won],
            "reserved": s.reserved_by if s.reserved_by >= 0 else None,
            "leader": s.leader,
            "last_trick_winner": s.last_winner if s.last_winner >= 0 else None,
            "trick": [{"player": p, "card": card_name(c), "round": r, "blind": b}
                      for (p, c, r, b) in s.trick],
        })
        return out
    out.update({
        "out": [p for p in range(s.n) if s.out[p]],
        "to_act": s.to_act if s.to_act >= 0 else None,
        "leading": s.leading,
        "lays": [action_to_str(x) for x in s.lays],
        "trick_size": s.trick_size if s.lays else None,
        "played": s.played,
        "set_aside": _names(s.aside),
        "phase2_actions": s.p2_actions,
    })
    if s.phase == R.OVER:
        out["loser"] = s.loser if s.loser >= 0 else None
        out["termination"] = s.termination
    return out


def public_position(obj: dict[str, Any]) -> bool:
    """Whether a view (``view_to_json``'s dict) shows the whole position: in phase 2 every
    card's location is public and there is no chance (docs/rules/mattis.md §6, §11), so every
    seat's view is the state itself. The solver bot then checks the others' moves against the
    rules of thumb (bots/solver_bot.py, its ``follow`` option)."""
    return obj.get("phase") in ("phase2", "over")


def state_from_json(obj: dict[str, Any], options: dict[str, Any]) -> R.MattisState:
    if not isinstance(obj, dict):
        raise InvalidStateError("state JSON must be an object")
    n = options["players"]
    same_players(obj, n)
    phase_txt = obj.get("phase")
    if phase_txt not in PHASES:
        raise InvalidStateError(f"state JSON needs 'phase': one of {', '.join(PHASES)}, "
                                f"got {phase_txt!r}")
    phase = PHASES[phase_txt]
    allowed = {R.PHASE1: _P1_KEYS, R.PHASE2: _P2_KEYS, R.OVER: _OVER_KEYS}[phase]
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise InvalidStateError(f"unknown field(s) {', '.join(unknown)} in a {phase_txt} state")
    s = R.MattisState(options)
    s.hands = [_mask(h, f"hands[{i}]") for i, h in enumerate(_per_seat(obj, "hands", n))]
    trump_card = obj.get("trump_card")
    s.trump_card = _card(trump_card, "trump_card") if trump_card is not None else -1
    if obj.get("trumps") is not None:
        s.trumps = _suit(obj["trumps"], "trumps")
        if s.trump_card >= 0 and R.suit(s.trump_card) != s.trumps:
            raise InvalidStateError(f"trumps {obj['trumps']} is not the suit of the trump card "
                                    f"{card_name(s.trump_card)}")
    elif s.trump_card >= 0:
        s.trumps = R.suit(s.trump_card)
    _no_overlap([(f"hands[{i}]", h) for i, h in enumerate(s.hands)])
    if phase == R.PHASE1:
        _phase1_from_json(s, obj)
    else:
        _phase2_from_json(s, obj, phase)
    return s


def _no_overlap(places: list[tuple[str, int]]) -> int:
    """The union of named card sets ``[(name, mask), ...]``; a card in two of them is an error."""
    seen = 0
    where: dict[int, str] = {}
    for name, m in places:
        if seen & m:
            c = R.cards_of(seen & m)[0]
            raise InvalidStateError(f"card {card_name(c)} is both in {where[c]} and in {name}")
        for c in R.cards_of(m):
            where[c] = name
        seen |= m
    return seen


def _phase1_from_json(s: R.MattisState, obj: dict[str, Any]) -> None:
    n, opt = s.n, s.options
    s.phase = R.PHASE1
    stock_txt = obj.get("stock")
    if not isinstance(stock_txt, list):
        raise InvalidStateError("a phase1 state needs 'stock': a list of cards, top first")
    s.stock = [_card(t, "stock") for t in stock_txt]
    s.won = [_mask(w, f"won[{i}]") for i, w in enumerate(_per_seat(obj, "won", n, [[]] * n))]
    trick = obj.get("trick", [])
    if not isinstance(trick, list):
        raise InvalidStateError("'trick' must be a list of {player, card, round, blind} entries")
    s.trick = []
    for i, e in enumerate(trick):
        if not isinstance(e, dict) or set(e) - {"player", "card", "round", "blind"}:
            raise InvalidStateError(f"trick[{i}] must be {{player, card, round, blind}}, got {e!r}")
        p = _seat(e.get("player"), f"trick[{i}].player", n)
        c = _card(e.get("card"), f"trick[{i}].card")
        r = e.get("round", 1)
        if isinstance(r, bool) or not isinstance(r, int) or r < 1:
            raise InvalidStateError(f"trick[{i}].round must be a positive integer, got {r!r}")
        b = e.get("blind", False)
        if not isinstance(b, bool):
            raise InvalidStateError(f"trick[{i}].blind must be true or false, got {b!r}")
        s.trick.append((p, c, r, b))
    s.reserved_by = _seat(obj.get("reserved"), "reserved", n, nullable=True)
    s.last_winner = _seat(obj.get("last_trick_winner"), "last_trick_winner", n, nullable=True)
    s.leader = _seat(obj.get("leader", s.last_winner if s.last_winner >= 0 else None), "leader", n)

    # Card conservation: every card exactly once (§5.1).
    places = ([(f"hands[{i}]", h) for i, h in enumerate(s.hands)]
              + [(f"won[{i}]", w) for i, w in enumerate(s.won)])
    stock_mask = 0
    for c in s.stock:
        if stock_mask & R.bit(c):
            raise InvalidStateError(f"stock: duplicate card {card_name(c)}")
        stock_mask |= R.bit(c)
    trick_mask = 0
    for (_p, c, _r, _b) in s.trick:
        if trick_mask & R.bit(c):
            raise InvalidStateError(f"trick: duplicate card {card_name(c)}")
        trick_mask |= R.bit(c)
    places += [("the stock", stock_mask), ("the trick", trick_mask)]
    if s.reserved_by >= 0:
        if opt["trump_card"] != "reserved":
            raise InvalidStateError("'reserved' needs the option trump_card=reserved")
        if s.trump_card < 0:
            raise InvalidStateError("'reserved' needs the trump_card lying in front of its holder")
        places.append(("the reserved trump card", R.bit(s.trump_card)))
    seen = _no_overlap(places)
    if seen != R.ALL_CARDS:
        missing = _names(R.ALL_CARDS & ~seen)
        raise InvalidStateError("a phase1 position holds all 52 cards; missing: "
                                f"{' '.join(missing)}")
    for p in range(n):
        if R.count(s.hands[p]) > 3:
            raise InvalidStateError(f"hands[{p}] holds {R.count(s.hands[p])} cards; phase-1 "
                                    f"hands hold at most 3 (§5.1)")

    # The trump card: drawn exactly when the stock is empty (§5.4).
    if s.stock and s.trumps >= 0:
        raise InvalidStateError("the trump card is the last stock card: it cannot be known "
                                "while the stock holds cards")
    if not s.stock and s.trump_card < 0:
        raise InvalidStateError("the stock is empty, so the trump card (the last stock card) "
                                "must be given as trump_card")
    if (opt["trump_card"] == "reserved" and not s.stock) != (s.reserved_by >= 0):
        raise InvalidStateError("with trump_card=reserved the trump card lies in front of its "
                                "holder ('reserved': seat) once the stock is empty, and only then")

    # Won piles and the lead (§5.2 step 5: the winner leads the next trick).
    if s.last_winner < 0:
        if any(s.won):
            raise InvalidStateError("won piles are non-empty, so last_trick_winner must be given")
    else:
        if not s.won[s.last_winner]:
            raise InvalidStateError(f"last_trick_winner {s.last_winner} has an empty won pile")
        if s.leader != s.last_winner:
            raise InvalidStateError(f"the winner of the last trick ({s.last_winner}) leads the "
                                    f"next one, not seat {s.leader}")

    _derive_trick_progress(s)

    # While the stock holds cards every hand was refilled to 3 before the trick (after_trick),
    # or is topped up after every hand play (immediate).
    if s.stock:
        for p in range(n):
            from_hand = sum(1 for (q, _c, _r, b) in s.trick if q == p and not b)
            want = 3 if opt["draw_timing"] == "immediate" else 3 - from_hand
            if R.count(s.hands[p]) != want:
                raise InvalidStateError(
                    f"hands[{p}] holds {R.count(s.hands[p])} cards but, with cards in the stock, "
                    f"seat {p} must hold {want} (3 minus its hand plays to this trick)")
    s._settle()


def _derive_trick_progress(s: R.MattisState) -> None:
    """Rebuild the current round, its contenders and the player due from the trick entries
    (§5.2), checking that they follow the rules' order."""
    n = s.n
    survivor = s.options["tie_exhaustion"] == "survivor_wins"
    contenders = [(s.leader + j) % n for j in range(n)]
    rounds = [r for (_p, _c, r, _b) in s.trick]
    last = rounds[-1] if rounds else 1
    if rounds != sorted(rounds) or (rounds and sorted(set(rounds)) != list(range(1, last + 1))):
        raise InvalidStateError("trick rounds must run 1, 2, ... in play order")
    for r in range(1, last + 1):
        plays = [(p, c) for (p, c, rr, _b) in s.trick if rr == r]
        players = [p for p, _c in plays]
        idx: list[int] = []
        for p in players:
            if p not in contenders or (idx and contenders.index(p) <= idx[-1]):
                raise InvalidStateError(
                    f"trick round {r}: seat {p} plays out of turn (due in order: "
                    f"{', '.join(map(str, contenders))})")
            idx.append(contenders.index(p))
        complete = r < last
        upto = len(contenders) if complete else (idx[-1] + 1 if idx else 0)
        skipped = [q for q in contenders[:upto] if q not in players]
        for q in skipped:
            # Only tie_exhaustion=survivor_wins lets a due player not play: a tied player in a
            # tie-break round with no card and an empty stock drops out (§5.5 case 3).
            if not (survivor and r >= 2 and not s.hands[q] and not s.stock):
                raise InvalidStateError(f"trick round {r}: seat {q} was due to play but did not")
        if complete:
            top = max(R.rank(c) for _p, c in plays) if plays else -1
            tied = [p for p, c in plays if R.rank(c) == top]
            if len(tied) < 2:
                raise InvalidStateError(f"trick round {r} has a single winner, so no round "
                                        f"{r + 1} can follow")
            contenders = tied
        else:
            s.round = r
            s.contenders = contenders
            s.pos = upto


def _phase2_from_json(s: R.MattisState, obj: dict[str, Any], phase: int) -> None:
    n, opt = s.n, s.options
    s.phase = R.PHASE2
    s.leader, s.last_winner, s.round, s.contenders, s.pos = -1, -1, 0, [], 0
    if s.trumps < 0:
        raise InvalidStateError("phase 2 needs 'trumps' (a suit) or 'trump_card'")
    out = obj.get("out", [])
    if not isinstance(out, list):
        raise InvalidStateError("'out' must be a list of seats")
    s.out = [False] * n
    for v in out:
        q = _seat(v, "out", n)
        if s.out[q]:
            raise InvalidStateError(f"'out' lists seat {q} twice")
        s.out[q] = True
        if s.hands[q]:
            raise InvalidStateError(f"seat {q} is out but holds cards (§7.7: out = hand emptied)")
    lays_txt = obj.get("lays", [])
    if not isinstance(lays_txt, list):
        raise InvalidStateError("'lays' must be a list of cards or runs, bottom first")
    s.lays = []
    for i, t in enumerate(lays_txt):
        try:
            a = parse_action(t)
        except InvalidActionError as e:
            raise InvalidStateError(f"lays[{i}]: {e}") from None
        if not R.is_lay(a):
            raise InvalidStateError(f"lays[{i}]: {t!r} is not a card or a run")
        if a >= R.RUN_BASE and (not opt["sequences"]
                                or R.lay_length(a) < opt["sequence_min_length"]):
            raise InvalidStateError(f"lays[{i}]: the run {t} needs sequences=on with "
                                    f"sequence_min_length <= {R.lay_length(a)}")
        if s.lays and not R.beats(a, s.lays[-1], s.trumps):
            raise InvalidStateError(f"lays[{i}]: {t} does not beat {action_to_str(s.lays[-1])} "
                                    f"below it (§7.2)")
        s.lays.append(a)
    trick_cards = _no_overlap([(f"lays[{i}]", R.lay_cards(a)) for i, a in enumerate(s.lays)])
    held = _no_overlap([(f"hands[{i}]", h) for i, h in enumerate(s.hands)]
                       + [("the trick", trick_cards)])
    if "set_aside" in obj:
        s.aside = _mask(obj["set_aside"], "set_aside")
        if s.aside & held:
            raise InvalidStateError(f"set_aside: card {card_name(R.cards_of(s.aside & held)[0])} "
                                    f"is also in a hand or the trick")
        if (s.aside | held) != R.ALL_CARDS:
            raise InvalidStateError(f"cards in no place: "
                                    f"{' '.join(_names(R.ALL_CARDS & ~(s.aside | held)))}")
    else:
        s.aside = R.ALL_CARDS & ~held
    s.p2_actions = _nonneg(obj.get("phase2_actions", 0), "phase2_actions")
    cap = opt["phase2_action_cap"]
    ins = s.players_in()
    if phase == R.OVER:
        _over_from_json(s, obj, ins)
        return
    if cap is not None and s.p2_actions >= cap:
        raise InvalidStateError(f"phase2_actions {s.p2_actions} has reached the action cap {cap}: "
                                f"the game would be over")
    if len(ins) < 2:
        raise InvalidStateError("phase 2 goes on only while at least two players are in")
    s.to_act = _seat(obj.get("to_act"), "to_act", n)
    if s.out[s.to_act]:
        raise InvalidStateError(f"to_act {s.to_act} is out")
    leading = obj.get("leading", not s.lays)
    if not isinstance(leading, bool):
        raise InvalidStateError(f"'leading' must be true or false, got {leading!r}")
    s.leading = leading
    if leading:
        if s.lays:
            raise InvalidStateError("a leader faces an empty trick ('lays' must be empty)")
        if not s.hands[s.to_act]:
            raise InvalidStateError(f"seat {s.to_act} is to lead but holds no card (§7.6: the "
                                    f"leader always holds a card)")
        for key in ("trick_size",):
            if obj.get(key) is not None:
                raise InvalidStateError(f"'{key}' is only set while a trick is in progress")
        if obj.get("played", 0) != 0:
            raise InvalidStateError("'played' is 0 while leading")
        s.trick_size, s.played = 0, 0
        return
    if not s.lays:
        raise InvalidStateError("a follower faces a trick: 'lays' must not be empty "
                                "(or set leading: true)")
    N = obj.get("trick_size")
    if isinstance(N, bool) or not isinstance(N, int) or not len(ins) <= N <= n or N < 2:
        raise InvalidStateError(f"trick_size (N, the players in at the lead) must be an integer "
                                f"from {max(2, len(ins))} to {n}, got {N!r}")
    s.trick_size = N
    played = obj.get("played", len(s.lays))
    _nonneg(played, "played")
    if played < len(s.lays):
        raise InvalidStateError(f"played ({played}) counts every lay in the trick "
                                f"({len(s.lays)} lie in it)")
    size = len(s.lays) if opt["trick_count"] == "present" else played
    if size >= N:
        raise InvalidStateError(f"the trick would already be complete ({size} of N = {N})")
    s.played = played


def _over_from_json(s: R.MattisState, obj: dict[str, Any], ins: list[int]) -> None:
    n, opt = s.n, s.options
    s.phase = R.OVER
    s.to_act, s.leading = -1, False
    if obj.get("to_act") is not None or obj.get("leading", False):
        raise InvalidStateError("nobody acts in a finished game (to_act null, leading false)")
    N = obj.get("trick_size")
    if s.lays:
        if isinstance(N, bool) or not isinstance(N, int) or not 2 <= N <= n:
            raise InvalidStateError(f"trick_size must be an integer 2..{n}, got {N!r}")
        s.trick_size = N
    elif N is not None:
        raise InvalidStateError("'trick_size' is only set while lays lie in the trick")
    s.played = _nonneg(obj.get("played", len(s.lays)), "played")
    s.loser = _seat(obj.get("loser"), "loser", n, nullable=True)
    term = obj.get("termination", "normal")
    if term not in ("normal", "move_cap"):
        raise InvalidStateError(f"termination must be normal or move_cap, got {term!r}")
    s.termination = term
    cap = opt["phase2_action_cap"]
    if term == "move_cap":
        if cap is None or s.p2_actions != cap:
            raise InvalidStateError(f"a move_cap ending happens at phase2_actions = the cap "
                                    f"({cap}), not {s.p2_actions}")
        if len(ins) < 2:
            raise InvalidStateError("a move_cap ending leaves at least two players in")
        want = -1
        if opt["cap_result"] == "most_cards":
            sizes = [R.count(s.hands[p]) for p in ins]
            if sizes.count(max(sizes)) == 1:
                want = ins[sizes.index(max(sizes))]
        if s.loser != want:
            raise InvalidStateError(f"the cap result ({opt['cap_result']}) makes the loser "
                                    f"{want if want >= 0 else 'nobody'}, not {obj.get('loser')!r}")
    elif len(ins) == 1:
        if s.loser != ins[0]:
            raise InvalidStateError(f"the last player in ({ins[0]}) is the loser (§7.7)")
    else:
        if s.loser >= 0 or any(s.hands[p] for p in ins):
            raise InvalidStateError("a finished game has exactly one player in, the loser")


# -- view JSON ----------------------------------------------------------------------------------
def view_to_json(s: R.MattisState, seat: int) -> dict[str, Any]:
    out = state_to_json(s)
    out["seat"] = seat
    if s.phase != R.PHASE1:
        return out                                     # §11: perfect information from phase 2
    visible = R.bit(s.trump_card) if s.trump_card >= 0 else 0
    out["hand_sizes"] = [R.count(h) for h in s.hands]
    out["hands"] = [_names(h if p == seat else h & visible) for p, h in enumerate(s.hands)]
    out["stock_size"] = len(s.stock)
    del out["stock"]
    return out


def view_from_json(obj: Any, options: dict[str, Any]) -> Any:
    """The view's position with the hidden cards placed in one fixed consistent way (the lowest
    unseen cards to the other hands in seat order, the rest to the stock); the View built from
    it re-deals them (redaction), so the placement carries no information."""
    if not isinstance(obj, dict):
        raise InvalidStateError("view JSON must be an object")
    n = options["players"]
    same_players(obj, n)
    seat = _seat(obj.get("seat"), "seat", n)
    obj = dict(obj)
    del obj["seat"]
    if obj.get("phase") != "phase1":
        return state_from_json(obj, options), seat
    sizes = _per_seat(obj, "hand_sizes", n)
    for p, k in enumerate(sizes):
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 3:
            raise InvalidStateError(f"hand_sizes[{p}] must be 0..3, got {k!r}")
    stock_size = _nonneg(obj.pop("stock_size", None), "stock_size")
    del obj["hand_sizes"]
    hands = [_mask(h, f"hands[{i}]") for i, h in enumerate(_per_seat(obj, "hands", n))]
    places = CardPlaces(card_name)
    for i, h in enumerate(hands):
        places.add(h, f"hands[{i}]")
    for i, w in enumerate(_per_seat(obj, "won", n, [[]] * n)):
        places.add(_mask(w, f"won[{i}]"), f"won[{i}]")
    for e in obj.get("trick", []) if isinstance(obj.get("trick"), list) else []:
        if isinstance(e, dict) and e.get("card") is not None:
            places.add(R.bit(_card(e["card"], "trick")), "trick")
    seen = places.seen
    if obj.get("trump_card") is not None:         # a shown trump card may be in its holder's hand
        seen |= R.bit(_card(obj["trump_card"], "trump_card"))
    unseen = R.cards_of(R.ALL_CARDS & ~seen)
    need = sum(sizes[p] - R.count(hands[p]) for p in range(n) if p != seat) + stock_size
    if sizes[seat] != R.count(hands[seat]):
        raise InvalidStateError(f"hand_sizes[{seat}] does not match the seat's own hand")
    if need != len(unseen) or any(sizes[p] < R.count(hands[p]) for p in range(n)):
        raise InvalidStateError(f"the view's hidden places ({need}) do not match its "
                                f"{len(unseen)} unseen cards")
    k = 0
    full = []
    for p in range(n):
        extra = 0 if p == seat else sizes[p] - R.count(hands[p])
        full.append(_names(hands[p] | sum(R.bit(c) for c in unseen[k:k + extra])))
        k += extra
    obj["hands"] = full
    obj["stock"] = [card_name(c) for c in unseen[k:]]
    return state_from_json(obj, options), seat


# -- text for people ----------------------------------------------------------------------------
def pretty(mask: int) -> str:
    by_suit = []
    for x in (3, 2, 1, 0):
        ranks = [RANKS[r] for r in range(12, -1, -1) if mask >> (13 * x + r) & 1]
        if ranks:
            by_suit.append(SUIT_SYMBOLS[x] + "".join(ranks))
    return " ".join(by_suit) or "-"


def summary(s: R.MattisState) -> str:
    if s.phase == R.OVER:
        end = "cap reached, " if s.termination == "move_cap" else ""
        who = f"seat {s.loser} is the mattis" if s.loser >= 0 else "no loser (draw)"
        return f"game over, {end}{who}"
    if s.phase == R.PHASE1:
        rnd = f" round {s.round}" if s.round > 1 else ""
        return (f"phase 1, trick led by seat {s.leader}{rnd}, {len(s.trick)} card(s) on the "
                f"table, stock {len(s.stock)}, seat {s.current_player()} to play")
    top = f", top {action_to_str(s.lays[-1])}" if s.lays else ""
    verb = "lead" if s.leading else "beat or pick up"
    return (f"phase 2, trumps {SUITS[s.trumps]}, {len(s.players_in())} in{top}, "
            f"seat {s.to_act} to {verb}, action {s.p2_actions}")


def render(s: R.MattisState, perspective: int | None = None) -> str:
    n = s.n
    trumps = SUITS[s.trumps] + SUIT_SYMBOLS[s.trumps] if s.trumps >= 0 else "not yet fixed"
    lines = [f"Mattis, {n} players — {R.PHASE_NAMES[s.phase]}; trumps {trumps}"]
    visible = R.bit(s.trump_card) if s.trump_card >= 0 else 0
    for p in range(n):
        me = " (you)" if perspective == p else ""
        hidden = s.phase == R.PHASE1 and perspective is not None and perspective != p
        if hidden:
            shown = s.hands[p] & visible
            hand = f"{R.count(s.hands[p])} cards" + (f" incl. {pretty(shown)}" if shown else "")
        else:
            hand = pretty(s.hands[p])
        extra = ""
        if s.phase == R.PHASE1:
            extra = f"   won {R.count(s.won[p])}"
            if s.reserved_by == p:
                extra += f"   trump card {card_name(s.trump_card)} face up in front"
        elif s.out[p]:
            extra = "   out"
        elif not s.hands[p]:
            extra = "   (no cards)"
        lines.append(f"  seat {p}{me}: {hand}{extra}")
    if s.phase == R.PHASE1:
        lines.append(f"  stock: {len(s.stock)} cards")
        table = " ".join(f"{card_name(c)}{'*' if b else ''}(s{p},r{r})" for p, c, r, b in s.trick)
        lines.append(f"  trick led by seat {s.leader}: {table or '-'}   (* = blind)")
        lines.append(f"  seat {s.current_player()} to play")
    elif s.phase == R.PHASE2:
        if s.leading:
            lines.append(f"  seat {s.to_act} to lead")
        else:
            lays = " ".join(action_to_str(x) for x in s.lays)
            lines.append(f"  trick (bottom first): {lays}   N={s.trick_size}, played {s.played}")
            lines.append(f"  seat {s.to_act} to beat {action_to_str(s.lays[-1])} or pick up")
        lines.append(f"  set aside: {R.count(s.aside)} cards; phase-2 actions {s.p2_actions}")
    else:
        lines.append("  " + summary(s))
    return "\n".join(lines)
