"""The fit command refuses player counts it does not fit (tester's finding, session 8 t5 item 2):
``--game mattis --players 12`` used to exit 0, print nothing and write a file with no model (or,
without ``--out``, rewrite the shipped file's ``command`` line).

The counts the fit covers are every count each game's rules allow: docs/rules/mattis.md §4
(3 to 8 players), docs/rules/dog-tag-trick.md §3 (3, 4 or 5), docs/rules/mate-vic-village.md §3
and A21 (3 or 4).
"""
import os

import pytest

from solver.evaluation.fit import PLAYER_COUNTS, games_to_fit, main
from solver.registry import load_game


@pytest.mark.parametrize("slug", sorted(PLAYER_COUNTS))
def test_the_fit_covers_every_count_the_game_supports(slug):
    """PLAYER_COUNTS (what the error names) is exactly the counts the game can be built with."""
    playable = []
    for n in range(1, 13):
        try:
            load_game(f"{slug}(players={n})")
        except ValueError:
            continue
        playable.append(n)
    assert tuple(playable) == PLAYER_COUNTS[slug]


@pytest.mark.parametrize("argv, message", [
    (["--game", "mattis", "--players", "12"],
     "trickhound: error: --players 12: the fit covers mattis at 3, 4, 5, 6, 7 or 8 players "
     "(every count the game supports)"),
    (["--game", "dog-tag-trick", "--players", "7"],
     "trickhound: error: --players 7: the fit covers dog-tag-trick at 3, 4 or 5 players "
     "(every count the game supports)"),
    # 7 is a Mattis count, but the Dog Tag Trick named beside it would get no model
    (["--game", "dog-tag-trick", "--game", "mattis", "--players", "7"],
     "trickhound: error: --players 7: the fit covers dog-tag-trick at 3, 4 or 5 players "
     "(every count the game supports)"),
    (["--players", "3", "--players", "9"],
     "trickhound: error: --players 9: the fit covers dog-tag-trick at 3, 4 or 5; "
     "mate-vic-village at 3 or 4; mattis at 3, 4, 5, 6, 7 or 8 players "
     "(every count the game supports)"),
])
def test_a_count_the_fit_does_not_fit_is_one_line_exit_2_nothing_written(tmp_path, capsys, argv,
                                                                         message):
    out = tmp_path / "models"
    with pytest.raises(SystemExit) as e:
        main(argv + ["--games", "10", "--out", str(out)])
    assert e.value.code == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [message]
    assert captured.out == ""
    assert not os.path.exists(out)


def test_players_alone_picks_the_games_that_have_that_count():
    """``--players 7`` fits Mattis only: the other games' files are left alone (they used to be
    rewritten with their old models and the new command line)."""
    assert games_to_fit(None, [7]) == ["mattis"]
    assert games_to_fit(None, [4]) == ["dog-tag-trick", "mate-vic-village", "mattis"]
    assert games_to_fit(["mattis"], None) == ["mattis"]
    assert games_to_fit(None, None) == sorted(PLAYER_COUNTS)
