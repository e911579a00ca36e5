"""Regenerate docs/img/progress-1280.png and docs/img/progress-390.png: the ``progress
--html`` page of the seeded example record (tests/progressexample.py, the page the slow
test lays out) as headless Chromium draws it, wide and on a phone.

    python scripts/progress_screenshots.py      (needs Debian's chromium)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from progressexample import chromium, example_page, look  # noqa: E402

WIDTHS = (1280, 390)


def main() -> None:
    if chromium() is None:
        sys.exit("needs chromium on the PATH (Debian: apt-get install chromium)")
    shots = ROOT / "docs" / "img"
    shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        laid = look(example_page(), Path(folder), WIDTHS, shots)
    for width in WIDTHS:
        print(f"{shots / f'progress-{width}.png'}: {width} x {laid[width]['height']} pixels")


if __name__ == "__main__":
    main()
