"""Game records: writing, replaying, and the checker's exact output and exit codes."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.engine import Game, Match, Phase, format_cards, preset_rules
from game.engine.cards import iter_ids
from game.engine.record import check, match_record_json, parse_record, record_json, replay

from .randomized import give_random_gifts

ROOT = Path(__file__).resolve().parents[2]


def checker(tmp_path: Path, record: Any, raw: str | None = None) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(raw if raw is not None else json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "game.engine.record", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    return done.returncode, done.stdout, done.stderr


SAMPLE = {
    "format": "daifugo-record/1",
    "rules": {"preset": "standard", "players": 4, "overrides": {"lock": False, "eight_cut": False}},
    "games": [
        {
            "hands": [["3S", "9S"], ["4H", "TH"], ["JK", "5D"], ["7C", "7D", "KC"]],
            "leader": 3,
            "actions": [
                {"seat": 3, "play": ["7C", "7D"]},
                {"seat": 0, "pass": True},
                {"seat": 1, "pass": True},
                {"seat": 2, "pass": True},
                {"seat": 3, "play": ["KC"]},
                {"seat": 0, "pass": True},
                {"seat": 1, "pass": True},
                {"seat": 2, "play": ["JK"]},
                {"seat": 0, "pass": True},
                {"seat": 1, "pass": True},
                {"seat": 2, "play": ["5D"]},
                {"seat": 0, "play": ["9S"]},
                {"seat": 1, "play": ["TH"]},
                {"seat": 0, "pass": True},
                {"seat": 1, "play": ["4H"]},
            ],
        }
    ],
}


def test_a_hand_made_record_gives_places_classes_points(tmp_path: Path) -> None:
    status, out, err = checker(tmp_path, SAMPLE)
    assert status == 0, err
    assert json.loads(out) == {
        "valid": True,
        "games": [
            {
                "places": [3, 2, 1, 0],
                "classes": ["daihinmin", "hinmin", "fugo", "daifugo"],
                "points": [-2, -1, 1, 2],
                "finished": True,
            }
        ],
    }


def test_an_unfinished_record(tmp_path: Path) -> None:
    record = json.loads(json.dumps(SAMPLE))
    record["games"][0]["actions"] = record["games"][0]["actions"][:11]
    status, out, _ = checker(tmp_path, record)
    assert status == 0
    game = json.loads(out)["games"][0]
    assert game["finished"] is False and game["places"] == [3, 2]
    assert game["classes"] == [None, None, "fugo", "daifugo"]


def test_an_illegal_action_is_reported_with_its_index(tmp_path: Path) -> None:
    record = json.loads(json.dumps(SAMPLE))
    record["games"][0]["actions"][4] = {"seat": 3, "play": ["3S"]}
    status, out, _ = checker(tmp_path, record)
    assert status == 1
    answer = json.loads(out)
    assert answer["valid"] is False and answer["game"] == 0 and answer["action"] == 4
    assert "not in the hand" in answer["reason"]


def test_acting_out_of_turn_is_illegal(tmp_path: Path) -> None:
    record = json.loads(json.dumps(SAMPLE))
    record["games"][0]["actions"][1]["seat"] = 2
    status, out, _ = checker(tmp_path, record)
    assert status == 1 and "turn" in json.loads(out)["reason"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["games"][0]["hands"][0].__setitem__(0, "XX"), "games[0].hands[0][0]: unknown card code 'XX'"),
        (lambda r: r["games"][0]["hands"][1].__setitem__(0, "3S"), "dealt twice"),
        (lambda r: r["rules"]["overrides"].__setitem__("jback", True), "unknown rule switch 'jback'"),
        (lambda r: r["games"][0]["actions"][0].__setitem__("play", ["ZZ"]), "games[0].actions[0].play[0]"),
        (lambda r: r.__setitem__("games", []), "games: expected a non-empty list"),
        (lambda r: r["games"][0].__setitem__("hands", [["3S"]]), "games[0].hands: expected 4 lists"),
        (lambda r: r["games"][0]["actions"][0].__setitem__("seat", 9), "games[0].actions[0].seat"),
        (lambda r: r["rules"].__setitem__("preset", "poker"), "rules.preset: unknown preset 'poker'"),
        (lambda r: r["games"][0]["hands"][0].__setitem__(0, "<3S"), "games[0].hands[0][0]: unknown card code '<3S'"),
        (lambda r: r["games"][0]["actions"][0].__setitem__("joker_as", ["<3Z"]), "games[0].actions[0].joker_as[0]"),
    ],
)
@pytest.mark.slow
def test_malformed_records_exit_2_naming_the_field(tmp_path: Path, change: Any, field: str) -> None:
    record = json.loads(json.dumps(SAMPLE))
    change(record)
    status, out, err = checker(tmp_path, record)
    assert status == 2 and out == ""
    assert field in err and "Traceback" not in err


def test_not_json_and_missing_file(tmp_path: Path) -> None:
    status, out, err = checker(tmp_path, None, raw="{not json")
    assert status == 2 and out == "" and "not valid JSON" in err and "Traceback" not in err
    done = subprocess.run(
        [sys.executable, "-m", "game.engine.record", str(tmp_path / "missing.json")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_a_joker_beyond_the_end_of_a_sequence_is_written_and_read(tmp_path: Path) -> None:
    record = {
        "rules": "uecda",
        "games": [{
            "hands": [["3C", "4C", "JK", "9S"], ["5H", "6H", "7H"], ["QS"], ["KS"], ["AS"]],
            "leader": 0,
            "actions": [{"seat": 0, "play": ["3C", "4C", "JK"], "joker_as": "<3C"},
                        {"seat": 1, "play": ["5H", "6H", "7H"]}],
        }],
    }
    status, out, _ = checker(tmp_path, record)
    assert status == 0 and json.loads(out)["games"][0]["finished"] is False
    played = replay(parse_record(record)).games[0]
    assert record_json(played.rules, [played])["games"][0]["actions"][0]["joker_as"] == "<3C"
    record["rules"] = "standard"  # no joker beyond the ends there (and 4 players)
    record["games"][0]["hands"] = record["games"][0]["hands"][:4]  # type: ignore[index]
    status, out, _ = checker(tmp_path, record)
    assert status == 1 and "joker cannot stand for <3C" in json.loads(out)["reason"]


def test_bare_preset_string_rules() -> None:
    record = {"rules": "uecda", "games": [{"hands": [["3D"], ["4D"], ["5D"], ["6D"], ["7D"]], "actions": []}]}
    assert parse_record(record).rules == preset_rules("uecda")
    status, answer = check(record)
    assert status == 0 and answer["games"][0]["finished"] is False


@pytest.mark.parametrize("preset", ["standard", "akita", "tournament", "classic", "duel5", "uecda"])
def test_written_matches_replay_to_the_same_results(preset: str) -> None:
    players = 2 if preset == "akita" else None
    rules = preset_rules(preset, players)
    rng = random.Random(7)
    match = Match(rules, seed=7, games=4)
    while True:
        give_random_gifts(match.game, rng)
        while not match.game.over:
            match.game.play(rng.choice(list(match.game.legal_moves())))
        if match.record_result():
            break
        match.next_game()
    record = json.loads(json.dumps(match_record_json(match)))
    replayed = replay(parse_record(record))
    assert [g.result for g in replayed.games] == [g.result for g in match.games]
    assert [(g.public(), g.history) for g in replayed.games] == [(g.public(), g.history) for g in match.games]


def test_a_gift_of_the_second_joker_is_written_and_read_as_jk() -> None:
    """With two jokers a gift "JK" is whichever joker the seat holds (they are interchangeable)."""
    hands = [["3S", "4S"], ["9S", "TS"], ["JK", "7S", "8S"], ["JK", "5S", "6S"]]  # seat 3 holds the second joker
    record = {
        "rules": {"preset": "standard", "players": 4, "overrides": {"jokers": 2, "miyako_ochi": False}},
        "games": [{"hands": hands, "previous_classes": ["daihinmin", "hinmin", "fugo", "daifugo"],
                   "exchange": [{"seat": 3, "give": ["JK", "5S"]}, {"seat": 2, "give": ["7S"]}], "actions": []}],
    }
    replayed = replay(parse_record(record)).games[0]
    assert [format_cards(h) for h in replayed.hands] == ["5S JK", "7S 9S", "8S TS JK", "3S 4S 6S"]
    written = json.loads(json.dumps(record_json(replayed.rules, [replayed])))
    assert written["games"][0]["exchange"][0]["give"] == ["5S", "JK"]
    assert check(written)[0] == 0


def test_previous_classes_default_to_the_last_game_with_reseating() -> None:
    rules = preset_rules("akita", 4, {"exchange": False})
    rng = random.Random(3)
    match = Match(rules, seed=3, games=2)
    for _ in range(2):
        while not match.game.over:
            match.game.play(rng.choice(list(match.game.legal_moves())))
        if match.record_result():
            break
        match.next_game()
    record = match_record_json(match)
    del record["games"][1]["previous_classes"]
    replayed = replay(parse_record(record))
    assert replayed.games[1].previous_places == match.games[1].previous_places


def test_replay_frames_step_through_every_action() -> None:
    from game.engine.record import ReplayFrames

    record = parse_record(json.loads(json.dumps(SAMPLE)))
    frames = ReplayFrames(record)
    assert len(frames) == 1 + len(SAMPLE["games"][0]["actions"])  # type: ignore[index]
    assert frames[0].action_index == -1 and frames[-1].game.result is not None
    assert frames[1].game.counts[3] == 1 and frames[0].game.counts[3] == 3


def test_replay_frames_of_a_long_match_are_the_games_as_played_in_either_direction() -> None:
    """Frames are computed when asked for, from kept positions: the same states as playing the match through."""
    from game.engine.record import ReplayFrames

    rng = random.Random(5)
    match = Match(preset_rules("standard", 4), seed=8, games=6)
    states = []

    def give(game: Game) -> None:
        gift = game.pending[0]
        game.give(gift.giver, sum(1 << c for c in sorted(iter_ids(game.hands[gift.giver]))[:gift.count]))

    for _ in range(6):
        game = match.game
        while game.phase is Phase.EXCHANGE:
            give(game)
        states.append(game.public())  # a game's first frame: dealt and exchanged
        while not game.over:
            if game.phase.giving:
                give(game)
            else:
                game.play(rng.choice(game.move_list()))
            states.append(game.public())
        if match.record_result():
            break
        match.next_game()
    frames = ReplayFrames(parse_record(match_record_json(match)), keep=8)
    assert len(frames) == len(states) and frames.every == max(16, -(-len(states) // 8))
    order = list(range(len(states))) + list(range(len(states) - 1, -1, -7)) + [3, len(states) - 1, 0]
    for n in order:
        assert frames[n].game.public() == states[n], n
    assert len(frames._kept) <= len(states) // frames.every + 1, "a bounded number of copies"


RECORDS = Path(__file__).parent / "records"
HAND_MADE = {
    # file: (places, classes by seat, points by seat, finished) — worked out by hand from the rules
    "tournament-miyako-forbidden.json": ([1, 0, 3, 2], ["fugo", "daifugo", "daihinmin", "hinmin"], [2, 3, 0, 1], True),
    "akita-two-player-pile.json": ([1, 0], ["daihinmin", "daifugo"], [0, 2], True),
    "standard-revolution-eight-cut.json": ([1, 2, 0], ["hinmin", "fugo", "heimin"], [-1, 1, 0], True),
    "duel5-hopeless-hand.json": ([1, 0], ["daihinmin", "daifugo"], [0, 1], True),
    "standard-gekokujo.json": ([3, 2, 1, 0], ["daihinmin", "hinmin", "fugo", "daifugo"], [-2, -1, 1, 2], True),
    "standard-j-back.json": ([0, 1, 2], ["fugo", "heimin", "hinmin"], [1, 0, -1], True),
    "standard-spade-3-return.json": ([1, 0, 2], ["heimin", "fugo", "hinmin"], [0, 1, -1], True),
    "uecda-joker-sequence-lock.json": ([1], [None, "daifugo", None, None, None], [None, 5, None, None, None], False),
}


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_records_get_the_right_places(tmp_path: Path, name: str) -> None:
    raw = (RECORDS / name).read_text(encoding="utf-8")
    status, out, err = checker(tmp_path, None, raw=raw)
    assert status == 0, err or out
    places, classes, points, finished = HAND_MADE[name]
    assert json.loads(out)["games"] == [
        {"places": places, "classes": classes, "points": points, "finished": finished}
    ]
