"""The reading measured at a logged table (``tools/log_reading.py``): positions from the official server's log."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ai import reading
from ai.expert import Expert, ExpertOptions
from ai.inference import ChainSampler
from game.engine.cards import JOKER_MASK, parse_cards
from game.network.uecda.official_log import parse_log
from tools.log_reading import FIT_RATE, FIT_WORLDS, fit_tilt, log_positions, main, rank_counts, tilt_gaps

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


def test_it_prints_the_headroom_of_reading_the_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(LOG), "--observer", "std0", "--player", "std3", "--positions", "3", "--headroom", "4",
                 "--expert", "exchanges=true"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 positions of std0 reading std3, 4 hands offered each, the search runs ")
    assert lines[0].endswith(", exchanges=true") and lines[1] == "powers: 0, 1, 2, 4, 8"
    assert [line.split(":")[0].strip() for line in lines[2:]] == ["default client", "Strong", "soft Strong", "champion"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--observer", "std0", "--player", "Blauwereg"], "no decision of std0 at a table with Blauwereg"),
    (["--observer", "std0", "--player", "std3", "--class", "top"], "--class: expected class numbers from 0 to 4"),
    (["--observer", "std0", "--player", "std3", "--class", "0,5"], "--class: expected class numbers from 0 to 4"),
    (["--observer", "std0", "--player", "std3", "--worlds", "0"], "must be positive"),
    (["--observer", "std0", "--player", "std3", "--fit-tilt", "-1"], "--fit-tilt a number of steps"),
    (["--observer", "std0", "--player", "std3", "--fit-tilt", "2", "--headroom", "4"], "two measurements: ask for one"),
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


def _loose_positions(count: int) -> list[reading.Position]:
    """Positions among Strong players, each reading a player the chain reads loosely and that holds hidden cards."""
    found = []
    for position in reading.positions(count, "strong"):
        obs = position.obs
        sampler = Expert(ExpertOptions()).sampler(obs)
        sampler.sample(random.Random(0))
        assert isinstance(sampler, ChainSampler)
        seats = sorted(s for s in sampler.loose_seats if position.hands[s] & ~obs.known[s])
        if seats:
            found.append(reading.Position(obs, position.hands, (seats[0],)))
    return found


def test_the_rank_counts_follow_the_current_order() -> None:
    cards = parse_cards("3S 3H 4C AS 2D") | JOKER_MASK
    assert rank_counts(cards, False) == [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2]
    assert rank_counts(cards, True) == [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 2]


def test_the_gaps_point_back_from_a_wrong_tilt() -> None:
    """Worlds tilted towards a rank hold more of it than the player did (a negative gap), tilted away fewer."""
    found = _loose_positions(8)
    towards = ExpertOptions(rank_tilt=(0.0,) * 5 + (3.0,) + (0.0,) * 8)  # the 8s: no player holds that many
    away = ExpertOptions(rank_tilt=(0.0,) * 5 + (-3.0,) + (0.0,) * 8)
    gaps, loose = tilt_gaps(found, towards, 6, 0)
    assert loose > 0 and gaps[5] < -0.3, gaps
    gaps, loose = tilt_gaps(found, away, 6, 0)
    assert loose > 0 and gaps[5] > 0.1, gaps


def test_a_fit_step_moves_each_weight_by_its_gap(capsys: pytest.CaptureFixture[str]) -> None:
    found = _loose_positions(6)
    gaps, loose = tilt_gaps(found, ExpertOptions(), FIT_WORLDS, 0)
    assert fit_tilt(found, ExpertOptions(), 1) == tuple(round(FIT_RATE * gap, 2) for gap in gaps)
    assert capsys.readouterr().out.startswith(f"step 1: {loose} positions read loosely, gaps ")


def test_it_prints_the_fitted_tilt(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(LOG), "--observer", "std0", "--player", "std3", "--positions", "3", "--fit-tilt", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "fitting rank_tilt on 3 positions of std0 reading std3"
    assert lines[1].startswith("step 1: ")
    fitted = json.loads(lines[2])
    assert len(fitted) == 14 and all(isinstance(w, (int, float)) for w in fitted)
    assert main([str(LOG), "--observer", "std0", "--player", "std3", "--fit-tilt", "1",
                 "--expert", "reading=\"passes\""]) == 2
    assert "fit it with reading=chain" in capsys.readouterr().err
