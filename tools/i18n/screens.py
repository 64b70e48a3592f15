"""Strings of the menu screens: title, new game, settings, rules, statistics, replays (English, 日本語)."""

from __future__ import annotations

# key: (English, 日本語)
STRINGS: dict[str, tuple[str, str]] = {
    # title
    "screen.title.mode_line": ("Rules: {mode}", "ルール：{mode}"),
    "screen.title.keys": ("↑↓ choose   Enter select   F11 full screen", "↑↓ 選択　Enter 決定　F11 フルスクリーン"),
    "screen.title.resume_failed": (
        "The saved game could not be continued. Please start a new game.",
        "保存されたゲームを続けられませんでした。新しいゲームを始めてください。",
    ),
    # notices about the game's files
    "notice.stats_damaged.title": ("Statistics file damaged", "成績ファイルの破損"),
    "notice.stats_damaged": (
        "The statistics file could not be read ({detail}). It was kept as {path}, and a new, empty one was started.",
        "成績ファイルを読み込めませんでした（{detail}）。元のファイルは {path} として保管し、新しい成績ファイルを作りました。",
    ),
    "notice.stats_unavailable.title": ("Statistics not saved", "成績を保存できません"),
    "notice.stats_unavailable": (
        "The statistics file {path} cannot be used right now ({detail}). It was left exactly as it is. "
        "Results are kept and saved to it as soon as it can be used again; the game continues normally.",
        "成績ファイル {path} を今は使えません（{detail}）。ファイルはそのまま残してあります。"
        "成績は保持しておき、使えるようになりしだい保存します。ゲームはふつうに遊べます。",
    ),
    "notice.stats_newer.title": ("Statistics from a newer version", "新しいバージョンの成績ファイル"),
    "notice.stats_newer": (
        "The statistics file {path} was written by a newer version of Daifugo ({detail}). It was left exactly as "
        "it is, for the newer version. This version does not save results this session.",
        "成績ファイル {path} は新しいバージョンの大富豪で作られています（{detail}）。新しいバージョンで使えるよう、"
        "ファイルはそのまま残してあります。このバージョンでは今回の成績を保存しません。",
    ),
    "notice.results_unsaved.title": ("Results not saved yet", "成績をまだ保存できていません"),
    "notice.results_unsaved": (
        "The results could not be written to {path} ({detail}). They are kept and will be saved as soon as the "
        "file can be written again.",
        "成績を {path} に書き込めませんでした（{detail}）。結果は保持しており、書き込めるようになりしだい保存します。",
    ),
    "notice.results_saved.title": ("Results saved", "成績を保存しました"),
    "notice.results_saved": (
        "The results that were waiting have now been saved to {path}.",
        "保存を待っていた成績を {path} に保存しました。",
    ),
    "notice.results_waiting_damaged.title": ("Kept results damaged", "保管した成績の破損"),
    "notice.results_waiting_damaged": (
        "The results kept from an earlier session could not be read ({detail}). They were kept as {path}.",
        "前回までに保管した成績を読み込めませんでした（{detail}）。ファイルは {path} として残してあります。",
    ),
    "notice.autosave_refused.title": ("Saved game cannot be continued", "続きから遊べません"),
    "notice.autosave_refused": (
        "The saved game could not be continued ({detail}). It was kept as {path}. Please start a new game.",
        "保存されたゲームを続けられませんでした（{detail}）。保存データは {path} として残してあります。"
        "新しいゲームを始めてください。",
    ),
    "notice.autosave_newer.title": ("Saved game from a newer version", "新しいバージョンの保存データ"),
    "notice.autosave_newer": (
        "A game saved by a newer version of Daifugo ({detail}) was kept as {path}; this version cannot "
        "continue it.",
        "新しいバージョンの大富豪で保存されたゲーム（{detail}）は {path} として残してあります。"
        "このバージョンでは続きから遊べません。",
    ),
    "notice.autosave_damaged.title": ("Saved game damaged", "保存データの破損"),
    "notice.autosave_damaged": (
        "The saved game could not be read ({detail}), so it cannot be continued. It was kept as {path}.",
        "保存されたゲームを読み込めなかったため（{detail}）、続きから遊べません。保存データは {path} として"
        "残してあります。",
    ),
    "notice.settings_damaged.title": ("Settings file damaged", "設定ファイルの破損"),
    "notice.settings_damaged": (
        "The settings file could not be read ({detail}). It was kept as {path}, and the default settings are used.",
        "設定ファイルを読み込めませんでした（{detail}）。元のファイルは {path} として保管し、初期設定を使います。",
    ),
    "notice.settings_unreadable.title": ("Settings not read", "設定を読み込めません"),
    "notice.settings_unreadable": (
        "The settings file {path} cannot be read ({detail}). The default settings are used.",
        "設定ファイル {path} を読み込めません（{detail}）。初期設定を使います。",
    ),
    "notice.folder_unusable.title": ("Folder cannot be used", "フォルダを使えません"),
    "notice.folder_unusable": (
        "The folder {path} cannot be used ({detail}). What the game keeps there stays in memory this session "
        "and is not saved; the game continues normally.",
        "フォルダ {path} を使えません（{detail}）。今回はそこに保存するデータをメモリ上だけで扱うため、"
        "保存はされません。ゲームはふつうに遊べます。",
    ),
    "notice.other_copy.title": ("Daifugo is already running", "大富豪はすでに起動しています"),
    "notice.other_copy": (
        "Another copy of Daifugo (process {process}) is using the data folder {path}. Two copies would record "
        "the same games twice, so this one closes without changing anything. Switch to the other window, or "
        "start this one with --home and a different folder.",
        "別の大富豪（プロセス {process}）がデータフォルダ {path} を使っています。二つ同時に動かすと"
        "同じゲームが二重に記録されるため、こちらは何も変更せずに終了します。もう一方のウィンドウを使うか、"
        "--home で別のフォルダを指定して起動してください。",
    ),
    "notice.lock_refused.title": ("Data folder cannot be used", "データフォルダを使えません"),
    "notice.lock_refused": (
        "{path} is not the lock file Daifugo makes to run one copy at a time ({detail}). This copy closes "
        "without writing anything and leaves that file as it is. Remove or rename it, then start Daifugo again "
        "(or start it with --home and a different folder).",
        "{path} は、大富豪が同時に一つだけ動くために作るロックファイルではありません（{detail}）。このため何も"
        "書き込まずに終了し、そのファイルもそのまま残します。削除するか名前を変えてから、もう一度起動してください"
        "（--home で別のフォルダを指定して起動することもできます）。",
    ),
    # settings
    "screen.settings.saved": ("Changes are saved automatically.", "設定は自動で保存されます。"),
    # an external program not chosen in this run, before it starts
    "screen.program.title": ("Run an external program?", "外部プログラムを実行しますか？"),
    "screen.program.text": (
        "{seats} would be played by this program, which runs on this computer with your permissions:\n\n"
        "{command}\n\nRun it only if you know and trust it.",
        "{seats}をこのプログラムが担当します。このコンピューター上で、あなたの権限で実行されます：\n\n"
        "{command}\n\n知っていて信頼できるプログラムの場合だけ実行してください。",
    ),
    "screen.program.run": ("Run it", "実行する"),
    "screen.program.seats_sep": (", ", "、"),
    # new game
    "screen.new.options": ("{mode}: options", "{mode}の設定"),
    "screen.new.custom_line": (
        "Start from the common rules and switch any local rule on or off.",
        "一般ルールをもとに、ローカルルールを自由に組み合わせます。",
    ),
    "screen.new.players_n": ("{n} players", "{n}人"),
    "screen.new.players_range": ("{low}–{high} players", "{low}〜{high}人"),
    "screen.new.games_1": ("1 game", "1ゲーム"),
    "screen.new.games_n": ("{n} {n#game|games}", "{n}ゲーム"),
    "screen.new.until_points": ("First to {n} {n#point|points}", "{n}ポイント先取"),
    "screen.new.fixed_games": ("A set of {n} {n#game|games}", "{n}ゲーム1セット"),
    "screen.new.command": ("Command", "コマンド"),
    "screen.new.command_hint": ("e.g. ./client -h localhost", "例：./client -h localhost"),
    "screen.new.view_rules": ("View rules", "ルールを見る"),
    "screen.new.need_command": (
        "Type the command line of the external program for {seat}.",
        "{seat}の外部プログラムのコマンドを入力してください。",
    ),
    "screen.new.err_pile_draw": (
        "The draw pile needs {n} players or fewer.",
        "山札ルールは{n}人以下で遊べます。",
    ),
    "screen.new.err_hand_size": (
        "A hand of {size} cards is more than each of {players} players is dealt.",
        "{players}人では手札{size}枚を配れません。",
    ),
    "screen.new.err_pile_hand": (
        "The draw pile and a refilled hand cannot be combined.",
        "山札と手札の補充は同時に使えません。",
    ),
    "screen.new.err_other": ("These rules cannot be combined: {detail}", "この組み合わせでは遊べません：{detail}"),
    "screen.new.glance": ("Local rules in play", "採用しているローカルルール"),
    "screen.new.glance_off": ("Not in play", "採用していないルール"),
    # rules
    "screen.rules.this_game": ("{mode} ({n} players)", "{mode}（{n}人）"),
    "screen.rules.preset_switches": ("Local rules of this preset", "このルールのローカルルール"),
    "screen.rules.cards_n": ("{n} {n#card|cards}", "{n}枚"),
    "screen.rules.cards_1": ("1 card", "1枚"),
    "screen.rules.classes": ("Classes by place", "順位と階級"),
    "screen.rules.match_choosable": (
        "You choose the number of games (default: {default})",
        "ゲーム数を選べます（標準：{default}）",
    ),
    "screen.rules.points_win": ("A win is 1 point, a loss 0", "勝ち1点・負け0点"),
    "screen.rules.points_place": (
        "By place: {n} points for 1st, one less for each place below, 1 for last",
        "順位で決まります：1位{n}点、順位が1つ下がるごとに1点減り、最下位は1点",
    ),
    "screen.rules.class_points": ("{name} {points}", "{name} {points}点"),
    "screen.rules.points_class": ("By class: {list}", "階級ごと：{list}"),
    # statistics
    "screen.stats.all_rules": ("All rules", "すべてのルール"),
    "screen.stats.all_levels": ("All strengths", "すべての強さ"),
    "screen.stats.reset": ("Reset statistics", "成績をリセット"),
    "screen.stats.reset_title": ("Reset statistics", "成績のリセット"),
    "screen.stats.reset_text": (
        "Erase every game and match from the statistics? A backup copy is kept in:\n{folder}",
        "すべてのゲームとマッチの成績を消去しますか？ 消去する前の成績はバックアップとしてこちらに残します：\n{folder}",
    ),
    "screen.stats.reset_yes": ("Reset", "リセットする"),
    "screen.stats.reset_done": (
        "The statistics were reset. The previous statistics were kept in:\n{path}",
        "成績をリセットしました。それまでの成績はこちらに保存しました：\n{path}",
    ),
    "screen.stats.reset_failed": (
        "Nothing was erased, because the backup could not be written: {detail}",
        "バックアップを保存できなかったため、何も消去していません：{detail}",
    ),
    "screen.stats.games": ("Games", "ゲーム数"),
    "screen.stats.firsts": ("1st places", "1位の回数"),
    "screen.stats.first_rate": ("1st-place rate", "1位率"),
    "screen.stats.avg_place": ("Average place", "平均順位"),
    "screen.stats.place_value": ("{value}", "{value}位"),
    "screen.stats.record": ("Record", "戦績"),
    "screen.stats.wins_losses": ("{wins} won, {losses} lost", "{wins}勝 {losses}敗"),
    "screen.stats.points_value": ("{total} (avg {mean})", "{total}（平均 {mean}）"),
    "screen.stats.streak": ("1st in a row", "連続1位"),
    "screen.stats.streak_value": ("now {current}, best {best}", "現在 {current}回・最高 {best}回"),
    "screen.stats.matches": ("Matches", "マッチ"),
    "screen.stats.matches_value": ("{matches} played, {wins} won", "{matches}回・優勝 {wins}回"),
    "screen.stats.last_played": ("Last played {date}", "最後に遊んだ日 {date}"),
    "screen.stats.no_match": ("No games match these filters.", "この条件に合うゲームはありません。"),
    "screen.stats.empty_title": ("No statistics yet", "まだ成績がありません"),
    "screen.stats.empty_text": (
        "Play a game and your results will build up here, for each set of rules and computer strength.",
        "ゲームを遊ぶと、ルールとコンピュータの強さごとに成績がここに記録されていきます。",
    ),
    "screen.stats.problem_title": ("Statistics unavailable", "成績を表示できません"),
    "screen.stats.unavailable": (
        "The statistics are not being kept in this session.",
        "今回は成績を記録していません。",
    ),
    "screen.stats.read_error": ("The statistics could not be read: {detail}", "成績を読み込めませんでした：{detail}"),
    "screen.stats.points_chart": ("Points per game", "ゲームごとの得点"),
    "screen.stats.points_latest": ("average of the last {count}: {value}", "直近{count}ゲームの平均 {value}"),
    "screen.stats.place_by_month": ("Average place per month", "月ごとの平均順位"),
    "screen.stats.place_by_games": ("Average place per 50 games", "50ゲームごとの平均順位"),
    "screen.stats.place_latest": ("latest: {value}", "最新 {value}位"),
    "screen.stats.month": ("{name} {year}", "{year}年{name}"),
    "month.1": ("Jan", "1月"),
    "month.2": ("Feb", "2月"),
    "month.3": ("Mar", "3月"),
    "month.4": ("Apr", "4月"),
    "month.5": ("May", "5月"),
    "month.6": ("Jun", "6月"),
    "month.7": ("Jul", "7月"),
    "month.8": ("Aug", "8月"),
    "month.9": ("Sep", "9月"),
    "month.10": ("Oct", "10月"),
    "month.11": ("Nov", "11月"),
    "month.12": ("Dec", "12月"),
    # the review of a game
    "review.title": ("Game review", "対局の振り返り"),
    "review.open": ("Review my game", "対局を振り返る"),
    "review.preparing": ("Reading the game…", "対局を読み込んでいます…"),
    "review.working": ("The Expert is going over your game", "最強AIがあなたの対局を検討しています"),
    "review.working_detail": (
        "Each of your {count} decisions is played out to the end on {worlds} deals consistent with what you "
        "had seen, with every move the Expert would consider.",
        "あなたの{count}回の判断それぞれについて、あなたに見えていた情報と矛盾しない{worlds}通りの配り方で、"
        "最強AIが考える手をすべて最後まで試します。",
    ),
    "review.progress": ("Decision {done} of {count}", "{count}回中 {done}回目"),
    "review.left": ("about {seconds} s left", "残り約{seconds}秒"),
    "review.failed": ("This game cannot be reviewed: {detail}", "この対局は振り返れません：{detail}"),
    "review.no_decisions": ("You made no decisions in this game.", "この対局であなたが判断した場面はありません。"),
    "review.result": ("Your result", "結果"),
    "review.unfinished": ("unfinished", "途中"),
    "review.decisions": ("Decisions", "判断の回数"),
    "review.matched": ("As good as the best", "最善手と同等"),
    "review.matched_value": ("{count} of {total}", "{total}回中{count}回"),
    "review.lost": ("Expected points given away", "失った期待得点"),
    "review.chart": ("Your expected points through the game", "期待得点の推移"),
    "review.legend.played": ("your move", "あなたの手"),
    "review.legend.best": ("the best move", "最善手"),
    "review.axis.result": ("result", "結果"),
    "review.costliest": ("The costliest moves", "損の大きかった手"),
    "review.move": ("Decision {n}", "{n}手目"),
    "review.cost": ("{value} points", "{value}点"),
    "review.led": ("You led", "あなたの親番"),
    "review.on_table": ("On the table: {cards}", "場：{cards}"),
    "review.in_exchange": ("In the exchange", "カード交換"),
    "review.handing_on": ("Giving cards after a play", "出した後のカード渡し"),
    "review.you_played": ("You played", "あなたの手"),
    "review.you_gave": ("You gave", "あなたが渡した"),
    "review.better": ("Better", "最善手"),
    "review.open_replay": ("▶  see it in the replay", "▶  リプレイで見る"),
    "review.click_hint": ("Click a move to see it in the replay.", "手をクリックすると、その場面をリプレイで見られます。"),
    "review.none_title": ("No costly moves", "損の大きい手はありません"),
    "review.none": (
        "Every decision was as good as the best move the Expert found. Well played!",
        "どの判断も、最強AIが見つけた最善手と同じくらい良い手でした。お見事！",
    ),
    "review.watch": ("▶  Watch the replay", "▶  リプレイを見る"),
    "screen.replays.review": ("Review", "振り返る"),
    # replays
    "screen.replays.open": ("▶  Watch", "▶  再生"),
    "screen.replays.export": ("Export", "書き出し"),
    "screen.replays.import": ("Import", "読み込む"),
    "screen.replays.importing": ("Reading…", "読み込み中…"),
    "screen.replays.import_label": ("Record file:", "記録ファイル："),
    "screen.replays.choose": ("Choose…", "選ぶ…"),
    "screen.replays.pick_title": ("Import a record", "記録を読み込む"),
    "screen.replays.pick_note": (
        "Records in {folder}, newest first. A record from elsewhere: drop its file onto this window.",
        "{folder} の記録（新しい順）。ほかの場所の記録は、ファイルをこのウィンドウにドロップしてください。",
    ),
    "screen.replays.pick_none": (
        "No records in {folder} yet. Export a game there, or drop a record file onto this window.",
        "{folder} に記録はまだありません。ゲームを書き出すか、記録ファイルをこのウィンドウにドロップしてください。",
    ),
    "screen.replays.drop_in_play": (
        "To open a record, leave the match for the title first (it is saved).",
        "記録を開くには、対局を中断してタイトルに戻ってください（対局は保存されます）。",
    ),
    "screen.replays.path_hint": ("Path of a record file (.json)", "記録ファイル（.json）のパス"),
    "screen.replays.date": ("Played", "日時"),
    "screen.replays.page": ("Page {page} of {pages}", "{page} / {pages}ページ"),
    "screen.replays.no_record": (
        "This game's record was not kept or cannot be read, so it cannot be replayed.",
        "このゲームは記録が残っていないか読み込めないため、再生できません。",
    ),
    "screen.replays.no_record_short": ("no record", "記録なし"),
    "screen.replays.exported": ("The record was saved as:\n{path}", "記録を保存しました：\n{path}"),
    "screen.replays.export_failed": ("The record could not be saved: {detail}", "記録を保存できませんでした：{detail}"),
    "screen.replays.import_failed": (
        "This file cannot be replayed.\n{detail}",
        "このファイルは再生できません。\n{detail}",
    ),
    "screen.replays.problem": ("Replays", "リプレイ"),
    "screen.replays.export_title": ("Record exported", "記録の書き出し"),
    "screen.replays.import_title": ("Cannot open the record", "記録を開けません"),
    "screen.replays.empty_title": ("No replays yet", "リプレイはまだありません"),
    "screen.replays.empty_text": (
        "Every game you finish is kept here to watch again. You can also open a record file below.",
        "遊び終えたゲームはここに残り、あとから見直せます。下の欄から記録ファイルを開くこともできます。",
    ),
    # play with friends
    "title.join": ("Join a table", "テーブルに参加"),
    "friends.host": ("Host a table for friends", "友だちとテーブルを開く"),
    "friends.host_name": ("Host", "ホスト"),
    "friends.host_saved": ("Host the saved match again", "保存した対戦をもう一度開く"),
    "friends.lobby.title": ("Table for friends", "友だちとのテーブル"),
    "friends.start": ("Start", "開始"),
    "friends.connecting": ("Connecting…", "接続しています…"),
    "friends.code": ("Table code", "テーブルコード"),
    "friends.addresses": ("Friends join at {addresses}", "参加先のアドレス：{addresses}"),
    "friends.table_line": ("{preset}, {players} seats; empty seats: {level} computers",
                           "{preset}・{players}席・空席は「{level}」のコンピュータ"),
    "friends.open_seat": ("(open: a computer if nobody comes)", "（空席：だれも来なければコンピュータ）"),
    "friends.wait_host": ("Waiting for the host to start…", "ホストが開始するのを待っています…"),
    "friends.join.title": ("Join a table", "テーブルに参加"),
    "friends.address": ("Address", "アドレス"),
    "friends.port": ("Port", "ポート"),
    "friends.name": ("Your name", "あなたの名前"),
    "friends.join": ("Join", "参加"),
    "friends.found": ("Tables on your network (choose one, then type its code):",
                      "同じネットワークのテーブル（選んでからコードを入力）："),
    "friends.none_found": ("No table found on your network yet: type the host's address and port.",
                           "同じネットワークにテーブルが見つかりません。ホストのアドレスとポートを入力してください。"),
    "friends.no_multicast": ("Tables on your network cannot be listed here: type the host's address and port.",
                             "ここではテーブルを一覧できません。ホストのアドレスとポートを入力してください。"),
    "friends.bad_port": ("The port is a number from 1 to 65535.", "ポートは1から65535までの数です。"),
    "friends.need_address": ("Type the host's address.", "ホストのアドレスを入力してください。"),
    "friends.bad_code": ("The table code has 5 letters and digits.", "テーブルコードは英数字5文字です。"),
    "friends.bad_name": ("Type a name of up to 20 characters.", "名前は20文字までで入力してください。"),
    "friends.cannot_host": ("The table cannot be hosted", "テーブルを開けません"),
    "friends.ended.title": ("The table has closed", "テーブルが終了しました"),
    "friends.ended.saved": ("The host has left. The match is saved on the host's computer and can be hosted again.",
                            "ホストが退出しました。対戦はホストのコンピュータに保存され、もう一度開けます。"),
    "friends.ended.host_left": ("The host has left the table.", "ホストがテーブルを退出しました。"),
    "friends.ended.shutdown": ("The server has closed the table.", "サーバーがテーブルを閉じました。"),
    "friends.ended.idle": ("The table closed: nobody played for a long time.", "長い間だれも遊ばなかったため、テーブルが閉じられました。"),
    "friends.refused": ("The table refused: {reason}", "テーブルに入れませんでした：{reason}"),
    "friends.lost": ("The connection to the table was lost: {reason}", "テーブルとの接続が切れました：{reason}"),
    "settings.turn_timer": ("Turn timer (tables for friends)", "持ち時間（友だちとのテーブル）"),
    "settings.drop_timeout": ("Wait for a dropped friend", "切断した友だちを待つ時間"),
    "settings.seconds": ("{n} s", "{n}秒"),
}
