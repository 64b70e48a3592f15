"""Strings of the lessons, the coach at the table and the rule help (English, 日本語)."""

from __future__ import annotations

# key: (English, 日本語)
STRINGS: dict[str, tuple[str, str]] = {
    # the lessons screen and the coach
    "title.learn": ("Learn to play", "遊び方を学ぶ"),
    "lessons.title": ("Learn to play", "遊び方レッスン"),
    "lessons.intro": (
        "Short lessons played at the table, one step at a time. Leave any time with Esc: lessons are not saved and do not count in the statistics.",
        "テーブルで1ステップずつ進む短いレッスンです。Escでいつでもやめられます。レッスンは保存されず、成績にも数えません。",
    ),
    "lessons.start": ("Start", "はじめる"),
    "lessons.again": ("Play again", "もう一度"),
    "lessons.done": ("Done", "済み"),
    "lessons.steps": ("{count} steps", "{count}ステップ"),
    "lessons.players": ("{count} players", "{count}人"),
    "lessons.first": ("Start here", "まずはここから"),
    "coach.title": ("Lesson", "レッスン"),
    "coach.step": ("Step {n} of {total}", "{n} / {total}"),
    "coach.next": ("Next", "次へ"),
    "coach.leave": ("Esc: leave", "Esc：やめる"),
    "coach.leave_button": ("Leave", "やめる"),
    "coach.keys.next": ("Enter: next", "Enter：次へ"),
    "coach.keys.select": ("← → move · Space picks", "← → 移動　Space 選ぶ"),
    "coach.keys.play": ("← → move · Space picks · Enter plays", "← → 移動　Space 選ぶ　Enter 出す"),
    "coach.keys.give": ("← → move · Space picks · Enter gives", "← → 移動　Space 選ぶ　Enter 渡す"),
    "coach.keys.pass": ("P passes", "P パス"),
    "coach.hint.pick": ("Pick the highlighted cards: {cards}.", "光っているカード（{cards}）を選んでください。"),
    "coach.hint.play": ("This time, play {cards}.", "ここでは {cards} を出してください。"),
    "coach.hint.pass": ("This time, press Pass.", "ここでは「パス」を押してください。"),
    "coach.hint.next": ("Press Next (or Enter) to go on.", "「次へ」（Enterキー）で進みます。"),
    "coach.hint.watch": ("Watch the table: the others are playing.", "ほかの人の番です。テーブルを見ていてください。"),
    "coach.complete.title": ("Lesson complete!", "レッスン完了！"),
    "coach.complete.text": (
        "You have finished “{lesson}”. Try the next lesson, or a real game.",
        "「{lesson}」のレッスンを終えました。次のレッスンか、本番のゲームへどうぞ。",
    ),
    "coach.complete.next_lesson": ("Next lesson", "次のレッスン"),
    "coach.complete.lessons": ("All lessons", "レッスン一覧"),
    "coach.complete.play": ("Play a game", "ゲームで遊ぶ"),
    "new.lesson": ("A short lesson on these rules", "このルールの短いレッスン"),
    "new.lesson_open": ("Lesson  ›", "レッスン  ›"),
    # settings
    "settings.ui_scale": ("Text and table size", "文字と画面の大きさ"),
    "settings.ui_scale.clamped": (
        "{wanted}% does not fit this window: {used}% is used.",
        "{wanted}%はこのウィンドウに収まらないため、{used}%で表示しています。",
    ),
    "settings.high_contrast": ("High contrast", "ハイコントラスト"),
    "settings.rule_help": ("Rule help at the table", "ルールの説明を表示"),
    "settings.rule_help_reset": ("Rules hidden: {count}", "非表示の説明：{count}件"),
    "settings.rule_help_reset.button": ("Show again", "また表示する"),
    "table.zoom_clamped": (
        "{wanted}% does not fit {players} players in this window: the table is shown at {used}%.",
        "このウィンドウでは{players}人の卓が{wanted}%に収まらないため、{used}%で表示しています。",
    ),
    # rule help bubbles
    "help.ok": ("Got it", "OK"),
    "help.dont_show": ("Don't show again", "今後表示しない"),
    "help.keys": ("Tab, then Enter", "Tabで選んでEnter"),
    "help.revolution.title": ("Revolution (革命)", "革命"),
    "help.revolution.text": (
        "Four cards of one number were played: the order is turned round until the game ends. Now 3 is the strongest and 2 the weakest.",
        "同じ数字が4枚出されたので、ゲームが終わるまで強さが逆転します。今は3が最強、2が最弱です。",
    ),
    "help.counter_revolution.title": ("Counter-revolution (革命返し)", "革命返し"),
    "help.counter_revolution.text": (
        "Another revolution turned the order back: 2 is the strongest again and 3 the weakest.",
        "もう一度革命が起きたので、強さが元に戻りました。2が最強、3が最弱です。",
    ),
    "help.eight_cut.title": ("8-cut (8切り)", "8切り"),
    "help.eight_cut.text": (
        "A play with an 8 clears the table at once, and whoever played it leads the next round.",
        "8を含むカードが出たので、すぐに場が流れました。出した人から次を始めます。",
    ),
    "help.lock.title": ("Lock (縛り)", "縛り"),
    "help.lock.text": (
        "Two plays in a row had the same suits: until the table clears, only those suits may be played.",
        "同じマークが続けて出されたので、場が流れるまでそのマークしか出せません。",
    ),
    "help.spade3_return.title": ("Spade-3 return (スペ3返し)", "スペ3返し"),
    "help.spade3_return.text": (
        "The ♠3 is the one card that beats a lone joker. It cleared the table, and its player leads.",
        "ジョーカー1枚に勝てるのは♠3だけです。場が流れ、♠3を出した人から始めます。",
    ),
    "help.j_back.title": ("J-back (イレブンバック)", "イレブンバック"),
    "help.j_back.text": (
        "A J was played: until the table clears, the order is turned round and lower cards win.",
        "Jが出されたので、場が流れるまで強さが逆転し、弱い数字が勝ちます。",
    ),
    "help.forbidden_finish.title": ("Forbidden finish (反則上がり)", "反則上がり"),
    "help.forbidden_finish.text": (
        "Going out on a joker, an 8, a 2 (a 3 while the order is reversed) or the ♠3 is not allowed: that player is placed last.",
        "ジョーカー・8・2（革命中は3）・♠3で上がるのは反則です。その人は最下位になります。",
    ),
    "help.miyako_ochi.title": ("Out of the capital (都落ち)", "都落ち"),
    "help.miyako_ochi.text": (
        "Someone other than the Tycoon went out first, so the Tycoon leaves the game at once and is placed last.",
        "大富豪以外の人が1位で上がったので、大富豪はその場で脱落し、最下位になります。",
    ),
    "help.gekokujo.title": ("Gekokujō (下克上)", "下克上"),
    "help.gekokujo.text": (
        "Last game's Beggar went out first: the game ends at once and every class is turned upside down.",
        "前回の大貧民が1位で上がったので、ゲームはその場で終わり、全員の階級が逆転します。",
    ),
    "help.exchange.title": ("Card exchange (カード交換)", "カード交換"),
    "help.exchange.text": (
        "From the second game the Beggar gives the Tycoon its two strongest cards and gets back two of the Tycoon's choice; the Poor and the Rich swap one.",
        "2ゲーム目からは、大貧民が一番強い2枚を大富豪に渡し、大富豪が好きな2枚を返します。貧民と富豪は1枚ずつ交換します。",
    ),
    "help.five_skip.title": ("5-skip (5スキップ)", "5スキップ"),
    "help.five_skip.text": (
        "A play with 5s skips as many players as it has 5s.",
        "5が出たので、出した5の枚数だけ次の人が飛ばされます。",
    ),
    "help.nine_reverse.title": ("9-reverse (9リバース)", "9リバース"),
    "help.nine_reverse.text": (
        "A play with 9s turned the direction of play round.",
        "9が出たので、順番の回る向きが逆になりました。",
    ),
    "help.seven_pass.title": ("7-pass (7渡し)", "7渡し"),
    "help.seven_pass.text": (
        "After a play with 7s the player hands as many cards to the next player.",
        "7を出した人は、出した7の枚数だけ手札を次の人に渡します。",
    ),
    "help.ten_discard.title": ("10-discard (10捨て)", "10捨て"),
    "help.ten_discard.text": (
        "After a play with 10s the player throws as many cards away, face up.",
        "10を出した人は、出した10の枚数だけ手札を捨てられます。",
    ),
    "help.sandstorm.title": ("Sandstorm (砂嵐)", "砂嵐"),
    "help.sandstorm.text": (
        "Three 3s beat any three cards, whatever the order or a lock, and clear the table.",
        "3が3枚で、どんな3枚出しにも勝ち（革命や縛りも関係なし）、場が流れます。",
    ),
    "help.ambulance.title": ("Ambulance (救急車)", "救急車"),
    "help.ambulance.text": (
        "A pair of 9s beats any pair, whatever the order or a lock, and clears the table.",
        "9のペアは、どんなペアにも勝ち（革命や縛りも関係なし）、場が流れます。",
    ),
    "help.hopeless_hand.title": ("Only 8s and jokers left", "8とジョーカーだけ"),
    "help.hopeless_hand.text": (
        "A player left with nothing but 8s and jokers cannot go out without a forbidden finish, so loses at once.",
        "8とジョーカーしか残っていないと反則でしか上がれないため、その場で負けになります。",
    ),
    "help.stock.title": ("Refill from the stock", "山札から補充"),
    "help.stock.text": (
        "After a play, the hand is filled back up from the player's own face-down stock.",
        "カードを出した後は、自分の山札から手札を補充します。",
    ),
    "help.pile_draw.title": ("Draw pile (山札)", "山札"),
    "help.pile_draw.text": (
        "A player who passes draws one card from the pile, and may play it at once.",
        "パスした人は山札から1枚引き、そのカードをすぐに出すこともできます。",
    ),
    "help.clear_on_pass.title": ("A pass clears the table", "パスで場が流れる"),
    "help.clear_on_pass.text": (
        "In these rules any pass clears the table at once, and the last player to play leads.",
        "このルールではパスするとすぐに場が流れ、最後に出した人から始めます。",
    ),
    "help.pass_until_clear.title": ("Pass until the table clears", "パスは場が流れるまで"),
    "help.pass_until_clear.text": (
        "Once you pass, you get no turn again until the table clears.",
        "一度パスすると、場が流れるまで順番が回ってきません。",
    ),
    "help.extra_turn.title": ("Another turn", "もう一度順番"),
    "help.extra_turn.text": (
        "Everyone else passed, so the last player gets another turn: it may play on its own cards, or pass to clear the table.",
        "ほかの全員がパスしたので、最後に出した人にもう一度順番が来ます。自分のカードに重ねても、パスして場を流してもかまいません。",
    ),
    # the guided first game
    "lesson.first_game.title": ("Your first game", "はじめての大富豪"),
    "lesson.first_game.line": (
        "A guided game of the common rules: leading, following, passing, the 8-cut, the lock, the joker and the ♠3, a revolution, the classes and the exchange.",
        "一般ルールで1ゲームを順に体験します。出し方、パス、8切り、縛り、ジョーカーとスペ3、革命、階級とカード交換。",
    ),
    "lesson.first_game.hand": (
        "These are your cards, weakest on the left: 3 is the lowest, then 4, 5 … K, A, and 2 is the strongest.",
        "これがあなたの手札です。左から弱い順に並んでいます。3がいちばん弱く、4、5…K、Aと強くなり、2が最強です。",
    ),
    "lesson.first_game.goal": (
        "Three computer players sit round the table. The first to get rid of all their cards wins.",
        "テーブルには3人のコンピューターがいます。手札を最初に出し切った人の勝ちです。",
    ),
    "lesson.first_game.lead_select": (
        "You hold the ♠3, so you start, and may play any card. Click the ♣5.",
        "♠3を持っているあなたから始めます。最初はどのカードを出してもかまいません。♣5をクリックしてください。",
    ),
    "lesson.first_game.lead_play": ("Now press Play (or Enter).", "「出す」を押してください（Enterキーでも出せます）。"),
    "lesson.first_game.follow": (
        "In turn, each player beat the card on the table with a stronger one. CPU 3's 2 is the strongest card of all.",
        "順番に、場のカードより強いカードを出していきます。CPU 3 の2はいちばん強いカードです。",
    ),
    "lesson.first_game.pass": (
        "Nothing of yours beats a 2: press Pass.",
        "2に勝てるカードはないので、「パス」を押してください。",
    ),
    "lesson.first_game.cleared": (
        "Everyone passed, so the table was cleared. CPU 3 played last: it starts the next round.",
        "全員がパスしたので場が流れました。最後に出したCPU 3から次を始めます。",
    ),
    "lesson.first_game.pair_select": (
        "CPU 3 played a pair. Answer with as many cards, and stronger: click your two 10s.",
        "CPU 3 はペア（2枚）を出しました。同じ枚数で、より強いペアを出します。10を2枚クリックしてください。",
    ),
    "lesson.first_game.pair_play": ("Press Play.", "「出す」を押してください。"),
    "lesson.first_game.your_lead": (
        "Nobody could beat your 10s: the table is cleared and you start again.",
        "誰も10のペアに勝てず、場が流れました。またあなたから始めます。",
    ),
    "lesson.first_game.eight": (
        "An 8 clears the table at once (the 8-cut, 8切り). Play your ♠8.",
        "8を出すとすぐに場が流れます（8切り）。♠8を出してください。",
    ),
    "lesson.first_game.eight_done": (
        "8-cut! The table is cleared and you start again.",
        "8切り！場が流れて、またあなたから始めます。",
    ),
    "lesson.first_game.lock_lead": ("Play your ♥J.", "♥Jを出してください。"),
    "lesson.first_game.lock": (
        "CPU 1 answered a ♥ with a ♥: that is a lock (縛り). Until the table clears, only ♥ may be played.",
        "CPU 1 が♥に♥を重ねたので「縛り」になりました。場が流れるまで♥しか出せません。",
    ),
    "lesson.first_game.lock_play": (
        "Your ♦K is not a ♥, so it cannot be played now. Beat the ♥Q with your ♥A.",
        "♦Kは♥ではないので今は出せません。♥Aで♥Qに勝ちましょう。",
    ),
    "lesson.first_game.joker_lead": ("You start again. Play your ♦K.", "またあなたからです。♦Kを出してください。"),
    "lesson.first_game.joker": (
        "CPU 1 played the joker: on its own it beats any card, even a 2.",
        "CPU 1 がジョーカーを出しました。ジョーカー1枚は、2も含めてどのカードよりも強いカードです。",
    ),
    "lesson.first_game.spade3": (
        "Only the ♠3 beats a lone joker (the spade-3 return, スペ3返し). Play your ♠3!",
        "ジョーカー1枚に勝てるのは♠3だけです（スペ3返し）。♠3を出してください！",
    ),
    "lesson.first_game.spade3_done": (
        "The ♠3 beat the joker and cleared the table. You start again.",
        "♠3でジョーカーに勝ち、場が流れました。またあなたからです。",
    ),
    "lesson.first_game.revolution_play": (
        "Four cards of one number make a revolution (革命). Play your four 6s.",
        "同じ数字を4枚出すと「革命」です。6を4枚とも出してください。",
    ),
    "lesson.first_game.revolution": (
        "Revolution! The order is turned round until the game ends: now 3 is the strongest and 2 the weakest.",
        "革命！ゲームが終わるまで強さが逆転します。今は3が最強、2が最弱です。",
    ),
    "lesson.first_game.out_play": (
        "Your ♦4 is your last card, and now a strong one. Play it to go out.",
        "最後の1枚の♦4は、今は強いカードです。出して上がりましょう。",
    ),
    "lesson.first_game.out": (
        "You went out first: you are the Tycoon (大富豪), the top class. The others play on for the other places.",
        "1番に上がったので、あなたは最上位の「大富豪」です。残りの人で順位を決めます。",
    ),
    "lesson.first_game.classes": (
        "The order of going out gives the classes: Tycoon, Rich, Poor and Beggar (大富豪・富豪・貧民・大貧民). They count in the next game.",
        "上がった順に階級が決まります：大富豪・富豪・貧民・大貧民。階級は次のゲームで意味を持ちます。",
    ),
    "lesson.first_game.exchange": (
        "The next game begins with an exchange: the Beggar (大貧民) gave you its two strongest cards.",
        "次のゲームはカード交換から始まります。大貧民から、いちばん強いカード2枚をもらいました。",
    ),
    "lesson.first_game.give": (
        "In return, you give the Beggar two cards of your choice. Give your two weakest: click the ♣3 and the ♥4, then press Give.",
        "お返しに、好きなカード2枚を大貧民に渡します。弱い2枚、♣3と♥4をクリックして「渡す」を押してください。",
    ),
    "lesson.first_game.done": (
        "That is the whole game: you know how to play Daifugō! Start a game from the title screen, or try a lesson on other rules.",
        "これでひと通りのルールを覚えました！タイトル画面からゲームを始めるか、ほかのルールのレッスンもどうぞ。",
    ),
    # Akita
    "lesson.akita.title": ("Akita rules", "秋田公式ルール"),
    "lesson.akita.line": ("J-back and forbidden finishes; the ♦3 leads.", "イレブンバックと反則上がり。♦3から始めます。"),
    "lesson.akita.intro": (
        "The Akita rules are the common game plus J-back and forbidden finishes. The ♦3 leads the first game: you hold it.",
        "秋田公式ルールは、一般ルールに「イレブンバック」と「反則上がり」が加わります。最初のゲームは♦3を持つあなたから。",
    ),
    "lesson.akita.jback_play": (
        "A J turns the order round until the table clears (J-back, イレブンバック). Play your ♠J.",
        "Jを出すと、場が流れるまで強さが逆になります（イレブンバック）。♠Jを出してください。",
    ),
    "lesson.akita.jback": (
        "J-back! Now lower cards win: CPU 1 beat your J with a 9, then CPU 2 the 9 with a 7.",
        "イレブンバック！今は弱い数字が勝ちます。CPU 1 は9を、CPU 2 は7を出しました。",
    ),
    "lesson.akita.jback_follow": (
        "Your ♦5 is lower than the 7, so it beats it now. Play it.",
        "♦5は7より小さいので、今は7に勝てます。出してください。",
    ),
    "lesson.akita.jback_over": (
        "The table cleared, and the J-back ended with it: the usual order is back.",
        "場が流れ、イレブンバックも終わりました。強さは元に戻っています。",
    ),
    "lesson.akita.forbidden": (
        "Going out on a 2, an 8, the joker or the ♠3 is a forbidden finish (反則上がり): you would be placed last.",
        "2・8・ジョーカー・♠3で上がると「反則上がり」になり、最下位になってしまいます。",
    ),
    "lesson.akita.forbidden_play": (
        "So play your ♠2 now, while you still hold another card.",
        "なので、ほかのカードが残っているうちに♠2を出しておきましょう。",
    ),
    "lesson.akita.out_play": ("Now go out with your ♦3.", "♦3で上がりましょう。"),
    "lesson.akita.match": (
        "An Akita match goes on until someone has 5 points: 2 for the Tycoon, 1 for the Rich. After each game, players change seats by place.",
        "秋田ルールの対戦は、誰かが5点になるまで続きます（大富豪2点・富豪1点）。ゲームごとに順位の順で席替えをします。",
    ),
    # tournament
    "lesson.tournament.title": ("Tournament rules", "競技大会ルール"),
    "lesson.tournament.line": ("No sequences; matches of three games.", "階段なし。1試合3ゲーム。"),
    "lesson.tournament.intro": (
        "Tournament rules: four players, matches of three games. The ♦3 leads the first game.",
        "競技大会ルール：4人で、1試合は3ゲーム。最初のゲームは♦3を持つ人から始めます。",
    ),
    "lesson.tournament.sequence_select": (
        "In the common rules ♥5 ♥6 ♥7 would make a sequence (階段). Select all three.",
        "一般ルールなら♥5 ♥6 ♥7は「階段」として出せます。3枚とも選んでください。",
    ),
    "lesson.tournament.sequence_refused": (
        "Play stays grey: there are no sequences in tournament rules. Only single cards and cards of one number go together.",
        "「出す」は押せません。競技大会ルールに階段はありません。出せるのは1枚か、同じ数字の組だけです。",
    ),
    "lesson.tournament.single": (
        "Click the ♥6 and the ♥7 to put them back, then play the ♥5 alone.",
        "♥6と♥7をクリックして戻し、♥5だけを出してください。",
    ),
    "lesson.tournament.pass": ("Nothing of yours beats the 2: pass.", "2に勝てるカードはないので、パスしてください。"),
    "lesson.tournament.same": (
        "J-back and forbidden finishes work as in the Akita rules, and the cards of a forbidden finish stay on the table.",
        "イレブンバックと反則上がりは秋田ルールと同じです。反則上がりのカードは場に残ります。",
    ),
    # two players, five cards
    "lesson.duel5.title": ("2-Player (二人大貧民)", "二人大貧民"),
    "lesson.duel5.line": (
        "Five cards in hand, refilled from your stock; any pass clears the table.",
        "手札は5枚で山札から補充。パスすると場が流れます。",
    ),
    "lesson.duel5.intro": ("Two players, five cards in hand each.", "2人対戦で、手札は5枚ずつです。"),
    "lesson.duel5.stock": (
        "The rest of your cards wait face down in your stock. After each play, your hand is filled back up to five from it.",
        "残りのカードは裏向きの山札にあります。カードを出すたびに、山札から5枚まで補充されます。",
    ),
    "lesson.duel5.lead": ("Lead your ♠4.", "♠4を出してください。"),
    "lesson.duel5.refilled": ("You drew a card from your stock: five cards again.", "山札から1枚引いて、また5枚になりました。"),
    "lesson.duel5.pass": (
        "Now pass. With two players, any pass clears the table at once.",
        "パスしてください。2人対戦では、パスするとすぐに場が流れます。",
    ),
    "lesson.duel5.cleared": (
        "The table cleared: the computer played last, so it leads.",
        "場が流れました。最後に出したコンピューターから始めます。",
    ),
    "lesson.duel5.beat": ("Beat its ♥3 with your ♦6.", "♦6で♥3に勝ちましょう。"),
    "lesson.duel5.their_pass": (
        "The computer passed, so the table cleared and you lead.",
        "コンピューターがパスしたので場が流れ、あなたから始めます。",
    ),
    "lesson.duel5.win": (
        "Get rid of every card, hand and stock, to win. J-back and forbidden finishes apply, and a sequence of four makes a revolution.",
        "手札と山札をすべて出し切れば勝ちです。イレブンバックと反則上がりもあり、4枚の階段で革命になります。",
    ),
    # classic
    "lesson.classic.title": ("Classic rules", "クラシック"),
    "lesson.classic.line": ("The plain game: no 8-cut, no lock, no ♠3 return.", "シンプルなルール。8切り・縛り・スペ3返しなし。"),
    "lesson.classic.intro": (
        "The classic rules are the plain game, without the local rules: no 8-cut, no lock, no spade-3 return.",
        "クラシックは、ローカルルールのないシンプルな大富豪です。8切り・縛り・スペ3返しはありません。",
    ),
    "lesson.classic.eight": ("Play your ♥8.", "♥8を出してください。"),
    "lesson.classic.no_cut": (
        "Here an 8 is just an 8: the table did not clear. And ♥ on ♥ made no lock: any suit may follow.",
        "このルールでは8はただの8で、場は流れません。♥に♥を重ねても縛りにならず、どのマークでも出せます。",
    ),
    "lesson.classic.follow": ("Beat the ♥J with your ♣K.", "♣Kで♥Jに勝ちましょう。"),
    "lesson.classic.seats": (
        "After each game, players change seats in order of their places. A match is five games.",
        "ゲームごとに、順位の順で席替えをします。1試合は5ゲームです。",
    ),
    # UECda
    "lesson.uecda.title": ("UECda rules", "UECdaルール"),
    "lesson.uecda.line": (
        "The computer tournament's rules: five players, a pass lasts until the table clears.",
        "コンピューター大会のルール。5人対戦で、パスは場が流れるまで。",
    ),
    "lesson.uecda.intro": (
        "The UECda rules come from the computer tournament: five players, points by place, from 5 for the first down to 1 for the last.",
        "UECdaルールはコンピューター大貧民大会のルールです。5人対戦で、順位に応じて5点から1点が入ります。",
    ),
    "lesson.uecda.lead": ("Lead your ♠5.", "♠5を出してください。"),
    "lesson.uecda.pass": ("Now pass.", "パスしてください。"),
    "lesson.uecda.sit_out": (
        "Once you pass, you sit out until the table clears: the others played on without you.",
        "一度パスすると、場が流れるまで順番が回ってきません。ほかの人だけで続きました。",
    ),
    "lesson.uecda.extra_turn": (
        "Everyone else passed, so CPU 1 gets another turn: it may play on its own cards, or pass to clear the table.",
        "ほかの全員がパスしたので、CPU 1 にもう一度順番が来ます。自分のカードに重ねることも、パスして場を流すこともできます。",
    ),
    "lesson.uecda.sequences": (
        "Two more differences: every card of a sequence must beat the one it answers, and a sequence of five makes a revolution.",
        "ほかにも、階段に勝つにはすべてのカードが上回る必要があり、5枚の階段で革命になります。",
    ),
    # house rules
    "lesson.house_rules.title": ("House rules", "ローカルルール"),
    "lesson.house_rules.line": (
        "5-skip, 9-reverse, 7-pass, 10-discard, sandstorm and ambulance.",
        "5スキップ・9リバース・7渡し・10捨て・砂嵐・救急車。",
    ),
    "lesson.house_rules.intro": (
        "A custom game can switch on more house rules. In this lesson they are all on.",
        "カスタムでは、さらにローカルルールを加えられます。このレッスンでは全部入りです。",
    ),
    "lesson.house_rules.seven": (
        "A 7 lets you hand cards to the next player (7-pass, 7渡し). Play your ♠7.",
        "7を出すと、次の人にカードを渡せます（7渡し）。♠7を出してください。",
    ),
    "lesson.house_rules.seven_give": (
        "Hand one card to CPU 1: click your ♦4 and press Give.",
        "CPU 1 に1枚渡します。♦4をクリックして「渡す」を押してください。",
    ),
    "lesson.house_rules.nine": (
        "CPU 1 played a 9: the 9-reverse (9リバース) turns the order of play round, so the turn comes back to you.",
        "CPU 1 が9を出しました。9リバースで順番の向きが逆になり、あなたの番に戻ります。",
    ),
    "lesson.house_rules.ten": (
        "A 10 lets you throw cards away (10-discard, 10捨て). Beat the 9 with your ♦10.",
        "10を出すと、手札を捨てられます（10捨て）。♦10で9に勝ちましょう。",
    ),
    "lesson.house_rules.ten_discard": (
        "Throw one card away: click your ♥4 and press Discard.",
        "1枚捨てます。♥4をクリックして「捨てる」を押してください。",
    ),
    "lesson.house_rules.five": (
        "A 5 skips the next player (5-skip, 5スキップ). Play your ♣5.",
        "5を出すと次の人を飛ばします（5スキップ）。♣5を出してください。",
    ),
    "lesson.house_rules.five_done": (
        "CPU 3 was skipped and the others passed: you lead again.",
        "CPU 3 は飛ばされ、ほかの人はパスしたので、またあなたからです。",
    ),
    "lesson.house_rules.sandstorm_lead": ("Lead your three Js.", "Jを3枚出してください。"),
    "lesson.house_rules.sandstorm": (
        "Three 3s: a sandstorm (砂嵐) beats any three cards, whatever the order or a lock, and clears the table.",
        "3が3枚で「砂嵐」。どんな3枚出しにも勝ち（革命や縛りも関係なし）、場が流れます。",
    ),
    "lesson.house_rules.ambulance": (
        "In the same way a pair of 9s (ambulance, 救急車) beats any pair. Switch these rules on in the new-game screen's Custom mode.",
        "同じように、9のペア「救急車」はどんなペアにも勝ちます。これらは「新しいゲーム」のカスタムで選べます。",
    ),
}
