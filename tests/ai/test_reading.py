"""The reading benchmark: positions with their true deal, the share of hidden cards a reading places right."""

from __future__ import annotations

import random

import pytest

from ai import reading
from ai.expert import ExpertOptions, Reading
from game.engine import Game


def test_the_positions_are_decisions_with_a_choice_and_their_true_deal() -> None:
    found = reading.positions(4, "strong")
    assert len(found) == 4
    for position in found:
        obs = position.obs
        assert len(obs.move_list()) > 1
        assert position.hands[obs.seat] == obs.hand
        assert [hand.bit_count() for hand in position.hands] == list(obs.state.counts)
        assert obs.state.previous_places is not None, "the games begin after an exchange"
    again = reading.positions(4, "strong")
    assert [p.hands for p in again] == [p.hands for p in found], "the same every run"


def test_the_true_deal_places_every_hidden_card_and_a_reading_places_some() -> None:
    position = reading.positions(1, "normal")[0]
    obs = position.obs
    right, hidden = reading.placed(position, obs.world(list(position.hands)))
    assert right == hidden > 10
    world: Game = reading.readers(ExpertOptions())["certain"](obs).sample(random.Random(1))
    right, hidden = reading.placed(position, world)
    assert 0 < right < hidden


def test_the_default_clients_moves_tell_its_hand() -> None:
    found = reading.positions(12, "normal")
    chosen = reading.readers(ExpertOptions())
    certain = reading.measure(chosen["certain"], found, 10).share
    expert = reading.measure(chosen["expert"], found, 10).share
    assert expert > certain + 0.05, "the Expert reads the default client by its own moves"


def test_it_prints_each_reading(capsys: pytest.CaptureFixture[str]) -> None:
    assert reading.main(["--positions", "2", "--worlds", "3", "--only", "certain", "--only", "expert",
                         "--expert", "pool=4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 positions of strong players, 3 worlds each, the search runs ")
    assert lines[0].endswith(", pool=4")
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["certain", "expert"]
    assert "% of the hidden cards placed right, " in lines[1] and lines[1].endswith(" ms of CPU a position")


def test_the_exact_model_tells_more_of_a_strong_players_hand_than_the_default_client() -> None:
    """Among Strong players, the hands the Expert's reading offers weighed by Strong's likelihood of each
    player's moves hold more of its hidden cards the sharper the weights, and the true hand is likelier than
    most of those offered; the default client, which does not explain Strong, tells less."""
    found = reading.positions(12, "strong")
    models = reading.move_models()
    rooms = reading.headroom(found, ExpertOptions(), 40, {name: models[name] for name in ("default client", "Strong")})
    strong, default = rooms["Strong"], rooms["default client"]
    assert strong.shares[-1] > strong.shares[0] + 0.005 and strong.likeliest > strong.shares[0]
    assert strong.shares[0] == default.shares[0], "power 0 is the reading as it is, whatever the model"
    assert strong.truth > 0.6 and strong.truth > default.truth + 0.1


def test_the_headroom_needs_the_chain() -> None:
    found = reading.positions(1, "strong")
    with pytest.raises(ValueError, match="reading=chain"):
        reading.headroom(found, ExpertOptions(reading=Reading.PASSES), 4, reading.move_models())


def test_it_prints_the_headroom_of_each_model(capsys: pytest.CaptureFixture[str]) -> None:
    assert reading.main(["--positions", "2", "--headroom", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 positions of strong players, 3 hands offered each, the search runs ")
    assert lines[1] == "powers: 0, 1, 2, 4, 8"
    assert [line.split(":")[0].strip() for line in lines[2:]] == ["default client", "Strong", "soft Strong", "champion"]
    assert lines[2].count("%, ") == 4 and "; the likeliest hands " in lines[2]
    assert lines[2].endswith(" of those offered") and "; the true hand likelier than " in lines[2]


@pytest.mark.parametrize(("argv", "message"), [
    (["--positions", "0"], "must be positive"),
    (["--only", "tarot"], "unknown reading 'tarot' (readings: certain, passes, expert, strong)"),
    (["--expert", "pool=-1"], "pool: expected a whole number from 0"),
    (["--players", "expert"], "invalid choice"),
    (["--headroom", "-1"], "--headroom: expected a number of hands"),
])
def test_bad_arguments_are_refused(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as error:
        reading.main(argv)
    assert error.value.code == 2 and message in capsys.readouterr().err
