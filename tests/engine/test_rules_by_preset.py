"""Each rule behaves as its switch says under every preset: present where on, absent where off."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Game, IllegalMove, Reason, parse_cards, preset_rules
from game.engine.events import EightCut, JBack, Locked, Revolution, Spade3Return

from .helpers import act, names

PRESET_IDS = tuple(PRESETS)
FILLERS = ["KC", "KD", "AC", "AD", "QC", "QD", "TC"]
"""Cards dealt to seats a scenario does not use (they only pass)."""


def table(preset: str, hands: list[str]) -> Game:
    """A game of ``preset`` at its smallest table with the scenario's hands for the first seats."""
    info = PRESETS[preset]
    players = max(info.min_players, len(hands))
    assert players <= info.max_players
    rules = preset_rules(preset, players)
    dealt = [parse_cards(h) for h in hands] + [parse_cards(FILLERS[i]) for i in range(players - len(hands))]
    stocks: list[list[int]] | None = [[] for _ in range(players)] if rules.hand_size else None
    return Game.from_hands(rules, dealt, stocks=stocks, pile=[] if rules.pile_draw else None, leader=0)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_revolution(preset: str) -> None:
    game = table(preset, ["5S 5H 5D 5C 9S", "4H 4C"])
    assert (Revolution(0, True) in act(game, "5S 5H 5D 5C")) is game.rules.revolution


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_eight_cut(preset: str) -> None:
    game = table(preset, ["8S 3C", "9H 4C"])
    assert (EightCut(0) in act(game, "8S")) is game.rules.eight_cut


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_j_back(preset: str) -> None:
    game = table(preset, ["JS 3C 4C", "9H KH 4D"])
    assert (JBack(0, True) in act(game, "JS")) is game.rules.j_back
    assert game.reversed is game.rules.j_back


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_lock(preset: str) -> None:
    players = PRESETS[preset].min_players
    if players < 3:
        pytest.skip("a lock needs a third player to feel it")
    game = table(preset, ["5H 3C 4C", "7H 6C", "9S 9H 2C"])
    events = act(game, "5H") + act(game, "7H")
    assert any(isinstance(e, Locked) for e in events) is game.rules.lock
    if game.rules.lock:
        with pytest.raises(IllegalMove) as info:
            act(game, "9S")
        assert info.value.reason is Reason.LOCKED


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_spade3_return(preset: str) -> None:
    game = table(preset, ["JK 4C", "3S 5C"])
    act(game, "JK")
    if game.rules.spade3_return:
        assert Spade3Return(1) in act(game, "3S")
    else:
        with pytest.raises(IllegalMove):
            act(game, "3S")


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_forbidden_finish(preset: str) -> None:
    game = table(preset, ["2S", "4H 5H"])
    assert ("ForbiddenFinish" in names(act(game, "2S"))) is game.rules.forbidden_finish


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_sequences_and_how_they_are_beaten(preset: str) -> None:
    game = table(preset, ["5S 6S 7S 3C", "6H 7H 8H 9D TD JD 4C"])
    rules = game.rules
    if not rules.sequences:
        with pytest.raises(IllegalMove) as info:
            act(game, "5S 6S 7S")
        assert info.value.reason is Reason.NOT_A_PLAY
        return
    events = act(game, "5S 6S 7S")
    if rules.revolution_sequence and rules.revolution_sequence <= 3:
        assert any(isinstance(e, Revolution) for e in events)
    if game.top is None:
        return  # the sequence cut (an 8) or cleared the table
    assert bool(game.readings(parse_cards("6H 7H 8H"))) is (rules.sequence_beats.value == "top")
    assert game.readings(parse_cards("9D TD JD"))


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_pass_rules(preset: str) -> None:
    players = PRESETS[preset].min_players
    game = table(preset, ["5S 3C", "9H 4C", "TD 6C"][: max(2, players)])
    act(game, "5S")
    events = act(game, "pass")
    if game.rules.clear_on_pass:
        assert names(events)[-1] == "TrickCleared"
    elif game.n >= 3 and game.rules.pass_until_clear:
        act(game, "TD")
        assert game.turn != 1  # the seat that passed is skipped until the table clears
