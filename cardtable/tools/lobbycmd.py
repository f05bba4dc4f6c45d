"""``seek``, ``top``, ``whoami`` and ``lobby``: quick match, leaderboards and the open tables from
the command line, through the headless lobby client (online/lobbyclient.py).

Each signs in with the key in the data folder (made on first use: it is the player's account).
"""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any

from cardtable.games.registry import GAMES
from cardtable.tools.fail import fail

SEATS = re.compile(r"^(\d)(?:-(\d))?$")


def add_lobby_commands(commands: Any) -> None:
    """The parsers of seek, top, whoami and lobby."""
    server = {"default": None, "metavar": "URL", "help": "server (default ws://127.0.0.1:7777)"}
    seek = commands.add_parser("seek", help="find a game with strangers (quick match)")
    seek.add_argument("game", help=f"one of: {', '.join(GAMES)}")
    seek.add_argument("--rated", action="store_true", help="a rated game (casual by default)")
    seek.add_argument(
        "--seats", default=None, metavar="N-M", help="table sizes you accept, e.g. 3-6"
    )
    seek.add_argument(
        "--bot", default=None, metavar="LEVEL", help="let a built-in bot play (a bot account)"
    )
    seek.add_argument("--games", type=int, default=1, metavar="N", help="games in a row (1)")
    seek.add_argument("--name", default=None, help="your name (default: the one in Settings)")
    seek.add_argument("--server", **server)
    seek.add_argument("--json", action="store_true", help="with --bot: one JSON line a game")
    top = commands.add_parser("top", help="a game's leaderboard")
    top.add_argument("game", help=f"one of: {', '.join(GAMES)}")
    top.add_argument("--server", **server)
    top.add_argument("--limit", type=int, default=20, metavar="N", help="rows (default 20)")
    top.add_argument("--json", action="store_true", help="every rated player, as JSON")
    top.add_argument(
        "--solo", action="store_true", help="the best scores of solo games (Flip 7's race)"
    )
    whoami = commands.add_parser("whoami", help="your player id, and your ratings on a server")
    whoami.add_argument("--server", **server)
    lobby = commands.add_parser("lobby", help="the open tables a server lists, live")
    lobby.add_argument("--server", **server)


def run_lobby_command(args: Any) -> int:
    import asyncio

    from cardtable.online.identity import IdentityError, load_or_create
    from cardtable.online.lobbyclient import LobbyError
    from cardtable.online.reach import DEFAULT_URL
    from cardtable.persist.paths import data_dir

    if getattr(args, "game", None) is not None and args.game not in GAMES:
        fail(f"unknown game {args.game!r}; choose from: {', '.join(GAMES)}")
    try:
        me = load_or_create(data_dir())
    except IdentityError as error:
        fail(str(error))
    if args.command == "seek":
        from cardtable.tools.plain import check_plain

        check_plain(args)
    url = args.server or DEFAULT_URL
    if args.command == "seek" and args.plain and args.bot is None:
        return _seek_plain(args, url, me)
    command = {"seek": _seek, "top": _top, "whoami": _whoami, "lobby": _lobby}[args.command]
    try:
        done = asyncio.run(command(args, url, me))
    except LobbyError as error:
        fail(error.message)
    except KeyboardInterrupt:
        return 130
    if isinstance(done, int):
        return done
    return _play_on_screen(url, done, args)


async def _open(url: str, me: Any, name: str, bot: bool = False) -> Any:
    from cardtable.online.lobbyclient import LobbyClient

    return await LobbyClient.open(url, name, me, bot)


def _seat_range(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    found = SEATS.match(text)
    if found is None:
        fail(f"--seats {text!r}: a size or a range such as 3-6")
    low = int(found.group(1))
    high = int(found.group(2) or low)
    if low > high:
        fail(f"--seats {text!r}: the smaller size first")
    return low, high


def _player_name(args: Any, bot: bool) -> str:
    """``--name``, else the one in Settings, else a plain word (only seeking records it)."""
    from cardtable.tools.online import _name

    if not hasattr(args, "name"):
        args.name = None
    return _name(args) or ("Bot" if bot else "Player")


async def _seek(args: Any, url: str, me: Any) -> Any:
    """Seek and play ``--games`` games with a bot (0 when done), or, for a person on the screen,
    return the search's first words: the app seeks on its own loop, after this one has ended."""
    from cardtable.online.seeker import matched, play_matched

    if args.games < 1:
        fail(f"--games must be at least 1, not {args.games}")
    if args.bot is not None and not any(args.bot in spec.bots for spec in GAMES.values()):
        fail(f"unknown bot {args.bot!r}: a level such as easy, medium or hard")
    seats = _seat_range(args.seats)
    if args.bot is None:  # the Quick match screen seeks, sits down and opens the table
        return seats
    lobby = await _open(url, me, _player_name(args, True), True)
    try:
        for _ in range(args.games):
            status = await lobby.seek(args.game, args.rated, seats)
            _say_status(status, args.json)
            news = await matched(lobby, status=partial(_offer_bot, [], args))
            if not args.json:
                print(f"matched: {', '.join(_player(p) for p in news.players)}")
            played = await play_matched(lobby, news, args.bot, think=0.05)
            _say_result(played, news, args.json)
    finally:
        await lobby.close()
    return 0


def _say_status(status: Any, as_json: bool) -> None:
    if not as_json:
        print(_status_line(status), flush=True)


def _status_line(status: Any) -> str:
    kind = "rated" if status.rated else "casual"
    title = GAMES[status.game].title
    return f"seeking {kind} {title} · {status.seeking} seeking · range ±{status.range}"


def _offer_bot(offered: list[bool], args: Any, status: Any) -> None:
    """After a long wait without a match, say once how to play a bot instead."""
    if status.bot_offer and not offered and not args.json:
        offered.append(True)
        print(
            f"no match after {status.waited:.0f} s · still seeking; for a casual game against "
            f"a bot now: cardtable play {status.game}",
            flush=True,
        )


def _player(opponent: Any) -> str:
    name = f"{opponent.name}#{opponent.tag}" if opponent.tag else opponent.name
    return f"{name} ({opponent.rating})" if opponent.rating else name


def _say_result(played: Any, news: Any, as_json: bool) -> None:
    outcome = played.session.outcome
    changes = played.rated.changes if played.rated is not None else []
    mine = changes[news.seat] if news.seat < len(changes) else None  # in seat order
    change = mine.text if mine is not None else None
    why_not = played.rated.reason if played.rated is not None else None
    if as_json:
        print(
            json.dumps(
                {
                    "game": news.game,
                    "seat": news.seat,
                    "won": news.seat in outcome.winners,
                    "scores": list(outcome.scores),
                    "rated": news.rated,
                    "rating": None if mine is None else mine.after.model_dump(),
                    "change": change,
                    "not_rated": why_not,
                }
            ),
            flush=True,
        )
        return
    won = "won" if news.seat in outcome.winners else "lost"
    said = f" · {change}" if change else f" · not rated: {why_not}" if why_not else ""
    print(f"{GAMES[news.game].title}: {won}{said}", flush=True)


def _play_on_screen(url: str, seats: tuple[int, int] | None, args: Any) -> int:
    """A person's quick match: the app opens on the Quick match search, which sits down at the
    matched table (keeping the pool's connection until then, so the seat is not given up)."""
    from cardtable.tools.launch import bot_pause_from_env
    from cardtable.ui.app import CardtableApp
    from cardtable.ui.screens.quickmatch import SeekingScreen

    app = CardtableApp(
        lambda app: SeekingScreen(url, args.game, args.rated, seats),
        bot_pause=bot_pause_from_env(),
    )
    app.run()
    return app.return_code or 0


def _seek_plain(args: Any, url: str, me: Any) -> int:
    """``seek --plain``: the search told in lines, then the matched seat taken before the pool's
    connection closes (closing it first would give the seat up), then the plain table."""
    from cardtable.online.lobbyclient import seat_session
    from cardtable.online.seeker import matched
    from cardtable.plain.console import Console, Lines
    from cardtable.plain.lobby import sit_down
    from cardtable.plain.start import console_for, run
    from cardtable.plain.table import PlainTable

    seats = _seat_range(args.seats)

    async def play(console: Console, lines: Lines) -> int:
        lobby = await _open(url, me, _player_name(args, False))
        try:
            console.say(_status_line(await lobby.seek(args.game, args.rated, seats)))
            news = await matched(lobby, status=partial(_offer_bot, [], args))
            console.say(f"Matched: {', '.join(_player(p) for p in news.players)}.")
            session = seat_session(url, news)
            if not await sit_down(session, console, codes=False):
                session.hang_up()
                return 1
        finally:
            await lobby.close()
        return await PlainTable(session, console, lines).play()

    return run(play, console_for(args.width, args.bell))


async def _top(args: Any, url: str, me: Any) -> int:
    lobby = await _open(url, me, _player_name(args, False))
    if args.solo:
        return await _solo(lobby, args)
    try:
        if args.json:
            rows = await lobby.everyone(args.game)
            print(json.dumps([_row_json(row) for row in rows], indent=1))
            return 0
        board = await lobby.top(args.game, limit=args.limit)
    finally:
        await lobby.close()
    title = GAMES[args.game].title
    if not board.rows:
        print(f"{title}: nobody is ranked yet (5 rated games in the last 30 days ranks a player)")
    _print_board(board, _row_line)
    return 0


async def _solo(lobby: Any, args: Any) -> int:
    """A solo game's best scores: each player's fewest rounds (then highest score)."""
    try:
        board = await lobby.solo(args.game, limit=args.limit)
    finally:
        await lobby.close()
    if args.json:
        rows = [row.model_dump() for row in board.rows]
        print(json.dumps({"rows": rows, "you": board.you and board.you.model_dump()}, indent=1))
        return 0
    if not board.rows:
        print(f"{GAMES[args.game].title}: no solo game kept yet (play one signed in with your key)")
    _print_board(board, _solo_line)
    return 0


def _print_board(board: Any, line: Any) -> None:
    """A page of rows, then your own after a "…" when it is not on the page."""
    for row in board.rows:
        print(line(row))
    you = board.you
    if you is not None and all(row.player != you.player for row in board.rows):
        print("…")
        print(line(you))


def _solo_line(row: Any) -> str:
    name = f"{row.name}#{row.tag}"
    games = f"{row.games} game" + ("s" if row.games != 1 else "")
    return f"{row.rank:>4}  {row.rounds:>3} rounds  {row.score:>4} points  {name:<30} {games}, best on {row.day}"


def _row_line(row: Any) -> str:
    rank = f"{row.rank:>4}" if row.rank is not None else "   –"
    bot = " (bot)" if row.bot else ""
    finish = f"  finishes {row.finish_rate:.0%}" if row.finish_rate is not None else ""
    name = f"{row.name}#{row.tag}{bot}"
    return f"{rank}  {row.rating.shown:>7}  {name:<30} {row.rating.games:>4} games{finish}"


def _row_json(row: Any) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "player": row.player,
        "name": row.name,
        "tag": row.tag,
        "bot": row.bot,
        "rating": row.rating.display,
        "shown": row.rating.shown,
        "provisional": row.rating.provisional,
        "mu": row.rating.mu,
        "sigma": row.rating.sigma,
        "conservative": row.rating.conservative,
        "games": row.rating.games,
        "finish_rate": row.finish_rate,
    }


async def _whoami(args: Any, url: str, me: Any) -> int:
    lobby = await _open(url, me, _player_name(args, False))
    try:
        you = lobby.you
    finally:
        await lobby.close()
    print(f"{you.name}#{you.tag}")
    print(f"id: {you.player}")
    if not you.ratings:
        print(f"no rated games on {url} yet")
    for game, rating in you.ratings.items():
        print(
            f"{GAMES[game].title if game in GAMES else game}: {rating.shown} ({rating.games} games)"
        )
    return 0


async def _lobby(args: Any, url: str, me: Any) -> int:
    """The listed tables, then each change as it happens (until Ctrl+C)."""
    from cardtable.online import protocol as wire

    lobby = await _open(url, me, _player_name(args, False))
    try:
        tables = await lobby.subscribe()
        print(f"{len(tables)} open tables on {url}", flush=True)
        for row in tables.values():
            print(_table_line(row), flush=True)
        while True:
            news = await lobby.next_news()
            if isinstance(news, wire.Listed):
                print(_table_line(news.table), flush=True)
            elif isinstance(news, wire.Unlisted):
                print(f"closed  {news.watch}", flush=True)
    finally:
        await lobby.close()


def _table_line(row: Any) -> str:
    names = ", ".join(_player(p) for p in row.players)
    join = f"join {row.invite}" if row.invite else "full"
    title = GAMES[row.game].title if row.game in GAMES else row.game
    return (
        f"{title:<12} {row.taken}/{row.seats}  {names:<40} {join:<11} watch {row.watch}"
        f"  {row.spectators} watching"
    )
