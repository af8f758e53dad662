"""Posing Mate (Vic Village) positions for the tests: a scripted round (explicit instructions and
trick cards) completed with filler cards, always through the state JSON, so the notation's
replay checks every rule of the script."""
import random

from solver.games.mate_vic_village import notation as N
from solver.games.mate_vic_village import rules as R
from solver.registry import load_game


def game(players=4, **opts):
    text = ",".join([f"players={players}"] + [f"{k}={v}" for k, v in opts.items()])
    return load_game(f"mate-vic-village({text})")


def cards(text):
    return [N.parse_card(t) for t in text.split()]


def pose(g, tricks, *, starter=0, hands=None, rewards=(), removed=None, deck=None, voids=None,
         round_scores=None, round_no=2, seed=0):
    """State JSON of round ``round_no`` in phase play (by default round 2 after a round 1
    that everybody scored 0 in, so §8 allows any starter).

    ``tricks``: [(instruction, leader, "C1 C2 ..."), ...], the last one may be partial (the
    trick in progress; an empty string for a trick about to be led); if it is complete, the
    next instruction of the deck is turned up for its winner. ``rewards``: the top of
    the reward pile, in order (the drawn ones first). ``hands``: {seat: "cards"} that must stay
    in a seat's hand. ``voids``: {seat: "RB"} colours kept out of the filler given to a seat
    (so the script's off-colour plays stay legal). ``deck``: the face-down instructions after
    the scripted ones (default: the rest, ascending). Fillers are drawn with ``seed``."""
    n = g.num_players
    cfg = R.SETUP[n]
    T = cfg["tricks"]
    rnd = random.Random(seed)
    instr = [N.parse_instr(t[0]) for t in tricks]
    if removed is None:
        in_deck = [] if deck is None else [N.parse_instr(x) for x in deck]
        pool = [i for i in range(10) if i not in instr and i not in in_deck]
        removed = [N.instr_name(i) for i in pool[:cfg["removed"]]]
    rem = [N.parse_instr(x) for x in removed]
    rest = [i for i in range(R.NUM_INSTRUCTIONS) if i not in rem and i not in instr]
    deck_ids = [N.parse_instr(x) for x in deck] if deck is not None else rest
    assert sorted(deck_ids) == sorted(rest), "deck must be the instructions not scripted/removed"
    used = 0
    played = [[] for _ in range(n)]
    for _, leader, text in tricks:
        for i, c in enumerate(cards(text)):
            played[(leader + i) % n].append(c)
            used |= R.bit(c)
    keep = {p: cards(t) for p, t in (hands or {}).items()}
    reward_top = [N.parse_card(x) for x in rewards]
    for c in [c for v in keep.values() for c in v] + reward_top:
        assert not used >> c & 1
        used |= R.bit(c)
    free = [c for c in range(50) if not used >> c & 1]
    rnd.shuffle(free)
    final = [[] for _ in range(n)]
    for p in range(n):
        bad = set(R.COLOR_LETTERS.index(x) for x in (voids or {}).get(p, ""))
        final[p] = list(keep.get(p, []))
        need = T - len(played[p]) - len(final[p])
        for c in list(free):
            if need == 0:
                break
            if R.color(c) not in bad:
                final[p].append(c)
                free.remove(c)
                need -= 1
        assert need == 0, "not enough filler cards outside the voids"
    pile = reward_top + free[:2 + n * cfg["discards"] - len(reward_top)]
    free = free[len(pile) - len(reward_top):]
    assert not free
    discards = [[] for _ in range(n)]
    for p in range(n):
        for _ in range(cfg["discards"]):
            discards[p].append(pile[len(pile) - 1 - sum(len(d) for d in discards)])
    undealt = [c for c in pile if all(c not in d for d in discards)]
    # Rewards drawn in the script are listed with their trick; the rest stays in the pile.
    state = {
        "round": round_no, "phase": "play", "first_leader": starter if round_no == 1 else 0,
        "starter": starter, "removed": removed,
        "round_scores": round_scores if round_scores is not None else [[0] * n] * (round_no - 1),
        "hands": [[N.card_name(c) for c in sorted(h)] for h in final],
        "discards": [[N.card_name(c) for c in sorted(d)] for d in discards],
        "undealt": [N.card_name(c) for c in sorted(undealt)],
        "instruction_deck": [N.instr_name(i) for i in deck_ids],
        "tricks": [{"instruction": t[0], "leader": t[1], "cards": t[2].split()} for t in tricks],
        "reward_pile": [N.card_name(c) for c in pile],
        "seed": seed,
    }
    return _assign_rewards(g, state)


def _assign_rewards(g, state):
    """Move the draws the script's complete tricks make from the pile into their records."""
    n = g.num_players
    trial = dict(state)
    pile = list(state["reward_pile"])
    tricks = []
    for t in state["tricks"]:
        tricks.append(dict(t, rewards=[]))
    trial["tricks"] = tricks
    # Replay with the reference rules to learn how many cards each complete trick draws.
    drawn = 0
    for t in tricks:
        if len(t["cards"]) < n:
            continue
        W, wi, tied = R.resolve_trick(N.parse_instr(t["instruction"]), cards(" ".join(t["cards"])))
        q = R.reward_qualifiers(N.parse_instr(t["instruction"]), W, tied, g.options)
        take = min(len(q), len(pile) - drawn)
        t["rewards"] = [{"card": c} for c in pile[drawn:drawn + take]]
        drawn += take
    trial["reward_pile"] = pile[drawn:]
    last = tricks[-1]
    if len(last["cards"]) == n and len(tricks) < R.SETUP[n]["tricks"]:
        # The script ends with a complete trick: turn up the next instruction for its winner.
        W, wi, _ = R.resolve_trick(N.parse_instr(last["instruction"]),
                                   cards(" ".join(last["cards"])))
        tricks.append({"instruction": trial["instruction_deck"][0],
                       "leader": (last["leader"] + wi) % n, "cards": []})
        trial["instruction_deck"] = trial["instruction_deck"][1:]
    return trial
