"""A short lesson for each preset: what its rules change from the common game, shown on a small deal.

Each deals a few cards to everyone (the player at seat 0) and shows only what
differs: Akita's J-back and forbidden finishes, the tournament's missing
sequences, 二人大貧民's stock and passes, what the classic game leaves out,
the UECda rules' passes and extra turns, and the house rules of a custom game.
"""

from __future__ import annotations

from game.engine.rules import PresetId

from .script import Deal, Expect, Lesson, Moves, Step, Target


def akita() -> Lesson:
    k = "lesson.akita."
    return Lesson(
        id="akita", preset=PresetId.AKITA, players=4,
        deals=(Deal(hands=("3D 5D JS 2S", "9H 4C 6S KC", "7C 4S 8D QH", "6H TD AC KS")),),
        script=(
            Step(k + "intro", target=Target.HAND),
            Step(k + "jback_play", Expect.PLAY, "JS", Target.CARDS),
            Moves("9H", "7C", "-"),
            Step(k + "jback", target=Target.TRICK),
            Step(k + "jback_follow", Expect.PLAY, "5D", Target.CARDS),
            Moves("-", "-", "-"),
            Step(k + "jback_over", target=Target.HAND),
            Step(k + "forbidden", target=Target.CARDS, cards="2S"),
            Step(k + "forbidden_play", Expect.PLAY, "2S", Target.CARDS),
            Moves("-", "-", "-"),
            Step(k + "out_play", Expect.PLAY, "3D", Target.CARDS),
            Step(k + "match", target=Target.SEATS),
        ),
    )


def tournament() -> Lesson:
    k = "lesson.tournament."
    return Lesson(
        id="tournament", preset=PresetId.TOURNAMENT, players=4,
        deals=(Deal(hands=("3D 5H 6H 7H 9S", "4C 8S TC QD AS", "4H 6C 9D JS KD", "5S 7C TS QC 2D")),),
        script=(
            Step(k + "intro", target=Target.SEATS),
            Step(k + "sequence_select", Expect.SELECT, "5H 6H 7H", Target.CARDS),
            Step(k + "sequence_refused", target=Target.PLAY),
            Step(k + "single", Expect.PLAY, "5H", Target.CARDS),
            Moves("AS", "-", "2D"),
            Step(k + "pass", Expect.PASS, target=Target.PASS),
            Moves("-", "-"),
            Step(k + "same", target=Target.RULES),
        ),
    )


def duel5() -> Lesson:
    k = "lesson.duel5."
    return Lesson(
        id="duel5", preset=PresetId.DUEL5, players=2,
        deals=(Deal(hands=("4S 6D 9C JH KS", "3H 7D TS QC AD"), leader=0,
                    stocks=("5H 7S QD 2C 8H 3C", "4D 6S 9H JC KH 5C")),),
        script=(
            Step(k + "intro", target=Target.HAND),
            Step(k + "stock", target=Target.PILE),
            Step(k + "lead", Expect.PLAY, "4S", Target.CARDS),
            Moves("7D"),
            Step(k + "refilled", target=Target.HAND),
            Step(k + "pass", Expect.PASS, target=Target.PASS),
            Step(k + "cleared", target=Target.SEAT, seat=1),
            Moves("3H"),
            Step(k + "beat", Expect.PLAY, "6D", Target.CARDS),
            Moves("-"),
            Step(k + "their_pass", target=Target.HAND),
            Step(k + "win", target=Target.PILE),
        ),
    )


def classic() -> Lesson:
    k = "lesson.classic."
    return Lesson(
        id="classic", preset=PresetId.CLASSIC, players=4,
        deals=(Deal(hands=("4S 8H KC 2D", "9H 5C 7S QD", "JH 6D TC AS", "3C 7D 9S KH"), leader=0),),
        script=(
            Step(k + "intro", target=Target.HAND),
            Step(k + "eight", Expect.PLAY, "8H", Target.CARDS),
            Moves("9H", "JH", "-"),
            Step(k + "no_cut", target=Target.TRICK),
            Step(k + "follow", Expect.PLAY, "KC", Target.CARDS),
            Moves("-", "-", "-"),
            Step(k + "seats", target=Target.SEATS),
        ),
    )


def uecda() -> Lesson:
    k = "lesson.uecda."
    return Lesson(
        id="uecda", preset=PresetId.UECDA, players=5,
        deals=(Deal(hands=("3D 5S 8C KH", "7D JC 4H 9S", "6C TD QS 2H", "9H 4S 7C AD", "6S TC QD KS")),),
        script=(
            Step(k + "intro", target=Target.SEATS),
            Step(k + "lead", Expect.PLAY, "5S", Target.CARDS),
            Moves("7D", "-", "9H", "-"),
            Step(k + "pass", Expect.PASS, target=Target.PASS),
            Moves("JC", "-"),
            Step(k + "sit_out", target=Target.HAND),
            Step(k + "extra_turn", target=Target.SEAT, seat=1),
            Moves("-"),
            Step(k + "sequences", target=Target.NONE),
        ),
    )


def house_rules() -> Lesson:
    k = "lesson.house_rules."
    return Lesson(
        id="house_rules", preset=PresetId.STANDARD, players=4,
        overrides={"five_skip": True, "nine_reverse": True, "seven_pass": True, "ten_discard": True,
                   "sandstorm": True, "ambulance": True},
        deals=(Deal(hands=("7S 4D TD 4H 5C JH JC JS 9C", "9H 6C 8D KS QH 2S 6S AC 4S",
                           "5H 6D 8C KC QC 2C 9D AS TS", "3S 3H 3D 7C 8S KD QS 2H 5D"), leader=0),),
        script=(
            Step(k + "intro", target=Target.HAND),
            Step(k + "seven", Expect.PLAY, "7S", Target.CARDS),
            Step(k + "seven_give", Expect.GIVE, "4D", Target.CARDS),
            Moves("9H"),
            Step(k + "nine", target=Target.TRICK),
            Step(k + "ten", Expect.PLAY, "TD", Target.CARDS),
            Step(k + "ten_discard", Expect.GIVE, "4H", Target.CARDS),
            Moves("-", "-", "-"),
            Step(k + "five", Expect.PLAY, "5C", Target.CARDS),
            Moves("-", "-"),
            Step(k + "five_done", target=Target.HAND),
            Step(k + "sandstorm_lead", Expect.PLAY, "JH JC JS", Target.CARDS),
            Moves("3S 3H 3D"),
            Step(k + "sandstorm", target=Target.TRICK),
            Step(k + "ambulance"),
        ),
    )


__all__ = ["akita", "classic", "duel5", "house_rules", "tournament", "uecda"]
