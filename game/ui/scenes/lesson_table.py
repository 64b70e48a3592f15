"""A lesson at the table: the table as in a game, with the coach saying one thing at a time.

``LessonTableScene`` is the table scene playing a ``LessonSession``.  Each step
of the script is shown in the coach's panel (between the trick and the hand)
with a glow on what to click; only the input the step waits for moves the
lesson on.  Anything else does nothing but a gentle hint in the panel: a card
the step does not name cannot be picked (a picked card can always be put
back), Play, Pass and Give work only for the step's own move, and Enter or the
Next button move on a step that only explains.  Esc (or the Leave button in
the corner) leaves at once: a lesson keeps nothing, saves nothing and counts
nothing.  When the script ends the panel says so and offers the next lesson.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import format_symbols
from game.lessons.catalog import lessons
from game.lessons.script import Expect, Lesson, NextGame, PlayOut, Step, Target
from game.lessons.session import LessonSession

from .. import theme
from ..intents import Command, Intent, Pointer, Wheel
from ..table.coach import CoachPainter, CoachText, PanelShape
from ..table.layout import TableLayout
from ..table.model import SeatState
from ..theme import px
from ..tween import Tween
from ..widgets import Button, WidgetGroup
from .drawing import panel, shade, wrap_text
from .table import TableScene

if TYPE_CHECKING:
    from ..context import Context

HINT_TIME = 3.5
"""Seconds a gentle hint stays in the coach's panel."""
NUDGE_TIME = 0.45
GLOW_FPS = 30.0
"""How often the table is redrawn while it waits for the player (the glow and the arrow move slowly)."""
KEYS = {Expect.NEXT: "coach.keys.next", Expect.SELECT: "coach.keys.select", Expect.PLAY: "coach.keys.play",
        Expect.GIVE: "coach.keys.give", Expect.PASS: "coach.keys.pass"}


class LessonTableScene(TableScene):
    """The table playing a lesson (see the module's docstring)."""

    rule_help_enabled = False
    """The coach explains the rules itself."""

    def __init__(self, ctx: Context, session: LessonSession) -> None:
        self.lesson_session = session
        self.coach = CoachPainter(ctx)
        self.clock = 0.0
        self._hint: tuple[str, Tween] | None = None
        self._nudge: Tween | None = None
        self.finished = False
        self.next_button = Button(lambda: ctx.t("coach.next") + "  ›", self.next_step, size=theme.FONT_BODY)
        self.next_button.visible = False
        self.done_widgets = WidgetGroup()
        super().__init__(ctx, session)
        self.menu_button.label = lambda: ctx.t("coach.leave_button")
        self._build_done()

    # --- the lesson ----------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        """The step shown now (None while the computers move or the table animates)."""
        if not self.director.idle or self.finished or self.lesson_session.computer_to_act():
            return None
        return self.lesson_session.run.step

    def next_step(self) -> None:
        """Continue: the step only explained."""
        step = self.step
        if step is not None and step.expect is Expect.NEXT:
            self.lesson_session.run.advance()
            self._hint = None
            self.ctx.sound.play("click")

    def leave(self) -> None:
        """Back to the screen the lesson was started from (nothing of the lesson is kept)."""
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def hint(self, key: str, **params: object) -> None:
        """A gentle word in the coach's panel after an input the step does not want."""
        self._hint = (self.ctx.t(key, **params), Tween(HINT_TIME))
        self._nudge = Tween(NUDGE_TIME)
        self.ctx.sound.play("error")

    def _step_cards(self, step: Step) -> str:
        return format_symbols(step.card_set)

    def _wrong_input_hint(self, step: Step | None) -> None:
        if step is None:
            self.hint("coach.hint.watch")
        elif step.expect is Expect.NEXT:
            self.hint("coach.hint.next")
        elif step.expect is Expect.PASS:
            self.hint("coach.hint.pass")
        elif self.hand.selected != step.card_set:
            self.hint("coach.hint.pick", cards=self._step_cards(step))
        else:
            self.hint("coach.hint.play", cards=self._step_cards(step))

    def _may_toggle(self, cid: int) -> bool:
        """A card may be put back at any time; picked only when the step names it."""
        if self.hand.selected >> cid & 1:
            return True
        step = self.step
        return step is not None and step.expect in (Expect.SELECT, Expect.PLAY, Expect.GIVE) \
            and bool(step.card_set >> cid & 1)

    def _may_submit(self) -> bool:
        step = self.step
        return step is not None and step.expect in (Expect.PLAY, Expect.GIVE) and self.hand.selected == step.card_set

    def _may_pass(self) -> bool:
        step = self.step
        return step is not None and step.expect is Expect.PASS

    def _after_input(self) -> None:
        step = self.step
        if step is not None and step.expect is Expect.SELECT and self.hand.selected == step.card_set:
            self.lesson_session.run.advance()
            self._hint = None

    # --- the table's behaviour in a lesson ---------------------------------------------------

    def open_menu(self) -> None:
        self.leave()

    def _show_result(self) -> None:
        """No result screen: the coach speaks of the result, and deals the next game when the script says so."""

    def _human_idle(self) -> None:
        """No automatic pass: the lesson waits for the player's own."""

    def show_hint(self) -> None:
        step = self.step
        if step is None or step.expect is Expect.NEXT:
            self._wrong_input_hint(step)
            return
        if step.card_set:
            self.hand.hint = step.card_set & self.model.hand
        self._wrong_input_hint(step)

    def update(self, dt: float) -> None:
        self.clock += dt
        for tween in (self._nudge, self._hint[1] if self._hint else None):
            if tween is not None:
                tween.update(dt)
        if self._hint is not None and self._hint[1].done:
            self._hint = None
        super().update(dt)
        self.skip_button.visible = False  # the coach's Next moves on, then the others finish the game at once
        run = self.lesson_session.run
        step = self.step
        self.next_button.visible = step is not None and step.expect is Expect.NEXT
        shape = self._panel_shape(self.layout_now)
        if shape is not None:
            self.next_button.rect = shape.button
        if isinstance(run.item, PlayOut):
            self.skipping = True  # the player is out: the others finish at once
        if isinstance(run.item, NextGame) and self.director.idle and self.lesson_session.game.result is not None:
            self.start_next_game()
        if run.done and self.director.idle and not self.finished:
            self._finish()

    def _finish(self) -> None:
        self.finished = True
        done = self.ctx.settings.lessons_done
        lesson_id = self.lesson_session.lesson.id
        if lesson_id not in done:
            self.ctx.update_settings(lessons_done=(*done, lesson_id))
        self.ctx.sound.play("win")
        self.done_widgets.focus = 0
        self.layout(self.ctx.size)

    def frame_rate(self) -> float:
        """The glow pulses while a step is shown."""
        if self.step is not None or self._hint is not None:
            return GLOW_FPS
        return super().frame_rate()

    # --- the end of the lesson ---------------------------------------------------------------

    def _next_lesson(self) -> Lesson | None:
        """The lesson after this one on the lessons screen (None after the last)."""
        every = lessons()
        index = [item.id for item in every].index(self.lesson_session.lesson.id)
        return every[index + 1] if index + 1 < len(every) else None

    def _build_done(self) -> None:
        t = self.ctx.t
        self.next_lesson_button = Button(lambda: t("coach.complete.next_lesson"), self._go_next_lesson)
        self.next_lesson_button.visible = self._next_lesson() is not None
        self.lessons_button = Button(lambda: t("coach.complete.lessons"), self.leave, style="secondary")
        self.play_button_done = Button(lambda: t("coach.complete.play"), self._go_play, style="secondary")
        self.done_widgets = WidgetGroup([b for b in (self.next_lesson_button, self.lessons_button,
                                                     self.play_button_done) if b.visible])

    def _go_next_lesson(self) -> None:
        upcoming = self._next_lesson()
        if upcoming is not None and self.ctx.stack.top is self:
            self.ctx.stack.replace(LessonTableScene(self.ctx, LessonSession(upcoming, self.ctx.worker)))

    def _go_play(self) -> None:
        self.leave()
        self.ctx.nav.show_new_game()

    # --- layout and input ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        layout = self.layout_now
        for widget in (self.next_button, *self.done_widgets.widgets):
            widget.scale = layout.scale
        self._layout_done(layout)

    def _layout_done(self, layout: TableLayout) -> None:
        scale = layout.scale
        box = self._done_box(layout)
        buttons = self.done_widgets.widgets
        gap = px(14, scale)
        width = min(px(230, scale), (box.width - px(48, scale) - gap * (len(buttons) - 1)) // max(1, len(buttons)))
        total = width * len(buttons) + gap * (len(buttons) - 1)
        x = box.centerx - total // 2
        for button in buttons:
            button.rect = pygame.Rect(x, box.bottom - px(24, scale) - px(50, scale), width, px(50, scale))
            x += width + gap

    def _done_box(self, layout: TableLayout) -> pygame.Rect:
        scale = layout.scale
        width = min(layout.size[0] - px(40, scale), px(760, scale))
        height = min(layout.size[1] - px(40, scale), px(250, scale))
        box = pygame.Rect(0, 0, width, height)
        box.center = (layout.size[0] // 2, layout.size[1] // 2)
        return box

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Command) and intent.name in ("menu", "back"):
            self.leave()
            return
        if self.finished:
            if isinstance(intent, Command) and intent.name in ("left", "right"):
                self.done_widgets.move_focus(-1 if intent.name == "left" else 1)
            elif self.done_widgets.handle(intent) and isinstance(intent, Pointer) and intent.kind == "down":
                self.ctx.sound.play("click")
            return
        if isinstance(intent, Wheel):
            super().handle(intent)
            return
        if isinstance(intent, Pointer):
            self._pointer_input(intent)
        elif isinstance(intent, Command):
            self._command_input(intent)
        self._after_input()

    def _pointer_input(self, intent: Pointer) -> None:
        if intent.kind != "down":
            if self.next_button.visible and self.next_button.handle(intent):
                return
            super().handle(intent)
            return
        step = self.step
        if self.next_button.visible and self.next_button.handle(intent):
            return
        for button, allowed in ((self.play_button, self._may_submit), (self.pass_button, self._may_pass)):
            if button.visible and button.rect.collidepoint(intent.pos):
                if allowed():
                    super().handle(intent)
                else:
                    self._wrong_input_hint(step)
                return
        if self.hint_button.rect.collidepoint(intent.pos):
            self.show_hint()
            return
        cid = self.hand.card_at(self.layout_now, intent.pos)
        if cid >= 0 and not self._may_toggle(cid):
            self._wrong_input_hint(step)
            return
        super().handle(intent)

    def _command_input(self, intent: Command) -> None:
        name, step = intent.name, self.step
        if name in ("confirm", "play"):
            if step is not None and step.expect is Expect.NEXT:
                self.next_step()
            elif self._may_submit():
                self.play_selected()
            else:
                self._wrong_input_hint(step)
        elif name == "toggle":
            focus = self.hand.focus
            cid = self.hand.cards[focus] if 0 <= focus < len(self.hand.cards) else -1
            if cid >= 0 and self._may_toggle(cid):
                self.hand.toggle(cid)
            else:
                self._wrong_input_hint(step)
        elif name == "pass":
            if self._may_pass():
                self.pass_turn()
            else:
                self._wrong_input_hint(step)
        elif name in ("left", "right", "hint", "tracker"):
            super().handle(intent)

    # --- drawing -----------------------------------------------------------------------------------

    def _targets(self, step: Step, layout: TableLayout) -> tuple[list[pygame.Rect], bool]:
        """The rects the coach points at, and whether an arrow points too."""
        target = step.target
        if target is Target.CARDS and step.expect in (Expect.PLAY, Expect.GIVE) and self.hand.selected == step.card_set:
            target = Target.PLAY  # the cards are picked: now the button
        if target is Target.CARDS:
            # the cards to click: the step's not yet picked, and any other picked card to put back
            wanted = step.card_set if step.expect is Expect.NEXT else step.card_set ^ self.hand.selected
            return self._card_rects(layout, wanted), True
        if target is Target.HAND:
            rects = [rect for _, rect in self.hand.rects(layout)]
            return ([rects[0].unionall(rects[1:])] if rects else []), False
        if target is Target.PLAY:
            return [self.play_button.rect], True
        if target is Target.PASS:
            return [self.pass_button.rect], True
        if target is Target.TRICK:
            trick = self.model.trick
            if not trick:
                return [layout.trick], False
            corners = layout.trick_positions(trick[-1][1].size, 0)
            cards = [pygame.Rect(x, y, layout.trick_w, layout.trick_h) for x, y in corners]
            return [cards[0].unionall(cards[1:])], False
        if target is Target.SEAT and step.seat in layout.spots:
            return [layout.spots[step.seat].plate], False
        if target is Target.SEATS:
            return [spot.plate for spot in layout.spots.values()], False
        if target is Target.RULES:
            chips, _ = self.painter.indicator_chips(layout, self.model)
            return [rect for _, _, _, rect in chips], False
        if target is Target.YOU:
            return [layout.human_info], False
        if target is Target.PILE:
            pile = layout.human_stock or layout.pile
            return ([pile] if pile is not None else []), False
        return [], False

    def _card_rects(self, layout: TableLayout, cards: int) -> list[pygame.Rect]:
        """The visible part of each of ``cards`` in the hand (the next card covers the rest), neighbours as one."""
        drawn = self.hand.rects(layout)
        out: list[pygame.Rect] = []
        previous = False
        for index, (cid, rect) in enumerate(drawn):
            if not cards >> cid & 1:
                previous = False
                continue
            shown = rect.copy()
            if index + 1 < len(drawn):
                shown.width = max(px(12, layout.scale), drawn[index + 1][1].left - rect.left)
            if previous:
                out[-1] = out[-1].union(shown)
            else:
                out.append(shown)
            previous = True
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        layout = self.layout_now
        step = self.step
        if step is not None:
            rects, arrow = self._targets(step, layout)
            self.coach.glow(surface, rects, self.clock, layout.scale, arrow=arrow)
            if self.next_button.visible:
                self.next_button.draw(surface, self.ctx, True)
        if self.finished:
            self._draw_done(surface, layout)

    def _panel_shape(self, layout: TableLayout) -> PanelShape | None:
        """Where the coach's panel is drawn (None while no step is shown)."""
        step = self.step
        if step is None or self.finished:
            return None
        return self.coach.shape(layout, self.ctx.t(step.text, **step.params), with_button=step.expect is Expect.NEXT)

    def _draw_trick_label(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Not where the coach's panel lies over it (its words would show through, or above the panel cut)."""
        shape = self._panel_shape(layout)
        if shape is None or not shape.rect.colliderect(layout.trick_label):
            super()._draw_trick_label(surface, layout)

    def _seat_shown(self, seat: int) -> SeatState:
        """Once a game is over its classes (a game shows them on the result screen, which a lesson does without)."""
        state = super()._seat_shown(seat)
        result = self.lesson_session.game.result
        return state if result is None or self.finished else replace(state, title=result.titles[seat])

    def _draw_messages(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The coach's panel instead of the table's prompts."""
        ctx = self.ctx
        step = self.step
        run = self.lesson_session.run
        if self.finished:
            return
        if step is None:  # the computers move: the table's news (what was received, who leads)
            super()._draw_messages(surface, layout)
            return
        heading = f"{ctx.t(self.lesson_session.lesson.title_key)}  ·  " \
                  f"{ctx.t('coach.step', n=run.step_number, total=run.step_count)}"
        if self.zoom < ctx.settings.ui_scale:  # the size chosen does not fit this table: the size shown
            heading += f"  ·  {self.zoom}%"
        if self._hint is not None:
            footer, alert = self._hint[0], True
        else:
            footer, alert = ctx.t(KEYS[step.expect]) + "   ·   " + ctx.t("coach.leave"), False
        words = CoachText(heading, ctx.t(step.text, **step.params), footer, alert)
        nudge = 0.0 if self._nudge is None else 1 - self._nudge.progress
        self.coach.panel(surface, layout, words, with_button=step.expect is Expect.NEXT, clock=self.clock,
                         nudge=nudge)

    def _draw_done(self, surface: pygame.Surface, layout: TableLayout) -> None:
        ctx, scale = self.ctx, layout.scale
        shade(ctx, surface, 120)
        box = self._done_box(layout)
        panel(ctx, surface, box.move(0, px(6, scale)), (0, 0, 0, 120), px(18, scale))
        panel(ctx, surface, box, (16, 48, 34, 250), px(18, scale), theme.GOLD, px(2, scale))
        title = ctx.text.draw(surface, ctx.t("coach.complete.title"), (box.centerx, box.top + px(26, scale)),
                              px(theme.FONT_TITLE * 0.8, scale), theme.GOLD, anchor="midtop", bold=True, shadow=True)
        size = px(theme.FONT_BODY, scale)
        y = title.bottom + px(14, scale)
        text = ctx.t("coach.complete.text", lesson=ctx.t(self.lesson_session.lesson.title_key))
        for line in wrap_text(ctx, text, size, box.width - px(60, scale)):
            ctx.text.draw(surface, line, (box.centerx, y), size, theme.CREAM, anchor="midtop")
            y += round(size * 1.4)
        self.done_widgets.draw(surface, ctx)


__all__ = ["LessonTableScene"]
