"""Adaptive stopping: ``trickhound tournament --until-separated --max-deals N``.

The run's schedule is built for the deal cap ``N`` (so it is one ordinary run directory, and a
schedule for fewer deals is a prefix of it), and its deals are played in *batches*: one
duplicate deal for every seat group (every group of bots at a table gets a deal, each replayed
in all its seat rotations), so every prefix stays balanced. After each batch the paired
statistics are recomputed (tournaments.stats, without TrueSkill: that is for the final board);
the run stops as soon as every adjacent pair of the primary order (oracles left out) is
separated — its 95% interval of the paired score difference excludes zero — or identical
(the same score on every deal, e.g. two exact solvers: no number of deals would separate them),
or at the cap.

Caveat (stated on the board): the run looks at its intervals after every batch, so the chance
that some adjacent pair looks separated by luck is higher than the 5% of one fixed-size test;
the bootstrap share beside each pair says how stable its order is.

``<run>/adaptive.json`` records the outcome — deals played, why it stopped, and the pairs it
could not separate — and the report and leaderboard state it.

Also here: the leaderboard settings of a config (``[leaderboard]`` table) and the sanity table
(the weak bots of ``leaderboard.sanity`` played as a gauntlet against the pool in
``<run>/sanity``, so they do not decide the main table's outcomes).
"""
import json
import os
from typing import Callable, Optional

from tournaments.config import ConfigError, TournamentConfig, label
from tournaments.stats import RANKINGS, AdjacentRow, Summary, summarize

ADAPTIVE = "adaptive.json"
# adaptive.json's "stopped" while the run is still playing (else "separated" or "deal cap")
UNDER_WAY = "under way"
#: An adjacent pair counts as separated for stopping only with at least this many deals: a
#: Student-t interval over two or three deals is too easily "separated" by a lucky start.
MIN_DEALS = 5
SANITY_DIR = "sanity"
#: The ``[leaderboard]`` keys of a config and their defaults.
LEADERBOARD_DEFAULTS = {"ranking": "paired", "placings": "ranks", "tie_threshold": 0.0,
                        "sanity": [], "sanity_deals": 4, "control_variate": True}


def leaderboard_settings(raw: Optional[dict]) -> dict:
    """The validated ``[leaderboard]`` table with defaults filled in (ConfigError naming the
    bad key otherwise)."""
    from tournaments.ratings import PLACINGS
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(LEADERBOARD_DEFAULTS))
    if unknown:
        raise ConfigError(f"unknown leaderboard setting {', '.join(unknown)}; settings: "
                          f"{', '.join(LEADERBOARD_DEFAULTS)}")
    out = {**LEADERBOARD_DEFAULTS, **raw}
    if out["ranking"] not in RANKINGS:
        raise ConfigError(f"leaderboard.ranking must be one of {', '.join(RANKINGS)}, "
                          f"got {out['ranking']!r}")
    if out["placings"] not in PLACINGS:
        raise ConfigError(f"leaderboard.placings must be one of {', '.join(PLACINGS)}, "
                          f"got {out['placings']!r}")
    t = out["tie_threshold"]
    if isinstance(t, bool) or not isinstance(t, (int, float)) or t < 0 or t != t:
        raise ConfigError(f"leaderboard.tie_threshold must be a number >= 0, got {t!r}")
    out["tie_threshold"] = float(t)
    s = out["sanity"]
    if not isinstance(s, list) or not all(isinstance(x, str) for x in s):
        raise ConfigError(f"leaderboard.sanity must be a list of bot specs, got {s!r}")
    d = out["sanity_deals"]
    if isinstance(d, bool) or not isinstance(d, int) or d < 1:
        raise ConfigError(f"leaderboard.sanity_deals must be an integer >= 1, got {d!r}")
    if not isinstance(out["control_variate"], bool):
        raise ConfigError("leaderboard.control_variate must be true or false")
    return out


def settings_of(cfg: TournamentConfig) -> dict:
    """A config's leaderboard settings (defaults for configs written before they existed)."""
    return leaderboard_settings(getattr(cfg, "leaderboard", None))


def batch_deals(cfg: TournamentConfig, num_players: int) -> int:
    """Deals per batch: one for every seat group (at least 2, so a batch gives an interval)."""
    from tournaments.schedule import seat_groups
    if cfg.format == "gauntlet":
        groups = len(seat_groups(list(cfg.bots), num_players - 1))
    else:
        groups = len(seat_groups(list(cfg.bots), num_players))
    return max(2, groups)


def quick_summary(run_dir: str, cfg: TournamentConfig) -> Summary:
    """The paired statistics of a run so far (no TrueSkill, no control variate)."""
    from tournaments.runner import load_records
    st = settings_of(cfg)
    ranking = st["ranking"]
    return summarize(load_records(run_dir), order=cfg.all_bots, ranking=ranking,
                     trueskill=ranking == "trueskill", placings=st["placings"],
                     tie_threshold=st["tie_threshold"])


def check_max_deals(max_deals: int) -> None:
    """ConfigError unless an --until-separated deal cap is within 1..MAX_DEALS, as --deals is
    (tester 11: a cap of 10**12 spun building its schedule, 10**20 crashed)."""
    from tournaments.config import MAX_DEALS
    if not 1 <= max_deals <= MAX_DEALS:
        raise ConfigError(f"--max-deals must be between 1 and {MAX_DEALS:,}, got {max_deals:,}")


def run_until_separated(cfg: TournamentConfig, max_deals: int, progress: bool = True,
                        echo: Callable[[str], None] = print, batch: Optional[int] = None,
                        repair: bool = False) -> dict:
    """Play batches of duplicate deals until every adjacent pair is separated or ``max_deals``
    deals are played; write and return the outcome (``adaptive.json``). ``repair`` (resuming
    such a run, ``resume --repair``): move the corrupt lines of its games.jsonl aside first, as
    a fixed-size run's resume does (their games are played again)."""
    from tournaments.runner import repair_records, run_tournament, scheduled_games
    check_max_deals(max_deals)
    game = cfg.game_obj()
    cfg.deals = max_deals
    # (a cap below one batch is one batch of the cap: the outcome says so)
    step = min(max_deals, batch or batch_deals(cfg, game.num_players))
    if repair and os.path.isdir(cfg.run_dir):
        repair_records(cfg.run_dir, scheduled_games(cfg.run_dir))
    played = extend(cfg, game.num_players)
    first = played == 0
    if not first:
        echo(f"continuing the adaptive run in {cfg.out} from {played} deal(s) to the cap "
             f"{max_deals}")
    summary = None
    os.makedirs(cfg.run_dir, exist_ok=True)
    while played < max_deals:
        # until the rule stops it, the run says it is under way (a killed run is then resumed
        # under the same rule: `trickhound resume` continues it here)
        _write_outcome(cfg.run_dir, {"max_deals": max_deals, "deals_played": played,
                                     "batch_deals": step, "stopped": UNDER_WAY,
                                     "identical": [], "unseparated": []})
        played = min(max_deals, played + step)
        run_tournament(cfg, resume=not first, max_deals=played, progress=progress,
                       adaptive=True)
        first = False
        summary = quick_summary(cfg.run_dir, cfg)
        bad = [a for a in summary.adjacent
               if not (a.separated or identical(a)) or a.deals < MIN_DEALS]
        echo(f"after {played} deal(s) ({summary.records} games): "
             f"{len(summary.adjacent) - len(bad)} of {len(summary.adjacent)} adjacent pairs "
             f"separated")
        if summary.adjacent and not bad:
            break
    done = bool(summary and summary.adjacent and not bad)
    same = [a for a in (summary.adjacent if summary else []) if identical(a)]
    outcome = {"max_deals": max_deals, "deals_played": played, "batch_deals": step,
               "stopped": "separated" if done else "deal cap",
               "identical": [{"upper": a.upper, "lower": a.lower, "deals": a.deals}
                             for a in same],
               "unseparated": [{"upper": a.upper, "lower": a.lower, "mean": a.mean, "ci": a.ci,
                                "deals": a.deals} for a in (summary.unseparated()
                                                            if summary else [])]}
    _write_outcome(cfg.run_dir, outcome)
    return outcome


def _write_outcome(run_dir: str, outcome: dict) -> None:
    """adaptive.json, replaced whole (a reader never sees half of it)."""
    path = os.path.join(run_dir, ADAPTIVE)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(outcome, f, indent=2)
        f.write("\n")
    os.replace(path + ".tmp", path)


def identical(pair: AdjacentRow) -> bool:
    """Whether two neighbours scored the same on every deal so far (a zero difference with a
    zero-wide interval): more deals would not separate them."""
    return pair.mean == 0 and pair.ci == 0


def extend(cfg: TournamentConfig, num_players: int) -> int:
    """Deals an earlier ``--until-separated`` run of the same config already played in
    ``cfg.out`` (0 for a fresh directory). Its schedule is rewritten for the new cap: the
    schedule for more deals extends the one for fewer (tournaments.schedule), and every recorded
    game is checked against the new schedule first. ConfigError for games of another run."""
    from tournaments.runner import load_records, write_meta
    from tournaments.schedule import schedule_digest, schedule_for
    records = load_records(cfg.run_dir) if os.path.isdir(cfg.run_dir) else []
    if not records:
        return 0
    if read_outcome(cfg.run_dir) is None:
        raise ConfigError(f"{cfg.out} already holds {len(records)} games of a fixed-size run; "
                          f"resume it with `trickhound resume {cfg.out}` or choose another --out")
    fixtures = schedule_for(cfg, num_players)
    by_id = {f.game_id: f for f in fixtures}
    for r in records:
        f = by_id.get(r.game_id)
        if f is None or (f.deal_seed, list(f.seating), list(f.bot_seeds)) != (
                r.deal_seed, list(r.seating), list(r.bot_seeds)):
            raise ConfigError(f"{cfg.out} holds games of another schedule (game {r.game_id}); "
                              f"choose another --out")
    digest, games = schedule_digest(cfg.game, schedule_for(cfg, num_players))
    write_meta(cfg.run_dir, cfg, digest, games, num_players)
    outcome = read_outcome(cfg.run_dir)
    if outcome is not None and outcome["stopped"] == UNDER_WAY:
        # stopped mid-batch: that batch again, whole (its recorded games are kept), so that the
        # intervals are looked at after the same deals as in a run never stopped
        return int(outcome["deals_played"])
    return max(r.deal_index for r in records) + 1


def read_outcome(run_dir: str) -> Optional[dict]:
    """A run's adaptive.json, or None for a run of fixed size."""
    path = os.path.join(run_dir, ADAPTIVE)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def outcome_text(outcome: Optional[dict]) -> Optional[str]:
    """One statement of how an adaptive run stopped (None for a run of fixed size)."""
    if not outcome:
        return None
    if outcome["stopped"] == UNDER_WAY:
        return (f"--until-separated: stopped before its rule did, after {outcome['deals_played']} "
                f"deal(s) of the cap {outcome['max_deals']}; `trickhound resume` continues it "
                f"under the same rule.")
    same = outcome.get("identical") or []
    if outcome["stopped"] == "separated":
        twins = "; ".join(f"{label(p['upper'])} and {label(p['lower'])} scored the same on "
                          f"every deal" for p in same)
        return (f"--until-separated: every adjacent pair "
                f"{'separated or identical' if same else 'separated'} after "
                f"{outcome['deals_played']} deal(s) (cap {outcome['max_deals']}"
                f"{'; ' + twins if twins else ''}); the "
                f"intervals were looked at after every batch of {outcome['batch_deals']}.")
    pairs = ", ".join(f"{label(p['upper'])} / {label(p['lower'])}" for p in outcome["unseparated"])
    return (f"--until-separated: could not separate {pairs} after {outcome['deals_played']} "
            f"deal(s) (the cap); the intervals were looked at after every batch of "
            f"{outcome['batch_deals']}.")


def run_sanity_table(cfg: TournamentConfig, progress: bool = True) -> Optional[str]:
    """Play the config's sanity table (``leaderboard.sanity`` bots as gauntlet candidates
    against the pool) in ``<run>/sanity``; returns that directory, or None without one."""
    from tournaments.config import build_config
    from tournaments.runner import run_tournament
    st = settings_of(cfg)
    if not st["sanity"]:
        return None
    out = os.path.join(cfg.run_dir, SANITY_DIR)
    from tournaments.schedule import seat_groups
    # At least one deal for every table of pool bots, so the sanity bot meets each of them.
    tables = len(seat_groups(list(cfg.bots), cfg.game_obj().num_players - 1))
    raw = {"game": cfg.game, "format": "gauntlet", "candidates": st["sanity"],
           "bots": list(cfg.bots), "deals": max(st["sanity_deals"], tables), "seed": cfg.seed,
           "workers": cfg.workers, "executor": cfg.executor, "out": out}
    for k in ("iterations", "move_time", "time_margin", "start_method", "scheduler"):
        if getattr(cfg, k) is not None:
            raw[k] = getattr(cfg, k)
    scfg = build_config(raw)
    # A continued adaptive run finds its sanity table played: resume plays only what is missing.
    again = os.path.exists(os.path.join(out, "tournament.json"))
    run_tournament(scfg, resume=again, progress=progress)
    return out
