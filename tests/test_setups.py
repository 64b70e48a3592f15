"""Match setups from files: every value checked, out-of-range values clamped, the rest refused by name."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.rules import PresetId
from game.levels import Level
from game.setups import (
    EXPERT_BUDGET,
    MAX_COMMAND_CHARS,
    MAX_GAMES,
    SeatKind,
    SeatSpec,
    SessionSetup,
    external_seats_allowed,
    setup_from_json,
)
from tests.properties import examples

HUMAN = {"kind": "human", "level": "normal", "command": ""}
CPU = {"kind": "computer", "level": "normal", "command": ""}


def standard(**values: Any) -> dict[str, Any]:
    return {"preset": "standard", "players": 4, "seats": [HUMAN, CPU, CPU, CPU], **values}


@pytest.mark.parametrize(("values", "field", "expected"), [
    ({"expert_budget": 1e9}, "expert_budget", EXPERT_BUDGET[1]),
    ({"expert_budget": -1}, "expert_budget", EXPERT_BUDGET[0]),
    ({"expert_budget": "fast"}, "expert_budget", 0.5),
    ({"expert_budget": True}, "expert_budget", 0.5),
    ({"first_leader": 99}, "first_leader", None),
    ({"first_leader": -1}, "first_leader", None),
    ({"first_leader": 1.0}, "first_leader", None),
    ({"games": 0}, "games", None),
    ({"games": 10**9}, "games", MAX_GAMES),
    ({"games": -3}, "games", None),
    ({"games": "many"}, "games", None),
    ({"seed": -1}, "seed", 0),
    ({"seed": 2**64}, "seed", 0),
])
def test_values_out_of_range_are_clamped_with_a_warning(values: dict[str, Any], field: str, expected: Any) -> None:
    setup, warnings = setup_from_json(standard(**values))
    assert getattr(setup, field) == expected
    assert len(warnings) == 1 and warnings[0].startswith(field)


def test_the_match_length_of_a_preset_that_fixes_it_is_the_presets() -> None:
    setup, warnings = setup_from_json({"preset": "tournament", "players": 4, "seats": [HUMAN, CPU, CPU, CPU],
                                       "games": 7})
    assert setup.games is None and "fix" in warnings[0]


@pytest.mark.parametrize(("data", "message"), [
    ([], "setup: expected a JSON object"),
    (standard(seats=[HUMAN, HUMAN, HUMAN, HUMAN]), "seats[1].kind: only the first seat can be the human"),
    (standard(seats=[CPU, HUMAN, CPU, CPU]), "seats[1].kind"),
    (standard(seats=[HUMAN, CPU]), "seats: expected a list of 4 seats"),
    (standard(seats=[HUMAN, {"kind": "robot"}, CPU, CPU]), "seats[1].kind: expected one of"),
    (standard(seats=[HUMAN, {"kind": "computer", "shell": "rm"}, CPU, CPU]), "seats[1]: expected an object"),
    (standard(preset="poker"), "rules: unknown preset"),
    (standard(players=99), "rules: "),
    (standard(overrides={"jokers": 9}), "rules: "),
    (standard(colour="blue"), "setup: unknown field 'colour'"),
    (standard(players="4"), "players: expected a whole number"),
])
def test_what_cannot_be_repaired_is_refused_by_name(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=r"^" + message.replace("[", r"\[").replace("]", r"\]")):
        setup_from_json(data)


@pytest.mark.parametrize("command", ["", "   ", "./bot\nrm -rf ~", "./bot \u202e", "x" * (MAX_COMMAND_CHARS + 1)])
def test_an_external_seat_that_cannot_run_plainly_becomes_its_computer(command: str) -> None:
    seats = [HUMAN, {"kind": "external", "level": "strong", "command": command}, CPU, CPU, CPU]
    setup, warnings = setup_from_json({"preset": "uecda", "players": 5, "seats": seats})
    assert setup.seats[1] == SeatSpec(SeatKind.COMPUTER, Level.STRONG) and "external program refused" in warnings[0]


def test_external_seats_only_where_the_rules_have_them() -> None:
    assert external_seats_allowed("uecda") and not external_seats_allowed("standard")
    seats = [HUMAN, {"kind": "external", "level": "normal", "command": "./bot"}, CPU, CPU]
    setup, warnings = setup_from_json(standard(seats=seats))
    assert setup.seats[1] == SeatSpec(SeatKind.COMPUTER, Level.NORMAL) and "no external-program seats" in warnings[0]


@pytest.mark.parametrize(("values", "field"), [
    ({"games": 0}, "games"), ({"games": MAX_GAMES + 1}, "games"), ({"first_leader": 4}, "first_leader"),
    ({"preset": "tournament", "games": 3}, "games"), ({"overrides": {"jokers": 9}}, "rules"),
    ({"seats": (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.EXTERNAL, command="./bot") for _ in range(3)))},
     "seats"),
    ({"expert_budget": math.nan}, "expert_budget"), ({"expert_budget": 1e9}, "expert_budget"), ({"seed": -1}, "seed"),
    ({"seats": (SeatSpec(SeatKind.HUMAN),) * 4}, "seats"), ({"seats": (SeatSpec(SeatKind.HUMAN),)}, "seats"),
])
def test_a_setup_out_of_range_cannot_be_made(values: dict[str, Any], field: str) -> None:
    base: dict[str, Any] = {"preset": "standard", "players": 4,
                            "seats": (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER) for _ in range(3)))}
    with pytest.raises(ValueError, match=f"^{field}"):
        SessionSetup(**{**base, **values})


def test_a_setup_survives_its_own_json() -> None:
    seats = (SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.EXTERNAL, Level.EXPERT, "./bot -v"),
             *(SeatSpec(SeatKind.COMPUTER, Level.STRONG) for _ in range(3)))
    setup = SessionSetup(PresetId.UECDA, 5, seats, games=50, seed=9, expert_budget=1.5)
    assert setup_from_json(setup.to_json()) == (setup, [])
    assert SessionSetup.from_json(setup.to_json()) == setup


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10)


@settings(max_examples=examples(2))
@given(st.dictionaries(st.sampled_from(["preset", "players", "seats", "overrides", "games", "first_leader", "seed",
                                        "expert_budget"]), JSON), st.booleans())
def test_any_json_gives_a_setup_within_limits_or_a_value_error(data: dict[str, Any], fill: bool) -> None:
    if fill:
        data = {**standard(), **data}
    try:
        setup, _ = setup_from_json(data)
    except ValueError:
        return
    assert setup == SessionSetup(**{**setup.__dict__})  # it passes its own checks


SEAT_VALUES = st.fixed_dictionaries({
    "kind": st.sampled_from(["computer", "external"]),
    "level": st.sampled_from(["beginner", "normal", "strong", "expert", "wizard"]),
    "command": st.sampled_from(["", "  ", "./bot -v", "./bot\nrm", "x" * (MAX_COMMAND_CHARS + 1)]),
})


@settings(max_examples=examples(3))
@given(st.sampled_from([("standard", 4), ("uecda", 5), ("tournament", 4)]),
       st.lists(SEAT_VALUES, min_size=4, max_size=4),
       st.fixed_dictionaries({}, optional={
           "games": st.none() | st.integers(-2, MAX_GAMES + 2) | st.just("many"),
           "first_leader": st.none() | st.integers(-1, 5) | st.floats(0, 2),
           "seed": st.integers(-1, 3) | st.just(2**64),
           "expert_budget": st.floats(allow_nan=True) | st.integers(-1, 20) | st.booleans(),
       }))
def test_a_file_gets_a_warning_exactly_where_a_setup_cannot_be_made(
        game: tuple[str, int], seats: list[dict[str, Any]], values: dict[str, Any]) -> None:
    """One table of limits, two policies: a value the file policy repairs is one the constructor refuses."""
    preset, players = game
    raw = [HUMAN, *seats[:players - 1]]
    _, warnings = setup_from_json({"preset": preset, "players": players, "seats": raw, **values})
    try:
        specs = tuple(SeatSpec(SeatKind(s["kind"]), s["level"], s["command"]) for s in raw)
        SessionSetup(PresetId(preset), players, specs, **values)
    except ValueError:
        assert warnings
    else:
        assert warnings == []
