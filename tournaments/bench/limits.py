"""The yardstick of ``trickhound bench --limits DIR``: our engines against the C programs of
../shared/limits on the same machine, in the same run, by CPU time.

Each comparison alternates measurements (ours, C native, [C -O2], ours, C native, ...) for
``ROUNDS`` rounds, so a neighbour's load on the shared machine hits both sides alike, and sums
each side's games and CPU seconds over the rounds. Our CPU time is this process's
(``time.process_time``); a C program's is its own user + system time as a child process
(``RUSAGE_CHILDREN``, its start-up of about a millisecond included, under 1% at the sizes
used). The ratio is ours / C: 1.0 means the floor.

Targets (issue 18): every random-playout config at least 0.70 of the native (-O3
-march=native) build, Dog Tag Trick (whose C cost is its move generator, not the flags) 0.90.
The OpenSpiel C++ ISMCTS anchor runs at the same iteration count as ours, alternating too.
"""
import os
import resource
import subprocess
import sys
import time
from typing import Any, Callable, Optional, TextIO

from solver.errors import TrickhoundError
from solver.game import View
from solver.registry import BenchConfig, load_game
from solver.search.bench import bench_ismcts, run_playouts

#: Alternations per comparison (ours and each C build measured once per round).
ROUNDS = 3
#: Ratio of native C that each random-playout config must reach, by C program (default below).
NATIVE_TARGETS: dict[str, float] = {"dtt_playout": 0.90}
DEFAULT_NATIVE_TARGET = 0.70
#: Builds of ../shared/limits: the folder under build/ and what the report calls it.
BUILDS = {"native": "C native", "o2": "C -O2"}


class LimitsError(TrickhoundError, ValueError):
    """``--limits DIR`` names a folder without the built C programs."""


def note(message: str, stream: Optional[TextIO] = None) -> None:
    """One progress line on stderr (``bench: ...``): the bench is never silent for long."""
    print(f"bench: {message}", file=stream or sys.stderr, flush=True)


def check_limits(limits: str, programs: list[str], o2: bool = False) -> None:
    """Refuse (LimitsError) a ``--limits`` folder that lacks a built program this run needs."""
    builds = ["native"] + (["o2"] if o2 else [])
    missing = [os.path.join("build", b, p) for b in builds for p in programs
               if not os.access(os.path.join(limits, "build", b, p), os.X_OK)]
    if missing:
        raise LimitsError(f"--limits {limits}: no built C program {missing[0]}"
                          f"{f' (and {len(missing) - 1} more)' if len(missing) > 1 else ''}; "
                          f"build them with `make` (build/native and build/o2) in a "
                          f"writable copy of that folder (see its README)")


def target_for(c_reference: str) -> float:
    """The issue-18 target ratio against native C for a playout config's C program."""
    return NATIVE_TARGETS.get(c_reference.split()[0], DEFAULT_NATIVE_TARGET)


def _child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_c(limits: str, build: str, command: str) -> tuple[dict[str, str], float]:
    """Run one C program of ``limits`` (build "native" or "o2"); (its RESULT fields, its CPU
    seconds). Raises LimitsError if it fails or prints no RESULT line."""
    words = command.split()
    exe = os.path.join(limits, "build", build, words[0])
    before = _child_cpu()
    proc = subprocess.run([exe] + words[1:], capture_output=True, text=True, check=False)
    cpu = _child_cpu() - before
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT"):
            return dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv), cpu
    raise LimitsError(f"{exe} {' '.join(words[1:])} printed no RESULT line "
                      f"(exit {proc.returncode})")


def _ours_cpu(fn: Callable[..., Any], *args: Any, **kw: Any) -> tuple[Any, float]:
    """(fn(*args, **kw), the CPU seconds of this process it took)."""
    t0 = time.process_time()
    out = fn(*args, **kw)
    return out, time.process_time() - t0


def _size(rate: float, seconds: float, floor: int = 1) -> int:
    """Work that takes about ``seconds`` at ``rate`` per second."""
    return max(floor, int(rate * seconds))


def playouts_vs_c(bench: BenchConfig, seconds: float, limits: str, o2: bool = False,
                  stream: Optional[TextIO] = None) -> dict:
    """Random playouts of ``bench.config`` (the generic State loop and the game's own rollout
    loop) alternated with its C program (native, and -O2 if ``o2``), ROUNDS rounds, by CPU
    time; ``seconds`` bounds the whole comparison (calibration included). Rates are in the C
    program's games (``bench.unit`` of them per game of ours)."""
    assert bench.c_reference
    game = load_game(bench.config)
    builds = ["native"] + (["o2"] if o2 else [])
    sides = ["ours", "rollout"] + builds
    per = seconds * 0.85 / (ROUNDS * len(sides))   # one measurement of one side
    # Calibration (about 10% of the budget): a small run of each side for its rate.
    rate: dict[str, float] = {}
    n = 16
    while True:
        _, cpu = _ours_cpu(run_playouts, game, n, 1)
        if cpu >= seconds / 40 or n >= 1 << 30:
            break
        n *= 2
    rate["ours"] = rate["rollout"] = n / max(cpu, 1e-6)
    for b in builds:
        probe = _size(rate["ours"] * bench.unit * 4, seconds / 40, 1000)
        _, cpu = run_c(limits, b, bench.c_reference.format(games=probe))
        rate[b] = probe / max(cpu, 1e-6)
    games = {s: 0 for s in sides}
    cpu_s = {s: 0.0 for s in sides}
    check = None
    for rnd in range(ROUNDS):
        note(f"{bench.config}: round {rnd + 1}/{ROUNDS} (ours, rollout loop, "
             f"{', '.join(BUILDS[b] for b in builds)})", stream)
        for side in sides:
            k = _size(rate[side], per)
            if side in builds:
                _, cpu = run_c(limits, side, bench.c_reference.format(games=k))
            else:
                seed = 1 + rnd * k
                own = side == "rollout"
                out, cpu = _ours_cpu(run_playouts, game, k, seed, own_loop=own)
                if not own:
                    check = out[3]
            games[side] += k
            cpu_s[side] += cpu
    per_s = {s: games[s] / max(cpu_s[s], 1e-9) for s in sides}
    unit = bench.unit
    row = {"config": bench.config, "c_program": bench.c_reference.split()[0], "rounds": ROUNDS,
           "target": target_for(bench.c_reference),
           "games_per_cpu_s": per_s["ours"] * unit,
           "rollout_games_per_cpu_s": per_s["rollout"] * unit, "checksum": check}
    for b in builds:
        row[f"c_{b}_games_per_cpu_s"] = per_s[b]
        row[f"vs_c_{b}"] = per_s["ours"] * unit / per_s[b]
        row[f"rollout_vs_c_{b}"] = per_s["rollout"] * unit / per_s[b]
    return row


def ismcts_vs_openspiel(view: View, label: str, seconds: float,
                        stream: Optional[TextIO] = None) -> Optional[dict]:
    """Our ISMCTS on ``view`` and OpenSpiel's C++ ISMCTS on oh_hell(4 players, 11 tricks) at
    its first lead (the anchor of anchors.md §0; one random rollout per iteration on both
    sides), at the same iteration count, alternated ROUNDS times, by CPU time; None without
    the openspiel extra. Target: ours at least 3.5x OpenSpiel's it/s."""
    try:
        import pyspiel
    except ImportError:
        return None
    from tournaments.bench.interop import ohhell_first_lead
    s = ohhell_first_lead()

    def theirs(its: int) -> None:
        pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, its).step(s)

    its = 200
    while True:   # calibrate on the slower side (OpenSpiel) to share the budget fairly
        _, cpu = _ours_cpu(theirs, its)
        if cpu >= seconds / 40 or its >= 1 << 22:
            break
        its *= 2
    its = max(200, int(its * (seconds * 0.85 / (2 * ROUNDS)) / max(cpu, 1e-6) / 2))
    ours_cpu = theirs_cpu = 0.0
    for r in range(ROUNDS):
        note(f"ISMCTS vs OpenSpiel C++: round {r + 1}/{ROUNDS} ({its:,} iterations each)",
             stream)
        ours_cpu += _ours_cpu(bench_ismcts, view, its, 1 + r)[1]
        theirs_cpu += _ours_cpu(theirs, its)[1]
    ours, other = ROUNDS * its / ours_cpu, ROUNDS * its / theirs_cpu
    return {"name": f"ISMCTS {label} vs OpenSpiel C++ oh_hell(4p, 11 tricks)",
            "iterations": its, "rounds": ROUNDS, "ours_its_per_cpu_s": ours,
            "openspiel_its_per_cpu_s": other, "ratio": ours / other, "target": 3.5}


def format_limits(r: dict) -> list[str]:
    """The yardstick section of the text report (empty when ``--limits`` was not given)."""
    rows = r.get("limits") or []
    lines: list[str] = []
    if rows:
        builds = [b for b in BUILDS if f"c_{b}_games_per_cpu_s" in rows[0]]
        lines += ["", f"Against the C floor (../shared/limits), CPU time, ours and C alternated "
                      f"{rows[0]['rounds']}x in this run; games in the C program's unit"]
        head = f"  {'game':30s} {'ours':>11s} {'rollout':>11s}"
        for b in builds:
            head += f" {BUILDS[b]:>11s} {'ours/C':>7s} {'roll/C':>7s}"
        lines.append(head + f" {'target':>7s}  verdict")
        for row in rows:
            text = (f"  {row['config']:30s} {row['games_per_cpu_s']:>11,.0f} "
                    f"{row['rollout_games_per_cpu_s']:>11,.0f}")
            for b in builds:
                text += (f" {row[f'c_{b}_games_per_cpu_s']:>11,.0f} {row[f'vs_c_{b}']:>7.2f}"
                         f" {row[f'rollout_vs_c_{b}']:>7.2f}")
            best = max(row["vs_c_native"], row["rollout_vs_c_native"])
            verdict = "met" if best >= row["target"] else "BELOW"
            lines.append(text + f" {row['target']:>7.2f}  {verdict} (best of the two loops "
                                f"vs native: {best:.3f})")
    isr = r.get("limits_ismcts")
    if isr:
        lines.append(f"  {isr['name']}: ours {isr['ours_its_per_cpu_s']:,.0f} it/s, OpenSpiel "
                     f"{isr['openspiel_its_per_cpu_s']:,.0f} it/s, ratio {isr['ratio']:.2f} "
                     f"(target {isr['target']:.1f}; {isr['iterations']:,} iterations each, "
                     f"alternated {isr['rounds']}x)")
    return lines
