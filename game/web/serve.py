"""`python main.py serve [--host H] [--port P] [--db FILE]`: the companion tools for every phone at the table.

waitress serves the Flask app (pure Python, threaded, no build step and no internet; set against slow clients in
game.web.server). The address is printed with
a QR code for phones on the same network; the tables are kept in --db (default: tables.db beside the saves).
"""
from __future__ import annotations

import argparse
import socket
import sys

DEFAULT_PORT = 8017


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number from 1 to 65535, got {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 1 to 65535, got {port}")
    return port


def register(sub) -> None:
    serve = sub.add_parser("serve", help="serve the companion tools to the phones at a real table",
                           description="Start a local web server with the five companion tools. Phones on the same "
                                       "network open the printed address (or scan the QR code); a table code keeps "
                                       "each group's decks, Heat and history in a database that survives a restart.")
    serve.add_argument("--host", default="0.0.0.0",
                       help="address to listen on (default 0.0.0.0: every network of this computer; "
                            "127.0.0.1: this computer only)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--db", metavar="FILE", help="the tables' SQLite database (default: tables.db in BT_HOME)")
    serve.add_argument("--no-qr", action="store_true", help="print the address without a QR code")
    serve.set_defaults(func=cmd_serve)


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent), else the loopback address."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def cmd_serve(args: argparse.Namespace) -> int:
    from game.content.loader import load_content_or_report
    from game.tools.common import ToolError
    from game.tools.table_store import default_db
    from game.web.app import create_app
    from game.web.server import make_server

    content = load_content_or_report()
    if content is None:
        return 1
    db = args.db or default_db()
    try:
        app = create_app(db, content)
    except ToolError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        server = make_server(app, args.host, args.port)
    except (OSError, ValueError) as exc:    # a host that does not resolve, a port in use or not ours to take
        print(f"error: --host/--port: cannot listen on {args.host}:{args.port} ({exc})", file=sys.stderr)
        return 2
    host = lan_address() if args.host in ("0.0.0.0", "") else args.host
    url = f"http://{host}:{server.effective_port}/"
    print(f"Borrowed Time companion tools: {url}")
    print(f"Tables are kept in {db}. Stop with Ctrl+C.")
    if not args.no_qr:
        import segno
        segno.make(url, error="m").terminal(compact=True)
    sys.stdout.flush()
    try:
        server.run()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        server.close()
    return 0
