"""The guided first game: the common rules, four players, a fixed deal, one thing at a time.

The player (seat 0) holds the ♠3 and leads.  In order: the hand and the order
of the ranks, leading, the others following with stronger singles, passing
and the table clearing, following a pair with a pair, the 8-cut, the lock,
the joker and the ♠3 that beats it, a revolution, going out first and the
classes, and the exchange at the start of the next game.  Computers play
exactly the moves written here until the player is out, then finish the game
as the default client would (the same moves every time).
"""

from __future__ import annotations

from game.engine.rules import PresetId

from .script import Deal, Expect, Lesson, Moves, NextGame, PlayOut, Step, Target

K = "lesson.first_game."

GAME_1 = Deal(hands=(
    "3S 4D 5C 6S 6H 6D 6C 8S TD TC JH KD AH",
    "3H 4S 5S 7D 8H 9S 9D TS QH KS AS 2S JK",
    "3D 4H 5H 7C 8D 9H TH JS JD QS KH AD 2H",
    "3C 4C 5D 7S 7H 8C 9C JC QD QC KC AC 2C",
))
"""The first game: every card but the ♦2 (so that the hands are even)."""

GAME_2 = Deal(hands=(
    "3C 4H 5D 6S 7D 8C 9H TS JC QD KS AC 2D",
    "3S 4S 5S 6H 7S 8S 9S TH JS QS KH AS 2H",
    "3H 4D 5H 6D 7H 8H 9D TD JH QH KD AH 2S",
    "3D 4C 5C 6C 7C 8D 9C TC JD QC KC AD JK",
))
"""The second game: the exchange is all the lesson shows of it."""


def first_game() -> Lesson:
    return Lesson(
        id="first_game",
        preset=PresetId.STANDARD,
        players=4,
        deals=(GAME_1, GAME_2),
        script=(
            Step(K + "hand", target=Target.HAND),
            Step(K + "goal", target=Target.SEATS),
            Step(K + "lead_select", Expect.SELECT, "5C", Target.CARDS),
            Step(K + "lead_play", Expect.PLAY, "5C", Target.PLAY),
            Moves("9D", "JS", "2C"),
            Step(K + "follow", target=Target.TRICK),
            Step(K + "pass", Expect.PASS, target=Target.PASS),
            Moves("-", "-"),
            Step(K + "cleared", target=Target.SEAT, seat=3),
            Moves("7S 7H"),
            Step(K + "pair_select", Expect.SELECT, "TD TC", Target.CARDS),
            Step(K + "pair_play", Expect.PLAY, "TD TC", Target.PLAY),
            Moves("-", "-", "-"),
            Step(K + "your_lead", target=Target.HAND),
            Step(K + "eight", Expect.PLAY, "8S", Target.CARDS),
            Step(K + "eight_done", target=Target.HAND),
            Step(K + "lock_lead", Expect.PLAY, "JH", Target.CARDS),
            Moves("QH", "-", "-"),
            Step(K + "lock", target=Target.RULES),
            Step(K + "lock_play", Expect.PLAY, "AH", Target.CARDS),
            Moves("-", "-", "-"),
            Step(K + "joker_lead", Expect.PLAY, "KD", Target.CARDS),
            Moves("JK", "-", "-"),
            Step(K + "joker", target=Target.TRICK),
            Step(K + "spade3", Expect.PLAY, "3S", Target.CARDS),
            Step(K + "spade3_done", target=Target.HAND),
            Step(K + "revolution_play", Expect.PLAY, "6S 6H 6D 6C", Target.CARDS),
            Moves("-", "-", "-"),
            Step(K + "revolution", target=Target.RULES),
            Step(K + "out_play", Expect.PLAY, "4D", Target.CARDS),
            Step(K + "out", target=Target.YOU),
            PlayOut(),
            Step(K + "classes", target=Target.SEATS),
            NextGame(),
            Step(K + "exchange", target=Target.HAND),
            Step(K + "give", Expect.GIVE, "3C 4H", Target.CARDS),
            Step(K + "done"),
        ),
    )


__all__ = ["first_game"]
