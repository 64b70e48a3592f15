"""The card table: the human's hand, the opponents, the trick, and the flow of a game.

The scene drives a ``Session``: when the director has shown every event and a
computer is to act, a thinking timer starts together with the decision in the
worker; the computer's move is applied once both are done.  When the human is
to act, the hand, the Play / Pass / Hint buttons and the keyboard are live.
"""

from __future__ import annotations

import random
import typing
from functools import partial
from typing import TYPE_CHECKING, Generic

import pygame

from game.engine import PASS, IllegalMove, Phase, Play
from game.engine.cards import format_symbols
from game.engine.events import Event, Exchanged, SevenPass, Started, visible_to
from game.engine.state import GiftKind, PendingGift
from game.i18n import reason_text
from game.network.friends.client import Link
from game.network.friends.messages import Stamp
from game.network.friends.remote import RemoteSession
from game.network.friends.table import REACTION_GAP
from game.seat import TableSeat
from game.session import Session

from .. import theme
from ..intents import Command, Intent, Pointer, Wheel
from ..rule_words import rules_name
from ..scene import ANIMATING, Scene
from ..table.banners import LEAD_CARDS, Words
from ..table.director import Director
from ..table.dispatch import EventTable, nothing
from ..table.hand import HandView
from ..table.layout import STAMP_ROW, TableLayout, table_layout
from ..table.log import leader_text
from ..table.model import SeatState, TableModel
from ..table.painter import TablePainter
from ..table.rule_bubble import RuleBubble
from ..theme import px
from ..tween import Timer, Tween
from ..widgets import Button, Toggle, WidgetGroup
from ..zoom import table_zoom
from .drawing import label_text

if TYPE_CHECKING:
    from ..context import Context

THINK_TIME = (0.35, 0.65)
"""The computers' visible thinking pause before a play, in seconds at normal speed, drawn at random.

A pass is shown as soon as it is decided, and a computer that can only pass does not pause."""
AUTO_PASS_DELAY = 0.45
COUNTDOWN_FPS = 4.0
"""How often the table is redrawn while only a turn timer's countdown moves."""
MESSAGE_TIME = 3.0
BUBBLE_FPS = 12.0
"""How often the table is redrawn while only a rule's help bubble counts down."""


if TYPE_CHECKING:  # a table is the local match's unless said otherwise (PEP 696 defaults, for the checker)
    from typing_extensions import TypeVar

    S = TypeVar("S", bound=TableSeat, default=Session)
else:
    S = typing.TypeVar("S")
"""The seat the table plays: the local ``Session``, or a ``RemoteSession`` at a table hosted elsewhere."""


class TableScene(Scene, Generic[S]):
    rule_help_enabled = True
    """The first time a rule takes effect in the match, a bubble explains it (as the settings say)."""

    def __init__(self, ctx: Context, session: S) -> None:
        super().__init__(ctx)
        self.session = session
        self.painter = TablePainter(ctx)
        self.rule_bubble = RuleBubble(ctx)
        self.hand = HandView()
        self.model = TableModel.at_view(*session.deal_view(), session.human_seat)
        self.director = self._new_director()
        self.widgets = WidgetGroup()
        self._layout: TableLayout | None = None
        self._laid_out: tuple[tuple[int, int], int] | None = None
        self.zoom = 100
        """The size of text and of the table in force (percent): the player's, or the largest that fits."""
        self._told_zoom: tuple[tuple[int, int], int] | None = None
        self._think: Tween | None = None
        self._auto_pass: Tween | None = None
        self._message: tuple[str, Tween] | None = None
        self._message_waiting = False
        """The message was said while the player could not act (a refusal that ends when its turn comes)."""
        self._result_shown = False
        self._hint_move: Play | None = None
        """The play the last hint suggested (played with its own reading of a joker)."""
        self.skipping = False
        """The player is out and skips to the result: the rest of the game runs without pauses."""
        self._pointer = (0, 0)
        self._stamp_wait: Tween | None = None
        """After a reaction: the next one waits as long as the table's server would (it drops one sent sooner)."""
        self._stamp_fit: tuple[tuple[str, ...], tuple[int, int]] | None = None
        self._news = False
        """The table took a change with no animation (a whole view after a return, a friend's connection state):
        drawn at the next frame."""
        self._seats_shown: object = None
        """At a table for friends: the seats (names, connection states) last taken in."""
        self._rng = random.Random(session.seed)
        self._toasts: EventTable[str | None] = EventTable({
            Started: self._leader_toast, Exchanged: self._exchange_toast, SevenPass: self._received_toast,
        }, default=nothing)
        """The news near the hand that some events bring (who leads, what the player was handed or gave)."""
        self._build_widgets()
        resumed = bool(session.past_events())  # a saved match resumed in the middle of play
        self._feed([] if resumed else session.opening_events())
        if resumed:
            self.model.sync_view(session.public(), session.hand)
            self.hand.set_hand(self.model.hand)
            self.director.log.add_history(session.past_events())
        self._tell_replaced()

    # --- setup -----------------------------------------------------------------------

    def _new_director(self) -> Director:
        return Director(
            model=self.model, hand=self.hand, layout=lambda: self.layout_now, speed=self.speed,
            sound=self.ctx.sound.play, words=self.words, on_toast=self._event_shown,
            rng=random.Random(f"{self.session.seed}/{self.session.game_index}"),
            reduce_effects=lambda: self.ctx.settings.reduce_effects,
        )

    def words(self) -> Words:
        """How the table words events now: in the player's language, "You" for the player."""
        return Words(self.ctx.t, self.seat_name, self.session.human_seat, LEAD_CARDS[self.session.rules.first_leader])

    def _build_widgets(self) -> None:
        def t(key: str, **params: object) -> str:  # looked up when drawn: the language may change
            return self.ctx.t(key, **params)

        self.play_button = Button(self._play_label, self.play_selected,
                                  enabled=self._can_submit, on_refused=self.play_selected)
        self.pass_button = Button(lambda: t("button.pass"), self.pass_turn, style="secondary", enabled=self._can_pass,
                                  on_refused=self.pass_turn)
        self.hint_button = Button(lambda: t("button.hint"), self.show_hint, style="secondary",
                                  enabled=self._human_playing, size=theme.FONT_BODY)
        self.skip_button = Button(lambda: t("button.skip_to_result"), self.skip_to_result)
        self.skip_button.visible = False
        self.menu_button = Button(lambda: t("button.menu"), self.open_menu, style="secondary", size=theme.FONT_BODY)
        self.tracker_button = Button(lambda: t("toggle.tracker"), self.toggle_tracker, style="secondary",
                                     size=theme.FONT_SMALL)
        settings = self.ctx
        self.auto_pass_toggle = Toggle(lambda: t("toggle.auto_pass"), lambda: settings.settings.auto_pass,
                                       lambda v: settings.update_settings(auto_pass=v))
        self.slow_toggle = Toggle(lambda: t("toggle.slow_mode"), lambda: settings.settings.slow_mode,
                                  lambda v: settings.update_settings(slow_mode=v))
        self.stamp_buttons: list[Button] = []
        """Quick reactions at a table for friends: a click, Tab then Enter, or the key of their number."""
        if isinstance(self.session, RemoteSession):
            for index, stamp in enumerate(Stamp, start=1):
                self.stamp_buttons.append(Button(self._stamp_label(index, stamp), partial(self.react, index),
                                                 style="secondary", size=theme.FONT_SMALL, enabled=self._can_react))
        self.widgets = WidgetGroup([self.play_button, self.pass_button, self.hint_button, self.skip_button,
                                    self.auto_pass_toggle,
                                    self.slow_toggle, self.tracker_button, self.menu_button, *self.stamp_buttons])

    def _stamp_label(self, index: int, stamp: Stamp) -> typing.Callable[[], str]:
        return lambda: f"{index}  {self.ctx.t(f'stamp.{stamp.value}')}"

    def _can_react(self) -> bool:
        return self._stamp_wait is None

    @property
    def layout_now(self) -> TableLayout:
        if self._layout is None or self._laid_out != (self.ctx.size, self.ctx.settings.ui_scale):
            self.layout(self.ctx.size)
        assert self._layout is not None
        return self._layout

    def layout(self, size: tuple[int, int]) -> None:
        session = self.session
        rules = session.rules
        n, stock, pile = session.state.n, bool(rules.hand_size), rules.pile_draw
        stamps = bool(self.stamp_buttons)
        wanted = self.ctx.settings.ui_scale
        self.zoom = table_zoom(size, n, stock, pile, wanted, stamps)
        self._layout = layout = table_layout(size, n, session.human_seat, stock=stock, pile=pile, stamps=stamps,
                                             zoom=self.zoom / 100)
        self._laid_out = (size, wanted)
        if self.zoom < wanted and self._told_zoom != (size, wanted):  # the table says what the window cannot take
            self._told_zoom = (size, wanted)
            self.director.toast(self.ctx.t("table.zoom_clamped", wanted=wanted, used=self.zoom, players=n))
        scale = layout.scale
        for widget in self.widgets.widgets:  # the table's controls are drawn at the table's size
            widget.scale = scale
        area = layout.buttons
        gap = px(8, scale)
        half = (area.height - gap) // 2
        self.play_button.rect = pygame.Rect(area.left, area.top, area.width, half)
        self.skip_button.rect = pygame.Rect(area.left, area.top, area.width, area.height)
        self.pass_button.rect = pygame.Rect(area.left, area.top + half + gap, (area.width - gap) * 3 // 5, half)
        self.hint_button.rect = pygame.Rect(self.pass_button.rect.right + gap, self.pass_button.rect.top,
                                            area.right - self.pass_button.rect.right - gap, half)
        toggles = layout.toggles
        row = toggles.height // 2
        self.auto_pass_toggle.rect = pygame.Rect(toggles.left, toggles.top, toggles.width, row)
        self.slow_toggle.rect = pygame.Rect(toggles.left, toggles.top + row, toggles.width, row)
        self.menu_button.rect = layout.menu_button.copy()
        self.tracker_button.rect = layout.tracker_button.copy()
        if layout.stamps is not None:
            self._place_stamps(layout.stamps, scale, gap)

    def _place_stamps(self, area: pygame.Rect, scale: float, gap: int) -> None:
        """Three stamps on the upper row, two on the lower, each as wide as its row allows."""
        row_h = px(STAMP_ROW, scale)
        buttons = self.stamp_buttons
        for row, chunk in enumerate((buttons[:3], buttons[3:])):
            width = (area.width - gap * (len(chunk) - 1)) // len(chunk)
            for k, button in enumerate(chunk):
                button.rect = pygame.Rect(area.left + k * (width + gap), area.top + row * (row_h + gap), width, row_h)
        self._stamp_fit = None

    def _fit_stamps(self, scale: float) -> None:
        """The stamps' words in one size, the largest (up to the small font) at which every one fits its button."""
        labels = tuple(label_text(button.label) for button in self.stamp_buttons)
        key = (labels, self.ctx.size)
        if self._stamp_fit is not None and self._stamp_fit == key:
            return
        self._stamp_fit = key
        size = theme.FONT_SMALL
        while size > 9 and any(self.ctx.text.size(label, px(size, scale), bold=True)[0] > b.rect.width - px(8, scale)
                               for label, b in zip(labels, self.stamp_buttons, strict=True)):
            size -= 1
        for button in self.stamp_buttons:
            button.font_size = size

    # --- names and messages ---------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        if seat == self.session.human_seat:
            return self.ctx.t("seat.you")
        player = self.session.player_at(seat)
        name = self.session.name_of(player)
        if name is not None:
            return name
        if player == 0:
            return self.ctx.t("seat.you")
        return self.ctx.t("seat.cpu", n=player)

    def seat_level(self, seat: int) -> str:
        link = self.session.connection_at(seat)
        if link is not None:
            return self.ctx.t(f"friends.link.{link}")
        level = self.session.level_at(seat)
        return self.ctx.t(f"level.{level}") if level else ""

    def _event_shown(self, event: Event) -> str | None:
        """An event starts to be shown: a rule at work may want explaining; the toast it makes, if any."""
        if self.rule_help_enabled:
            self.rule_bubble.notice(event, self.session.rules, self.session.human_seat)
        return self._toast_for(event)

    def _toast_for(self, event: Event) -> str | None:
        return self._toasts(event, self.words())

    def _leader_toast(self, event: Started, words: Words) -> str:
        return leader_text(event, words)

    def _exchange_toast(self, event: Exchanged, words: Words) -> str | None:
        if event.cards and event.giver == self.session.human_seat and not event.chosen:
            return words("table.taken", name=words.names(event.receiver), cards=format_symbols(event.cards))
        return self._received_toast(event, words)

    def _received_toast(self, event: Exchanged | SevenPass, words: Words) -> str | None:
        if event.cards and event.receiver == self.session.human_seat:
            return words("table.received", name=words.names(event.giver), cards=format_symbols(event.cards))
        return None

    def say(self, text: str) -> None:
        """A message near the hand (an illegal move's reason, a hint...)."""
        self._message = (text, Tween(MESSAGE_TIME))
        self._message_waiting = not (self._human_playing() or self._giving())

    def _tell_replaced(self) -> None:
        """Say once which players a computer replaced, and why."""
        for replaced in self.session.replaced:
            name = self.ctx.t("seat.cpu", n=replaced.player)
            self.director.toast(self.ctx.t("table.external_replaced", name=name, error=replaced.error))
        self.session.replaced.clear()

    # --- the flow of the game ----------------------------------------------------------

    def _feed(self, events: list[Event]) -> None:
        human = self.session.human_seat
        self.director.feed([visible_to(e, human) for e in events])

    def _human_playing(self) -> bool:
        state = self.session.state
        return self.director.idle and state.phase is Phase.PLAY and state.turn == self.session.human_seat

    def _play_label(self) -> str:
        t = self.ctx.t
        if not self._giving():
            return t("button.play")
        return t("button.discard" if self._human_gift().kind is GiftKind.TEN_DISCARD else "button.give")

    def _human_gift(self) -> PendingGift:
        return next(g for g in self.session.state.pending if g.giver == self.session.human_seat)

    def _giving(self) -> bool:
        return self.director.idle and self.session.human_to_act() and self.session.state.phase.giving

    def _can_submit(self) -> bool:
        if self._giving():
            return self.hand.selected.bit_count() == self.session.human_gift_count()
        return self._human_playing() and bool(self.hand.selected) and bool(self._readings())

    def _can_pass(self) -> bool:
        return self._human_playing() and self.session.state.top is not None

    def _readings(self) -> list[Play]:
        return self.session.readings(self.hand.selected)

    def speed(self) -> float:
        """How long animations and pauses take relative to normal (none while skipping to the result)."""
        return 0.0 if self.skipping else self.ctx.speed()

    def _human_out(self) -> bool:
        return self.model.seats[self.session.human_seat].out is not None and self.session.state.result is None

    def skip_to_result(self) -> None:
        """Once the player is out: play the rest of the game without animations or pauses."""
        if self._human_out():
            self.skipping = True
            if self._think is not None:
                self._think = Timer(0.0)

    def update(self, dt: float) -> None:
        out = self._human_out()
        for button in (self.play_button, self.pass_button, self.hint_button):
            button.visible = not out
        self.skip_button.visible = out and not self.skipping
        self.rule_bubble.update(dt)
        self.director.update(dt)
        for tween in (self._think, self._auto_pass, self._stamp_wait):
            if tween is not None:
                tween.update(dt)
        if self._stamp_wait is not None and self._stamp_wait.done:
            self._stamp_wait = None
        if self._message is not None:
            self._message[1].update(dt)
            # "Wait for your turn" said a moment ago is wrong once the turn has come.
            if self._message[1].done or (self._message_waiting and (self._human_playing() or self._giving())):
                self._message = None
        session = self.session
        if isinstance(session, RemoteSession):
            self._remote_news(session)
        session.check_programs()  # an external program that failed to start is replaced here
        self._tell_replaced()
        if not self.director.idle:
            return
        if session.remote and self._result_shown:
            events = session.poll()  # after a result only the next deal can come (the host deals it)
            if events:
                self._deal_anew(events)
            return
        state = session.state
        shown = (self.model.state, self.model.hand)
        self.model.sync_view(session.public(), session.hand)
        self._news = self._news or shown != (self.model.state, self.model.hand)
        self.hand.set_hand(self.model.hand)
        if state.result is not None:
            if not self._result_shown:
                self._result_shown = True
                self._show_result()
            return
        if session.computer_to_act():
            self._computer_step()
        elif session.human_to_act():
            self._human_idle()

    def frame_rate(self) -> float:
        """Every frame while anything moves or a timer runs; nothing while the table waits for the player."""
        director = self.director
        moving = (not director.idle or director.flights or director.banners or director.toasts
                  or self._think is not None or self._auto_pass is not None or self._message is not None
                  or self.session.thinking or self.session.computer_to_act() or self._stamp_wait is not None
                  or self._news)
        if moving:
            return ANIMATING
        if self.rule_bubble.visible:
            return BUBBLE_FPS
        return COUNTDOWN_FPS if self.session.deadline() > 0 else 0.0

    def _remote_news(self, remote: RemoteSession) -> None:
        """At a table for friends: the seats' names and connection states, reactions, refused actions, and the table
        closing."""
        t = self.ctx.t
        if remote.lobby is not self._seats_shown:  # someone dropped, came back, or a computer took a seat
            self._seats_shown = remote.lobby
            self._news = True
        for reaction in remote.reactions:
            player = reaction.player
            name = t("seat.you") if player == remote.me else (remote.name_of(player) or "?")
            self.director.toast(t("friends.reaction", name=name, stamp=t(f"stamp.{reaction.stamp.value}")))
        remote.reactions.clear()
        for refusal in remote.rejected:
            self.say(refusal.message)
        remote.rejected.clear()
        if remote.closed is not None or remote.status.link is Link.GONE:
            self.ctx.nav.friends_ended(remote)

    def react(self, index: int) -> None:
        """A quick reaction stamp for the table (its button, or keys 1 to 5): at most one a second, as the server
        takes them."""
        if isinstance(self.session, RemoteSession) and self._can_react():
            self.session.react(index)
            self._stamp_wait = Timer(REACTION_GAP)

    def _computer_step(self) -> None:
        session = self.session
        if session.remote:  # the others' moves come when they come: shown at once
            events = session.poll()
            if events:
                self.hand.hint = 0
                self._feed(events)
            return
        if self._think is None:
            forced = session.forced_pass()
            low, high = THINK_TIME
            self._think = Timer(0.0 if forced else self._rng.uniform(low, high) * self.speed())
            session.start_thinking()
            return
        if not self._think.done and not session.decided_to_pass():
            return
        events = session.poll()
        if events is None:
            return
        self._think = None
        self.hand.hint = 0
        self._feed(events)

    def _human_idle(self) -> None:
        if self.session.state.phase is not Phase.PLAY or not self.ctx.settings.auto_pass:
            self._auto_pass = None
            return
        moves = self.session.moves()
        if moves == [PASS]:
            if self._auto_pass is None:
                self._auto_pass = Timer(AUTO_PASS_DELAY * self.speed())
            elif self._auto_pass.done:
                self._auto_pass = None
                self.pass_turn()
        else:
            self._auto_pass = None

    def _show_result(self) -> None:
        from .result import ResultScene

        self.ctx.stack.push(ResultScene(self.ctx, self.session, on_next=self.start_next_game,
                                        hopeless=frozenset(self.model.hopeless)))

    def start_next_game(self) -> None:
        """Deal the next game of the match (called by the result screen)."""
        events = self.session.next_game()
        if self.session.remote and not events:
            return  # the host deals when everyone is ready: the deal comes through ``poll``
        self._deal_anew(events)

    def _deal_anew(self, events: list[Event]) -> None:
        self.model = TableModel.at_view(*self.session.deal_view(), self.session.human_seat)
        self.hand = HandView()
        self.director = self._new_director()
        self._result_shown = False
        self._think = None
        self.skipping = False
        self.layout(self.ctx.size)
        self._feed(events)

    # --- the human's actions ---------------------------------------------------------------

    def play_refusal(self) -> str | None:
        """Why Play (or Give) cannot be pressed now, in the player's language; None when it can."""
        t, session = self.ctx.t, self.session
        if self._giving():
            count = session.human_gift_count()
            return None if self.hand.selected.bit_count() == count else t("reason.gift_count", count=count)
        if not self._human_playing():
            return self._waiting_reason()
        if not self.hand.selected:
            return t("table.refused.select")
        if self._readings():
            return None
        try:
            session.resolve(self.hand.selected)
        except IllegalMove as error:
            return reason_text(t, error)
        return None

    def pass_refusal(self) -> str | None:
        """Why Pass cannot be pressed now; None when it can."""
        if not self._human_playing():
            return self._waiting_reason()
        if self.session.state.top is None:
            return self.ctx.t("reason.must_lead")
        return None

    def _waiting_reason(self) -> str:
        t, session = self.ctx.t, self.session
        if self.model.seats[session.human_seat].out is not None or session.state.result is not None:
            return t("table.refused.out")
        if session.state.phase is Phase.EXCHANGE:
            return t("reason.exchange_pending")
        return t("table.refused.wait")

    def _refuse(self, reason: str) -> None:
        self.ctx.sound.play("error")
        self.say(reason)

    def play_selected(self) -> None:
        """Play (or give) the selected cards; a refused attempt says why."""
        session = self.session
        reason = self.play_refusal()
        if reason is not None:
            self._refuse(reason)
            return
        if self._giving():
            try:
                self._feed(session.human_give(self.hand.selected))
                self.hand.clear()
            except IllegalMove as error:
                self._illegal(error)
            return
        readings = self._readings()
        hinted = self._hint_move
        if len(readings) > 1 and hinted is not None and hinted.cards == self.hand.selected and hinted in readings:
            readings = [hinted]  # the hint's own reading of its joker
        if len(readings) > 1:
            from .joker_choice import JokerChoiceScene

            self.ctx.stack.push(JokerChoiceScene(self.ctx, readings, self.submit_play))
            return
        self.submit_play(readings[0])

    def submit_play(self, play: Play) -> None:
        try:
            events = self.session.human_play(play)
        except IllegalMove as error:
            self._illegal(error)
            return
        self.hand.clear()
        self._feed(events)

    def pass_turn(self) -> None:
        reason = self.pass_refusal()
        if reason is not None:
            self._refuse(reason)
            return
        try:
            events = self.session.human_play(PASS)
        except IllegalMove as error:
            self._illegal(error)
            return
        self.hand.clear()
        self._feed(events)

    def show_hint(self) -> None:
        if not self._human_playing():
            return
        move = self.session.hint()
        if move is None:
            self.say(self.ctx.t("table.hint_none"))
        elif isinstance(move, Play):  # selected as well, so that Enter plays it
            self.hand.hint = self.hand.selected = move.cards & self.model.hand
            self._hint_move = move
            self.say(self.ctx.t("button.hint") + ": " + format_symbols(move.cards))
        else:
            self.hand.hint = 0
            self.say(self.ctx.t("table.hint_pass"))

    def toggle_tracker(self) -> None:
        self.ctx.update_settings(show_tracker=not self.ctx.settings.show_tracker)

    def open_menu(self) -> None:
        from .menu import MenuScene

        self.ctx.stack.push(MenuScene(self.ctx, self))

    def _illegal(self, error: IllegalMove) -> None:
        self.ctx.sound.play("error")
        self.say(reason_text(self.ctx.t, error))

    def handle(self, intent: Intent) -> None:
        """The pointer reaches the buttons and the hand; keys always mean the same on the table.

        No widget keeps the keyboard focus after a click: Enter plays the
        selection, Space selects, P passes, whatever was clicked before.
        """
        layout = self.layout_now
        if isinstance(intent, Command) and intent.name in ("tab", "backtab") and self._stamp_focused():
            self._stamp_key(intent.name)  # Tab goes on through the stamps before a rule bubble takes it again
            return
        if self.rule_bubble.handle(intent):
            return
        if isinstance(intent, Wheel):
            if layout.log.collidepoint(intent.pos) or layout.log.collidepoint(self._pointer):
                self.director.log.scroll_by(intent.dy * 2)
            return
        if isinstance(intent, Pointer):
            used = self.widgets.handle(intent)
            self.widgets.focus = -1
            if used:
                if intent.kind == "down":
                    self.ctx.sound.play("click")
                return
            if intent.kind == "move":
                self._pointer = intent.pos
                self.hand.hover = self.hand.card_at(layout, intent.pos)
            elif intent.kind == "down":
                cid = self.hand.card_at(layout, intent.pos)
                if cid >= 0:
                    self.hand.toggle(cid)
                    self.hand.focus = self.hand.cards.index(cid)
                    self.ctx.sound.play("click")
            return
        if isinstance(intent, Command):
            name = intent.name
            if self._stamp_key(name):
                return
            if name in ("left", "right"):
                self.hand.move_focus(-1 if name == "left" else 1)
            elif name == "toggle":
                self.hand.toggle_focused()
            elif name in ("confirm", "play"):
                if self.skip_button.visible:
                    self.skip_to_result()
                else:
                    self.play_selected()
            elif name == "pass":
                self.pass_turn()
            elif name == "hint":
                self.show_hint()
            elif name in ("menu", "back"):
                self.open_menu()
            elif name == "tracker":
                self.toggle_tracker()
            elif name.startswith("stamp"):
                self.react(int(name[5:]))

    def _stamp_focused(self) -> bool:
        focus = self.widgets.focus
        return 0 <= focus < len(self.widgets.widgets) and self.widgets.widgets[focus] in self.stamp_buttons

    def _stamp_key(self, name: str) -> bool:
        """Tab goes through the reaction stamps (then back to the hand); Enter or Space sends the one in focus,
        Esc or any key of the hand leaves them.  True if the key was theirs."""
        stamps = self.stamp_buttons
        if not stamps:
            return False
        focused = self.widgets.widgets[self.widgets.focus] if 0 <= self.widgets.focus < len(self.widgets.widgets) \
            else None
        if name in ("tab", "backtab"):
            here = stamps.index(focused) if isinstance(focused, Button) and focused in stamps else None
            if name == "tab":
                index = 0 if here is None else here + 1
            else:
                index = len(stamps) - 1 if here is None else here - 1
            self.widgets.focus = self.widgets.widgets.index(stamps[index]) if 0 <= index < len(stamps) else -1
            return True
        if focused is None or focused not in stamps:
            return False
        if name in ("confirm", "toggle"):
            focused.activate()
            return True
        self.widgets.focus = -1
        return name in ("menu", "back")

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self._news = False
        layout = self.layout_now
        painter, model, ctx = self.painter, self.model, self.ctx
        session = self.session
        scale = layout.scale
        surface.blit(painter.felt(layout.size), (0, 0))
        public = session.state
        thinking_seat = public.turn if self._think is not None and not session.remote else -1
        stock = bool(session.rules.hand_size)
        for seat, spot in layout.spots.items():
            state = self._seat_shown(seat)
            turn = self.director.idle and model.result is None and seat == public.turn and \
                public.phase is Phase.PLAY
            painter.seat(surface, layout, spot, state, self.seat_name(seat), self.seat_level(seat),
                         turn or seat == thinking_seat, ctx.t("table.stock", count=state.stock) if stock else None)
            if stock and spot.stock is not None:
                painter.pile(surface, spot.stock, layout.back_w, state.stock, "", scale)
            if seat == thinking_seat and state.out is None and self._think is not None:
                painter.thinking(surface, spot.bubble, self._think.elapsed, scale)
        if layout.pile is not None and model.pile:
            painter.pile(surface, layout.pile, layout.trick_w, model.pile, ctx.t("table.pile", count=model.pile),
                         scale, chip=True)
        painter.flights(surface, self.director, under=True)
        painter.trick(surface, layout, model)
        self._draw_trick_label(surface, layout)
        painter.indicators(surface, layout, model)
        self._draw_top_bar(surface, layout)
        self._draw_human_info(surface, layout)
        dim = 0
        active = self._human_playing()
        if active and ctx.settings.dim_unplayable:
            playable = 0
            for move in session.moves():
                if isinstance(move, Play):
                    playable |= move.cards
            dim = model.hand & ~playable
        painter.hand(surface, layout, self.hand, self.director.hidden, dim, active or self._giving(), model.received)
        human_state = model.seats[session.human_seat]
        if human_state.passed and human_state.out is None:
            painter.bubble(surface, ctx.t("table.passed"), layout.human_bubble, scale)
        painter.log(surface, layout, self.director.log, self.words())
        if ctx.settings.show_tracker:
            painter.tracker(surface, layout, model.played, session.rules.jokers, model.hand)
        painter.flights(surface, self.director)
        if self.stamp_buttons:
            self._fit_stamps(scale)
        self.widgets.draw(surface, ctx)
        painter.celebrations(surface, self.director)
        painter.banners(surface, layout, self.director)
        self._draw_messages(surface, layout)
        self.rule_bubble.draw(surface, layout)

    def _seat_shown(self, seat: int) -> SeatState:
        """A seat as its plate shows it (its class: the previous game's)."""
        return self.model.seats[seat]

    def _draw_trick_label(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Under the trick: who played it."""
        self.painter.trick_label(surface, layout, self.model, self.seat_name)

    def _hover_refusal(self) -> str | None:
        """Why the disabled Play or Pass under the pointer cannot be pressed (None if neither is)."""
        for button, why in ((self.play_button, self.play_refusal), (self.pass_button, self.pass_refusal)):
            if button.visible and button.hover_refused:
                return why()
        return None

    def _draw_messages(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Above the hand, bottom up: what the player is asked to do, why a move was refused, news."""
        ctx = self.ctx
        lines: list[tuple[str, tuple[int, int, int], int]] = []
        if self._giving():
            gift = self._human_gift()
            key = {GiftKind.EXCHANGE: "table.choose_gift", GiftKind.SEVEN_PASS: "table.choose_seven_pass",
                   GiftKind.TEN_DISCARD: "table.choose_ten_discard"}[gift.kind]
            receiver = self.seat_name(gift.receiver) if gift.receiver >= 0 else ""
            lines.append((ctx.t(key, count=gift.count, name=receiver), theme.GOLD, 255))
        deadline = self.session.deadline()
        if deadline > 0 and (self._human_playing() or self._giving()):
            lines.append((ctx.t("friends.timer", seconds=int(deadline + 0.99)), theme.SELECT, 255))
        if self._giving():
            pass
        elif self._human_playing():
            game = self.session.state
            if game.top is None:
                key = "table.your_lead"
            elif game.last_player == game.turn:
                key = "table.your_extra_turn"
            else:
                key = "table.your_turn"
            lines.append((ctx.t(key), theme.GOLD, 255))
        if self._message is not None:
            text, tween = self._message
            lines.append((text, theme.SELECT, round(255 * min(1.0, (1 - tween.progress) * 4))))
        hover = self._hover_refusal()
        if hover and (self._message is None or self._message[0] != hover):
            lines.append((hover, theme.SELECT, 255))
        for toast in reversed(self.director.toasts[-3:]):
            p = toast.tween.progress
            lines.append((toast.text, theme.CREAM, round(255 * min(1.0, p * 8, (1 - p) * 4))))
        self.painter.messages(surface, layout, lines)

    def _draw_top_bar(self, surface: pygame.Surface, layout: TableLayout) -> None:
        ctx, scale = self.ctx, layout.scale
        session = self.session
        preset = rules_name(ctx.t, session.rules)
        standings = session.standings()
        total = standings.length
        index = standings.games
        game_text = ctx.t("table.game_of", index=index, total=total) if total else ctx.t("table.game_no", index=index)
        if standings.target:
            game_text += "  ·  " + ctx.t("table.target", points=standings.target)
        slot = layout.status
        size = px(theme.FONT_SMALL + 1, scale)
        line = f"{preset}  ·  {game_text}"
        if ctx.text.size(line, size)[0] <= slot.width:
            ctx.text.draw(surface, line, slot.midleft, size, theme.CREAM, anchor="midleft", shadow=True)
            return
        for text, y in ((preset, slot.top), (game_text, slot.bottom)):  # two lines when one is too long
            text, fitted = self.painter.fit(text, px(theme.FONT_SMALL, scale), slot.width)
            ctx.text.draw(surface, text, (slot.left, y), fitted, theme.CREAM,
                          anchor="topleft" if y == slot.top else "bottomleft", shadow=True)

    def _draw_human_info(self, surface: pygame.Surface, layout: TableLayout) -> None:
        ctx, scale = self.ctx, layout.scale
        state = self._seat_shown(self.session.human_seat)
        rect = layout.human_info
        size = px(theme.FONT_LABEL, scale)
        name = ctx.text.draw(surface, ctx.t("seat.you"), (rect.left + px(4, scale), rect.centery), size, theme.CREAM,
                             anchor="midleft", bold=True, shadow=True)
        if state.title is not None:
            from ..table.painter import TITLE_COLORS

            label = ctx.t(f"class.{state.title.value}")
            chip = self.painter.badge_rect(label, (0, rect.centery), scale)
            chip.left = name.right + px(10, scale)
            self.painter.badge(surface, label, TITLE_COLORS[state.title], chip.center, scale)
        if layout.human_stock is not None:
            self.painter.pile(surface, layout.human_stock, layout.back_w, state.stock,
                              ctx.t("table.stock", count=state.stock), scale)
        if state.out is not None:
            self.painter.out_label(surface, state.out, (layout.size[0] // 2, layout.hand_y + layout.card_h // 2), scale)

    def exit(self) -> None:
        self.session.cancel_thinking()

