"""The table server under a hostile machine on the same network: slow clients, then a code guesser.

    python benchmarks/table_server.py [--slow 100] [--machines 1] [--hold 8] [--guess-seconds 5]

Starts the real `python main.py serve` on a free loopback port with a temporary database, then
1. opens --slow connections from 127.0.0.2 (another "machine" on loopback; --machines N: spread over 127.0.0.2 and
   the next N-1 addresses), each sending half a request and stalling, and times a normal page request from
   127.0.0.1 (a phone) while they are held (at most --hold seconds);
2. guesses table codes on /join as fast as one client can, for --guess-seconds, and counts the answers.
Everything is bounded in count and time and closed at the end. Benchmarks are not tests: they measure and print.
"""
from __future__ import annotations

import argparse
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: table\r\nUser-Agent: slow\r\n"     # no blank line: never finished


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, home: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "main.py", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--no-qr", "--db", os.path.join(home, "tables.db")], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "BT_HOME": home})
    proc.stdout.readline()                      # the address: the server is listening
    return proc


def phone_request(port: int, path: str = "/", timeout: float = 10) -> tuple[float, str]:
    """Seconds for one whole page from the phone's address, and its status (or what went wrong)."""
    start = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request("GET", path)
        reply = conn.getresponse()
        reply.read()
        conn.close()
        return time.perf_counter() - start, str(reply.status)
    except OSError as exc:
        return time.perf_counter() - start, type(exc).__name__


def slow_clients(port: int, count: int, machines: int, hold: float) -> dict:
    socks = []
    try:
        for i in range(count):
            s = socket.socket()
            s.settimeout(2)
            s.bind((f"127.0.{(2 + i % machines) // 256}.{(2 + i % machines) % 256}", 0))
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(HALF_REQUEST)
            except OSError:
                pass                            # refused or not taken: it holds nothing on the server
            socks.append(s)
        time.sleep(0.5)                         # the server has seen them all
        deadline = time.monotonic() + hold
        took, status = phone_request(port, timeout=max(hold, 1))
        time.sleep(max(0.0, min(1.0, deadline - time.monotonic())))
        alive = 0
        for s in socks:                         # a connection the server has closed reads as EOF
            s.setblocking(False)
            try:
                alive += s.recv(1) != b""
            except BlockingIOError:
                alive += 1
            except OSError:
                pass
        return {"phone_seconds": took, "phone_status": status, "slow_still_open": alive}
    finally:
        for s in socks:
            s.close()


def guess(port: int, seconds: float) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    answers: Counter[str] = Counter()
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        code = "".join("BCDFGHJKLMNPQRSTVWXZ"[(n >> (4 * i)) % 20] for i in range(5))
        conn.request("GET", f"/join?table={code}")
        reply = conn.getresponse()
        reply.read()
        answers[str(reply.status)] += 1
        n += 1
    took = time.perf_counter() - start
    conn.close()
    refused = answers.get("429", 0)
    return {"guesses": n, "per_second": n / took, "checked_per_second": (n - refused) / took,
            "answers": dict(answers)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=100, help="slow connections to hold (default 100, at most 2000)")
    parser.add_argument("--machines", type=int, default=1, help="addresses they come from (default 1, at most 250)")
    parser.add_argument("--hold", type=float, default=8, help="seconds to wait for the phone's page (default 8)")
    parser.add_argument("--guess-seconds", type=float, default=5, help="seconds of guessing (default 5, at most 60)")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        server = start_server(port, home)
        try:
            phone_request(port)                 # the first page compiles its templates
            took, status = phone_request(port)
            print(f"phone_alone: {took * 1000:.1f} ms (HTTP {status})")
            machines = max(1, min(args.machines, 250))
            slow = slow_clients(port, min(args.slow, 2000), machines, args.hold)
            print(f"phone_beside_{args.slow}_slow_from_{machines}: {slow['phone_seconds'] * 1000:.1f} ms "
                  f"(HTTP {slow['phone_status']}); slow connections still open: {slow['slow_still_open']}")
            g = guess(port, min(args.guess_seconds, 60))
            print(f"guesses: {g['per_second']:.0f} /s answered, {g['checked_per_second']:.1f} /s checked against "
                  f"the tables ({g['guesses']} in all: {g['answers']})")
        finally:
            server.terminate()
            server.wait(10)
            server.stdout.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
