"""Paths (platformdirs, DAIFUGO_HOME) and atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.storage.atomic import move_aside, remove_stale_temps, write_atomic
from game.storage.paths import HOME_ENV, AppPaths, app_paths


def test_home_variable_overrides_the_platform_folders(tmp_path: Path) -> None:
    paths = app_paths({HOME_ENV: str(tmp_path / "portable")})
    assert paths.data_dir == tmp_path / "portable" / "data"
    assert paths.config_dir == tmp_path / "portable" / "config"
    assert paths.log_dir == tmp_path / "portable" / "logs"
    assert paths.stats_db.parent == paths.data_dir
    assert paths.settings_file == paths.config_dir / "settings.json"
    assert paths.autosave_file.parent == paths.data_dir
    assert paths.records_dir.parent == paths.data_dir
    assert paths.log_file.parent == paths.log_dir
    assert not (tmp_path / "portable").exists(), "nothing is created before ensure()"
    assert paths.ensure() is paths
    for folder in (paths.data_dir, paths.config_dir, paths.log_dir, paths.records_dir):
        assert folder.is_dir()
    paths.ensure()  # twice is fine


def test_platform_folders_name_the_application(tmp_path: Path) -> None:
    for env in ({}, {HOME_ENV: "  "}):
        paths = app_paths(env)
        for folder in (paths.data_dir, paths.config_dir, paths.log_dir):
            assert "daifugo" in str(folder).lower()


def test_process_environment_is_read_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert app_paths() == AppPaths.under(tmp_path)


def test_write_atomic_replaces_the_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "file.json"
    write_atomic(target, "é" * 10)
    assert target.read_text(encoding="utf-8") == "é" * 10
    write_atomic(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "settings.json"
    write_atomic(target, "old")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomic(target, "new" * 1000)
    monkeypatch.undo()
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_stale_temporary_files_are_removed_fresh_ones_kept(tmp_path: Path) -> None:
    target = tmp_path / "autosave.json"
    stale = tmp_path / ".autosave.json.abc.tmp"
    fresh = tmp_path / ".autosave.json.def.tmp"
    other = tmp_path / ".other.json.abc.tmp"
    for path in (stale, fresh, other):
        path.write_text("partial")
    os.utime(stale, (1_000_000, 1_000_000))
    os.utime(other, (1_000_000, 1_000_000))
    assert remove_stale_temps(target) == 1
    assert not stale.exists() and fresh.exists() and other.exists()


def test_move_aside_never_overwrites_and_takes_companions(tmp_path: Path) -> None:
    target = tmp_path / "stats.sqlite3"
    assert move_aside(target) is None
    names = []
    for round_ in range(3):
        target.write_text(f"db{round_}")
        Path(f"{target}-wal").write_text(f"wal{round_}")
        moved = move_aside(target, ("-wal", "-shm"))
        assert moved is not None and moved.name.startswith("stats.sqlite3.corrupt-")
        assert moved.read_text() == f"db{round_}"
        assert Path(f"{moved}-wal").read_text() == f"wal{round_}"
        names.append(moved.name)
    assert len(set(names)) == 3
    assert not target.exists() and not Path(f"{target}-wal").exists()
