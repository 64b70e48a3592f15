"""The Expert: anytime search with a deadline or a cancel, fixed iterations, playouts."""

from __future__ import annotations

import gc
import pickle
import random
import time

import pytest

import ai.expert as expert_module
from ai.expert import Expert, ExpertOptions, Others, Reading
from ai.normal import normal_policy
from ai.opponents import champion_model
from ai.playout import PLAYOUT_COLLECTION_THRESHOLD, Policy, Settle, playout, playout_place, points_range
from ai.strong import best_gift, ranked_gifts
from game.engine import Game, Phase, Play, observe, parse_cards, preset_rules

from .helpers import late_position, play_game
from .test_hidden_information import random_state


def test_deadline_returns_a_legal_move() -> None:
    rng = random.Random(1)
    expert = Expert(ExpertOptions(budget=600.0))
    for _ in range(5):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        move = expert.choose_move(obs, random.Random(2), deadline=time.perf_counter() + 0.02)
        assert move in obs.move_list()


def test_cancel_returns_the_best_so_far() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(3))
    obs = observe(game, game.turn)
    move = Expert(ExpertOptions(budget=600.0)).choose_move_cancellable(obs, random.Random(2), None, lambda: True)
    assert move in obs.move_list()


def test_the_playouts_run_the_cycle_collector_less_often_and_put_it_back() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(3))  # the opening lead: a search among candidates
    obs = observe(game, game.turn)
    before = gc.get_threshold()
    seen: list[int] = []

    def cancelled() -> bool:  # asked between playouts once every candidate has been tried
        seen.append(gc.get_threshold()[0])
        return len(seen) >= 3

    found = Expert(ExpertOptions(budget=600.0)).tally(obs, random.Random(2), cancelled=cancelled)
    assert isinstance(found, expert_module.Tally)
    assert seen == [PLAYOUT_COLLECTION_THRESHOLD] * 3
    assert gc.get_threshold() == before


def test_a_line_that_goes_out_by_force_is_played_without_a_search() -> None:
    """Nothing can beat the ♠2 once the joker is gone, and the 5 then goes out: certain, so no playout
    is spent on it."""
    game = late_position(preset_rules("uecda"), ["2S 5D", "AS KS", "AH 4C", "QD", "JC"])
    found = Expert(ExpertOptions(iterations=50)).tally(observe(game, 0), random.Random(1))
    assert isinstance(found, Play) and found.cards == parse_cards("2S")
    game.hands[2] = parse_cards("JK 4C")  # the joker is out there: no certain line, a search
    game.played = game.played & ~parse_cards("JK") | parse_cards("AH")
    assert isinstance(Expert(ExpertOptions(iterations=50)).tally(observe(game, 0), random.Random(1)),
                      expert_module.Tally)


@pytest.mark.parametrize("most", [0, 3])
def test_forced_leaves_look_for_a_line_while_the_own_hand_is_small(most: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its own seat's turns in the playouts ask for a line only while it holds at most ``forced_leaves`` cards,
    and a line found settles the playout."""
    asked: list[int] = []

    def spy(game: Game, seat: int, node_limit: int = 500) -> int | None:
        assert game.turn == seat
        asked.append(game.hands[seat].bit_count())
        return 4  # last, whatever the play would give: the search sees only last places

    monkeypatch.setattr(expert_module, "forced_place", spy)
    game = late_position(preset_rules("uecda"), ["KS KH 9C 5D 4D", "AS 6C 7H", "AH 4C", "QD 8S", "JC JK"])
    tally = Expert(ExpertOptions(iterations=40, forced_leaves=most)).tally(observe(game, 0), random.Random(2))
    assert isinstance(tally, expert_module.Tally)
    if most:
        assert asked and max(asked) <= most
        assert sum(tally.totals) == 0.0
    else:
        assert not asked and sum(tally.totals) > 0


def test_iterations_make_it_deterministic() -> None:
    rng = random.Random(4)
    for _ in range(5):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        first = Expert(ExpertOptions(iterations=25)).choose_move(obs, random.Random(9))
        assert first == Expert(ExpertOptions(iterations=25)).choose_move(obs, random.Random(9))


def test_playouts_settle_the_place() -> None:
    rng = random.Random(5)
    for preset in ("uecda", "standard", "tournament", "akita", "duel5"):
        rules = preset_rules(preset)
        low, high = points_range(rules)
        for _ in range(5):
            game = Game.new(rules, rng)
            seat = game.turn
            points = playout(game.clone(), seat)
            assert low <= points <= high
            while not game.over:
                game.apply(normal_policy(game))
            assert game.place_of(seat) == game.result.places.index(seat)  # type: ignore[union-attr]


def test_learned_others_in_the_playouts_give_legal_moves() -> None:
    rng = random.Random(7)
    expert = Expert(ExpertOptions(iterations=12, others=Others.LEARNED))
    for _ in range(4):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        move = expert.choose_move(obs, random.Random(8))
        assert move in obs.move_list()
        assert move == expert.choose_move(obs, random.Random(8))


@pytest.mark.parametrize(("values", "message"), [
    ({"reading": "tea leaves"}, "reading: expected one of chain, passes"),
    ({"others": "oracle"}, "others: expected one of normal, learned"),
    ({"trust": -0.1}, "trust: expected a number from 0 to 1, not -0.1"),
    ({"trust": "high"}, "trust: expected a number from 0 to 1"),
    ({"budget": float("nan")}, "budget: expected a positive number"),
    ({"budget": 0}, "budget: expected a positive number"),
    ({"budget": True}, "budget: expected a positive number"),
    ({"iterations": 0}, "iterations: expected a whole number"),
    ({"iterations": 2.5}, "iterations: expected a whole number"),
    ({"candidates": 0}, "candidates: expected a whole number"),
    ({"exploration": -1}, "exploration: expected a number from 0"),
    ({"allocation": "greedy"}, "allocation: expected one of ucb, halving"),
    ({"cpu_budget": "yes"}, "cpu_budget: expected true or false"),
    ({"pool": -1}, "pool: expected a whole number from 0, not -1"),
    ({"pool": 1.5}, "pool: expected a whole number from 0"),
    ({"gifts": -2}, "gifts: expected a whole number from 0, not -2"),
    ({"tilt": -0.5}, "tilt: expected a number from 0, not -0.5"),
    ({"rank_tilt": [0.5, 1.0]}, "rank_tilt: expected 14 numbers \\(the ranks weakest first, the jokers last\\)"),
    ({"rank_tilt": [0.0] * 13 + ["high"]}, "rank_tilt: expected 14 numbers"),
    ({"rank_tilt": 0.5}, "rank_tilt: expected 14 numbers"),
    ({"forced_leaves": -1}, "forced_leaves: expected a whole number from 0, not -1"),
    ({"root_prior": -4}, "root_prior: expected a number from 0, not -4"),
    ({"root_prior": "policy"}, "root_prior: expected a number from 0"),
    ({"prior": "learned"}, "unknown Expert option 'prior' \\(options: budget, iterations"),
])
def test_expert_options_are_checked_by_name(values: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}"):
        ExpertOptions().with_values(values)


def test_expert_options_take_their_text() -> None:
    options = ExpertOptions().with_values({"reading": "passes", "others": "learned", "iterations": 3})
    assert options.reading is Reading.PASSES and options.others is Others.LEARNED and options.iterations == 3
    assert ExpertOptions() == ExpertOptions(budget=0.5, reading=Reading.CHAIN, others=Others.FIT)


@pytest.mark.parametrize("reading", list(Reading))
def test_both_readings_give_legal_moves(reading: Reading) -> None:
    rng = random.Random(9)
    expert = Expert(ExpertOptions(iterations=8, reading=reading))
    for _ in range(6):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        assert expert.choose_move(obs, random.Random(10)) in obs.move_list()


@pytest.mark.slow
def test_both_readings_play_whole_games() -> None:
    rules = preset_rules("uecda")
    for reading in Reading:
        game = Game.new(rules, random.Random(9))
        play_game(game, [Expert(ExpertOptions(iterations=8, reading=reading))] * rules.players, seed=10)
        assert game.over


def test_a_cpu_time_budget_returns_a_legal_move() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(12))
    obs = observe(game, game.turn)
    move = Expert(ExpertOptions(budget=0.05, cpu_budget=True)).choose_move(obs, random.Random(1))
    assert move in obs.move_list()


def test_a_cpu_time_budget_counts_within_the_deadline_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``cpu_budget`` and a deadline given (a client on a busy machine): the search stops after its
    budget of CPU time though the deadline is far off, and at the deadline when that comes first."""
    game = Game.new(preset_rules("uecda"), random.Random(12))
    obs = observe(game, game.turn)
    ticks = [0.0]

    def cpu() -> float:  # each reading of the CPU clock: 10 ms later
        ticks[0] += 0.01
        return ticks[0]

    monkeypatch.setattr(time, "process_time", cpu)
    far = time.perf_counter() + 3600
    asked = [0]

    def enough() -> bool:  # bounds the search were the budget not counted
        asked[0] += 1
        return asked[0] > 200

    found = Expert(ExpertOptions(budget=0.3, cpu_budget=True)).tally(obs, random.Random(1), far, enough)
    assert isinstance(found, expert_module.Tally) and len(found.arms) <= sum(found.pulls) <= 40
    past = Expert(ExpertOptions(budget=3600, cpu_budget=True)).tally(obs, random.Random(1), time.perf_counter())
    assert isinstance(past, expert_module.Tally) and set(past.pulls) == {1}, "each candidate once, then the deadline"
    wall = Expert(ExpertOptions(budget=0.3)).tally(obs, random.Random(1), time.perf_counter())
    assert isinstance(wall, expert_module.Tally) and set(wall.pulls) == {1}


def test_the_gift_search_plays_out_strongs_best_gifts_and_gives_the_best_of_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = preset_rules("uecda")
    changed = 0
    for seed in range(6):
        game = Game.new(rules, random.Random(seed), previous_places=[0, 1, 2, 3, 4])
        obs = observe(game, game.turn)
        assert obs.state.phase is Phase.EXCHANGE and obs.seat == 0  # the 大富豪 gives two cards to the 大貧民
        ranked = ranked_gifts(obs, 3)
        started: list[Game] = []

        def spy(world: Game, seat: int, policy: Policy, started: list[Game] = started,
                settle: Settle | None = None) -> int:
            started.append(world.clone())
            return playout_place(world, seat, policy, settle=settle)

        monkeypatch.setattr(expert_module, "playout_place", spy)
        expert = Expert(ExpertOptions(gifts=3, iterations=90))
        gift = expert.choose_gift(obs, random.Random(7))
        assert gift in ranked and gift == expert.choose_gift(obs, random.Random(7))
        # each try hands one of the three to the 大貧民, the others give too, and the game is played from its lead
        tries = started[:90]
        assert all(world.phase is Phase.PLAY and not world.pending for world in tries)
        assert {world.hands[4] & obs.hand for world in tries} == set(ranked)
        assert all(world.hands[0] == obs.hand & ~world.hands[4] for world in tries)
        changed += gift != best_gift(obs)
        monkeypatch.undo()
    assert changed  # the search does not just agree with the plan's gift
    assert Expert(ExpertOptions(iterations=90)).choose_gift(obs, random.Random(7)) == best_gift(obs)


class Arms:
    """Candidates with fixed rewards for ``_halve``: each try records (candidate, world)."""

    def __init__(self, rewards: list[float]) -> None:
        self.rewards = rewards
        self.pulls = [0] * len(rewards)
        self.totals = [0.0] * len(rewards)
        self.tries: list[tuple[int, int]] = []
        self.now = 0.0

    def attempt(self, arm: int) -> None:
        self.tries.append((arm, self.pulls[arm]))
        self.pulls[arm] += 1
        self.totals[arm] += self.rewards[arm]
        self.now += 1.0  # a fake clock: one second a try

    def clock(self) -> float:
        return self.now


def test_halving_keeps_the_better_half_each_round() -> None:
    arms = Arms([0.1, 0.5, 0.3, 0.9, 0.2])
    expert_module._halve(arms.attempt, arms.pulls, arms.totals, 60, None, None, arms.clock)
    assert sum(arms.pulls) == 60
    # three rounds of about 20 tries: 5 candidates x 4 worlds, 3 x 7 worlds, 2 the rest (stopping at 60)
    assert arms.pulls[0] == arms.pulls[4] == 4, "the worst two leave after the first round"
    assert arms.pulls[2] == 11 and arms.pulls[1] == 20 and arms.pulls[3] == 21, "the third leaves after the second"
    assert expert_module.best_arm(arms.pulls, arms.totals) == 3


def test_halving_tries_the_candidates_of_a_sweep_in_the_same_world() -> None:
    arms = Arms([0.4, 0.6, 0.5, 0.1])
    expert_module._halve(arms.attempt, arms.pulls, arms.totals, 40, None, None, arms.clock)
    sweeps: dict[int, list[int]] = {}
    for arm, world in arms.tries:
        sweeps.setdefault(world, []).append(arm)
    for world, tried in sweeps.items():
        assert len(tried) == len(set(tried)), f"world {world} tried twice by one candidate"
        assert len(tried) in (2, 4), "every candidate left plays each world of its rounds"


def test_halving_shares_the_time_among_the_rounds() -> None:
    arms = Arms([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8])  # 3 rounds of 30 s, one try a second
    expert_module._halve(arms.attempt, arms.pulls, arms.totals, None, 90.0, None, arms.clock)
    # the first round ends after the sweep that reaches 30 s (32 s); the second at 60 s, the last at 90 s
    assert arms.pulls == [4, 4, 4, 4, 11, 11, 26, 26]
    assert arms.now == 90.0


def test_halving_stops_when_cancelled_after_every_candidate_was_tried() -> None:
    arms = Arms([0.1, 0.2, 0.3])
    expert_module._halve(arms.attempt, arms.pulls, arms.totals, None, 1e9, lambda: True, arms.clock)
    assert arms.pulls == [1, 1, 1]


def test_halving_search_is_deterministic_and_legal() -> None:
    rng = random.Random(6)
    options = ExpertOptions(iterations=30, allocation="halving")  # type: ignore[arg-type]
    assert options.allocation is expert_module.Allocation.HALVING
    for _ in range(4):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        found = Expert(options).tally(obs, random.Random(9))
        again = Expert(options).tally(obs, random.Random(9))
        assert found == again
        if isinstance(found, expert_module.Tally):
            assert sum(found.pulls) == 30 and found.best() in obs.move_list()


def test_a_prior_counts_as_tries_made_before_the_search() -> None:
    prior = expert_module.Prior(4.0, (0.0, 1.0))
    assert prior.mean(1, 1, 0.0) == pytest.approx(0.8), "four tries at 1 and one at 0"
    assert prior.mean(0, 4, 4.0) == pytest.approx(0.5)
    pulls, totals = [10, 10], [6.0, 5.0]
    assert expert_module.best_arm(pulls, totals) == 0
    assert expert_module.best_arm(pulls, totals, prior) == 1, "the policy's favourite catches up: 9/14 > 6/14"
    assert expert_module.best_arm(pulls, totals, expert_module.Prior(1.0, (0.0, 1.0))) == 0
    assert expert_module.best_arm([10, 4], [6.0, 4.0], prior) == 0, "a candidate left behind stays behind"


def test_the_prior_of_the_shared_search_is_counted_once() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(3))
    play, other = observe(game, game.turn).move_list()[:2]
    prior = expert_module.Prior(8.0, (0.0, 1.0))
    parts = [expert_module.Tally((play, other), (10, 10), (6.0, 5.0), prior)] * 2
    assert pickle.loads(pickle.dumps(parts[0])) == parts[0], "the decision worker's processes send their tallies"
    # 20 tries each: 12/28 against 18/28 with the prior once, 12/36 against 26/36 if it were counted twice
    assert expert_module.combine(parts) == other
    assert expert_module.combine([expert_module.Tally((play, other), (10, 10), (9.0, 5.0), prior)] * 2) == play


def test_the_prior_leans_toward_the_champion_models_likeliest_candidate() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(3))
    obs = observe(game, game.turn)
    assert Expert().prior(obs, obs.move_list()) is None, "off by default"
    expert = Expert(ExpertOptions(root_prior=2.0))
    arms = expert.considered(obs)
    prior = expert.prior(obs, arms)
    assert prior is not None and prior.weight == pytest.approx(2.0 * (len(arms) - 1) ** 0.6)
    chances = dict(zip(obs.move_list(), champion_model().probabilities(obs.state, obs.hand, obs.move_list())))
    assert arms[prior.leaning.index(1.0)] == max(arms, key=chances.__getitem__)
    assert arms[prior.leaning.index(0.0)] == min(arms, key=chances.__getitem__)
    assert all(0.0 <= x <= 1.0 for x in prior.leaning)


def test_an_overwhelming_prior_plays_the_champion_models_likeliest_candidate() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 4:
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        expert = Expert(ExpertOptions(iterations=60, root_prior=1e6))
        found = expert.tally(obs, random.Random(2))
        if not isinstance(found, expert_module.Tally):
            continue
        prior = expert.prior(obs, found.arms)
        assert prior is not None and found.prior == prior
        favourite = found.arms[prior.leaning.index(1.0)]
        assert found.best() == favourite
        assert max(found.pulls) == found.pulls[found.arms.index(favourite)], "the search tries it most"
        checked += 1
