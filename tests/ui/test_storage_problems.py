"""Hostile storage through the real app: the player is told, nothing is lost, nothing crashes or hangs.

Faults are simulated where a test cannot make them (a full disk, a read-only
file): ``inject_faults`` makes the statistics' SQLite connections fail on
chosen statements.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pygame
import pytest

from game.recorder import RETRY_S
from game.storage.notices import Notice, NoticeKind
from game.storage.rows import iso_utc
from game.storage.stats import StatsStore
from game.ui.app import KEY_GRACE, App
from game.ui.scenes.dialogs import ConfirmDialog, MessageDialog
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.notices import OtherCopyScene
from game.ui.scenes.replays import ReplaysScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.title import TitleScene
from game.ui.scripted import Autopilot, headless_app, play_until, setup_for
from tests.storage.helpers import (
    ENOSPC,
    SQLITE_IOERR_WRITE,
    SQLITE_READONLY,
    game_record,
    inject_faults,
    play_match,
    row,
    sqlite_error,
)

DT = 1 / 30
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def apps() -> Iterator[list[App]]:
    """Apps to close at the end, whatever happens."""
    made: list[App] = []
    yield made
    for app in made:
        app.close()


def start(apps: list[App], home: Path) -> App:
    app = headless_app(home=home, language="en")
    apps.append(app)
    app.show_title()
    app.step(DT)
    return app


def dialog_text(app: App) -> str:
    top = app.stack.top
    assert isinstance(top, MessageDialog), f"expected a message, found {type(top).__name__}"
    return "".join(top.lines)


def dismiss(app: App) -> None:
    app.step(KEY_GRACE)  # a screen the game opened takes keys after a moment
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step(DT)


def result_shown(app: App) -> bool:
    """The result screen is up (perhaps with a notice over it)."""
    return any(isinstance(scene, ResultScene) for scene in app.stack.scenes)


def finish_a_game(app: App, games: int = 1, seed: int = 77) -> None:
    app.start_match(setup_for("standard", 4, "normal", seed=seed, games=games))
    play_until(app, result_shown, autopilot=Autopilot("normal", seed=4), max_frames=20_000)
    app.writer.flush()
    app.step(DT)


# --- 3: the disk is full at start-up ----------------------------------------------------------------------


def test_disk_full_at_start_keeps_the_statistics_and_says_so(
    tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the healthy file was moved aside as corrupt, and the next start showed empty statistics."""
    home = tmp_path / "home"
    path = home / "data" / "stats.sqlite3"
    with StatsStore(path) as store:
        for i in range(4):
            store.add_game(row(points=i))
    original = path.read_bytes()
    full = sqlite_error("disk I/O error", SQLITE_IOERR_WRITE)
    inject_faults(monkeypatch, lambda database, sql: full if sql == "PRAGMA quick_check" else None)
    app = start(apps, home)
    text = dialog_text(app)
    assert "cannot be used right now" in text and str(path) in text and "disk I/O error" in text
    assert app.ctx.stats is not None and not app.ctx.stats.persistent
    app.close()
    apps.remove(app)
    assert path.read_bytes() == original and not list(path.parent.glob("*.corrupt-*"))
    monkeypatch.undo()
    later = start(apps, home)
    assert isinstance(later.stack.top, TitleScene), "nothing to say the next time"
    assert later.ctx.stats is not None and later.ctx.stats.count_games() == 4


# --- 4: saved matches and newer files are kept ----------------------------------------------------------------


def test_a_refused_resume_keeps_the_saved_match_and_names_it(tmp_path: Path, apps: list[App]) -> None:
    """Before: a saved match that could not be resumed was deleted."""
    home = tmp_path / "home"
    app = start(apps, home)
    saved = {"version": 1, "setup": {"preset": "standard", "players": 4, "seats": []}, "record": {"games": []}}
    app.paths.autosave_file.write_text(json.dumps(saved))
    assert app.has_autosave()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.layout(app.ctx.size)
    title.resume_game()
    app.step(DT)
    (kept,) = app.paths.data_dir.glob("autosave.json.unresumable-*")
    assert json.loads(kept.read_text()) == saved
    text = dialog_text(app)
    assert str(kept) in text and "could not be continued" in text
    assert not app.has_autosave()


@pytest.mark.slow
def test_a_newer_versions_saved_match_survives_a_new_game(tmp_path: Path, apps: list[App]) -> None:
    """Before: starting a game deleted (then overwrote) the newer version's saved match."""
    home = tmp_path / "home"
    app = start(apps, home)
    newer = json.dumps({"version": 7, "future": "a match of a newer version"})
    app.paths.autosave_file.write_text(newer)
    assert not app.has_autosave(), "this version cannot continue it"
    finish_a_game(app)
    (kept,) = app.paths.data_dir.glob("autosave.json.v7-*")
    assert kept.read_text() == newer
    assert str(kept) in dialog_text(app), "told on the result screen"


@pytest.mark.slow
def test_a_newer_versions_statistics_are_never_touched(tmp_path: Path, apps: list[App]) -> None:
    """Before: the file was moved aside and a new one of the older schema took its place."""
    home = tmp_path / "home"
    path = home / "data" / "stats.sqlite3"
    with StatsStore(path) as store:
        store.add_game(row())
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    original = path.read_bytes()
    app = start(apps, home)
    assert "newer version" in dialog_text(app)
    dismiss(app)
    finish_a_game(app)
    app.close()
    apps.remove(app)
    assert path.read_bytes() == original and sorted(p.name for p in path.parent.glob("stats*")) == ["stats.sqlite3"]


# --- 5: the disk refuses results while playing --------------------------------------------------------------


@pytest.mark.slow
def test_results_refused_while_playing_are_kept_and_written_later(
    tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the game's result was dropped silently."""
    refusing = [True]
    full = sqlite_error("database or disk is full", ENOSPC)
    inject_faults(monkeypatch, lambda database, sql: full if refusing and sql.startswith("INSERT") else None)
    app = start(apps, tmp_path / "home")
    finish_a_game(app)
    text = dialog_text(app)
    assert "could not be written" in text and "disk is full" in text
    assert app.recorder.pending == 2, "the game and its (one-game) match wait in memory"
    stats = app.ctx.stats
    assert stats is not None and stats.count_games() == 0
    dismiss(app)
    refusing.clear()
    app.step(RETRY_S)  # the app tries again every RETRY_S seconds of play
    app.writer.flush()
    app.step(DT)
    assert app.recorder.pending == 0 and stats.count_games() == 1 and len(stats.recent_matches()) == 1
    assert "have now been saved" in dialog_text(app)


# --- 6: match rows, through the real flow ---------------------------------------------------------------------


@pytest.mark.slow
def test_a_match_row_has_every_game_its_times_and_its_strength(
    tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: only the last game was linked, started_at == finished_at and the strength was always "mixed"."""
    moment = [datetime(2025, 5, 1, 9, 0, tzinfo=timezone.utc)]

    def clock() -> str:
        moment[0] += timedelta(seconds=30)
        return iso_utc(moment[0])

    monkeypatch.setattr("game.session.utc_now", clock)
    monkeypatch.setattr("game.recorder.utc_now", clock)
    app = start(apps, tmp_path / "home")
    app.start_match(setup_for("standard", 4, "strong", seed=5, games=2))
    started = iso_utc(moment[0])
    pilot = Autopilot("normal", seed=2)
    play_until(app, result_shown, autopilot=pilot, max_frames=20_000)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    result.widgets.widgets[0].activate()  # next game
    play_until(app, result_shown, autopilot=pilot, max_frames=20_000)
    app.writer.flush()
    stats = app.ctx.stats
    assert stats is not None
    (match,) = stats.recent_matches()
    games = stats.match_games(match.id)
    assert len(games) == 2 == match.games and stats.count_games() == 2
    assert match.started_at == started < games[0].played_at < match.finished_at
    assert match.strength == "strong"


# --- 7: two copies on one data folder ----------------------------------------------------------------------------


def test_a_second_copy_says_so_and_touches_nothing(tmp_path: Path, apps: list[App]) -> None:
    """Before: both copies could continue the same saved match and record it twice."""
    home = tmp_path / "home"
    first = start(apps, home)
    first.start_match(setup_for("standard", 4, "normal", seed=3))
    first.step(DT)
    first.show_title()  # the match is saved
    first.writer.flush()
    settings = first.paths.settings_file.read_bytes()
    autosave = first.paths.autosave_file.read_bytes()
    assert first.has_autosave()

    second = start(apps, home)
    assert second.other_copy is not None and second.ctx.stats is None
    assert isinstance(second.stack.scenes[0], OtherCopyScene)
    text = dialog_text(second)
    assert "already" in text.lower() or "Another copy" in text
    assert str(home / "data") in text
    assert not second.has_autosave() and not second.resume_match()
    second.ctx.update_settings(volume=0.1)
    dismiss(second)
    assert not second.running, "closing the message quits"
    second.close()
    apps.remove(second)
    assert first.paths.settings_file.read_bytes() == settings
    assert first.paths.autosave_file.read_bytes() == autosave
    assert first.resume_match(), "the first copy goes on"
    first.close()
    apps.remove(first)
    third = start(apps, home)
    assert third.other_copy is None and third.has_autosave()


@pytest.mark.parametrize("kind", ["link", "folder"])
def test_a_lock_file_that_is_not_the_games_is_refused_and_nothing_written(
    tmp_path: Path, apps: list[App], kind: str
) -> None:
    """Before: a link had the process number written over its target; a folder let a second copy run."""
    home = tmp_path / "home"
    data = home / "data"
    with StatsStore(data / "stats.sqlite3") as store:
        store.add_game(row())
    original = (data / "stats.sqlite3").read_bytes()
    if kind == "link":
        (data / "daifugo.lock").symlink_to(data / "stats.sqlite3")
    else:
        (data / "daifugo.lock").mkdir()
    app = start(apps, home)
    assert app.locked_out and app.ctx.stats is None
    assert isinstance(app.stack.scenes[0], OtherCopyScene)
    text = dialog_text(app)
    assert str(data / "daifugo.lock") in text and "not the lock file" in text
    assert ("a link" if kind == "link" else "a folder") in text
    app.ctx.update_settings(volume=0.2)
    dismiss(app)
    assert not app.running, "closing the message quits"
    app.close()
    apps.remove(app)
    assert (data / "stats.sqlite3").read_bytes() == original
    assert not (home / "config" / "settings.json").exists()
    assert (data / "daifugo.lock").is_symlink() if kind == "link" else (data / "daifugo.lock").is_dir()


# --- 9: folders that cannot be used ------------------------------------------------------------------------------


@pytest.mark.parametrize("part", ["data", "config", "logs", "data/records"])
@pytest.mark.slow
def test_a_folder_that_is_a_file_gives_a_message_not_a_traceback(tmp_path: Path, apps: list[App], part: str) -> None:
    """Before: a traceback at start (FileExistsError / NotADirectoryError)."""
    home = tmp_path / "home"
    blocker = home / part
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("a file where a folder should be")
    app = start(apps, home)
    text = dialog_text(app)
    assert str(blocker) in text and "cannot be used" in text
    dismiss(app)
    assert isinstance(app.stack.top, TitleScene)
    finish_a_game(app)
    app.step(DT)
    stats = app.ctx.stats
    assert stats is not None and stats.count_games() == 1, "the game goes on; in memory if it must"
    assert stats.persistent == (part != "data")
    assert blocker.read_text() == "a file where a folder should be"


def test_notices_wait_while_the_table_is_in_play(tmp_path: Path, apps: list[App]) -> None:
    app = start(apps, tmp_path / "home")
    app.start_match(setup_for("standard", 4, "normal", seed=9))
    app.step(DT)
    app.notices.post(app.notices.take()[0] if len(app.notices) else _a_notice())
    app.step(DT)
    assert not isinstance(app.stack.top, MessageDialog) and len(app.notices) == 1
    app.show_title()
    app.step(DT)
    assert isinstance(app.stack.top, MessageDialog) and len(app.notices) == 0


def _a_notice() -> Notice:
    return Notice(NoticeKind.RESULTS_SAVED, "stats.sqlite3")


# --- 10: one flipped bit or a cut in the statistics file ---------------------------------------------------------


def damaged_home(tmp_path: Path, damage: Callable[[bytearray], bytes], name: str = "home") -> Path:
    """A data folder whose statistics file (a few games) was damaged by ``damage``."""
    home = tmp_path / name
    path = home / "data" / "stats.sqlite3"
    with StatsStore(path) as store:
        for i in range(3):
            store.add_game(row(points=i))
    path.write_bytes(damage(bytearray(path.read_bytes())))
    return home


def flip(offset: int, bit: int) -> Callable[[bytearray], bytes]:
    def damage(content: bytearray) -> bytes:
        content[offset] ^= 1 << bit
        return bytes(content)

    return damage


def test_a_flipped_sign_bit_in_the_schema_version_starts_with_a_notice(tmp_path: Path, apps: list[App]) -> None:
    """Before: KeyError in App.__init__ on every start, no window, no message."""
    app = start(apps, damaged_home(tmp_path, flip(60, 7)))
    text = dialog_text(app)
    assert "could not be read" in text and "schema version" in text
    dismiss(app)
    assert isinstance(app.stack.top, TitleScene)
    assert app.ctx.stats is not None and app.ctx.stats.persistent and app.ctx.stats.count_games() == 0


@pytest.mark.slow
@pytest.mark.parametrize("case", [f"flip-{o}-{b}" for o in (18, 19, 28, 44, 56, 60, 61, 62, 63) for b in range(8)]
                         + ["cut-0", "cut-100", "cut-4096"])
def test_the_app_starts_on_any_damage_to_the_header(tmp_path: Path, apps: list[App], case: str) -> None:
    """The real app on the header fields that steer SQLite and the schema: a title screen, a notice if needed."""
    kind, *numbers = case.split("-")
    if kind == "flip":
        damage = flip(int(numbers[0]), int(numbers[1]))
    else:
        def damage(content: bytearray) -> bytes:
            return bytes(content[: int(numbers[0])])
    app = start(apps, damaged_home(tmp_path, damage))
    while isinstance(app.stack.top, MessageDialog):
        dismiss(app)
    assert isinstance(app.stack.top, TitleScene)
    stats = app.ctx.stats
    assert stats is not None
    stats.count_games()


def test_the_game_itself_starts_on_a_flipped_schema_version(tmp_path: Path) -> None:
    """The command a player runs: exit 0 and no traceback, where it used to exit 1 with a KeyError."""
    home = damaged_home(tmp_path, flip(60, 7))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--home", str(home), "--first-frame"], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert list((home / "data").glob("stats.sqlite3.corrupt-*"))


# --- 11: JSON nested deeply ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [990, 5000])
def test_a_stored_record_nested_deeply_opens_as_no_record(tmp_path: Path, apps: list[App], depth: int) -> None:
    """Before: Replays showed the error screen (RecursionError decoding the record on the frame loop)."""
    home = tmp_path / "home"
    path = home / "data" / "stats.sqlite3"
    with StatsStore(path) as store:
        store.add_game(row(record=game_record(play_match(seed=4, games=1))))
    conn = sqlite3.connect(path)
    deep = '{"format": "daifugo-record/1", "games": ' + "[" * depth + "]" * depth + "}"
    conn.execute("UPDATE games SET record = ?", (deep,))
    conn.commit()
    conn.close()
    app = start(apps, home)
    app.show_replays()
    app.step(DT)
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene) and replays.selected is not None
    replays.open_selected()
    app.step(DT)
    assert not any(isinstance(scene, ErrorScene) for scene in app.stack.scenes)
    assert "cannot be read" in " ".join(dialog_text(app).split())


# --- 12: paths that are not UTF-8 -------------------------------------------------------------------------------------


@pytest.fixture
def no_log_capture() -> Iterator[None]:
    """Nothing logged reaches pytest: its report, sent between its processes, must be UTF-8."""
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


@pytest.mark.skipif(sys.platform == "win32" or sys.platform == "darwin", reason="file names there are Unicode")
def test_a_folder_whose_name_is_not_utf8_is_named_in_notices_and_on_the_error_screen(
    tmp_path: Path, apps: list[App], no_log_capture: None
) -> None:
    """Before: drawing the notice failed, drawing the error screen failed too, and the game exited with a traceback."""
    home = tmp_path / os.fsdecode(b"d\xffaten")
    home.mkdir()
    (home / "config").write_text("a file where the folder should be")
    app = headless_app(home=home, language="en")  # the error screen is what the player would get, not an exception
    apps.append(app)
    app.show_title()
    app.step(DT)
    text = dialog_text(app)
    assert "d\\xffaten" in text and "cannot be used" in text
    app.step(DT)  # drawn
    app._show_error(RuntimeError(f"cannot open {home}"))
    app.step(DT)
    assert isinstance(app.stack.top, ErrorScene) and app.running
    app.close()
    apps.remove(app)


# --- 13: files set aside are named ----------------------------------------------------------------------------------


def autosave_damage(path: Path, kind: str) -> None:
    if kind == "truncated":
        path.write_text('{"version": 1, "setup": {"preset": "standard", "pl')
    elif kind == "not JSON":
        path.write_bytes(b"\x00\xff not json")
    elif kind == "a folder":
        path.mkdir()
    else:  # larger than 64 MiB
        with open(path, "wb") as handle:
            handle.truncate(65 << 20)


@pytest.mark.parametrize("kind", ["truncated", "not JSON", "a folder", "64 MiB"])
def test_a_damaged_autosave_is_named_when_set_aside(tmp_path: Path, apps: list[App], kind: str) -> None:
    """Before: it was moved aside without a word, and 続きから just disappeared."""
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    autosave_damage(home / "data" / "autosave.json", kind)
    app = start(apps, home)
    (kept,) = (home / "data").glob("autosave.json.corrupt-*")
    text = dialog_text(app)
    assert str(kept) in text and "could not be read" in text
    dismiss(app)
    assert isinstance(app.stack.top, TitleScene) and not app.has_autosave()


@pytest.mark.parametrize("kind", ["not JSON", "50 MB"])
def test_damaged_settings_are_named_when_set_aside(tmp_path: Path, apps: list[App], kind: str) -> None:
    """Before: moved aside silently, every setting back to its default without a word."""
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    settings = home / "config" / "settings.json"
    if kind == "not JSON":
        settings.write_text('{"language": "ja", "volume": 0.2')
    else:
        with open(settings, "wb") as handle:
            handle.truncate(50_000_000)
    app = start(apps, home)
    (kept,) = (home / "config").glob("settings.json.corrupt-*")
    text = dialog_text(app)
    assert str(kept) in text and "default settings" in text


def test_a_settings_file_that_cannot_be_read_is_named(tmp_path: Path, apps: list[App]) -> None:
    home = tmp_path / "home"
    (home / "config" / "settings.json").mkdir(parents=True)
    app = start(apps, home)
    text = dialog_text(app)
    assert str(home / "config" / "settings.json") in text and "cannot be read" in text


# --- 14: results waiting at quit, and a store in memory ---------------------------------------------------------------


def read_only_statistics(tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch) -> App:
    """The app on a fresh folder whose statistics file refuses every row (read-only), until ``monkeypatch.undo()``."""
    error = sqlite_error("attempt to write a readonly database", SQLITE_READONLY)
    inject_faults(monkeypatch, lambda database, sql: error if sql.startswith("INSERT") else None)
    return start(apps, tmp_path / "home")


@pytest.mark.slow
def test_results_waiting_at_quit_are_kept_for_the_next_start(
    tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: quitting threw the waiting results away with a log line (the game and its match lost)."""
    app = read_only_statistics(tmp_path, apps, monkeypatch)
    finish_a_game(app)
    assert app.recorder.pending == 2 and "could not be written" in dialog_text(app)
    waiting = app.paths.waiting_file
    assert waiting.exists(), "kept on disk as soon as they wait (a kill loses nothing either)"
    app.close()
    apps.remove(app)
    monkeypatch.undo()
    later = start(apps, tmp_path / "home")
    later.writer.flush()
    later.step(DT)
    assert "have now been saved" in dialog_text(later)
    stats = later.ctx.stats
    assert stats is not None and stats.count_games() == 1 and len(stats.recent_matches()) == 1
    assert not waiting.exists()


@pytest.mark.slow
def test_a_store_in_memory_takes_the_file_again_when_it_can_be_used(
    tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a store that fell back to memory never reopened the file; its results were lost at quit."""
    home = tmp_path / "home"
    with StatsStore(home / "data" / "stats.sqlite3") as store:
        store.add_game(row())
    failing = [True]
    error = sqlite_error("disk I/O error", SQLITE_IOERR_WRITE)
    inject_faults(monkeypatch, lambda database, sql: error if failing and sql == "PRAGMA quick_check" else None)
    app = start(apps, home)
    assert "cannot be used right now" in dialog_text(app)
    dismiss(app)
    stats = app.ctx.stats
    assert stats is not None and not stats.persistent
    finish_a_game(app)
    assert stats.count_games() == 1 and app.recorder.held == 2, "shown from memory, held for the file"
    assert app.paths.waiting_file.exists()
    failing.clear()
    app.step(RETRY_S)
    app.writer.flush()
    app.step(DT)
    assert stats.persistent and app.recorder.held == 0
    assert stats.count_games() == 2, "the file's game and this session's"
    assert "have now been saved" in " ".join(dialog_text(app).split())
    assert not app.paths.waiting_file.exists()


@pytest.mark.slow
def test_quitting_asks_first_when_waiting_results_cannot_be_kept(
    tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = read_only_statistics(tmp_path, apps, monkeypatch)
    app.paths.waiting_file.mkdir()  # nowhere to keep them either
    finish_a_game(app)
    dismiss(app)
    assert app.recorder.unkept == 2
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert app.running and "quitting now loses them" in " ".join(dialog_text_of(app).split())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(DT)
    assert app.running, "cancelled: the game goes on and tries again"


def dialog_text_of(app: App) -> str:
    top = app.stack.top
    assert isinstance(top, ConfirmDialog), f"expected a question, found {type(top).__name__}"
    return "".join(top.lines)


def test_damaged_kept_results_are_named(tmp_path: Path, apps: list[App]) -> None:
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    (home / "data" / "results-waiting.json").write_text('{"version": 1, "rows": [')
    app = start(apps, home)
    (kept,) = (home / "data").glob("results-waiting.json.corrupt-*")
    assert str(kept) in dialog_text(app)
