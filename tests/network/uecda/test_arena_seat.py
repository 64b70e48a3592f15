"""The arena with a tournament program in a seat: ``python -m game.network.uecda arena --seats ...,external:CMD``."""

from __future__ import annotations

import json
import shlex

import pytest

from ai import arena
from ai.expert import ExpertOptions
from game.engine import preset_rules
from game.network.uecda.__main__ import main
from game.network.uecda.external import ExternalPlayer, arena_seat

from .helpers import standin


def test_a_program_plays_its_seat_through_whole_matches(capsys: pytest.CaptureFixture[str]) -> None:
    seat = "external:" + shlex.join(standin("-n", "stand"))
    code = main(["arena", "--rules", "uecda", "--games", "10", "--match-games", "2", "--workers", "1",
                 "--seats", f"strong,{seat},normal,normal,normal", "--json", "--quiet"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 10
    row = report["levels"][seat]
    assert row["player_games"] == 10 and row["decisions"] > 0
    assert report["levels"]["strong"]["player_games"] == 10


def test_the_plain_arena_refuses_a_program_seat() -> None:
    seat = "external:" + shlex.join(standin())
    assert arena.main(["--seats", f"strong,{seat},normal,normal,normal", "--quiet"]) == 2


def test_a_program_seat_is_closed_when_its_match_ends() -> None:
    seen: list[ExternalPlayer] = []
    job = arena.plan(preset_rules("uecda"), ["normal", "external:x", "normal", "normal", "normal"], 2, 1, 2,
                     ExpertOptions(), factory=_recording(seen))[1]
    arena.play_match(job)
    assert len(seen) == 1 and seen[0].returncode is not None


def test_an_unknown_seat_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        arena_seat("wizard:cast")


def _recording(seen: list[ExternalPlayer]) -> arena.SeatFactory:
    def make(spec: str) -> ExternalPlayer:
        player = ExternalPlayer(standin(), read_timeout=5)
        seen.append(player)
        return player

    return make
