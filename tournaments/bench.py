"""``trickhound bench``: the speed of every engine and search, as a table and as JSON.

Each measurement runs for a fixed amount of work sized to take about ``seconds`` on this
machine, and reports rates. With ``--limits DIR`` (a built copy of ../shared/limits, see its
README) the C reference programs run in the same invocation and the ratios are printed.
"""
import json
import os
import platform
import random
import re
import statistics
import subprocess
import time

from solver.registry import available_games, game_class, load_game
from solver.cards import uses_pdep
from solver.search._playout import run_determinizations, run_playouts

# Per game: configurations to bench, the unit the C reference counts, and its program.
# Mate counts one *game* (one deal) where our state is a four-game match.
PLAYOUT_CONFIGS = {
    "mate": [("mate", 4, "mate_playout {games} 1")],
    "mate-vic-village": [("mate-vic-village(players=3)", 1, "vic_playout 3 {games} 1"),
                         ("mate-vic-village(players=4)", 1, "vic_playout 4 {games} 1")],
    "dog-tag-trick": [(f"dog-tag-trick(players={n})", 1, f"dtt_playout {n} {{games}} 1")
                      for n in (3, 4, 5)],
    # The C reference plays trick_count=present; the rules' default (played) is benched too.
    "mattis": [("mattis(players=4,trick_count=present)", 1, "mattis_playout 4 {games} 1"),
               ("mattis(players=8,trick_count=present)", 1, "mattis_playout 8 {games} 1"),
               ("mattis(players=4)", 1, None), ("mattis(players=8)", 1, None)],
}

# Games whose length distribution the bench reports (issue: Mattis can cycle; the cap ends it).
LENGTH_CONFIGS = ["mattis(players=4)", "mattis(players=8)"]


def register_playout(slug, configs):
    PLAYOUT_CONFIGS[slug] = configs


def _default_playout_configs(slug):
    cls = game_class(slug)
    return [(cfg, 1, None) for cfg in cls.EXAMPLE_CONFIGS[:1]]


def _timed(fn, seconds, start=64):
    """Call fn(n) with n doubling until one call takes >= seconds/4, then once sized to take
    about ``seconds``; returns that call's result."""
    n = start
    while True:
        t0 = time.perf_counter()
        out = fn(n)
        dt = time.perf_counter() - t0
        if dt >= seconds / 4 or n >= 1 << 30:
            break
        n *= 2
    m = max(1, int(n * seconds / max(dt, 1e-6)))
    return fn(m)


def bench_playouts(config, seconds):
    """Random games through the generic State loop and through the game's own rollout loop
    (State.random_playout_c, what the searches run): the same deals and moves, so the same
    checksum."""
    game = load_game(config)
    games, moves, sec, check = _timed(lambda n: run_playouts(game, n, 1), seconds)
    r_games, _, r_sec, r_check = run_playouts(game, games, 1, own_loop=True)
    assert r_check == check, (config, r_check, check)
    return {"config": config, "games": games, "games_per_s": games / sec,
            "moves_per_s": moves / sec, "seconds": sec, "rollout_games_per_s": r_games / r_sec}


def bench_reference(config, seconds):
    game = load_game(config)
    rnd = random.Random(1)

    def run(n):
        t0 = time.perf_counter()
        moves = 0
        for i in range(n):
            s = game.rules.new_initial_state(game.options, 1 + i)
            while not s.is_terminal():
                s.apply_action(rnd.choice(s.legal_actions()))
                moves += 1
        return n, moves, time.perf_counter() - t0

    games, moves, sec = _timed(run, seconds, start=1)
    return {"config": config, "games": games, "games_per_s": games / sec, "moves_per_s": moves / sec}


def mid_game_view(game, seed=3, fraction=0.4):
    """A view of the player to move, about ``fraction`` of the way through a random game."""
    rnd = random.Random(seed)
    s = game.new_initial_state(seed)
    length = 0
    t = s.clone()
    while not t.is_terminal():
        t.apply_action(rnd.choice(t.legal_actions()))
        length += 1
    rnd = random.Random(seed)
    for _ in range(int(length * fraction)):
        s.apply_action(rnd.choice(s.legal_actions()))
    return s.view(max(0, s.current_player()))


# Where in a game the determinization bench takes its view: mid-way, except Mattis, whose
# hidden information lives in phase 1 (its first ~15% of actions; phase 2 is the identity).
VIEW_FRACTION = {"mattis": 0.07}


def bench_determinize(config, seconds):
    game = load_game(config)
    view = mid_game_view(game, fraction=VIEW_FRACTION.get(game.name, 0.4))

    def run(n):
        return n, run_determinizations(view, n)

    n, sec = _timed(run, seconds)
    return {"config": config, "per_s": n / sec}


def bench_lengths(config, games=10000, seed=1):
    """Length distribution (actions) of random games and how they ended."""
    from solver.search._playout import run_lengths
    lengths, endings = run_lengths(load_game(config), games, seed)
    lengths.sort()
    q = lambda f: lengths[min(len(lengths) - 1, int(f * len(lengths)))]
    return {"config": config, "games": games, "mean": statistics.fmean(lengths), "median": q(0.5),
            "p90": q(0.9), "p99": q(0.99), "max": lengths[-1], "endings": endings}


def bench_mate_solve(deals=200, seed=1):
    """Exact solve time per Mate game over seeded deals, forcing fixed to PASS/PASS and with
    both forcing decisions optimised (the C reference mate_solve measures the same two)."""
    from solver.search._alphabeta import AlphaBeta
    game = load_game("mate(first_dealer=0)")
    solver = AlphaBeta(game, 18)
    out = {}
    for case, prefix in (("forcing_fixed", (20, 20)), ("forcing_optimised", ())):
        times, nodes = [], 0
        for i in range(deals):
            s = game.new_initial_state(seed + i)
            for a in prefix:
                s.apply_action(a)
            solver.clear()
            solver.nodes = 0
            t0 = time.perf_counter()
            solver.value(s)
            times.append(time.perf_counter() - t0)
            nodes += solver.nodes
        times.sort()
        out[case] = {
            "deals": deals,
            "median_ms": 1e3 * statistics.median(times),
            "p90_ms": 1e3 * times[int(0.9 * (deals - 1))],
            "p99_ms": 1e3 * times[int(0.99 * (deals - 1))],
            "max_ms": 1e3 * times[-1],
            "nodes_per_s": nodes / sum(times),
        }
    return out


def run_limit(limits_dir, command, build="o2"):
    """Run one C reference program (build "o2": plain -O2; "native": -O3 -march=native) and
    parse its RESULT line."""
    exe = os.path.join(limits_dir, "build", build, command.split()[0])
    if not os.path.exists(exe):
        return None
    out = subprocess.run([exe] + command.split()[1:], capture_output=True, text=True, check=False).stdout
    for line in out.splitlines():
        if line.startswith("RESULT"):
            return dict(kv.split("=", 1) for kv in line.split()[1:])
    return None


def run_bench(seconds=1.0, games=None, limits=None, solve_deals=200, extra=True, length_games=10000):
    """Every measurement; returns a JSON-able dict."""
    report = {"machine": {"python": platform.python_version(), "machine": platform.machine(),
                          "processor": platform.processor() or platform.machine(),
                          "cpus": os.cpu_count(), "pdep_select": uses_pdep()},
              "playouts": [], "determinize": [], "solve": None, "search": []}
    slugs = games or available_games()
    for slug in slugs:
        for config, unit, c_cmd in PLAYOUT_CONFIGS.get(slug) or _default_playout_configs(slug):
            row = bench_playouts(config, seconds)
            ref = bench_reference(config, seconds / 2)
            row["unit_games_per_s"] = row["games_per_s"] * unit
            row["unit_rollout_games_per_s"] = row["rollout_games_per_s"] * unit
            row["reference_games_per_s"] = ref["games_per_s"] * unit
            row["vs_reference"] = row["games_per_s"] / ref["games_per_s"]
            if limits and c_cmd:
                c_games = max(10000, int(row["unit_games_per_s"] * seconds * 2))
                res = run_limit(limits, c_cmd.format(games=c_games))
                if res:
                    row["c_games_per_s"] = float(res["games_per_s"])
                    row["vs_c"] = row["unit_games_per_s"] / row["c_games_per_s"]
                    row["rollout_vs_c"] = row["unit_rollout_games_per_s"] / row["c_games_per_s"]
                res = run_limit(limits, c_cmd.format(games=c_games), build="native")
                if res:
                    row["c_native_games_per_s"] = float(res["games_per_s"])
                    row["rollout_vs_c_native"] = (row["unit_rollout_games_per_s"]
                                                  / row["c_native_games_per_s"])
            report["playouts"].append(row)
        game = load_game(slug)
        for config in game_class(slug).EXAMPLE_CONFIGS:
            if not load_game(config).perfect_information:
                report["determinize"].append(bench_determinize(config, seconds / 2))
    report["lengths"] = [bench_lengths(c, length_games) for c in LENGTH_CONFIGS
                         if c.split("(")[0] in slugs] if length_games else []
    if "mate" in slugs and solve_deals:
        report["solve"] = bench_mate_solve(solve_deals)
        if limits:
            res = _mate_solve_limits(limits, solve_deals)
            if res:
                report["solve_c"] = res
    if extra:
        for fn in _EXTRA_BENCHES:
            report["search"].extend(fn(seconds, slugs) or [])
    return report


_EXTRA_BENCHES = []


def register_bench(fn):
    """Later layers (search, tournaments) add measurements: fn(seconds, slugs) -> [rows]."""
    _EXTRA_BENCHES.append(fn)
    return fn


def _mate_solve_limits(limits, deals):
    exe = os.path.join(limits, "build", "o2", "mate_solve")
    if not os.path.exists(exe):
        return None
    out = subprocess.run([exe, str(deals), "1"], capture_output=True, text=True, check=False).stdout
    res = {}
    for line in out.splitlines():
        if line.startswith("RESULT"):
            kv = dict(x.split("=", 1) for x in line.split()[1:])
            name = "forcing_fixed" if kv.get("case") == "a" else "forcing_optimised"
            res[name] = {"median_ms": float(kv["median_us"]) / 1e3, "p90_ms": float(kv["p90_us"]) / 1e3,
                         "max_ms": float(kv["max_us"]) / 1e3}
    return res


def format_report(r):
    lines = [f"trickhound bench — Python {r['machine']['python']} on {r['machine']['machine']}, "
             f"{r['machine']['cpus']} cpus (one core used)", ""]
    lines.append("Random playouts, dealing included: the Cython loop over the State interface, and "
                 "the same games in the")
    lines.append("game's own rollout loop (State.random_playout_c, what the searches run)")
    lines.append(f"  (this build selects cards with {'BMI2 pdep' if r['machine'].get('pdep_select') else 'the portable select'}"
                 "; the C programs' native build uses pdep too, their -O2 build a loop)")
    lines.append(f"  {'game':44s} {'games/s':>12s} {'moves/s':>12s} {'rules.py':>10s} {'x ref':>7s} "
                 f"{'C -O2':>10s} {'vs C':>6s} {'rollout':>10s} {'vs C':>6s} {'C native':>10s} {'vs':>6s}")

    def pct(row, key):
        return f"{100 * row[key]:>5.0f}%" if key in row else f"{'-':>6s}"

    for row in r["playouts"]:
        c = f"{row['c_games_per_s']:>10,.0f}" if "c_games_per_s" in row else f"{'-':>10s}"
        cn = f"{row['c_native_games_per_s']:>10,.0f}" if "c_native_games_per_s" in row else f"{'-':>10s}"
        lines.append(f"  {row['config']:44s} {row['unit_games_per_s']:>12,.0f} {row['moves_per_s']:>12,.0f} "
                     f"{row['reference_games_per_s']:>10,.0f} {row['vs_reference']:>6.0f}x {c} {pct(row, 'vs_c')} "
                     f"{row.get('unit_rollout_games_per_s', 0):>10,.0f} {pct(row, 'rollout_vs_c')} "
                     f"{cn} {pct(row, 'rollout_vs_c_native')}")
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
            lines.append(f"  {row['config']:44s} mean {row['mean']:7.1f}  median {row['median']:5d}  "
                         f"p90 {row['p90']:5d}  p99 {row['p99']:5d}  max {row['max']:5d}  "
                         f"({row['games']} games; {ends})")
    if r.get("solve"):
        lines.append("")
        lines.append("Mate exact solve, one game (alpha-beta + TT), seeded deals")
        for case, row in r["solve"].items():
            c = r.get("solve_c", {}).get(case)
            cs = f"   C -O2 median {c['median_ms']:.2f} ms" if c else ""
            lines.append(f"  {case:18s} median {row['median_ms']:6.2f} ms  p90 {row['p90_ms']:6.2f}  "
                         f"p99 {row['p99_ms']:6.2f}  max {row['max_ms']:6.2f} ms  "
                         f"{row['nodes_per_s'] / 1e6:5.1f} M nodes/s  ({row['deals']} deals){cs}")
    if r.get("search"):
        lines.append("")
        lines.append("Search")
        for row in r["search"]:
            value = (f"{row['value']:>12,.0f}" if abs(row["value"]) >= 100
                     else f"{row['value']:>12.3g}")
            lines.append(f"  {row['name']:44s} {value} {row['unit']}"
                         + (f"   ({row['note']})" if row.get("note") else ""))
    return "\n".join(lines)


def save_report(report, directory):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, time.strftime("bench-%Y%m%d-%H%M%S.json"))
    with open(path, "w") as f:
        json.dump(report, f, indent=2)
    return path


def bench_tournament(seconds, slugs):
    """Tournament throughput on Mate between two BusyBots of ~1 ms of CPU per move: games/s
    through the runner (process pool, records written and fsynced) with 1 and 2 workers on the
    same fixtures, the speedup, and the runner's overhead against the sum of the games' pure
    play time (the referee's own clock) with one worker."""
    if "mate" not in slugs:
        return []
    import shutil
    import tempfile

    from tournaments import benchbots
    from tournaments.config import load_config
    from tournaments.executors import ProcessPoolExecutor
    from tournaments.runner import load_records, run_tournament

    per_game = 0.08  # about 75 moves of 1 ms
    deals = max(4, int(round(seconds / per_game / 2)))
    rows = {}
    tmp = tempfile.mkdtemp(prefix="trickhound-bench-")
    try:
        for workers in (1, 2):
            out = os.path.join(tmp, f"w{workers}")
            cfg = load_config(game="mate", bots=[benchbots.spec(1.0), benchbots.spec(1.01)],
                              deals=deals, seed=7, workers=workers, executor="process", out=out)
            with ProcessPoolExecutor(workers) as pool:
                warm = load_config(game="mate", bots=[benchbots.spec(0.0), benchbots.spec(0.01)],
                                   deals=workers, seed=1, workers=workers,
                                   out=os.path.join(tmp, f"warm{workers}"))
                run_tournament(warm, executor=pool, progress=False)
                t0 = time.perf_counter()
                run_tournament(cfg, executor=pool, progress=False)
                wall = time.perf_counter() - t0
            recs = load_records(out)
            rows[workers] = (len(recs) / wall, wall, sum(r.seconds for r in recs), len(recs))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    g1, wall1, play1, n1 = rows[1]
    g2 = rows[2][0]
    overhead = (wall1 - play1) / n1
    return [
        {"name": "tournament mate busy-1ms, 1 worker", "value": g1, "unit": "games/s",
         "note": f"{n1} games, ~{1e3 * play1 / n1:.0f} ms of play each"},
        {"name": "tournament mate busy-1ms, 2 workers", "value": g2, "unit": "games/s",
         "note": "same fixtures"},
        {"name": "tournament speedup 2 workers / 1", "value": g2 / g1, "unit": "x",
         "note": f"{os.cpu_count()} cpus"},
        {"name": "tournament runner overhead per game", "value": 1e3 * overhead, "unit": "ms",
         "note": f"{100 * (wall1 - play1) / play1:.1f}% of pure play time (1 worker)"},
    ]


register_bench(bench_tournament)


# -- search ------------------------------------------------------------------------------------
# One configuration per game and player count; the ISMCTS target position is the first lead of
# round 1 of Mate (Vic Village), 4 players, basic mode, one random rollout per iteration.
SEARCH_CONFIGS = ["mate", "mate-vic-village(players=3)", "mate-vic-village(players=4)",
                  "dog-tag-trick(players=3)", "dog-tag-trick(players=4)", "dog-tag-trick(players=5)",
                  "mattis(players=3)", "mattis(players=4)", "mattis(players=8)"]
OPENSPIEL_SIMS = 100


def _openspiel_python_ismcts_its(config, view):
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


def _openspiel_cpp_ohhell_its(seconds):
    """OpenSpiel's C++ ISMCTS on oh_hell(players=4,num_tricks_fixed=11) at the first lead,
    one random rollout per simulation (the anchor of anchors.md §0); None without the extra."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell(players=4,num_tricks_fixed=11)")
    rnd = random.Random(1)
    s = game.new_initial_state()
    while s.is_chance_node() or min(s.legal_actions()) >= 52:     # deal and bids
        if s.is_chance_node():
            s.apply_action(rnd.choice(s.chance_outcomes())[0])
        else:
            s.apply_action(rnd.choice(s.legal_actions()))
    sims = 2000
    while True:
        bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, sims)
        t0 = time.perf_counter()
        bot.step(s)
        dt = time.perf_counter() - t0
        if dt >= seconds / 2 or sims >= 1 << 22:
            return sims / dt
        sims *= 2


def _pimc_endgame_row(config, game, SB, worlds=10, deals=3):
    """PIMC's work at the last 4 tricks of round 1 (SB.endgame_state): ``worlds`` worlds
    sampled from the view of the seat to move, each solved by max^n within SB.ENDGAME_BUDGET
    nodes (one solver reused, as PIMC does): worlds/s over the seeded deals, and how many of the
    worlds were solved exactly (the rest deepen step by step with the game's evaluation)."""
    from solver.search._maxn import MaxN
    maxn = MaxN(game)
    solved, exact, seconds = 0, 0, 0.0
    for seed in range(1, deals + 1):
        e = SB.endgame_state(game, seed)
        if e is None:
            continue
        view = e.view(e.current_player())
        for w in range(worlds):
            world = view.determinize(w)
            t0 = time.perf_counter()
            exact += maxn.solve(world, node_budget=SB.ENDGAME_BUDGET)["exact"]
            seconds += time.perf_counter() - t0
            solved += 1
    if not solved:
        return None
    return {"name": f"PIMC max^n worlds {config}, endgame", "unit": "worlds/s",
            "value": solved / seconds,
            "note": f"last 4 tricks of round 1; exact in {exact}/{solved} worlds, the others "
                    f"depth-limited past {SB.ENDGAME_BUDGET:,} nodes"}


def bench_search(seconds, slugs):
    """ISMCTS iterations/s (random and policy rollouts), PIMC worlds/s with the exact solver,
    exact max^n on the last 4 tricks of round 1, and OpenSpiel's ISMCTS beside ours."""
    from solver.search import bench as SB
    from solver.search._ismcts import bench_ismcts
    rows = []
    for config in SEARCH_CONFIGS:
        if config.split("(")[0] not in slugs:
            continue
        game = load_game(config)
        s = SB.opening_state(game)
        view = s.view(s.current_player())
        its = max(2000, int(150000 * seconds))
        ours = bench_ismcts(view, its, 1)
        rows.append({"name": f"ISMCTS {config}, random rollout", "value": ours, "unit": "it/s",
                     "note": "opening: " + s.summary()})
        rows.append({"name": f"ISMCTS {config}, policy rollout",
                     "value": bench_ismcts(view, its, 1, rollout="policy"), "unit": "it/s"})
        osp = _openspiel_python_ismcts_its(config, view)
        if osp:
            rows.append({"name": f"OpenSpiel Python ISMCTS {config}", "value": osp, "unit": "it/s",
                         "note": f"ours is {ours / osp:,.0f}x"})
        rows.append({"name": f"PIMC exact-solver worlds {config}",
                     "value": SB.pimc_worlds_per_s(view, 8, 20000), "unit": "worlds/s",
                     "note": "opening, depth-limited at 20,000 nodes" if game.num_players > 2
                     else "exact alpha-beta"})
        endgame = _pimc_endgame_row(config, game, SB) if game.num_players > 2 else None
        if endgame:
            rows.append(endgame)
        if config == "mate-vic-village(players=4)":
            times, exact = [], 0
            from solver.search._maxn import MaxN
            maxn = MaxN(game)
            for seed in range(1, 41):
                e = SB.endgame_state(game, seed)
                if e is None:
                    continue
                m = maxn.solve(e, node_budget=SB.ENDGAME_BUDGET)
                times.append(m["seconds"])
                exact += m["exact"]
            rows.append({"name": "max^n, last 4 tricks of round 1, Vic 4p", "unit": "ms median",
                         "value": 1e3 * statistics.median(times),
                         "note": f"max {1e3 * max(times):.1f} ms, exact in {exact}/{len(times)}"})
            cpp = _openspiel_cpp_ohhell_its(seconds)
            if cpp:
                rows.append({"name": "OpenSpiel C++ ISMCTS oh_hell(4p, 11 tricks)", "value": cpp,
                             "unit": "it/s", "note": f"ours on Vic 4p is {ours / cpp:.2f}x (target 3.5x)"})
    return rows


register_bench(bench_search)
