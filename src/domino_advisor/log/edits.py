"""Changing the log by event number: add, replace, insert, delete, all or nothing.

Every change is checked by replaying the whole log as it would be, so a fix five events
back is refused if anything after it no longer follows the rules.  Typed lines go
through one reader (``typed``) whichever command they come from, so ``log``, the
session and ``edit`` take the same shorthand and match names the same way.

Two helps for the slips people make at a table: a count check (``ana has 6``) that
disagrees with the log is answered with the insertions or replacements that would
make it agree, each one tried by a replay; and in a block game a play by someone whose
turn has not come means the players between passed, which is logged with a note.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from domino_advisor.base.errors import CountMismatch, DominoError, NotationError
from domino_advisor.base.printable import excerpt
from domino_advisor.games.events import Draw, Event, Has, NewRound, Pass, Play, parse_event
from domino_advisor.log.gamelog import Entry, GameLog, check_typed, name_the_end
from domino_advisor.log.shorthand import expand

if TYPE_CHECKING:
    from domino_advisor.games.registry import SeatMatch

MAX_HINTS = 3


@dataclass(frozen=True)
class Edited:
    """A changed log and what the change did, for the message the player reads."""

    log: GameLog
    at: int = 0  # the event number the change begins at
    added: tuple[int, ...] = ()  # event numbers of the new lines in the new log
    removed: tuple[str, ...] = ()  # the removed events, as they were written
    notes: tuple[str, ...] = field(default=())  # what was taken as read (skipped players)


def typed(text: str, log: GameLog) -> str:
    """A line as a person typed it (shorthand or a full line, any case of a name) as
    the log line it stands for, comment kept."""
    check_typed(text)
    body, hash_, comment = text.partition("#")
    game = log.game
    line = expand(body, log.players, log.me, one_draw=game.one_draw, places=game.shorthand_places)
    return line + (f"  #{comment.rstrip()}" if hash_ else "")


def event_of(line: str, log: GameLog) -> Event:
    return parse_event(line.partition("#")[0], log.top, log.me, log.game.places)


def _event_places(log: GameLog) -> list[int]:
    return [i for i, e in enumerate(log.body) if e.event is not None]


def _check_number(log: GameLog, number: int, what: str, end_ok: bool = False) -> None:
    total = len(_event_places(log))
    most = total + 1 if end_ok else total
    if total == 0 and not end_ok:
        raise NotationError(f"{what} {number}: the log has no events yet")
    if not 1 <= number <= most:
        end = f" ({most}: after the last)" if end_ok else ""
        raise NotationError(f"{what} {number}: the events are numbered 1 to {total}{end}")


def _replayed_to(log: GameLog, count: int) -> SeatMatch:
    """The match after the first ``count`` events."""
    match = log.new_match()
    first = len(log.header_lines()) + 1
    done = 0
    for i, entry in enumerate(log.body):
        if done == count:
            break
        if entry.event is not None:
            match.apply(entry.event, first + i)
            done += 1
    return match


def splice(log: GameLog, at: int, remove: int, lines: list[str], infer_passes: bool = False) -> Edited:
    """Remove ``remove`` events from event number ``at`` and put ``lines`` in their place;
    refused unless the whole log replays afterwards."""
    places = _event_places(log)
    cut = places[at - 1] if at <= len(places) else len(log.body)
    end = places[at + remove - 2] + 1 if remove else cut
    match = _replayed_to(log, at - 1)
    first_line = len(log.header_lines()) + 1 + cut
    new_entries: list[Entry] = []
    notes: list[str] = []
    for text in lines:
        event = name_the_end(log, match, event_of(text, log))
        if infer_passes:
            for passed in match.skipped(event):
                match.apply(passed, first_line + len(new_entries))
                new_entries.append(Entry(passed, text=f"{passed}  {TAKEN}{event}"))
                notes.append(f"{passed.player} was skipped, so {passed.player} passed (logged as '{passed}')")
        try:
            match.apply(event, first_line + len(new_entries))
        except CountMismatch as e:
            # the hints are tried on the log as this change leaves it so far: the events
            # it removes gone, the lines typed before this one in
            base = log.copy(log.body[:cut] + new_entries + log.body[end:])
            hints = _count_hints(base, at + len(new_entries), 0, e, event)
            where = "" if at > len(places) else f" {'as' if remove else 'before'} event {at}"
            raise e.explained(hints, f"'{excerpt(_plain(text), 60)}'{where}") from None
        except DominoError as e:
            where = "" if at > len(places) else f" {'as' if remove else 'before'} event {at}"
            raise type(e)(f"'{excerpt(_plain(text), 60)}'{where}: {e}") from None
        _, hash_, comment = text.partition("#")
        note = f"  #{comment.rstrip()}" if hash_ else ""
        new_entries.append(Entry(event, text=f"{event}{note}"))
    new = log.copy(log.body[:cut] + new_entries + log.body[end:])
    line = first_line + len(new_entries)
    for number, i in enumerate(places[at - 1 + remove :], at + remove):  # the events after it
        entry = log.body[i]
        try:
            match.apply(entry.event, line + i - end)  # type: ignore[arg-type]
        except DominoError as e:
            raise type(e)(
                f"that change would leave event {number} '{excerpt(entry.render(), 60)}' "
                f"against the rules: {e}"
            ) from None
    removed = tuple(log.body[i].render() for i in places[at - 1 : at - 1 + remove])
    start = at
    return Edited(new, at, tuple(range(start, start + len(new_entries))), removed, tuple(notes))


def _plain(text: str) -> str:
    return " ".join(text.partition("#")[0].split())


def append(log: GameLog, lines: list[str]) -> Edited:
    return splice(log, len(_event_places(log)) + 1, 0, [typed(t, log) for t in lines], infer_passes=True)


def replace(log: GameLog, number: int, line: str) -> Edited:
    """Event ``number`` written anew; its comment stays unless the new line has its own."""
    _check_number(log, number, "replace")
    new = typed(line, log)
    old = log.body[_event_places(log)[number - 1]].render()
    if "#" not in new and "#" in old and TAKEN not in old:
        new += "  #" + old.partition("#")[2].rstrip()
    return splice(log, number, 1, [new])


def insert_before(log: GameLog, number: int, lines: list[str]) -> Edited:
    _check_number(log, number, "insert before", end_ok=True)
    return splice(log, number, 0, [typed(t, log) for t in lines])


def delete(log: GameLog, number: int) -> Edited:
    _check_number(log, number, "delete")
    event = log.events[number - 1]
    if isinstance(event, NewRound):
        raise NotationError(
            f"delete {number}: event {number} is '{event}', where a round starts: delete the "
            "round's events after it first, or fix the log with edit"
        )
    return splice(log, number, 1, [])


TAKEN = "# taken as read from "


def undo(log: GameLog, n: int) -> Edited:
    """The last ``n`` events taken back, and with the first of them the passes that were
    logged only because of it (a skip taken as read in a block game)."""
    places = _event_places(log)
    if not 1 <= n <= len(places):
        many = "s" if len(places) != 1 else ""
        raise NotationError(f"undo {n}: the log has only {len(places)} event{many}")
    first = len(places) - n
    causes = {str(log.body[i].event) for i in places[first:]}
    while first > 0:
        entry = log.body[places[first - 1]]
        text = entry.render()
        if not isinstance(entry.event, Pass) or TAKEN not in text:
            break
        if text.partition(TAKEN)[2].strip() not in causes:
            break
        first -= 1
    # the events go; your comments among and after them stay (notes are not events)
    new = log.copy(log.body[: places[first]] + [e for e in log.body[places[first] :] if e.event is None])
    try:
        new.replay()
    except DominoError as e:
        raise type(e)(f"undo {n}: the log would no longer follow the rules: {e}") from None
    removed = tuple(log.body[i].render() for i in places[first:])
    return Edited(new, first + 1, (), removed)


def _count_hints(log: GameLog, at: int, remove: int, e: CountMismatch, check: Event) -> list[str]:
    """Changes to this round's earlier events that make the count check agree: each
    one is tried on the whole log, the check in its place and every event after it."""
    assert isinstance(check, Has)
    who = check.player
    if who == log.me:
        return ["your own tiles are all in the log: check your hand and the tiles you drew this round"]
    numbered = list(enumerate(log.events[: at - 1], 1))
    round_start = max((n for n, ev in numbered if isinstance(ev, NewRound)), default=1)
    theirs = [(n, ev) for n, ev in numbered if n > round_start and getattr(ev, "player", None) == who]
    gap = e.seen - e.logged
    hints: list[str] = []
    plays: dict[int, list[str]] = {}  # a pass that a play would explain: the tiles that would
    for words, n, rem, lines in _candidates(log, who, theirs, gap):
        if len(hints) + len(plays) == MAX_HINTS:
            break
        try:
            trial = splice(log, n, rem, lines).log
            splice(trial, at + len(lines) - rem, remove, [str(check)])
        except DominoError:
            continue
        if words.startswith("play "):
            plays.setdefault(n, []).append(words.split()[1])
        else:
            hints.append(words)
    for n, tiles in plays.items():
        hints.append(
            f"replace event {n} ('{log.events[n - 1]}') with a play of {who}'s: "
            f"{' or '.join(tiles[:4])}{' or another' if len(tiles) > 4 else ''} would agree"
        )
    return hints


def _candidates(log: GameLog, who: str, theirs: list, gap: int):
    """(words, at, remove, lines) for each single change to the player's events, the
    latest first, that could account for ``gap`` tiles more (or fewer) than logged."""
    for n, ev in reversed(theirs):
        if gap > 0 and isinstance(ev, Play | Pass):
            line = f"{who} draws {gap}"
            yield (f"insert '{line}' before event {n} ('{ev}')", n, 0, [line])
        if isinstance(ev, Draw) and ev.tiles is None and ev.count + gap >= 1:
            line = f"{who} draws {ev.count + gap}"
            yield (f"replace event {n} ('{ev}') with '{line}'", n, 1, [line])
        if isinstance(ev, Draw) and ev.tiles is None and ev.count + gap == 0:
            yield (f"delete event {n} ('{ev}')", n, 1, [])
        if gap == 1 and isinstance(ev, Play):
            yield (f"delete event {n} ('{ev}'): was it someone else's play?", n, 1, [])
        if gap == -1 and isinstance(ev, Pass):  # a play logged (or taken) as a pass
            for tile in _replayed_to(log, n - 1).could_play():
                yield (f"play {tile}", n, 1, [f"{who} plays {tile}"])
