"""Batches on a Dask cluster: `simulate --cluster tcp://HOST:8786` (a running scheduler) or `--cluster local` (a
LocalCluster of --jobs worker processes on this machine).

Dask's distributed scheduler does the work a cluster needs and a process pool lacks: workers on other machines, a
task of a worker that dies is run again elsewhere, cancelling what is queued. Each task is a chunk of games
(batch.run_chunk); a worker is a process with one thread (the engine is pure Python), so its content is loaded once
and kept for every chunk it plays. The games are pure functions of their jobs, so the report does not depend on which
worker played what.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from game.sim import batch

INSTALL = "pip install -e '.[cluster]'"
CONNECT_SECONDS = 5         # an address nobody answers fails well within 10 s
LOCAL = "local"


class ClusterError(Exception):
    """What went wrong, in one line for the command line."""


class DaskExecutor(batch.Executor):
    """The chunks of a batch as tasks of a Dask client."""

    def __init__(self, client) -> None:
        from distributed import wait
        self.client, self._wait = client, wait
        threads = sum(client.nthreads().values())
        self.slots = max(2, batch.IN_FLIGHT * threads)    # a scheduler with no worker yet queues the first two

    def submit(self, chunk: list, run=batch.run_one):
        # pure=False: two equal chunks (the same seeds in two cells of a sweep) are still two tasks
        return self.client.submit(batch.run_chunk, chunk, run, pure=False)

    def first_done(self, futures: set) -> tuple[set, set]:
        done, pending = self._wait(list(futures), return_when="FIRST_COMPLETED")
        return set(done), set(pending)

    def close(self, pending: set) -> None:
        if pending:
            self.client.cancel(list(pending))


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
        # The workers' sampling profiler (every 10 ms) takes the GIL from the game: measured 8% slower games with it.
        with dask.config.set({"distributed.worker.profile.enabled": False}):
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
        yield DaskExecutor(client)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
