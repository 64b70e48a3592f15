"""Normal is the UECda default client: the official standard client's own moves, and its habits.

``data/standard-clients-300.log.gz`` is the official server's game log
(tndhm_devkit_c-20180826, its rules as shipped, ``FLAG_LOGGER yes``) of 300
games among five of the dev kit's standard clients (``client/daihinmin.c``).
Every gift and every action there must be exactly what Normal chooses in
the same position.
"""

from __future__ import annotations

import gzip
import random
from collections import Counter
from pathlib import Path

import pytest

from ai.normal import Normal, cards_before_gift, normal_move, normal_policy
from ai.player import weakest_cards
from game.engine import PASS, Game, Move, Phase, Play, observe, parse_cards
from game.engine.cards import JOKER_MASK, format_cards
from game.engine.legality import verify
from game.engine.plays import GROUP, SEQUENCE
from game.network.uecda.official_log import LogError, parse_log, replay
from tests.engine.helpers import act, game_of, played

from .test_hidden_information import random_state

LOG = Path(__file__).with_name("data") / "standard-clients-300.log.gz"


def _kind(game: Game) -> str:
    top = game.top
    if top is None:
        return "lead"
    return {1: "single", GROUP: "group", SEQUENCE: "sequence"}[top.kind]


@pytest.mark.slow
def test_every_move_of_the_official_standard_client() -> None:
    log = parse_log(gzip.decompress(LOG.read_bytes()).decode())
    normal = Normal()
    rng = random.Random(0)
    seen: Counter[str] = Counter()
    wrong: list[str] = []
    skipped = 0
    for logged in log.games:
        try:
            for decision in replay(log, logged):
                game, seat = decision.game, decision.seat
                obs = observe(game, seat)
                if decision.move is None:
                    seen["gift"] += 1
                    chosen: Move | int = normal.choose_gift(obs, rng)
                    expected: Move | int = decision.gift
                else:
                    seen[_kind(game)] += 1
                    seen["revolution"] += game.revolution
                    seen["lock"] += bool(game.lock)
                    seen["holding the joker"] += bool(obs.hand & JOKER_MASK)
                    seen["refused"] += decision.refused
                    chosen = normal.choose_move(obs, rng)
                    expected = decision.move
                if chosen != expected:
                    wrong.append(f"game {logged.number} seat {seat} holding {format_cards(obs.hand)} on "
                                 f"{game.top}: the client {expected}, Normal {chosen}")
        except LogError:
            skipped += 1
    assert not wrong, f"{len(wrong)} differences, e.g.\n" + "\n".join(wrong[:10])
    assert skipped <= 3
    # The log covers what the client does differently from a careful player.
    assert seen["lead"] > 1500 and seen["single"] > 3000 and seen["group"] > 2500 and seen["sequence"] > 300
    assert seen["gift"] > 250 and seen["revolution"] > 500 and seen["lock"] > 1500
    assert seen["holding the joker"] > 250 and seen["refused"] >= 1


def _uecda(hand: str, *others: str) -> Game:
    """A ``uecda`` game with ``hand`` in seat 0 and one card each for the other seats."""
    fillers = ["4D", "4C", "5D", "5C"]
    return game_of("uecda", [hand, *(list(others) + fillers[len(others):])], leader=0)


def test_it_leads_with_the_joker_in_its_sequences_and_groups() -> None:
    game = _uecda("6S 7S 8S JS JD KD JK")
    move = normal_policy(game)
    assert played(move) == parse_cards("6S 7S 8S JK")
    assert isinstance(move, Play) and move.kind == SEQUENCE and move.rank == 2  # the joker is the 5♠
    game = _uecda("6S 9H KD JK")
    assert played(normal_policy(game)) == parse_cards("6S JK")  # a pair of 6s, not the lone 6
    game = _uecda("6S 9H 9D KD JK")
    assert played(normal_policy(game)) == parse_cards("9H 9D JK")


def _following(hand: str, table: str) -> Game:
    """A ``uecda`` game where seat 0, holding ``hand``, is to answer ``table``."""
    game = game_of("uecda", [hand, "4D", "4C", "5D", table + " 6D"], leader=4)
    act(game, table)
    return game


def test_without_the_joker_it_leads_the_longest_sequence_then_the_largest_group() -> None:
    game = _uecda("3S 4S 5S 6S 9H 9D 9C KH")
    assert played(normal_policy(game)) == parse_cards("3S 4S 5S 6S")
    game = _uecda("3S 9H 9D 9C KH KD")
    assert played(normal_policy(game)) == parse_cards("9H 9D 9C")
    game = _uecda("5S 7D KH")
    assert played(normal_policy(game)) == parse_cards("5S")


def test_in_a_revolution_it_leads_from_the_other_end() -> None:
    game = _uecda("3S 4S 5S 9H TH JH KD")
    game.revolution = True
    assert played(normal_policy(game)) == parse_cards("9H TH JH")
    game = _uecda("5S 5H 9D 9C KD")
    game.revolution = True
    assert played(normal_policy(game)) == parse_cards("9D 9C")


def test_a_single_comes_from_cards_in_no_group_and_no_sequence() -> None:
    game = _following("6S 6H 7C 8C 9C QD 2S", "4H")
    assert played(normal_policy(game)) == parse_cards("QD")


def test_a_group_may_break_a_sequence_and_a_sequence_is_the_top_of_a_run() -> None:
    game = _following("6S 7C 8H 9C TD JH QS QH KH AC 2C", "3S 3H")
    assert played(normal_policy(game)) == parse_cards("QS QH")  # the Q♥ was in J♥ Q♥ K♥
    game = _following("3S 7C 8S TD TC JS JC QC KC", "3H 4H 5H")
    assert played(normal_policy(game)) == parse_cards("JC QC KC")


def test_the_joker_completes_a_group_or_beats_a_single_when_nothing_else_does() -> None:
    game = _following("7S 9D 9C 2H JK", "7D 7C")
    assert played(normal_policy(game)) == parse_cards("9D 9C")
    game = _following("7S 9D 2H JK", "7D 7C")
    move = normal_policy(game)
    assert played(move) == parse_cards("9D JK") and isinstance(move, Play) and move.suits == 0b0101  # JK = 9♠
    game = _following("6S 6H 9D 9C JK", "6C")
    assert played(normal_policy(game)) == parse_cards("JK")  # every card above the 6 is in a pair


def test_a_play_the_referee_would_refuse_is_a_pass() -> None:
    # The client puts the joker in the lowest place it finds: the 6♠, which does not beat 4-5-6♥.
    game = _following("7S 8S QD JK", "4H 5H 6H")
    assert game.resolve(parse_cards("7S 8S JK")) in game.legal_moves()
    assert normal_policy(game) == PASS


def test_it_gives_its_weakest_cards_spades_first() -> None:
    game = game_of("uecda", ["3C 3H 4D 9H", "5C 5D 9S", "6D 6C", "7D 7C", "8D 8C"], previous=[0, 1, 2, 3, 4])
    gifts = {}
    while game.phase.giving:
        giver = game.pending[0].giver
        gifts[giver] = Normal().choose_gift(observe(game, giver), random.Random(0))
        game.give(giver, gifts[giver])
    assert gifts == {0: parse_cards("3H 3C"), 1: parse_cards("5D")}


def test_its_moves_are_legal_in_any_rule_mix() -> None:
    rng = random.Random(5)
    for _ in range(400):
        game = random_state(rng, exchange=False)
        if game.phase is not Phase.PLAY:
            continue
        move = normal_move(game, game.hands[game.turn], game.drawn)
        assert verify(game, game.hands[game.turn], game.drawn, move) == move


@pytest.mark.parametrize("preset", ["standard", "akita", "classic", "tournament"])
def test_other_presets_only_get_readings_their_rules_allow(preset: str) -> None:
    """No joker beyond the ends of a sequence, no sequences where the rules have none."""
    game = game_of(preset, ["3S 4S 9H 9D JK", "KD", "KC", "QD"], leader=0)
    move = normal_policy(game)
    assert isinstance(move, Play)
    if game.rules.sequences:
        assert played(move) == parse_cards("3S 4S JK") and move.rank == 0  # JK = 5♠, not below the 3
    else:
        assert played(move) == parse_cards("9H 9D JK")


def test_how_far_a_gift_is_from_the_clients() -> None:
    rng = random.Random(8)
    for _ in range(300):
        hand = 0
        for cid in rng.sample(range(53), 11):
            hand |= 1 << cid
        count = rng.choice((1, 2))
        given = 0
        for cid in rng.sample([c for c in range(53) if hand >> c & 1], count):
            given |= 1 << cid
        found = cards_before_gift(hand, given)
        assert (found == 0) == (weakest_cards(hand, count) == given)
        assert found == sum(1 for c in range(given.bit_length() - 1) if (hand & ~given) >> c & 1)
