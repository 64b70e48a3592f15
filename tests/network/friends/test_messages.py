"""The messages' codec: every message and event round-trips, every field is checked, nothing else gets through."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet, observe, preset_rules
from game.engine.rules import PresetId
from game.engine.runner import MatchRunner
from game.network.friends.messages import (
    CLIENT,
    MAX_CLIENT_BYTES,
    PROTOCOL,
    SERVER,
    Act,
    Closed,
    Closing,
    Create,
    GameRecord,
    Give,
    Hello,
    Leave,
    Lobby,
    MessageError,
    React,
    Reaction,
    Ready,
    Refusal,
    Refused,
    Rejected,
    SeatInfo,
    SeatState,
    Snapshot,
    Stamp,
    Start,
    TableSettings,
    Update,
    clean_name,
    decode,
    encode,
    observation_of,
    table_code,
)
from game.network.friends.views import Mirror, seat_events, view_of


@pytest.mark.parametrize("message", [
    Hello(name="Aki", code="K7QXM"),
    Hello(name="あき", code="K7QXM", token="abc"),
    Create(name="host", table=TableSettings(preset="akita", players=3, turn_timer=30, drop_timeout=10)),
    Create(name="host", table=TableSettings(preset="standard", players=5, overrides={"j_back": True}, games=3),
           key="k"),
    Start(), Ready(), Leave(), React(Stamp.SORRY), Give(3, 0b101),
])
def test_client_messages_round_trip(message: object) -> None:
    assert decode(encode(message), CLIENT) == message  # type: ignore[arg-type]


@pytest.mark.parametrize("message", [
    Lobby((SeatInfo(0, "host", SeatState.CONNECTED, True), SeatInfo(1, "", SeatState.COMPUTER, False)), True),
    Rejected(Refusal.STALE, "step 3 has passed", 3), Refused(Refusal.WRONG_CODE, "no table"),
    Reaction(2, Stamp.NICE), GameRecord(1, {"format": "daifugo-record/1"}), Closed(Closing.HOST_LEFT, True),
])
def test_server_messages_round_trip(message: object) -> None:
    assert decode(encode(message), SERVER) == message  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", list(PresetId))
@pytest.mark.slow
def test_every_event_and_view_of_random_matches_round_trip(preset: PresetId) -> None:
    """Through encode and decode, each seat's view is the engine's observation of it, after every action."""
    rules = preset_rules(preset)
    match = Match(rules, 11, games=2 if rules.info.match_end.choosable else None)
    runner = MatchRunner(match)
    rng = random.Random(3)
    mirrors = [Mirror() for _ in range(rules.players)]
    for player, mirror in enumerate(mirrors):
        mirror.apply(decode(encode(Snapshot(1, view_of(match, player))), SERVER, rules))  # type: ignore[arg-type]
    step, seen = 1, set()
    while True:
        while (decision := runner.decision()) is not None:
            game = runner.game
            if decision.gift is not None:
                cards = [c for c in range(54) if game.hands[decision.seat] >> c & 1]
                rng.shuffle(cards)
                answer: int | object = sum(1 << c for c in cards[: decision.gift.count])
            else:
                answer = rng.choice(game.move_list())
            events = runner.answer(decision, answer)  # type: ignore[arg-type]
            if game.result is not None and (outcome := runner.end_game()) is not None:
                events.append(outcome)
            step += 1
            for player, mirror in enumerate(mirrors):
                seat = match.seat_of(player)
                assert mirror.view is not None
                start = len(mirror.view.history) if mirror.view.game == len(match.games) - 1 else 0
                update = Update(step, seat_events(events, seat), view_of(match, player, history_from=start), start)
                back = decode(encode(update), SERVER, rules)
                assert isinstance(back, Update) and back.events == update.events
                assert [getattr(e, "state", None) for e in back.events] == \
                    [getattr(e, "state", None) for e in update.events]
                seen |= {type(e).__name__ for e in back.events}
                assert observation_of(mirror.apply(back)) == observe(game, seat)
        if match.over:
            break
        events = runner.next_game()
        step += 1
        for player, mirror in enumerate(mirrors):
            back = decode(encode(Update(step, seat_events(events, match.seat_of(player)), view_of(match, player))),
                          SERVER, rules)
            assert isinstance(back, Update)
            assert mirror.apply(back).hand == match.game.hands[match.seat_of(player)]
    assert {"Played", "Passed", "GameOver", "MatchOver"} <= seen


def test_an_act_names_its_play_and_a_pass_is_none() -> None:
    text = '{"type":"act","step":4,"play":{"cards":["3S","3H"],"kind":2,"rank":0,"size":2,"suits":3}}'
    act = decode(text, CLIENT)
    assert isinstance(act, Act) and act.play is not None and act.play.cards == 0b11
    assert decode('{"type":"act","step":4,"play":null}', CLIENT) == Act(4, None)


@pytest.mark.parametrize(("text", "field"), [
    ('{"type":"hello","protocol":1,"name":"a","code":"K7QXM","extra":1}', "unknown field"),
    ('{"type":"hello","protocol":1,"name":"","code":"K7QXM"}', "hello.name: empty"),
    ('{"type":"hello","protocol":1,"name":"a\\u0000b","code":"K7QXM"}', "control"),
    ('{"type":"hello","protocol":1,"name":"' + "x" * 21 + '","code":"K7QXM"}', "longer than 20"),
    ('{"type":"hello","protocol":1,"name":"a","code":"K7Q0M"}', "hello.code"),
    ('{"type":"act","step":true,"play":null}', "act.step"),
    ('{"type":"act","step":1}', "missing field 'play'"),
    ('{"type":"act","step":1,"play":{"cards":["ZZ"],"kind":1,"rank":0,"size":1,"suits":1}}', "act.play.cards"),
    ('{"type":"act","step":1,"play":{"cards":["3S","3S"],"kind":2,"rank":0,"size":2,"suits":1}}', "twice"),
    ('{"type":"act","step":1,"play":{"cards":["3S"],"kind":9,"rank":0,"size":1,"suits":1}}', "act.play.kind"),
    ('{"type":"give","step":1,"cards":[]}', "no cards"),
    ('{"type":"give","step":1,"cards":' + json.dumps(["3S"] * 60) + "}", "more than 54"),
    ('{"type":"react","stamp":"rude"}', "react.stamp"),
    ('{"type":"welcome"}', "type: expected one of"),
    ('{"type":"create","protocol":1,"name":"h","table":{"preset":"nope","players":4}}', "unknown preset"),
    ('{"type":"create","protocol":1,"name":"h","table":{"preset":"standard","players":9}}', "players"),
    ('{"type":"create","protocol":1,"name":"h","table":{"preset":"standard","players":4,"overrides":'
     '{"j_back":"maybe"}}}', "create.table"),
    ('{"type":"create","protocol":1,"name":"h","table":{"preset":"tournament","players":4,"games":7}}', "fix"),
    ("[1, 2]", "a JSON object"),
    ('{"type":"start","step":1e999}', "unknown field"),
    ('{"type":"start","n":' + "9" * 30 + "}", "not JSON"),
    ("[" * 5000 + "]" * 5000, "message"),
    ("x" * (MAX_CLIENT_BYTES + 1), "longer than"),
])
def test_bad_client_messages_name_the_field(text: str, field: str) -> None:
    with pytest.raises(MessageError) as error:
        decode(text, CLIENT)
    assert field in str(error.value)


def test_game_messages_need_the_tables_rules() -> None:
    match = Match(preset_rules("standard"), 1)
    text = encode(Snapshot(1, view_of(match, 0)))
    with pytest.raises(MessageError, match="before the table's welcome"):
        decode(text, SERVER)
    data = json.loads(text)
    data["view"]["seat"] = 9  # a seat the table does not have
    with pytest.raises(MessageError, match=r"snapshot\.view\.seat: expected a whole number 0\.\.3"):
        decode(json.dumps(data), SERVER, match.rules)


def test_names_and_codes_are_cleaned_as_typed() -> None:
    assert clean_name("  Aki   Sato ") == "Aki Sato"
    assert table_code("k7q-xm") == "K7QXM"
    assert Hello("a", "K7QXM").protocol == PROTOCOL


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=10), children, max_size=6),
    max_leaves=30,
)
field_names = st.sampled_from(["type", "protocol", "name", "code", "token", "step", "play", "cards", "stamp", "table",
                               "kind", "rank", "size", "suits", "preset", "players", "key", "resume", "app"])
types = st.sampled_from(["hello", "create", "start", "act", "give", "ready", "react", "leave", "welcome", "x"])


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(field_names, json_values, max_size=8), types)
@pytest.mark.slow
def test_fuzzed_client_messages_are_read_or_refused_never_anything_else(data: dict[str, object], kind: str) -> None:
    data["type"] = kind
    try:
        text = json.dumps(data)
    except (ValueError, TypeError):
        return
    with contextlib.suppress(MessageError):
        decode(text, CLIENT)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_fuzzed_bytes_are_refused_cleanly(raw: bytes | str) -> None:
    with contextlib.suppress(MessageError):
        decode(raw, CLIENT)


# --- the history's entries from a (hostile) server -------------------------------------------------------------

HOUSE = {"seven_pass": True, "ten_discard": True, "exchange": True}


def house_snapshot() -> tuple[dict[str, Any], RuleSet, dict[str, int]]:
    """A snapshot seat 0 received in the second game of a match with 7渡し, 10捨て and the exchange: its history holds
    every kind of gift (shown and hidden) and tricks cleared for several reasons; where each first is."""
    rules = preset_rules("standard", 4, HOUSE)
    rng = random.Random(5)
    for seed in range(1, 40):
        match = Match(rules, seed, games=3)
        runner = MatchRunner(match)
        while not match.over:
            game = runner.game
            if game.result is not None:
                runner.end_game()
                if match.over:
                    break
                runner.next_game()
                continue
            decision = runner.decisions()[0]
            if decision.gift is not None:
                hand = sorted(c for c in range(54) if game.hands[decision.seat] >> c & 1)
                runner.answer(decision, sum(1 << c for c in rng.sample(hand, decision.gift.count)))
            else:
                runner.answer(decision, rng.choice(observe(game, decision.seat).move_list()))
            data = json.loads(encode(Snapshot(7, view_of(match, 0))))
            where = _entry_kinds(data["view"]["history"])
            if {"exchange", "seven_pass:shown", "seven_pass:hidden", "ten_discard", "cleared"} <= set(where):
                return data, rules, where
    raise AssertionError("no match with every kind of history entry")


def _entry_kinds(history: list[dict[str, Any]]) -> dict[str, int]:
    where: dict[str, int] = {}
    for i, entry in enumerate(history):
        if "gift" in entry:
            kind = entry["gift"]
            if kind == "seven_pass":
                kind += ":shown" if entry["cards"] else ":hidden"
            where.setdefault(kind, i)
        elif entry["cleared"] is not None:
            where.setdefault("cleared", i)
    return where


@pytest.fixture(scope="module")
def house() -> tuple[dict[str, Any], RuleSet, dict[str, int]]:
    return house_snapshot()


def test_gift_entries_and_cleared_reasons_round_trip(house: tuple[dict[str, Any], RuleSet, dict[str, int]]) -> None:
    data, rules, _ = house
    message = decode(json.dumps(data), SERVER, rules)
    assert isinstance(message, Snapshot)
    assert json.loads(encode(message)) == data


@pytest.mark.parametrize(("kind", "field", "value", "says"), [
    ("exchange", "giver", 4, "giver: expected a whole number 0..3"),
    ("exchange", "receiver", -2, "receiver: expected a whole number -1..3"),
    ("exchange", "receiver", -1, "a gift has one"),
    ("ten_discard", "receiver", 1, "a discard (10捨て) has no receiver"),
    ("seven_pass:shown", "receiver", "GIVER", "gives to another"),
    ("exchange", "size", 55, "size: expected a whole number 1..54"),
    ("exchange", "size", 0, "size"),
    ("seven_pass:shown", "size", 3, "cards: expected 3 cards or none"),
    ("ten_discard", "cards", [], "expected"),
    ("seven_pass:hidden", "cards", ["3S", "ZZ"], "unknown card code 'ZZ'"),
    ("exchange", "gift", "give_all", "gift: expected one of"),
    ("exchange", "chosen", "yes", "chosen"),
    ("exchange", "seat", 1, "unknown field"),
    ("exchange", "gift", None, "gift"),
    ("cleared", "cleared", "everyone_left", "cleared: expected one of"),
    ("cleared", "cleared", 3, "cleared"),
    ("cleared", "passed", 16, "passed: expected a whole number 0..15"),
    ("cleared", "lock", -1, "lock"),
    ("cleared", "last_player", 4, "last_player"),
    ("cleared", "move", {"cards": ["3S"], "kind": 1, "rank": 14, "size": 1, "suits": 1}, "move.rank"),
])
def test_bad_history_entries_from_a_server_name_the_field(house: tuple[dict[str, Any], RuleSet, dict[str, int]],
                                                           kind: str, field: str, value: object, says: str) -> None:
    """A server's (or a forger's) history entry out of range is refused, naming the entry and the field."""
    data, rules, where = house
    data = json.loads(json.dumps(data))
    index = where[kind]
    entry = data["view"]["history"][index]
    entry[field] = entry["giver"] if value == "GIVER" else value
    with pytest.raises(MessageError) as error:
        decode(json.dumps(data), SERVER, rules)
    assert f"snapshot.view.history[{index}]" in str(error.value) and says in str(error.value), str(error.value)


history_fields = st.sampled_from(["gift", "giver", "receiver", "cards", "size", "chosen", "seat", "move", "top",
                                  "last_player", "passed", "lock", "lock_base", "revolution", "j_back", "backwards",
                                  "cleared", "extra"])


@settings(max_examples=300, deadline=None)
@given(st.data())
@pytest.mark.slow
def test_fuzzed_history_entries_are_read_or_refused_never_anything_else(
        house: tuple[dict[str, Any], RuleSet, dict[str, int]], data: st.DataObject) -> None:
    """Any field of any entry (gift or turn) replaced, removed or added: a Snapshot or a MessageError, and an entry
    that is read is one the engine could have written (it round-trips)."""
    snapshot, rules, _ = house
    snapshot = json.loads(json.dumps(snapshot))
    history = snapshot["view"]["history"]
    for _ in range(data.draw(st.integers(1, 3))):
        entry = history[data.draw(st.integers(0, len(history) - 1))]
        field = data.draw(history_fields)
        if data.draw(st.booleans()) and field in entry:
            del entry[field]
        else:
            entry[field] = data.draw(json_values | st.integers(-60, 60) | st.sampled_from(
                ["exchange", "seven_pass", "ten_discard", "eight_cut", "all_passed", "3S", "JK"]))
    try:
        text = json.dumps(snapshot)
    except (ValueError, TypeError):
        return
    try:
        message = decode(text, SERVER, rules)
    except MessageError:
        return
    assert isinstance(message, Snapshot)
    assert decode(encode(message), SERVER, rules) == message
