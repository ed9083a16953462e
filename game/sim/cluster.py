"""Batches on a Dask cluster: `simulate --cluster tcp://HOST:8786` (a running scheduler) or `--cluster local` (a
LocalCluster of --jobs worker processes on this machine).

Dask's distributed scheduler does the work a cluster needs and a process pool lacks: workers on other machines, a
task of a worker that dies is run again elsewhere, cancelling what is queued. Each task is a chunk of games
(batch.run_chunk); a worker is a process with one thread (the engine is pure Python), so its content is loaded once
and kept for every chunk it plays. The games are pure functions of their jobs, so the report does not depend on which
worker played what, as long as every worker runs the client's version of the game (game.sim.version): each task
carries the client's version and a worker running another refuses it, and connecting checks the workers there.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from game.sim import batch, version

INSTALL = "pip install -e '.[cluster]'"
CONNECT_SECONDS = 5         # an address nobody answers fails well within 10 s
LOCAL = "local"
# A local cluster shares the machine's cores with its own scheduler and nannies, so their watching costs games.
# Dask's defaults suit interactive work on data; a batch is a few long tasks on each worker.
LOCAL_CONFIG = {
    "distributed.worker.profile.enabled": False,      # the sampling profiler (every 10 ms): 8% slower games with it
    "distributed.admin.tick.interval": "1s",           # the event loops' stall watch, 20 ms by default
    "distributed.admin.system-monitor.interval": "5s",   # CPU, memory and network for the dashboard, 0.5 s by default
    "distributed.worker.memory.monitor-interval": "5s",  # a worker's memory against its limit, 0.1 s by default
}


class ClusterError(Exception):
    """What went wrong, in one line for the command line."""


class DaskExecutor(batch.Executor):
    """The chunks of a batch as tasks of a Dask client."""

    def __init__(self, client) -> None:
        from distributed import wait
        self.client, self._wait = client, wait
        self.version = version.game_version()
        threads = sum(client.nthreads().values())
        self.slots = max(2, batch.IN_FLIGHT * threads)    # a scheduler with no worker yet queues the first two

    def submit(self, chunk: list, run=batch.run_one):
        # pure=False: two equal chunks (the same seeds in two cells of a sweep) are still two tasks
        return self.client.submit(checked_chunk, self.version, chunk, run, pure=False)

    def first_done(self, futures: set) -> tuple[set, set]:
        done, pending = self._wait(list(futures), return_when="FIRST_COMPLETED")
        return set(done), set(pending)

    def close(self, pending: set) -> None:
        if pending:
            self.client.cancel(list(pending))


def checked_chunk(wanted: str, chunk: list, run=batch.run_one) -> list[dict]:
    """batch.run_chunk on a worker that runs the `wanted` version of the game; on another, a ClusterError (a worker
    that joins after the check at connect is caught here)."""
    here = version.game_version()
    if here != wanted:
        from distributed import get_worker
        raise ClusterError(_other_version([get_worker().address], here, wanted))
    return batch.run_chunk(chunk, run)


def ready_to_play() -> None:
    """Import the engine and load the content on this worker, as a pool's worker finds them loaded by the process
    it was forked from: the first chunk plays at once, and the batch's time is the games'."""
    batch.load_content()


def check_versions(client, wanted: str) -> None:
    """A ClusterError naming the workers of this client that run another version of the game than `wanted`."""
    found = client.run(version.game_version)
    other = sorted(address for address, here in found.items() if here != wanted)
    if other:
        raise ClusterError(_other_version(other, found[other[0]], wanted))


def _other_version(workers: list[str], theirs: str, wanted: str) -> str:
    named = ", ".join(workers[:3]) + (f" and {len(workers) - 3} more" if len(workers) > 3 else "")
    who = f"worker {named} runs" if len(workers) == 1 else f"workers {named} run"
    return (f"--cluster: {who} another version of the game ({theirs}; this machine runs {wanted}): install the "
            f"same version on every machine ({INSTALL})")


@contextmanager
def connect(address: str, workers: int) -> Iterator[DaskExecutor]:
    """An executor on the scheduler at `address`, or on a LocalCluster of `workers` processes for `local`; closed
    (its tasks cancelled, a local cluster's workers stopped) when the block ends, however it ends."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(f"--cluster needs Dask's distributed scheduler, which is not installed: {INSTALL}") from None
    cluster = None
    if address == LOCAL:
        # dashboard_address ":0": its small web server on any free port, so two local clusters never clash.
        with dask.config.set(LOCAL_CONFIG):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                                   silence_logs=logging.ERROR)
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout=f"{CONNECT_SECONDS}s")
        except Exception as exc:   # refused, silent, not an address, or something else answered: never a traceback
            reason = f"no Dask scheduler answered within {CONNECT_SECONDS} s" \
                if isinstance(exc, OSError | TimeoutError) else f"not a Dask scheduler ({type(exc).__name__})"
            raise ClusterError(f"--cluster {address[:80]}: {reason}; start one with `dask scheduler`, or use "
                               f"--cluster {LOCAL}") from None
    try:
        executor = DaskExecutor(client)
        check_versions(client, executor.version)
        client.run(ready_to_play)
        yield executor
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
