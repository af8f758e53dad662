"""The features of each game's fitted evaluation, by name, in the order its C code
(``features_d`` in ``solver/games/<game>/_policy.pyx``) writes them for one seat. The fit
stores these names with the weights, and a policy refuses a data file fitted on other ones.

Every feature is read from the seat's perspective on a full state (the searches evaluate
determinized worlds); ``heuristic`` is the hand-written estimate for that seat, so the fitted
model can only add to it. The third feature, ``stage`` (0, 1, 2: the early, mid or late third
of the round), picks which of the model's three weight vectors applies (solver/evaluation/
_linear.pxd); it is a constant within a stage."""
from __future__ import annotations

FEATURES: dict[str, tuple[str, ...]] = {
    # docs/rules/dog-tag-trick.md §2-§8: a round ends with the trick that empties a hand
    "dog-tag-trick": (
        "bias", "heuristic", "stage", "hand_size", "min_hand_size", "others_mean_hand_size",
        "base1", "base2", "base3", "base4", "base5_10", "base6", "base7", "base8", "base9",
        "paw_cards", "qualifying_pairs", "best_set", "best_run", "best_five",
        "unbeaten_singles", "leads_trick", "trick_plays", "played_in_trick",
        "main1_so_far", "main2_so_far", "sub1_so_far", "final_trick",
        "pairs_x_min_hand", "high_x_min_hand", "pairs_share_x_min_hand",
        "high_share_x_min_hand",
    ),
    # docs/rules/mate-vic-village.md §6-§7: GO! pays the winning number, STAY costs 2
    "mate-vic-village": (
        "bias", "heuristic", "stage", "tricks_left", "go_left", "stay_left", "go_number_sum",
        "discard_phase", "num1", "num2", "num3", "num4", "num5", "num6", "num7", "num8",
        "num9", "num10", "match_go", "match_stay", "void_colours", "hand_size",
        "high_x_go_share", "low_x_stay_share", "trick_go", "trick_go_number",
        "played_in_trick", "wins_trick", "wins_go_points", "wins_stay", "seat_after_leader",
        "rewards_left", "number_sum", "high_share_x_go_sum", "high_share_x_stay_left",
        "go_match_share_x_go_sum", "stay_match_share_x_stay_left",
    ),
    # docs/rules/mattis.md: the gain is 1 for not being the loser
    "mattis": (
        "bias", "heuristic", "stage", "phase1", "still_in", "to_shed", "to_shed_sq", "to_shed_rel",
        "players_in", "others_more", "others_fewer", "trumps_held", "high_cards",
        "low_cards", "stock", "to_act", "trick_lays", "trick_target", "others_min",
        "last_in", "worth_sum",
    ),
}
