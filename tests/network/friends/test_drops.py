"""Random socket kills and returns during 100 matches (loopback only): every game ends, no result is lost,
no client's view ever differs from the host's."""

from __future__ import annotations

import json
import os
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.network.friends.messages import TableSettings

from .helpers import TableRun, Truth, check_texts, play_table, running_server

MATCHES = int(os.environ.get("FRIENDS_MATCHES", "100"))
AT_ONCE = 5


def killer(seed: int, kills: list[int]) -> object:
    """Cut a random seated client's socket every few hundredths of a second while the match lasts (a connection
    cut before its welcome has no seat to come back to: that is a failed join, which the player retries)."""

    def during(run: TableRun) -> None:
        rng = random.Random(seed)
        stop = threading.Event()
        for _ in range(2000):  # bounded: at most 2000 cuts, at most 800 s of waits, far beyond the matches
            if all(r is not None for r in run.results) or stop.wait(rng.uniform(0.1, 0.4)):
                break
            if all(r is not None for r in run.results):
                break
            seated = [c for c in run.connections if c.welcome is not None]  # a seat to come back to
            if seated:
                rng.choice(seated).kill()
                kills[0] += 1

    return during


@pytest.mark.slow
def test_random_socket_kills_during_100_matches() -> None:
    truth = Truth()
    kills = [0]
    settings = [TableSettings(preset=p, players=n, games=1) for p, n in
                (("standard", 4), ("classic", 5), ("standard", 3), ("uecda", 5), ("duel5", 2))]
    with running_server(on_step=truth, between_games=2.0) as (_, url):

        def one(k: int) -> TableRun:
            chosen = settings[k % len(settings)]
            return play_table(url, chosen, min(3, chosen.players), timeout=90, during=killer(k, kills))

        with ThreadPoolExecutor(AT_ONCE) as pool:
            runs = list(pool.map(one, range(MATCHES)))
    unfinished = [(r.code, r.settings.preset, [(b.gone, b.timed_out, b.actions, b.seat.status.link.value)
                                               if b else None for b in r.results])
                  for r in runs if not all(b is not None and b.over is not None for b in r.results)]
    assert unfinished == [], unfinished[:3]  # every game ends
    desyncs, lost = [], []
    for run in runs:
        steps = truth.of(run.code)
        overs = {b.over for b in run.results if b is not None}
        if len(overs) != 1:
            lost.append(run.code)
        for conn, result in zip(run.connections, run.results, strict=True):
            assert conn.welcome is not None and result is not None
            problems = check_texts(conn.received, steps, conn.welcome.player, run.settings.rules())
            desyncs += problems
            games = {json.loads(t)["game"] for t in conn.received if t.startswith('{"type":"record"')}
            if result.over is None or games != set(range(run.settings.games or 1)):
                lost.append(f"{run.code}/{conn.welcome.player}: game records {sorted(games)}")
    print(f"{MATCHES} matches, {kills[0]} socket kills, {len(desyncs)} desyncs, {len(lost)} lost results")
    assert kills[0] >= MATCHES
    assert desyncs == []
    assert lost == []
