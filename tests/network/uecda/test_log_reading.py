"""The reading measured at a logged table (``tools/log_reading.py``): positions from the official server's log."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai import reading
from ai.expert import ExpertOptions
from game.network.uecda.official_log import parse_log
from tools.log_reading import log_positions, main

LOG = Path(__file__).with_name("data") / "official-server.log"


def test_the_positions_are_the_observers_decisions_with_the_logged_deal() -> None:
    found = log_positions([LOG], "std0", "std3", 50)
    assert found, "the log's games give positions"
    assert len({id(p.obs) for p in found}) == len(found)
    for position in found:
        obs = position.obs
        assert position.hands[obs.seat] == obs.hand and len(obs.move_list()) > 1
        (target,) = position.read
        assert target != obs.seat
        assert [hand.bit_count() for hand in position.hands] == list(obs.state.counts)
        right, hidden = reading.placed(position, obs.world(list(position.hands)))
        assert right == hidden == (position.hands[target] & ~obs.known[target]).bit_count()
    assert len(log_positions([LOG], "std0", "std3", 2)) == 2, "no more than asked"


def test_the_class_chooses_the_games() -> None:
    log = parse_log(LOG.read_text(encoding="latin-1"))
    started = {game.classes[3] for game in log.finished() if game.classes is not None}
    absent = frozenset(range(5)) - started
    assert log_positions([LOG], "std0", "std3", 50, frozenset(started))
    assert not log_positions([LOG], "std0", "std3", 50, absent)


def test_the_default_clients_hand_is_read_from_its_moves() -> None:
    found = log_positions([LOG], "std0", "std3", 40)
    chosen = reading.readers(ExpertOptions())
    assert reading.measure(chosen["expert"], found, 10).share > reading.measure(chosen["certain"], found, 10).share


def test_it_prints_the_player_and_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(LOG), "--observer", "std0", "--player", "std3", "--positions", "3", "--worlds", "2",
                 "--only", "expert", "--expert", "pool=4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 positions of std0 reading std3, 2 worlds each, the search runs ")
    assert lines[0].endswith(", pool=4")
    assert lines[1].startswith("  expert: ") and "% of std3's hidden cards placed right, " in lines[1]
    assert "% of the others', " in lines[1] and lines[1].endswith(" ms of CPU a position")


@pytest.mark.parametrize(("argv", "message"), [
    (["--observer", "std0", "--player", "Blauwereg"], "no decision of std0 at a table with Blauwereg"),
    (["--observer", "std0", "--player", "std3", "--class", "top"], "--class: expected class numbers from 0 to 4"),
    (["--observer", "std0", "--player", "std3", "--class", "0,5"], "--class: expected class numbers from 0 to 4"),
    (["--observer", "std0", "--player", "std3", "--worlds", "0"], "must be positive"),
])
def test_bad_arguments_get_a_message(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code: int | str | None
    try:
        code = main([str(LOG), *argv])
    except SystemExit as stop:
        code = stop.code
    assert code == 2 and message in capsys.readouterr().err


def test_a_missing_log_gets_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "none.log"), "--observer", "a", "--player", "b"]) == 2
    assert "none.log" in capsys.readouterr().err
