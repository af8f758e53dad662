"""Dog Tag Trick rules of thumb (rules: docs/rules/dog-tag-trick.md).

The rules are implemented once, in Cython, by the game's policy
(solver/games/dog_tag_trick/_policy.pyx, ``DogTagTrickPolicy.scores_c``: rules R1-R5 and
S1-S3 of its docstring), which the search rollouts and the opponent model share; this module
only plays the best of its scores. In short:

1. Every play is worth what it can score in this trick: main #1 (3, or 5 in the final trick),
   main #2 (1, nothing in the final trick), sub #1 (1). A play that cannot place scores
   nothing: a pair announced for an event other than the main event, a pair ranked #3, a
   single below the best single already played, a NONE discard.
2. A play's chance to hold is judged from the cards this seat has not seen (the 36 cards minus
   its hand and this round's plays): a single holds when none of the higher singles sits in
   the hands still to play this trick (exact hypergeometric chance); a pair holds when no seat
   still to play holds a stronger pair of the same event (each stronger unseen pair counted
   with the chance that one of those seats holds both its cards); beaten by exactly one, it is
   still main #2. Nothing is inferred from how the others played.
3. Leading, or following before anyone played a pair: a pair sets the main event, and a lone
   main competitor is main #1, so lead the pair most likely to stand (1-2 runs, low sets,
   High Fives topped by a 10 or a 9); winning the main event also keeps the lead, which is
   worth a little more (0.5).
4. Following a main event: join it with a pair of that event (the announced event decides,
   so 2-3 and 7-8 are announced as the main event) when it beats the best pair so far and
   is likely to hold; a pair that can only be #2 is worth 1 point and costs two cards.
5. Otherwise play for the sub event with the cheapest single likely to be the highest, or
   throw the least useful card: the one whose loss costs least (below).
6. Cards are worth keeping: each card's value is its best role later (half of the lead value
   of the best pair of the hand it is in, or its chance to win the sub event as a single);
   a play is charged a share (0.75) of the value of the cards it spends plus a flat price per
   card (0.8), so a pair must earn clearly more than a single (and two cards are never thrown
   for nothing). Among winning plays this picks the cheapest winner. In a trick that is surely
   the last of the round (a hand already emptied, a seat still to play holds one card, or the
   play empties this hand) cards are worthless and main #1 scores 5.
7. Ties (scores within ``TIE``) are broken at random.

Options are honoured: ``announcement=auto_join_main`` (a pair whose values qualify for the
main event competes in it whatever it announced), ``low_set_tiebreak=min_icon`` (set keys).
The seat reads only its own hand and public facts (plays, hand sizes) from one sampled world.
"""
from solver.game import View
from solver.rng import Random

# Scores this close to the best count as tied (rule 7): the scores are sums of products of
# chances, so equal plays may differ in the last bits.
TIE = 1e-9


def choose(view: View, rng: Random) -> int:
    """The best-scoring legal action at ``view`` (ties broken with ``rng``). The world the
    scores read is one determinization of the view (one ``rng.next_u64()`` draw); only the
    seat's hand and public facts of it matter."""
    legal = view.legal_actions()
    world = view.determinize(rng.next_u64())
    scores = view.game.policy.scores(world, legal)
    best = max(scores)
    ties = [a for a, s in zip(legal, scores) if s >= best - TIE]
    return ties[rng.randbelow(len(ties))] if len(ties) > 1 else ties[0]
