"""Thousands of random games over random rule sets: the invariants always hold."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, IllegalMove, Match, Move, Phase, Play, RuleSet, observe, preset_rules
from game.engine.cards import JOKER_MASK, NATURAL_MASK, deck_mask, iter_ids, parse_cards
from game.engine.effects import effects
from game.engine.events import (
    Ambulance,
    EightCut,
    Event,
    Exchanged,
    Finished,
    FiveSkip,
    ForbiddenFinish,
    GameOver,
    JBack,
    Locked,
    NineReverse,
    Revolution,
    Sandstorm,
    SevenPass,
    Spade3Return,
    TenDiscard,
    TrickCleared,
    state_after,
)
from game.engine.legality import legal_reading
from game.engine.movegen import play_readings
from game.engine.state import visible_entry
from tests.properties import examples

from .randomized import give_random_gifts, random_position, random_rules, random_step
from .strategies import choices, rule_sets


def all_cards(game: Game) -> int:
    """Every card in a hand, a stock, the pile, played or removed; with a popcount check of disjointness."""
    total = 0
    zones = [*game.hands, game.played, game.removed]
    for stock in game.stocks or []:
        zones.append(sum(1 << c for c in stock))
    if game.pile is not None:
        zones.append(sum(1 << c for c in game.pile))
    for zone in zones:
        assert not total & zone, "a card is in two places"
        total |= zone
    return total


def check_observation(game: Game, rng: random.Random) -> None:
    for seat in range(game.n):
        obs = observe(game, seat)
        assert obs.hand == game.hands[seat]
        assert obs.state == game.public()
        for other in range(game.n):
            if other != seat:
                assert obs.known[other] & ~game.hands[other] == 0, "a known card is not there"
        assert all(seat in (giver, receiver) for giver, receiver, _ in obs.gifts)
        world = obs.sample(rng)
        assert obs.history == tuple(visible_entry(entry, seat) for entry in game.history)
        assert world.public() == obs.state and world.history == list(obs.history)
        assert world.hands[seat] == game.hands[seat]
        assert world.counts == game.counts
        for other in range(game.n):
            assert world.hands[other].bit_count() == game.counts[other]
            assert world.hands[other] & obs.known[other] == obs.known[other]
        assert all_cards(world) & ~deck_mask(game.rules.jokers) == 0


def play_random_game(game: Game, rng: random.Random, observe_every: int = 0,
                     worlds: random.Random | None = None) -> int:
    """Play ``game`` out by ``rng``'s choices, checking the invariants; every ``observe_every`` actions the
    observations too, their worlds drawn by ``worlds`` (``rng`` by default)."""
    deck = all_cards(game)
    give_random_gifts(game, rng)
    steps = 0
    bound = 60 * 54
    while not game.over:
        assert all_cards(game) == deck, "cards are conserved"
        if game.phase.giving:
            events = give_random_gifts(game, rng)
        else:
            moves = game.legal_moves()
            assert moves, "the seat to act always has a move"
            move = rng.choice(list(moves))
            game.verify(move)
            events = game.play(move)
        assert events
        steps += 1
        assert steps < bound, "the game ends"
        if observe_every and steps % observe_every == 0 and not game.over:
            check_observation(game, worlds or rng)
    assert all_cards(game) == deck
    result = game.result
    assert result is not None and game.phase is Phase.OVER
    assert sorted(result.places) == list(range(game.n)), "places are a permutation"
    titles = game.rules.titles
    for place, seat in enumerate(result.places):
        assert result.titles[seat] == titles[place]
        assert result.points[seat] == game.rules.points_for(place, titles[place])
    return steps


@settings(max_examples=examples(0.6))
@given(rule_sets(), st.integers(0, 2**32), choices())
@pytest.mark.slow
def test_random_matches_keep_every_invariant(rules: RuleSet, seed: int, rng: random.Random) -> None:
    match = Match(rules, seed=seed, games=3)
    worlds = random.Random(seed)  # the observations' worlds need no shrinking
    for _ in range(3):
        play_random_game(match.game, rng, observe_every=7, worlds=worlds)
        outcome = match.record_result()
        if outcome is not None:
            break
        match.next_game()
    assert sorted(match.ranking()) == list(range(rules.players))


@pytest.mark.slow
def test_two_thousand_random_games() -> None:
    rng = random.Random(2024)
    for i in range(2000):
        rules = random_rules(rng)
        play_random_game(Game.new(rules, random.Random(i)), rng)


def test_the_same_seed_gives_the_same_game() -> None:
    def run(seed: int) -> list[object]:
        rng = random.Random(seed)
        rules = random_rules(rng)
        match = Match(rules, seed=seed, games=2)
        trace: list[object] = []
        for _ in range(2):
            give_random_gifts(match.game, rng)
            while not match.game.over:
                trace.extend(random_step(match.game, rng))
            trace.append(match.game.snapshot())
            if match.record_result():
                break
            match.next_game()
        return trace

    for seed in range(20):
        assert run(seed) == run(seed)


def test_observation_ignores_hidden_cards() -> None:
    """Two states that differ only in cards hidden from a seat look the same to it."""
    rng = random.Random(5)
    for _ in range(200):
        rules = random_rules(rng)
        game = Game.new(rules, rng)
        give_random_gifts(game, rng)
        for _ in range(rng.randint(0, 30)):
            if game.over:
                break
            random_step(game, rng, checked=False)
        seat = rng.randrange(game.n)
        obs = observe(game, seat)
        twin = obs.sample(rng)
        assert observe(twin, seat) == obs


def test_game_over_event_is_last() -> None:
    rng = random.Random(3)
    for _ in range(30):
        game = Game.new(random_rules(rng), rng)
        give_random_gifts(game, rng)
        events: list[Event] = []
        while not game.over:
            events = random_step(game, rng)
        assert isinstance(events[-1], GameOver)


@given(rule_sets(), choices())
def test_the_predicted_effects_are_what_the_game_does(rules: RuleSet, rng: random.Random) -> None:
    """``effects(play, game)`` before a play names exactly the rule events the play then causes."""
    game = Game.new(rules, rng)
    give_random_gifts(game, rng)
    while not game.over:
        if game.phase.giving:
            give_random_gifts(game, rng)
            continue
        move = rng.choice(list(game.legal_moves()))
        if not isinstance(move, Play):
            game.play(move)
            continue
        seat = game.turn
        rest = game.hands[seat] & ~move.cards
        eff = effects(move, game, finishes=not rest and not game.stock_count(seat))
        lock_before = game.lock
        backwards_before = game.backwards
        events = game.play(move)
        if game.phase is Phase.HANDOFF:
            due = [(g.kind.value, g.count) for g in game.pending]
            expected = [("seven_pass", min(eff.hands_on, rest.bit_count()))] if eff.hands_on else []
            if eff.discards:
                expected.append(("ten_discard", min(eff.discards, rest.bit_count())))
            assert due == expected
            events += give_random_gifts(game, rng)
        else:
            assert not (eff.hands_on or eff.discards) or not rest or game.over
        kinds = {type(e) for e in events}
        assert (Revolution in kinds) == eff.revolution
        assert (JBack in kinds) == eff.j_back
        assert [e.suits for e in events if isinstance(e, Locked)] == ([eff.locks] if eff.locks else [])
        assert (EightCut in kinds) == (eff.cut == "eight_cut")
        assert (Spade3Return in kinds) == (eff.cut == "spade3_return")
        assert (Sandstorm in kinds) == (eff.cut == "sandstorm")
        assert (Ambulance in kinds) == (eff.cut == "ambulance")
        assert (NineReverse in kinds) == eff.turns_round == (game.backwards != backwards_before)
        skipped = [e.skipped for e in events if isinstance(e, FiveSkip)]
        if skipped:
            assert eff.skips and len(skipped[0]) <= eff.skips
        elif eff.skips:
            assert game.over or Finished in kinds or ForbiddenFinish in kinds or TrickCleared in kinds
        if Finished in kinds or ForbiddenFinish in kinds:
            assert (ForbiddenFinish in kinds) == eff.forbidden or SevenPass in kinds or TenDiscard in kinds
        if eff.ends_lock:
            assert lock_before and game.lock == 0


@given(rule_sets(), choices())
def test_a_settled_place_never_changes(rules: RuleSet, rng: random.Random) -> None:
    game = Game.new(rules, rng)
    give_random_gifts(game, rng)
    settled: dict[int, int] = {}
    while not game.over:
        random_step(game, rng)
        for seat in range(game.n):
            place = game.place_of(seat)
            if place is not None:
                assert settled.setdefault(seat, place) == place
    assert game.result is not None
    assert all(game.result.places.index(seat) == place for seat, place in settled.items())


@given(rule_sets(), choices())
def test_legal_moves_contains_exactly_what_it_lists(rules: RuleSet, rng: random.Random) -> None:
    """``move in legal_moves()`` agrees with iterating them, also for every other reading of the cards."""
    game = random_position(rng, rules)
    if game is None:
        return
    moves = game.legal_moves()
    listed = set(moves)
    assert all(move in moves for move in listed)
    hand = game.hands[game.turn]
    others = [
        reading._replace(cards=cards)
        for move in listed if isinstance(move, Play)
        for cards in {move.cards, (move.cards & NATURAL_MASK) | (hand & JOKER_MASK & ~move.cards) or move.cards}
        for reading in play_readings(cards, game.rules)
        for reading in [reading, reading._replace(suits=0xF)]
    ]
    for reading in others:
        assert (reading in moves) == (reading in listed), reading.describe()


@given(rule_sets(), choices())
def test_a_reading_of_held_cards_is_legal_exactly_when_verify_says_so(rules: RuleSet, rng: random.Random) -> None:
    """``legal_reading`` (for a player's own well-formed readings) agrees with ``verify``."""
    game = random_position(rng, rules)
    if game is None:
        return
    ids = list(iter_ids(game.hands[game.turn]))
    for _ in range(30):
        cards = sum(1 << c for c in rng.sample(ids, rng.randint(1, min(5, len(ids)))))
        for reading in play_readings(cards, game.rules):
            try:
                expected: Move | None = game.verify(reading)
            except IllegalMove:
                expected = None
            assert legal_reading(game, game.hands[game.turn], game.drawn, reading) == expected, reading.describe()


def test_a_lone_joker_read_from_a_hand_holding_both_is_the_one_verify_takes() -> None:
    """Two jokers in the deck, both held: a pair of 9s made with the second joker is applied with the first,
    by ``verify`` and ``legal_reading`` alike (before, ``legal_reading`` kept the second)."""
    rules = preset_rules("classic", 3, {"jokers": 2})
    hands = [parse_cards("9C JK JK"), parse_cards("3S 4S"), parse_cards("5S 6S")]
    game = Game.from_hands(rules, hands, leader=0)
    second = next(p for p in play_readings(parse_cards("9C") | 1 << 53, rules) if p.size == 2)
    expected = game.verify(second)
    assert isinstance(expected, Play) and expected.cards == parse_cards("9C") | 1 << 52
    assert legal_reading(game, game.hands[0], game.drawn, second) == expected


@given(rule_sets(), choices())
def test_every_event_carries_the_public_state_after_it(rules: RuleSet, rng: random.Random) -> None:
    game = Game.new(rules, rng, previous_places=rng.sample(range(rules.players), rules.players))
    dealt = state_after(game.setup_events[0])
    assert dealt is not None and dealt.counts == tuple(h.bit_count() for h in game.deal.hands)
    for event in game.setup_events:
        if isinstance(event, Exchanged):
            assert event.count == event.cards.bit_count() and event.state is not None
    while game.phase is Phase.EXCHANGE:
        gift = game.pending[0]
        events = game.give(gift.giver, sum(1 << c for c in list(iter_ids(game.hands[gift.giver]))[: gift.count]))
        assert state_after(events[-1]) == game.public()
    while not game.over:
        events = random_step(game, rng)
        last = events[-1]
        if isinstance(last, GameOver):
            before = state_after(events[-2])
            assert before is not None and before.result is None
            assert game.public().result is last
        else:  # at the moment of the last event: the turn passes on right after it
            state = state_after(last)
            assert state is not None and replace(state, turn=game.turn) == game.public()
        assert all(state_after(e) is not None for e in events if not isinstance(e, GameOver))


@given(rule_sets(), choices())
def test_a_game_rebuilt_from_its_position_plays_on_the_same(rules: RuleSet, rng: random.Random) -> None:
    game = Game.new(rules, rng)
    give_random_gifts(game, rng)
    for _ in range(rng.randint(0, 40)):
        if game.over:
            return
        random_step(game, rng)
    copy = Game.from_position(
        game.public(), game.hands, history=game.history, removed=game.removed, drawn=game.drawn,
        stocks=[list(s) for s in game.stocks] if game.stocks is not None else None,
        pile=list(game.pile) if game.pile is not None else None)
    assert copy.public() == game.public() and copy.history == game.history
    while not game.over:
        assert copy.move_list() == game.move_list()
        if game.phase.giving:
            gift = game.pending[0]
            cards = sum(1 << c for c in rng.sample(list(iter_ids(game.hands[gift.giver])), gift.count))
            assert copy.give(gift.giver, cards) == game.give(gift.giver, cards)
            continue
        move = rng.choice(game.move_list())
        assert copy.play(move) == game.play(move)
    assert copy.result == game.result


@pytest.mark.parametrize("preset", ["standard", "uecda", "classic"])
def test_a_game_rebuilt_during_the_exchange_lets_the_rules_pick_its_leader(preset: str) -> None:
    """No one leads while the upper classes choose their gifts: a copy made then leads as the game does."""
    match = Match(preset_rules(preset), seed=3, games=3)
    while match.game.result is None:
        match.game.play(match.game.move_list()[0])
    match.record_result()
    game = match.next_game()
    assert game.phase is Phase.EXCHANGE
    copy = Game.from_position(game.public(), game.hands, history=game.history)
    while game.phase is Phase.EXCHANGE:
        gift = game.pending[0]
        cards = sum(1 << c for c in list(iter_ids(game.hands[gift.giver]))[:gift.count])
        copy.give(gift.giver, cards)
        game.give(gift.giver, cards)
    assert (copy.leader, copy.turn) == (game.leader, game.turn)
    assert copy.public() == game.public()


def test_a_position_that_does_not_fit_its_state_is_refused() -> None:
    rng = random.Random(1)
    game = Game.new(preset_rules("standard"), rng)
    state, hands = game.public(), list(game.hands)
    with pytest.raises(ValueError, match="hands of"):
        Game.from_position(state, [hands[1], hands[0], *hands[2:]] if hands[0].bit_count() != hands[1].bit_count()
                           else [hands[0] | hands[1], 0, *hands[2:]])
    with pytest.raises(ValueError, match="two places"):
        Game.from_position(replace(state, played=hands[0] & -hands[0]), hands)
    with pytest.raises(ValueError, match="removed"):
        Game.from_position(state, hands, removed=1)
    with pytest.raises(ValueError, match="still in play"):
        Game.from_position(replace(state, active=state.active & ~1), hands)
    with pytest.raises(ValueError, match="3 hands"):
        Game.from_position(state, hands[:3])
