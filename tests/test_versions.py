"""What the docs say of versions holds (issue 39): no page names a version of ours later
than the package's (what is built but not yet released is marked "(unreleased)"), and the
CHANGELOG's newest section is the package's version or "Unreleased" above it."""

from __future__ import annotations

import re
from pathlib import Path

from domino_advisor import __version__

ROOT = Path(__file__).resolve().parents[1]
OURS = re.compile(r"\b0\.(\d+)\.(\d+)\b")  # the program's versions are 0.x.y (the peers' are not)


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split("."))


def pages() -> list[Path]:
    return [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_no_page_names_a_version_later_than_the_packages():
    package = _version(__version__)
    later = [
        f"{page.relative_to(ROOT)}:{n}: {m.group(0)}"
        for page in pages()
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for m in OURS.finditer(line)
        if _version(m.group(0)) > package
    ]
    assert not later, f"named before it is released (write '(unreleased)'): {later}"


def test_the_changelog_names_the_package_version():
    heads = re.findall(r"(?m)^## (.+)$", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    released = [h for h in heads if h != "Unreleased"]
    assert heads.index(released[0]) <= 1 and heads[: heads.index(released[0])] in ([], ["Unreleased"])
    assert released[0].split()[0] == __version__, "the newest released section is the package's version"
    assert max(_version(h.split()[0]) for h in released) == _version(__version__)


def test_the_check_finds_a_later_version(tmp_path):
    """The pattern sees a version written as the docs write them."""
    line = "since 0.11.0 (unreleased); before 0.9.0"
    assert [m.group(0) for m in OURS.finditer(line)] == ["0.11.0", "0.9.0"]
