"""The web server `serve` runs: waitress, set so that slow or stalled clients cannot lock the phones out.

    server = make_server(app, host, port)        # then server.run(); OSError/ValueError when it cannot listen

Slow clients cost nothing but a socket: waitress reads requests in its one event loop and hands a worker thread only
a whole request, so a half-sent request never holds a thread. What it does hold is a connection slot, so the server
has room for many (CONNECTIONS, watched with poll(), as select() stops at 1024), closes one left idle or half-sent
for CHANNEL_TIMEOUT seconds, and lets one client address hold at most PER_CLIENT at once: a machine that opens
hundreds of stalled connections (or trickles a byte now and then, which an idle timeout never sees) is refused past
its share, and every other phone is served as usual.
"""
from __future__ import annotations

from waitress import create_server
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer

THREADS = 6             # a table of phones polling every few seconds, and a couple of tables at once
CONNECTIONS = 1000      # open connections in all (a phone's browser keeps up to 6)
PER_CLIENT = 32         # open connections one address may hold: a few browsers on one laptop, never a flood
CHANNEL_TIMEOUT = 20    # seconds a connection may sit idle or half-sent before it is closed; phones poll every 3
CLEANUP_INTERVAL = 2    # seconds between two sweeps for such connections
BACKLOG = 1024          # connections the system queues before the server accepts them
HEADER_BYTES = 64 * 1024
BODY_BYTES = 1024 * 1024    # the largest form, the Director's board facts, is 8,000 characters
SPARE_FILES = 64        # file handles kept for the database, the log and the rest


class SharedFairly(HTTPChannel):
    """A connection, closed at once when its address already holds PER_CLIENT others."""

    def __init__(self, server, sock, addr, adj, map=None):
        super().__init__(server, sock, addr, adj, map)
        held = sum(1 for channel in server.active_channels.values() if channel.addr[0] == addr[0])
        if held > PER_CLIENT:
            self.handle_close()


def connection_limit() -> int:
    """CONNECTIONS, or fewer when the system lets this process open fewer files (after raising its own limit)."""
    try:
        import resource
    except ImportError:                 # Windows: select() watches at most 512 sockets
        return 500
    want = CONNECTIONS + SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < want:
        raised = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    return CONNECTIONS if soft == resource.RLIM_INFINITY else max(16, min(CONNECTIONS, soft - SPARE_FILES))


def make_server(app, host: str, port: int):
    listeners: dict = {}
    server = create_server(app, map=listeners, host=host, port=port, threads=THREADS,
                           connection_limit=connection_limit(), channel_timeout=CHANNEL_TIMEOUT,
                           cleanup_interval=CLEANUP_INTERVAL, backlog=BACKLOG, asyncore_use_poll=True,
                           max_request_header_size=HEADER_BYTES, max_request_body_size=BODY_BYTES)
    for listener in listeners.values():     # one per address the host stands for
        if isinstance(listener, BaseWSGIServer):
            listener.channel_class = SharedFairly
    return server
