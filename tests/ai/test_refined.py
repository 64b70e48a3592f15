"""The refined Strong: Strong's moves re-ranked by weights fitted to rollouts."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from ai import arena
from ai.expert import Expert, ExpertOptions, Own
from ai.normal import Normal, normal_policy
from ai.playout import place_points
from ai.refined import (
    FEATURES,
    PRESET_WEIGHTS,
    SURE,
    RefinedModel,
    fitted_model,
    move_features,
    refined_model,
    refined_policy,
)
from ai.strong import judged_moves, scored_moves, strong_move, strong_policy
from game.engine import PASS, PRESET_IDS, PRESETS, Game, Match, Play, RuleSet, moves_for, observe, preset_rules
from tools import train_refined

from .helpers import capture_experts, play_game
from .test_hidden_information import random_state

SCORE_ONLY = RefinedModel(tuple(1.0 if name == "score" else 0.0 for name in FEATURES))
"""Strong's ranking in the refined model's terms."""


def test_strongs_judged_moves_are_its_scored_moves_with_their_numbers() -> None:
    rng = random.Random(1)
    for _ in range(30):
        game = random_state(rng, exchange=False)
        hand = game.hands[game.turn]
        judged = judged_moves(game, hand)
        assert [(score, move) for score, move, _, _ in judged] == scored_moves(game, hand)
        for score, move, plan, chance in judged:
            assert 0.0 <= chance <= 1.0
            assert (plan is None) == (isinstance(move, Play) and abs(score) >= SURE)


def test_every_move_strong_weighs_has_its_features_but_a_sure_win_or_loss() -> None:
    rng = random.Random(2)
    for _ in range(40):
        game = random_state(rng, exchange=False)
        hand = game.hands[game.turn]
        for entry in judged_moves(game, hand):
            features = move_features(game, hand, entry)
            if abs(entry[0]) >= SURE:
                assert features is None
                continue
            assert features is not None and len(features) == len(FEATURES)
            named = dict(zip(FEATURES, features, strict=True))
            assert named["score"] == entry[0]
            assert named["pass"] == (0.0 if isinstance(entry[1], Play) else 1.0)
            if isinstance(entry[1], Play):
                assert named["size"] == entry[1].size
                assert named["left"] == pytest.approx((hand & ~entry[1].cards).bit_count() / 11)


def test_weighing_strongs_score_alone_plays_a_move_of_strongs_best_score() -> None:
    rng = random.Random(3)
    for _ in range(60):
        game = random_state(rng, exchange=False)
        hand = game.hands[game.turn]
        scores = dict((move, score) for score, move in scored_moves(game, hand, drawn=game.drawn))
        move = SCORE_ONLY.move(game, hand, game.drawn)
        assert scores[move] == scores[strong_move(game, hand, drawn=game.drawn)] == max(scores.values())


def test_the_refined_move_is_legal_under_any_rules_and_goes_out_when_it_can() -> None:
    rng = random.Random(4)
    model = refined_model()
    for _ in range(60):
        game = random_state(rng, exchange=False)
        hand = game.hands[game.turn]
        move = model.move(game, hand, game.drawn)
        assert move in moves_for(game, hand, game.drawn)
        if any(abs(score) >= SURE for score, _ in scored_moves(game, hand, drawn=game.drawn)):
            assert move == strong_move(game, hand, drawn=game.drawn)


def test_the_refined_move_does_not_depend_on_the_hidden_cards() -> None:
    rng = random.Random(5)
    model = refined_model()
    differed = 0
    for _ in range(30):
        game = random_state(rng, exchange=False)
        twin = observe(game, game.turn).sample(rng)
        differed += twin.hands != game.hands
        assert model.policy(game) == model.policy(twin)
    assert differed > 20, "the twins really differ in hidden cards"


def test_the_shipped_weights_fit_the_features() -> None:
    assert PRESET_WEIGHTS["uecda"] == "uecda"
    assert set(PRESET_WEIGHTS) <= set(PRESET_IDS)
    for name in set(PRESET_WEIGHTS.values()):
        model = refined_model(name)
        assert len(model.weights) == len(FEATURES)
        assert model.weights[FEATURES.index("score")] > 0


def test_each_preset_plays_its_own_weights_and_other_rules_play_strong() -> None:
    for preset in PRESET_IDS:
        rules = preset_rules(preset)
        name = PRESET_WEIGHTS.get(preset)
        assert fitted_model(rules) is (None if name is None else refined_model(name))
    assert fitted_model(preset_rules("tournament")) is None, "no weights beat Strong there"
    uecda = preset_rules("uecda")
    assert fitted_model(uecda.with_overrides({"j_back": True})) is None, "a house rule added: not fitted"
    for preset in PRESET_IDS:
        info = PRESETS[preset]
        for players in range(info.min_players, info.max_players + 1):
            if players != info.default_players:
                assert fitted_model(preset_rules(preset, players)) is None, "another player count: not fitted"
    rng = random.Random(7)
    custom = Game.new(uecda.with_overrides({"j_back": True}), rng)
    plain = Game.new(uecda, random.Random(7))
    found = differed = 0
    while found < 30:
        for game in (custom, plain):
            game.apply(normal_policy(game))
        if custom.over or plain.over:
            custom = Game.new(uecda.with_overrides({"j_back": True}), rng)
            plain = Game.new(uecda, random.Random(rng.random()))
            continue
        found += 1
        assert refined_policy(custom) == strong_policy(custom)
        assert refined_policy(plain) == refined_model().policy(plain)
        differed += refined_policy(plain) != strong_policy(plain)
    assert differed > 0, "under uecda rules the refined move is not always Strong's"


def test_weights_that_do_not_fit_are_refused_with_a_reason() -> None:
    features = list(FEATURES)
    assert RefinedModel.from_json({"features": features, "weights": [0.5] * len(features)}).weights == (0.5,) * len(
        features)
    with pytest.raises(ValueError, match="refit it"):
        RefinedModel.from_json({"features": features[:-1], "weights": [0.0] * (len(features) - 1)})
    with pytest.raises(ValueError, match="refit it"):
        RefinedModel.from_json([1, 2, 3], "x.json")
    with pytest.raises(ValueError, match="one per feature"):
        RefinedModel.from_json({"features": features, "weights": [0.0] * 3})
    with pytest.raises(ValueError, match="finite"):
        RefinedModel.from_json({"features": features, "weights": [float("inf")] * len(features)})


def test_the_expert_plays_its_own_seat_refined_in_its_playouts() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(6))
    for _ in range(9):
        game.apply(normal_policy(game))
    obs = observe(game, game.turn)
    options = ExpertOptions(iterations=20, own=Own.REFINED)
    assert options.own is Own.REFINED
    first = Expert(options).choose_move(obs, random.Random(7))
    assert first in obs.move_list()
    assert first == Expert(options).choose_move(obs, random.Random(7))
    assert ExpertOptions().with_values({"own": "refined"}).own is Own.REFINED
    with pytest.raises(ValueError, match="own: expected one of strong, refined"):
        ExpertOptions().with_values({"own": "champion"})


def _expert_after_a_match(
        monkeypatch: pytest.MonkeyPatch, levels: tuple[str, ...], rules: RuleSet | None = None,
        own: Own = Own.ADAPTIVE) -> Expert:
    """The Expert (player 0, ``own=adaptive`` unless told) after a 2-game match with ``levels`` in the other seats
    (under ``rules``, by default the uecda preset's)."""
    made = capture_experts(monkeypatch)
    options = ExpertOptions(iterations=6, own=own)
    job = arena.MatchJob(rules or preset_rules("uecda"), ("expert", *levels), options, 0, 0, seed=7, games=2)
    arena.play_match(job)
    return made[0]


def test_adaptive_plays_its_seat_refined_once_a_game_showed_a_player_unlike_the_default_client(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = Expert(ExpertOptions(own=Own.ADAPTIVE))
    assert not fresh.refined_own(), "the first game: Strong, as against default clients"
    assert Expert(ExpertOptions(own=Own.REFINED)).refined_own()
    assert not Expert().refined_own()
    assert _expert_after_a_match(monkeypatch, ("normal", "strong", "normal", "normal")).refined_own()
    among_default_clients = _expert_after_a_match(monkeypatch, ("normal", "normal", "normal", "normal"))
    assert not among_default_clients.refined_own()
    house_rules = preset_rules("uecda").with_overrides({"j_back": True})
    other_rules = _expert_after_a_match(monkeypatch, ("normal", "strong", "normal", "normal"), house_rules)
    assert not other_rules.refined_own(), "no weights were fitted under these rules"


def test_the_bandit_weighs_more_candidates_once_a_game_showed_a_player_unlike_the_default_client(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    expert = Expert()
    found = 0
    while found < 5:
        game = Game.new(preset_rules("uecda"), rng)
        obs = observe(game, game.turn)
        if len({m for m in obs.move_list() if m != PASS}) < 12:
            continue
        found += 1
        expert.met_unlike = False
        narrow = expert.considered(obs)
        expert.met_unlike = True
        wide = expert.considered(obs)
        assert len(narrow) == 5 and len(wide) == 8, "Strong's five best, then its eight best (no pass on a lead)"
        assert wide[:5] == narrow
    shown = _expert_after_a_match(monkeypatch, ("normal", "strong", "normal", "normal"), own=Own.STRONG)
    assert shown.met_unlike and not shown.refined_own(), "the switch is the match's, the own seat the option's"
    assert not _expert_after_a_match(monkeypatch, ("normal", "normal", "normal", "normal")).met_unlike


def test_the_own_seat_of_the_playouts_plays_the_policy_the_option_names() -> None:
    rng = random.Random(12)
    adaptive = Expert(ExpertOptions(own=Own.ADAPTIVE))
    found = differed = 0
    while found < 40:
        game = Game.new(preset_rules("uecda"), rng)
        for _ in range(rng.randrange(40)):
            if not game.over:
                game.apply(rng.choice(game.move_list()))
        if game.over or game.n < 3 or len(game.move_list()) < 3:
            continue
        found += 1
        me = game.turn
        assert Expert().playout_policy(me, rng)(game) == strong_policy(game)
        assert Expert(ExpertOptions(own=Own.REFINED)).playout_policy(me, rng)(game) == refined_policy(game)
        adaptive.met_unlike = False
        assert adaptive.playout_policy(me, rng)(game) == strong_policy(game)
        adaptive.met_unlike = True
        assert adaptive.playout_policy(me, rng)(game) == refined_policy(game)
        differed += refined_policy(game) != strong_policy(game)
    assert differed > 3, "the two policies really differ somewhere"


@pytest.mark.slow
def test_the_expert_plays_a_whole_game_with_its_seat_refined() -> None:
    expert = Expert(ExpertOptions(iterations=8, own=Own.REFINED))
    game = Game.new(preset_rules("uecda"), random.Random(8))
    play_game(game, [expert, Normal(), Normal(), Normal(), Normal()], seed=9)
    assert game.over


def test_collected_rollouts_fit_weights_the_policy_loads(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    data = tmp_path / "rollouts.jsonl"
    found = train_refined.collect(matches=1, seed=10, out=data, games=2)
    rows = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()]
    assert found == len(rows) > 10
    for row in rows:
        assert len(row["features"]) == len(row["worths"]) >= 2
        assert len(set(row["worths"])) > 1
        assert all(len(f) == len(FEATURES) for f in row["features"])
        assert -1 <= row["chosen"] < len(row["worths"])
    weights = tmp_path / "weights.json"
    report = train_refined.fit([data], weights, steps=50)
    assert report["train"] + report["test"] == len(rows)
    model = RefinedModel.from_json(json.loads(weights.read_text(encoding="utf-8")))
    mean, half, games = train_refined.duel(model, matches=1, seed=11, games=1)
    assert games == 5 and 1.0 <= mean <= 5.0 and half >= 0.0


def test_what_the_match_showed_travels_with_the_expert_to_a_decision_process() -> None:
    expert = Expert()
    expert.met_unlike = True
    copy = pickle.loads(pickle.dumps(expert))
    assert copy.refined_own() and copy.options == expert.options


def test_fitting_data_that_is_not_rollouts_says_so(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"features": [[1.0]], "worths": [1]}\nnot json\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="fit: cannot use the data"):
        train_refined.main(["fit", str(bad), "--out", str(tmp_path / "w.json")])
    assert not (tmp_path / "w.json").exists()


def test_collect_and_duel_play_the_preset_named() -> None:
    rules = preset_rules("standard")
    assert train_refined.even("uecda") == 3.0
    assert train_refined.even("standard") == sum(place_points(rules, p) for p in range(rules.players)) / rules.players
    model = refined_model()
    mean, half, games = train_refined.duel(model, matches=1, seed=11, games=1, rules="standard")
    worst, best = place_points(rules, rules.players - 1), place_points(rules, 0)
    assert games == rules.players and worst <= mean <= best and half >= 0.0


def test_collect_plays_the_preset_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[str, int | None]] = []
    rollouts = train_refined._rollouts

    def spy(match: Match, model: RefinedModel | None, learner: int | None = None) -> list[str]:
        played.append((match.rules.preset, learner))
        return rollouts(match, model, learner)

    monkeypatch.setattr(train_refined, "_rollouts", spy)
    data = tmp_path / "rollouts.jsonl"
    found = train_refined.collect(matches=2, seed=13, out=data, games=1, table="normal", rules="standard")
    rows = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()]
    assert played == [("standard", 1), ("standard", 2)]
    assert found == len(rows) > 0
    assert all(len(f) == len(FEATURES) for row in rows for f in row["features"])


def test_a_duel_under_rules_that_play_strong_asks_for_weights() -> None:
    assert "standard" not in PRESET_WEIGHTS
    with pytest.raises(SystemExit, match="plays Strong under standard: name weights with --weights"):
        train_refined.main(["duel", "--rules", "standard", "--matches", "1"])
