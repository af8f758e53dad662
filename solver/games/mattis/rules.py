"""Mattis: the readable reference engine, and the test oracle of the Cython engine in
``_state.pyx``. Every rule cites ``docs/rules/mattis.md`` (§ = section, A-n = resolution,
E-n = worked example).

Encoding (§3): card id ``13*suit + rank_index`` with suits C, D, H, S = 0..3 and rank indices
2..A = 0..12; card sets are 52-bit masks. Action ids: 0..51 a single card (phase 1: play it;
phase 2: lead or beat with it), 52..363 a run of the sequences variant (§8; id
``52 + 78*s + 12*l - l*(l-1)/2 + (h-l-1)`` for the run of suit ``s`` from rank index ``l`` to
``h > l``), 364 = BLIND (phase 1: play the top stock card unseen), 365 = PICKUP (phase 2). The
largest legal set (a 52-card hand leading with sequences on) has 52 + 312 = 364 actions, within
solver/game.pxd's MAX_LEGAL = 512.

A state is one game (one deal): phase 1 (collecting, §5), phase 2 (shedding, §7), then over.
Automatic steps (§12: round resolution, collecting, refilling, the emergency draw of the last
stock card, the end of phase 1) are applied inside ``apply_action`` (and when a position is
loaded), so every non-terminal state is a decision of ``current_player()``. A forced single
action (a forced BLIND, the forced play of an emergency-drawn card, a Blue Mattis's PICKUP) is
still a decision with one legal action, so it is recorded like any other move.

Payoff (§11's suggestion, on the 0/1 scale): the loser gets 0, every other player 1. A game
that ends without a loser (the engine's action cap with ``cap_result = draw``, §10, or a shared
maximum under ``most_cards``) gives every player (n-1)/n, the expected payoff of a uniformly
random loser.
"""
from __future__ import annotations

from typing import Any

from solver.cards import cards_from_mask, count
from solver.errors import IllegalActionError
from solver.rng import Random

NUM_CARDS = 52
ALL_CARDS = (1 << 52) - 1
RUN_BASE = 52
BLIND = 364
PICKUP = 365
NUM_ACTIONS = 366

SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))

PHASE1, PHASE2, OVER = 1, 2, 3
PHASE_NAMES = {PHASE1: "phase1", PHASE2: "phase2", OVER: "over"}


def suit(c: int) -> int:
    return c // 13


def rank(c: int) -> int:
    """Rank index: 0 = deuce ... 12 = ace (§3: ace always high)."""
    return c % 13


def bit(c: int) -> int:
    return 1 << c


cards_of = cards_from_mask      # card ids of a mask, ascending (solver.cards)


def run_id(s: int, lo: int, hi: int) -> int:
    """The action id of the run of suit ``s`` from rank index ``lo`` to ``hi`` (lo < hi), §3."""
    return RUN_BASE + 78 * s + 12 * lo - lo * (lo - 1) // 2 + (hi - lo - 1)


# RUNS[a - RUN_BASE] = (suit, lo, hi) for every run id.
RUNS: list[tuple[int, int, int]] = [None] * 312  # type: ignore[list-item]  # all set below
for _s in range(4):
    for _lo in range(13):
        for _hi in range(_lo + 1, 13):
            RUNS[run_id(_s, _lo, _hi) - RUN_BASE] = (_s, _lo, _hi)


def is_lay(a: int) -> bool:
    """Whether ``a`` names a card or a run (the things that can lie in a phase-2 trick)."""
    return 0 <= a < BLIND


def lay_suit(a: int) -> int:
    return suit(a) if a < RUN_BASE else RUNS[a - RUN_BASE][0]


def lay_lo(a: int) -> int:
    """The lowest rank index of a lay."""
    return rank(a) if a < RUN_BASE else RUNS[a - RUN_BASE][1]


def lay_hi(a: int) -> int:
    """The highest rank index of a lay."""
    return rank(a) if a < RUN_BASE else RUNS[a - RUN_BASE][2]


def lay_length(a: int) -> int:
    return lay_hi(a) - lay_lo(a) + 1


def lay_cards(a: int) -> int:
    """The cards of a lay as a mask."""
    if a < RUN_BASE:
        return bit(a)
    s, lo, hi = RUNS[a - RUN_BASE]
    return ((1 << (hi - lo + 1)) - 1) << (13 * s + lo)


def beats(x: int, y: int, trumps: int) -> bool:
    """§7.2 / §8: lay ``x`` beats lay ``y`` iff same suit and every card of x is above every
    card of y, or x is trumps and y is not."""
    sx, sy = lay_suit(x), lay_suit(y)
    if sx == sy:
        return lay_lo(x) > lay_hi(y)
    return sx == trumps


def runs_in(mask: int, min_length: int) -> list[int]:
    """Every run (sub-runs included, §8) of at least ``min_length`` cards in ``mask``,
    ascending by action id (suit, then lowest rank, then highest rank)."""
    out = []
    for s in range(4):
        for lo in range(12):
            if not mask >> (13 * s + lo) & 1:
                continue
            hi = lo + 1
            while hi < 13 and mask >> (13 * s + hi) & 1:
                if hi - lo + 1 >= min_length:
                    out.append(run_id(s, lo, hi))
                hi += 1
    return out


class MattisState:
    """The full truth of one game of Mattis (plain Python; see the module docstring).

    Phase-1 fields: ``hands`` (playable hand cards; with ``trump_card = reserved`` the reserved
    trump card is not among them), ``won`` piles, ``stock`` (top first), ``leader`` of the
    current trick, ``last_winner`` (-1 before the first completed trick), ``trick`` (entries
    ``(player, card, round, blind)`` in play order), the current ``round`` with its ordered
    ``contenders`` and ``pos`` (index of the contender due to play). ``trump_card`` is the last
    stock card once drawn (-1 before), ``trumps`` its suit, ``reserved_by`` the seat in front of
    which it lies face up (``reserved`` option, phase 1 only; else -1).

    Phase-2 fields: ``hands``, ``out`` flags, ``to_act`` and ``leading``, the trick's ``lays``
    (action ids, bottom first), ``trick_size`` (N, fixed at the lead), ``played`` (lays played
    to the trick since its lead, picked-up ones included), ``aside`` (set-aside cards),
    ``p2_actions`` (phase-2 actions so far, for the cap). At the end ``loser`` (-1 = none) and
    ``termination`` ("normal" or "move_cap").

    Fields that do not apply in the current phase hold fixed neutral values, so two states are
    equal exactly when their positions are."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = dict(options)
        n = self.n = options["players"]
        self.phase = PHASE1
        self.hands = [0] * n
        self.won = [0] * n
        self.stock: list[int] = []
        self.trumps = -1
        self.trump_card = -1
        self.reserved_by = -1
        self.leader = 0
        self.last_winner = -1
        self.trick: list[tuple[int, int, int, bool]] = []
        self.round = 1
        self.contenders = list(range(n))
        self.pos = 0
        self.out = [False] * n
        self.to_act = -1
        self.leading = False
        self.lays: list[int] = []
        self.trick_size = 0
        self.played = 0
        self.aside = 0
        self.p2_actions = 0
        self.loser = -1
        self.termination = ""

    def clone(self) -> MattisState:
        s = MattisState.__new__(MattisState)
        s.__dict__ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        s.options = self.options
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MattisState) and self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        from solver.games.mattis import notation
        return f"<rules.MattisState {notation.summary(self)}>"

    # -- queries ----------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == PHASE1:
            return self.contenders[self.pos]
        if self.phase == PHASE2:
            return self.to_act
        return -1

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def players_in(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def legal_actions(self) -> list[int]:
        """§12, sorted ascending."""
        if self.phase == PHASE1:
            p = self.current_player()
            acts = cards_of(self.hands[p])                  # §5.3: any hand card
            if len(self.stock) >= 2:                        # blind needs >= 2 cards
                acts.append(BLIND)
            return acts
        if self.phase != PHASE2:
            return []
        p = self.to_act
        hand = self.hands[p]
        seq = self.options["sequences"]
        minlen = self.options["sequence_min_length"]
        if self.leading:                                    # §7.3: any card or run
            return cards_of(hand) + (runs_in(hand, minlen) if seq else [])
        top = self.lays[-1]                                 # beat the top lay
        # Only cards of the top lay's suit or of trumps can beat it (§7.2).
        pool = hand & (SUIT_MASKS[lay_suit(top)] | SUIT_MASKS[self.trumps])
        acts = [c for c in cards_of(pool) if beats(c, top, self.trumps)]
        if seq:
            acts += [r for r in runs_in(pool, minlen) if beats(r, top, self.trumps)]
        acts.append(PICKUP)                                 # always allowed
        return acts

    # -- moves ------------------------------------------------------------------------------
    def apply_action(self, a: int) -> None:
        if a not in self.legal_actions():
            raise IllegalActionError(f"action {a} is not legal here")
        if self.phase == PHASE1:
            self._play_phase1(a)
        else:
            self._play_phase2(a)

    # -- phase 1 (§5) ----------------------------------------------------------------------
    def _draw(self, p: int) -> None:
        """Take the top stock card into p's hand; the last one is shown and fixes trumps, and
        with ``trump_card = reserved`` it lies face up in front of p instead (§5.4, A-7)."""
        c = self.stock.pop(0)
        if not self.stock:
            self.trump_card = c
            self.trumps = suit(c)
            if self.options["trump_card"] == "reserved":
                self.reserved_by = p
                return
        self.hands[p] |= bit(c)

    def _play_phase1(self, a: int) -> None:
        p = self.current_player()
        if a == BLIND:                                      # §5.3: top stock card, unseen
            c = self.stock.pop(0)                           # (never the last: stock >= 2)
            blind = True
        else:
            c = a
            self.hands[p] &= ~bit(c)
            blind = False
            if self.options["draw_timing"] == "immediate" and self.stock:
                self._draw(p)                               # §9 draw_timing, A-3
        self.trick.append((p, c, self.round, blind))
        self.pos += 1
        self._settle()

    def _settle(self) -> None:
        """Apply the automatic steps of phase 1 until a player must decide (§5.5, §5.7)."""
        while self.phase == PHASE1:
            if self.pos == len(self.contenders):
                self._resolve_round()
                continue
            p = self.contenders[self.pos]
            if self.hands[p] or len(self.stock) >= 2:       # a decision (forced BLIND included)
                return
            if len(self.stock) == 1:                        # §5.5 case 2: emergency draw
                self._draw(p)
                if self.hands[p]:
                    return                                  # its only play: that card
            # §5.5 case 3: no card, empty stock
            if self.options["tie_exhaustion"] == "survivor_wins" and self.round >= 2:
                self.pos += 1                               # drops out of the tie
                continue
            self._end_phase1()

    def _resolve_round(self) -> None:
        """§5.2 step 2: only this round's cards count; the players tied on the highest rank
        play again in the same order (A-5)."""
        plays = [(p, c) for (p, c, r, _b) in self.trick if r == self.round]
        if not plays:                                       # survivor_wins: nobody could play
            self._end_phase1()
            return
        top = max(rank(c) for _p, c in plays)
        tied = [p for p, c in plays if rank(c) == top]
        if len(tied) == 1:
            self._win_trick(tied[0])
        else:
            self.round += 1
            self.contenders = tied
            self.pos = 0

    def _win_trick(self, w: int) -> None:
        """§5.2 steps 3-5: the winner collects every card, players refill (A-4), w leads."""
        for (_p, c, _r, _b) in self.trick:
            self.won[w] |= bit(c)
        self.last_winner = w
        self.trick = []
        if self.options["draw_timing"] == "after_trick":
            for j in range(self.n):
                q = (w + j) % self.n
                while count(self.hands[q]) < 3 and self.stock:
                    self._draw(q)
        self._start_trick(w)

    def _start_trick(self, leader: int) -> None:
        self.leader = leader
        self.round = 1
        self.contenders = [(leader + j) % self.n for j in range(self.n)]
        self.pos = 0

    def _end_phase1(self) -> None:
        """§5.6: the unfinished trick goes back to whoever played each card (a blind card to
        the player who turned it, A-9); phase-2 hands = won pile + hand (+ the reserved trump
        card, A-10); the last trick's winner leads (A-11)."""
        for (p, c, _r, _b) in self.trick:
            self.hands[p] |= bit(c)
        for p in range(self.n):
            self.hands[p] |= self.won[p]
            self.won[p] = 0
        if self.reserved_by >= 0:
            self.hands[self.reserved_by] |= bit(self.trump_card)
        leader = self.last_winner if self.last_winner >= 0 else self.leader
        if not self.hands[leader]:
            # Only in a posed position with no completed trick and an empty-handed leader:
            # the lead passes as in §7.6 to the next player holding a card.
            leader = self._next_leader(leader)
        self.phase = PHASE2
        self.reserved_by = -1
        self.trick = []
        self.leader = -1
        self.last_winner = -1
        self.round = 0
        self.contenders = []
        self.pos = 0
        self.out = [False] * self.n                         # §6: everybody is in
        self.to_act = leader
        self.leading = True
        self.lays = []
        self.trick_size = 0
        self.played = 0
        self.p2_actions = 0

    # -- phase 2 (§7) ----------------------------------------------------------------------
    def _next_in(self, p: int) -> int:
        q = (p + 1) % self.n
        while self.out[q]:
            q = (q + 1) % self.n
        return q

    def _next_leader(self, p: int) -> int:
        """§7.6, A-16, A-17: the first player clockwise after p (p itself last) who is in and
        holds a card; -1 if nobody does."""
        for j in range(1, self.n + 1):
            q = (p + j) % self.n
            if not self.out[q] and self.hands[q]:
                return q
        return -1

    def _pickup_index(self) -> int:
        """A-13: which lay a pick-up takes."""
        if self.options["pickup"] == "bottom":
            return 0
        # lowest_face_value: lowest face value of the lay's lowest card; a plain card before a
        # trump of equal face value; then the lay nearer the bottom.
        keys = [(lay_lo(x), lay_suit(x) == self.trumps, i) for i, x in enumerate(self.lays)]
        return min(keys)[2]

    def _play_phase2(self, a: int) -> None:
        p = self.to_act
        if self.leading:                                    # §7.3
            self.trick_size = len(self.players_in())        # N, counted before p may go out
            self.lays = [a]
            self.played = 1
            self.hands[p] &= ~lay_cards(a)
            self.leading = False
            self.p2_actions += 1
            if not self._went_out(p):
                self.to_act = self._next_in(p)
        elif a == PICKUP:                                   # §7.4: played is unchanged
            lay = self.lays.pop(self._pickup_index())
            self.hands[p] |= lay_cards(lay)
            self.p2_actions += 1
            if self.lays:
                self.to_act = self._next_in(p)
            else:                                           # §7.6: over by full pick-up
                self._trick_over(self._next_leader(p))
        else:                                               # a beat
            self.lays.append(a)
            self.played += 1
            self.hands[p] &= ~lay_cards(a)
            self.p2_actions += 1
            if not self._went_out(p):
                size = len(self.lays) if self.options["trick_count"] == "present" else self.played
                if size == self.trick_size:                 # §7.5: complete by count
                    for x in self.lays:
                        self.aside |= lay_cards(x)
                    self._trick_over(p if not self.out[p] else self._next_leader(p))
                else:
                    self.to_act = self._next_in(p)
        cap = self.options["phase2_action_cap"]
        if self.phase == PHASE2 and cap is not None and self.p2_actions >= cap:
            self._end_by_cap()                              # §10, engine option

    def _went_out(self, p: int) -> bool:
        """§7.7: a player who empties their hand by playing is out; the game ends when one
        player is left in (the loser). Returns True when the game is over."""
        if self.hands[p]:
            return False
        self.out[p] = True
        ins = self.players_in()
        if len(ins) == 1:
            self._finish(ins[0], "normal")
            return True
        return False

    def _trick_over(self, leader: int) -> None:
        self.lays = []
        self.trick_size = 0
        self.played = 0
        if leader < 0:
            # Nobody who is in holds a card: nobody can lead. Impossible from a deal (every
            # player in gets a turn in a trick before it completes); reachable only from a posed
            # position. The game ends without a loser.
            self._finish(-1, "normal")
            return
        self.to_act = leader
        self.leading = True

    def _end_by_cap(self) -> None:
        """§10 (ENGINE OPTION): draw, or with cap_result = most_cards the player in with the
        most cards in hand loses (a shared maximum is a draw)."""
        loser = -1
        if self.options["cap_result"] == "most_cards":
            sizes = {p: count(self.hands[p]) for p in self.players_in()}
            most = max(sizes.values())
            top = [p for p, k in sizes.items() if k == most]
            if len(top) == 1:
                loser = top[0]
        self._finish(loser, "move_cap")

    def _finish(self, loser: int, termination: str) -> None:
        self.phase = OVER
        self.loser = loser
        self.termination = termination
        self.to_act = -1
        self.leading = False

    # -- results ----------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Loser 0, others 1; no loser: (n-1)/n each (module docstring). Zeros before the end."""
        if self.phase != OVER:
            return [0.0] * self.n
        if self.loser < 0:
            return [(self.n - 1) / self.n] * self.n
        return [0.0 if p == self.loser else 1.0 for p in range(self.n)]

    def scores(self) -> list[float]:
        """Nothing is banked before the end: zeros, then the returns."""
        return self.returns()


def deal(options: dict[str, Any], seed: int = 0) -> tuple[list[int], int]:
    """The shuffled pack and dealer for ``seed``: a Fisher-Yates shuffle (solver.rng's
    ``shuffle``), then the dealer if random. The Cython engine makes exactly these draws."""
    rng = Random(seed)
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    d = options["dealer"]
    dealer = rng.randbelow(options["players"]) if d == "random" else int(d)
    return deck, dealer


def new_initial_state(options: dict[str, Any], seed: int = 0) -> MattisState:
    """§4: deal one card at a time from the dealer's left, three rounds; the rest of the pack,
    in order, is the stock (top = next card); the dealer's left leads (A-22)."""
    deck, dealer = deal(options, seed)
    s = MattisState(options)
    n = s.n
    k = 0
    for _round in range(3):
        for j in range(1, n + 1):
            s.hands[(dealer + j) % n] |= bit(deck[k])
            k += 1
    s.stock = deck[k:]
    s._start_trick((dealer + 1) % n)
    return s
