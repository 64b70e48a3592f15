"""A lesson at the table: a match dealt from fixed hands whose computers follow the script.

``LessonSession`` is a ``Session`` the table plays like any other, with
three differences: the games are dealt from the lesson's hands
(``LessonMatch``); the computers move only when the script says so, and make
the moves it names (decided here at once, no worker, no waiting); and the
player's play, pass or gift is taken only when it is the one the current step
asks for.  Nothing of a lesson reaches the statistics or the autosave: the
session has no sinks for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ai.normal import normal_policy
from ai.player import weakest_cards
from game.engine import PASS, Event, Game, IllegalMove, Match, Move, Pass, Play, RuleSet
from game.engine.cards import parse_card_id, parse_cards
from game.engine.errors import Reason
from game.engine.runner import Decision
from game.levels import Level
from game.session import Session
from game.setups import SeatKind, SeatSpec, SessionSetup

from .script import PASS_CODE, Deal, Expect, Lesson, LessonRun, NextGame, PlayOut, Step

if TYPE_CHECKING:
    from game.worker import DecisionWorker


class LessonMatch(Match):
    """A match whose games are dealt from fixed hands."""

    def __init__(self, rules: RuleSet, deals: tuple[Deal, ...]) -> None:
        self.deals = deals
        super().__init__(rules, seed=0, games=len(deals))

    def deal_game(self, index: int, previous_places: Sequence[int] | None, leader: int | None) -> Game:
        deal = self.deals[min(index, len(self.deals) - 1)]
        stocks = None if deal.stocks is None else [_ids(stock) for stock in deal.stocks]
        pile = None if deal.pile is None else _ids(deal.pile)
        return Game.from_hands(self.rules, deal.hand_sets(), stocks=stocks, pile=pile, previous_places=previous_places,
                    leader=deal.leader if leader is None else leader)


def _ids(codes: str) -> list[int]:
    """Card ids in the order written (a stock or a pile, top card first)."""
    return [parse_card_id(code) for code in codes.split()]


class NotTheStep(IllegalMove):
    """The player's play, pass or gift is not the one the lesson's step asks for."""

    def __init__(self) -> None:
        super().__init__(Reason.NOT_YOUR_TURN, seat=0, turn=-1)


def lesson_setup(lesson: Lesson) -> SessionSetup:
    seats = (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER, Level.NORMAL) for _ in range(lesson.players - 1)))
    return SessionSetup(lesson.preset, lesson.players, seats, dict(lesson.overrides), seed=0)


class LessonSession(Session):
    """A lesson played at the table (see the module's docstring)."""

    def __init__(self, lesson: Lesson, worker: DecisionWorker) -> None:
        setup = lesson_setup(lesson)
        super().__init__(setup, worker, match=LessonMatch(setup.rules(), lesson.deals))
        self.lesson = lesson
        self.run = LessonRun(lesson)

    # --- the computers -----------------------------------------------------------------

    def _scripted(self) -> bool:
        """The script lets the computers move now."""
        item = self.run.item
        return self.run.next_move() is not None or isinstance(item, PlayOut)

    def computer_to_act(self) -> bool:
        decisions = self._computer_decisions()
        if not decisions:
            return False
        return decisions[0].gift is not None or self._scripted()

    def start_thinking(self) -> None:
        """Nothing to think about: the script decides (``poll`` makes the move)."""

    @property
    def thinking(self) -> bool:
        return False

    def decided_to_pass(self) -> bool:
        return self.run.next_move() == PASS_CODE

    def cancel_thinking(self) -> None:
        pass

    def poll(self) -> list[Event] | None:
        if not self.computer_to_act():
            return None
        decision = self._computer_decisions()[0]
        if decision.gift is not None:  # an upper class's gift: its weakest cards
            cards = weakest_cards(self.game.hands[decision.seat], decision.gift.count)
            return self._after(self.runner.answer(decision, cards))
        code = self.run.next_move()
        if code is None:  # the computers play on to the end of the game
            events = self._after(self.runner.answer(decision, normal_policy(self.game)))
            if self.game.result is not None:
                self.run.advance()
            return events
        move = self.scripted_move(decision, code)
        self.run.made_move()
        return self._after(self.runner.answer(decision, move))

    def scripted_move(self, decision: Decision, code: str) -> Move:
        """The move ``code`` names for ``decision`` (a pass, or the strongest reading of the cards)."""
        if code == PASS_CODE:
            return PASS
        return self.game.resolve(parse_cards(code))

    # --- the player ----------------------------------------------------------------------

    def expected(self) -> Step | None:
        """The step that waits for the player's move at the table, if the current one does."""
        step = self.run.step
        return step if step is not None and step.waits_for_table else None

    def accepts(self, move: Move | int) -> bool:
        """Is ``move`` (a play, a pass, or the cards given) the one the current step asks for?"""
        step = self.expected()
        if step is None:
            return False
        if step.expect is Expect.PASS:
            return isinstance(move, Pass)
        if step.expect is Expect.PLAY:
            return isinstance(move, Play) and move.cards == step.card_set
        return isinstance(move, int) and move == step.card_set

    def human_play(self, move: Move) -> list[Event]:
        if not self.accepts(move):
            raise NotTheStep()
        events = super().human_play(move)
        self.run.advance()
        return events

    def human_give(self, cards: int) -> list[Event]:
        if not self.accepts(cards):
            raise NotTheStep()
        events = super().human_give(cards)
        self.run.advance()
        return events

    def hint(self) -> Move | None:
        """The move the step asks for."""
        step = self.expected()
        if step is None or step.expect is Expect.GIVE:
            return None
        if step.expect is Expect.PASS:
            return PASS
        return self.game.resolve(step.card_set)

    # --- between games ---------------------------------------------------------------------

    def waits_for_next_game(self) -> bool:
        """The game is over and the script deals the next one."""
        return self.game.result is not None and isinstance(self.run.item, NextGame)

    def next_game(self) -> list[Event]:
        if isinstance(self.run.item, NextGame):
            self.run.advance()
        return super().next_game()

    @property
    def over(self) -> bool:
        return self.run.done


__all__ = ["LessonMatch", "LessonSession", "NotTheStep", "lesson_setup"]
