"""What happened: the typed events a checked move returns, for the UI to animate.

Events carry full information (the cards an exchange moved, the card a player
drew); a screen shows a player only what that player may see.  Places are
0-based (0 is 1st place).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .plays import Play
from .rules import Title


@dataclass(frozen=True, slots=True)
class Dealt:
    counts: tuple[int, ...]
    """Cards in each seat's hand after the deal."""
    first: int
    """The seat that received the first card."""


@dataclass(frozen=True, slots=True)
class Exchanged:
    giver: int
    receiver: int
    cards: int
    chosen: bool
    """True when the giver chose the cards (an upper class), False for the strongest cards."""


@dataclass(frozen=True, slots=True)
class Started:
    leader: int
    reason: str
    """Why this seat leads: ``diamond3``, ``spade3``, ``random``, ``lowest_class``, ``loser`` or ``given``."""


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    play: Play


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    cards: int
    """The cards drawn (0 when hidden from the viewer: see ``visible_to``)."""
    source: str
    """``stock`` (the 5-card mode's refill) or ``pile`` (drawing after a pass)."""
    count: int = 0
    """How many cards were drawn (always visible)."""


@dataclass(frozen=True, slots=True)
class TrickCleared:
    leader: int
    reason: str
    """``passes``, ``eight_cut``, ``spade3_return`` or ``pass`` (a pass clears at once)."""


@dataclass(frozen=True, slots=True)
class Revolution:
    seat: int
    active: bool
    """False when this play was a counter-revolution (革命返し)."""


@dataclass(frozen=True, slots=True)
class JBack:
    seat: int
    active: bool
    """False when a further J turned the J-back off again."""


@dataclass(frozen=True, slots=True)
class Locked:
    seat: int
    suits: int


@dataclass(frozen=True, slots=True)
class EightCut:
    seat: int


@dataclass(frozen=True, slots=True)
class Spade3Return:
    seat: int


@dataclass(frozen=True, slots=True)
class Finished:
    seat: int
    place: int


@dataclass(frozen=True, slots=True)
class ForbiddenFinish:
    seat: int


@dataclass(frozen=True, slots=True)
class HopelessHand:
    """Only 8s and jokers left with an empty stock: the player loses at once."""

    seat: int


@dataclass(frozen=True, slots=True)
class MiyakoOchi:
    seat: int
    """The reigning 大富豪 who leaves the game."""


@dataclass(frozen=True, slots=True)
class Gekokujo:
    seat: int
    """The previous 大貧民 who took 1st place."""


@dataclass(frozen=True, slots=True)
class GameOver:
    places: tuple[int, ...]
    """Seats from 1st to last."""
    titles: tuple[Title, ...]
    """By seat."""
    points: tuple[int, ...]
    """By seat."""


@dataclass(frozen=True, slots=True)
class MatchOver:
    totals: tuple[int, ...]
    """Points by player."""
    ranking: tuple[int, ...]
    """Players from best to worst."""


Event = (
    Dealt | Exchanged | Started | Played | Passed | Drew | TrickCleared | Revolution | JBack | Locked
    | EightCut | Spade3Return | Finished | ForbiddenFinish | HopelessHand | MiyakoOchi | Gekokujo | GameOver | MatchOver
)


def visible_to(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: cards exchanged or drawn by others are hidden (0)."""
    if isinstance(event, Exchanged) and seat not in (event.giver, event.receiver):
        return replace(event, cards=0)
    if isinstance(event, Drew) and event.seat != seat:
        return replace(event, cards=0)
    return event
