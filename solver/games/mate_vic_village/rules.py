"""Mate (Vic Village): the readable reference engine and the test oracle of the Cython engine in
``_state.pyx``. Every rule cites ``docs/rules/mate-vic-village.md`` (§ sections, A items).

Cards (§2.1): dog card id ``c = 10*colour + (number - 1)``, colours R B Y G P = 0..4; card sets
are 50-bit integers (bit c). Instruction cards (§2.2) have compact ids 0..14: STAY n = n-1,
GO n = 10 + (n-1)//2; sets of them are 15-bit integers.

Action encoding (one fixed space for every decision, §11):
  * 0..49: the dog card with that id. While trick cards are played it means "play this card";
    in the 4-player discard step it means "discard this card" (the phase decides, as in Mate).
  * 50 + b*(b-1)/2 + a for cards a < b (ids 50..1274): the 3-player discard of the pair {a, b}
    (§11.1 allows one action per pair; the canonical index lists each unordered pair once, and
    ascending ids follow (b, a) so the legal list comes out sorted). A 3-player discard
    decision therefore has C(16,2) = 120 legal actions, a 4-player one 12 (E9).
  Pair ids are well-formed in both player counts (so a wrong-size discard is an *illegal*
  action, never a parse error); they are only ever legal in the 3-player discard step.

Discards (§5 step 4, §11.1, A17): asked one seat at a time, clockwise from the round starter.
Nobody's observation contains another seat's discard, so the sequencing leaks nothing.

Chance (§10.6): a state carries ``rng``, the stream that decides every future chance event
(the reward-pile shuffle when the last discard is made, the random next-round tie-break,
the re-removal under removed_scope=round, the next rounds' instruction shuffles and deals).
``new_initial_state(options, seed)`` draws the game setup and round 1 from ``Random(seed)`` and
keeps the stream in the state; the Cython engine makes exactly the same draws in the same order.
Everything already dealt (hands, discards, undealt cards, reward-pile order, instruction-deck
order) is explicit in the state.

Returns (§9): each seat's final total score. Ranks: competition ranks of the totals, so all
players tied for the highest total share rank 0 (joint winners, A20).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from solver.cards import cards_from_mask, count
from solver.errors import IllegalActionError
from solver.rng import Random

NUM_CARDS = 50
ALL_CARDS = (1 << 50) - 1
COLOR_LETTERS = "RBYGP"
COLOR_MASK = tuple(0x3FF << (10 * c) for c in range(5))

STAY, GO = 0, 1
NUM_INSTRUCTIONS = 15
ALL_INSTRUCTIONS = (1 << 15) - 1
STAY_INSTRUCTIONS = (1 << 10) - 1
PAIR_BASE = 50
NUM_ACTIONS = PAIR_BASE + 50 * 49 // 2          # 1275

DISCARD, PLAY, OVER = range(3)
PHASE_NAMES = ("discard", "play", "over")

# §3: every count-dependent parameter. removed + tricks == 15, players*dealt + 2 == 50.
SETUP = {
    3: {"removed": 1, "dealt": 16, "discards": 2, "tricks": 14},
    4: {"removed": 4, "dealt": 12, "discards": 1, "tricks": 11},
}


def number(c: int) -> int:
    return c % 10 + 1


def color(c: int) -> int:
    return c // 10


def bit(c: int) -> int:
    return 1 << c


cards_of = cards_from_mask      # card ids of a set, ascending (solver.cards)
popcount = count


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def instr_type(i: int) -> int:
    return STAY if i < 10 else GO


def instr_number(i: int) -> int:
    return i + 1 if i < 10 else 2 * (i - 10) + 1


def instr_id(kind: int, n: int) -> int:
    """(STAY|GO, number) -> compact id; ValueError if no such card exists."""
    if kind == STAY and 1 <= n <= 10:
        return n - 1
    if kind == GO and n in (1, 3, 5, 7, 9):
        return 10 + (n - 1) // 2
    raise ValueError(f"no instruction card {('STAY', 'GO')[kind]}-{n}")


def pair_id(a: int, b: int) -> int:
    """The discard action of the unordered pair {a, b} (a != b)."""
    a, b = min(a, b), max(a, b)
    return PAIR_BASE + b * (b - 1) // 2 + a


def pair_cards(action: int) -> tuple[int, int]:
    """Inverse of pair_id: (a, b) with a < b."""
    k = action - PAIR_BASE
    b = 1
    while (b + 1) * b // 2 <= k:
        b += 1
    return k - b * (b - 1) // 2, b


def colour_set(colours: int) -> int:
    """The card set of a 5-bit colour mask."""
    m = 0
    for c in range(5):
        if colours >> c & 1:
            m |= COLOR_MASK[c]
    return m


# -- the random draws shared with the Cython engine ------------------------------------------
def take(rng: Random, pool: int, k: int) -> int:
    """k cards drawn uniformly from the set ``pool`` (a partial Fisher-Yates over its ascending
    list; the Cython engine's take_d makes the same draws)."""
    arr = cards_of(pool)
    out = 0
    for i in range(k):
        j = i + rng.randbelow(len(arr) - i)
        arr[i], arr[j] = arr[j], arr[i]
        out |= 1 << arr[i]
    return out


def shuffled(rng: Random, items: Iterable[int]) -> list[int]:
    """A uniformly shuffled copy (Fisher-Yates from the end, as Random.shuffle)."""
    items = list(items)
    rng.shuffle(items)
    return items


# Binomial coefficients as doubles, built exactly as the Cython table (Pascal's rule).
BINOM = [[0.0] * 51 for _ in range(51)]
for _n in range(51):
    BINOM[_n][0] = 1.0
    for _k in range(1, _n + 1):
        BINOM[_n][_k] = BINOM[_n - 1][_k - 1] + BINOM[_n - 1][_k]


def _binom(n: int, k: int) -> float:
    return BINOM[n][k] if 0 <= k <= n else 0.0


def _pair_completions(q1: int, q2: int, q3: int, h1: int, h2: int) -> float:
    """Ways to fill two hands of sizes h1, h2 from q1 cards only the first may hold, q2 only
    the second may hold and q3 both may hold (the rest go to the free pile)."""
    total = 0.0
    for i in range(max(0, h1 - q1), min(h1, q3) + 1):
        total += _binom(q3, i) * _binom(q1, h1 - i) * _binom(q3 - i + q2, h2)
    return total


def _pick(rng: Random, weights: list[float]) -> int:
    """Index drawn with probability proportional to ``weights`` (the same float walk as the
    Cython engine); -1 when no weight is positive."""
    total = 0.0
    for w in weights:
        total += w
    if not total > 0.0:
        return -1
    u = rng.random() * total
    acc = 0.0
    last = -1
    for i, w in enumerate(weights):
        if w > 0.0:
            last = i
            acc += w
            if u < acc:
                return i
    return last


def _plain_deal(rng: Random, pool: int, caps: list[int], hands: list[int] | None = None,
                first: int = 0) -> tuple[list[int], int]:
    """Shuffle ``pool`` and cut it into hands first.. of sizes caps and a free rest."""
    hands = hands if hands is not None else [0] * len(caps)
    cards = shuffled(rng, cards_of(pool))
    pos = 0
    for j in range(first, len(caps)):
        hands[j] = mask_of(cards[pos:pos + caps[j]])
        pos += caps[j]
    return hands, mask_of(cards[pos:])


def _fallback(rng: Random, hands: list[int], j: int, rem: int,
              caps: list[int]) -> tuple[list[int], int]:
    """Only reached for a position no deal can match (voids that the remaining cards cannot
    satisfy; never for a state reached by play or accepted by the notation): finish with a
    plain deal that ignores the voids rather than fail."""
    return _plain_deal(rng, rem, caps, hands, j)


def deal_hidden(rng: Random, unknown: int, caps: list[int],
                allowed: list[int]) -> tuple[list[int], int]:
    """Deal the card set ``unknown`` into hands of sizes ``caps`` (hand j may only hold cards of
    the set ``allowed[j]``: the colours its owner has not shown void in, §10.4) and one free
    remainder (cards of any colour: hidden reward-pile cards, §10.5), uniformly among all such
    deals. Returns (hands, free).

    Exact: hands are filled one after the other, each hand's composition by "type" (which of
    the later hands may also hold the card) drawn with probability proportional to the number
    of ways the later hands can still be completed; cards within a type are then uniform. At
    most three hands are constrained (4 players), so the counts are closed sums."""
    m = len(caps)
    hands = [0] * m
    rem = unknown
    if all((rem & ~allowed[j]) == 0 for j in range(m)):
        return _plain_deal(rng, rem, caps)             # no void bites: a plain deal
    for j in range(m):
        left = m - j
        a0 = allowed[j] & rem
        if left == 1:
            if popcount(a0) < caps[j]:
                return _fallback(rng, hands, j, rem, caps)
            hands[j] = take(rng, a0, caps[j])
        elif left == 2:
            a1 = allowed[j + 1]
            both, only0 = a0 & a1, a0 & ~a1
            q1, q3 = popcount(only0), popcount(both)
            q2 = popcount(rem & a1 & ~a0)
            h0, h1 = caps[j], caps[j + 1]
            lo, hi = max(0, h0 - q1), min(h0, q3)
            weights = [_binom(q3, i) * _binom(q1, h0 - i) * _binom(q3 - i + q2, h1)
                       for i in range(lo, hi + 1)]
            k = _pick(rng, weights)
            if k < 0:                                    # no consistent world: see _plain_deal
                return _fallback(rng, hands, j, rem, caps)
            hands[j] = take(rng, both, lo + k) | take(rng, only0, h0 - lo - k)
        else:                                            # three hands left: j, j+1, j+2
            a1, a2 = allowed[j + 1], allowed[j + 2]
            types = [rem & ~a1 & ~a2, rem & a1 & ~a2, rem & ~a1 & a2, rem & a1 & a2]
            avail = [t & a0 for t in types]
            R = [popcount(t) for t in avail]
            Q = [popcount(t) for t in types]
            h0, h1, h2 = caps[j], caps[j + 1], caps[j + 2]
            combos, weights = [], []
            for s3 in range(min(R[3], h0) + 1):
                for s1 in range(min(R[1], h0 - s3) + 1):
                    for s2 in range(min(R[2], h0 - s3 - s1) + 1):
                        s0 = h0 - s3 - s1 - s2
                        if s0 > R[0]:
                            continue
                        w = (_binom(R[0], s0) * _binom(R[1], s1) * _binom(R[2], s2)
                             * _binom(R[3], s3))
                        w = w * _pair_completions(Q[1] - s1, Q[2] - s2, Q[3] - s3, h1, h2)
                        combos.append((s0, s1, s2, s3))
                        weights.append(w)
            k = _pick(rng, weights)
            if k < 0:
                return _fallback(rng, hands, j, rem, caps)
            s = combos[k]
            hands[j] = 0
            for t in range(4):
                hands[j] |= take(rng, avail[t], s[t])
        rem &= ~hands[j]
    return hands, rem


# -- trick resolution (§6.4, §6.5) -------------------------------------------------------------
def resolve_trick(instr: int, cards: list[int]) -> tuple[int, int, list[int]]:
    """§6.4 for the cards of one trick in play order (index 0 = the leader).

    Returns (W, winner_index, tied): the winning number, the play index of the winning card and
    the play indices of every card showing W, ascending."""
    N = instr_number(instr)
    nums = [number(c) for c in cards]
    W = N if N in nums else max(nums)
    tied = [i for i, x in enumerate(nums) if x == W]
    return W, tied[-1], tied


def reward_qualifiers(instr: int, W: int, tied: list[int], options: dict[str, Any]) -> list[int]:
    """Play indices of the cards whose players draw a reward card, in draw order (§6.5).

    Only GO! tricks with two or more W cards have a 2nd place (A12); by default only the
    second-to-last W card qualifies (A4, option go_second_place=all_other_tied: every
    non-winning W card, latest first); option go_second_requires_target_match needs W == N (A5)."""
    if instr_type(instr) != GO or len(tied) < 2:
        return []
    if options["go_second_requires_target_match"] and W != instr_number(instr):
        return []
    others = tied[-2::-1]                                  # latest first
    if options["go_second_place"] == "second_latest":
        return others[:1]
    return others


class VicState:
    """The full truth of a Mate (Vic Village) game (plain Python; see the module docstring).

    Per-round fields are reset at every deal; ``plays``/``leaders`` are the round's public
    trick history (trick t has the cards plays[t*n:(t+1)*n], led by leaders[t])."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = dict(options)
        n = self.n = options["players"]
        cfg = SETUP[n]
        self.dealt_size, self.ndisc = cfg["dealt"], cfg["discards"]
        self.tricks_per_round, self.nremove = cfg["tricks"], cfg["removed"]
        self.rng = Random(0)             # future chance (module docstring)
        self.first_leader = 0
        self.removed = 0                 # instruction ids laid aside, face up (§4)
        self.round = 1                   # 1..n
        self.phase = DISCARD
        self.start = 0                   # this round's starter (§8)
        self.ndiscarded = 0              # seats that have discarded (clockwise from start)
        self.past: list[list[int]] = []  # scores of completed rounds, oldest first
        self.totals = [0] * n            # sum of self.past
        self.round_score = [0] * n       # running score of the current round (§7.1)
        self.hands = [0] * n
        self.discards = [0] * n          # this round's discards per seat (0 until made)
        self.undealt = 0                 # the 2 undealt dog cards (§5 step 3)
        self.deck: list[int] = []        # this round's instruction order, trick 1 first
        self.reward: list[int] = []      # the reward pile as shuffled, top first
        self.reward_pos = 0              # cards drawn from it so far
        self.plays: list[int] = []       # cards played this round, in play order
        self.leaders: list[int] = []     # leader of every trick started this round
        self.played = [0] * n            # cards each seat played this round
        self.voids = [0] * n             # colour bits each seat showed void in (§10.4)
        self.drawn = [0] * n             # reward cards each seat drew (face up)
        self.go_tops = [0] * n           # top cards of each seat's face-up GO! piles
        self.stays = [0] * n             # face-down piles per seat

    # -- copying and comparing ---------------------------------------------------------------
    def clone(self) -> VicState:
        s = VicState.__new__(VicState)
        s.__dict__ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        s.past = [list(r) for r in self.past]
        s.rng = Random(0)
        s.rng.__setstate__(self.rng.__getstate__())
        return s

    def _key(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["rng"] = self.rng.__getstate__()
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, VicState) and self._key() == other._key()

    # -- queries -----------------------------------------------------------------------------
    @property
    def trick(self) -> int:
        """Index (0-based) of the trick in progress (== tricks_per_round once the game is over)."""
        return len(self.plays) // self.n

    @property
    def ncards(self) -> int:
        """Cards already played to the trick in progress."""
        return len(self.plays) % self.n

    def current_player(self) -> int:
        if self.phase == OVER:
            return -1
        if self.phase == DISCARD:
            return (self.start + self.ndiscarded) % self.n
        return (self.leaders[-1] + self.ncards) % self.n

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def instruction(self) -> int:
        """The revealed instruction of the trick in progress (§6.1), or -1 outside play."""
        return self.deck[self.trick] if self.phase == PLAY else -1

    def lead_card(self) -> int:
        return self.plays[self.trick * self.n] if self.phase == PLAY and self.ncards else -1

    def legal_actions(self) -> list[int]:
        p = self.current_player()
        if p < 0:
            return []
        hand = self.hands[p]
        if self.phase == DISCARD:
            cards = cards_of(hand)
            if self.ndisc == 1:                              # §11.1: any single card
                return cards
            return [pair_id(a, b) for j, b in enumerate(cards) for a in cards[:j]]
        lead = self.lead_card()
        if lead >= 0:                                        # §6.3: follow colour if able
            follow = hand & COLOR_MASK[color(lead)]
            if follow:
                return cards_of(follow)
        return cards_of(hand)

    # -- moves -------------------------------------------------------------------------------
    def apply_action(self, a: int) -> None:
        if a not in self.legal_actions():
            raise IllegalActionError(f"action {a} is not legal here")
        p = self.current_player()
        if self.phase == DISCARD:
            cards = mask_of(pair_cards(a)) if a >= PAIR_BASE else bit(a)
            self.hands[p] &= ~cards
            self.discards[p] = cards
            self.ndiscarded += 1
            if self.ndiscarded == self.n:
                self._form_reward_pile()
            return
        lead = self.lead_card()
        if lead >= 0 and color(a) != color(lead):            # §10.4: a void is revealed
            self.voids[p] |= 1 << color(lead)
        self.hands[p] &= ~bit(a)
        self.played[p] |= bit(a)
        self.plays.append(a)
        if self.ncards == 0:                                 # the trick is complete
            self._finish_trick()

    def _form_reward_pile(self) -> None:
        """§5 step 5: discards + the 2 undealt cards, shuffled; then trick 1 starts."""
        pile = self.undealt
        for d in self.discards:
            pile |= d
        self.reward = shuffled(self.rng, cards_of(pile))
        self.reward_pos = 0
        self.phase = PLAY
        self.leaders = [self.start]

    def _finish_trick(self) -> None:
        n, t = self.n, self.trick - 1
        instr, leader = self.deck[t], self.leaders[t]
        cards = self.plays[t * n:(t + 1) * n]
        W, wi, tied = resolve_trick(instr, cards)
        winner = (leader + wi) % n
        if instr_type(instr) == STAY:                        # §6.6: a face-down pile, -2
            self.stays[winner] += 1
            self.round_score[winner] -= 2
        else:                                                # a face-up pile worth W
            self.go_tops[winner] |= bit(cards[wi])
            self.round_score[winner] += W
            qualifiers = reward_qualifiers(instr, W, tied, self.options)
            if self.options["go_second_place"] == "second_latest" and \
                    not self.options["go_second_requires_target_match"]:
                assert not qualifiers or self.reward_pos < len(self.reward), "§6.5: empty pile"
            for qi in qualifiers:
                if self.reward_pos >= len(self.reward):      # A6: nothing left to draw
                    break
                q = (leader + qi) % n
                c = self.reward[self.reward_pos]
                self.reward_pos += 1
                self.drawn[q] |= bit(c)
                self.round_score[q] += number(c)
        if self.trick == self.tricks_per_round:
            self._finish_round()
        else:
            self.leaders.append(winner)                      # §6.7: the winner leads

    def _finish_round(self) -> None:
        """§7.2: bank the round; §9: the game ends after n rounds; else §8 and §5."""
        self.past.append(list(self.round_score))
        self.totals = [t + r for t, r in zip(self.totals, self.round_score)]
        if self.round == self.n:
            self.phase = OVER
            return
        self.start = next_starter(self.totals, self.past, self.start, self.options, self.rng)
        self.round += 1
        if self.options["removed_scope"] == "round":         # A1 alternative
            self.removed = draw_removed(self.rng, self.options, self.nremove)
        self._deal_round()

    def _deal_round(self) -> None:
        """§5 steps 1-3: shuffle the instruction deck and deal the 50 dog cards."""
        n = self.n
        self.deck = shuffled(self.rng, [i for i in range(NUM_INSTRUCTIONS)
                                        if not self.removed >> i & 1])
        cards = shuffled(self.rng, range(NUM_CARDS))
        k = self.dealt_size
        self.hands = [mask_of(cards[p * k:(p + 1) * k]) for p in range(n)]
        self.undealt = mask_of(cards[n * k:])
        assert len(self.deck) == self.tricks_per_round == k - self.ndisc     # §3 checks
        assert n * k + 2 == NUM_CARDS
        self.phase = DISCARD
        self.ndiscarded = 0
        self.discards = [0] * n
        self.reward, self.reward_pos = [], 0
        self.plays, self.leaders = [], []
        self.round_score = [0] * n
        self.played, self.voids = [0] * n, [0] * n
        self.drawn, self.go_tops, self.stays = [0] * n, [0] * n, [0] * n

    # -- results -----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Running totals: completed rounds plus the current round so far (public, §7.1)."""
        if self.phase == OVER:
            return [float(t) for t in self.totals]
        return [float(t + r) for t, r in zip(self.totals, self.round_score)]

    def returns(self) -> list[float]:
        """Final totals (§9); zeros before the end."""
        if not self.is_terminal():
            return [0.0] * self.n
        return [float(t) for t in self.totals]

    def ranks(self) -> list[int]:
        """0 = a winner; tied totals share a rank (A20)."""
        return [sum(1 for u in self.totals if u > t) for t in self.totals]

    # -- derived public records ----------------------------------------------------------------
    def tricks(self) -> list[dict[str, Any]]:
        """The round's tricks as dicts: instruction, leader, cards (play order) and, once
        complete, W, winner and the reward draws [(seat, card), ...]."""
        n, out, pos = self.n, [], 0
        for t, leader in enumerate(self.leaders):
            cards = self.plays[t * n:(t + 1) * n]
            rec = {"instruction": self.deck[t], "leader": leader, "cards": cards}
            if len(cards) == n:
                W, wi, tied = resolve_trick(self.deck[t], cards)
                draws = []
                for qi in reward_qualifiers(self.deck[t], W, tied, self.options):
                    if pos < len(self.reward):
                        draws.append(((leader + qi) % n, self.reward[pos]))
                        pos += 1
                rec.update(W=W, winner=(leader + wi) % n, rewards=draws)
            out.append(rec)
        return out

    def unrevealed(self) -> list[int]:
        """The instruction ids not yet turned up this round (a public set, §10.1)."""
        shown = (self.trick + 1 if self.phase == PLAY
                 else (len(self.deck) if self.phase == OVER else 0))
        return sorted(self.deck[shown:])


# -- set-up and next starter -------------------------------------------------------------------
def draw_removed(rng: Random, options: dict[str, Any], k: int) -> int:
    """§4: k instruction cards removed uniformly (basic: STAY cards only; advanced: any of 15),
    by a partial Fisher-Yates over the ascending ids."""
    pool = list(range(10 if options["mode"] == "basic" else NUM_INSTRUCTIONS))
    for i in range(k):
        j = i + rng.randbelow(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return mask_of(pool[:k])


def starter_candidates(totals: list[int], past: list[list[int]],
                       options: dict[str, Any]) -> list[int]:
    """§8 before the fallback: the seats with the lowest total; among several, those with the
    lowest score in the round just completed (A15; option tiebreak_round=one_before: the round
    before it, nothing after round 1). Ascending seat order."""
    low = min(totals)
    cands = [p for p in range(len(totals)) if totals[p] == low]
    if len(cands) > 1:
        ref = past[-1] if options["tiebreak_round"] == "just_completed" else \
            (past[-2] if len(past) >= 2 else None)
        if ref is not None:
            best = min(ref[p] for p in cands)
            cands = [p for p in cands if ref[p] == best]
    return cands


def next_starter(totals: list[int], past: list[list[int]], prev_start: int, options: dict[str, Any],
                 rng: Random) -> int:
    """§8: starter_candidates, then the first of them clockwise from prev_start + 1 (A16;
    option "random": uniform among them, drawn as the index into the candidates in ascending
    seat order)."""
    n = len(totals)
    cands = starter_candidates(totals, past, options)
    if len(cands) == 1:
        return cands[0]
    if options["next_start_fallback"] == "random":
        return cands[rng.randbelow(len(cands))]
    for j in range(1, n + 1):
        q = (prev_start + j) % n
        if q in cands:
            return q
    raise AssertionError("unreachable")


def new_initial_state(options: dict[str, Any], seed: int = 0) -> VicState:
    """A game whose setup and round-1 deal come from ``Random(seed)``: first leader (if random),
    the removed instruction cards, the instruction shuffle, the 50-card deal (seat 0 gets the
    first 16/12 cards of the shuffled deck, and so on; the last 2 stay undealt). The stream
    then stays in the state for the later chance events."""
    rng = Random(seed)
    s = VicState(options)
    s.rng = rng
    fl = options["first_leader"]
    s.first_leader = rng.randbelow(s.n) if fl == "random" else int(fl)
    s.start = s.first_leader
    s.removed = draw_removed(rng, options, s.nremove)
    s._deal_round()
    return s


# -- determinization (§10.5) -------------------------------------------------------------------
def determinize(state: VicState, observer: int, rng: Random) -> VicState:
    """A copy of ``state`` with everything ``observer`` cannot know re-dealt uniformly among the
    worlds that agree with its information (§10): the other hands (respecting voids), the
    other seats' discards, the undealt cards, the hidden reward-pile cards and the pile order,
    the order of the unrevealed instructions and the future chance stream. Reads the hidden
    cards only as sets (the union of what is hidden); the Cython determinize_c makes the same
    draws."""
    s = state.clone()
    n, p = s.n, observer
    seen = s.hands[p] | s.discards[p]
    for q in range(n):
        seen |= s.played[q] | s.drawn[q]
    unknown = ALL_CARDS & ~seen
    others = [q for q in range(n) if q != p and s.hands[q]]
    caps = [popcount(s.hands[q]) for q in others]
    allowed = [colour_set(~s.voids[q] & 0x1F) for q in others]
    hands, free = deal_hidden(rng, unknown, caps, allowed)
    for q in range(n):
        if q != p:
            s.hands[q] = 0
    for q, h in zip(others, hands):
        s.hands[q] = h
    drawn_all = 0
    for q in range(n):
        drawn_all |= s.drawn[q]
    if s.phase == DISCARD:
        pool = free                        # undealt + the discards already made by others
        order = [(s.start + k) % n for k in range(s.ndiscarded)]
    else:
        mine = s.discards[p] & ~drawn_all  # the observer's discards still in the pile
        rest = shuffled(rng, cards_of(mine | free))
        s.reward[s.reward_pos:] = rest
        pool = (drawn_all | mine | free) & ~s.discards[p]
        order = list(range(n))
    for q in order:
        if q != p:
            s.discards[q] = take(rng, pool, s.ndisc)
            pool &= ~s.discards[q]
    s.undealt = pool
    shown = len(s.deck) - len(s.unrevealed())
    s.deck[shown:] = shuffled(rng, s.unrevealed())
    s.rng = Random(rng.next_u64())
    return s


def exchange_hidden(state: VicState, observer: int, rng: Random) -> VicState | None:
    """One move of the Markov chain over the worlds ``observer`` cannot tell apart (§10.7): a
    copy of ``state`` with a card of one hidden holder exchanged for a card of another, or
    None where the drawn exchange would break a void (the chain's world then stands) or
    fewer than two holders hide cards. The holders are the other non-empty hands, in seat
    order, then the hidden pile (the unknown cards no hand holds: hidden reward cards, other
    seats' discards and the undealt cards). The pile card that leaves keeps its place: the
    card coming in takes its slot in the reward pile and its owner's discards (or the undealt
    cards). Each holder keeps its size and every void holds, and the reverse exchange is as
    likely as the forward one (the second card is drawn among the cards the first holder may
    hold, a number the exchange leaves unchanged), so the proposal is symmetric. The Cython
    exchange_hidden_c makes the same draws."""
    s = state.clone()
    n, p = s.n, observer
    seen = s.hands[p] | s.discards[p]
    for q in range(n):
        seen |= s.played[q] | s.drawn[q]
    seats = [q for q in range(n) if q != p and s.hands[q]]
    pile = ALL_CARDS & ~seen
    for q in seats:
        pile &= ~s.hands[q]
    held = [s.hands[q] for q in seats] + ([pile] if pile else [])
    allowed = [colour_set(~s.voids[q] & 0x1F) for q in seats] + [ALL_CARDS]
    k = len(held)
    if k < 2:
        return None
    a = rng.randbelow(k)
    b = rng.randbelow(k - 1)
    if b >= a:
        b += 1
    x = cards_of(held[a])[rng.randbelow(count(held[a]))]
    fit = held[b] & allowed[a]
    if not fit:
        return None
    y = cards_of(fit)[rng.randbelow(count(fit))]
    if not allowed[b] >> x & 1:
        return None
    for h, out, into in ((a, x, y), (b, y, x)):
        if h < len(seats):
            s.hands[seats[h]] ^= bit(out) | bit(into)
        else:
            _replace_pile_card(s, observer, out, into)
    return s


def _replace_pile_card(s: VicState, observer: int, out: int, into: int) -> None:
    """Put hidden card ``into`` where pile card ``out`` lay: in its owner's discards (or the
    undealt cards) and, once the reward pile is formed, in its slot there."""
    swap = bit(out) | bit(into)
    for q in range(s.n):
        if q != observer and s.discards[q] >> out & 1:
            s.discards[q] ^= swap
            break
    else:
        s.undealt ^= swap
    if s.phase != DISCARD:
        s.reward[s.reward.index(out, s.reward_pos)] = into


def resample_chance(state: VicState, rng: Random) -> VicState:
    """A copy of ``state`` with the chance hidden from every seat re-drawn (§10.3, §10.6):
    the order of the reward cards still in the pile, the order of the unrevealed instructions
    (which later tricks are STAY or GO! and their target numbers) and the future chance
    stream. Every hand, every discard, the undealt cards and the public history are kept. Both
    orders are rebuilt from their sets (ascending), so the result never depends on the true
    order; the Cython resample_chance_c makes the same draws."""
    s = state.clone()
    s.reward[s.reward_pos:] = shuffled(rng, sorted(s.reward[s.reward_pos:]))
    shown = len(s.deck) - len(s.unrevealed())
    s.deck[shown:] = shuffled(rng, s.unrevealed())
    s.rng = Random(rng.next_u64())
    return s
