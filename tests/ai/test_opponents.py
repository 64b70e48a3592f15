"""A model per other seat in the Expert's playouts, and the reward by place."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest

from ai import arena
from ai.expert import Expert, ExpertOptions, Others, Tally
from ai.inference import ChainSampler
from ai.normal import Normal, normal_policy
from ai.opponents import (
    CHAMPION_FEATURES,
    FIT_MOVES,
    NO_FIT,
    SURPRISE_FLOOR,
    ChampionModel,
    champion_features,
    champion_model,
    model_fits,
    move_surprise,
    opponent_model,
    seat_policy,
    soft_strong,
    strong_choices,
    true_turns,
    turns_surprise,
    unexplained_moves,
)
from ai.playout import Policy, place_points, playout, playout_place
from ai.sampling import past_turns
from ai.strong import strong_move, strong_policy
from game.engine import Game, Move, Phase, Play, moves_for, observe, preset_rules

from .helpers import capture_experts, play_game
from .test_hidden_information import random_state
from .test_policy import check_probabilities


def _marker(name: str, calls: list[str]) -> Policy:
    def policy(game: Game) -> Move:
        calls.append(name)
        return normal_policy(game)

    return policy


def test_seat_policy_gives_each_seat_its_model() -> None:
    calls: list[str] = []
    own, default, two = (_marker(n, calls) for n in ("own", "default", "two"))
    policy = seat_policy(0, own, default, {2: two})
    game = Game.new(preset_rules("uecda"), random.Random(1))
    while not game.over:
        seat = game.turn
        calls.clear()
        game.apply(policy(game))
        assert calls == ["own" if seat == 0 else "two" if seat == 2 else "default"]


def test_without_models_the_seat_plays_its_own_policy_and_the_rest_the_default() -> None:
    calls: list[str] = []
    own, default = (_marker(n, calls) for n in ("own", "default"))
    policy = seat_policy(3, own, default, {})
    game = Game.new(preset_rules("uecda"), random.Random(2))
    for _ in range(10):
        seat = game.turn
        calls.clear()
        game.apply(policy(game))
        assert calls == ["own" if seat == 3 else "default"]
    assert seat_policy(1, normal_policy, normal_policy, {}) is normal_policy


def _models_by_seat(others: Others, me: int, unexplained: frozenset[int]) -> dict[int, str]:
    """Which model the Expert's playout policy plays at each other seat (``normal``, ``strong``, ``champion``),
    told apart by the moves they make in positions where the three differ."""
    rng = random.Random(3)
    champion = champion_model()
    found: dict[int, str] = {}
    for _ in range(2000):
        game = random_state(rng, exchange=False)
        seat = game.turn
        if game.n != 5 or seat == me or seat in found:
            continue
        strong, normal = strong_policy(game), normal_policy(game)
        if strong == normal or max(champion.probabilities(game, game.hands[seat], game.move_list())) > 0.5:
            continue
        policy = Expert(ExpertOptions(others=others)).playout_policy(me, random.Random(5), unexplained)
        drawn = {policy(game) for _ in range(20)}
        found[seat] = "normal" if drawn == {normal} else "strong" if drawn == {strong} else "champion"
        if len(found) == 4:
            break
    return found


def test_each_others_option_gives_the_seats_their_models() -> None:
    loose = frozenset({0, 3})
    assert _models_by_seat(Others.NORMAL, 1, loose) == dict.fromkeys((0, 2, 3, 4), "normal")
    assert _models_by_seat(Others.STRONG, 1, loose) == dict.fromkeys((0, 2, 3, 4), "strong")
    assert _models_by_seat(Others.CHAMPION, 1, loose) == dict.fromkeys((0, 2, 3, 4), "champion")
    assert _models_by_seat(Others.READ_STRONG, 1, loose) == {0: "strong", 2: "normal", 3: "strong", 4: "normal"}
    assert _models_by_seat(Others.READ_CHAMPION, 3, loose) == {0: "champion", 1: "normal", 2: "normal", 4: "normal"}


def test_a_stronger_model_by_name() -> None:
    rng = random.Random(3)
    game = Game.new(preset_rules("uecda"), random.Random(12))
    for mode in ("strong", "read-strong"):
        assert opponent_model(mode, rng)(game) == strong_policy(game)
    for mode in ("champion", "read-champion"):
        assert opponent_model(mode, rng)(game) in game.move_list()
    with pytest.raises(ValueError, match="oracle"):
        opponent_model("oracle", rng)
    with pytest.raises(ValueError, match="normal"):
        opponent_model("normal", rng)


def test_the_champion_model_loads_and_gives_probabilities() -> None:
    model = champion_model()
    assert len(model.weights) == len(CHAMPION_FEATURES)
    check_probabilities(model, random.Random(10))


def test_the_champion_policy_goes_out_and_draws_by_its_probabilities() -> None:
    model = champion_model()
    game = Game.new(preset_rules("uecda"), random.Random(13))
    hand = game.hands[game.turn]
    moves = game.move_list()
    probs = model.probabilities(game, hand, moves)
    policy = model.policy(random.Random(14))
    drawn = Counter(policy(game) for _ in range(400))
    likely = max(range(len(moves)), key=probs.__getitem__)
    assert drawn[moves[likely]] > 400 * probs[likely] / 2
    assert set(drawn) <= set(moves)
    found = 0
    for deal in range(40):  # the moment a player could go out, in games Normal plays
        game = Game.new(preset_rules("uecda"), random.Random(100 + deal))
        while not game.over:
            hand = game.hands[game.turn]
            out = [m for m in game.move_list() if isinstance(m, Play) and m.cards == hand]
            if out and len(game.move_list()) > 1:
                found += 1
                assert all(policy(game) in out for _ in range(5))  # going out is never declined
            game.apply(normal_policy(game))
    assert found >= 5


def test_a_finished_game_tells_which_players_the_default_client_explains() -> None:
    """Once a game is over every hand can be told (what each seat played, and the cards nobody played
    for the seat left holding them): Normal's moves are all explained, Strong's not."""
    rules = preset_rules("uecda")
    strong_misses = 0
    for deal in range(4):
        game = Game.new(rules, random.Random(40 + deal))
        assert unexplained_moves(observe(game, 0)) is None, "not over"
        while not game.over:
            game.apply(strong_policy(game) if game.turn == 2 else normal_policy(game))
        for me in (0, 2):
            misses = unexplained_moves(observe(game, me))
            assert misses is not None and set(misses) == set(range(5)) - {me}
            assert all(misses[s] == 0 for s in misses if s != 2)
        strong_misses += unexplained_moves(observe(game, 0))[2]  # type: ignore[index]
    assert strong_misses >= 4
    sevens = preset_rules("uecda", overrides={"seven_pass": True})
    assert unexplained_moves(observe(Game.new(sevens, random.Random(1)), 0)) is None


def test_a_finished_game_tells_which_model_explains_each_player() -> None:
    """Of each player's first moves with a choice (``FIT_MOVES`` of them), the default client makes every one of a
    Normal player's and Strong every one of a Strong player's; each makes fewer of the other's (a forced move
    is not counted)."""
    rules = preset_rules("uecda")
    totals = {seat: NO_FIT for seat in (1, 2)}
    for deal in range(4):
        game = Game.new(rules, random.Random(60 + deal))
        assert model_fits(observe(game, 0)) is None, "not over"
        while not game.over:
            game.apply(strong_policy(game) if game.turn == 2 else normal_policy(game))
        fits = model_fits(observe(game, 0))
        assert fits is not None and set(fits) == {1, 2, 3, 4}
        choices = sum(len(moves_for(past.view, held)) > 1 for past, held in true_turns(observe(game, 0)) or []
                      if past.seat == 2)
        assert fits[2].moves == min(choices, FIT_MOVES) and fits[2].strong == fits[2].moves
        everything = model_fits(observe(game, 0), most=choices + 1)
        assert everything is not None and everything[2].moves == everything[2].strong == choices
        few = model_fits(observe(game, 0), most=3)
        assert few is not None and all(fit.moves == 3 for fit in few.values())
        for seat in (1, 3, 4):
            assert fits[seat].normal == fits[seat].moves
        for seat in totals:
            totals[seat] += fits[seat]
    assert totals[2].normal < totals[2].strong - 4
    assert totals[1].strong < totals[1].normal
    assert model_fits(observe(Game.new(preset_rules("uecda", overrides={"seven_pass": True}),
                                       random.Random(1)), 0)) is None


def test_the_soft_strong_draws_strongs_move_most_often_and_others_sometimes() -> None:
    rng = random.Random(17)
    checked = 0
    for _ in range(60):
        game = random_state(rng, exchange=False)
        hand = game.hands[game.turn]
        moves, weights = strong_choices(game, hand, game.drawn)
        if len(moves) < 3 or any(isinstance(m, Play) and m.cards == hand for m in moves):
            continue
        assert set(moves) <= set(game.move_list())
        best = strong_move(game, hand, drawn=game.drawn)
        assert max(weights) == weights[moves.index(best)]
        policy = soft_strong(random.Random(checked))
        drawn = Counter(policy(game) for _ in range(300))
        assert drawn.most_common(1)[0][0] == best
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_the_soft_strong_is_least_surprised_by_strongs_own_moves() -> None:
    """Every move of a Strong player, with the hand it held: no other legal move surprises the soft Strong
    less; a forced move does not surprise it; a move the hand cannot make surprises it the most."""
    rules = preset_rules("uecda")
    checked = forced = 0
    for seed in range(5):
        game = Game.new(rules, random.Random(seed))
        for _ in range(24):
            if game.over:
                break
            game.apply(strong_policy(game))
        obs = observe(game, game.turn)
        for past in past_turns(obs, limit=0):
            hand = game.hands[past.seat]
            surprise = move_surprise(past, hand, strong_choices)
            moves = moves_for(past.view, hand | past.later)
            if len(moves) == 1:
                assert surprise == 0.0
                forced += 1
                continue
            assert 0.0 < surprise < -math.log(SURPRISE_FLOOR)
            assert all(move_surprise(replace(past, move=move), hand, strong_choices) >= surprise for move in moves)
            checked += 1
            if isinstance(past.move, Play):
                assert move_surprise(replace(past, later=0), 0, strong_choices) == -math.log(SURPRISE_FLOOR)
    assert checked > 40 and forced > 0


def test_a_models_surprise_is_minus_the_log_of_its_chance() -> None:
    """``move_surprise``: a model certain of the move is not surprised, one that never makes it is surprised
    the most, and one that makes it half the time by -log of a half, mixed with the floor; several moves add up;
    the champion model spreads its chances over exactly the legal moves."""
    rules = preset_rules("uecda")
    game = Game.new(rules, random.Random(2))
    for _ in range(12):
        game.apply(strong_policy(game))
    obs = observe(game, game.turn)
    past = past_turns(obs, limit=0)[-1]
    hand = game.hands[past.seat]
    other = next(move for move in moves_for(past.view, hand | past.later) if move != past.move)
    assert move_surprise(past, hand, lambda state, held: ([past.move], [1.0])) == 0.0
    assert move_surprise(past, hand, lambda state, held: ([other], [1.0])) == -math.log(SURPRISE_FLOOR)
    half = move_surprise(past, hand, lambda state, held: ([past.move, other], [1.0, 1.0]))
    assert half == pytest.approx(-math.log(SURPRISE_FLOOR + (1 - SURPRISE_FLOOR) / 2))
    assert turns_surprise([past, past], hand) == 2 * move_surprise(past, hand, strong_choices)
    moves, chances = champion_model().choices(past.view, hand | past.later)
    assert moves == moves_for(past.view, hand | past.later) and sum(chances) == pytest.approx(1.0)


def _expert_after_a_match(monkeypatch: pytest.MonkeyPatch, others: Others) -> Expert:
    """The Expert (player 0) after a 4-game match where player 2 is Strong and the rest the default client."""
    experts = capture_experts(monkeypatch)
    job = arena.MatchJob(preset_rules("uecda"), ("expert", "normal", "strong", "normal", "normal"),
                         ExpertOptions(iterations=6, others=others), 0, 0, seed=7, games=4)
    arena.play_match(job)
    return experts[0]


def _others_to_act(me: int) -> Iterator[Game]:
    """Random 5-player positions in play (a fixed sequence) where a seat other than ``me`` acts with three
    moves or more."""
    rng = random.Random(3)
    for _ in range(3000):
        game = random_state(rng, exchange=False)
        if game.n == 5 and game.turn != me and game.phase is Phase.PLAY and len(game.move_list()) >= 3:
            yield game


def _soft_draws(expert: Expert, me: int, soft_seat: int) -> int:
    """In how many positions (up to 2) the Expert's playouts drew more than one move at ``soft_seat``, every
    move drawn one Strong scores; every other seat plays Normal's move."""
    checked = 0
    for game in _others_to_act(me):
        policy = expert.playout_policy(me, random.Random(5))
        drawn = {policy(game) for _ in range(40)}
        if game.turn == soft_seat:
            assert drawn <= set(strong_choices(game, game.hands[game.turn])[0])
            checked += len(drawn) > 1  # the soft Strong draws more than one move somewhere
        else:
            assert drawn == {normal_policy(game)}
        if checked >= 2:
            break
    return checked


def test_over_a_match_the_expert_singles_out_the_player_unlike_the_default_client(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seats change every three games (uecda); the Expert knows the players by the arena's numbers,
    finds the one Strong player after a game, and from then on its playouts draw that seat's moves from
    the soft Strong, the default client's seats staying Normal."""
    expert = _expert_after_a_match(monkeypatch, Others.MATCH)
    assert expert.unlike_default == {2}
    assert sorted(expert.seating) == [0, 1, 2, 3, 4] and expert.seating != (0, 1, 2, 3, 4), "reseated"
    strong_seat = expert.seating.index(2)
    me = expert.seating.index(0)
    assert _soft_draws(expert, me, strong_seat) >= 2, "the player found unlike the default client never drew its moves"
    sampler = expert.sampler(observe(Game.new(preset_rules("uecda"), random.Random(1)), me))
    assert isinstance(sampler, ChainSampler) and sampler.unlike == frozenset({strong_seat}), "read from its passes"


def test_the_champion_features_mark_strongs_choice() -> None:
    rng = random.Random(11)
    for _ in range(20):
        game = random_state(rng, exchange=False)
        hand = game.hands[game.turn]
        moves = game.move_list()
        feats = champion_features(game, hand, moves)
        assert all(len(f) == len(CHAMPION_FEATURES) for f in feats)
        marked = [m for m, f in zip(moves, feats, strict=True) if f[-2] == 1.0]
        if len(moves) > 1:
            assert marked == [strong_move(game, hand)]
            assert all(0.0 <= f[-1] <= 1.0 for f in feats)


@pytest.mark.slow
def test_the_expert_plays_whole_games_with_each_opponent_model() -> None:
    rules = preset_rules("uecda")
    for others in Others:
        expert = Expert(ExpertOptions(iterations=8, others=others))
        game = Game.new(rules, random.Random(4))
        play_game(game, [expert, Normal(), Normal(), Normal(), expert], seed=5)
        assert game.over


def test_opponent_models_keep_the_search_deterministic() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(6))
    for _ in range(9):
        game.apply(normal_policy(game))
    obs = observe(game, game.turn)
    for others in Others:
        options = ExpertOptions(iterations=20, others=others)
        first = Expert(options).choose_move(obs, random.Random(7))
        assert first in obs.move_list()
        assert first == Expert(options).choose_move(obs, random.Random(7))


def test_the_playout_place_gives_the_points_of_playout() -> None:
    rules = preset_rules("uecda")
    rng = random.Random(8)
    for _ in range(10):
        game = Game.new(rules, rng)
        seat = game.turn
        place = playout_place(game.clone(), seat, strong_policy)
        assert place_points(rules, place) == playout(game.clone(), seat, strong_policy)


def test_place_values_are_checked_and_searched() -> None:
    with pytest.raises(ValueError, match="place_values"):
        ExpertOptions(place_values=(1.0, 1.0, 1.0, 1.0, 1.0))
    with pytest.raises(ValueError, match="place_values"):
        ExpertOptions().with_values({"place_values": "high"})
    with pytest.raises(ValueError, match="others"):
        ExpertOptions().with_values({"others": "oracle"})
    assert ExpertOptions().with_values({"place_values": [9, 7, 4, 1, 0]}).place_values == (9.0, 7.0, 4.0, 1.0, 0.0)
    game = Game.new(preset_rules("uecda"), random.Random(9))
    obs = observe(game, game.turn)
    expert = Expert(ExpertOptions(iterations=15, place_values=(9.7, 7.2, 3.7, 1.4, 0.0)))
    move = expert.choose_move(obs, random.Random(1))
    assert move in obs.move_list()
    assert move == expert.choose_move(obs, random.Random(1))


def test_the_search_rewards_each_place_by_its_value() -> None:
    rules = preset_rules("uecda")
    game = Game.new(rules, random.Random(16))
    for _ in range(6):
        game.apply(normal_policy(game))
    obs = observe(game, game.turn)
    wins_only = Expert(ExpertOptions(iterations=40, place_values=(1.0, 0.0, 0.0, 0.0, 0.0)))
    tally = wins_only.tally(obs, random.Random(2))
    assert isinstance(tally, Tally) and sum(tally.pulls) == 40
    assert all(total == int(total) and 0 <= total <= pulls for total, pulls in zip(tally.totals, tally.pulls))
    assert wins_only.place_rewards(rules) == (1.0, 0.0, 0.0, 0.0, 0.0)
    assert Expert().place_rewards(rules) == tuple(float(place_points(rules, p)) for p in range(5))
    # values for another number of players: the preset's points
    assert wins_only.place_rewards(preset_rules("standard")) == Expert().place_rewards(preset_rules("standard"))


def test_champion_weights_that_do_not_fit_are_refused_with_a_reason() -> None:
    features = list(CHAMPION_FEATURES)
    good = ChampionModel.from_json({"features": features, "weights": [0.5] * len(features)})
    assert good.weights == (0.5,) * len(features)
    with pytest.raises(ValueError, match="other features"):
        ChampionModel.from_json({"features": features[:-1], "weights": [0.0] * (len(features) - 1)})
    with pytest.raises(ValueError, match="one per feature"):
        ChampionModel.from_json({"features": features, "weights": [0.0] * 3})
    with pytest.raises(ValueError, match="finite"):
        ChampionModel.from_json({"features": features, "weights": [float("nan")] * len(features)})
    with pytest.raises(ValueError, match="no list of features"):
        ChampionModel.from_json([1, 2, 3], "x.json")


def test_over_a_match_the_expert_models_each_player_by_the_model_that_explains_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``others=fit``: after a game the Strong player's moves are Strong's, the default clients' Normal's;
    from then on the playouts play that player's seat (wherever it sits) as Strong and the rest as
    Normal; the reading takes every player as it does under the default (not from its passes only)."""
    expert = _expert_after_a_match(monkeypatch, Others.FIT)
    assert set(expert.fits) == {1, 2, 3, 4}
    assert all(fit.normal == fit.moves > fit.strong for player, fit in expert.fits.items() if player != 2)
    assert expert.fits[2].strong == expert.fits[2].moves > expert.fits[2].normal
    strong_seat = expert.seating.index(2)
    me = expert.seating.index(0)
    checked = 0
    for game in _others_to_act(me):
        policy = expert.playout_policy(me, random.Random(5))
        if game.turn == strong_seat:
            assert policy(game) == strong_policy(game)
            checked += strong_policy(game) != normal_policy(game)
        else:
            assert policy(game) == normal_policy(game)
        if checked >= 2:
            break
    assert checked >= 2, "the Strong player's seat never played other than Normal"
    observation = observe(Game.new(preset_rules("uecda"), random.Random(1)), me)
    sampler = expert.sampler(observation)
    assert isinstance(sampler, ChainSampler) and sampler.unlike == frozenset()
    fresh = Expert(ExpertOptions(others=Others.FIT)).sampler(observation)
    assert isinstance(fresh, ChainSampler) and fresh.unlike == frozenset()


def test_fit_soft_draws_the_player_strong_explains_from_the_soft_strong(monkeypatch: pytest.MonkeyPatch) -> None:
    """``others=fit-soft``: the player found as under ``fit``, its seat's moves drawn from the soft Strong (more
    than one move somewhere, each one Strong scores), the default clients' seats Normal, the reading as under
    ``fit``."""
    expert = _expert_after_a_match(monkeypatch, Others.FIT_SOFT)
    assert expert.fits[2].strong > expert.fits[2].normal
    strong_seat = expert.seating.index(2)
    me = expert.seating.index(0)
    assert _soft_draws(expert, me, strong_seat) >= 2, "the Strong player's seat never drew more than one move"
    sampler = expert.sampler(observe(Game.new(preset_rules("uecda"), random.Random(1)), me))
    assert isinstance(sampler, ChainSampler) and sampler.unlike == frozenset()
