"""Mate's rules of thumb (rules: docs/rules/mate.md), apart from its rules (``_state.pyx``).

One implementation of each rule of thumb, shared by the searches' rollouts (``rollout="policy"``),
the heuristic bot (bots/heuristic/mate.py plays the best ``scores``) and the opponent model:

1. Never force a card (PASS): forcing pays only with exact calculation (§4).
2. Leading: if some lead mates now (the follower holds neither its suit nor its rank, §6), lead
   the mating card worth the most points (§2.1) -- ``mating_leads``.
3. Otherwise (heuristic) lead a card after which the opponent cannot mate us at once on his next
   lead, preferring leads he must answer while losing the trick (we keep the lead), then leads
   that leave him the fewest replies, then low-value cards (the high-value ones mate best).
4. Following: win the trick with the cheapest winning card (the larger id wins, §5.4;
   ``winning_follows``): we lead next. Else give the card whose loss matters least (the
   lowest value), the heuristic preferring cards after which the opponent, to lead, has no
   immediate mate. On the tenth trick, which ends the game either way, the heuristic gives the
   lowest value even when a card would win.

The rollout plays rules 1, 2 and the plain form of 4 (the cheapest winning card, else the
cheapest card) with one move in five uniformly random and a random lead when no lead mates:
cheap enough for millions of playouts. The heuristic's scores add the one-ply look-ahead of
rules 3 and 4 (moves played on a copy of the struct). Its ties are broken by card id (rule 2:
the larger id among the most valuable mates; rules 3-4: the smaller id), the rollout's by the
smaller id throughout.

Scores are ordinal: each is a lexicographic key (the rule's preferences in order) packed into
one number, higher = preferred, so the best score is the heuristic's choice.
"""
from libc.stdint cimport uint32_t
from solver.cards cimport lowest_card
from solver.game cimport Policy, State
from solver.rng cimport Rng, rng_below
from solver.games.mate._state cimport (MateData, MateState, PASS, FORCE_OTHER, LEAD,
                                       card_value, current_player_d, follow_set_d, apply_d)

# Score of a mating lead (rule 2): above every other lead's (which are <= 0).
cdef double MATE_LEAD = 1 << 22


# -- rules of thumb shared by the rollout and the heuristic -----------------------------------
cdef inline uint32_t mating_leads(MateData* d, int leader, uint32_t cards) noexcept nogil:
    """Rule 2: the cards of ``cards`` that ``leader`` could lead for a mate now (the other seat
    has no card of their suit or rank, §6)."""
    cdef uint32_t m = cards, mates = 0
    cdef int c
    while m:
        c = lowest_card(m)
        m &= m - 1
        if follow_set_d(d, 1 - leader, c) == 0:
            mates |= 1u << c
    return mates


cdef inline uint32_t winning_follows(MateData* d, uint32_t legal) noexcept nogil:
    """Rule 4: the legal follows that take the trick (a larger id beats the led card, §5.4)."""
    return legal & ~((2u << d.led) - 1)


# -- the heuristic's one-ply look-ahead (rules 3 and 4) ---------------------------------------
cdef inline bint can_mate(MateData* d, int leader) noexcept nogil:
    """Whether ``leader``, to lead now, holds a card the other seat cannot answer."""
    return mating_leads(d, leader, d.hand[leader]) != 0


cdef double lead_score(MateData* d, int me, int c) noexcept nogil:
    """Rule 3 for a non-mating lead ``c``: minus the key (any reply lets the opponent mate at
    once; not every reply keeps us the lead; number of replies; card value; card id)."""
    cdef int opp = 1 - me, danger = 0, keeps = 0, nrep = 0, r
    cdef uint32_t replies = follow_set_d(d, opp, c)
    cdef MateData w
    while replies:
        r = lowest_card(replies)
        replies &= replies - 1
        nrep += 1
        w = d[0]
        apply_d(&w, c)
        apply_d(&w, r)
        if w.game_no != d.game_no or w.phase != LEAD:   # the game ended with this trick
            continue
        if w.leader == opp and can_mate(&w, opp):
            danger += 1
        if w.leader == me:
            keeps += 1
    return -<double>(((danger > 0) << 20) | ((keeps != nrep) << 19) | (nrep << 12)
                     | (card_value(c) << 5) | c)


cdef double follow_score(MateData* d, int me, int c) noexcept nogil:
    """Rule 4 for the follow ``c``: minus the key (the opponent, then to lead, can mate at once;
    we do not take the lead; the card id if we take it, else its value; the card id)."""
    cdef MateData w = d[0]
    cdef bint i_lead, exposed
    apply_d(&w, c)
    i_lead = w.phase == LEAD and w.leader == me
    exposed = w.phase == LEAD and w.leader != me and can_mate(&w, 1 - me)
    return -<double>((exposed << 12) | ((not i_lead) << 11)
                     | ((c if i_lead else card_value(c)) << 5) | c)


cdef class MatePolicy(Policy):
    """Mate's rules of thumb (see the module docstring)."""

    cdef void scores_c(self, State state, int* acts, int n, double* out) noexcept nogil:
        """The heuristic's ordinal score of each action (rules 1-4, ties broken by card id)."""
        cdef MateData* d = &(<MateState>state).d
        cdef int i, c, me = current_player_d(d)
        cdef uint32_t legal = 0, mates
        if d.phase <= FORCE_OTHER:                          # rule 1
            for i in range(n):
                out[i] = 1.0 if acts[i] == PASS else -1.0 - acts[i]
            return
        for i in range(n):
            legal |= 1u << acts[i]
        if d.phase == LEAD:
            mates = mating_leads(d, me, legal)
            for i in range(n):
                c = acts[i]
                if mates >> c & 1:                          # rule 2: most valuable, larger id
                    out[i] = MATE_LEAD + ((card_value(c) << 5) | c)
                else:                                       # rule 3
                    out[i] = lead_score(d, me, c)
            return
        for i in range(n):                                  # rule 4
            out[i] = follow_score(d, me, acts[i])

    cdef int rollout_action_c(self, State state, int* acts, int n, Rng* rng) noexcept nogil:
        """Rules 1, 2 and the plain rule 4, one move in five uniformly random."""
        cdef MateData* d = &(<MateState>state).d
        cdef uint32_t legal = 0, mates, wins
        cdef int i, c, best
        if n == 1 or rng_below(rng, 5) == 0:
            return acts[rng_below(rng, <unsigned int>n)]
        for i in range(n):
            legal |= 1u << acts[i]
        if d.phase <= FORCE_OTHER:                          # rule 1
            return PASS
        if d.phase == LEAD:
            mates = mating_leads(d, current_player_d(d), legal)
            if mates:                                       # rule 2: most valuable, smaller id
                best = -1
                for i in range(n):
                    c = acts[i]
                    if mates >> c & 1 and (best < 0 or card_value(c) > card_value(best)):
                        best = c
                return best
            return acts[rng_below(rng, <unsigned int>n)]
        wins = winning_follows(d, legal)                    # rule 4: the cheapest winner,
        if wins:                                            # else the cheapest card
            return lowest_card(wins)
        return lowest_card(legal)

    cdef void evaluate_c(self, State state, double* out) noexcept nogil:
        """No estimate: zero for both seats (the searches' depth-limited frontier; Mate's
        solver searches exactly instead)."""
        out[0] = 0.0
        out[1] = 0.0
