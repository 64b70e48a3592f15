"""SIGTERM means save and quit now: the real game, as its own process on SDL's dummy drivers, mid-match.

SDL turns SIGTERM into a window close, which during a match only asks a
question; the shutdown that sent it then kills the game.  Every wait here is
bounded; whatever is left running is killed at the end.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.session import Session
from game.storage.autosave import load_autosave

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals"), pytest.mark.timeout(180)]

ROOT = Path(__file__).resolve().parents[2]
STANDIN = ROOT / "tests" / "network" / "uecda" / "standin_client.py"


def program(tmp_path: Path) -> str:
    """A tournament program that leaves a helper behind (ignoring SIGTERM), both numbers in ``pids``."""
    script = tmp_path / "program.py"
    script.write_text(textwrap.dedent(f"""
        import os, subprocess, sys
        helper = subprocess.Popen([sys.executable, "-c",
            "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(300)"])
        with open({str(tmp_path / "pids")!r}, "w") as f:
            f.write(f"{{os.getpid()}} {{helper.pid}}")
        os.execv(sys.executable, [sys.executable, {str(STANDIN)!r}, *sys.argv[1:]])
    """), encoding="utf-8")
    return f"{sys.executable} {script}"


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")


def line_within(proc: subprocess.Popen[str], seconds: float) -> str:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], seconds)
    assert ready, "no answer in time"
    return proc.stdout.readline()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.slow
def test_sigterm_mid_match_saves_ends_the_program_and_exits_0(tmp_path: Path) -> None:
    """Before: the quit question appeared and the game kept running; the shutdown's kill then lost the match."""
    home = tmp_path / "home"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    game = subprocess.Popen([sys.executable, "-m", "tests.ui.driver", str(home), program(tmp_path)], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pids: list[int] = []
    try:
        answer = line_within(game, 90).split()
        assert answer[:1] == ["ready"], answer
        played = int(answer[1])
        pids = [int(p) for p in (tmp_path / "pids").read_text().split()]
        assert all(running(p) for p in pids)
        time.sleep(0.5)  # the real loop is running
        game.send_signal(signal.SIGTERM)
        assert game.wait(timeout=30) == 0
        deadline = time.monotonic() + 10
        while any(running(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(running(p) for p in pids), "the program and what it started were ended"
    finally:
        if game.poll() is None:
            game.kill()
        game.communicate(timeout=30)
        for pid in pids:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
    saved = load_autosave(home / "data" / "autosave.json")
    assert saved is not None, "the match was saved"
    _, match = Session.restore(saved)
    assert len(match.game.history) >= played
    log = (home / "logs" / "daifugo.log").read_text(encoding="utf-8")
    assert f"signal {int(signal.SIGTERM)}: saving and quitting" in log
