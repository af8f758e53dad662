"""``trickhound report RUN_DIR``: report.md, ratings.json and PNG plots, recomputed from
``games.jsonl`` (the source of truth) and ``tournament.json``.

Plots (matplotlib, Agg backend): ``ratings.png`` — every bot's TrueSkill mu with a ±sigma band
over the rated games; ``head_to_head.png`` — the matrix of mean paired score differences (row
bot minus column bot on the same deal and seat); ``scores.png`` — mean score per bot with its
95% interval.
"""
import json
import os
import re
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any, Optional

from tournaments import __version__
from tournaments.config import ConfigError, TournamentConfig
from tournaments.records import GameRecord
from tournaments.runner import load_records, read_meta
from tournaments.stats import (
    ORACLE_NOTE,
    Summary,
    adjacent_lines,
    column_legend,
    control_gain,
    control_lines,
    has_oracle,
    idle_lines,
    leaderboard_rows,
    leaderboard_text,
    marked_names,
    ranking_statement,
    score_text,
    summarize,
)

PLOTS = ("ratings.png", "head_to_head.png", "scores.png")


def _plt() -> Any:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _colors(n: int) -> list[Any]:
    plt = _plt()
    cmap = plt.get_cmap("tab10" if n <= 10 else "tab20")
    return [cmap(i % cmap.N) for i in range(n)]


def plot_ratings(summary: Summary, path: str, title: str = "") -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=110)
    bots = summary.bots
    for row, color in zip(bots, _colors(len(bots))):
        hist = summary.ratings.history.get(row.spec)
        if not hist:
            continue
        x = [0] + [h[0] for h in hist]
        mu = [summary.ratings.env["mu"]] + [h[1] for h in hist]
        sg = [summary.ratings.env["sigma"]] + [h[2] for h in hist]
        ax.plot(x, mu, color=color, lw=1.8,      # an oracle (sees every hand) marked * as
                label=f"{row.label}{' *' if row.oracle else ''}"   # on the other plots
                      f"  ({row.mu:.1f} ± {row.sigma:.1f})")
        ax.fill_between(x, [m - s for m, s in zip(mu, sg)], [m + s for m, s in zip(mu, sg)],
                        color=color, alpha=0.15, lw=0)
    ax.set_xlabel("games rated (the first, online pass in game_id order; legend: converged)")
    ax.set_ylabel("TrueSkill mu (band: ± sigma)")
    ax.set_title(title or "Ratings over the tournament")
    ax.grid(alpha=0.3)
    if bots:
        ax.legend(loc="best", fontsize=8, framealpha=0.85)
    fig.tight_layout()
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def plot_head_to_head(summary: Summary, path: str, title: str = "") -> None:
    plt = _plt()
    import numpy as np
    bots = summary.bots
    n = len(bots)
    mat = np.full((n, n), np.nan)
    txt = [["" for _ in range(n)] for _ in range(n)]
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            if i == j:
                continue
            p = summary.pair(a.spec, b.spec)
            if p is None or p.mean is None:
                continue
            mat[i, j] = p.mean
            ci = f"\n± {p.ci:.1f}" if p.ci is not None else ""
            txt[i][j] = f"{_z(p.mean):+.1f}{ci}\n({p.deals} deals)"
    size = max(4.5, 1.5 * n + 2.5)
    fig, ax = plt.subplots(figsize=(size + 1.2, size), dpi=110)
    finite = mat[np.isfinite(mat)]
    vmax = float(np.max(np.abs(finite))) if finite.size else 1.0
    vmax = vmax or 1.0
    im = ax.imshow(np.ma.masked_invalid(mat), cmap="RdBu", vmin=-vmax, vmax=vmax)
    ax.set_facecolor("#eeeeee")
    labels = [b.label + (" *" if b.oracle else "") for b in bots]
    ax.set_xticks(range(n))
    ax.set_yticks(range(n))
    ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=9)
    ax.set_yticklabels(labels, fontsize=9)
    for i in range(n):
        for j in range(n):
            if txt[i][j]:
                strong = abs(mat[i, j]) > 0.6 * vmax
                ax.text(j, i, txt[i][j], ha="center", va="center", fontsize=8,
                        color="white" if strong else "black")
    ax.set_xlabel("column bot")
    ax.set_ylabel("row bot")
    ax.set_title(title or "Mean paired score difference (row − column)\nsame deal, same seat",
                 fontsize=10)
    cb = fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04)
    cb.set_label("row − column score")
    fig.tight_layout()
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def plot_scores(summary: Summary, path: str, title: str = "") -> None:
    plt = _plt()
    rows = [r for r in summary.bots if r.mean_score is not None]
    fig, ax = plt.subplots(figsize=(7.5, max(2.5, 0.55 * len(rows) + 1.4)), dpi=110)
    ys = list(range(len(rows)))[::-1]
    for y, r, color in zip(ys, rows, _colors(len(rows))):
        err = r.score_ci if r.score_ci is not None else 0.0
        ax.errorbar([r.mean_score], [y], xerr=[[err], [err]], fmt="o", color=color, capsize=4,
                    lw=1.8)
        ax.annotate(score_text(r), (r.mean_score, y), textcoords="offset points", xytext=(0, 7),
                    ha="center", fontsize=8)
    ax.set_yticks(ys)
    ax.set_yticklabels([r.label + (" *" if r.oracle else "") for r in rows], fontsize=9)
    ax.axvline(0, color="grey", lw=0.8, ls="--")
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel("mean score per game (95% interval over deals)")
    ax.set_title(title or "Mean score")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def _z(x: float) -> float:
    """No "-0.0" in print."""
    return 0.0 if abs(x) < 0.05 else x


def _md_table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows]
    return "\n".join(out)


def ratings_json(summary: Summary, meta: Optional[dict] = None) -> dict:
    obj = summary.to_json()
    if meta:
        obj["game"] = meta["config"]["game"]
        obj["schedule_hash"] = meta.get("schedule_hash")
        obj["scheduled"] = meta.get("games")
    return obj


def run_summary(run_dir: str, cfg: Optional[TournamentConfig] = None,
                records: Optional[list[GameRecord]] = None) -> Summary:
    """The Summary of a run as its config asks for it: the leaderboard settings (ranking,
    placings, control variate), a gauntlet's per-candidate tables, the adaptive run's outcome
    and the sanity table's board."""
    from tournaments.adaptive import (
        SANITY_DIR,
        identical,
        outcome_text,
        read_outcome,
        settings_of,
    )
    from tournaments.control_variate import reference_values
    if cfg is None:
        cfg = TournamentConfig.from_json(read_meta(run_dir)["config"])
    st = settings_of(cfg)
    records = load_records(run_dir) if records is None else records
    reference = None
    if st["control_variate"] and records:
        reference = reference_values(run_dir, records)
    summary = summarize(records, order=cfg.all_bots, ranking=st["ranking"],
                        placings=st["placings"], tie_threshold=st["tie_threshold"],
                        reference=reference,
                        candidates=cfg.candidates if cfg.format == "gauntlet" else ())
    meta = read_meta(run_dir)
    num_players = meta.get("num_players")
    if not isinstance(num_players, int):      # a run from before the meta kept it
        from solver.registry import load_game
        num_players = load_game(cfg.game).num_players
    outcome = read_outcome(run_dir)
    if outcome is not None and outcome.get("identical"):
        # the pairs of identical bots as this board orders them (bots that tie on every deal
        # may stand in another order here than in the batches' summaries: tester 11 saw the
        # stop line name pairs the board did not show)
        outcome = dict(outcome, identical=[{"upper": a.upper, "lower": a.lower,
                                            "deals": a.deals}
                                           for a in summary.adjacent if identical(a)])
    summary.note = outcome_text(outcome) or rating_test_stop(cfg, meta, records, run_dir)
    summary.idle = idle_reasons(cfg, num_players, summary.idle, run_dir)
    sanity = os.path.join(run_dir, SANITY_DIR)
    if st["sanity"] and os.path.exists(os.path.join(sanity, "tournament.json")):
        srec = load_records(sanity)
        if srec:
            scfg = TournamentConfig.from_json(read_meta(sanity)["config"])
            summary.sanity = summarize(srec, order=scfg.all_bots, ranking=st["ranking"],
                                       candidates=scfg.candidates)
    return summary


def idle_reasons(cfg: TournamentConfig, num_players: int, idle: dict[str, str],
                 run_dir: str = "RUN") -> dict[str, str]:
    """spec -> why that bot of the run has no game (``idle``: Summary.idle), from the schedule.

    Deal ``d`` is played at one seat group (table) only, group ``d mod G`` (in a gauntlet at
    each candidate's table, the G pool groups taking turns; tournaments/schedule.py), so a run
    of fewer deals than groups leaves the groups past its deals unplayed, and a bot seated only
    there plays no game. A bot the schedule does seat but without a record belongs to games
    not played yet (an incomplete run)."""
    if not idle:
        return {}
    from tournaments.schedule import schedule_of, seat_groups
    if cfg.format == "gauntlet":
        groups = len(seat_groups(list(cfg.bots), num_players - 1))
        where = (f"each deal is played by one of the {groups} pool groups that take turns at "
                 f"each candidate's table")
    else:
        groups = len(seat_groups(list(cfg.bots), num_players))
        where = f"each deal is played at one of the {groups} tables"
    sched = schedule_of(cfg, num_players)
    seated = {spec for d in range(min(cfg.deals, groups)) for f in sched.deal_fixtures(d)
              for spec in f.seating}
    out = {}
    for spec in idle:
        if spec not in seated and cfg.deals < groups:
            out[spec] = (f"fewer deals than tables: {where}, and the {cfg.deals} deal(s) "
                         f"reached none with it; {groups} deals or more seat every bot")
        elif spec not in seated:       # never with a non-empty schedule: every group is seated
            out[spec] = "the schedule seats it at no table"
        else:
            out[spec] = (f"its games are scheduled but none is recorded: the run is incomplete "
                         f"(`trickhound resume {run_dir}`)")
    return out


def _sprt_outcome(rated: dict, test: dict) -> str:
    """What a rate run's record says its test decided: "sequential test (SPRT, margin m,
    alpha a, beta b) decided X (mean paired difference d per deal)"."""
    return (f"sequential test (SPRT, margin {test['margin']:.3g}, alpha {rated['alpha']}, "
            f"beta {rated['beta']}) decided {str(rated['decision']).upper()} (mean paired "
            f"difference {test['mean']:+.3g} per deal)")


def rating_test_stop(cfg: TournamentConfig, meta: dict, records: Sequence[GameRecord],
                     run_dir: Optional[str] = None) -> Optional[str]:
    """How a ``trickhound rate`` run stopped early, or how its test ended when it played its
    whole schedule; None when ``records`` are not such a run.

    Since 0.9.0 rate writes its test's settings and outcome into the run (rate.RATE_FILE, read
    from ``run_dir``), and the statement is made from that (or says the run is not what its test
    saw: cut, or stopped before the test decided; a rating run is not resumed). Runs from before
    wrote nothing: such a run is an ordinary one-candidate gauntlet whose schedule covers the
    game cap, played in batches of whole deals (``adaptive.batch_deals``) and left unfinished
    when its sequential test (SPRT) decides. So a run counts as one when it is a one-candidate
    gauntlet short of its scheduled games whose records are exactly the games of its first
    deals, a whole number of batches; the test is then replayed batch by batch as rate ran it
    with its defaults of the time (a pilot margin of half the first batch's standard deviation,
    alpha = beta = 0.05). If that replay decides at the last batch the statement says so; if not
    (rate was given another ``--margin``, ``--alpha`` or ``--beta``, or a gauntlet was
    interrupted exactly between batches) it says both."""
    scheduled, num_players = meta.get("games"), meta.get("num_players")
    if (cfg.format != "gauntlet" or len(cfg.candidates) != 1 or not records
            or not isinstance(scheduled, int) or not isinstance(num_players, int)):
        return None
    from tournaments.adaptive import batch_deals
    from tournaments.rate import deal_margins, pilot_margin, read_rate_file, sprt
    from tournaments.schedule import schedule_of
    deals = max(r.deal_index for r in records) + 1
    rated = read_rate_file(run_dir) if run_dir else None     # the folder read, not the one
    if len(records) >= scheduled:
        # every scheduled game played: only a rate run's own record has something to state
        # (tester 23: a test that decided at, or ran out at, its game cap said nothing)
        if rated is None or not rated.get("finished") or rated.get("games") != len(records):
            return None
        test = rated.get("test") or {}
        if rated.get("decision") and test:
            return (f"A `trickhound rate` run of {len(records)} games, its whole schedule: its "
                    f"{_sprt_outcome(rated, test)}.")
        if rated.get("decision"):
            return (f"A `trickhound rate` run of {len(records)} games, its whole schedule: "
                    f"{str(rated['decision']).upper()} ({rated.get('why')}).")
        return (f"A `trickhound rate` run of {len(records)} games, its whole schedule: its "
                f"sequential test did not decide before the game cap.")
    if rated is not None:                                     # its config was written in
        if not rated.get("finished") or rated.get("games") != len(records):
            # interrupted, or games lost since (the test's record names how many it saw)
            seen = "" if not rated.get("finished") else (
                f"; its test saw {rated.get('games')} games, not these {len(records)}")
            return (f"Stopped after {len(records)} games ({deals} of {cfg.deals} scheduled "
                    f"deals): a `trickhound rate` run stopped before its test decided{seen} "
                    f"(a rating test is not resumed: run `trickhound rate` again).")
        test = rated.get("test") or {}
        if rated.get("decision") and test:
            return (f"Stopped by the rating test after {len(records)} games ({deals} of "
                    f"{cfg.deals} scheduled deals): `trickhound rate`'s "
                    f"{_sprt_outcome(rated, test)}; the rest of the schedule is not needed.")
        return (f"Stopped after {len(records)} games ({deals} of {cfg.deals} scheduled deals) "
                f"by `trickhound rate`: {rated.get('why') or 'its game cap came first'}.")
    batch = batch_deals(cfg, num_players)
    if (deals % batch or [r.game_id for r in records]
            != list(range(schedule_of(cfg, num_players).first_game(deals)))):
        return None                      # not whole batches of deals from the first
    candidate = cfg.candidates[0]
    margin: Optional[float] = None
    for done in range(batch, deals + 1, batch):
        x = deal_margins([r for r in records if r.deal_index < done], candidate, cfg.bots)
        if margin is None and len(x) >= 2:   # rate's pilot before 0.9.0, frozen once set
            margin = pilot_margin(x)
        test = sprt(x, margin) if margin is not None and x else None
        if test is not None and test.decision:
            if done < deals:             # the default test stopped earlier: not that run
                break
            return (f"Stopped by the rating test after {len(records)} games ({deals} of "
                    f"{cfg.deals} scheduled deals): its sequential test (`trickhound rate`'s "
                    f"SPRT with its default margin and error rates, replayed from the records) "
                    f"decided {test.decision.upper()} (mean paired difference {test.mean:+.3g} "
                    f"per deal, margin {test.margin:.3g}); the rest of the schedule is not "
                    f"needed.")
    return (f"Stopped after {len(records)} games ({deals} of {cfg.deals} scheduled deals), at "
            f"the end of a batch of deals as `trickhound rate` plays them: a rating test "
            f"stopped by its SPRT with a --margin, --alpha or --beta the run does not record "
            f"(with the defaults it would not have stopped here), or a gauntlet interrupted "
            f"between batches (then `trickhound resume RUN` plays the rest).")


def write_report(run_dir: str, summary: Optional[Summary] = None) -> Summary:
    """Write report.md, ratings.json and the plots into ``run_dir``; returns the Summary."""
    meta = read_meta(run_dir)
    cfg = meta["config"]
    records = load_records(run_dir)
    if summary is None:
        summary = run_summary(run_dir, TournamentConfig.from_json(cfg), records)
    name = os.path.basename(os.path.normpath(run_dir))
    with open(os.path.join(run_dir, "ratings.json"), "w", encoding="utf-8") as f:
        json.dump(ratings_json(summary, meta), f, indent=2)
        f.write("\n")
    plot_ratings(summary, os.path.join(run_dir, "ratings.png"),
                 f"Ratings — {name} ({cfg['game']})")
    plot_head_to_head(summary, os.path.join(run_dir, "head_to_head.png"))
    plot_scores(summary, os.path.join(run_dir, "scores.png"), f"Mean score — {cfg['game']}")
    with open(os.path.join(run_dir, "report.md"), "w", encoding="utf-8") as f:
        f.write(report_markdown(run_dir, meta, records, summary))
    return summary


def _deals_text(run_dir: str, cfg: dict) -> str:
    """The deals of a run: the schedule's, or those an adaptive run played of its cap."""
    from tournaments.adaptive import read_outcome
    outcome = read_outcome(run_dir)
    if outcome:
        return (f"{outcome['deals_played']} played (--until-separated, cap "
                f"{outcome['max_deals']}, stopped: {outcome['stopped']})")
    return str(cfg["deals"])


def _sentence(text: str) -> str:
    """``text`` as a sentence: its first letter capitalised (the rest as it is: "TrueSkill"),
    a full stop at the end."""
    return text[:1].upper() + text[1:] + "."


def report_markdown(run_dir: str, meta: dict, records: list[GameRecord], summary: Summary) -> str:
    cfg = meta["config"]
    name = os.path.basename(os.path.normpath(run_dir))
    names = marked_names(summary)
    lines = [f"# Tournament {name}", ""]
    limit = meta.get("move_time_limit")
    bots = ", ".join(f"`{names.get(b, b)}`" for b in cfg["bots"])
    replays = ("duplicate: every deal replayed once per seat rotation" if cfg["duplicate"]
               else "one game per deal")
    lines += [
        f"- Game: `{cfg['game']}` ({meta.get('num_players', '?')} players)",
        f"- Format: {cfg['format']}"
        + ("; candidates: " + ", ".join(f"`{names.get(c, c)}`" for c in cfg["candidates"])
           if cfg.get("candidates") else ""),
        f"- Bots: {bots}",
        f"- Deals: {_deals_text(run_dir, cfg)} ({replays}); master seed {cfg['seed']}",
        f"- Games: {len(records)} recorded of {meta.get('games', '?')} scheduled"
        + (f"; {summary.failed} failed" if summary.failed else ""),
        "- Per-move limit: " + (f"{limit:.3f} s enforced" if limit else "none")
        + (f"; iterations {cfg['iterations']}" if cfg.get("iterations") else ""),
        f"- Schedule hash: `{meta.get('schedule_hash', '')[:16]}`; "
        f"written {time.strftime('%Y-%m-%d %H:%M')}",
        "",
        "## Leaderboard", "",
        _sentence(ranking_statement(summary)) + ("" if summary.candidates else " " + " ".join(
            _sentence(c) for c in column_legend(summary))), "",
    ]
    if summary.candidates:
        lines += ["```", leaderboard_text(summary), "```"]
    else:
        head, rows = leaderboard_rows(summary)
        lines.append(_md_table(head, rows))
        # (tester 14: only ratings.json said how many deals each score's interval rests on)
        lines += ["", "Deals each bot's score interval rests on: " + ", ".join(
            f"`{names.get(r.spec, r.label)}` {r.deals}" for r in summary.bots) + "."]
    if has_oracle(summary) and not summary.candidates:   # a gauntlet's block has its own
        lines += ["", "\\" + ORACLE_NOTE + "; not a fair player."]
    if not summary.candidates:
        lines += [f"\n**{ln}**" for ln in idle_lines(summary)]
    lines += ["", "## What the board knows", ""]
    lines += [ln if not ln.startswith("  ") else "- " + ln.strip()
              for ln in adjacent_lines(summary)] if summary.adjacent else ["No adjacent pairs."]
    if summary.note and not summary.candidates:          # a gauntlet's block says it
        lines += ["", summary.note]
    if summary.control is not None:
        lines += [""] + control_lines(summary)
    sanity = getattr(summary, "sanity", None)
    if sanity is not None:
        lines += ["", "## Sanity table", "",
                  "The weak bots, played apart from the main table (a gauntlet against the "
                  "pool), so they do not decide the main table's outcomes:", "", "```",
                  leaderboard_text(sanity), "```"]
    lines += ["", "![ratings](ratings.png)", "", "## Head to head", "",
              "Mean paired score difference on duplicate deals: for each deal and seat where "
              "both bots sat, the row bot's score minus the column bot's, averaged per deal and "
              "over deals (± 95% interval; n = deals).", ""]
    order = [r.spec for r in summary.bots]
    if len(order) > 1 and summary.pairs:
        head = ["row − column"] + [names[s] for s in order]
        rows = []
        for a in order:
            cells = [names[a]]
            for b in order:
                p = summary.pair(a, b) if a != b else None
                if p is None or p.mean is None:
                    cells.append("")
                else:
                    ci = f" ± {p.ci:.1f}" if p.ci is not None else ""
                    cells.append(f"{_z(p.mean):+.1f}{ci} (n={p.deals})")
            rows.append(cells)
        lines.append(_md_table(head, rows))
    else:
        lines.append("No pairs of bots met on the same deal.")
    lines += ["", "![head to head](head_to_head.png)", "", "![scores](scores.png)", ""]
    faults = [r for r in records if r.forfeit]
    lines += ["## Forfeits and failures", ""]
    if not faults:
        lines.append("None.")
    else:
        by: defaultdict[tuple[str, Any], int] = defaultdict(int)
        for r in faults:
            assert r.forfeit is not None  # faults are the records with a forfeit
            seat = r.forfeit.get("seat")
            who = names.get(r.seating[seat], r.seating[seat]) if seat is not None else "-"
            by[(who, r.forfeit.get("reason"))] += 1
        lines.append(_md_table(["bot", "reason", "games"],
                               [[w, str(k), str(v)] for (w, k), v in sorted(by.items())]))
        lines += ["", "First ones:", ""]
        for r in faults[:20]:
            assert r.forfeit is not None
            seat = r.forfeit.get("seat")
            who = names.get(r.seating[seat], r.seating[seat]) if seat is not None else "no seat"
            detail = re.sub(r"\s+", " ", str(r.forfeit.get("detail", "")))[:160]
            lines.append(f"- game {r.game_id} ({r.termination}): {who} — "
                         f"{r.forfeit.get('reason')}: {detail}")
    lines += ["", "## Time per move", ""]
    per_bot = move_time_stats(records)
    if per_bot:
        lines.append("Every move each bot made (found by replaying the games), mean and slowest:")
        lines.append("")
        lines.append(_md_table(["bot", "moves", "mean ms/move", "max ms"],
                               [[names.get(s, s), str(v[0]), f"{1e3 * v[1] / max(v[0], 1):.2f}",
                                 f"{1e3 * v[2]:.1f}"] for s, v in per_bot.items()]))
    total = sum(r.seconds for r in records)
    lines += ["", f"Total play time {total:.1f} s over {len(records)} games.", ""]
    lines += ["## Reproduce", "", f"    trickhound report {run_dir}", ""]
    return "\n".join(lines)


def move_time_stats(records: Iterable[GameRecord]) -> dict[str, list[float]]:
    """spec -> [moves, total seconds, slowest] over the moves that bot made (the seat of each
    action is found by replaying the game from its deal seed)."""
    from solver.registry import load_game
    games: dict[str, Any] = {}
    per_bot: defaultdict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for r in records:
        if not r.move_times:
            continue
        try:
            game = games.get(r.game) or games.setdefault(r.game, load_game(r.game))
            state = game.new_initial_state(r.deal_seed)
            for a, t in zip(r.actions, r.move_times):
                acc = per_bot[r.seating[state.current_player()]]
                acc[0] += 1
                acc[1] += t
                acc[2] = max(acc[2], t)
                state.apply_action(a)
        except Exception:  # a record of a game this install cannot load: skip its timings
            continue
    return per_bot


def check_publish(run_dir: str, directory: str = "results/leaderboards") -> str:
    """The path ``publish`` would write; ConfigError if a leaderboard is already there (a
    shipped board is only replaced with ``--force``)."""
    game = read_meta(run_dir)["config"]["game"]
    path = leaderboard_path(game, directory)
    if os.path.exists(path):
        raise ConfigError(f"{path} exists (a published leaderboard); pass --force to replace "
                          f"it, or --leaderboards DIR to publish elsewhere")
    return path


#: The first line of the leaderboards index (write_index): a README.md that starts otherwise
#: is someone else's and is never overwritten.
INDEX_TITLE = "# Published leaderboards"


def check_index(directory: str) -> None:
    """ConfigError if ``directory`` holds a README.md that is not a leaderboards index
    (publishing rewrites the index: e.g. ``--leaderboards .`` would replace the project's
    README), whatever ``--force`` says."""
    path = os.path.join(directory, "README.md")
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        first = f.readline().rstrip("\n")
    if first != INDEX_TITLE:
        raise ConfigError(f"{path} is not a leaderboards index and publishing would overwrite "
                          f"it: give --leaderboards a folder of its own")


def publish(run_dir: str, summary: Summary, directory: str = "results/leaderboards",
            force: bool = False) -> str:
    """Write the run's leaderboard as the published pool of its game
    (``results/leaderboards/<game>.json``, read by ``trickhound rate``); an existing board is
    replaced only with ``force``."""
    meta = read_meta(run_dir)
    game = meta["config"]["game"]
    check_index(directory)
    if not force:
        check_publish(run_dir, directory)
    os.makedirs(directory, exist_ok=True)
    path = leaderboard_path(game, directory)
    names = {r.spec: r.label for r in summary.bots}
    # the version whose bots played the games (None: a run from before versions were kept)
    obj = {"game": game, "run": run_dir, "updated": time.strftime("%Y-%m-%dT%H:%M:%S"),
           "trickhound_version": meta.get("trickhound_version"),
           "ranking": ranking_statement(summary),
           "bots": [{"spec": r.spec, "label": r.label, "mu": r.mu, "sigma": r.sigma,
                     "conservative": r.conservative, "games": r.games, "oracle": r.oracle,
                     "paired_score": r.paired_score, "mean_score": r.mean_score,
                     "score_ci": r.score_ci}
                    for r in summary.bots if r.mu == r.mu],
           "adjacent": [{**a.to_json(), "upper_label": names.get(a.upper, a.upper),
                         "lower_label": names.get(a.lower, a.lower)} for a in summary.adjacent],
           "separation": summary.note}
    if summary.control is not None:
        obj["control_variate"] = summary.control.to_json()
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=2)
        f.write("\n")
    write_index(directory)
    return path


def played_by(version: Optional[str]) -> str:
    """Which trickhound played a board's games (its recorded version; None: a board from before
    versions were recorded)."""
    return f"trickhound {version or 'before 0.5.0'}"


def write_index(directory: str = "results/leaderboards") -> str:
    """Rewrite ``README.md`` inside the leaderboards folder (its index, never a file outside
    it): one table per published board, with what each board knows about its adjacent
    pairs."""
    boards = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json"):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                boards.append(json.load(f))
    lines = [INDEX_TITLE, "",
             "Produced by the project's own commands; each board's config is "
             "`<board>.toml` in this folder, its run (records, report, plots) "
             "`runs/<board>/`. Reproduce one (into another folder) with",
             "", "    trickhound tournament results/leaderboards/<board>.toml --until-separated "
             "--out results/my-run",
             "    trickhound report results/my-run --publish --leaderboards results/my-boards",
             "", "Publishing over a shipped board needs `--force`.", "",
             "Each board states its order, and for every adjacent pair (oracles, marked `*`, "
             "left out) the paired score difference on the same deals and seats with its 95% "
             "interval, whether that separates them, and the share of bootstrap resamples over "
             "deals keeping the order. `trickhound rate` uses the non-oracle bots as its pool.",
             ""]
    for b in boards:
        played = b.get("trickhound_version")
        lines += [f"## {b['game']}", "", f"Run: `{b['run']}` (updated {b['updated']}; played "
                  f"by {played_by(played)})", ""]
        if played != __version__:
            # the version that wrote this index, named as such: a reader of a later install
            # took "this is trickhound 0.8.0" for their own version (tester 9)
            lines += [f"**Stale**: the bots have changed since these games were played (by "
                      f"{played_by(played)}; this index was written by trickhound "
                      f"{__version__}; see CHANGELOG.md): the rows describe the bots as they "
                      f"were. Replay the board with the command above.", ""]
        if b.get("ranking"):
            lines += [b["ranking"][0].upper() + b["ranking"][1:] + ".", ""]
        lines += ["| # | bot | paired | score | mu | sigma | mu − 3σ | games |",
                  "|---|---|---|---|---|---|---|---|"]
        for i, r in enumerate(b["bots"], start=1):
            star = " *" if r.get("oracle") else ""
            ps = r.get("paired_score")
            sc = r.get("mean_score")
            ci = r.get("score_ci")
            lines.append(f"| {i} | `{r['spec']}`{star} | "
                         f"{'-' if ps is None else f'{ps:+.2f}'} | "
                         f"{'-' if sc is None else f'{sc:+.2f}'}"
                         f"{'' if ci is None else f' ± {ci:.2f}'} | {r['mu']:.2f} | "
                         f"{r['sigma']:.2f} | {r['conservative']:.2f} | {r['games']} |")
        if b.get("adjacent"):
            lines += ["", "| upper > lower | paired difference (95% CI) | deals | separated | "
                      "bootstrap | TrueSkill agrees |", "|---|---|---|---|---|---|"]
            for a in b["adjacent"]:
                m, ci = a.get("mean"), a.get("ci")
                # equal on every deal: a difference that rounds to 0.00 both ways (float sums
                # leave -1e-16: the Mate board printed "ismcts > pimc | -0.00 ± 0.00")
                equal = (m is not None and abs(m) < 0.005 and ci is not None and ci < 0.005)
                diff = "-" if m is None else (f"{0.0 if equal else m:+.2f}"
                                              + ("" if ci is None else f" ± {ci:.2f}"))
                sep = "yes" if a["separated"] else ("reversed" if a["reversed"] else "**no**")
                boot = "-" if a.get("bootstrap") is None else f"{100 * a['bootstrap']:.0f}%"
                order = "=" if equal else ">"
                lines.append(f"| {a['upper_label']} {order} {a['lower_label']} | {diff} | "
                             f"{a['deals']} | {sep} | {boot} | "
                             f"{'no (flagged)' if a['trueskill_disagrees'] else 'yes'} |")
        if b.get("separation"):
            lines += ["", b["separation"]]
        cv = b.get("control_variate")
        if cv:
            lines += ["", f"Control variate ({cv['reference']}): per-deal variance "
                      f"{cv['var_raw']:.2f} -> {cv['var_adjusted']:.2f}: "
                      f"{control_gain(cv['var_raw'], cv['var_adjusted'])}."]
        lines.append("")
    path = os.path.join(directory, "README.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return path


def leaderboard_path(game: str, directory: str = "results/leaderboards") -> str:
    safe = re.sub(r"[^A-Za-z0-9=._-]+", "_", game).strip("_")
    return os.path.join(directory, safe + ".json")


__all__ = ["write_report", "publish", "leaderboard_path", "leaderboard_text", "PLOTS"]
