"""The one place the learning commands read the clock, so a test (or a player replaying a
record) can set it: ``DOMINO_ADVISOR_NOW`` names the time (seconds since 1970, or an ISO
date and time, UTC where no zone is given).  The same record and the same clock give the
same drills due and the same schedule."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta

from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import excerpt

ENV = "DOMINO_ADVISOR_NOW"
LAST = 253_402_300_799  # the end of the year 9999, the last a date can show (answers.py's bound)
LATEST = LAST - 400 * 86_400  # the latest clock: a drill due a year on must still be a date


class ClockError(DominoError):
    """The time set for the learning commands does not read as one."""


def now() -> float:
    """Seconds since 1970: the set time, else the machine's."""
    said = os.environ.get(ENV, "").strip()
    if not said:
        return time.time()
    refused = ClockError(
        f"{ENV}='{excerpt(said)}' is not a time: seconds since 1970 (up to the end of the year 9998), "
        "or a date and time such as 2026-12-06T18:00"
    )
    try:
        seconds = float(said)
    except ValueError:
        try:
            at = datetime.fromisoformat(said)
        except ValueError:
            raise refused from None
        seconds = (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).timestamp()
    if not 0 <= seconds <= LATEST:  # NaN fails this too
        raise refused
    return seconds


def end_of_day(at: float) -> float:
    """The end of the local day ``at`` falls in: what is due 'today' is due before it."""
    local = datetime.fromtimestamp(min(at, LATEST)).astimezone()
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
    return midnight.timestamp()


def day_words(at: float, today: float) -> str:
    """When, as a player says it: 'today', 'tomorrow', 'in 5 days (Fri 11 Dec)'."""
    days = (
        datetime.fromtimestamp(at).astimezone().date() - datetime.fromtimestamp(today).astimezone().date()
    ).days
    if days <= 0:
        return "today"
    if days == 1:
        return "tomorrow"
    return f"in {days} days ({datetime.fromtimestamp(at).astimezone():%a %d %b})"
