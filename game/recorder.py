"""The statistics of play: each finished game, and each finished match with every game of it, written once.

``ResultRecorder`` takes the session's ``GameSummary`` (``on_game_over``) and
owns a match's bookkeeping.  Each game's row carries the match's key and its
number in the match; when the match ends, its row (started and finished
times, the table's strength, the totals, the record) is written and every
game stored with the key is linked to it, those written before a quit and
resume included.  Only matches with the human at the table are counted.

Rows are written in order off the frame loop (``submit``: the app's
background writer).  A row the disk refuses (it is full, the file became
read-only, another program holds the lock) stays queued in memory, in order,
and is written by a later ``retry()``; the player is told once when results
start waiting and once more when everything waiting has been written.

When the statistics run in memory (the file could not be used at start), a
row written there is held too: each ``retry()`` tries the file again
(``StatsStore.reopen``) and writes the held rows to it once it can be used.
Rows waiting or held are kept on disk beside the autosave
(``storage/waiting.py``) whenever they change, so a quit or a kill loses
none; ``restore()`` queues them again at the next start.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path

from game.kinds import variant_of
from game.session import HUMAN, GameSummary
from game.storage.notices import Notice, NoticeKind
from game.storage.rows import GameRow, MatchRow, utc_now
from game.storage.stats import StatsError, StatsStore
from game.storage.waiting import load_waiting, save_waiting

__all__ = ["RETRY_S", "ResultRecorder", "game_row", "match_row"]

log = logging.getLogger(__name__)

RETRY_S = 30.0
"""How often the app tries again to write results the disk refused (seconds of play)."""

Row = GameRow | MatchRow


def game_row(summary: GameSummary, played_at: str) -> GameRow:
    """The statistics row of a finished game."""
    return GameRow(
        played_at=played_at,
        preset=summary.rules.preset,
        rules=summary.rules.switches(),
        players=summary.rules.players,
        opponents=list(summary.opponents),
        human_seat=summary.human_seat,
        place=summary.place,
        title=summary.title.value,
        points=summary.points,
        duration_s=summary.duration_s,
        forbidden_finish=summary.forbidden_finish,
        miyako_ochi=summary.miyako_ochi,
        revolution=summary.revolution,
        record=summary.record,
        match_key=summary.match_key or None,
        match_game=summary.game_index if summary.match_key else None,
        variant=variant_of(summary.rules),
    )


def match_row(summary: GameSummary, finished_at: str) -> MatchRow:
    """The statistics row of the match that ``summary``'s game ended.

    The table's strength is that of the last game's opponents (a change of
    level takes effect from the next game on).
    """
    outcome = summary.match_over
    if outcome is None:
        raise ValueError("the match is not over")
    return MatchRow(
        started_at=summary.started_at or finished_at,
        finished_at=finished_at,
        preset=summary.rules.preset,
        players=summary.rules.players,
        games=summary.games_played,
        human_total=outcome.totals[HUMAN],
        human_rank=outcome.ranking.index(HUMAN),
        totals=list(outcome.totals),
        record=summary.match_record,
        opponents=list(summary.opponents),
        match_key=summary.match_key or None,
        variant=variant_of(summary.rules),
    )


class ResultRecorder:
    """Writes the results of play to ``stats``; keeps in memory, in order, what the disk refused."""

    def __init__(
        self,
        stats: StatsStore | None,
        submit: Callable[..., None],
        notify: Callable[[Notice], None],
        *,
        clock: Callable[[], str] | None = None,
        waiting: Path | None = None,
    ) -> None:
        self.stats = stats
        self.submit = submit
        """``submit(job, key=...)`` runs ``job`` after the jobs given before it; a job waiting with the same
        key is dropped (the app's background writer).  Each write writes everything waiting, so one waiting
        write is enough, however often the app retries."""
        self.notify = notify
        self.clock = clock
        """Now as ISO 8601 UTC (``utc_now`` if None)."""
        self.waiting = waiting
        """Where rows waiting or held are kept for the next start (None: nowhere)."""
        self._pending: deque[Row] = deque()
        self._held: list[Row] = []
        """Rows the statistics took only in memory: written to the file when it can be used again."""
        self._lock = threading.Lock()
        self._writing = threading.Lock()
        self._keeping = threading.Lock()
        self._failing = False
        self._changed = False
        """Rows waiting or held changed since they were last kept on disk."""
        self._kept = True
        """Every row waiting is kept on disk (or none waits)."""

    @property
    def pending(self) -> int:
        """Rows waiting to be written."""
        with self._lock:
            return len(self._pending)

    @property
    def held(self) -> int:
        """Rows the statistics took only in memory."""
        with self._lock:
            return len(self._held)

    @property
    def unkept(self) -> int:
        """Rows the disk refused that are not kept on disk for the next start either (lost at a quit)."""
        with self._lock:
            return 0 if self._kept else len(self._pending)

    def restore(self) -> int:
        """Queue the rows kept by an earlier session (written by the next ``write``); how many."""
        if self.waiting is None or self.stats is None:
            return 0
        rows = load_waiting(self.waiting, self.notify)
        if rows:
            log.info("results: %d result(s) kept from an earlier session wait to be written", len(rows))
            with self._lock:
                self._pending.extend(rows)
            self._failing = True  # the player is told once they are written
            self.submit(self.write, key="results")
        return len(rows)

    def game_over(self, summary: GameSummary) -> None:
        """A game ended (and perhaps its match): queue its rows and have them written."""
        if self.stats is None or summary.setup.seats[HUMAN].kind != "human":
            return
        now = self.clock() if self.clock is not None else utc_now()
        rows: list[Row] = [game_row(summary, now)]
        if summary.match_over is not None:
            rows.append(match_row(summary, now))
        with self._lock:
            self._pending.extend(rows)
            self._changed = True
        self.submit(self.write, key="results")

    def retry(self) -> None:
        """Have the waiting rows written again, and an in-memory store try its file (nothing if neither is due)."""
        if self.pending or self.held or (self.stats is not None and self.stats.can_reopen):
            self.submit(self.write, key="results")

    def write(self) -> bool:
        """Write the waiting rows, oldest first, until the disk refuses one; True if none is left.

        Then what still waits (or is held in memory) is kept on disk.
        """
        if self.stats is None:
            return True
        with self._writing:
            try:
                return self._write(self.stats)
            finally:
                self.keep()

    def _write(self, stats: StatsStore) -> bool:
        if stats.can_reopen and stats.reopen():
            with self._lock:
                self._pending.extendleft(reversed(self._held))
                if self._held:
                    self._failing = True
                self._held.clear()
        while True:
            with self._lock:
                if not self._pending:
                    break
                row = self._pending[0]
            try:
                if isinstance(row, GameRow):
                    stats.add_game(row)
                else:
                    stats.add_match(row)
            except StatsError as error:
                waiting = self.pending
                log.warning("results: %d waiting, not written: %s", waiting, error)
                if not self._failing:
                    self._failing = True
                    self.notify(Notice(NoticeKind.RESULTS_UNSAVED, str(stats.path), str(error)))
                return False
            except ValueError:  # a row out of range: a bug, never written however often it is tried
                log.exception("results: a row was refused and dropped: %s", describe(row))
                stored = False
            else:
                stored = True
            with self._lock:
                self._pending.popleft()
                if stored and not stats.persistent:
                    self._held.append(row)
                self._changed = True
        if self._failing and stats.persistent:
            self._failing = False
            log.info("results: every waiting result has been written")
            self.notify(Notice(NoticeKind.RESULTS_SAVED, str(stats.path)))
        return True

    def keep(self) -> bool:
        """Keep the rows waiting or held on disk for the next start (the file is removed when none is left).

        True when every such row is on disk (or there is none).  Any thread
        (the writer's, and the frame loop's when the player quits).
        """
        with self._keeping:
            with self._lock:
                if not self._changed or self.waiting is None:
                    return self._kept or self.waiting is None
                rows = [*self._held, *self._pending]
                self._changed = False
            kept = save_waiting(self.waiting, rows)
            with self._lock:
                self._kept = kept
                if not kept:
                    self._changed = True  # tried again next time
            return kept

    def resumed_key(self, match_key: str, finished: int) -> str | None:
        """The key a resumed match records under: ``match_key``, or None for a new one.

        ``finished`` is how many games the saved match had finished.  When a
        later game of that match is already recorded (or waiting to be), the
        save is an older copy (a backup put back): recorded under its own key,
        every game from here would be taken for one recorded before and
        skipped, so it is recorded as a new match.  A save one game behind
        what is recorded (the game ended and was written, the program died
        before the next save) keeps its key: that game is then counted once.
        """
        last: int | None = None
        if self.stats is not None:
            try:
                last = self.stats.last_game_of(match_key)
            except StatsError as error:
                log.warning("results: cannot tell how much of match %s is recorded: %s", match_key, error)
        with self._lock:
            waiting = [r.match_game for r in (*self._held, *self._pending)
                       if isinstance(r, GameRow) and r.match_key == match_key and r.match_game is not None]
        last = max([*waiting, *([] if last is None else [last])], default=None)
        if last is None or last <= finished:
            return match_key
        log.info("results: match %s is recorded up to game %d, the saved copy only to game %d; the games played "
                 "from it are recorded as a new match", match_key, last, finished)
        return None

    def unwritten(self) -> list[str]:
        """The rows not in the statistics file (waiting, or held in memory), described for the log."""
        with self._lock:
            return [describe(row) for row in (*self._held, *self._pending)]


def describe(row: Row) -> str:
    """A row in a few words: which game or match, when, and its result."""
    if isinstance(row, GameRow):
        return (f"game {row.match_game} of match {row.match_key} ({row.preset}), ended {row.played_at}: "
                f"place {row.place + 1}, {row.points} points")
    return (f"match {row.match_key} ({row.preset}, {row.games} games), {row.started_at} to {row.finished_at}: "
            f"rank {row.human_rank + 1}, totals {list(row.totals)}")
