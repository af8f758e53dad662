"""How much the chain learns of the hidden hands: the share of the other seats' hidden cards that
a world puts in their true holder, the chain's 20 worlds (the pimc bot's; 64 steps of burn-in,
a world every 8, the fitted opponent model) against 20 uniform worlds of the same view, at
positions of a table of rules-of-thumb players (each plays the policy's best move):

    python results/strength/vic-mcmc/placement.py

30 deals per position; prints a markdown table. Deterministic (seeded).
"""
from solver.game import State
from solver.inference.mcmc import chain_worlds
from solver.inference.weighted import model_for
from solver.registry import load_game
from solver.rng import Random

GAMES = ("mate-vic-village", "dog-tag-trick(players=4)")
PLAYS = {"mate-vic-village": (12, 25, 40), "dog-tag-trick(players=4)": (8, 14, 20)}
DEALS = 30
WORLDS = 20


def hidden_hands(state: State, me: int) -> dict[int, int]:
    return {q: state.to_reference().hands[q] for q in range(state.game.num_players) if q != me}


def placement(game_text: str, plays: int) -> tuple[float, float]:
    game = load_game(game_text)
    model = model_for(game)
    chain = uniform = total = 0
    for seed in range(DEALS):
        s = game.new_initial_state(seed)
        for _ in range(plays):
            s.apply_action(game.policy.best_actions(s)[0])
        me = s.current_player()
        truth = hidden_hands(s, me)
        worlds, _ = chain_worlds(s.view(me), WORLDS, seed, 64, model)
        for k, w in enumerate(worlds):
            u = s.view(me).determinize(Random(100 * seed + k))
            hw, hu = hidden_hands(w, me), hidden_hands(u, me)
            for q, cards in truth.items():
                chain += bin(cards & hw[q]).count("1")
                uniform += bin(cards & hu[q]).count("1")
                total += bin(cards).count("1")
    return chain / total, uniform / total


def main() -> None:
    print("| game | plays made | chain's worlds | uniform worlds |")
    print("|---|---|---|---|")
    for game_text in GAMES:
        for plays in PLAYS[game_text]:
            c, u = placement(game_text, plays)
            print(f"| {game_text} | {plays} | {100 * c:.1f}% | {100 * u:.1f}% |")


if __name__ == "__main__":
    main()
