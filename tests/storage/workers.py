"""Code run in other processes by the concurrency and kill tests (importable under spawn)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from game.storage.autosave import save_autosave
from game.storage.settings import Settings, save_settings
from game.storage.stats import GameRow, StatsStore


def numbered_row(worker: int, index: int, record: dict[str, Any] | None = None) -> GameRow:
    """A game row that says which worker wrote it and its number (in ``points`` and ``rules``)."""
    return GameRow(
        played_at=f"2025-01-01T00:{index // 60 % 60:02d}:{index % 60:02d}Z",
        preset="standard" if worker % 2 == 0 else "uecda",
        rules={"worker": worker, "index": index},
        players=5,
        opponents=[None, "normal", "normal", "strong", "normal"],
        human_seat=0,
        place=index % 5,
        title=("daifugo", "fugo", "heimin", "hinmin", "daihinmin")[index % 5],
        points=worker * 100_000 + index,
        duration_s=1.5,
        revolution=index % 2 == 0,
        record=record,
    )


def write_games(path: str, worker: int, count: int, barrier: Any, record: dict[str, Any]) -> None:
    """Open the store at the same moment as the other worker, then write ``count`` games."""
    barrier.wait(timeout=120)
    store = StatsStore(path)
    if store.recovered is not None or not store.persistent:
        raise SystemExit(f"worker {worker}: {store.recovered}")
    for index in range(count):
        store.add_game(numbered_row(worker, index, record))
        if index % 100 == 0:
            store.summary()
            store.recent_games(limit=5)
    store.close()


def open_store(path: str, barrier: Any, answers: Any) -> None:
    """Open a new store at the same moment as the other process; put what happened on ``answers``."""
    barrier.wait(timeout=60)
    store = StatsStore(path)
    answers.put((store.persistent, store.recovered))
    store.close()


def write_forever(folder: str) -> None:
    """Write the settings, the autosave and a game row again and again; print each finished round."""
    base = Path(folder)
    store = StatsStore(base / "stats.sqlite3")
    pad = "x" * 200_000
    index = 0
    while True:
        index += 1
        settings = Settings(language="en", volume=(index % 100) / 100, last_setup={"index": index, "pad": pad[:5000]})
        if not save_settings(base / "settings.json", settings):
            raise SystemExit("settings not written")
        if not save_autosave(base / "autosave.json", {"version": 1, "index": index, "pad": pad}):
            raise SystemExit("autosave not written")
        store.add_game(numbered_row(0, index))
        print(index, flush=True)


if __name__ == "__main__":
    write_forever(sys.argv[1])
