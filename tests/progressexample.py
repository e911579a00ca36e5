"""A seeded learner's record for the ``progress --html`` page, and the page in headless
Chromium: what tests/test_progress_page.py checks at 1280 and 390 pixels and what
scripts/progress_screenshots.py photographs for docs/img (the same page both times)."""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import math
import os
import random
import select
import shutil
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from domino_advisor.learning.answers import Answer
from domino_advisor.learning.scorecard import game_of
from domino_advisor.learning.skills import RIGHT, Skill, skills
from domino_advisor.views.progresspage import skills_page

START = 1_780_000_000.0  # the first lesson's time (June 2026)
# (rules, kind, answers, the share wrong at first, the share wrong once learned, how fast)
PLAN = [
    ("classic", "voids", 60, 0.6, 0.03, 10.0),
    ("all-fives", "count", 45, 0.7, 0.05, 12.0),
    ("classic", "where", 38, 0.6, 0.1, 15.0),
    ("classic", "move", 50, 0.5, 0.08, 15.0),
    ("tiddly-wink", "voids", 30, 0.5, 0.05, 8.0),
    ("tiddly-wink", "where", 26, 0.7, 0.45, 60.0),  # barely learned: the weak one
    ("matador", "count", 1, 0.0, 0.0, 1.0),  # a skill just begun: one answer
]


def example_answers(seed: int = 46) -> list[Answer]:
    """A record that learns: each skill's chance of a wrong answer falls from its first
    rate towards its learned one, one skill barely, one skill answered once."""
    rng = random.Random(seed)
    out = []
    for lesson, (rules, kind, n, first, learned, speed) in enumerate(PLAN):
        for i in range(n):
            wrong = learned + (first - learned) * math.exp(-i / speed)
            points = 0.0 if rng.random() < wrong else 1.0
            at = START + 86_400 * (i // 8) + 60 * lesson + i
            out.append(Answer(kind, points, rules, 1000 * lesson + i // 8, rng.uniform(3, 25), at))
    return sorted(out, key=lambda a: a.at)


def example_level(answers: Sequence[Answer]) -> float | None:
    """A Glicko-2 rating from the answers, each a game against a question rated 1500:
    the example's level, a figure of the scale the page shows (learning.level will rate
    the real record)."""
    import glicko2

    if not answers:
        return None
    player = glicko2.Player()
    for a in answers:
        player.update_player([1500], [100], [1 if a.points >= RIGHT else 0])
    return float(player.getRating())


def example() -> tuple[list[Skill], int, float]:
    """The example's skills, answer count and accuracy over every answer."""
    answers = example_answers()
    overall = sum(1 for a in answers if a.points >= RIGHT) / len(answers)
    return skills(answers, game_of, example_level), len(answers), overall


def example_page() -> str:
    found, count, overall = example()
    return skills_page(found, count, overall)


def chromium() -> str | None:
    return shutil.which("chromium")


class Browser:
    """Headless Chromium driven over its DevTools pipe (fds 3 and 4, JSON messages ended
    by NUL), so the page is measured as drawn in a window of any width: a window of its
    own is never narrower than 500 pixels, an emulated screen is as narrow as a phone's.
    The page itself runs no script; the questions asked of it are the browser's."""

    def __init__(self, folder: Path) -> None:
        to_chrome, self._send = os.pipe()
        self._read, from_chrome = os.pipe()

        def fds() -> None:  # the child's fds 3 and 4, whatever numbers the pipes got
            a, b = os.dup(to_chrome), os.dup(from_chrome)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self._proc = subprocess.Popen(
            [
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                f"--user-data-dir={folder / 'chromium-profile'}",
                "about:blank",
            ],
            preexec_fn=fds,
            close_fds=False,  # else fds 3 and 4 are closed after fds() set them
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chrome)
        os.close(from_chrome)
        self._ids = itertools.count(1)
        self._buffer = b""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def send(self, method: str, session: bool = False, **params: object) -> dict:
        """One DevTools command and its result (events met while waiting are dropped)."""
        ask = next(self._ids)
        message: dict = {"id": ask, "method": method, "params": params}
        if session:
            message["sessionId"] = self._session
        os.write(self._send, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 60
        while True:
            while b"\0" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self._read], [], [], left)[0]:
                    raise TimeoutError(f"chromium did not answer {method}")
                chunk = os.read(self._read, 1 << 16)
                if not chunk:
                    raise RuntimeError(f"chromium closed its pipe during {method}")
                self._buffer += chunk
            line, self._buffer = self._buffer.split(b"\0", 1)
            reply = json.loads(line)
            if reply.get("id") == ask:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def open(self, page: Path, width: int, height: int = 900) -> None:
        """The page in a screen ``width`` by ``height`` pixels, loaded."""
        self.send(
            "Emulation.setDeviceMetricsOverride",
            True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        url = f"{page.as_uri()}?width={width}"  # a new address each time: the old page is never the one read
        self.send("Page.navigate", True, url=url)
        deadline = time.monotonic() + 60
        while self.evaluate("location.href + ' ' + document.readyState") != f"{url} complete":
            assert time.monotonic() < deadline, f"{page} did not load"
            time.sleep(0.05)

    def evaluate(self, expression: str) -> object:
        return self.send("Runtime.evaluate", True, expression=expression, returnByValue=True)["result"].get(
            "value"
        )

    def layout(self) -> dict:
        """The page's width laid out and the screen's, its height, and every SVG plot's
        drawn width and height."""
        value = self.evaluate(
            "JSON.stringify({scroll: document.documentElement.scrollWidth, "
            "screen: document.documentElement.clientWidth, inner: window.innerWidth, "
            "height: document.documentElement.scrollHeight, "
            "plots: [...document.querySelectorAll('svg')].map(s => {"
            "const r = s.getBoundingClientRect(); return [r.width, r.height]; })})"
        )
        assert isinstance(value, str), value
        return json.loads(value)

    def screenshot(self, shot: Path, width: int, height: int) -> None:
        """The whole page, ``height`` pixels of it, as a PNG."""
        data = self.send(
            "Page.captureScreenshot",
            True,
            format="png",
            captureBeyondViewport=True,
            clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
        )["data"]
        shot.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.send("Browser.close")
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        os.close(self._send)
        os.close(self._read)


def look(page_text: str, folder: Path, widths: Sequence[int], shots: Path | None = None) -> dict[int, dict]:
    """The page laid out at each width (``Browser.layout``), and, given a folder,
    photographed whole into it as progress-WIDTH.png."""
    page = folder / "progress.html"
    page.write_text(page_text)
    browser = Browser(folder)
    try:
        out = {}
        for width in widths:
            browser.open(page, width)
            out[width] = browser.layout()
            if shots is not None:
                browser.screenshot(shots / f"progress-{width}.png", width, out[width]["height"])
        return out
    finally:
        browser.close()
