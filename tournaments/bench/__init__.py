"""``trickhound bench``: the speed of every engine and search, as a table and as JSON.

Each measurement runs for a fixed amount of work sized to take about ``seconds`` on this
machine, and reports rates. With ``--limits DIR`` (a built copy of ../shared/limits, see its
README) the C reference programs run in the same invocation and the ratios are printed.
What is measured for each game is that game's declaration (``Game.bench_configs()``,
``EXAMPLE_CONFIGS``; solver/registry.py ``BenchConfig``). The measurements live by what they
measure: engines.py, search.py, interop.py (OpenSpiel), runner.py (tournaments).
"""
import json
import os
import platform
import time
from typing import Any, Optional, TextIO

from solver.cards import uses_pdep
from solver.registry import available_games, game_class, load_game
from solver.search import bench as SB
from tournaments.bench.engines import (
    bench_determinize,
    bench_exact_solve,
    bench_lengths,
    bench_playouts,
    bench_reference,
    exact_solve_limits,
)
from tournaments.bench.limits import (
    check_limits,
    format_limits,
    ismcts_vs_openspiel,
    note,
    playouts_vs_c,
)
from tournaments.bench.runner import RUNNER_GAME, bench_cheap_tournaments, bench_tournament
from tournaments.bench.search import bench_search, bench_threads, ismcts_tree_size_row

__all__ = ["run_bench", "format_report", "save_report"]


def run_bench(seconds: float = 1.0, games: Optional[list[str]] = None,
              limits: Optional[str] = None, solve_deals: int = 200, extra: bool = True,
              length_games: int = 10000, o2: bool = False,
              stream: Optional[TextIO] = None, engines_only: bool = False,
              only: Optional[str] = None) -> dict:
    """Every measurement for ``games`` (slugs; default every registered game); returns a
    JSON-able dict. ``extra``: the search and tournament rows too. ``limits``: a folder with
    the built C programs of ../shared/limits (LimitsError if they are missing), measured
    alternately with ours by CPU time (``o2``: the -O2 build too). ``seconds`` bounds each
    measurement; progress goes to ``stream`` (stderr). ``engines_only``: the random-playout
    rows (and their C yardstick) alone, for reworking an engine without minutes of the rest;
    ``only="threads"`` / ``"tournaments"``: the 2-threads-vs-1 rows / the cheap tournaments'
    rows alone (what a change to the threads or the runner moves)."""
    machine = {"python": platform.python_version(), "machine": platform.machine(),
               "processor": platform.processor() or platform.machine(),
               "cpus": os.cpu_count(), "pdep_select": uses_pdep()}
    report: dict[str, Any] = {"machine": machine,
                              "playouts": [], "determinize": [], "solve": None, "search": [],
                              "limits": []}
    slugs = games or available_games()
    benches = [b for slug in slugs for b in load_game(slug).bench_configs()]
    if only == "threads":
        report["search"] = bench_threads(seconds, benches)
        return report
    if only == "tournaments":
        report["search"] = bench_cheap_tournaments(seconds, slugs, stream)
        return report
    if limits:
        programs = sorted({b.c_reference.split()[0] for b in benches
                           if b.playouts and b.c_reference}
                          | {b.solve_c_reference for b in benches
                             if b.solve_cases and b.solve_c_reference and solve_deals})
        check_limits(limits, programs, o2)
    for bench in benches:
        if not bench.playouts:
            continue
        note(f"random playouts {bench.config}", stream)
        row = bench_playouts(bench.config, seconds)
        ref = bench_reference(bench.config, seconds / 2)
        unit = bench.unit
        row["unit_games_per_s"] = row["games_per_s"] * unit
        row["unit_rollout_games_per_s"] = row["rollout_games_per_s"] * unit
        row["reference_games_per_s"] = ref["games_per_s"] * unit
        row["vs_reference"] = row["games_per_s"] / ref["games_per_s"]
        report["playouts"].append(row)
        if limits and bench.c_reference:
            report["limits"].append(playouts_vs_c(bench, seconds, limits, o2, stream))
    if engines_only:
        return report
    for slug in slugs:
        for config in game_class(slug).EXAMPLE_CONFIGS:
            if not load_game(config).perfect_information:
                note(f"determinizations {config}", stream)
                report["determinize"].append(bench_determinize(config, seconds / 2))
    if length_games:
        note("game lengths", stream)
    report["lengths"] = ([bench_lengths(b.config, length_games) for b in benches if b.lengths]
                         if length_games else [])
    for bench in benches:
        if bench.solve_cases and solve_deals:
            note(f"exact solve {bench.config}, {solve_deals} deals", stream)
            report["solve_game"] = bench.config
            report["solve"] = bench_exact_solve(bench, solve_deals)
            if limits and bench.solve_c_reference:
                res = exact_solve_limits(limits, bench.solve_c_reference, solve_deals)
                if res:
                    report["solve_c"] = res
            break
    if extra:
        note("searches", stream)
        report["search"].extend(bench_search(seconds, benches))
        if limits:
            anchor = next((b for b in benches if b.anchor), None)
            if anchor is not None:
                view = SB.opening_state(load_game(anchor.config))
                isr = ismcts_vs_openspiel(view.view(view.current_player()), anchor.label,
                                          seconds, stream)
                if isr:
                    report["limits_ismcts"] = isr
                note(f"ISMCTS tree size {anchor.config}", stream)
                report["search"].append(ismcts_tree_size_row(
                    view.view(view.current_player()), anchor.config))
        if RUNNER_GAME in slugs:
            note("tournament runner", stream)
            report["search"].extend(bench_tournament(seconds))
        report["search"].extend(bench_cheap_tournaments(seconds, slugs, stream))
    return report


def format_report(r: dict) -> str:
    lines = [f"trickhound bench — Python {r['machine']['python']} on {r['machine']['machine']}, "
             f"{r['machine']['cpus']} cpus (one core a row, except the rows that say threads or "
             f"workers)", ""]
    if r["playouts"]:          # not with --only threads / tournaments
        lines.append("Random playouts, dealing included: the Cython loop over the State "
                     "interface, and the same games in the")
        lines.append("game's own rollout loop (State.random_playout_c, what the searches run)")
        select = "BMI2 pdep" if r["machine"].get("pdep_select") else "the portable select"
        lines.append(f"  (this build selects cards with {select}"
                     "; the C programs' native build uses pdep too, their -O2 build a loop)")
        lines.append(f"  {'game':44s} {'games/s':>12s} {'moves/s':>12s} {'rules.py':>10s} "
                     f"{'x ref':>7s} {'rollout':>12s}")
    for row in r["playouts"]:
        lines.append(f"  {row['config']:44s} {row['unit_games_per_s']:>12,.0f} "
                     f"{row['moves_per_s']:>12,.0f} "
                     f"{row['reference_games_per_s']:>10,.0f} {row['vs_reference']:>6.0f}x "
                     f"{row.get('unit_rollout_games_per_s', 0):>12,.0f}")
    if r["determinize"]:
        lines.append("")
        lines.append("Determinizations from a mid-game view")
        for row in r["determinize"]:
            lines.append(f"  {row['config'][:60]:60s} {row['per_s']:>12,.0f} /s")
    if r.get("lengths"):
        lines.append("")
        lines.append("Game lengths of random games (actions)")
        for row in r["lengths"]:
            ends = ", ".join(f"{k}: {v}" for k, v in sorted(row["endings"].items()))
            lines.append(f"  {row['config']:44s} mean {row['mean']:7.1f}  "
                         f"median {row['median']:5d}  "
                         f"p90 {row['p90']:5d}  p99 {row['p99']:5d}  max {row['max']:5d}  "
                         f"({row['games']} games; {ends})")
    if r.get("solve"):
        lines.append("")
        lines.append(f"Exact solve of one round of {r.get('solve_game', 'mate')} "
                     "(alpha-beta + TT), seeded deals")
        for case, row in r["solve"].items():
            c = r.get("solve_c", {}).get(case)
            cs = f"   C native median {c['median_ms']:.2f} ms" if c else ""
            lines.append(f"  {case:18s} median {row['median_ms']:6.2f} ms  "
                         f"p90 {row['p90_ms']:6.2f}  "
                         f"p99 {row['p99_ms']:6.2f}  max {row['max_ms']:6.2f} ms  "
                         f"{row['nodes_per_s'] / 1e6:5.1f} M nodes/s  ({row['deals']} deals){cs}")
    if r.get("search"):
        lines.append("")
        lines.append("Search")
        # one column for every row's value, however long its name (tester 7: the longest
        # names pushed their values out of line)
        width = max(44, *(len(row["name"]) for row in r["search"]))
        for row in r["search"]:
            # (four significant digits: with three, 1.796 printed as "1.8 x ... BELOW")
            value = (f"{row['value']:>12,.0f}" if abs(row["value"]) >= 100
                     else f"{row['value']:>12.4g}")
            lines.append(f"  {row['name']:{width}s} {value} {row['unit']}"
                         + (f"   ({row['note']})" if row.get("note") else ""))
    lines.extend(format_limits(r))
    return "\n".join(lines)


def save_report(report: dict, directory: str) -> str:
    """Write the JSON report into ``directory`` (made if missing); returns its path."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, time.strftime("bench-%Y%m%d-%H%M%S.json"))
    with open(path, "w") as f:
        json.dump(report, f, indent=2)
    return path
