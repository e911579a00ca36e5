"""A record kept by 0.10 becomes one of cards (issue 41): copied beside itself before the
first write, each drill's right answers replayed as Good at the times of their lessons,
the drills 0.10 called done due again; and FSRS's grades from an answer."""

from __future__ import annotations

import sqlite3

import fsrs

from domino_advisor.cli.demo import demo_text
from domino_advisor.learning import recordschema, schedule
from domino_advisor.learning.progress import Record

DAY = 86_400.0
NOW = 1_796_731_200.0  # 2026-12-08 12:00 UTC
LESSONS = {1: NOW - 30 * DAY, 2: NOW - 20 * DAY, 3: NOW - 12 * DAY, 4: NOW - 10 * DAY}


def _record_of_0_10(where) -> bytes:
    """A record as 0.10.0 wrote it (version 3): three drills of one game, one right twice
    (done), one right once, one never right; the lessons and the drill answers kept."""
    db = sqlite3.connect(where)
    db.execute(
        "CREATE TABLE answers (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, points REAL NOT NULL, "
        "rules TEXT NOT NULL, lesson INTEGER NOT NULL, at REAL NOT NULL, "
        "source TEXT NOT NULL DEFAULT 'train', seconds REAL)"
    )
    db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT NOT NULL, text TEXT NOT NULL, added REAL)")
    db.execute(
        "CREATE TABLE drills (id INTEGER PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id), "
        "position TEXT NOT NULL, event INTEGER NOT NULL, kind TEXT NOT NULL, about TEXT NOT NULL, "
        "cost REAL NOT NULL, rights INTEGER NOT NULL DEFAULT 0, due INTEGER NOT NULL DEFAULT 0, "
        "UNIQUE (position, kind))"
    )
    db.execute("CREATE TABLE lessons (id INTEGER PRIMARY KEY, at REAL NOT NULL)")
    db.executemany("INSERT INTO lessons (id, at) VALUES (?, ?)", LESSONS.items())
    db.execute("INSERT INTO games VALUES ('g1', 'demo.dom', ?, ?)", (demo_text(), NOW - 31 * DAY))
    db.executemany(
        "INSERT INTO drills (id, game, position, event, kind, about, cost, rights, due) "
        "VALUES (?, 'g1', ?, 11, ?, ?, 0.03, ?, ?)",
        [(1, "p", "voids", "bob", 2, 6), (2, "p", "count", "4", 1, 5), (3, "p", "move", "", 0, 5)],
    )
    answers = [  # (kind, points, lesson): the voids drill right in lessons 1 and 4, the count in 3
        ("voids", 1.0, 1),
        ("count", 0.0, 1),
        ("count", 1.0, 3),
        ("move", 0.0, 3),
        ("voids", 1.0, 4),
    ]
    db.executemany(
        "INSERT INTO answers (kind, points, rules, lesson, at, source, seconds) "
        "VALUES (?, ?, 'classic', ?, ?, 'drill', 3)",
        [(k, p, n, LESSONS[n] + 60) for k, p, n in answers],
    )
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    return where.read_bytes()


def test_a_record_of_0_10_is_copied_and_its_drills_become_cards(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(NOW))
    where = tmp_path / "progress.sqlite"
    before = _record_of_0_10(where)
    record = Record(where)
    copy = tmp_path / "progress-v3.sqlite"
    assert record.copied == copy and copy.read_bytes() == before  # as 0.10.0 left it
    old = sqlite3.connect(copy)
    assert recordschema.shape_of(old) == (3, True)  # 0.10.0's own check: it opens the copy
    old.close()
    assert record.db.execute("PRAGMA user_version").fetchone()[0] == recordschema.VERSION
    # the done drill: due now, its memory from its two rights (lessons 1 and 4)
    done = record.memory(1)
    seeded = schedule.replayed([LESSONS[1], LESSONS[4]])
    assert done is not None and (done.stability, done.last_review) == (seeded.stability, seeded.last_review)
    assert done.due == NOW
    # right once (lesson 3): due when that memory says (2 days after: already past)
    once = schedule.replayed([LESSONS[3]])
    assert record.memory(2) == once and once.due == LESSONS[3] + 2 * DAY
    assert record.memory(3) is None  # never right: a new card, due now
    assert {k.id for k in record.due()} == {1, 2, 3}
    record.close()
    again = Record(where)  # migrated once: no second copy
    assert again.copied is None and sorted(p.name for p in tmp_path.iterdir()) == [
        "progress-v3.sqlite",
        "progress.sqlite",
    ]
    again.close()


def test_a_copy_never_overwrites_an_earlier_one(tmp_path):
    where = tmp_path / "progress.sqlite"
    (tmp_path / "progress-v3.sqlite").write_bytes(b"an earlier copy")
    _record_of_0_10(where)
    record = Record(where)
    assert record.copied == tmp_path / "progress-v3-2.sqlite"
    assert (tmp_path / "progress-v3.sqlite").read_bytes() == b"an earlier copy"
    record.close()


def test_a_new_record_is_not_copied(tmp_path):
    record = Record(tmp_path / "progress.sqlite")
    assert record.copied is None and [p.name for p in tmp_path.iterdir()] == ["progress.sqlite"]
    record.close()


def test_grades_are_again_good_and_hard_never_easy():
    assert schedule.grade(False, 2) == fsrs.Rating.Again
    assert schedule.grade(True, 2) == fsrs.Rating.Good
    assert schedule.grade(True, schedule.SLOW + 1) == fsrs.Rating.Hard
    first = schedule.review(None, True, 2, NOW)
    slow = schedule.review(None, True, schedule.SLOW + 1, NOW)
    wrong = schedule.review(None, False, 2, NOW)
    assert wrong.stability < slow.stability < first.stability  # what each grade says of your memory
    assert wrong.due - NOW == DAY and wrong.due <= slow.due < first.due


def test_the_same_answers_at_the_same_times_give_the_same_schedule():
    """No fuzz: a record replayed gives the same days (FSRS's fuzz would draw them)."""
    times = [NOW, NOW + 2 * DAY, NOW + 13 * DAY]
    assert schedule.replayed(times) == schedule.replayed(times)
    memory = None
    for at, right in zip(times, (True, False, True), strict=True):
        memory = schedule.review(memory, right, 1, at)
    memory2 = None
    for at, right in zip(times, (True, False, True), strict=True):
        memory2 = schedule.review(memory2, right, 1, at)
    assert memory == memory2


def test_a_well_known_drill_still_comes_back():
    memory = None
    at = NOW
    for _ in range(8):
        memory = schedule.review(memory, True, 1, at)
        at = memory.due
    assert memory is not None and memory.due - memory.last_review == schedule.LONGEST * DAY  # back in a year
    young = schedule.review(None, True, 1, NOW)
    assert 0.85 <= young.recall(young.due) <= 0.95  # due when recall falls to the retention


def test_retention_is_a_setting_and_a_higher_one_brings_drills_back_sooner():
    loose = schedule.review(None, True, 1, NOW, retention=0.8)
    tight = schedule.review(None, True, 1, NOW, retention=0.97)
    assert tight.due < loose.due


def test_retention_is_checked_where_it_is_set(runner, tmp_path, monkeypatch):
    from clitools import refused

    refused(runner, None, "train", "--retention", "0.95", says="is for --from, --drills or --deals only")
    refused(runner, None, "train", "--drills", "--retention", "1.5", says="0.7")
    config = tmp_path / "config.toml"
    config.write_text("[train]\nretention = 0.5\n")
    monkeypatch.setenv("DOMINO_ADVISOR_CONFIG", str(config))
    refused(runner, None, "train", "--drills", says="train.retention is 0.7 to 0.99")


def test_a_drill_where_the_count_decides_is_kept_as_one(tmp_path, monkeypatch):
    """The record says why a drill was kept, so a lesson tells it as the count's own (not
    by comparing a cost recomputed at the table's budget)."""
    from domino_advisor.learning.drillstore import Drill

    monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(NOW))
    record = Record(tmp_path / "progress.sqlite")
    record.add_drills("demo.dom", "g1", demo_text(), [Drill(11, "voids", "bob", 0.03, "p11", decides=True)])
    record.add_drills("demo.dom", "g1", demo_text(), [Drill(11, "count", "4", 0.03, "p11")])
    kept = {k.drill.kind: k.drill.decides for k in record.due()}
    assert kept == {"voids": True, "count": False}
    record.close()


def test_a_clock_that_is_no_time_is_refused_in_words(runner, monkeypatch):
    from clitools import refused

    for said in ("garbage", "nan", "inf", "1e300", "-5", "2026-13-01"):
        monkeypatch.setenv("DOMINO_ADVISOR_NOW", said)
        refused(runner, None, "progress", says="is not a time")
        refused(runner, None, "train", "--drills", says="is not a time")
    monkeypatch.setenv("DOMINO_ADVISOR_NOW", "2026-12-08T18:00+01:00")
    from domino_advisor.learning import clock

    assert clock.now() == NOW + 5 * 3600  # a zone named is read; 18:00 UTC+1 is 17:00 UTC


def test_a_migration_that_fails_leaves_the_folder_as_it_was(tmp_path, monkeypatch):
    where = tmp_path / "progress.sqlite"
    before = _record_of_0_10(where)

    def fails(db, version, at):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(recordschema, "migrate", fails)
    for _ in range(3):
        try:
            Record(where)
        except Exception:
            pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.sqlite"] and where.read_bytes() == before


def test_a_bad_clock_makes_nothing(tmp_path, monkeypatch):
    from domino_advisor.learning.clock import ClockError

    monkeypatch.setenv("DOMINO_ADVISOR_NOW", "bad")
    fresh = tmp_path / "new" / "progress.sqlite"
    old = tmp_path / "progress.sqlite"
    before = _record_of_0_10(old)
    for where in (fresh, old):
        try:
            Record(where)
            raise AssertionError("opened with no time")
        except ClockError:
            pass
    assert not fresh.parent.exists() and old.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.sqlite"]


def test_the_copy_never_writes_through_a_link(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(NOW))
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "progress-v3.sqlite.part").symlink_to(victim)
    _record_of_0_10(folder / "progress.sqlite")
    Record(folder / "progress.sqlite").close()
    assert victim.read_text() == "keep" and (folder / "progress-v3.sqlite").exists()


def test_hand_edited_rows_of_0_10_still_migrate(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(NOW))
    where = tmp_path / "progress.sqlite"
    _record_of_0_10(where)
    db = sqlite3.connect(where)
    db.execute("UPDATE lessons SET at = -1e13 WHERE id = 1")
    db.execute("UPDATE games SET added = 'x'")
    db.execute("UPDATE drills SET rights = 9223372036854775807 WHERE id = 2")  # 0.10 stopped at two
    db.commit()
    db.close()
    record = Record(where)
    assert {k.id for k in record.due()} == {1, 2, 3}  # done, as 0.10 would have called them: due
    record.close()


def test_hand_edited_schedules_start_again_due_now(tmp_path, monkeypatch):
    """A due time or a memory that is no date (text, NULL, 1e308): the drill is due now and
    counted alike everywhere, and answering it starts its memory again."""
    from domino_advisor.learning.drillstore import Drill

    monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(NOW))
    record = Record(tmp_path / "progress.sqlite")
    record.add_drills("demo.dom", "g1", demo_text(), [Drill(11, k, a, 0.03, "p11") for k, a in KINDS])
    ids = [k.id for k in record.due()]
    for drill, answer in zip(ids, (True, True, True), strict=True):
        assert record.answered(drill, answer)
    assert record.due() == [] and record.drills_due() == 0
    for drill, value in zip(ids, ("abc", None, 1e308), strict=True):
        record.db.execute("UPDATE drills SET due_at = ? WHERE id = ?", (value, drill))
    record.db.execute("UPDATE drills SET reviewed = 1e308 WHERE id = ?", (ids[0],))
    record.db.commit()
    assert sorted(k.id for k in record.due()) == sorted(ids) and record.drills_due() == 3
    assert record.next_due() is None
    assert record.answered(ids[0], True) and record.memory(ids[0]).last_review == NOW
    record.close()


KINDS = [("voids", "bob"), ("count", "4"), ("move", "")]


def test_the_latest_clock_leaves_a_year_for_the_schedule(runner, monkeypatch):
    from clitools import refused
    from domino_advisor.learning import clock

    monkeypatch.setenv("DOMINO_ADVISOR_NOW", "9999-12-31T12:00")
    refused(runner, None, "train", "--drills", says="is not a time")
    monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(clock.LATEST))
    known = schedule.Memory(5000.0, 2.0, clock.LATEST, clock.LATEST - 300 * DAY)  # known for years
    late = schedule.review(known, True, 1, clock.now())  # the longest wait, from the latest clock
    assert late.due == clock.LATEST + schedule.LONGEST * DAY <= clock.LAST
    monkeypatch.delenv("DOMINO_ADVISOR_NOW")
    refused(runner, None, "train", "--drills", "--retention", "nan", says="--retention")


def test_a_drill_lesson_leaves_room_for_new_drills(tmp_path, monkeypatch):
    """At most six in ten of a lesson's drills are reviews while new ones wait (the mix
    that beat 0.10.0's rule on retention and accuracy under every model learner); the
    reviews fill what the new leave."""
    from domino_advisor.learning.drillstore import Drill

    monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(NOW))
    record = Record(tmp_path / "progress.sqlite")
    yours = (7, 11, 15, 19, 23, 30)  # the demo's moves of yours: a count and a move drill at each
    both = [Drill(e, kind, "1", 0.03, f"p{e}") for e in yours for kind in ("count", "move")]
    assert record.add_drills("demo.dom", "g1", demo_text(), both) == 12
    old = record.due(8)  # all new: the longest overdue (all due now), the costliest, the first kept
    for kept in old:
        assert record.answered(kept.id, False, 5.0)  # Again: due again within days
    monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(NOW + 5 * DAY))
    answered = {k.id for k in old}
    due = record.due(10)
    assert [k.id in answered for k in due] == [True] * 6 + [False] * 4
    assert [k.id in answered for k in record.due(4)] == [True, True, False, False]
    assert len(record.due(20)) == 12 and [k.id in answered for k in record.due(20)][:8] == [True] * 8
    record.close()
