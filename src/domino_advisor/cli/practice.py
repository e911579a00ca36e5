"""The learner's commands: ``train`` (a lesson against bots, or drills from your own
games) and ``progress`` (your record).  Parse, call the core, render, as the table's
commands do (``cli.table``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from domino_advisor.base.printable import plural, printable
from domino_advisor.cli.shell import (
    MakingCommand,
    config_refused,
    console,
    errors,
    json_option,
    landed,
    landing_in,
    page_options,
    players_option,
    reads_option,
    record_option,
    refuse_unused,
    rules_option,
    say,
    seed_option,
    set_option,
)
from domino_advisor.views.terminal import read_line

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.learning.scorecard import GameTotal, KindSummary


MOST_DEALS = 1_000  # train --deals: about half a second each in the line games


class _AfterFrom(click.Argument):
    """The games after the first of ``--from a.dom b.dom`` (a shell's ``--from *.dom``):
    click's options take one value each, so the rest come as arguments, said with --from."""

    def get_usage_pieces(self, ctx: click.Context) -> list[str]:
        return []


@click.command(cls=MakingCommand)
@rules_option()
@set_option()
@players_option(8, default=3, help_text="2 to 4; Mexican Train and Chicken Foot 2 to 8")
@seed_option(None, "replay a lesson (default: a new one)")
@click.option(
    "--bots",
    default="heuristic",
    show_default=True,
    type=click.Choice(["random", "heavy", "heuristic", "advisor"]),
    help="the opponents",
)
@reads_option()
@record_option("keep your answers in your progress record")
@click.option(
    "--from",
    "games",
    multiple=True,
    type=click.Path(),
    metavar="GAME...",
    help="add drills from games you logged (--from a.dom b.dom, or --from again), then ask the drills due",
)
@click.option("--drills", "drills_only", is_flag=True, help="ask the drills from your games that are due")
@click.option(
    "--deals",
    type=click.IntRange(1, MOST_DEALS),
    default=None,
    metavar="N",
    help="play N deals of the rules (bots in every seat) and add drills where the count decides the move",
)
@click.option(
    "--retention",
    default=0.9,
    show_default=True,
    type=click.FloatRange(0.7, 0.99),
    help="drills come back when your chance of recalling them falls to this",
)
@click.argument("more_games", cls=_AfterFrom, nargs=-1, type=click.Path())
def train(
    rules_name: str,
    overrides: tuple[str, ...],
    seats: int,
    seed: int | None,
    bots: str,
    reads: bool,
    record: bool,
    games: tuple[str, ...],
    drills_only: bool,
    deals: int | None,
    retention: float,
    more_games: tuple[str, ...],
) -> None:
    """A practice game against bots that quizzes you on tile counting; or drills from
    your own games (--from GAME, --drills), or from deals where the count decides
    (--deals N)."""
    import random as _random

    from domino_advisor.cli.lesson import Lesson
    from domino_advisor.games.registry import game_for
    from domino_advisor.log.gamelog import MAX_LINE

    config_refused()
    if not 0.7 <= retention <= 0.99:  # click's range lets nan through
        raise click.BadParameter(f"{retention} is not in the range 0.7<=x<=0.99", param_hint="'--retention'")
    if more_games and not games:
        first = printable(more_games[0])
        raise click.UsageError(f"name the games to drill with --from: train --from {first}")
    games += more_games
    drilling = "--from or --drills"
    any_drills = "--from, --drills or --deals"
    refuse_unused(
        {
            drilling: (
                bool(games or drills_only),
                ["rules_name", "overrides", "seats", "seed", "bots", "deals"],
            ),
            "--deals": (deals is not None, ["bots"]),
            any_drills: (bool(games or drills_only or deals), []),
        },
        {"retention": any_drills},
    )
    if (games or drills_only or deals) and not record:
        raise click.UsageError("drills are kept in your progress record: leave out --no-record")
    if games or drills_only:
        with landing_in(record_files(), "your drills and answers are kept in your progress record"):
            _drill(games, reads, retention)
        return

    game = game_for(rules_name)
    if deals is not None:
        if "drills" not in game.options:
            raise click.UsageError(f"--deals takes the games whose logs give drills: {_drilled_games()}")
        rules = game.rules_from(rules_name, " ".join(overrides))
        rules.check_players(seats)
        if seed is None:
            seed = _random.randrange(10**6)
        console.print(f"deals {seed} (deal them again with --seed {seed})", style="dim")
        with landing_in(record_files(), "your drills and answers are kept in your progress record"):
            _deal_drills(rules, seats, deals, seed, reads, retention)
        return
    refuse_unused({f"--rules {rules_name}": ("reads" not in game.options, ["reads"])}, {})
    rules = game.rules_from(rules_name, " ".join(overrides))
    rules.check_players(seats)
    if seed is None:
        seed = _random.randrange(10**6)
    console.print(f"lesson {seed} (replay it with --seed {seed})", style="dim")

    def read(prompt: str) -> str:
        try:
            return read_line(prompt, MAX_LINE)
        except EOFError:
            return "q"

    kept = None
    if record:
        from domino_advisor.learning.progress import Record

        kept = Record()
    answers = landing_in(record_files() if record else [], "your answers are kept in your progress record")
    try:
        with answers:
            Lesson(rules, seats, seed, console, read, bots, reads=reads, record=kept).play()
    finally:
        if kept is not None:
            kept.close()


def record_files() -> list[Path]:
    """The files a lesson's answers go to: the record, and beside it the answers waiting."""
    from domino_advisor.learning.progress import path

    return [path(), path().with_name(path().stem + "-pending.jsonl")]


def _drilled_games() -> str:
    from domino_advisor.games.registry import every_game

    return ", ".join(name for g in every_game() if "drills" in g.options for name in g.rules_names())


def _deal_drills(rules: Any, seats: int, deals: int, seed: int, reads: bool, retention: float) -> None:
    """Play the deals, keep as drills those where the count decides, ask the drills due."""
    from domino_advisor.advice.advise import Options
    from domino_advisor.counting.reads import style_for
    from domino_advisor.games.registry import game_for
    from domino_advisor.learning import countdecides, drills
    from domino_advisor.learning.progress import Record
    from domino_advisor.log import gamelog
    from domino_advisor.views.terminal import progress_bar

    style = style_for(rules, seats) if reads and "reads" in game_for(rules.name).options else None
    options = Options(samples=None, seed=0, seconds=None, style=style)  # the table's advice
    kept = Record(retention=retention)
    try:
        with progress_bar(errors, disable=not errors.is_terminal) as bar:
            task = bar.add_task(f"dealing {deals} rounds", total=deals)
            found = countdecides.from_deals(
                rules, seats, deals, seed, options, on_deal=lambda done: bar.update(task, completed=done)
            )
        added = 0
        for dealt in found:
            log = gamelog.loads(dealt.text)
            added += kept.add_drills(dealt.name, drills.fingerprint(log), dealt.text, [dealt.drill])
        console.print(
            f"{plural(deals, 'deal')}: the count decides the move in {len(found)}, "
            f"{plural(added, 'new drill')}"
        )
        _ask_due(kept, reads)
    finally:
        kept.close()


def _ask_due(kept: Any, reads: bool) -> None:
    """Ask the drills due, and say how many rows of the record were left out."""
    from domino_advisor.cli.lesson import DrillLesson
    from domino_advisor.log.gamelog import MAX_LINE

    def read(prompt: str) -> str:
        try:
            return read_line(prompt, MAX_LINE)
        except EOFError:
            return "q"

    DrillLesson(console, read, kept, reads=reads).run()
    if kept.unfit:
        one = kept.unfit == 1
        say(
            "warning",
            f"{kept.unfit} drill{'' if one else 's'} in your progress record "
            f"{'does not fit its game and is' if one else 'do not fit their games and are'} left out "
            "(an event, a player, a number or a cost that no drill of that game has)",
            style="yellow",
        )


def _drill(games: tuple[str, ...], reads: bool, retention: float = 0.9) -> None:
    """Review each game for its costly decisions, keep them as drills (and, at your
    decisions with voids known, those where the count decides the move), ask those due."""
    from domino_advisor.advice.advise import Options
    from domino_advisor.learning import countdecides, drills
    from domino_advisor.learning.hindsight import style_of
    from domino_advisor.learning.progress import Record
    from domino_advisor.learning.review import review as run_review
    from domino_advisor.log import gamelog, logfile
    from domino_advisor.views.terminal import progress_bar

    logs = [(name, logfile.load(name)) for name in games]  # every file read before any work
    kept = Record(retention=retention)
    try:
        for name, log in logs:
            with progress_bar(errors, disable=not errors.is_terminal) as bar:
                task = bar.add_task(f"reviewing {Path(name).name}", total=len(log.events))
                if "drills" not in log.game.options:  # the games whose logs give drills
                    raise gamelog.not_yet(log.game, "drills", "train --from")
                log.replay()  # a log the rules refuse is refused before any work
                result = run_review(  # as review judges: the advice's own budget and worlds
                    log,
                    None,
                    0,
                    on_step=lambda done, total, task=task: bar.update(task, completed=done),
                    reads=reads,
                )
                # where the count decides: at the table's budget, seed 0, as the advice
                options = Options(samples=None, seed=0, seconds=None, style=style_of(log, reads))
                counting = bar.add_task("where the count decides", total=countdecides.MOST_DECISIONS)

                def weighed(done: int, total: int, task: Any = counting) -> None:
                    bar.update(task, completed=done, total=total)

                decides = countdecides.from_game(log, options, on_step=weighed)
            found = drills.from_review(log, result)
            # a position keeps one voids drill: the one about the void that decides comes first
            both = decides + found
            added = kept.add_drills(Path(name).name, drills.fingerprint(log), gamelog.dumps(log), both)
            costly = len({d.event for d in found})
            counted = f"; the count decides {plural(len(decides), 'move')}" if decides else ""
            console.print(
                f"{printable(name)}: {costly} costly decision{'s' if costly != 1 else ''}, "
                f"{added} new drill{'s' if added != 1 else ''}"
                + ("" if costly else f" ({drills.why_none(log, result)})")
                + counted
            )
        _ask_due(kept, reads)
    finally:
        kept.close()


@click.command()
@click.option(
    "--game",
    "game_name",
    default=None,
    metavar="GAME",
    help="only the answers given in this game (a preset names the line games, every preset)",
)
@json_option("machine-readable output")
@page_options()
def progress(game_name: str | None, as_json: bool, html_out: str | None, force: bool) -> None:
    """Your accuracy per kind of question, over your lessons, practice and drills.

    In every game together, each game's totals below; --game GAME keeps one game's."""
    import json

    from domino_advisor.cli import outputs
    from domino_advisor.games.registry import game_for
    from domino_advisor.learning.level import level
    from domino_advisor.learning.progress import Record
    from domino_advisor.learning.scorecard import by_game, game_of, sources, summary
    from domino_advisor.learning.skills import overall, skills
    from domino_advisor.views import render
    from domino_advisor.views.skillsview import skills_view

    only = None
    if game_name is not None:
        only = game_for(game_name)
        only.rules_from(game_name, "")  # a name that is no game and no preset is refused here

    if html_out is not None and not html_out.strip():
        raise click.UsageError("--html needs a file name")
    if html_out:
        outputs.check(html_out, outputs.PAGE, force, "--html")

    kept = Record()
    try:
        answers = kept.answers()
        coming = kept.next_due()
        drills: shapes.ProgressDrillsJson = {
            "kept": kept.drills_kept(),
            "due": kept.drills_due(),
            "next_due": None if coming is None else _iso(coming.at),
            "next_count": 0 if coming is None else coming.count,
        }
    finally:
        kept.close()
    if kept.damaged:
        say(
            "warning",
            f"{kept.damaged} answer{'s' if kept.damaged != 1 else ''} in your progress record "
            f"{'are' if kept.damaged != 1 else 'is'} damaged and left out (points, time or kind "
            "that no answer has)",
            style="yellow",
        )
    games = by_game(answers)  # every game's, whatever is shown
    if only is not None:
        answers = [a for a in answers if game_of(a) == only.title]
    rows = summary(answers)
    came = sources(answers)
    found = skills(answers, family=game_of, level=level)
    share = overall(answers)
    if html_out:
        from domino_advisor.views.progresspage import skills_page

        note = "" if only is None else f"in {only.title} only"
        page = skills_page(found, len(answers), share, title_note=note)
        outputs.write(html_out, page, outputs.PAGE, force, "--html")
        landed(f"wrote {printable(html_out)}")
    if as_json:
        report = _progress_report(str(kept.path), len(answers), rows, came, drills, games, only, found, share)
        click.echo(json.dumps(report, indent=2, allow_nan=False))
        return
    shown = render.progress_view(rows, str(kept.path), len(answers), console.width, came, drills)
    console.print(render.progress_by_game(shown, games, None if only is None else only.title))
    console.print(skills_view(found, share, console.width))
    if html_out:
        console.print(f"wrote {printable(html_out)}")


def _progress_report(
    record: str,
    answers: int,
    rows: list[KindSummary],
    came: shapes.ProgressSourcesJson,
    drills: shapes.ProgressDrillsJson,
    games: list[GameTotal],
    only: Any,
    skills: list[Any],
    share: float | None,
) -> shapes.ProgressReportJson:
    """``progress --json``: the record's figures per kind of question (in every game, or in
    the one asked for), by source, each game's, the drills, and each skill."""
    return {
        "version": 2,
        "record": record,
        "game": None if only is None else only.title,
        "answers": answers,
        "kinds": [
            {
                "kind": r.kind,
                "asked": r.asked,
                "accuracy": round(r.accuracy, 4),
                "recent": None if r.recent is None else round(r.recent, 4),
                "lessons": [round(x, 4) for x in r.lessons],
            }
            for r in rows
        ],
        "sources": came,
        "drills": drills,
        "games": [{"game": g.game, "answers": g.answers, "accuracy": round(g.accuracy, 4)} for g in games],
        "overall": None if share is None else round(share, 4),
        "skills": [_skill_json(s) for s in skills],
    }


def _skill_json(s: Any) -> shapes.ProgressSkillJson:
    """A skill's every figure (``learning.skills.Skill``)."""
    return {
        "game": s.game,
        "kind": s.kind,
        "answers": s.answers,
        "right": s.right,
        "recent": s.recent,
        "accuracy": None if s.accuracy is None else round(s.accuracy, 4),
        "low": round(s.low, 4),
        "high": round(s.high, 4),
        "curve": [round(x, 4) for x in s.curve],
        "level": None if s.level is None else round(s.level, 1),
        "weak": s.weak,
    }


def _iso(at: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(at, tz=UTC).isoformat(timespec="seconds")
