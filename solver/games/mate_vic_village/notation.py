"""Mate (Vic Village) notation: cards (``B7``, ``R10``), instructions (``STAY-7``, ``GO-7``),
actions (a card, or a 3-player discard pair ``R3+B7``) and the state and view JSON formats.

State JSON (the full truth; every field is checked when read, see ``state_from_json``)::

    {"round": 1, "phase": "play", "first_leader": 0, "starter": 0,
     "removed": ["STAY-4"],                       # laid aside face up (§4)
     "round_scores": [],                          # completed rounds, one list per round
     "hands": [["R1", ...], [...], [...]],        # current hands
     "discards": [["B3", "G9"], [...], [...]],    # [] for a seat that has not discarded yet
     "undealt": ["Y2", "P8"],
     "instruction_deck": ["GO-3", "STAY-9", ...], # face down, top first (not yet revealed)
     "reward_pile": ["R4", ...],                  # face down, top first (what is left of it)
     "tricks": [{"instruction": "GO-7", "leader": 0, "cards": ["B2", "G7", "R7"],
                 "winner": 2, "W": 7, "rewards": [{"seat": 1, "card": "Y3"}]},
                {"instruction": "STAY-1", "leader": 2, "cards": ["Y5"]}],
     "chance_state": "<64 hex digits>",           # the stream of later chance events
     "to_act": 0, "totals": [...], "scores": [...], "piles": [...], "voids": [...]}

``tricks`` is this round's public history, the trick in progress last (its instruction is
face up, §6.1); ``rewards`` lists the cards drawn in that trick, top of the pile first. The
position is rebuilt by replaying the tricks, so leaders, the follow rule (§6.3) and the draws
are checked. ``to_act``, ``totals``, ``scores`` (current totals incl. the running round),
``piles`` (per seat: face-down count, face-up pile top cards, reward cards) and ``voids`` are
derived: written for readers, optional on input, and checked when given. ``chance_state`` may
be replaced by ``"seed": int``. In phase ``discard`` there are no tricks and no reward pile yet
and ``instruction_deck`` holds the whole deck; seats discard clockwise from the starter.

View JSON (what seat ``seat`` knows, §10): the same public fields, ``hands``/``discards`` with
only the seat's own entry (``null`` for the others), ``hand_sizes``, ``reward_pile_size``,
``unrevealed_instructions`` (the public multiset, sorted) instead of ``instruction_deck``, and
no undealt cards, no pile order, no chance state.

Option ``recall_played_cards=false`` (A11: "changes no game outcome, only the observations")
changes the *observation* only: ``observation_to_json`` and ``render(perspective)`` hide the
cards inside completed face-down (STAY) piles (the seat still sees its own card there) and the
voids only those cards revealed. The View stays the perfect-recall information state (as
OpenSpiel separates observations from information states): forgetting adds no hard fact, and
an exact sampler for the forgotten cards would have to respect every hidden trick's winner and
follow rule, which no closed form gives.
"""
from __future__ import annotations

import re
from typing import Any

from solver.errors import IllegalActionError, InvalidActionError, InvalidStateError
from solver.games.mate_vic_village import rules as R
from solver.places import CardPlaces, only_own, same_players
from solver.rng import Random

COLOR_NAMES = ("red", "blue", "yellow", "green", "purple")


# -- cards, instructions, actions ---------------------------------------------------------------
def card_name(c: int) -> str:
    return R.COLOR_LETTERS[c // 10] + str(c % 10 + 1)


_CARD_RE = re.compile(r"^([RBYGPrbygp])(10|[1-9])$")


def parse_card(text: object) -> int:
    m = _CARD_RE.match(str(text).strip())
    if not m:
        raise InvalidActionError(
            f"unknown card {text!r} (cards are a colour R B Y G P and a number 1-10, e.g. B7)")
    return R.COLOR_LETTERS.index(m.group(1).upper()) * 10 + int(m.group(2)) - 1


def instr_name(i: int) -> str:
    return f"{('STAY', 'GO')[R.instr_type(i)]}-{R.instr_number(i)}"


_INSTR_RE = re.compile(r"^(STAY|GO!?)-?(\d+)$", re.I)


def parse_instr(text: object) -> int:
    m = _INSTR_RE.match(str(text).strip())
    try:
        if not m:
            raise ValueError
        return R.instr_id(R.STAY if m.group(1).upper() == "STAY" else R.GO, int(m.group(2)))
    except ValueError:
        raise InvalidStateError(
            f"unknown instruction card {text!r} (STAY-1..STAY-10, GO-1 GO-3 GO-5 GO-7 GO-9)"
        ) from None


def action_to_str(a: int, options: dict[str, Any] | None = None) -> str:
    if 0 <= a < 50:
        return card_name(a)
    if R.PAIR_BASE <= a < R.NUM_ACTIONS:
        x, y = R.pair_cards(a)
        return f"{card_name(x)}+{card_name(y)}"
    raise InvalidActionError(f"no Mate (Vic Village) action has id {a}")


def parse_action(text: str, options: dict[str, Any] | None = None) -> int:
    """A card (play, or 4-player discard) or two cards joined by '+', ',' or a space (the
    3-player discard of that pair, in either order)."""
    parts = [t for t in re.split(r"[+,\s]+", str(text).strip()) if t]
    if len(parts) == 1:
        return parse_card(parts[0])
    if len(parts) == 2:
        a, b = parse_card(parts[0]), parse_card(parts[1])
        if a == b:
            raise InvalidActionError(f"{text!r}: a discard pair needs two different cards")
        return R.pair_id(a, b)
    raise InvalidActionError(
        f"{text!r} is not an action (one card, or two cards 'R3+B7' for a 3-player discard)")


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in R.cards_of(mask)]


def _colours(bits: int) -> list[str]:
    return [R.COLOR_LETTERS[c] for c in range(5) if bits >> c & 1]


# -- reading helpers ------------------------------------------------------------------------------
def _card(t: object, what: str) -> int:
    try:
        return parse_card(t)
    except InvalidActionError:
        raise InvalidStateError(f"{what}: unknown card {t!r}") from None


def _cards(v: object, what: str) -> list[int]:
    if not isinstance(v, list):
        raise InvalidStateError(f"{what} must be a list of cards, got {v!r}")
    out = [_card(t, what) for t in v]
    if len(set(out)) != len(out):
        raise InvalidStateError(f"{what}: a card is listed twice")
    return out


def _int(obj: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidStateError(f"{key!r} must be an integer in {lo}..{hi}, got {v!r}")
    return v


def _per_seat(obj: dict[str, Any], key: str, n: int, required: bool = True) -> Any:
    v = obj.get(key)
    if v is None and not required:
        return None
    if not isinstance(v, list) or len(v) != n:
        raise InvalidStateError(f"{key!r} must be a list with one entry per seat ({n} seats)")
    return v


def _score_rows(obj: dict[str, Any], n: int, rows: int) -> list[list[int]]:
    v = obj.get("round_scores", [])
    if not isinstance(v, list) or len(v) != rows or not all(
            isinstance(r, list) and len(r) == n and all(
                isinstance(x, int) and not isinstance(x, bool) for x in r) for r in v):
        raise InvalidStateError(
            f"'round_scores' must list the {rows} completed round(s), {n} integers each")
    return [list(r) for r in v]


def _header(obj: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The fields shared by state and view JSON: round, phase, seats, removed, scores."""
    n = options["players"]
    cfg = R.SETUP[n]
    h = {"n": n}
    h["round"] = _int(obj, "round", 1, n, 1)
    phase = obj.get("phase", "discard")
    if phase not in R.PHASE_NAMES:
        raise InvalidStateError(f"phase {phase!r} is not one of {', '.join(R.PHASE_NAMES)}")
    h["phase"] = R.PHASE_NAMES.index(phase)
    if h["phase"] == R.OVER and h["round"] != n:
        raise InvalidStateError(f"phase over comes only after round {n}")
    fl_opt = options["first_leader"]
    h["first_leader"] = _int(obj, "first_leader", 0, n - 1, 0 if fl_opt == "random" else fl_opt)
    if fl_opt != "random" and h["first_leader"] != fl_opt:
        raise InvalidStateError(f"first_leader {h['first_leader']} contradicts the option "
                                f"first_leader={fl_opt}")
    h["start"] = _int(obj, "starter", 0, n - 1, h["first_leader"])
    if h["round"] == 1 and h["start"] != h["first_leader"]:
        raise InvalidStateError("round 1 is started by the first leader (§8)")
    removed = obj.get("removed")
    if not isinstance(removed, list):
        raise InvalidStateError("'removed' must list the instruction cards laid aside (§4)")
    ids = [parse_instr(t) for t in removed]
    if len(set(ids)) != len(ids) or len(ids) != cfg["removed"]:
        raise InvalidStateError(f"'removed' must hold {cfg['removed']} different instruction cards")
    if options["mode"] == "basic" and any(R.instr_type(i) == R.GO for i in ids):
        raise InvalidStateError("basic mode removes STAY cards only (§4)")
    h["removed"] = R.mask_of(ids)
    done = n if h["phase"] == R.OVER else h["round"] - 1
    h["past"] = _score_rows(obj, n, done)
    h["totals"] = [sum(r[p] for r in h["past"]) for p in range(n)]
    if h["round"] > 1:
        _check_starter(h, options)
    return h


def _check_starter(h: dict[str, Any], options: dict[str, Any]) -> None:
    """The starter of round r > 1 must survive steps 1-2 of §8 (step 3 may pick any of those,
    depending on the previous starter or a random draw)."""
    totals, past = h["totals"] if h["phase"] != R.OVER else None, h["past"]
    if totals is None:                                   # at the end: the last round's starter
        totals = [sum(r[p] for r in past[:-1]) for p in range(h["n"])]
        past = past[:-1]
    cands = R.starter_candidates(totals, past, options)
    if h["start"] not in cands:
        raise InvalidStateError(
            f"seat {h['start']} cannot start round {h['round']}: §8 picks among seats {cands}")


def _trick_list(obj: dict[str, Any], n: int) -> list[dict[str, Any]]:
    v = obj.get("tricks", [])
    if not isinstance(v, list):
        raise InvalidStateError("'tricks' must be a list")
    out = []
    for k, t in enumerate(v):
        if not isinstance(t, dict):
            raise InvalidStateError(f"tricks[{k}] must be an object")
        cards = _cards(t.get("cards", []), f"tricks[{k}].cards")
        if len(cards) > n:
            raise InvalidStateError(f"tricks[{k}] has more than {n} cards")
        rewards = t.get("rewards", [])
        if not isinstance(rewards, list):
            raise InvalidStateError(f"tricks[{k}].rewards must be a list")
        rcards = []
        for r in rewards:
            c = r.get("card") if isinstance(r, dict) else r
            rcards.append(_card(c, f"tricks[{k}].rewards"))
        out.append({"instruction": parse_instr(t.get("instruction")),
                    "leader": t.get("leader"), "cards": cards, "rewards": rcards, "raw": t})
    return out


def _chance(obj: dict[str, Any]) -> Random:
    cs = obj.get("chance_state")
    rng = Random(0)
    if cs is None:
        seed = obj.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidStateError(f"'seed' must be an integer, got {seed!r}")
        return Random(seed)
    if not isinstance(cs, str) or not re.fullmatch(r"[0-9a-fA-F]{64}", cs) or int(cs, 16) == 0:
        raise InvalidStateError("'chance_state' must be 64 hex digits (not all zero)")
    a, b, c, d = (int(cs[16 * i:16 * i + 16], 16) for i in range(4))
    rng.__setstate__((a, b, c, d))
    return rng


# -- building a position --------------------------------------------------------------------------
def _build(h: dict[str, Any], options: dict[str, Any], hands: list[int], discards: list[int],
           undealt: int, deck: list[int], reward_pile: list[int], tricks: list[dict[str, Any]],
           rng: Random) -> R.VicState:
    """The reference state for a fully specified position; replays the round's tricks so every
    rule is checked. ``deck``/``reward_pile`` are what is still face down, top first."""
    n = h["n"]
    s = R.VicState(options)
    cfg = R.SETUP[n]
    T = cfg["tricks"]
    s.first_leader, s.start = h["first_leader"], h["start"]
    s.round, s.removed = h["round"], h["removed"]
    # At the end of the game the last round is rebuilt by the replay below, so it starts from
    # the rounds before it.
    done = h["past"][:-1] if h["phase"] == R.OVER else h["past"]
    s.past = [list(r) for r in done]
    s.totals = [sum(r[p] for r in done) for p in range(n)]
    # Where each card is: before the reward pile exists, in a hand, a discard or the undealt
    # pair; afterwards in a hand, a trick, a drawn reward or the pile (discards and undealt
    # cards then only say where pile cards came from, checked below).
    origin = [(f"discards[{p}]", discards[p]) for p in range(n)] + [("undealt", undealt)]
    places = [(f"hands[{p}]", hands[p]) for p in range(n)]
    if h["phase"] == R.DISCARD:
        places += origin
    else:
        _disjoint(origin)
        places += [("reward_pile", R.mask_of(reward_pile))] + [
            (f"tricks[{k}]", R.mask_of(t["cards"] + t["rewards"])) for k, t in enumerate(tricks)]
    seen = _disjoint(places)
    if seen != R.ALL_CARDS:
        raise InvalidStateError(f"the 50 dog cards must each be somewhere; missing: "
                                f"{' '.join(_names(R.ALL_CARDS & ~seen))}")
    if R.popcount(undealt) != 2:
        raise InvalidStateError("there are exactly 2 undealt cards (§5)")
    in_play = [i for i in range(R.NUM_INSTRUCTIONS) if not h["removed"] >> i & 1]
    revealed = [t["instruction"] for t in tricks]
    if sorted(revealed + deck) != in_play:
        raise InvalidStateError("the instruction deck plus the revealed instructions must be "
                                "exactly the cards not removed, each once")
    if h["phase"] == R.DISCARD:
        if tricks or reward_pile:
            raise InvalidStateError("phase discard has no tricks and no reward pile yet")
        k = sum(1 for d in discards if d)
        for j in range(n):
            p = (h["start"] + j) % n
            if (j < k) != bool(discards[p]):
                raise InvalidStateError("seats discard one after another clockwise from the "
                                        f"starter; seat {p} is out of order")
            want = cfg["dealt"] - (cfg["discards"] if j < k else 0)
            if discards[p] and R.popcount(discards[p]) != cfg["discards"]:
                raise InvalidStateError(f"each discard is {cfg['discards']} card(s) (§3)")
            if R.popcount(hands[p]) != want:
                raise InvalidStateError(f"seat {p} must hold {want} cards, not "
                                        f"{R.popcount(hands[p])}")
        if k == n:
            raise InvalidStateError("all seats have discarded: the position is in phase play")
        s.phase, s.ndiscarded = R.DISCARD, k
        s.hands, s.discards, s.undealt, s.deck = list(hands), list(discards), undealt, list(deck)
        s.rng = rng
        return s
    # Play or over: rebuild the round's start of play and replay every card.
    if any(R.popcount(d) != cfg["discards"] for d in discards):
        raise InvalidStateError(f"every seat has discarded {cfg['discards']} card(s) (§3)")
    if not tricks:
        raise InvalidStateError("phase play needs the trick in progress in 'tricks'")
    complete = [len(t["cards"]) == n for t in tricks]
    if h["phase"] == R.OVER and (len(tricks) != T or not all(complete)):
        raise InvalidStateError(f"phase over needs all {T} tricks of the last round, complete")
    if h["phase"] == R.PLAY and (len(tricks) > T or not all(complete[:-1]) or complete[-1]):
        raise InvalidStateError("phase play: every trick but the last is complete and the last "
                                "(the one in progress) is not")
    drawn_order = [c for t in tricks for c in t["rewards"]]
    if R.mask_of(drawn_order + reward_pile) != undealt | R.mask_of(
            [c for d in discards for c in R.cards_of(d)]):
        raise InvalidStateError("the reward pile (drawn + left) must be the discards plus the "
                                "2 undealt cards (§5)")
    seat_played = [0] * n
    for k, t in enumerate(tricks):
        if not isinstance(t["leader"], int) or isinstance(t["leader"], bool) \
                or not 0 <= t["leader"] < n:
            raise InvalidStateError(f"tricks[{k}].leader must be a seat")
        for i, c in enumerate(t["cards"]):
            seat_played[(t["leader"] + i) % n] |= R.bit(c)
    s.phase, s.ndiscarded = R.PLAY, n
    s.hands = [hands[p] | seat_played[p] for p in range(n)]
    s.discards, s.undealt = list(discards), undealt
    s.deck = revealed + list(deck)
    s.reward, s.reward_pos = drawn_order + list(reward_pile), 0
    s.leaders = [s.start]
    if any(R.popcount(x) != T for x in s.hands):
        raise InvalidStateError(f"hands plus cards played must be {T} per seat (wrong hand size)")
    for k, t in enumerate(tricks):
        if s.phase != R.PLAY or s.leaders[k] != t["leader"]:
            raise InvalidStateError(f"tricks[{k}] is led by seat {t['leader']}, but §6.7 gives "
                                    f"seat {s.leaders[k] if k < len(s.leaders) else '?'}")
        for c in t["cards"]:
            try:
                s.apply_action(c)
            except IllegalActionError:
                raise InvalidStateError(
                    f"tricks[{k}]: seat {s.current_player()} cannot play {card_name(c)} "
                    f"(it must follow the led colour, §6.3)") from None
        if len(t["cards"]) == n:
            got = [c for _, c in s.tricks()[k]["rewards"]]
            if got != t["rewards"]:
                raise InvalidStateError(f"tricks[{k}].rewards must be {_names_list(got)} "
                                        f"(the draws §6.5 gives), not {_names_list(t['rewards'])}")
        elif t["rewards"]:
            raise InvalidStateError(f"tricks[{k}] is not complete and cannot have rewards")
    if h["phase"] == R.OVER and (s.phase != R.OVER or s.past != h["past"]):
        raise InvalidStateError("the last round's scores in 'round_scores' must be those its "
                                "tricks give")
    s.rng = rng
    return s


def _disjoint(named_sets: list[tuple[str, int]]) -> int:
    seen = 0
    for what, m in named_sets:
        if seen & m:
            raise InvalidStateError(f"{what} holds a card that is already elsewhere: "
                                    f"{' '.join(_names(seen & m))}")
        seen |= m
    return seen


def _names_list(cards: list[int]) -> str:
    return "[" + " ".join(card_name(c) for c in cards) + "]"


def _check_derived(obj: dict[str, Any], out: dict[str, Any], keys: tuple[str, ...]) -> None:
    """Derived fields given on input must agree with the position."""
    for key in keys:
        if key in obj and obj[key] != out.get(key):
            raise InvalidStateError(f"{key!r} is {obj[key]!r} but the position gives "
                                    f"{out.get(key)!r}")


_DERIVED = ("to_act", "totals", "scores", "piles", "voids")


def state_from_json(obj: dict[str, Any], options: dict[str, Any]) -> R.VicState:
    n = options["players"]
    same_players(obj, n)
    h = _header(obj, options)
    hands = [R.mask_of(_cards(x, f"hands[{p}]")) for p, x in enumerate(_per_seat(obj, "hands", n))]
    discards = [R.mask_of(_cards(x, f"discards[{p}]"))
                for p, x in enumerate(_per_seat(obj, "discards", n))]
    undealt = R.mask_of(_cards(obj.get("undealt"), "undealt"))
    v = obj.get("instruction_deck")
    if not isinstance(v, list):
        raise InvalidStateError("'instruction_deck' must list the face-down instruction cards")
    deck = [parse_instr(t) for t in v]
    reward_pile = _cards(obj.get("reward_pile", []), "reward_pile")
    tricks = _trick_list(obj, n)
    s = _build(h, options, hands, discards, undealt, deck, reward_pile, tricks, _chance(obj))
    out = state_to_json(s)
    _check_derived(obj, out, _DERIVED)
    for k, t in enumerate(tricks):
        _check_derived(t["raw"], out["tricks"][k], ("winner", "W"))
    return s


# -- writing --------------------------------------------------------------------------------------
def _trick_json(rec: dict[str, Any], hide: None = None) -> dict[str, Any]:
    out = {"instruction": instr_name(rec["instruction"]), "leader": rec["leader"],
           "cards": [card_name(c) for c in rec["cards"]]}
    if "winner" in rec:
        out["winner"] = rec["winner"]
        out["W"] = rec["W"]
        out["rewards"] = [{"seat": q, "card": card_name(c)} for q, c in rec["rewards"]]
    return out


def _public(s: R.VicState) -> dict[str, Any]:
    """Everything every seat sees (§10.1)."""
    n = s.n
    tricks = [_trick_json(r) for r in s.tricks()]
    piles = [{"face_down": s.stays[p], "face_up": _names(s.go_tops[p]),
              "rewards": _names(s.drawn[p])} for p in range(n)]
    return {
        "players": n, "round": s.round, "phase": R.PHASE_NAMES[s.phase],
        "first_leader": s.first_leader, "starter": s.start,
        "removed": [instr_name(i) for i in R.cards_of(s.removed)],
        "round_scores": [list(r) for r in s.past],
        "to_act": s.current_player(),
        "totals": list(s.totals), "scores": [int(x) for x in s.scores()],
        "piles": piles, "voids": [_colours(v) for v in s.voids],
        "tricks": tricks,
    }


def state_to_json(s: R.VicState) -> dict[str, Any]:
    out = _public(s)
    out.update({
        "hands": [_names(h) for h in s.hands],
        "discards": [_names(d) for d in s.discards],
        "undealt": _names(s.undealt),
        "instruction_deck": [instr_name(i) for i in s.deck[len(s.deck) - len(s.unrevealed()):]],
        "reward_pile": [card_name(c) for c in s.reward[s.reward_pos:]],
        "chance_state": "".join(f"{x:016x}" for x in s.rng.__getstate__()),
    })
    return out


def view_to_json(s: R.VicState, seat: int) -> dict[str, Any]:
    out = _public(s)
    out.update({
        "seat": seat,
        "hands": [_names(h) if p == seat else None for p, h in enumerate(s.hands)],
        "hand_sizes": [R.popcount(h) for h in s.hands],
        "discards": [_names(d) if p == seat else None for p, d in enumerate(s.discards)],
        "unrevealed_instructions": [instr_name(i) for i in s.unrevealed()],
        "reward_pile_size": len(s.reward) - s.reward_pos,
    })
    return out


def view_from_json(obj: Any, options: dict[str, Any]) -> Any:
    """A full reference state that agrees with a view (hidden parts dealt by rules.deal_hidden
    from a fixed seed; the View made from it re-deals them anyway) and the seat."""
    n = options["players"]
    cfg = R.SETUP[n]
    same_players(obj, n)
    seat = _int(obj, "seat", 0, n - 1)
    h = _header(obj, options)
    only_own(_per_seat(obj, "hands", n), seat, "hands")
    only_own(_per_seat(obj, "discards", n), seat, "discards")
    own = _per_seat(obj, "hands", n)[seat]
    own_hand = R.mask_of(_cards(own, "hands[seat]"))
    own_disc = R.mask_of(_cards(_per_seat(obj, "discards", n)[seat] or [], "discards[seat]"))
    tricks = _trick_list(obj, n)
    v = obj.get("unrevealed_instructions")
    if not isinstance(v, list):
        raise InvalidStateError("'unrevealed_instructions' must list the face-down instructions")
    deck = sorted(parse_instr(t) for t in v)
    # Public facts: who played what, voids, draws, hand sizes.
    played, voids, drawn = [0] * n, [0] * n, 0
    places = CardPlaces(card_name)
    places.add(own_hand, f"hands[{seat}]")
    places.add(own_disc, f"discards[{seat}]")
    for k, t in enumerate(tricks):
        ld = t["leader"]
        if not isinstance(ld, int) or isinstance(ld, bool) or not 0 <= ld < n:
            raise InvalidStateError(f"tricks[{k}].leader must be a seat")
        for i, c in enumerate(t["cards"]):
            q = (ld + i) % n
            places.add(R.bit(c), f"tricks[{k}]")
            played[q] |= R.bit(c)
            if i and R.color(c) != R.color(t["cards"][0]):
                voids[q] |= 1 << R.color(t["cards"][0])
        # a drawn reward may be one of the seat's own discards (the pile holds them, §5)
        places.add(R.mask_of(t["rewards"]) & ~own_disc, f"tricks[{k}].rewards")
        drawn |= R.mask_of(t["rewards"])
    sizes = _per_seat(obj, "hand_sizes", n)
    if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 16 for x in sizes):
        raise InvalidStateError("'hand_sizes' must be integers")
    if h["phase"] == R.DISCARD:
        to_act = _int(obj, "to_act", 0, n - 1, h["start"])
        ndisc_seats = [(h["start"] + j) % n for j in range((to_act - h["start"]) % n)]
    else:
        ndisc_seats = list(range(n))
    if (seat in ndisc_seats) != bool(own_disc):
        raise InvalidStateError(f"seat {seat}'s own discards do not fit the discard order")
    if R.popcount(own_hand) != sizes[seat]:
        raise InvalidStateError(f"seat {seat}'s hand has {R.popcount(own_hand)} cards, "
                                f"hand_sizes says {sizes[seat]}")
    known = own_hand | own_disc | drawn
    for q in range(n):
        known |= played[q]
    unknown = R.ALL_CARDS & ~known
    others = [q for q in range(n) if q != seat and sizes[q]]
    caps = [sizes[q] for q in others]
    n_hidden = (len(ndisc_seats) * cfg["discards"] + 2 - R.popcount(drawn)
                - R.popcount(own_disc & ~drawn))
    if h["phase"] == R.DISCARD:
        n_hidden = 2 + (len(ndisc_seats) - (1 if seat in ndisc_seats else 0)) * cfg["discards"]
    if sum(caps) + n_hidden != R.popcount(unknown) or n_hidden < 0:
        raise InvalidStateError("hand sizes, tricks and discards do not account for the 50 cards")
    rng = Random(0)
    hands_o, free = R.deal_hidden(rng, unknown, caps,
                                  [R.colour_set(~voids[q] & 0x1F) for q in others])
    hands = [0] * n
    hands[seat] = own_hand
    for q, m in zip(others, hands_o):
        hands[q] = m
    discards = [0] * n
    discards[seat] = own_disc
    if h["phase"] == R.DISCARD:
        pool = free
        reward_pile = []
    else:
        mine = own_disc & ~drawn
        reward_pile = R.cards_of(mine | free)
        pool = (drawn | mine | free) & ~own_disc
    for q in ndisc_seats:
        if q != seat:
            discards[q] = R.take(rng, pool, cfg["discards"])
            pool &= ~discards[q]
    s = _build(h, options, hands, discards, pool, deck, reward_pile, tricks, Random(0))
    out = view_to_json(s, seat)
    _check_derived(obj, out, _DERIVED + ("hand_sizes", "reward_pile_size"))
    for k, t in enumerate(tricks):
        _check_derived(t["raw"], out["tricks"][k], ("winner", "W"))
    return s, seat


# -- the forgetful observation (A11) -----------------------------------------------------------
def observation_to_json(s: R.VicState, seat: int) -> dict[str, Any]:
    """What seat ``seat`` observes: the view, except that with recall_played_cards=false the
    cards inside completed face-down piles are hidden (None), the seat's own card excepted,
    and voids are only those the visible cards show (A11)."""
    out = view_to_json(s, seat)
    if s.options["recall_played_cards"]:
        return out
    n = s.n
    voids = [0] * n
    for rec, tj in zip(s.tricks(), out["tricks"]):
        hidden = "winner" in rec and R.instr_type(rec["instruction"]) == R.STAY
        if hidden:
            own = (seat - rec["leader"]) % n
            tj["cards"] = [c if i == own else None for i, c in enumerate(tj["cards"])]
            del tj["W"]
            continue
        for i, c in enumerate(rec["cards"]):
            if i and R.color(c) != R.color(rec["cards"][0]):
                voids[(rec["leader"] + i) % n] |= 1 << R.color(rec["cards"][0])
    out["voids"] = [_colours(v) for v in voids]
    return out


# -- text for people ------------------------------------------------------------------------------
def pretty(mask: int) -> str:
    groups = []
    for c in range(5):
        nums = [str(x % 10 + 1) for x in R.cards_of(mask & R.COLOR_MASK[c])]
        if nums:
            groups.append(R.COLOR_LETTERS[c] + ":" + ",".join(nums))
    return " ".join(groups) or "-"


def summary(s: R.VicState) -> str:
    sc = " ".join(str(int(x)) for x in s.scores())
    if s.phase == R.OVER:
        return f"game over, totals {sc}"
    if s.phase == R.DISCARD:
        where = "discards"
    else:
        where = f"trick {s.trick + 1}/{s.tricks_per_round} ({instr_name(s.instruction())})"
    return f"round {s.round}/{s.n}, {where}, seat {s.current_player()} to act, scores {sc}"


def render(s: R.VicState, perspective: int | None = None) -> str:
    n = s.n
    lines = [f"Mate (Vic Village) — round {s.round} of {n}; removed: "
             f"{' '.join(instr_name(i) for i in R.cards_of(s.removed))}"]
    obs = observation_to_json(s, perspective) if perspective is not None else None
    for p in range(n):
        me = " (you)" if perspective == p else ""
        if perspective is None or p == perspective:
            hand = pretty(s.hands[p])
            disc = pretty(s.discards[p]) if s.discards[p] else "-"
        else:
            hand = f"{R.popcount(s.hands[p])} cards"
            disc = "face down" if s.discards[p] else "-"
        up = " ".join(_names(s.go_tops[p])) or "-"
        rw = " ".join(_names(s.drawn[p])) or "-"
        lines.append(f"  seat {p}{me}: {hand}  [discards: {disc}]  piles: {s.stays[p]} down, "
                     f"up {up}, rewards {rw}  score {int(s.scores()[p])}")
    if s.phase == R.OVER:
        lines.append("  game over; ranks " + " ".join(str(r) for r in s.ranks()))
        return "\n".join(lines)
    if s.phase == R.DISCARD:
        lines.append(f"  discards: seat {s.current_player()} to discard {s.ndisc}")
        return "\n".join(lines)
    recs = obs["tricks"] if obs is not None else [_trick_json(r) for r in s.tricks()]
    for k, t in enumerate(recs):
        cards = " ".join(c if c else "??" for c in t["cards"])
        res = f" -> seat {t['winner']}" if "winner" in t else ""
        lines.append(f"  trick {k + 1}: {t['instruction']}, seat {t['leader']} led: {cards}{res}")
    lines.append(f"  seat {s.current_player()} to play; reward pile {len(s.reward) - s.reward_pos} "
                 f"cards")
    return "\n".join(lines)
