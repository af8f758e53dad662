"""OpenSpiel beside ours in ``trickhound bench``: its Python ISMCTS on the same position through
our adapter, and its C++ ISMCTS on oh_hell (the anchor of anchors.md §0). Each returns None
without the openspiel extra."""
import random
import time
from typing import Any, Optional

from solver.game import View

OPENSPIEL_SIMS = 100


def openspiel_python_ismcts_its(view: View) -> Optional[float]:
    """OpenSpiel's Python ISMCTS (one random rollout per simulation) on the same position,
    through our adapter; None without the openspiel extra."""
    try:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from solver.interop import openspiel as adapter
    except ImportError:
        return None
    game = adapter.openspiel_game(view.game)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, OPENSPIEL_SIMS,
                           random_state=rs)
    bot.set_resampler(lambda st, p: st.resample_from_infostate(p, rs.uniform))
    state = adapter.state_from_view(game, view, 1)
    t0 = time.perf_counter()
    bot.step(state)
    return OPENSPIEL_SIMS / (time.perf_counter() - t0)


def ohhell_first_lead() -> Any:
    """The anchor's position (anchors.md §0): OpenSpiel's oh_hell(players=4,num_tricks_fixed=11)
    dealt and bid at random from seed 1, at the first lead (needs pyspiel)."""
    import pyspiel
    game = pyspiel.load_game("oh_hell(players=4,num_tricks_fixed=11)")
    rnd = random.Random(1)
    s = game.new_initial_state()
    while s.is_chance_node() or min(s.legal_actions()) >= 52:     # deal and bids
        if s.is_chance_node():
            s.apply_action(rnd.choice(s.chance_outcomes())[0])
        else:
            s.apply_action(rnd.choice(s.legal_actions()))
    return s


def openspiel_cpp_ohhell_its(seconds: float) -> Optional[float]:
    """OpenSpiel's C++ ISMCTS on oh_hell(players=4,num_tricks_fixed=11) at the first lead,
    one random rollout per simulation (the anchor of anchors.md §0); None without the extra."""
    try:
        import pyspiel
    except ImportError:
        return None
    s = ohhell_first_lead()
    sims = 2000
    while True:
        bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, sims)
        t0 = time.perf_counter()
        bot.step(s)
        dt = time.perf_counter() - t0
        if dt >= seconds / 2 or sims >= 1 << 22:
            return sims / dt
        sims *= 2
