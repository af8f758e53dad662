"""The main flows of ``trickhound serve`` in headless Chromium: play a Mate match to the end
with hints, a recommendation for a pasted position, a run's leaderboard and a replay with its
review; bad input, progress and cancel, two tabs at once. Screenshots of every page are saved
(see conftest.py). Mate is perfect information (docs/rules/mate.md §9): the player's own view
shows both hands, and the exact solver's values are the position's true values (§7 points)."""
import json
import re

import pytest

from solver.registry import load_game
from tournaments.engine_adapter import exact_mate_values

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
# waits that retry until they hold (the module skips, as every browser test, without playwright)
expect = pytest.importorskip("playwright.sync_api").expect

MAX_TURNS = 200          # a Mate match has at most 4 * 22 moves, about half of them ours


@pytest.mark.slow     # over 8 s: the quick loop leaves it to CI
def test_play_a_mate_match_to_the_end_with_hints(server, page, shot):
    page.goto(server + "/play")
    page.fill("input[name=game]", "mate")
    page.fill("input[name=seat]", "0")
    page.fill("input[name=seed]", "3")
    page.fill("input[name=bots]", "random")
    page.click("#play-form button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[0-9a-f]+$"))
    shot(page, "play-start")
    hints = 0
    for _ in range(MAX_TURNS):
        if page.locator("#result").count():
            break
        if hints < 3:
            # The hint: a search of our view, shown as the recommendation table.
            # The first hint with the form as it comes (auto, the CLI's defaults: Mate is
            # perfect information, docs/rules/mate.md §9, so the exact solver); then ISMCTS
            # and the solver by name.
            if hints:
                page.select_option("#hint-form select[name=algo]",
                                   "solver" if hints == 2 else "ismcts")
                page.fill("#hint-form input[name=limit]", "iterations=1,worlds=2" if hints == 2
                          else "iterations=300")
            else:
                assert page.locator("#hint-form select[name=algo]").input_value() == "auto"
            page.click("#hint")
            page.wait_for_url(re.compile(r"\?hint="))
            if hints == 0:
                assert page.locator("#auto").inner_text().startswith(
                    "auto: solver (perfect information for the mover")
            assert page.locator("#rec-table tbody tr").count() == \
                page.locator("#moves button.move").count()
            assert page.locator("#verdict").inner_text().strip()
            if hints == 0:
                shot(page, "play-hint")
            hints += 1
            page.click("#moves button.hinted")      # play the recommended move
        else:
            page.click("#moves button.move >> nth=0")
        page.wait_for_load_state()
    else:
        pytest.fail("the match did not end")
    result = page.locator("#result").inner_text()
    assert result.startswith("Game over. Returns:")
    returns = [float(x) for x in re.findall(r"\) ([+-]\d+(?:\.\d+)?)", result)]
    assert len(returns) == 2 and returns[0] == -returns[1]     # a zero-sum match
    log_moves = page.locator("#log li").count()
    assert log_moves >= 20
    shot(page, "play-end")


def _mate_position():
    """A Mate position a few moves in, as the seat to act sees it, and its exact values."""
    game = load_game("mate")
    state = game.new_initial_state(21)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    view = state.view(state.current_player())
    values = {state.action_to_str(a): v for a, v in exact_mate_values(state).items()}
    return json.dumps(view.to_json()), values


def test_recommend_a_pasted_position(server, page, shot):
    text, values = _mate_position()
    page.goto(server + "/recommend")
    page.fill("input[name=game]", "mate")
    page.select_option("select[name=algo]", "solver")
    page.fill("input[name=limit]", "iterations=1,worlds=1")
    page.fill("textarea[name=view_json]", text)
    shot(page, "recommend-form")
    page.click("#rec-form button[type=submit]")
    page.wait_for_url(re.compile(r"/recommend/result/"))
    rows = page.locator("#rec-table tbody tr")
    got = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        got[cells[1]] = float(cells[2])
    assert got == pytest.approx(values)
    best = max(values.values())
    assert values[page.locator("#recommended").inner_text()] == best
    assert re.match(r"(proved|tie|forced)", page.locator("#verdict").inner_text())
    shot(page, "recommend-result")


def test_bad_input_shows_a_message_and_a_4xx(server, page, shot):
    page.goto(server + "/recommend")
    page.fill("textarea[name=view_json]", "{not json")
    with page.expect_navigation() as nav:
        page.click("#rec-form button[type=submit]")
    assert nav.value.status == 400
    assert "view JSON is malformed" in page.locator("#error").inner_text()
    assert "Traceback" not in page.content()
    shot(page, "error-bad-json")
    page.goto(server + "/recommend")
    page.fill("input[name=moves]", "PASS, XX")
    with page.expect_navigation() as nav:
        page.click("#rec-form button[type=submit]")
    assert nav.value.status == 400
    assert "unknown card 'XX'" in page.locator("#error").inner_text()
    for path, status in (("/runs/nope", 404), ("/runs/mate-demo/games/99999", 404),
                         ("/play/0000", 404), ("/jobs/none", 404)):
        resp = page.goto(server + path)
        assert resp.status == status, path
        assert page.locator("#error").inner_text()


def test_long_search_progress_cancel_and_a_second_tab(server, browser, page, shot):
    page.goto(server + "/recommend")
    # ISMCTS: auto (the default) would solve Mate exactly within moments
    page.select_option("select[name=algo]", "ismcts")
    page.fill("input[name=limit]", "time_s=60")
    page.fill("input[name=seed]", "4")
    page.click("#rec-form button[type=submit]")
    page.wait_for_url(re.compile(r"/jobs/"))
    assert page.locator("#progress").count() == 1
    job_url = page.url
    # A second tab gets its own quick answer while the long search runs.
    other = browser.new_page()
    other.goto(server + "/recommend")
    other.select_option("select[name=algo]", "solver")
    other.fill("input[name=limit]", "iterations=1,worlds=1")
    other.click("#rec-form button[type=submit]")
    other.wait_for_url(re.compile(r"/recommend/result/"), timeout=30000)
    assert other.locator("#rec-table").count() == 1
    other.close()
    # The first tab never left its job: the page refreshes itself every second while the search
    # runs (a goto could be cut short by that refresh), so wait on its status instead.
    assert page.url == job_url
    expect(page.locator("#job-status")).to_contain_text("Searching")
    shot(page, "search-progress")
    page.click("#cancel")
    expect(page.locator("#job-status")).to_have_text(re.compile(r"^Cancelled"))


def test_run_leaderboard_and_replay_with_review(server, page, shot):
    page.goto(server + "/runs")
    page.click("#runs a >> text=mate-demo")
    board = page.locator("#leaderboard").inner_text()
    assert "random" in board and "solver" in board
    # led by the paired score, as `trickhound report` (TrueSkill after it)
    heads = page.locator("#leaderboard th").all_inner_texts()
    assert heads[:3] == ["#", "bot", "paired"] and heads.index("mu") > 2
    assert re.search(r"solver > random: .* — (separated|NOT SEPARATED)",
                     page.locator("#board-notes").inner_text())
    plots = page.locator(".plots img")
    assert plots.count() >= 2
    # a click returns once the page commits, not when its images have loaded (CI saw width 0)
    page.wait_for_function(
        "Array.from(document.querySelectorAll('.plots img')).every(img => img.complete)")
    assert all(plots.nth(i).evaluate("img => img.naturalWidth") > 0 for i in range(plots.count()))
    assert page.locator("#games tbody tr").count() == 4          # 2 deals x 2 seatings
    shot(page, "run-leaderboard")
    page.click("#games tbody tr >> nth=0 >> text=replay")
    assert page.locator("#ply").inner_text().startswith("after move 0 of")
    for k in range(1, 4):
        page.click("#next")
        assert page.locator("#ply").inner_text().startswith(f"after move {k} of")
    page.fill("#analyse-form input[name=node_budget]", "5000")
    page.fill("#analyse-form input[name=worlds]", "2")
    page.click("#analyse")
    page.wait_for_url(re.compile(r"review="))
    summary = page.locator("#review-summary tbody tr")
    assert summary.count() == 2
    bots = {summary.nth(i).locator("td").nth(1).inner_text(): float(
        summary.nth(i).locator("td").nth(3).inner_text()) for i in range(2)}
    assert bots["solver"] == 0.0           # the exact solver loses nothing in Mate
    page.wait_for_function("document.querySelector('#loss-plot').complete")
    assert page.locator("#loss-plot").evaluate("img => img.naturalWidth") > 0
    page.click("#next")                     # moving on keeps the review
    assert page.locator("#review-summary").count() == 1
    shot(page, "replay-review")
