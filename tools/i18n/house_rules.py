"""Strings of the house rules that change the turn order or move cards after a play (English, 日本語)."""

from __future__ import annotations

# key: (English, 日本語)
STRINGS: dict[str, tuple[str, str]] = {
    "switch.five_skip.name": ("5-skip", "5スキップ"),
    "switch.five_skip.help": (
        "A play with 5s skips as many players as it has 5s: two 5s skip the next two players.",
        "5を出すと、出した5の枚数だけ次の人を飛ばします。5を2枚なら2人飛ばし。",
    ),
    "switch.nine_reverse.name": ("9-reverse", "9リバース"),
    "switch.nine_reverse.help": (
        "A play with 9s turns the direction of play round, until another 9 turns it back.",
        "9を出すと、順番の回る向きが逆になります。次に9が出るまでそのまま。",
    ),
    "switch.seven_pass.name": ("7-pass", "7渡し"),
    "switch.seven_pass.help": (
        "After a play with 7s you hand as many cards from your hand to the next player: one 7, one card.",
        "7を出したら、出した7の枚数だけ手札から好きなカードを次の人に渡します。",
    ),
    "switch.ten_discard.name": ("10-discard", "10捨て"),
    "switch.ten_discard.help": (
        "After a play with 10s you discard as many cards from your hand, face up: one 10, one card.",
        "10を出したら、出した10の枚数だけ手札から好きなカードを捨てられます（表向き）。",
    ),
    "switch.sandstorm.name": ("Sandstorm (3-3-3)", "砂嵐"),
    "switch.sandstorm.help": (
        "Three 3s beat any three of a kind, whatever the rank, revolution or lock, and clear the table.",
        "3を3枚出すと、どんな3枚出しにも勝ち（革命・縛りも関係なし）、場が流れます。",
    ),
    "switch.ambulance.name": ("Ambulance (9-9)", "救急車"),
    "switch.ambulance.help": (
        "A pair of 9s beats any pair, whatever the rank, revolution or lock, and clears the table.",
        "9を2枚出すと、どんなペアにも勝ち（革命・縛りも関係なし）、場が流れます。",
    ),
    "banner.five_skip": ("5-skip! Skipping {names}", "5スキップ！ {names}を飛ばします"),
    "banner.nine_reverse": ("9-reverse! Turns go the other way", "9リバース！ 順番が逆回りに"),
    "banner.nine_reverse_back": ("9-reverse! Turns go the usual way", "9リバース！ 順番が元の向きに"),
    "banner.seven_pass": (
        "7-pass: {count} {count#card|cards} from {name} to {receiver}",
        "7渡し：{name}から{receiver}へ{count}枚",
    ),
    "banner.ten_discard": (
        "10-discard: {count} {count#card|cards} thrown away by {name}",
        "10捨て：{name}が{count}枚捨てます",
    ),
    "log.seven_pass": ("7-pass {giver} → {receiver}: {count} {count#card|cards}", "7渡し {giver} → {receiver}：{count}枚"),
    "log.seven_pass_cards": ("7-pass {giver} → {receiver}: {cards}", "7渡し {giver} → {receiver}：{cards}"),
    "log.ten_discard": ("{name}: 10-discard {cards}", "{name}：10捨て {cards}"),
    "banner.sandstorm": ("Sandstorm!", "砂嵐！"),
    "banner.ambulance": ("Ambulance!", "救急車！"),
    "table.choose_seven_pass": (
        "7-pass: choose {count} {count#card|cards} to hand to {name}",
        "7渡し：{name}に渡すカードを{count}枚選んでください",
    ),
    "table.choose_ten_discard": (
        "10-discard: choose {count} {count#card|cards} to throw away",
        "10捨て：捨てるカードを{count}枚選んでください",
    ),
    "log.cleared.sandstorm": ("— sandstorm · lead: {name} —", "— 砂嵐で流れました・{name}から —"),
    "log.cleared.ambulance": ("— ambulance · lead: {name} —", "— 救急車で流れました・{name}から —"),
    "log.cleared.five_skip": ("— skipped round · lead: {name} —", "— スキップで一周・{name}から —"),
    "table.direction_backwards": ("Turns go the other way round", "逆回り中"),
    "button.discard": ("Discard", "捨てる"),
    "reason.handoff_pending": (
        "First choose the cards to hand on or throw away.",
        "先に渡す（捨てる）カードを選んでください。",
    ),
    "screen.new.err_handoff_stock": (
        "7-pass and 10-discard do not go with a stock or a draw pile.",
        "7渡し・10捨ては山札や手札補充のルールとは組み合わせられません。",
    ),
}
