"""The public state declared once, and the one history of a game."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from game.engine import PASS, Game, Gift, Match, Play, PublicState, State, native, parse_cards
from game.engine.events import (
    ClearReason,
    Event,
    Exchanged,
    HopelessHand,
    SevenPass,
    TenDiscard,
    TrickCleared,
    state_after,
)
from game.engine.match import next_deal
from game.engine.record import game_json, parse_record, record_json, replay
from game.engine.rules import preset_rules
from game.engine.state import FIELDS, GiftKind, Phase

from .helpers import game_of, run
from .randomized import give_random_gifts, random_rules

ROOT = Path(__file__).resolve().parents[2]

# --- one declaration ------------------------------------------------------------------------------


def test_the_mutable_state_declares_the_public_fields_in_the_same_order_and_types() -> None:
    """``State`` is ``PublicState``'s twin: the same names in the same order, lists for its tuples."""
    frozen = [(f.name, str(f.type)) for f in fields(PublicState)]
    mutable = [(f.name, str(f.type)) for f in fields(State)]
    assert [name for name, _ in mutable] == [name for name, _ in frozen] == list(FIELDS)
    for (name, snapshot), (_, live) in zip(frozen, mutable, strict=True):
        if snapshot.startswith("tuple[") and snapshot.endswith(", ...]"):
            assert live == f"list[{snapshot[len('tuple['):-len(', ...]')]}]", name
        else:
            assert live == snapshot, name


def test_the_engine_runs_on_the_standard_library_alone() -> None:
    """The state's shared base class carries the compiler's mark (``mypy_extensions.trait``) when that
    package is there; without it the engine still plays."""
    code = ("import random, sys; sys.modules['mypy_extensions'] = None\n"
            "from game.engine import Game, preset_rules\n"
            "game = Game.new(preset_rules('uecda'), random.Random(1))\n"
            "while not game.over: game.apply(game.legal_moves()[0])\n"
            "print(sorted(game.place_of(seat) for seat in range(game.n)), game.public().over)\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, native.ENV: "off"})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["[0,", "1,", "2,", "3,", "4]", "True"]


def distinct_state() -> State:
    """A state whose every field holds a value no other field holds."""
    state = State.opening(preset_rules("standard"), [5, 6, 7, 8])
    for i, f in enumerate(fields(State)[1:], start=1):
        value = getattr(state, f.name)
        if isinstance(value, list):
            setattr(state, f.name, [1000 + i, 2000 + i])
        elif f.name not in ("phase",):
            setattr(state, f.name, 1000 + i)
    state.phase = Phase.HANDOFF
    return state


def test_freeze_thaw_and_copy_carry_every_declared_field() -> None:
    state = distinct_state()
    frozen = state.freeze()
    for name in FIELDS:
        value = getattr(state, name)
        assert getattr(frozen, name) == (tuple(value) if isinstance(value, list) else value), name
    thawed = frozen.thaw()
    copied = state.copy()
    for name in FIELDS:
        assert getattr(thawed, name) == getattr(state, name) == getattr(copied, name), name
        if isinstance(getattr(state, name), list):
            assert getattr(copied, name) is not getattr(state, name), f"{name} is shared by the copy"
    assert copied.freeze() == frozen == thawed.freeze()
    assert copied.key() == state.key() and len(state.key()) == len(FIELDS) - 1


def test_a_clone_copies_every_field_and_shares_nothing_that_moves() -> None:
    rng = random.Random(5)
    for _ in range(30):
        game = Game.new(random_rules(rng), rng)
        for _ in range(rng.randint(0, 30)):
            if game.over:
                break
            if game.phase.giving:
                give_random_gifts(game, rng)
            else:
                game.apply(rng.choice(game.move_list()))
        twin = game.clone()
        assert twin.snapshot() == game.snapshot()
        before = game.snapshot()
        while not twin.over:
            if twin.phase.giving:
                give_random_gifts(twin, rng)
            else:
                twin.apply(rng.choice(twin.move_list()))
        assert game.snapshot() == before, "playing the clone changed the game"


def test_game_from_position_reads_the_declaration() -> None:
    game = game_of("standard", ["3S 4S 5S", "3H 4H 5H", "3D 4D KD", "2H 2S 2C 5D"])
    run(game, "3S", "4H")
    copy = Game.from_position(game.public(), game.hands, history=game.history)
    assert copy.public() == game.public() and copy.history == game.history


def test_a_seat_lost_by_a_hopeless_hand_is_in_the_public_state() -> None:
    game = game_of("standard", ["3S 4S", "8S 8H 5D", "3D 4D", "6H 6S"], stocks=["", "", "9C", "9D"],
                   overrides={"hand_size": 2, "forbidden_finish": True})
    events = run(game, "3S", "5D")  # seat 1 keeps only 8s, its stock empty
    assert any(isinstance(e, HopelessHand) and e.seat == 1 for e in events)
    assert game.hopeless == 0b10 and game.public().hopeless == 0b10 and 1 in game.forbidden
    assert not game.hopeless & game.active


# --- one history ------------------------------------------------------------------------------------


def played_out(rng: random.Random) -> tuple[Game, list[Event]]:
    """A game of random rules (a game 2+ more often than not) played to its end; every event it made."""
    rules = random_rules(rng)
    places = list(range(rules.players))
    rng.shuffle(places)
    game = Game.new(rules, rng, previous_places=places if rng.random() < 0.6 else None)
    events = list(game.setup_events)
    while not game.over:
        events += give_random_gifts(game, rng) if game.phase.giving else game.play(rng.choice(game.move_list()))
    return game, events


def gift_of(event: Event) -> Gift | None:
    """The history entry an event of cards changing hands makes."""
    if isinstance(event, Exchanged):
        return Gift(event.giver, event.receiver, event.cards, event.count, GiftKind.EXCHANGE, event.chosen)
    if isinstance(event, SevenPass):
        return Gift(event.giver, event.receiver, event.cards, event.count, GiftKind.SEVEN_PASS, True)
    if isinstance(event, TenDiscard):
        return Gift(event.seat, -1, event.cards, event.cards.bit_count(), GiftKind.TEN_DISCARD, True)
    return None


@pytest.mark.parametrize("seed", range(6))
def test_the_history_is_every_decision_in_order_with_why_each_trick_ended(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        game, events = played_out(rng)
        cleared = [(e.reason, e.leader) for e in events if isinstance(e, TrickCleared)]
        turns = game.turns()
        marked = [(t.cleared, turns[i + 1].seat if i + 1 < len(turns) else game.turn) for i, t in enumerate(turns)
                  if t.cleared is not None]
        assert [reason for reason, _ in cleared] == [reason for reason, _ in marked]
        assert cleared == marked, "the seat after a clear leads"
        gifts = [gift for e in events if (gift := gift_of(e)) is not None]
        assert [g for g in game.history if isinstance(g, Gift)] == gifts, "every gift, in order"
        assert all(g.size == g.cards.bit_count() for g in game.history if isinstance(g, Gift))


@pytest.mark.parametrize("seed", range(6))
def test_the_history_replays_every_event_as_it_happened(seed: int) -> None:
    """``replayed_events`` (what a resumed table shows) is the events the game made, each with its state."""
    rng = random.Random(100 + seed)
    for _ in range(30):
        game, events = played_out(rng)
        again = game.replayed_events()
        assert again == events
        assert [state_after(e) for e in again] == [state_after(e) for e in events]


def test_a_game_built_from_a_position_has_no_deal_to_replay() -> None:
    game = game_of("standard", ["3S 4S", "3H 4H", "3D 4D", "3C 4C"])
    with pytest.raises(ValueError, match="position"):
        Game.from_position(game.public(), game.hands).replayed_events()


def test_the_record_is_written_from_the_history_in_order() -> None:
    rng = random.Random(8)
    written = 0
    for _ in range(60):
        game, _ = played_out(rng)
        data = json.loads(json.dumps(record_json(game.rules, [game])))
        previous = game.previous_titles
        again = replay(parse_record(data)).games[0]
        entry = game_json(game)
        assert game_json(again) == entry and again.result == game.result  # (the two jokers are one "JK")
        handoffs = sum(1 for g in game.history if isinstance(g, Gift) and g.kind is not GiftKind.EXCHANGE)
        assert len(entry["actions"]) == len(game.turns()) + handoffs
        assert (previous is None) == ("previous_classes" not in entry)
        written += handoffs
    assert written > 0, "some games handed cards on or discarded"


def test_a_record_across_the_class_cycle_replays() -> None:
    """The UECda cycle deals game 100 as a first game: its record replays (no exchange is due)."""
    rules = preset_rules("uecda")
    assert rules.info.class_reset_every == 100
    match = Match(rules, seed=4, games=101)
    rng = random.Random(4)
    while True:
        while not match.game.over:
            if match.game.phase.giving:
                give_random_gifts(match.game, rng)
            else:
                match.game.apply(rng.choice(match.game.move_list()))
        if match.record_result():
            break
        match.next_game()
    assert match.games[100].previous_places is None and match.games[99].previous_places is not None
    replayed = replay(parse_record(json.loads(json.dumps(record_json(rules, match.games)))))
    assert [g.result for g in replayed.games] == [g.result for g in match.games]


def test_next_deal_reseats_and_starts_the_class_cycle_again() -> None:
    standard = preset_rules("standard")
    assert next_deal(standard, 1, (2, 0, 3, 1)) == (None, (2, 0, 3, 1))
    uecda = preset_rules("uecda")
    every = uecda.info.reseat_every
    assert next_deal(uecda, every, (4, 2, 0, 3, 1)) == ((4, 2, 0, 3, 1), (0, 1, 2, 3, 4))
    assert next_deal(uecda, 100, (4, 2, 0, 3, 1))[1] is None
    assert next_deal(uecda, 100, (4, 2, 0, 3, 1), class_reset_every=0)[1] is not None


# --- hidden cards ---------------------------------------------------------------------------------


def test_hidden_cards_swap_between_hands_of_a_world() -> None:
    game = game_of("standard", ["3S 4S", "3H 4H", "3D 4D", "3C 4C"])
    state = game.public()
    game.swap_hidden(1, parse_cards("3D"), 2, parse_cards("4H"))
    assert game.hands[1] == parse_cards("3H 3D") and game.hands[2] == parse_cards("4H 4D")
    assert game.public() == state
    with pytest.raises(ValueError):
        game.swap_hidden(1, parse_cards("3C"), 2, parse_cards("3H"))  # seat 2 does not hold the 3C
    with pytest.raises(ValueError):
        game.swap_hidden(1, parse_cards("4H 4D"), 2, parse_cards("3H"))  # not as many


def test_a_turn_records_the_table_it_was_made_on() -> None:
    game = game_of("standard", ["3S 4S 9S", "3H 4H 9H", "3D 4D KD", "2H 2S 2C 5D"])
    before = game.public()
    run(game, "3S")
    (turn,) = game.turns()
    assert (turn.seat, turn.top, turn.last_player, turn.passed, turn.lock, turn.lock_base) == (
        0, None, before.last_player, before.passed, before.lock, before.lock_base)
    assert (turn.revolution, turn.j_back, turn.backwards, turn.cleared) == (False, False, False, None)
    assert isinstance(turn.move, Play)
    run(game, "4H", "KD", "2H", "pass", "pass", "pass")
    assert game.turns()[-1].cleared is ClearReason.PASSES and game.turns()[-1].move is PASS
