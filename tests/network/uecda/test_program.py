"""An external program's process: everything it starts ends with it, and its output costs a bounded amount.

The programs here are small Python scripts: one starts a helper process
(which ignores SIGTERM) and then becomes the stand-in client, one floods its
output before it exits.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.network.uecda.external import ExternalPlayer, ExternalPlayerError
from game.network.uecda.program import HEAD_BYTES, TAIL_BYTES, ProgramOutput

from .helpers import PYTHON, STANDIN

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="process groups are checked through POSIX signals")

ROOT = Path(__file__).resolve().parents[2]


def spawner(tmp_path: Path, then: str) -> list[str]:
    """A program that starts a helper (which ignores SIGTERM, writing its pid to ``helper.pid``), then ``then``."""
    script = tmp_path / "spawner.py"
    script.write_text(textwrap.dedent(f"""
        import os, signal, subprocess, sys, time
        helper = subprocess.Popen([sys.executable, "-c",
            "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(300)"])
        with open({str(tmp_path / "helper.pid")!r}, "w") as f:
            f.write(str(helper.pid))
        {then}
    """), encoding="utf-8")
    return [PYTHON, str(script)]


def helper_pid(tmp_path: Path) -> int:
    path = tmp_path / "helper.pid"
    deadline = time.monotonic() + 10
    while not path.exists() or not path.read_text():
        assert time.monotonic() < deadline, "the helper did not start"
        time.sleep(0.02)
    return int(path.read_text())


def alive(pid: int) -> bool:
    """Is ``pid`` a running process (a zombie waiting for its parent counts as ended)?"""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def ended(pid: int, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def kill(pid: int) -> None:
    if alive(pid):
        os.kill(pid, 9)


def test_closing_the_seat_ends_what_the_program_started(tmp_path: Path) -> None:
    command = spawner(tmp_path, f"os.execv(sys.executable, [sys.executable, {str(STANDIN)!r}, *sys.argv[1:]])")
    external = ExternalPlayer(command, connect_timeout=10)
    pid = helper_pid(tmp_path)
    try:
        assert alive(pid)
        external.close()
        assert ended(pid), "the program's helper outlived the game"
    finally:
        kill(pid)


def test_a_program_that_exits_early_takes_its_helpers_with_it(tmp_path: Path) -> None:
    command = spawner(tmp_path, "print('giving up', flush=True); sys.exit(3)")
    with pytest.raises(ExternalPlayerError, match=r"exited with status 3 before connecting .*giving up"):
        ExternalPlayer(command, connect_timeout=10)
    pid = helper_pid(tmp_path)
    try:
        assert ended(pid), "the program's helper outlived the failed start"
    finally:
        kill(pid)


def test_the_game_exiting_without_closing_ends_the_program_and_its_helpers(tmp_path: Path) -> None:
    command = spawner(tmp_path, f"os.execv(sys.executable, [sys.executable, {str(STANDIN)!r}, *sys.argv[1:]])")
    code = textwrap.dedent(f"""
        from game.network.uecda.external import ExternalPlayer
        seat = ExternalPlayer({command!r}, connect_timeout=10)
        print(seat.proc.pid, flush=True)
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    program, helper = int(done.stdout.split()[0]), helper_pid(tmp_path)
    try:
        assert ended(program) and ended(helper), "the program or its helper outlived the game"
    finally:
        kill(program)
        kill(helper)


def test_a_flooding_program_costs_a_bounded_amount_and_the_message_says_so(tmp_path: Path) -> None:
    flood = ("import sys\nblock = b'x' * (1 << 20)\nfor _ in range(48):\n    sys.stdout.buffer.write(block)\n"
             "    sys.stderr.buffer.write(block[:4096])\nsys.stdout.flush()\nprint('last words', flush=True)\n"
             "sys.exit(5)\n")
    external = ExternalPlayer([PYTHON, "-c", flood], connect_timeout=20, start=False)
    with pytest.raises(ExternalPlayerError, match=r"exited with status 5 before connecting") as failure:
        external.start()
    message = str(failure.value)
    assert "last words" in message and "not kept" in message and len(message) < 1000
    output = external.output
    assert output is not None and output.total >= 48 << 20
    assert output.total - output.dropped <= HEAD_BYTES + TAIL_BYTES
    assert "bytes of output not kept" in output.text() and output.text().rstrip().endswith("last words")


def test_program_output_keeps_the_head_and_the_tail(tmp_path: Path) -> None:
    read, write = os.pipe()
    with open(read, "rb", buffering=0) as stream:
        output = ProgramOutput(stream, head=10, tail=20)
        with open(write, "wb", buffering=0) as sink:
            sink.write(b"0123456789" + b"-" * 1000 + b"abcdefghijklmnopqrst")
        assert output.wait(5)
    assert output.total == 1030 and output.dropped == 1000
    assert output.text() == "0123456789\n[... 1000 bytes of output not kept ...]\nabcdefghijklmnopqrst"
    assert output.ending(5) == "pqrst"
