"""``serve``, ``host``, ``join`` and ``watch``, and ``lobby``'s screen: the online commands,
checked before anything opens."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

from cardtable.core.seating import is_policy
from cardtable.games.registry import GAMES, get
from cardtable.tools.fail import fail
from cardtable.tools.setup import build_options, parse_seats

#: how long a headless seat waits for the server to answer, and for its game to end
REACH_TIMEOUT = 30.0
GAME_TIMEOUT = 4 * 3600.0


def run_serve_command(args: Any) -> int:
    from cardtable.online.hosting import Backing, StoreUnreachable, serve_forever
    from cardtable.online.quotas import Quotas
    from cardtable.online.reach import ALL_ADDRESSES
    from cardtable.online.server import Limits

    if args.recompute_ratings:
        return _recompute_ratings(args)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.lan:
        args.host = ALL_ADDRESSES
        shared = _lan_url(args.port)
        print(
            f"cardtable: anyone on this network reaches this server (unencrypted); open a table "
            f"with: cardtable host GAME --server {shared}"
        )
    elif args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"cardtable: listening on {args.host}: put a TLS proxy in front (see the README)")
    try:
        quotas = Quotas(**{f.name: getattr(args, f.name) for f in fields(Quotas)})
        db = Path(args.db) if args.db else None
        limits = Limits(quotas=quotas)
        backing = Backing(args.store, args.redis, args.node_url, args.lease)
        asyncio.run(
            serve_forever(args.host, args.port, db, limits, backing=backing, metrics=args.metrics)
        )
    except KeyboardInterrupt:
        pass
    except StoreUnreachable as error:
        fail(str(error))
    except OSError as error:
        where = error.filename or f"{args.host}:{args.port}"
        fail(f"cannot listen on {where}: {error.strerror or error}")
    return 0


def _recompute_ratings(args: Any) -> int:
    """``serve --recompute-ratings``: every rating rebuilt from the results, and what differed
    (in the SQLite --db, or in the PostgreSQL --store every node shares)."""
    from cardtable.online.sqliteladder import SqliteLadder
    from cardtable.online.store import SqliteStore, StoreTooNew, default_db

    if args.store is not None:
        results, ratings, differences = asyncio.run(_recompute_shared(args.store))
    else:
        db = Path(args.db) if args.db else default_db()
        if not db.exists():
            fail(f"no store at {db}")
        try:
            store = SqliteStore(db)
            ladder = SqliteLadder(store)
            results = sum(1 for _ in ladder.results())
            differences = ladder.recompute()
        except (StoreTooNew, sqlite3.Error) as error:
            fail(f"{db}: {error}")
        ratings = len(ladder.stored())
        store.close()
    for line in differences:
        print(line)
    verdict = (
        "every stored rating was right"
        if not differences
        else (f"{len(differences)} differed and were rebuilt")
    )
    print(f"{results} results, {ratings} ratings rebuilt: {verdict}")
    return 1 if differences else 0


async def _recompute_shared(url: str) -> tuple[int, int, list[str]]:
    """Recompute the ratings a cluster keeps in PostgreSQL: results, ratings, differences."""
    from cardtable.online.hosting import StoreUnreachable, open_store
    from cardtable.online.journal import Journal
    from cardtable.online.pgladder import PostgresLadder
    from cardtable.online.pgstore import PostgresStore

    try:
        store = await open_store(url, None)
    except StoreUnreachable as error:
        fail(str(error))
    assert isinstance(store, PostgresStore)
    try:
        ladder = PostgresLadder(store, Journal(store))
        results = len(await ladder.results())
        differences = await ladder.recompute()
        return results, len(await ladder.stored()), differences
    finally:
        await store.close()


def _lan_url(port: int) -> str:
    """The server address friends on this network use, or a clear failure."""
    from cardtable.online.reach import lan_url, machine_addresses

    shared = lan_url(port, machine_addresses())
    if shared is None:
        fail("--lan: this machine has no network address other than 127.0.0.1 (no network?)")
    return shared


def _seat_words(game: str, seats: str | None) -> list[str]:
    """The host's seat list, checked by the shared parser; the server plays only its own bot
    levels (it never imports code a client names), so policy seats are refused here."""
    spec = get(game)
    words = list(
        parse_seats(spec, seats or ",".join(["human"] * max(2, spec.rules.min_seats)), True)
    )
    if any(is_policy(w) for w in words):
        fail("policy seats play online through 'cardtable join CODE --bot policy:…' instead")
    if "human" not in words:
        fail("--seats needs at least one 'human' seat")
    rules = spec.rules
    if not rules.min_seats <= len(words) <= rules.max_seats:
        fail(f"{spec.title} takes {rules.min_seats} to {rules.max_seats} players, not {len(words)}")
    return words


def _name(args: Any) -> str | None:
    """The name to sit down with: ``--name``, else the one in Settings; None: ask for one."""
    from cardtable.core.names import clean_name
    from cardtable.persist.settings import load_settings

    given = args.name if args.name is not None else load_settings()[0].name
    if not given:
        return None
    try:
        return clean_name(given)
    except ValueError as error:
        fail(f"--name {given!r}: {error}")


def _target(args: Any) -> tuple[str, str]:
    """The server and code of ``join``/``watch``: a bare code or the line a friend sent."""
    from cardtable.online.reach import DEFAULT_URL, BadTarget, split_target

    if args.command == "host":
        return args.server or DEFAULT_URL, ""
    try:
        return split_target(args.code, args.server)
    except BadTarget as error:
        fail(str(error))


def run_online_command(args: Any) -> int:
    """host, join and watch: a table screen through a remote session (or a headless bot)."""
    from cardtable.online.client import hello_for, local_server_for, remote_session
    from cardtable.online.hosting import shared_server
    from cardtable.online.reach import DEFAULT_PORT
    from cardtable.tools.plain import check_plain, run_plain_online

    check_plain(args)
    if args.plain and getattr(args, "bot", None):
        fail("--plain is for a person at the keyboard; --bot plays the seat itself")
    url, code = _target(args)
    game = getattr(args, "game", None)
    name = _name(args)
    if getattr(args, "bot", None):
        name = name or "Bot"
    seats, shared = "", None
    if args.command == "host":
        if game is None or game not in GAMES:
            fail(f"unknown game {game!r}; choose from: {', '.join(GAMES)}")
        words = _seat_words(game, args.seats)
        build_options(get(game), args.option, False, len(words))
        seats = ",".join(words)
        if args.lan and args.server is not None:
            fail("--lan starts a server on this machine: leave out --server")
        try:
            if args.lan:
                shared = _lan_url(DEFAULT_PORT)
                url = shared_server(DEFAULT_PORT, shared)
            elif args.server is None:
                url = local_server_for(url)
        except OSError as error:
            fail(str(error))
    hello = hello_for(args.command, url, game or "", seats, code, name or "")
    if args.command == "host":
        hello["options"] = dict(pair.partition("=")[::2] for pair in args.option)
        if args.listed:
            hello["listed"] = True
    session = remote_session(url, hello, game, shared)
    _identify(session, args)
    if getattr(args, "bot", None):
        return _play_headless(session, args.bot, args.json)
    if args.plain:
        return run_plain_online(session, args, name is None and args.command != "watch")
    from cardtable.tools.launch import bot_pause_from_env
    from cardtable.ui.app import CardtableApp
    from cardtable.ui.screens.waitingroom import WaitingRoomScreen

    app = CardtableApp(
        lambda app: WaitingRoomScreen(session, ask_name=name is None and args.command != "watch"),
        bot_pause=bot_pause_from_env(),
    )
    app.run()
    if app.return_code and session.problem is not None:
        print(f"cardtable: {session.problem}", file=sys.stderr)
    return app.return_code or 0


def _identify(session: Any, args: Any) -> None:
    """A seat signs in with the player's key when they have one (a listed table's host, and a
    solo game's, whose result the server keeps among the best scores, make it on first use),
    so the lobby shows their tag and rating; friends may still play anonymously."""
    from cardtable.online.bestscores import solo_table
    from cardtable.online.identity import KEY_FILE, IdentityError, load_or_create
    from cardtable.persist.paths import data_dir

    if args.command not in ("host", "join"):
        return
    hello = session.hello
    solo = args.command == "host" and solo_table(hello.get("game", ""), hello.get("seats"))
    if not (getattr(args, "listed", False) or solo) and not (data_dir() / KEY_FILE).exists():
        return
    try:
        session.identify(load_or_create(data_dir()))
    except IdentityError as error:
        fail(str(error))


def run_lobby_screen(args: Any) -> int:
    """The lobby of ``--server`` (default: the one this machine serves) as the app's first screen."""
    from cardtable.tools.launch import bot_pause_from_env
    from cardtable.ui.app import CardtableApp
    from cardtable.ui.screens.lobbylist import LobbyScreen

    app = CardtableApp(lambda app: LobbyScreen(args.server), bot_pause=bot_pause_from_env())
    app.run()
    return app.return_code or 0


def _play_headless(session: Any, level: str, as_json: bool) -> int:
    """Play the seat with a built-in bot, then print how the game ended."""
    from cardtable.core.seating import SeatError, load_policy
    from cardtable.online.botclient import BotSeat

    if is_policy(level):
        try:
            load_policy(level)
        except SeatError as error:
            fail(str(error))
    elif not any(level in spec.bots for spec in GAMES.values()):
        fail(f"unknown bot {level!r}: a bot level such as easy or hard, or policy:module:function")

    async def play() -> Any:
        seat = BotSeat(session, level, think=0.05)
        session.start()
        try:
            await asyncio.wait_for(session.ready.wait(), REACH_TIMEOUT)
        except TimeoutError:
            fail(f"no answer from {session.url} within {REACH_TIMEOUT:g} seconds")
        await seat.play(timeout=GAME_TIMEOUT)
        return seat

    seat = asyncio.run(play())
    problem = session.problem or seat.failure
    if problem is not None:
        fail(problem)
    outcome = session.outcome
    seat = session.viewer
    result = {
        "game": session.spec.id,
        "seat": seat,
        "won": seat in outcome.winners,
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "moves": session.ply,
        "seed": session.seed,
    }
    if as_json:
        print(json.dumps(result))
    else:
        from cardtable.plain.table import result_line

        print(result_line(session.spec.title, session.seats, outcome, session.ply))
    return 0
