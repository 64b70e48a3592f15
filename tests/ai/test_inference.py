"""Reading hands from moves: the true deal explains every move, the chain's worlds keep what is certain
and explain the others' moves far better than plain deals."""

from __future__ import annotations

import math
import random
from itertools import pairwise

import pytest

from ai.expert import Expert, ExpertOptions
from ai.inference import (
    TILT_RANKS,
    ChainSampler,
    card_tilts,
    hidden_exchanges,
    holds_gift,
    played_cards,
    spread_weights,
    strong_cards,
)
from ai.normal import normal_policy
from ai.player import weakest_cards
from ai.playout import settle_handoff
from ai.sampling import WorldSampler, exchange_inference
from ai.strong import strong_policy
from game.engine import Game, Observation, Phase, observe, preset_rules
from game.engine.cards import JOKER_MASK, iter_ids, parse_cards

from .test_sampling import exchanged_game


def observations(preset: str, count: int) -> list[tuple[Game, Observation]]:
    found = []
    for seed in range(count):
        game = exchanged_game(preset, seed, 12 + seed % 20)
        if game.over or game.phase is not Phase.PLAY:
            continue
        found.append((game, observe(game, seed % game.n)))
    return found


@pytest.mark.parametrize("preset", ["uecda", "standard", "akita"])
def test_the_true_deal_explains_every_move_of_normal_players(preset: str) -> None:
    checked = gifts = 0
    for game, obs in observations(preset, 30):
        sampler = ChainSampler(obs)
        for seat, turns in sampler.turns.items():
            assert seat != obs.seat
            checked += len(turns)
            assert sampler.misses(seat, game.hands[seat]) == 0, f"seat {seat} moved as Normal does"
        gifts += len(sampler.gifts)
    assert checked > 200
    assert gifts > 5, "upper classes gave their weakest cards to the observer"


def test_a_gift_tells_the_giver_held_nothing_weaker() -> None:
    rules = preset_rules("uecda")
    for seed in range(50):
        rng = random.Random(seed)
        game = Game.new(rules, rng, previous_places=[0, 1, 2, 3, 4])
        while game.phase is Phase.EXCHANGE:
            gift = game.pending[0]
            game.give(gift.giver, weakest_cards(game.hands[gift.giver], gift.count))
        obs = observe(game, 4)  # the 大貧民 got the 大富豪's two weakest cards (♠♥♦♣ within a rank)
        sampler = ChainSampler(obs, trust=0.0)
        given, _ = sampler.gifts[0]
        line = given.bit_length() - 1  # the card ids run in that order
        for _ in range(5):
            held = sampler.sample(rng).hands[0]
            assert all(c > line for c in iter_ids(held & ~obs.known[0]))
        if line > 12:  # a gift above the 6s: a real constraint was kept
            return
    pytest.fail("no deal with a telling gift")


def test_the_chain_keeps_what_is_certain() -> None:
    checked = 0
    for game, obs in observations("uecda", 40):
        sampler = ChainSampler(obs)
        capped, forbidden = exchange_inference(obs)
        rng = random.Random(3)
        for _ in range(6):
            world = sampler.sample(rng)
            assert observe(world, obs.seat) == obs, "same hand, counts, known cards and history"
            assert [h.bit_count() for h in world.hands] == game.counts
            if capped >= 0:
                assert world.hands[capped] & forbidden == 0, "the exchange's inference holds"
            checked += 1
    assert checked > 100


def test_an_exchange_between_others_tells_who_holds_the_strong_cards() -> None:
    """A lower class hands over its strongest cards: the upper class it gave them to holds (or has
    played) that many cards at least as strong as anything the lower class kept.  Plain deals put
    the strong cards anywhere; the chain's worlds keep them where the exchange put them."""
    contradicted = {"truth": 0, "chain": 0, "plain": 0}
    exchanges = 0
    for seed in range(60):
        game = exchanged_game("uecda", seed, seed % 15)
        if game.over or game.phase is not Phase.PLAY:
            continue
        obs = observe(game, seed % game.n)
        hidden = hidden_exchanges(obs)
        assert all(obs.seat not in (lower, upper) for lower, upper, _ in hidden)
        chain = ChainSampler(obs, exchanges=True)
        assert not ChainSampler(obs).exchanges, "read on request only"
        searched = Expert(ExpertOptions(exchanges=True)).sampler(obs)
        assert isinstance(searched, ChainSampler) and searched.exchanges == chain.exchanges
        plain = WorldSampler(obs, passes=False)
        rng = random.Random(seed)
        contradicted["truth"] += _contradictions(obs, game.hands)
        for _ in range(4):
            contradicted["chain"] += _contradictions(obs, chain.sample(rng).hands)
            contradicted["plain"] += _contradictions(obs, plain.sample(rng).hands)
        exchanges += 4 * len(hidden)
    assert exchanges >= 300
    assert contradicted["truth"] == 0, "the uppers gave their weakest cards: the lower classes kept nothing stronger"
    assert contradicted["plain"] > exchanges // 4, "plain deals contradict many exchanges"
    assert contradicted["chain"] * 20 < exchanges, "the chain's worlds contradict almost none"


def _contradictions(obs: Observation, hands: list[int]) -> int:
    """How many of the exchanges ``obs`` only watched the deal ``hands`` contradicts."""
    played = played_cards(obs)
    return sum(not holds_gift(hands[lower] | played[lower], hands[upper] | played[upper], count)
               for lower, upper, count in hidden_exchanges(obs))


def test_a_gift_seen_by_the_observer_is_not_read_again() -> None:
    rules = preset_rules("uecda")
    game = exchanged_game("uecda", 2, 0)
    places = game.previous_places
    assert places is not None
    for seat in range(rules.players):
        hidden = hidden_exchanges(observe(game, seat))
        pairs = {(places[-1], places[0]), (places[-2], places[1])} - {
            pair for pair in ((places[-1], places[0]), (places[-2], places[1])) if seat in pair}
        assert {(lower, upper) for lower, upper, _ in hidden} == pairs
        assert all(count == (2 if lower == places[-1] else 1) for lower, _, count in hidden)


def test_the_chain_explains_the_moves_better_than_plain_deals() -> None:
    chain_misses = plain_misses = 0
    evidence = 0
    for _, obs in observations("uecda", 40):
        chain = ChainSampler(obs)
        plain = WorldSampler(obs, passes=False)
        rng = random.Random(5)
        for _ in range(8):
            world = chain.sample(rng)
            chain_misses += sum(chain.misses(seat, world.hands[seat]) for seat in chain.turns)
            world = plain.sample(rng)
            plain_misses += sum(chain.misses(seat, world.hands[seat]) for seat in chain.turns)
        evidence += sum(len(turns) for turns in chain.turns.values())
    assert evidence > 300
    assert plain_misses > 500, "plain deals contradict many moves"
    assert chain_misses * 4 < plain_misses, "the chain's worlds contradict few"


def test_a_lone_lead_tells_there_was_no_pair() -> None:
    """A Normal player leads a single only when it holds no pair and no sequence."""
    rules = preset_rules("uecda")
    for seed in range(200):
        game = Game.new(rules, random.Random(seed))
        leader = game.turn
        move = normal_policy(game)
        if move.size != 1:  # type: ignore[union-attr]
            continue
        game.apply(move)
        if game.phase is not Phase.PLAY or game.turn == leader:
            continue
        obs = observe(game, game.turn)
        sampler = ChainSampler(obs, trust=0.0)
        rng = random.Random(seed)
        for _ in range(10):
            hand = sampler.sample(rng).hands[leader] | move.cards  # type: ignore[union-attr]
            ranks = [hand >> (4 * r) & 0xF for r in range(13)]
            assert all(r.bit_count() < 2 for r in ranks), "no pair in the leader's hand"
        return
    pytest.fail("no deal where Normal leads a single")


def test_trust_is_a_probability() -> None:
    obs = observations("uecda", 3)[0][1]
    with pytest.raises(ValueError):
        ChainSampler(obs, trust=1.5)


def test_no_reading_where_hands_change_between_plays() -> None:
    """With 7渡し and 10捨て a hand then is not the hand now plus what was played since."""
    rules = preset_rules("uecda", overrides={"seven_pass": True})
    rng = random.Random(4)
    game = Game.new(rules, rng)
    for _ in range(10):
        settle_handoff(game)
        game.apply(normal_policy(game))
    sampler = ChainSampler(observe(game, 0))
    assert not sampler.turns and not sampler.gifts
    assert observe(sampler.sample(rng), 0) == observe(game, 0)


def test_players_the_model_does_not_explain_are_read_from_their_passes_only() -> None:
    """Strong holds back pairs and plays its trumps early: the default client's choices do not
    explain it, so its plays are not read (only its passes); Normal players are read strictly."""
    rules = preset_rules("uecda")
    loose = strict = 0
    for seed in range(12):
        game = Game.new(rules, random.Random(seed))
        for _ in range(20 + seed):
            if game.over:
                break
            game.apply(strong_policy(game))
        if game.over:
            continue
        sampler = ChainSampler(observe(game, game.turn))
        sampler.sample(random.Random(seed))
        loose += len(sampler.loose_seats)
        strict += len(set(sampler.turns) - sampler.loose_seats)
    assert loose > strict, "most Strong players are read loosely"
    for _, obs in observations("uecda", 20):
        sampler = ChainSampler(obs)
        sampler.sample(random.Random(1))
        assert not sampler.loose_seats, "Normal players are read strictly"


def test_players_known_from_earlier_games_are_read_from_their_passes_from_the_start() -> None:
    for _, obs in observations("uecda", 10):
        seat = next(iter(ChainSampler(obs).turns), None)
        if seat is None:
            continue
        sampler = ChainSampler(obs, unlike=frozenset({seat}))
        sampler.sample(random.Random(2))
        assert sampler.loose_seats == {seat}, "Normal moves, but known unlike the model: read loosely"
        return
    pytest.fail("no observation with another player's moves")


def _strong_games(count: int, moves: int) -> list[tuple[Game, Observation]]:
    """Games of five Strong players, ``moves`` moves and a few in, each seen by the seat to act."""
    rules = preset_rules("uecda")
    found = []
    for seed in range(count):
        game = Game.new(rules, random.Random(seed))
        for _ in range(moves + seed % 7):
            if game.over:
                break
            game.apply(strong_policy(game))
        if not game.over:
            found.append((game, observe(game, game.turn)))
    return found


def test_pooled_hands_come_from_the_pool_and_keep_what_is_certain() -> None:
    """Five Strong players: every other player is read loosely and pooled; the worlds take most of their
    hands from the pools (a player drawn later keeps the chain's hand when another took its cards), stay ones
    the player may be in, and keep varying (a deal apiece)."""
    taken = kept = 0
    for _, obs in _strong_games(8, 18):
        searched = Expert(ExpertOptions(pool=8)).sampler(obs)
        assert isinstance(searched, ChainSampler) and searched.pool == 8 and ChainSampler(obs).pool == 0
        sampler = ChainSampler(obs, pool=8)
        rng = random.Random(3)
        worlds = [sampler.sample(rng) for _ in range(12)]
        assert set(sampler.pooled) == {seat for seat in sampler.loose_seats if sampler.turns.get(seat)}
        for seat, offered in sampler.pooled.items():
            assert 1 <= len(offered) <= 8 and len(set(offered)) == len(offered)
            for world in worlds:
                if world.hands[seat] in offered:
                    taken += 1
                else:
                    kept += 1
        for world in worlds:
            assert observe(world, obs.seat) == obs, "the pooled world is one the player may be in"
        assert len({tuple(world.hands) for world in worlds}) == len(worlds)
    assert taken > 0.3 * (taken + kept) and kept, (taken, kept)


def test_the_hands_a_player_is_offered_are_ones_it_may_hold() -> None:
    """After the first world, the chain offers a player's hands from its deals: as many as asked, each of the
    player's size with the cards it is known to hold and none the observer sees, and they vary."""
    for _, obs in _strong_games(4, 16):
        sampler = ChainSampler(obs)
        rng = random.Random(5)
        sampler.sample(rng)
        for seat in range(obs.state.n):
            if seat == obs.seat or not obs.state.counts[seat]:
                continue
            hands = sampler.hands_of(seat, 30, rng)
            assert len(hands) == 30
            for hand in hands:
                assert hand.bit_count() == obs.state.counts[seat]
                assert hand & obs.known[seat] == obs.known[seat] and not hand & ~obs.unseen
            if (obs.unseen & ~obs.known[seat]).bit_count() > obs.state.counts[seat]:
                assert len(set(hands)) > 1, "the chain moves between deals"


def test_weighing_by_the_soft_strong_reads_a_strong_player_better() -> None:
    """Against Strong players the soft Strong's weights put more of each player's hidden cards in the
    worlds than its passes alone do."""
    right = {0: 0, 16: 0}
    for game, obs in _strong_games(24, 16):
        hidden = [game.hands[s] & ~obs.known[s] if s != obs.seat else 0 for s in range(game.n)]
        for pool in right:
            sampler = ChainSampler(obs, unlike=frozenset(range(game.n)) - {obs.seat}, pool=pool)
            rng = random.Random(5)
            for _ in range(20):
                world = sampler.sample(rng)
                right[pool] += sum((world.hands[s] & hidden[s]).bit_count() for s in range(game.n))
    assert right[16] > 1.03 * right[0], right


@pytest.mark.parametrize("surprises", [
    [0.0, 1.0, 2.0, 3.0], [0.0, 9.0, 12.0, 30.0, 30.0, 41.0, 60.0, 75.0], [5.0, 5.0],
])
def test_the_offered_deals_keep_a_spread(surprises: list[float]) -> None:
    weights = spread_weights(surprises, 0.25)
    effective = sum(weights) ** 2 / sum(w * w for w in weights)
    assert effective >= 0.25 * len(surprises), "the search needs a spread of deals"
    assert all(a >= b for a, b in pairwise(weights)), "the less surprising, the heavier"
    plain = [math.exp(-(x - min(surprises))) for x in surprises]
    if sum(plain) ** 2 / sum(w * w for w in plain) >= 0.25 * len(surprises):
        assert weights == pytest.approx(plain), "the likelihood itself when it is spread enough"
    else:
        assert weights[-1] > plain[-1], "flattened, never sharpened"


def test_the_strong_cards_are_the_jokers_and_the_two_strongest_ranks() -> None:
    assert strong_cards(False) == JOKER_MASK | parse_cards("AS AH AD AC 2S 2H 2D 2C")
    assert strong_cards(True) == JOKER_MASK | parse_cards("3S 3H 3D 3C 4S 4H 4D 4C")


def test_a_tilt_gives_a_loosely_read_player_more_strong_cards_in_worlds_it_may_hold() -> None:
    """Normal players, one of them read loosely (known from earlier games not to move like the default
    client): with a tilt the worlds give it more of the jokers, 2s and aces than the ones read strictly
    (a player who is not the default client keeps its strong cards), and stay worlds the observer may be in;
    the tilt is the Expert's ``tilt`` option.  (With every other player read loosely it changes nothing.)"""
    held = {0.0: 0, 1.0: 0}
    for game, obs in observations("uecda", 16):
        searched = Expert(ExpertOptions(tilt=0.5)).sampler(obs)
        assert isinstance(searched, ChainSampler) and searched.tilt == 0.5 and ChainSampler(obs).tilt == 0.0
        loose = (obs.seat + 1) % game.n
        strong = strong_cards(obs.state.reversed)
        for tilt in held:
            sampler = ChainSampler(obs, unlike=frozenset({loose}), tilt=tilt)
            rng = random.Random(4)
            for _ in range(20):
                world = sampler.sample(rng)
                assert observe(world, obs.seat) == obs, "a world the player may be in"
                held[tilt] += (world.hands[loose] & strong).bit_count()
    assert held[1.0] > 1.1 * held[0.0], held


def _tilt_of(tilts: list[float], card: str) -> float:
    (cid,) = iter_ids(parse_cards(card))
    return tilts[cid]


def test_the_card_tilts_follow_the_rank_in_the_current_order() -> None:
    ranks = tuple(float(r) for r in range(TILT_RANKS))  # weakest 0 ... strongest 12, jokers 13
    natural = card_tilts(False, 0.0, ranks)
    assert [_tilt_of(natural, c) for c in ("3S", "3C", "4H", "TD", "AS", "2C")] == [0, 0, 1, 7, 11, 12]
    assert natural[52] == natural[53] == 13.0
    reversed_ = card_tilts(True, 0.0, ranks)
    assert [_tilt_of(reversed_, c) for c in ("3S", "4H", "AS", "2C")] == [12, 11, 1, 0]
    assert reversed_[52] == 13.0, "the jokers stay the strongest"
    both = card_tilts(False, 0.5, ranks)
    assert [_tilt_of(both, c) - _tilt_of(natural, c) for c in ("KS", "AS", "2H")] == [0.0, 0.5, 0.5]
    assert both[53] - natural[53] == 0.5, "tilt adds to the strong cards"
    assert card_tilts(False, 0.0, ()) == card_tilts(False, 0.0, (0.0,) * TILT_RANKS) == []


def test_a_rank_tilt_moves_the_ranks_a_loosely_read_player_holds() -> None:
    """The Expert's ``rank_tilt``: a positive weight on a rank gives a loosely read player more of it in the
    worlds, a negative one fewer, and the worlds stay ones the observer may be in."""
    second = (0.0,) * 11 + (1.5, 0.0, 0.0)  # the second strongest rank: aces, in a revolution 4s
    weakest = (-1.5,) + (0.0,) * 13  # the weakest: 3s, in a revolution 2s
    held = {"none": [0, 0], "second": [0, 0], "weakest": [0, 0]}
    for game, obs in observations("uecda", 16):
        options = ExpertOptions().with_values({"rank_tilt": list(second)})
        assert options.rank_tilt == second, "a list is taken and turned into a tuple"
        searched = Expert(options).sampler(obs)
        assert isinstance(searched, ChainSampler) and searched.rank_tilt == second and not ChainSampler(obs).rank_tilt
        loose = (obs.seat + 1) % game.n
        flipped = obs.state.reversed
        tops = parse_cards("4S 4H 4D 4C" if flipped else "AS AH AD AC")
        bottoms = parse_cards("2S 2H 2D 2C" if flipped else "3S 3H 3D 3C")
        for name, tilt in (("none", ()), ("second", second), ("weakest", weakest)):
            sampler = ChainSampler(obs, unlike=frozenset({loose}), rank_tilt=tilt)
            rng = random.Random(4)
            for _ in range(20):
                world = sampler.sample(rng)
                assert observe(world, obs.seat) == obs, "a world the player may be in"
                held[name][0] += (world.hands[loose] & tops).bit_count()
                held[name][1] += (world.hands[loose] & bottoms).bit_count()
    assert held["second"][0] > 1.2 * held["none"][0], held
    assert held["weakest"][1] < 0.8 * held["none"][1], held
