"""A person at the terminal, as a bot: shows the seat's view (hand, trick, scores) and the
legal moves, reads a move in the game's notation. ``hint`` prints the engine's assessment of
every legal move; ``moves`` repeats the legal moves; ``quit`` resigns (the game is recorded as
that seat's forfeit)."""
import click

from bots.base import Bot
from bots.registry import register
from solver.errors import TrickhoundError
from solver.game import View


class Resign(Exception):
    """The person typed quit."""


@register
class HumanBot(Bot):
    name = "human"
    interactive = True      # needs a person at the terminal: not for unattended tournaments
    PARAMS = {"hints": (True, "allow the `hint` command")}
    hints: bool

    def act(self, view: View) -> int:
        click.echo("")
        click.echo(view.render())
        legal = view.legal_actions()
        while True:
            click.echo("Your move: " + " ".join(view.action_to_str(a) for a in legal))
            line = self.read_line()
            if line in ("quit", "q", "exit", "resign"):
                raise Resign("resigned at the terminal")
            if line in ("hint", "h"):
                click.echo(hint_text(view) if self.hints else "  hints are off")
                continue
            if line in ("", "moves", "?", "help"):
                click.echo("  type a move, `hint`, `moves` or `quit`")
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
        return click.prompt(">", default="", show_default=False).strip()


def hint_text(view: View) -> str:
    """The recommendation table for the seat to move: the exact solver in Mate, a search
    elsewhere."""
    if view.game.name == "mate":
        from bots.solver_bot import SolverBot
        values = SolverBot(seed=0).action_values(view)
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        where = ("exact" if view.game.perfect_information
                 else "mean over sampled worlds, exact per world")
        return f"  hint ({where} value to the end of this game): " + "  ".join(
            f"{view.action_to_str(a)} {v:+.1f}" for a, v in ranked)
    from solver.search import SearchLimit, play_defaults, recommend
    res = recommend(view, algo="ismcts", limit=SearchLimit(iterations=5000), seed=0,
                    **play_defaults(view.game, "ismcts"))
    return res.table(view)
