"""scripts/match --cluster: the games played as tasks of a Dask cluster.

The client (this process) keeps everything a local match keeps: the
openings, the count, the SPRT, the files. Each task plays one game pair
with engine processes of its own on a worker and returns the records;
they are counted as they come. Tasks are submitted a few at a time (twice
the cluster's threads), so an SPRT decision leaves little queued: the
pairs not yet begun then see the match's stop Event and return without
playing, while those begun finish and are counted, as in a local match.

A worker that dies mid-game takes its pair with it: the scheduler runs the
task again on another worker (Dask's `allowed-failures`, 3 by default);
a pair whose workers die that often is recorded as lost to a fault,
counted for nobody, and played again by --resume. A game number is
counted once only (tally.Tally).
"""

import uuid
from collections import deque
from dataclasses import replace
from pathlib import Path

from distributed import Event, as_completed

from . import cluster_task, dask_setup
from .runner import settle_names


class ClusterMatch:
    def __init__(self, plan, address):
        self.plan = plan
        self.address = address
        self.names = None
        self.error = None
        self.interrupted = False
        self.client = None
        self._cluster = None
        self._run = uuid.uuid4().hex[:12]
        # What a worker needs of the plan: no openings (the client draws them), no local log.
        self._worker_plan = replace(plan, openings=None, log=None, todo=None)

    def start_engines(self):
        """Connects (or starts the local cluster), ships the code, checks every worker present
        for the programs and starts both engines once on one. Raises ClusterError or the
        engine's EngineStartError."""
        self._cluster, self.client = dask_setup.connect(self.address)
        try:
            dask_setup.ship(self.client, Path(__file__).resolve().parent)
            dask_setup.check_workers(self.client, self.plan.yaad, [spec.command for spec in self.plan.engines])
            probe = self.client.submit(cluster_task.engine_names, self._worker_plan, pure=False,
                                       key=f"yaad-probe-{self._run}")
            self.names = settle_names(self.plan.engines, probe.result())
        except BaseException:
            self.close()
            raise

    def workers(self):
        """(workers alive, their threads)."""
        return dask_setup.workers(self.client)

    def run(self, tally):
        stop_name = f"yaad-stop-{self._run}"
        stop = Event(stop_name, client=self.client)
        jobs = deque(() if tally.stopped else self.plan.jobs())  # a resumed match may be decided already
        active = {}
        finished = as_completed()

        def submit_more():
            window = max(2, 2 * self.workers()[1])
            while jobs and len(active) < window:
                pair, whites = jobs.popleft()
                future = self.client.submit(cluster_task.play_pair, self._worker_plan, self.names, pair,
                                            self.plan.openings.get(pair), whites, stop_name, pure=False,
                                            key=f"yaad-pair-{pair + 1}-{self._run}")
                active[future] = (pair, whites)
                finished.add(future)

        try:
            submit_more()
            for future in finished:
                pair, whites = active.pop(future)
                self._collect(future, pair, whites, tally)
                future.release()
                if self.error:
                    stop.set()
                    self.client.cancel(list(active))
                    break
                if tally.stopped:
                    stop.set()
                    jobs.clear()
                submit_more()
        except KeyboardInterrupt:
            self.interrupted = True
            stop.set()
            self.client.cancel(list(active))
        finally:
            self.close()

    def _collect(self, future, pair, whites, tally):
        if future.status == "finished":
            for record in future.result() or ():
                tally.add(record)
            return
        error = future.exception()
        if type(error).__name__ == "KilledWorker":
            for white in whites:
                tally.lose(2 * pair + white + 1, pair + 1, "every worker that played it died")
        else:
            self.error = error

    def close(self):
        if self.client:
            self.client.close()
            self.client = None
        if self._cluster:
            self._cluster.close()
            self._cluster = None
