"""Command line: `python main.py [COMMAND]`. Each subcommand is one small function returning an exit code.

    validate [PATH ...]   check content files (no paths: everything); exit 1 with one line per problem
    scenarios             list the playable scenarios
    map PATH              check a map or tile file and print it; --screenshot FILE draws it with its markers
    map --board SEED      the same for the board generated from tiles for a quick-play seed
    run                   play one game headless (random survivors against the Director) and print its log
    sounds                every event kind and its cue (exit 1 if one has none); --play CUE plays a cue
    simulate              AI-vs-AI batches and the balance report (game.sim.simulate_cli)
    sweep                 a grid of batches over scenarios, levels and rule numbers, kept in SQLite (game.sim.sweep_cli)
    camp                  open the camp screen of a saved campaign (--name NAME; --screenshot FILE)
    campaign              a campaign: --new NAME starts one, --show NAME prints it, --simulate plays many (AI)
    soak                  checked games for M minutes: invariants, crashes, games/s and memory (game.sim.soak)
    calc                  combat odds: melee, swarm or ranged pools and the exact chance of every result
    scavenge              search the salvage decks: rolls, cards, hazards, Heat, with the decks kept between searches
    scenario              roll a quick-play scenario on one of the maps (and play it headless with --play)
    frenzy                a Downed survivor's Feeding Frenzy: lethality after disruption, odds, and the roll
    bleed                 a Downed survivor's bleed-out saves: the odds round after round, and the roll
    swipes                parting swipes at a survivor breaking away: the wounds' odds, and the roll
    serve                 the tools as web pages for the phones at a real table (game.web.serve)
    play                  open the board on a scenario (--scenario ID [--seed S]; --as director plays the horde)
    demo                  watch the survivor AI play a game against the Director
    tutorial              learn the game in short lessons on small boards (--lesson N opens lesson N)
    sandbox               the teacher's table: any position on any map, and what the rules say about it
    (nothing)             open the main menu - see run_default()

--screenshot FILE (before the command for the menu, after it for play and demo) draws a few frames headless, saves
the last one as a PNG and exits 0.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from game.ai.director_levels import DEFAULT_DIRECTOR, DIRECTOR_LEVELS
from game.ai.survivor_levels import SURVIVOR_LEVELS
from game.campaign.state import name as campaign_name
from game.sim.arg_types import seed


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line. Given the arguments, it declares only the group of the command they name, each group
    loading what its own arguments need, so the menu opens without loading the simulator, the tools or the server;
    given none (or a help flag, or a word that is no command), it declares every group, for argparse to list."""
    parser = argparse.ArgumentParser(prog="borrowed-time",
                                     description="Borrowed Time: zombie survival against the Director AI. "
                                                 "With no command, the game window opens on the main menu.")
    parser.add_argument("--screenshot", metavar="FILE",
                        help="open the menu headless, save a PNG of it and exit (no window)")
    parser.add_argument("--size", type=_window_size, metavar="WxH",
                        help="window size, e.g. 1920x1080 (default: the one in the settings)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = _command_named(argv)
    for names, declare in COMMAND_GROUPS:
        if wanted is None or wanted in names:
            declare(sub)
    return parser


def _command_named(argv: Sequence[str] | None) -> str | None:
    """The command `argv` names, "" when it names none (the menu), or None when every group must be declared:
    no argv, a help flag, an option the top level does not take, or a word that is no command."""
    if argv is None:
        return None
    words = iter(argv)
    for word in words:
        if word in ("--screenshot", "--size"):
            next(words, None)
        elif not word.startswith(("--screenshot=", "--size=")):
            named = not word.startswith("-") and any(word in names for names, _ in COMMAND_GROUPS)
            return word if named else None
    return ""


def _add_content_commands(sub) -> None:
    check = sub.add_parser("validate", help="check content files (all of them when no path is given)",
                           description="Check data, map and scenario files and report every problem found.")
    check.add_argument("paths", nargs="*", metavar="PATH",
                       help="a data file (checked by its name), a map file, or a directory")
    check.set_defaults(func=cmd_validate)
    listing = sub.add_parser("scenarios", help="list the scenarios",
                             description="List the playable scenarios.")
    listing.set_defaults(func=cmd_scenarios)
    drawing = sub.add_parser("map", help="check a map file, print it as text, or draw it to a PNG",
                             description="Check one map file (48x48 board or a smaller tile), print its rows and "
                                         "markers, and with --screenshot draw it headless with every marker.")
    drawing.add_argument("path", metavar="PATH", nargs="?",
                         help="a map file, e.g. maps/pharmacy_run.yaml, or a tile, e.g. maps/tiles/clinic.yaml")
    drawing.add_argument("--board", type=int, metavar="SEED",
                         help="instead of a file: the board generated from tiles for this quick-play seed")
    drawing.add_argument("--screenshot", metavar="FILE", help="write the map as a PNG")
    drawing.add_argument("--tile", type=_tile, default=24, metavar="PX", help="pixels per inch (8-64, default 24)")
    drawing.set_defaults(func=cmd_map)
    run = sub.add_parser("run", help="play one game headless and print its event log",
                         description="Play one whole game with no display: the baseline random survivor player "
                                     "against the Director AI. Prints every event, then the result.")
    run.add_argument("--scenario", default="last_train_out",
                     help="scenario id (see `scenarios`), or quickplay_SEED for a quick-play scenario")
    run.add_argument("--seed", type=seed, default=1, help="the game's seed (same seed, same game)")
    run.add_argument("--quiet", action="store_true", help="print only the result")
    run.add_argument("--save", metavar="FILE", help="keep the game as a replay file (watch it with `replay FILE`)")
    run.set_defaults(func=cmd_run)
    sounds = sub.add_parser("sounds", help="every event kind and the cue it plays; --play CUE plays one",
                            description="List every kind of event the engine emits with its cue from "
                                        "game/data/sounds.yaml (or 'silent'); exit 1 if a kind has no entry.")
    sounds.add_argument("--play", metavar="CUE", help="play this cue (one of its takes) and exit")
    sounds.set_defaults(func=cmd_sounds)


# The commands declared in the modules that run them: each is loaded only when its command is named.

def _add_simulate_command(sub) -> None:
    from game.sim.simulate_cli import register
    from game.tools.quickplay import content_for, content_with_scenario
    register(sub, content_with_scenario, content_for)


def _add_sweep_command(sub) -> None:
    from game.sim.sweep_cli import register
    register(sub)


def _add_soak_command(sub) -> None:
    from game.sim.soak import register
    register(sub)


def _add_campaign_command(sub) -> None:
    from game.campaign.cli import register
    register(sub)


def _add_serve_command(sub) -> None:
    from game.web.serve import register
    register(sub)


# --- the windowed game (game/ui) -----------------------------------------------------------------------------------

def _window_size(text: str) -> tuple[int, int]:
    """argparse type: WxH, e.g. 1280x720."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if not (640 <= w <= 7680 and 360 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r} is outside 640x360 to 7680x4320")
    return w, h


def _add_window_commands(sub) -> None:
    play = sub.add_parser("play", help="open the game board on a scenario",
                          description="Open the game window straight on a scenario with its suggested team.")
    play.add_argument("--scenario", required=True, metavar="ID",
                      help="scenario id (see `scenarios`), or quickplay_SEED for a quick-play scenario")
    play.add_argument("--seed", type=seed, help="the game's seed (default: a new one)")
    play.add_argument("--screenshot", metavar="FILE", help="draw a few frames headless, save a PNG and exit")
    play.add_argument("--size", type=_window_size, metavar="WxH", help="window size, e.g. 1920x1080")
    play.add_argument("--director", choices=DIRECTOR_LEVELS, help="the Director's level (default: the one in "
                                                                   f"Settings, first {DEFAULT_DIRECTOR})")
    play.add_argument("--agendas", action="store_true", help="deal each survivor a Secret Agenda card")
    play.add_argument("--as", dest="side", choices=("survivors", "director"), default="survivors",
                      help="the side you play: the survivors (default) or the Director, against the survivor AI")
    play.add_argument("--survivors", dest="survivor_level", choices=SURVIVOR_LEVELS, default="veteran",
                      help="the survivor AI's level when you play the Director (default: veteran)")
    play.add_argument("--players", type=_players, metavar="N", default=1,
                      help="hot-seat: N people (2-8) at one screen share the survivors (with --as director, "
                           "Player 1 is the Director and the others share the survivors)")
    play.set_defaults(func=cmd_play)
    demo = sub.add_parser("demo", help="watch the survivor AI play against the Director",
                          description="Open the game window on an AI-versus-AI game: the survivor AI (veteran) "
                                      "against the Director.")
    demo.add_argument("--scenario", metavar="ID", help="scenario id (default: one chosen by the seed)")
    demo.add_argument("--seed", type=seed, help="the game's seed (default: a new one)")
    demo.add_argument("--screenshot", metavar="FILE", help="draw a few frames headless, save a PNG and exit")
    demo.add_argument("--size", type=_window_size, metavar="WxH", help="window size, e.g. 1920x1080")
    demo.add_argument("--director", choices=DIRECTOR_LEVELS, help="the Director's level (default: the one in "
                                                                   f"Settings, first {DEFAULT_DIRECTOR})")
    demo.add_argument("--agendas", action="store_true", help="deal each survivor a Secret Agenda card")
    demo.set_defaults(func=cmd_demo)
    tutorial = sub.add_parser("tutorial", help="learn to play in short lessons on small boards",
                              description="Open the game window on the tutorial: short lessons, each on a small "
                                          "board of its own, played on the real rules.")
    tutorial.add_argument("--lesson", type=int, metavar="N", help="open lesson N straight away (1 is the first)")
    tutorial.add_argument("--screenshot", metavar="FILE", help="draw a few frames headless, save a PNG and exit")
    tutorial.add_argument("--size", type=_window_size, metavar="WxH", help="window size, e.g. 1920x1080")
    tutorial.set_defaults(func=cmd_tutorial)
    box = sub.add_parser("sandbox", help="set up any position and ask the engine's rules about it",
                         description="Open the sandbox (the teacher's table): put survivors, zombies, doors, "
                                     "barricades, search tokens and noise anywhere on a map and see what the rules "
                                     "say. --explain NAME prints the answers about one model as text instead.")
    box.add_argument("--map", metavar="ID", help="start from this map as its scenario begins (default: the first "
                                                 "scenario's)")
    box.add_argument("--position", metavar="FILE", help="a position file (YAML; see positions/street_corner.yaml)")
    box.add_argument("--explain", metavar="NAME", help="print what the rules say about this model and exit")
    box.add_argument("--select", metavar="NAME", help="open with this model selected")
    box.add_argument("--screenshot", metavar="FILE", help="draw a few frames headless, save a PNG and exit")
    box.add_argument("--size", type=_window_size, metavar="WxH", help="window size, e.g. 1920x1080")
    box.set_defaults(func=cmd_sandbox)
    camp = sub.add_parser("camp", help="open the camp screen of a campaign",
                          description="Open the game window on the camp of a saved campaign (see `campaign --new`): "
                                      "the named one, else the newest, else a new one.")
    camp.add_argument("--name", type=campaign_name, metavar="NAME", help="the campaign's name")
    camp.add_argument("--screenshot", metavar="FILE", help="draw a few frames headless, save a PNG and exit")
    camp.add_argument("--size", type=_window_size, metavar="WxH", help="window size, e.g. 1920x1080")
    camp.set_defaults(func=cmd_camp)


def _add_replay_command(sub) -> None:
    rp = sub.add_parser("replay", help="watch a finished game again: the board with a timeline",
                        description="Open the replay screen on a replay file (finished games are kept in "
                                    "$BT_HOME/replays; `run --save FILE` keeps a headless one), or write a frame "
                                    "of it, or an animated GIF of some of its rounds.")
    rp.add_argument("file", metavar="FILE", help="the replay file")
    rp.add_argument("--round", metavar="N", help="open at the start of round N")
    rp.add_argument("--screenshot", metavar="PNG", help="draw a few frames headless, save a PNG and exit")
    rp.add_argument("--size", type=_window_size, metavar="WxH", help="window size, e.g. 1920x1080")
    rp.add_argument("--export", metavar="OUT.gif", help="write rounds --from-round to --to-round as an animated GIF")
    rp.add_argument("--from-round", metavar="A", help="the clip's first round (default 1)")
    rp.add_argument("--to-round", metavar="B", help="the clip's last round (default the last)")
    rp.set_defaults(func=cmd_replay)


def _rounds(args: argparse.Namespace) -> str:
    """The problem with the replay's round flags, as '--flag: why' (checked here for one line, not argparse's
    usage), or "" when they are whole numbers from 1 (their names are then ints)."""
    for flag in ("round", "from_round", "to_round"):
        text = getattr(args, flag)
        if text is None:
            continue
        try:
            setattr(args, flag, int(text))
        except ValueError:
            return f"--{flag.replace('_', '-')}: expected a round number (1 or more), got {text!r}"
        if getattr(args, flag) < 1:
            return f"--{flag.replace('_', '-')}: expected a round number (1 or more), got {text}"
    return ""


def cmd_replay(args: argparse.Namespace) -> int:
    problem = _rounds(args)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    if args.export is not None:
        from game.content.files import writable_problem
        problem = writable_problem(args.export)
        if problem:
            print(f"error: --export: {problem}", file=sys.stderr)
            return 2
    elif args.from_round is not None or args.to_round is not None:
        print("error: --from-round and --to-round choose the rounds of a clip: they need --export OUT.gif",
              file=sys.stderr)
        return 2
    from game.ui.replay_launch import run_replay

    return run_replay(args.file, args.round, args.screenshot, size=args.size, export=args.export,
                      from_round=args.from_round, to_round=args.to_round)


def cmd_play(args: argparse.Namespace) -> int:
    from game.ui.launch import run_play

    if args.side != "director" and args.survivor_level != "veteran":
        print("error: --survivors sets the survivor AI's level: it needs --as director", file=sys.stderr)
        return 2
    players = tuple(f"Player {i}" for i in range(1, args.players + 1)) if args.players > 1 else ()
    side, chair = args.side, ""
    if players and side == "director":          # a person in the Director's chair, the others on the team
        side, chair = "survivors", players[0]
    return run_play(args.scenario, args.seed, args.screenshot, size=args.size, director=args.director,
                    agendas=args.agendas, side=side, survivor_level=args.survivor_level, players=players,
                    director_player=chair)


def _players(text: str) -> int:
    """--players: a whole number of people from 1 to 8."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of players from 1 to 8, got {text!r}") from None
    if not 1 <= n <= 8:
        raise argparse.ArgumentTypeError(f"expected a number of players from 1 to 8, got {n}")
    return n


def cmd_demo(args: argparse.Namespace) -> int:
    from game.ui.launch import run_demo

    return run_demo(args.scenario, args.seed, args.screenshot, size=args.size, director=args.director,
                    agendas=args.agendas)


def cmd_tutorial(args: argparse.Namespace) -> int:
    from game.ui.launch import run_tutorial

    return run_tutorial(args.lesson, args.screenshot, size=args.size)


def cmd_sandbox(args: argparse.Namespace) -> int:
    from game.tools.sandbox import read_position, start_position

    content = _content()
    if content is None:
        return 1
    if args.position is not None:
        if args.map is not None:
            print("error: --map: a position file names its own map; give one or the other", file=sys.stderr)
            return 2
        position, problems = read_position(args.position, content)
        if problems:
            for problem in problems:
                print(problem, file=sys.stderr)
            return 1
    else:
        map_id = args.map or next(iter(content.scenarios.values())).map
        if map_id not in content.maps:
            print(f"error: --map: unknown map {map_id!r}; known: {', '.join(sorted(content.maps))}",
                  file=sys.stderr)
            return 2
        position = start_position(content, map_id)
    for flag, name in (("--explain", args.explain), ("--select", args.select)):
        if name is not None and position.model(name) is None:
            known = ", ".join(position.names()) or "none: give a --position with models"
            print(f"error: {flag}: no model called {name!r} (known: {known})", file=sys.stderr)
            return 2
    if args.explain is not None:
        from game.tools.sandbox import build_session
        from game.tools.sandbox_explain import explain, render

        session, names = build_session(position, content)
        eid = names[position.model(args.explain).name]
        print(render(session, eid, explain(session, eid)))
        session.close()
        return 0
    from game.ui.launch import run_sandbox
    return run_sandbox(content, position, args.position, args.select, args.screenshot, size=args.size)


def cmd_camp(args: argparse.Namespace) -> int:
    from game.ui.launch import run_camp

    return run_camp(args.name, args.screenshot, size=args.size)


def _content():
    from game.content.loader import load_content_or_report
    return load_content_or_report()


def cmd_run(args: argparse.Namespace) -> int:
    from game.ai.random_bot import RandomSurvivors
    from game.sim.runner import play_game
    from game.tools.quickplay import content_with_scenario

    content, code = content_with_scenario(args.scenario)
    if content is None:
        return code
    if args.save is not None:
        from game.content.files import writable_problem
        problem = writable_problem(args.save)
        if problem:
            print(f"error: --save: {problem}", file=sys.stderr)
            return 2
    actions: list = []
    session = play_game(content, args.scenario, args.seed, RandomSurvivors(args.seed), record=actions)
    if args.save is not None:
        from game.world.replays import write_replay  # loaded only to keep a replay: a plain run stays light
        from game.world.saves import GameRecord
        record = GameRecord(args.scenario, args.seed, session.scenario.team, actions)
        try:
            write_replay(Path(args.save), record, session, content)
        except OSError as exc:
            print(f"error: --save: cannot write {args.save}: {exc.strerror or exc}", file=sys.stderr)
            session.close()
            return 1
    if not args.quiet:
        for line in session.log_lines():
            print(line)
    winner, cause = session.result
    print(f"result: {winner} ({cause}) after {session.round} rounds, Doom {session.doom}/"
          f"{session.scenario.doom_length}")
    session.close()
    return 0


def cmd_sounds(args: argparse.Namespace) -> int:
    from game.content.event_kinds import EVENT_KINDS
    from game.content.sounds import describe_entry

    content = _content()
    if content is None:
        return 1
    table = content.extra["sounds"]
    if args.play is not None:
        from game.ui.audio.sound_play import play_cue
        return play_cue(table, args.play)
    width = max(map(len, EVENT_KINDS))
    missing = [kind for kind in EVENT_KINDS if kind not in table.events]
    for kind in EVENT_KINDS:
        print(f"{kind:<{width}}  {describe_entry(table.events[kind]) if kind in table.events else 'NO ENTRY'}")
    files = [f for cue in table.cues.values() for f in cue.files]
    print(f"{len(table.cues)} cues in {len(files)} files, {sum(f.stat().st_size for f in files) / 1e6:.2f} MB")
    for kind in missing:
        print(f"error: game/data/sounds.yaml: events.{kind}: the engine emits {kind!r} but it has no entry "
              f"(a cue, or silent)", file=sys.stderr)
    return 1 if missing else 0


def cmd_validate(args: argparse.Namespace) -> int:
    from game.content.loader import validate_report
    from game.tutorial.lessons import check_lessons

    try:
        problems, count = validate_report(args.paths, check_lessons)
    except Exception as exc:  # a validator bug must still end in one readable line, not a traceback
        print(f"error: the validator failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"ok: {count} file{'s' if count != 1 else ''} checked")
    return 0


def _team(text: str) -> tuple[str, ...]:
    """--team: one or more archetype ids separated by commas, none of them empty."""
    ids = tuple(part.strip() for part in text.split(","))
    if not all(ids):
        raise argparse.ArgumentTypeError(f"expected archetype ids separated by commas, none empty, got {text!r}")
    return ids


def _tile(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected pixels per inch from 8 to 64, got {text!r}") from None
    if not 8 <= n <= 64:
        raise argparse.ArgumentTypeError(f"expected pixels per inch from 8 to 64, got {n}")
    return n


def cmd_map(args: argparse.Namespace) -> int:
    from pathlib import Path

    from game.content.errors import ContentError
    from game.content.maps import load_legend, read_map, render
    from game.content.tiles import TILE_DIR, describe, generate_board, is_tile_file, load_tiles, read_tile, tile_map

    if (args.path is None) == (args.board is None):
        print("error: give a map file or --board SEED (one of them)", file=sys.stderr)
        return 2
    legend = load_legend()
    text = ""
    if args.board is not None:
        tiles, problems = load_tiles(TILE_DIR, legend)
        mapdef = None
        if not problems:
            try:
                board = generate_board(tiles, args.board, legend)
                mapdef, text = board.map, describe(board)
            except ContentError as exc:
                problems = exc.problems
    else:
        path = Path(args.path)
        if not path.exists():       # anything else that is not a map file (a FIFO, a folder) is read_text's line
            print(f"error: {path}: no such map file", file=sys.stderr)
            return 2
        if is_tile_file(path):
            tile, problems = read_tile(path, legend)
            mapdef = tile_map(tile) if tile is not None else None
        else:
            mapdef, problems = read_map(path, legend)
    for p in problems:
        print(f"{p.file}: {p.where}: {p.message}", file=sys.stderr)
    if mapdef is None:
        return 1
    print(render(mapdef))
    if text:
        print(text)
    if args.screenshot:
        from game.ui.board.map_render import save_map_png
        try:
            save_map_png(mapdef, Path(args.screenshot), args.tile)
        except (OSError, Exception) as exc:     # a full disk, an unwritable folder: one line, never a traceback
            print(f"error: cannot write {args.screenshot}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            return 1
        print(f"screenshot: {args.screenshot}")
    return 1 if problems else 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    content = _content()
    if content is None:
        return 1
    width = max((len(sid) for sid in content.scenarios), default=0)
    for sid, scen in content.scenarios.items():
        print(f"{sid:<{width}}  {scen.name}: {' '.join(scen.blurb.split())}")
    return 0


# --- the tabletop companion tools (game/tools) -------------------------------------------------------------------

def _whole(text: str) -> int:
    """argparse type: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def _heat_made(text: str) -> int:
    """argparse type: Heat made this round, 0 to 99 (noise never takes Heat away)."""
    from game.tools.director_assistant import MAX_HEAT_MADE

    value = _whole(text) if not text.lstrip().startswith("-") else None
    if value is None or value > MAX_HEAT_MADE:
        raise argparse.ArgumentTypeError(f"Heat made this round is 0 to {MAX_HEAT_MADE} (noise never takes Heat "
                                         f"away), not {text}")
    return value


def _faces(text: str) -> tuple[int, ...]:
    """argparse type: real dice entered as faces, '6,2,1'."""
    from game.tools.common import ToolError, parse_faces

    try:
        return parse_faces(text)
    except ToolError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def _add_tool_commands(sub) -> None:
    from game.tools import table_cli

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--archetype", metavar="ID", help="take the survivor's numbers from an archetype")
    common.add_argument("--weapon", metavar="ID", help="the weapon used (default: the archetype's own)")
    common.add_argument("--cap", type=_whole, metavar="C", help="most wounds the side being hit can take")
    common.add_argument("--wounds-taken", "--horde-wounds-taken", dest="wounds_taken", type=_whole, default=0,
                        metavar="K", help="wounds the zombie has already taken (a Horde rolls 2 dice fewer each)")
    common.add_argument("--json", action="store_true", help="print JSON: pools and {value: probability}")
    common.add_argument("--roll", action="store_true", help="roll it: the app rolls the attack and resolves it")
    common.add_argument("--faces", type=_faces, metavar="F,F,...",
                        help="enter my dice: the attacker's faces, then the defender's (implies --roll)")
    common.add_argument("--seed", type=int, help="seed for --roll")
    common.add_argument("--state", metavar="FILE", help="keep the round's running Heat total in FILE (JSON): each "
                                                        "roll adds its Heat")
    common.add_argument("--undo", action="store_true", help="with --state or --table: take back the last roll's "
                                                                        "Heat")
    table_cli.add_flags(common)

    calc = sub.add_parser("calc", help="combat odds for melee, swarm or ranged attacks",
                          description="Work out the dice pools the rules give for an attack and the exact chance "
                                      "of every result: successes, wounds after the caps, win/tie/loss and Heat.")
    attacks = calc.add_subparsers(dest="attack", metavar="ATTACK", required=True)
    melee = attacks.add_parser("melee", parents=[common], help="a survivor attacks one zombie in melee",
                               description="A survivor attacks one zombie: an opposed roll, the margin in wounds.")
    melee.add_argument("--attacker-dice", type=_whole, metavar="A",
                       help="the attacker's dice (instead of Fight + weapon + skill)")
    melee.add_argument("--fight", type=_whole, metavar="F",
                       help="the attacker's Fight: the weapon's bonus (and the archetype's skill) is added to it")
    melee.add_argument("--defender-dice", type=_whole, metavar="D",
                       help="the defender's dice (instead of the zombie's Fight)")
    melee.add_argument("--zombie", metavar="ID", help="the zombie attacked")
    melee.add_argument("--melee-cover", action="store_true", help="the zombie stands in a window or open doorway")
    melee.add_argument("--attacker-cap", type=_whole, metavar="C", help="most wounds the attacker can take")
    swarm = attacks.add_parser("swarm", parents=[common], help="the zombies engaging a survivor attack together",
                               description="A swarm attacks one survivor in the Director Phase: one combined pool "
                                           "against the survivor's defence, the damage capped by the swarm's size.")
    swarm.add_argument("--zombies", metavar="IDS", default="", help="the swarm, comma separated: shambler,brute")
    swarm.add_argument("--attacker-dice", type=_whole, metavar="A", help="the swarm's dice (instead of --zombies)")
    swarm.add_argument("--slots", type=_whole, metavar="S", help="engagement slots the swarm fills (for the cap)")
    swarm.add_argument("--elite", action="store_true", help="the swarm holds a Brute or a Horde (for the cap)")
    swarm.add_argument("--defender-dice", type=_whole, metavar="D", help="the survivor's defence dice")
    swarm.add_argument("--fight", type=_whole, metavar="F",
                       help="the survivor's Fight: the weapon's bonus (and the archetype's skill) is added to it")
    swarm.add_argument("--melee-cover", action="store_true", help="the survivor stands in a window or open doorway")
    ranged = attacks.add_parser("ranged", parents=[common], help="a shot, or one model caught in a blast",
                                description="A shot with a firearm, or a thrown weapon's blast on one model.")
    ranged.add_argument("--dice", type=_whole, metavar="N",
                        help="weapon dice + Shoot (instead of --weapon and --archetype)")
    ranged.add_argument("--cover", choices=("none", "light", "heavy"), default="none", help="the target's cover")
    ranged.add_argument("--aim", action="store_true", help="the shooter aimed first")
    ranged.add_argument("--hunker", action="store_true", help="the target is hunkered down")
    ranged.add_argument("--zombie", metavar="ID", help="the zombie shot at (caps the wounds at what it has left)")
    calc.set_defaults(func=cmd_calc)

    scav = sub.add_parser("scavenge", help="simulate searches against the salvage decks",
                          description="Search & Salvage: roll the Wits pool, read the outcome, draw the cards, "
                                      "resolve hazards and count the Heat, with the decks kept between searches.")
    who = scav.add_mutually_exclusive_group()
    who.add_argument("--wits", type=_whole, metavar="N", help="the dice rolled (Wits plus any bonus dice)")
    who.add_argument("--archetype", metavar="ID", help="take the dice from an archetype (Wits + skill + tool)")
    scav.add_argument("--location", default="core", metavar="DECK",
                      help="the token's location deck: core (a plain token), armory, clinic or garage")
    scav.add_argument("--faces", type=_faces, metavar="F,F,...", help="real dice, used in order by every roll")
    scav.add_argument("--seed", type=int, default=1, help="shuffles the decks (and rolls, without --faces)")
    scav.add_argument("--searches", type=_whole, default=1, metavar="K", help="how many searches in a row")
    scav.add_argument("--guts", type=_whole, metavar="N",
                      help="Guts dice for a hazard's Guts test (without it the test is only described)")
    scav.add_argument("--state", metavar="FILE", help="keep the decks in FILE (JSON) between commands: loaded if it "
                                                      "exists (--seed shuffles new ones), saved back after")
    scav.add_argument("--undo", action="store_true", help="with --state or --table: take back the last search")
    scav.add_argument("--json", action="store_true", help="print JSON")
    table_cli.add_flags(scav)
    scav.set_defaults(func=cmd_scavenge)

    scen = sub.add_parser("scenario", help="roll a quick-play scenario",
                          description="Roll the quick-play tables (game/data/quickplay.yaml): objective, "
                                      "environment, starting density and hazard, and build a playable scenario.")
    scen.add_argument("--seed", type=int, default=1, help="the rolls and the zombies' places")
    scen.add_argument("--map", metavar="ID", help="play on this map (the environment roll reads down to it)")
    scen.add_argument("--faces", type=_faces, metavar="F,F,...",
                      help="real dice: objective d6, environment d6, density 2d6 (two faces), hazard d6")
    scen.add_argument("--team", type=_team, metavar="IDS", help="the team, comma separated archetype ids")
    scen.add_argument("--play", action="store_true",
                      help="then play it headless (random survivors) and print the result")
    scen.add_argument("--json", action="store_true", help="print JSON")
    table_cli.add_flags(scen)
    scen.set_defaults(func=cmd_scenario)

    da = sub.add_parser("director", help="the Director AI assistant for a real table: Heat, escalation, "
                                         "purchases and orders",
                        description="Resolve a Director Phase for a group playing on a real table: give the board "
                                    "facts as a small YAML file (see --example); the assistant adds ambient Heat, "
                                    "rolls escalation (or takes your die) and lists the purchases with reasons and "
                                    "the activation order. Same policy as the game's Director AI.")
    da.add_argument("--scenario", help="scenario id (for ambient Heat, spawn points and events)")
    da.add_argument("--facts", metavar="FILE", help="YAML board facts")
    da.add_argument("--heat", type=_heat_made, help="Heat made this round (overrides the file's 'heat')")
    da.add_argument("--die", type=int, help="a real d6 for the escalation roll (else the app rolls)")
    da.add_argument("--seed", type=int, help="seed for the app's escalation roll")
    da.add_argument("--director", choices=DIRECTOR_LEVELS, default=DEFAULT_DIRECTOR,
                    help=f"the Director's level (default {DEFAULT_DIRECTOR})")
    da.add_argument("--example", action="store_true", help="print an example facts file and exit")
    da.add_argument("--state", metavar="FILE",
                    help="track the game round by round in FILE (JSON): Doom and its events, carried Heat, the "
                         "noise log. With it: --noise KEY, --add-heat N, --phase (needs --facts), --end, --undo")
    da.add_argument("--noise", action="append", metavar="KEY", default=[],
                    help="with --state or --table: log a noise (weapon:pistol, natural_one, zombie:bloater:burst, ...)")
    da.add_argument("--add-heat", type=_whole, metavar="N", help="with --state or --table: log N Heat typed in by hand")
    da.add_argument("--phase", action="store_true", help="with --state or --table: run this round's Director Phase")
    da.add_argument("--end", action="store_true", help="with --state or --table: the End Phase (Doom moves on)")
    da.add_argument("--undo", action="store_true", help="with --state or --table: take back the last action")
    da.add_argument("--json", action="store_true", help="print JSON")
    table_cli.add_flags(da)
    da.set_defaults(func=cmd_director)
    fz = sub.add_parser("frenzy", help="resolve a Feeding Frenzy",
                        description="A Downed survivor's Feeding Frenzy: lethality = the feeders' engagement slots "
                                    "minus the allies' disruption hits; the survivor needs that many Guts successes.")
    guts = fz.add_mutually_exclusive_group(required=True)
    guts.add_argument("--guts", type=_whole, metavar="N", help="the survivor's Guts dice")
    guts.add_argument("--archetype", metavar="ID", help="take Guts and skill from an archetype")
    fz.add_argument("--zombies", metavar="IDS", default="", help="the feeders, comma separated: shambler,shambler")
    fz.add_argument("--slots", type=_whole, metavar="S", help="engagement slots the feeders fill (instead of "
                                                              "--zombies)")
    fz.add_argument("--disruption", type=_whole, default=0, metavar="K", help="wounds allies dealt to the feeders")
    fz.add_argument("--items", metavar="IDS", help="Guts items carried (default: the archetype's; 'none')")
    fz.add_argument("--roll", action="store_true", help="also roll the test")
    fz.add_argument("--seed", type=int, help="seed for --roll")
    fz.add_argument("--faces", type=_faces, metavar="F,F,...", help="real dice for the test (implies --roll)")
    fz.add_argument("--json", action="store_true", help="print JSON")
    table_cli.add_flags(fz)
    fz.set_defaults(func=cmd_frenzy)

    bl = sub.add_parser("bleed", help="a Downed survivor's bleed-out saves: the odds round after round",
                        description="A Downed survivor makes a Guts save at the start of each activation: one "
                                    "success keeps them alive. The best Guts item carried is used up on the first.")
    guts = bl.add_mutually_exclusive_group()
    guts.add_argument("--guts", type=_whole, metavar="N", help="the survivor's Guts dice")
    guts.add_argument("--archetype", metavar="ID", help="take Guts and skill from an archetype")
    bl.add_argument("--items", metavar="IDS", help="Guts items carried (default: the archetype's; 'none')")
    bl.add_argument("--rounds", type=_whole, default=3, metavar="K", help="saves to look ahead (default 3)")
    bl.add_argument("--roll", action="store_true", help="also roll the next save")
    bl.add_argument("--seed", type=int, help="seed for --roll")
    bl.add_argument("--faces", type=_faces, metavar="F,F,...", help="real dice for the save (implies --roll)")
    bl.add_argument("--json", action="store_true", help="print JSON")
    bl.set_defaults(func=cmd_bleed)

    sw = sub.add_parser("swipes", help="parting swipes at a survivor breaking away: the wounds' odds",
                        description="A survivor who Disengages takes a swipe from each "
                                    "figure in contact (at most 3); each 5+ is a wound.")
    sw.add_argument("--zombies", metavar="IDS", default="", help="the zombies in contact, comma separated")
    sw.add_argument("--slots", type=_whole, metavar="S", help="engagement slots they fill (instead of --zombies)")
    sw.add_argument("--archetype", metavar="ID", help="the survivor (a skill may shrug swipes off; wounds)")
    sw.add_argument("--wounds", type=_whole, metavar="W", help="the survivor's wounds left (chance of going down)")
    sw.add_argument("--roll", action="store_true", help="also roll the swipes")
    sw.add_argument("--seed", type=int, help="seed for --roll")
    sw.add_argument("--faces", type=_faces, metavar="F,F,...", help="real dice for the swipes (implies --roll)")
    sw.add_argument("--json", action="store_true", help="print JSON")
    sw.set_defaults(func=cmd_swipes)


def _tool(args: argparse.Namespace, build, show, as_json) -> int:
    """Run one tool: 1 on broken content, 2 with one line on a bad input, else print text or JSON."""
    from game.tools.common import ToolError

    content = _content()
    if content is None:
        return 1
    try:
        result = build(content)
    except ToolError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(as_json(result), indent=2) if args.json else show(result, content))
    return 0


def cmd_calc(args: argparse.Namespace) -> int:
    from game.tools import calculator as C
    from game.tools import state_file, table_cli
    from game.tools.attack_roll import HeatTally, roll_attack
    from game.tools.common import Roller, ToolError

    shared = dict(archetype=args.archetype, weapon=args.weapon, cap=args.cap, wounds_taken=args.wounds_taken)
    if args.attack == "melee":
        options = dict(attacker_dice=args.attacker_dice, defender_dice=args.defender_dice, zombie=args.zombie,
                       melee_cover=args.melee_cover, attacker_cap=args.attacker_cap, fight=args.fight)
    elif args.attack == "swarm":
        options = dict(zombies=args.zombies, attacker_dice=args.attacker_dice, slots=args.slots, elite=args.elite,
                       defender_dice=args.defender_dice, melee_cover=args.melee_cover, fight=args.fight)
    else:
        options = dict(dice=args.dice, cover=args.cover, aim=args.aim, hunker=args.hunker, zombie=args.zombie)
    if table_cli.used(args):
        return table_cli.run(args, lambda *table: table_cli.calc(args, {**shared, **options}, *table))

    def build(content):
        if args.undo and not args.state:
            raise ToolError("--undo", "needs --state FILE (the running Heat total to take the roll back from)")
        tally = None
        if args.state:
            tally = state_file.load(args.state, "calc", HeatTally.from_dict) or HeatTally()
        if args.undo:
            undone = tally.undo()
            state_file.save(args.state, "calc", tally.to_dict())
            return None, None, tally, f"Undone: {undone}"
        calc = C.calculate(content, args.attack, **shared, **options)
        rolled = None
        if args.roll or args.faces is not None:
            rolled = roll_attack(calc, Roller(seed=args.seed, faces=args.faces))
        elif tally is not None:
            raise ToolError("--state", "the running Heat total grows with rolls: add --roll or --faces")
        if tally is not None:
            tally.add_roll(rolled)
            state_file.save(args.state, "calc", tally.to_dict())
        return calc, rolled, tally, ""

    def show(result, content) -> str:
        calc, rolled, tally, undone = result
        parts = [undone] if undone else [C.render(calc)]
        if rolled is not None:
            parts.append(rolled.as_text())
        if tally is not None:
            parts.append(tally.as_text())
        return "\n\n".join(parts)

    def as_json(result) -> dict:
        calc, rolled, tally, undone = result
        out = C.to_json(calc) if calc is not None else {"undone": undone}
        if rolled is not None:
            out["roll"] = {"attacker_faces": list(rolled.attacker_faces), "defender_faces": list(rolled.defender_faces),
                           "attacker_successes": rolled.attacker_hits, "defender_successes": rolled.defender_hits,
                           "wounds_to_defender": rolled.wounds_to_defender,
                           "wounds_to_attacker": rolled.wounds_to_attacker, "stunned": rolled.stunned,
                           "heat": rolled.heat, "text": rolled.as_text()}
        if tally is not None:
            out["heat_total"] = tally.total
        return out

    return _tool(args, build, show, as_json)


def cmd_scavenge(args: argparse.Namespace) -> int:
    from game.tools import scavenge as S
    from game.tools import state_file, table_cli
    from game.tools.common import ToolError

    if table_cli.used(args):
        return table_cli.run(args, lambda *table: table_cli.scavenge(args, *table))

    def build(content):
        if args.undo and not args.state:
            raise ToolError("--undo", "needs --state FILE (the decks to take the search back from)")
        state = None
        if args.state:
            state = state_file.load(args.state, "scavenge", lambda d: S.DeckState.from_dict(content, d))
            state = state or S.DeckState.new(content, args.seed)
        if args.undo:
            undone = state.undo()
            state_file.save(args.state, "scavenge", state.to_dict())
            return None, state, f"Undone: {undone}"
        run = S.simulate(content, dice=args.wits, archetype=args.archetype, location=args.location,
                         searches=args.searches, seed=args.seed, faces=args.faces, guts=args.guts, state=state)
        if state is not None:
            state_file.save(args.state, "scavenge", state.to_dict())
        return run, state, ""

    def show(result, content) -> str:
        run, state, undone = result
        parts = [undone] if undone else [S.render(run, content)]
        if state is not None:
            parts.append(state.as_text())
        return "\n\n".join(parts)

    def as_json(result) -> dict:
        run, state, undone = result
        out = S.to_json(run) if run is not None else {"undone": undone}
        if state is not None:
            out["decks"] = state.counts()
        return out

    return _tool(args, build, show, as_json)


def cmd_scenario(args: argparse.Namespace) -> int:
    from game.tools import quickplay as Q
    from game.tools import table_cli

    if table_cli.used(args):
        return table_cli.run(args, lambda *table: table_cli.scenario(args, args.team, *table))

    def build(content):
        q = Q.generate(content, args.seed, map_id=args.map, faces=args.faces,
                       team=args.team)
        if not args.play:
            return q, None
        from game.ai.random_bot import RandomSurvivors
        from game.sim.runner import play_game

        session = play_game(Q.playable(content, q), q.scenario, args.seed, RandomSurvivors(args.seed))
        played = {"winner": session.result[0], "cause": session.result[1], "rounds": session.round,
                  "doom": f"{session.doom}/{session.scenario.doom_length}"}
        session.close()
        return q, played

    def show(result, content) -> str:
        q, played = result
        text = Q.render(q, content)
        if played:
            text += (f"\nPlayed headless (random survivors, seed {args.seed}): {played['winner']} "
                     f"({played['cause']}) after {played['rounds']} rounds, Doom {played['doom']}")
        return text

    def as_json(result) -> dict:
        q, played = result
        return {**Q.to_json(q), **({"played": played} if played else {})}

    return _tool(args, build, show, as_json)


def cmd_director(args: argparse.Namespace) -> int:
    from game.tools import director_assistant as D
    from game.tools.common import ToolError

    if args.example:
        print(D.EXAMPLE, end="")
        return 0
    if args.state and not args.table:
        return _director_tracker(args)
    from game.tools import table_cli
    if table_cli.used(args):
        return table_cli.run(args, lambda *table: table_cli.director(args, *table))
    for flag, used in (("--noise", args.noise), ("--add-heat", args.add_heat is not None), ("--phase", args.phase),
                       ("--end", args.end), ("--undo", args.undo)):
        if used:
            print(f"error: {flag}: needs --state FILE or --table CODE (the round tracker it changes)",
                  file=sys.stderr)
            return 2

    def build(content):
        if not args.scenario or not args.facts:
            raise ToolError("--scenario/--facts", "both are needed (try --example for a facts file)")
        return D.assist(content, args.scenario, D.read_facts(args.facts), heat=args.heat, die=args.die,
                        seed=args.seed, level=args.director)
    return _tool(args, build, lambda a, content: D.render(a), D.to_json)


def _director_tracker(args: argparse.Namespace) -> int:
    """`director --state FILE ...`: the round tracker, loaded, changed by the flags given (in the order a round
    runs: noise, the Director Phase, the End Phase; or one undo) and saved back."""
    from game.tools import director_assistant as D
    from game.tools import state_file
    from game.tools.common import ToolError
    from game.tools.round_tracker import RoundTracker

    def build(content):
        t = state_file.load(args.state, "director", lambda d: RoundTracker.from_dict(d, content))
        if t is None:
            if not args.scenario:
                raise ToolError("--scenario", f"{args.state} holds no round tracker yet: name the scenario to "
                                              f"start one")
            t = RoundTracker.new(content, args.scenario, args.director)
        elif args.scenario and args.scenario != t.scenario:
            raise ToolError("--scenario", f"{args.state} tracks {t.scenario}, not {args.scenario}")
        if args.heat is not None:
            raise ToolError("--heat", "the tracker adds up the noise log: use --noise or --add-heat")
        said = []
        if args.undo:
            if args.noise or args.add_heat is not None or args.phase or args.end:
                raise ToolError("--undo", "undo on its own: it takes back the last action")
            said.append(f"Undone: {t.undo()}")
        for key in args.noise:
            said.append(f"Logged {t.add_noise(content, key)['label']}")
        if args.add_heat is not None:
            said.append(f"Logged {t.add_heat(args.add_heat)['label']}")
        if args.phase:
            if not args.facts:
                raise ToolError("--facts", "the Director Phase needs the board facts (try --example)")
            t.director_phase(content, D.read_facts(args.facts), die=args.die, seed=args.seed)
        if args.end:
            fired = t.end_phase(content)
            said.append("End Phase: Doom moves on" + (": " + ", ".join(f["event"] for f in fired) if fired else ""))
        state_file.save(args.state, "director", t.to_dict())
        return t, said

    def show(result, content) -> str:
        t, said = result
        return "\n".join([*said, t.as_text(content)])

    return _tool(args, build, show, lambda result: result[0].to_dict(with_history=False))


def cmd_frenzy(args: argparse.Namespace) -> int:
    from game.tools import frenzy as F
    from game.tools import table_cli

    options = dict(guts=args.guts, archetype=args.archetype, items=args.items, zombies=args.zombies,
                   slots=args.slots, disruption=args.disruption, seed=args.seed, faces=args.faces)
    if table_cli.used(args):
        return table_cli.run(args, lambda *table: table_cli.frenzy(options, *table))
    return _tool(args, lambda content: F.resolve(content, roll=args.roll, **options),
                 lambda fz, content: F.render(fz), F.to_json)


def cmd_bleed(args: argparse.Namespace) -> int:
    from game.tools import downed_odds as O

    return _tool(args, lambda content: O.bleed_out(content, guts=args.guts, archetype=args.archetype,
                                                   items=args.items, rounds=args.rounds, roll=args.roll,
                                                   seed=args.seed, faces=args.faces),
                 lambda b, content: b.as_text(), O.bleed_json)


def cmd_swipes(args: argparse.Namespace) -> int:
    from game.tools import downed_odds as O

    return _tool(args, lambda content: O.swipes(content, zombies=args.zombies, slots=args.slots,
                                                archetype=args.archetype, wounds=args.wounds, roll=args.roll,
                                                seed=args.seed, faces=args.faces),
                 lambda sw, content: sw.as_text(), O.swipes_json)


def run_default(args: argparse.Namespace) -> int:
    """What `python main.py` does with no command: the main menu (or its screenshot with --screenshot FILE)."""
    from game.ui.launch import run_menu

    return run_menu(args.screenshot, size=args.size)


# Each group of commands, in the order `--help` lists them, with the names it declares.
COMMAND_GROUPS = (
    (("validate", "scenarios", "map", "run", "sounds"), _add_content_commands),
    (("simulate",), _add_simulate_command),
    (("sweep",), _add_sweep_command),
    (("soak",), _add_soak_command),
    (("campaign",), _add_campaign_command),
    (("calc", "scavenge", "scenario", "director", "frenzy", "bleed", "swipes"), _add_tool_commands),
    (("serve",), _add_serve_command),
    (("play", "demo", "tutorial", "sandbox", "camp"), _add_window_commands),
    (("replay",), _add_replay_command),
)


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has already printed usage and the error (or the help)
        return exc.code if isinstance(exc.code, int) else 2
    screenshot = getattr(args, "screenshot", None)
    if screenshot is not None:          # checked before a window opens
        from game.content.files import writable_problem
        problem = writable_problem(screenshot)
        if problem:
            print(f"error: --screenshot: {problem}", file=sys.stderr)
            return 2
    if args.command is None:
        return run_default(args)
    try:
        return args.func(args)
    except BrokenPipeError:     # the output went to `head` or similar, which stopped reading: not an error
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
