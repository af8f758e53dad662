"""Positions for the search tests, built from seeded random play over whatever games are
registered (games join the suite by registering; nothing here names a game except Mate's
own solver tests)."""
from solver.registry import available_games, example_configs, load_game
from solver.search.bench import random_line  # every state of one seeded random game


def all_configs():
    return example_configs()


def one_config_per_game():
    """The first example config of every game, plus each game's first hidden-information config
    when the first one has perfect information (so determinization is exercised)."""
    out = []
    for slug in available_games():
        cfgs = example_configs(slug)
        out.append(cfgs[0])
        if load_game(cfgs[0]).perfect_information:
            hidden = [c for c in cfgs if not load_game(c).perfect_information]
            out.extend(hidden[:1])
    return out


def multiplayer_configs():
    return [c for c in example_configs() if load_game(c).num_players >= 3]


def mid_state(game, seed, fraction=0.3, min_legal=2):
    """A non-terminal state about ``fraction`` of the way through a seeded random game with at
    least ``min_legal`` legal actions (searched forwards from there)."""
    line = random_line(game, seed)
    start = int(fraction * (len(line) - 1))
    for s in line[start:] + line[:start]:
        if not s.is_terminal() and len(s.legal_actions()) >= min_legal:
            return s
    raise AssertionError(f"no decision with {min_legal}+ actions in {game.spec()} seed {seed}")


def round_endgames(game, seed, max_plies=8, count=3):
    """States a few plies before the end of a round (in the seeded random line), nearest the
    end last: candidates for brute-force solving."""
    line = random_line(game, seed)
    out = []
    for i in range(1, len(line)):
        prev, cur = line[i - 1], line[i]
        if cur.is_terminal() or cur.round() != prev.round():
            for k in range(max_plies, 0, -1):
                j = i - k
                if j >= 0 and line[j].round() == prev.round() and len(line[j].legal_actions()) >= 2:
                    out.append(line[j])
            if len(out) >= count:
                break
    return out


def trick_completing_position(game, seed):
    """A Mate (Vic Village) position where the seat to act plays the last card of one of the
    round's first five tricks: its move turns up the next instruction (docs/rules/
    mate-vic-village.md §6.1), the chance the searches' chance nodes split on."""
    import random
    play = 1                                     # rules.py's play phase
    s = game.new_initial_state(seed)
    rnd = random.Random(seed)
    n = game.num_players
    while True:
        ref = s.to_reference()
        if (ref.phase == play and len(ref.plays) % n == n - 1 and len(s.legal_actions()) >= 2
                and len(ref.plays) // n < 5):
            return s
        s.apply_action(rnd.choice(s.legal_actions()))


def assert_pimc_matches_twin(res, view, iterations, worlds, seed, **params):
    """``res`` (a Cython PIMC SearchResult for ``view``) agrees with the pure-Python twin's
    search of the same worlds (solver/search/reference/mcts.py pimc_uct with ``params``): each
    action's mean over the worlds that valued it, and its share of the worlds where it was
    best."""
    from solver.search.reference.mcts import pimc_uct
    per_world, best = pimc_uct(view, iterations, worlds, seed, **params)
    for a in res.actions:
        vs = [pw[a.action] for pw in per_world if pw.get(a.action) is not None]
        assert a.mean == (sum(vs) / len(vs) if vs else None)
        assert a.robustness == sum(1 for b in best if b == a.action) / worlds
