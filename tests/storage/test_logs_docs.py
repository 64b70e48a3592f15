"""The log file set-up, and the examples in the storage modules' docstrings."""

from __future__ import annotations

import doctest
import importlib
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.storage.logs import setup_logging
from game.storage.paths import AppPaths


@pytest.fixture
def root_logger() -> Iterator[logging.Logger]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield root
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    logging.captureWarnings(False)


def test_setup_logging_writes_to_the_log_folder(tmp_path: Path, root_logger: logging.Logger) -> None:
    paths = AppPaths.under(tmp_path)
    path = setup_logging(paths)
    assert path == paths.log_file and path.parent.is_dir()
    count = len(root_logger.handlers)
    assert setup_logging(paths) == path and len(root_logger.handlers) == count, "called twice: one handler"
    logging.getLogger("game.storage.test").warning("統計 %s", "ok")
    for handler in root_logger.handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert "WARNING game.storage.test" in text and "統計 ok" in text


def test_an_unwritable_log_folder_falls_back_to_stderr(tmp_path: Path, root_logger: logging.Logger) -> None:
    (tmp_path / "logs").write_text("a file where the folder should be")
    path = setup_logging(AppPaths.under(tmp_path))
    assert path == tmp_path / "logs" / "daifugo.log"
    assert any(isinstance(h, logging.StreamHandler) and not isinstance(h, logging.FileHandler)
               for h in root_logger.handlers)


@pytest.mark.timeout(60)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_as_log_file_falls_back_to_stderr(tmp_path: Path, root_logger: logging.Logger) -> None:
    """Before: opening it for appending waited for a reader forever, before the window opened."""
    (tmp_path / "logs").mkdir()
    os.mkfifo(tmp_path / "logs" / "daifugo.log")
    setup_logging(AppPaths.under(tmp_path))
    (ours,) = [h for h in root_logger.handlers if getattr(h, "_daifugo_handler", False)]
    assert isinstance(ours, logging.StreamHandler) and not isinstance(ours, logging.FileHandler)


@pytest.mark.parametrize(
    "module",
    ["paths", "settings", "stats", "records_io", "atomic", "autosave", "files", "lock", "notices", "jsontext", "rows"],
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(f"game.storage.{module}"))
    assert result.failed == 0


def test_storage_does_not_import_pygame() -> None:
    import subprocess
    import sys

    code = "import sys, game.storage; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2]).returncode == 0


def flush(root_logger: logging.Logger) -> None:
    for handler in root_logger.handlers:
        handler.flush()


@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
def test_a_log_file_that_is_a_link_is_not_written_through(
    tmp_path: Path, root_logger: logging.Logger, kind: str
) -> None:
    """Before: log lines were appended to the other file."""
    other = tmp_path / "notes.txt"
    other.write_text("someone else's file\n")
    (tmp_path / "logs").mkdir()
    log_file = tmp_path / "logs" / "daifugo.log"
    if kind == "symlink":
        log_file.symlink_to(other)
    else:
        os.link(other, log_file)
    assert setup_logging(AppPaths.under(tmp_path)) == log_file
    logging.getLogger("game.test").warning("a line for the log")
    flush(root_logger)
    assert other.read_text() == "someone else's file\n"
    assert not log_file.is_symlink() and os.stat(log_file).st_nlink == 1
    assert "a line for the log" in log_file.read_text() and "kept as" in log_file.read_text()
    (kept,) = (tmp_path / "logs").glob("daifugo.log.link-*")
    assert kept.is_symlink() if kind == "symlink" else kept.read_text() == other.read_text()
