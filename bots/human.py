"""A person at the terminal, as a bot: shows the seat's view (hand, trick, scores) and the
legal moves, reads a move in the game's notation. ``hint`` prints the engine's assessment of
every legal move; ``moves`` repeats the legal moves; ``quit`` resigns (the game is recorded as
that seat's forfeit)."""
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from bots.base import Bot
from bots.registry import register
from solver.errors import TrickhoundError
from solver.game import View

if TYPE_CHECKING:
    from solver.search import SearchResult


class Resign(Exception):
    """The person typed quit."""


@register
class HumanBot(Bot[View]):
    """You, at the terminal: the moves are typed in the game's notation (`trickhound play`)."""

    name = "human"
    interactive = True      # needs a person at the terminal: not for unattended tournaments
    PARAMS = {"hints": (True, "allow the `hint` command")}
    hints: bool

    def act(self, view: View) -> int:
        click.echo("")
        click.echo(view.render())
        legal = view.legal_actions()
        while True:
            names = [view.action_to_str(a) for a in legal]
            # moves that hold a space (Dog Tag Trick's "8F ONE") are listed with commas
            sep = ", " if any(" " in n for n in names) else " "
            click.echo("Your move: " + sep.join(names))
            line = self.read_line()
            if line in ("quit", "q", "exit", "resign"):
                raise Resign("resigned at the terminal")
            if line in ("hint", "h"):
                click.echo(hint_text(view) if self.hints else "  hints are off")
                continue
            if line == "moves":
                continue                    # the loop lists the legal moves again
            if line in ("", "?", "help"):
                click.echo("  type a move, `hint`, `moves` (list them again) or `quit`")
                continue
            try:
                a = view.parse_action(line)
            except TrickhoundError as e:
                click.echo(f"  {' '.join(str(e).split())}")
                continue
            if a not in legal:
                click.echo(f"  {line} is not legal here")
                continue
            return a


    def read_line(self) -> str:
        """One line typed at the prompt. Ctrl-C and SIGTERM stop the command (click's prompt
        turns them into Abort, which the referee would have scored as this seat's forfeit and
        `play` as a quiet "bye"); the end of the input resigns, as `quit` does."""
        try:
            return click.prompt(">", default="", show_default=False).strip()
        except click.Abort as e:
            if isinstance(e.__context__, KeyboardInterrupt):
                raise e.__context__ from None
            raise Resign("the input ended") from None


# Iterations of the hint's search where the position is not solved exactly (the default
# recommend budget takes seconds; a hint at the terminal should come back at once).
HINT_ITERATIONS = 5000


def hint_result(view: View, threads: "int | str" = 1) -> "SearchResult":
    """The engine's assessment for the seat to move, as ``recommend`` gives it by default
    (``algo="auto"``): exact values where the position is perfect information for the mover
    (Mate with face-up forcing), else the game's strongest search at ``HINT_ITERATIONS``
    (seed 0, so that a hint reproduces). The terminal's and the web page's hint both ask it;
    the terminal with ``threads="auto"`` (the same answer, sooner: recommend.threads_for), the
    web page on one thread, as its searches run side by side, each in its own process
    (tournaments/web/jobs.py), and already share the cores."""
    from solver.search import DEFAULT_LIMITS, choose_algorithm, recommend
    algo, _ = choose_algorithm(view)
    limit = None if algo == "solver" else replace(DEFAULT_LIMITS[algo], iterations=HINT_ITERATIONS)
    return recommend(view, "auto", limit, seed=0, threads=threads)


def hint_text(view: View) -> str:
    """:func:`hint_result` as the terminal prints it."""
    res = hint_result(view, threads="auto")
    if res.exact:
        span = "game" if view.game.name == "mate" else "round"
        return (f"  hint (exact value to the end of this {span}; {res.auto}): "
                + "  ".join(f"{view.action_to_str(a.action)} {a.mean:+.1f}" for a in res.actions))
    return res.table(view)
