"""A host and three clients in four processes play whole matches under every preset (loopback only).

After every event, each client's view equals the host's public state plus its own hand (its whole view, as
the host's engine gives it), and no message to any client holds a card it may not know.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.rules import PRESETS, PresetId, preset_rules

from .helpers import Known, check_texts

PROCS = Path(__file__).with_name("procs.py")
LIMIT = 150.0


def run(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, str(PROCS), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PresetId))
def test_a_host_and_three_client_processes_play_a_whole_match(preset: PresetId, tmp_path: Path) -> None:
    info = PRESETS[preset]
    players = info.default_players
    people = min(4, players)
    games = ["--games", "2"] if info.match_end.choosable else []
    host = run("host", "--preset", preset.value, "--players", str(players), "--people", str(people),
               "--out", str(tmp_path), "--timeout", str(LIMIT), *games)
    clients: list[subprocess.Popen[bytes]] = []
    try:
        ready = tmp_path / "ready.json"
        deadline = time.monotonic() + 60
        while not ready.exists():
            assert host.poll() is None, host.communicate()[1].decode()[-2000:]
            assert time.monotonic() < deadline, "the host did not open its table"
            time.sleep(0.05)
        table = json.loads(ready.read_text())
        url = f"ws://127.0.0.1:{table['port']}/"
        clients = [run("client", "--url", url, "--code", table["code"], "--name", f"friend {k}",
                       "--out", str(tmp_path / f"client{k}.json"), "--timeout", str(LIMIT))
                   for k in range(1, people)]
        for proc in [*clients, host]:
            proc.wait(LIMIT + 30)
            assert proc.returncode == 0, proc.communicate()[1].decode()[-2000:]
    finally:
        for proc in [*clients, host]:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
    truth_json = json.loads((tmp_path / "truth.json").read_text())
    steps = {int(step): [Known(k["view"], frozenset(k["cards"]), k["jokers"]) for k in known]
             for step, known in truth_json.items()}
    rules = preset_rules(preset, players)
    reports = [json.loads((tmp_path / name).read_text())
               for name in ["host.json", *(f"client{k}.json" for k in range(1, people))]]
    assert len({json.dumps(r["over"]) for r in reports}) == 1 and reports[0]["over"] is not None
    assert sorted(r["player"] for r in reports) == list(range(people))
    for report in reports:
        problems = check_texts(report["texts"], steps, report["player"], rules)
        assert problems == [], problems[:5]
