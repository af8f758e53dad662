"""Findings of session 17: left over from tester 13, and what tester 15 found (each test names
its finding)."""
from pathlib import Path

from tests.test_cli import run


def test_rate_with_a_pool_does_not_check_the_unused_leaderboards(tmp_path: Path) -> None:
    """Tester 13 (left then): `rate --pool ... --leaderboards MISSING` refused the missing folder,
    though with --pool the boards are never read; the pool's own check answers instead."""
    r = run(["rate", "random", "--game", "mate", "--pool", "random", "--leaderboards",
             str(tmp_path / "missing"), "--out", str(tmp_path / "r")])
    assert r.exit_code == 2, r.output
    assert "no such folder" not in r.output
    assert "the pool holds only the candidate itself" in r.output
    # without --pool the folder is read, so a missing one is still refused
    r = run(["rate", "random", "--game", "mate", "--leaderboards", str(tmp_path / "missing")])
    assert r.exit_code == 2 and "no such folder" in r.output, r.output
